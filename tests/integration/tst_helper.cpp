// The real perfglass-helper, run as root over a socketpair: it opens working perf events for another process,
// reads kallsyms, tracefs and /proc without following symlinks, keeps to the recording's scope (its targets,
// their threads, or the whole system) and refuses the rest, answers every malformed or forbidden request
// with its own error while it keeps serving, and exits when its socket closes.
#include "TestSupport.h"
#include "base/Error.h"
#include "record/HelperConnection.h"
#include "record/HelperEventOpener.h"

#include <QtTest>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <thread>

using namespace perfglass;
using namespace perfglass::helper;

namespace {

// A child that waits for one byte on a pipe, then does a fixed amount of work and exits.
class WorkingChild {
public:
    WorkingChild() {
        int fds[2];
        if (::pipe(fds) != 0) return;
        pid_ = ::fork();
        if (pid_ == 0) {
            ::close(fds[1]);
            char byte;
            if (::read(fds[0], &byte, 1) != 1) ::_exit(1);
            volatile uint64_t sum = 0;
            for (uint64_t i = 0; i < 200000000ull; ++i)
                sum = sum + i * i;
            ::_exit(0);
        }
        ::close(fds[0]);
        go_ = fds[1];
    }
    ~WorkingChild() {
        if (go_ >= 0) ::close(go_);
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    pid_t pid() const { return pid_; }
    void runToCompletion() {
        const char byte = 1;
        QCOMPARE(::write(go_, &byte, 1), ssize_t(1));
        int status = 0;
        QCOMPARE(::waitpid(pid_, &status, 0), pid_);
        QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        pid_ = -1;
    }

private:
    pid_t pid_ = -1;
    int go_ = -1;
};

perf_event_attr cpuClock() {
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_CPU_CLOCK;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    attr.exclude_kernel = 1;
    return attr;
}

// A pid below pid_max that no process has.
int32_t unusedPid() {
    std::ifstream file("/proc/sys/kernel/pid_max");
    int32_t pidMax = 32768;
    file >> pidMax;
    for (int32_t pid = pidMax - 1; pid > 1; --pid)
        if (::kill(pid, 0) != 0 && errno == ESRCH) return pid;
    return -1;
}

bool hasCapability(int bit) {
    std::ifstream file("/proc/self/status");
    std::string line;
    while (std::getline(file, line))
        if (line.rfind("CapEff:", 0) == 0) return (std::stoull(line.substr(7), nullptr, 16) >> bit) & 1;
    return false;
}

std::vector<uint8_t> request(uint16_t type, uint32_t sequence, const std::vector<uint8_t> &payload) {
    return encodeMessage(type, sequence, payload.data(), payload.size());
}

// The lines of /proc/PID/maps of pid whose permissions and path match (the path's end); empty when none.
struct MapsLine {
    uint64_t start = 0, end = 0, inode = 0;
    unsigned major = 0, minor = 0;
    std::string perms, path;
};
std::vector<MapsLine> mapsLines(pid_t pid) {
    std::ifstream file("/proc/" + std::to_string(pid) + "/maps");
    std::vector<MapsLine> lines;
    for (std::string text; std::getline(file, text);) {
        MapsLine line;
        char perms[8] = {};
        unsigned long long start = 0, end = 0, offset = 0, inode = 0;
        int pathStart = 0;
        if (std::sscanf(text.c_str(), "%llx-%llx %7s %llx %x:%x %llu %n", &start, &end, perms, &offset,
                        &line.major, &line.minor, &inode, &pathStart) < 7)
            continue;
        line.start = start;
        line.end = end;
        line.inode = inode;
        line.perms = perms;
        line.path = pathStart > 0 ? text.substr(static_cast<size_t>(pathStart)) : std::string();
        lines.push_back(line);
    }
    return lines;
}

} // namespace

class TestHelper : public QObject {
    Q_OBJECT

    // A helper told that the recording is system-wide, unless another scope (or none) is given.
    std::unique_ptr<HelperConnection> start(const std::vector<std::string> &extra = {},
                                            std::optional<ScopeRequest> scope = ScopeRequest{true, {}}) {
        HelperStartOptions options;
        options.extraArguments = extra;
        try {
            auto connection = HelperConnection::start(options);
            if (scope) {
                const Status status = connection->setScope(*scope);
                if (!status.ok()) qWarning("SetScope: %s", status.message.c_str());
                if (!status.ok()) return nullptr;
            }
            return connection;
        } catch (const Error &error) {
            qWarning("%s", error.what());
            return nullptr;
        }
    }

    // The message HelperConnection::start throws with; nullopt when the helper started.
    static std::optional<std::string> startFailure(const HelperStartOptions &options) {
        try {
            HelperConnection::start(options);
            return std::nullopt;
        } catch (const Error &error) {
            return error.what();
        }
    }

    // Sends bytes as one packet and expects an Error reply with code; then proves the helper still serves.
    void expectError(HelperConnection &connection, const std::vector<uint8_t> &bytes, ErrorCode code) {
        QVERIFY(connection.sendRaw(bytes).ok());
        HelperConnection::Reply reply;
        const Status received = connection.receive(reply);
        QVERIFY2(received.ok(), received.message.c_str());
        QCOMPARE(reply.type, MessageType::Error);
        const Status status = decodeError(reply.payload.data(), reply.payload.size());
        const std::string what = std::string("expected ") + errorCodeName(code) + ", got " +
                                 errorCodeName(status.code) + ": " + status.message;
        QVERIFY2(status.code == code, what.c_str());
        QVERIFY(!status.message.empty());
        std::string comm;
        const Status alive = connection.readProc(::getpid(), ProcEntry::Comm, comm);
        QVERIFY2(alive.ok(), ("helper stopped serving after " + what + ": " + alive.message).c_str());
        QVERIFY(comm.find("tst_helper") == 0);
    }

private slots:
    void initTestCase() {
        if (!test::isRoot()) QSKIP("the helper must run as root; run this test as root");
        QVERIFY2(!HelperConnection::findHelper().empty(), "perfglass-helper was not built");
    }

    void opensAWorkingEventForAChild() {
        auto connection = start();
        QVERIFY(connection);
        HelperEventOpener opener(std::move(connection));
        WorkingChild child;
        QVERIFY(child.pid() > 0);
        const FdOrErrno leader = opener.open(cpuClock(), child.pid(), -1, -1, PERF_FLAG_FD_CLOEXEC);
        QVERIFY2(leader, opener.lastError().c_str());
        perf_event_attr faults = cpuClock();
        faults.config = PERF_COUNT_SW_TASK_CLOCK;
        const FdOrErrno member = opener.open(faults, child.pid(), -1, leader->get(), PERF_FLAG_FD_CLOEXEC);
        QVERIFY2(member, opener.lastError().c_str());
        const FdOrErrno foreignGroup = opener.open(faults, child.pid(), -1, 999, 0);
        QVERIFY(!foreignGroup);
        QCOMPARE(foreignGroup.error(), EBADF);
        QVERIFY(opener.lastError().find("999") != std::string::npos);
        QVERIFY(::fcntl(leader->get(), F_GETFD) & FD_CLOEXEC);

        child.runToCompletion();
        for (int fd : {leader->get(), member->get()}) {
            uint64_t values[3] = {};
            QCOMPARE(::read(fd, values, sizeof values), ssize_t(sizeof values));
            QVERIFY2(values[0] > 0, "the event counted nothing");
            QVERIFY(values[1] > 0 && values[2] > 0);
        }
    }

    void kernelErrorsComeBackWithErrno() {
        auto connection = start();
        QVERIFY(connection);
        HelperEventOpener opener(std::move(connection));
        perf_event_attr attr = cpuClock();
        attr.type = PERF_TYPE_TRACEPOINT;
        attr.config = 0xfffffff0; // no such tracepoint
        QVERIFY(!opener.open(attr, ::getpid(), -1, -1, 0));
        QVERIFY2(opener.lastError().find("OpenFailed") != std::string::npos, opener.lastError().c_str());
        const FdOrErrno gone = opener.open(cpuClock(), unusedPid(), -1, -1, 0);
        QVERIFY(!gone);
        QCOMPARE(gone.error(), ESRCH);
        QVERIFY(opener.lastError().find("PidNotFound") != std::string::npos);
    }

    void malformedAndForbiddenRequests() {
        auto connection = start();
        QVERIFY(connection);
        HelperConnection &c = *connection;
        const auto kallsyms = static_cast<uint16_t>(MessageType::ReadKallsyms);
        auto good = request(kallsyms, 5, {});

        expectError(c, std::vector<uint8_t>(good.begin(), good.begin() + 10), ErrorCode::Truncated);
        expectError(c, {}, ErrorCode::Truncated);
        auto declaredLonger = request(kallsyms, 5, std::vector<uint8_t>(8, 0));
        declaredLonger.resize(declaredLonger.size() - 4);
        expectError(c, declaredLonger, ErrorCode::Truncated);
        auto trailing = good;
        trailing.push_back(1);
        expectError(c, trailing, ErrorCode::TrailingBytes);
        expectError(c, request(kallsyms, 5, std::vector<uint8_t>(kMaxMessageSize, 0)), ErrorCode::Oversized);
        auto declaredHuge = good;
        const uint32_t huge = 1u << 30;
        std::memcpy(declaredHuge.data() + 8, &huge, 4);
        expectError(c, declaredHuge, ErrorCode::Oversized);
        auto magic = good;
        magic[1] = 'X';
        expectError(c, magic, ErrorCode::BadMagic);
        auto version = good;
        version[4] = kVersion + 1;
        expectError(c, version, ErrorCode::BadVersion);
        expectError(c, request(uint16_t(MessageType::Hello), 6, encodeHello(7)), ErrorCode::AlreadyGreeted);
        expectError(c, request(99, 7, {}), ErrorCode::UnknownRequest);
        expectError(c, request(kallsyms, 8, {1, 2}), ErrorCode::BadPayloadSize);

        const auto open = static_cast<uint16_t>(MessageType::OpenEvent);
        OpenEventRequest event;
        event.attr = cpuClock();
        event.pid = ::getpid();
        event.attr.size = 88;
        expectError(c, request(open, 9, encodeOpenEvent(event)), ErrorCode::AttrSizeInvalid);
        event.attr.size = sizeof(perf_event_attr);
        event.attr.type = 1000;
        expectError(c, request(open, 10, encodeOpenEvent(event)), ErrorCode::TypeForbidden);
        event.attr.type = PERF_TYPE_SOFTWARE;
        event.groupIndex = 5;
        expectError(c, request(open, 11, encodeOpenEvent(event)), ErrorCode::GroupIndexOutOfRange);
        event.groupIndex = -1;
        event.attr.sigtrap = 1;
        expectError(c, request(open, 12, encodeOpenEvent(event)), ErrorCode::AttrFlagForbidden);
        event.attr.sigtrap = 0;
        event.pid = 0;
        expectError(c, request(open, 13, encodeOpenEvent(event)), ErrorCode::PidOutOfRange);

        const auto tracepoint = static_cast<uint16_t>(MessageType::ReadTracepoint);
        expectError(c,
                    request(tracepoint, 14,
                            encodeTracepoint({
                                "..",
                                "..",
                            })),
                    ErrorCode::NameInvalid);
        expectError(c, request(tracepoint, 15, encodeTracepoint({"sched", "../../../etc/shadow"})),
                    ErrorCode::NameInvalid);
        expectError(c, request(uint16_t(MessageType::ReadProc), 16, encodeProc({::getpid(), 9})),
                    ErrorCode::ProcEntryInvalid);
        expectError(c, request(uint16_t(MessageType::ReadProc), 17, encodeProc({unusedPid(), 0})),
                    ErrorCode::PidNotFound);
        expectError(c, request(uint16_t(MessageType::RaiseMemlock), 18, encodeRaiseMemlock(0)),
                    ErrorCode::MemlockOutOfRange);

        // A descriptor sent to the helper is closed and refused.
        auto bytes = request(kallsyms, 19, {});
        iovec iov{bytes.data(), bytes.size()};
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
        msghdr message{};
        message.msg_iov = &iov;
        message.msg_iovlen = 1;
        message.msg_control = control;
        message.msg_controllen = sizeof control;
        cmsghdr *cm = CMSG_FIRSTHDR(&message);
        cm->cmsg_level = SOL_SOCKET;
        cm->cmsg_type = SCM_RIGHTS;
        cm->cmsg_len = CMSG_LEN(sizeof(int));
        const int zero = 0;
        std::memcpy(CMSG_DATA(cm), &zero, sizeof zero);
        QCOMPARE(::sendmsg(c.socketFd(), &message, 0), ssize_t(bytes.size()));
        HelperConnection::Reply reply;
        QVERIFY(c.receive(reply).ok());
        QCOMPARE(decodeError(reply.payload.data(), reply.payload.size()).code, ErrorCode::UnexpectedFd);

        QCOMPARE(c.closeAndWait(), 0);
    }

    void requestsBeforeHelloAreRefused() {
        int sockets[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets), 0);
        const std::string helperPath = HelperConnection::findHelper();
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::dup2(sockets[1], 3);
            ::execl(helperPath.c_str(), helperPath.c_str(), nullptr);
            ::_exit(127);
        }
        ::close(sockets[1]);
        HelperConnection c{UniqueFd{sockets[0]}, pid};
        for (auto type : {MessageType::ReadKallsyms, MessageType::OpenEvent, MessageType::ReadProc}) {
            HelperConnection::Reply reply;
            const Status status = c.call(uint16_t(type), {}, reply);
            QVERIFY2(status.code == ErrorCode::NotGreeted, errorCodeName(status.code));
        }
        QVERIFY(c.hello().ok());
        std::string comm;
        QCOMPARE(c.readProc(::getpid(), ProcEntry::Comm, comm).code, ErrorCode::ScopeNotSet);
        QVERIFY(c.setScope({false, {::getpid()}}).ok());
        QVERIFY(c.readProc(::getpid(), ProcEntry::Comm, comm).ok());
        QCOMPARE(c.closeAndWait(), 0);
    }

    void scopeRefusesWhatIsOutsideTheTargets() {
        auto connection = start({}, std::nullopt);
        QVERIFY(connection);
        HelperConnection &c = *connection;
        WorkingChild child, other;
        std::string text;
        // Before the scope: no event and no /proc read; kallsyms and tracefs describe the kernel and need
        // none.
        QCOMPARE(c.readProc(child.pid(), ProcEntry::Maps, text).code, ErrorCode::ScopeNotSet);
        UniqueFd fd;
        uint32_t index = 0;
        OpenEventRequest event;
        event.attr = cpuClock();
        event.pid = child.pid();
        QCOMPARE(c.openEvent(event, fd, index).code, ErrorCode::ScopeNotSet);
        QVERIFY(c.readKallsyms(text).ok());

        // Malformed scopes are refused and the scope stays unset.
        QCOMPARE(c.setScope({true, {child.pid()}}).code, ErrorCode::ScopeInvalid);
        QCOMPARE(c.setScope({false, {}}).code, ErrorCode::ScopeInvalid);
        QCOMPARE(c.setScope({false, {unusedPid()}}).code, ErrorCode::PidNotFound);
        QCOMPARE(c.setScope({false, std::vector<int32_t>(kMaxScopeTargets + 1, child.pid())}).code,
                 ErrorCode::ScopeInvalid);

        QVERIFY(c.setScope({false, {child.pid()}}).ok());
        QCOMPARE(c.setScope({true, {}}).code, ErrorCode::ScopeAlreadySet);
        QVERIFY(c.openEvent(event, fd, index).ok());
        QVERIFY(c.readProc(child.pid(), ProcEntry::Maps, text).ok());
        // Another process, this one, and every task on a CPU are outside the scope.
        for (const pid_t outside : {other.pid(), ::getpid()}) {
            event.pid = outside;
            Status status = c.openEvent(event, fd, index);
            QVERIFY2(status.code == ErrorCode::OutOfScope, status.message.c_str());
            QVERIFY2(status.message.find(std::to_string(outside)) != std::string::npos,
                     status.message.c_str());
            status = c.readProc(outside, ProcEntry::Comm, text);
            QVERIFY2(status.code == ErrorCode::OutOfScope, status.message.c_str());
        }
        event.pid = -1;
        event.cpu = 0;
        const Status cpuWide = c.openEvent(event, fd, index);
        QVERIFY2(cpuWide.code == ErrorCode::OutOfScope, cpuWide.message.c_str());
        QVERIFY(cpuWide.message.find("system-wide") != std::string::npos);
    }

    void scopeForgetsTargetsThatExited() {
        // A target that has exited (a zombie here, not reaped yet) is refused: its pid may be another
        // process's once reaped.
        const pid_t zombie = ::fork();
        QVERIFY(zombie >= 0);
        if (zombie == 0) {
            ::pause();
            ::_exit(0);
        }
        auto connection = start({}, ScopeRequest{false, {zombie}});
        QVERIFY(connection);
        std::string comm;
        QVERIFY(connection->readProc(zombie, ProcEntry::Comm, comm).ok());
        QCOMPARE(::kill(zombie, SIGKILL), 0);
        QTRY_VERIFY(::waitid(P_PID, zombie, nullptr, WEXITED | WNOHANG | WNOWAIT) == 0 &&
                    connection->readProc(zombie, ProcEntry::Comm, comm).code != ErrorCode::Ok);
        const Status status = connection->readProc(zombie, ProcEntry::Comm, comm);
        ::waitpid(zombie, nullptr, 0);
        QVERIFY2(status.code == ErrorCode::OutOfScope, status.message.c_str());
        QVERIFY2(status.message.find("has exited") != std::string::npos, status.message.c_str());
    }

    void scopeCoversTheThreadsOfItsProcesses() {
        auto connection = start({}, ScopeRequest{false, {::getpid()}});
        QVERIFY(connection);
        std::atomic<pid_t> tid{0};
        std::atomic<bool> done{false};
        std::thread thread([&] {
            tid = static_cast<pid_t>(::gettid());
            while (!done)
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
        });
        while (tid == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::string comm;
        const Status read = connection->readProc(tid, ProcEntry::Comm, comm);
        UniqueFd fd;
        uint32_t index = 0;
        OpenEventRequest event;
        event.attr = cpuClock();
        event.pid = tid;
        const Status opened = connection->openEvent(event, fd, index);
        done = true;
        thread.join();
        QVERIFY2(read.ok(), read.message.c_str());
        QVERIFY2(opened.ok(), opened.message.c_str());

        // A system-wide scope allows CPU-wide events.
        auto systemWide = start();
        QVERIFY(systemWide);
        event.pid = -1;
        event.cpu = 0;
        const Status cpuWide = systemWide->openEvent(event, fd, index);
        QVERIFY2(cpuWide.ok(), cpuWide.message.c_str());
    }

    void opensTheFilesOfExecutableMappingsInScope() {
        WorkingChild child, other;
        auto connection = start({}, ScopeRequest{false, {child.pid(), ::getpid()}});
        QVERIFY(connection);
        const std::vector<MapsLine> lines = mapsLines(child.pid());
        const auto code = std::find_if(lines.begin(), lines.end(), [](const MapsLine &line) {
            return line.perms[2] == 'x' && line.path.ends_with("/tst_helper");
        });
        const auto data = std::find_if(lines.begin(), lines.end(), [](const MapsLine &line) {
            return line.perms[2] != 'x' && line.path.ends_with("/tst_helper");
        });
        QVERIFY(code != lines.end() && data != lines.end());

        UniqueFd fd;
        MappedFileVia via{};
        const Status opened = connection->openMappedFile({child.pid(), code->start, code->end}, fd, via);
        QVERIFY2(opened.ok(), opened.message.c_str());
        QCOMPARE(via, MappedFileVia::MapFiles); // root may read map_files
        struct stat info {};
        QCOMPARE(::fstat(fd.get(), &info), 0);
        QCOMPARE(info.st_dev, makedev(code->major, code->minor));
        QCOMPARE(uint64_t(info.st_ino), code->inode);
        QCOMPARE(::fcntl(fd.get(), F_GETFL) & O_ACCMODE, O_RDONLY);
        QVERIFY(::fcntl(fd.get(), F_GETFD) & FD_CLOEXEC);
        char magic[4] = {};
        QCOMPARE(::pread(fd.get(), magic, 4, 0), ssize_t(4));
        QVERIFY(std::memcmp(magic, "\177ELF", 4) == 0);

        // Only whole executable file mappings of tasks in scope.
        const auto expect = [&](MappedFileRequest request, ErrorCode wanted) {
            UniqueFd none;
            const Status status = connection->openMappedFile(request, none, via);
            const std::string what = std::string("expected ") + errorCodeName(wanted) + ", got " +
                                     errorCodeName(status.code) + ": " + status.message;
            QVERIFY2(status.code == wanted && !none.valid(), what.c_str());
        };
        expect({child.pid(), data->start, data->end}, ErrorCode::MappingNotFound);
        expect({child.pid(), code->start, code->end + 4096}, ErrorCode::MappingNotFound);
        expect({other.pid(), code->start, code->end}, ErrorCode::OutOfScope);
        expect({child.pid(), code->start + 1, code->end}, ErrorCode::MappingInvalid);
        expect({child.pid(), code->end, code->start}, ErrorCode::MappingInvalid);
        expect({child.pid(), code->start, code->start}, ErrorCode::MappingInvalid);
        expect({child.pid(), 0, kMaxMappingEnd + 4096}, ErrorCode::MappingInvalid);
        expect({0, code->start, code->end}, ErrorCode::PidOutOfRange);
        expect({-1, code->start, code->end}, ErrorCode::PidOutOfRange);
        const auto payload = encodeMappedFile({child.pid(), code->start, code->end});
        expectError(*connection,
                    request(uint16_t(MessageType::OpenMappedFile), 90,
                            std::vector<uint8_t>(payload.begin(), payload.end() - 1)),
                    ErrorCode::BadPayloadSize);
    }

    void readsKallsymsAndProc() {
        auto connection = start();
        QVERIFY(connection);
        std::string kallsyms;
        const Status status = connection->readKallsyms(kallsyms);
        QVERIFY2(status.ok(), status.message.c_str());
        QVERIFY(kallsyms.size() > kMaxPayloadSize); // arrives in several chunks
        std::ifstream direct("/proc/kallsyms");
        std::string firstLine;
        std::getline(direct, firstLine);
        QVERIFY2(kallsyms.rfind(firstLine, 0) == 0, firstLine.c_str());

        WorkingChild child;
        std::string maps, tasks, comm, procStatus;
        QVERIFY(connection->readProc(child.pid(), ProcEntry::Maps, maps).ok());
        QVERIFY(maps.find("tst_helper") != std::string::npos);
        QVERIFY(connection->readProc(child.pid(), ProcEntry::TaskList, tasks).ok());
        QCOMPARE(tasks, std::to_string(child.pid()) + "\n");
        QVERIFY(connection->readProc(child.pid(), ProcEntry::Status, procStatus).ok());
        QVERIFY(procStatus.find("Pid:\t" + std::to_string(child.pid())) != std::string::npos);
        QVERIFY(connection->readProc(child.pid(), ProcEntry::Comm, comm).ok());
        QCOMPARE(comm, std::string("tst_helper\n"));
    }

    void tracepointsWithoutSymlinks() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string root = dir.path().toStdString();
        const std::string events = root + "/events";
        for (const std::string &d : {events, events + "/sched", events + "/sched/sched_switch",
                                     events + "/sched/badfmt", root + "/real"})
            QCOMPARE(::mkdir(d.c_str(), 0755), 0);
        std::ofstream(events + "/sched/sched_switch/id") << "314\n";
        std::ofstream(events + "/sched/sched_switch/format") << "name: sched_switch\nID: 314\n";
        std::ofstream(events + "/sched/badfmt/id") << "315\n";
        std::ofstream(events + "/header_page") << "field: u64 timestamp;\n";
        QCOMPARE(::symlink("/etc/shadow", (events + "/header_event").c_str()), 0);
        QCOMPARE(::symlink("/etc/passwd", (events + "/sched/badfmt/format").c_str()), 0);
        QCOMPARE(::symlink("/etc", (events + "/evil").c_str()), 0);
        QCOMPARE(::symlink("sched_switch", (events + "/sched/alias").c_str()), 0);
        QCOMPARE(::symlink(root.c_str(), (root + "/real/link").c_str()), 0);

        auto connection = start({"--tracefs-root", root});
        QVERIFY(connection);
        TracepointInfo info;
        Status status = connection->readTracepoint("sched", "sched_switch", info);
        QVERIFY2(status.ok(), status.message.c_str());
        QCOMPARE(info.id, uint64_t(314));
        QCOMPARE(info.format, std::string("name: sched_switch\nID: 314\n"));
        for (auto [subsystem, name] :
             {std::pair{"sched", "badfmt"}, std::pair{"evil", "passwd"}, std::pair{"sched", "alias"}}) {
            status = connection->readTracepoint(subsystem, name, info);
            QVERIFY2(status.code == ErrorCode::SymlinkRefused,
                     (std::string(subsystem) + ":" + name + ": " + errorCodeName(status.code)).c_str());
        }
        QCOMPARE(connection->readTracepoint("sched", "missing", info).code, ErrorCode::FileNotFound);

        // The list holds the real event directories only: no symlinked subsystem or event, no files.
        std::string list;
        status = connection->listTracepoints(list);
        QVERIFY2(status.ok(), status.message.c_str());
        QCOMPARE(list, std::string("sched/badfmt\nsched/sched_switch\n"));
        std::string header;
        status = connection->readTracefsHeader(TracefsHeader::Page, header);
        QVERIFY2(status.ok(), status.message.c_str());
        QCOMPARE(header, std::string("field: u64 timestamp;\n"));
        QCOMPARE(connection->readTracefsHeader(TracefsHeader::Event, header).code, ErrorCode::SymlinkRefused);
        HelperConnection::Reply reply;
        QCOMPARE(
            connection->call(uint16_t(MessageType::ReadTracefsHeader), PayloadWriter().u32(2).take(), reply)
                .code,
            ErrorCode::TracefsHeaderInvalid);

        // A symlink anywhere along the configured root is refused too.
        auto viaLink = start({"--tracefs-root", root + "/real/link"});
        QVERIFY(viaLink);
        QCOMPARE(viaLink->readTracepoint("sched", "sched_switch", info).code, ErrorCode::SymlinkRefused);
    }

    void realTracefs() {
        auto connection = start();
        QVERIFY(connection);
        TracepointInfo info;
        const Status status = connection->readTracepoint("sched", "sched_switch", info);
        struct stat st {};
        if (::stat("/sys/kernel/tracing/events", &st) != 0 &&
            ::stat("/sys/kernel/debug/tracing/events", &st) != 0) {
            QCOMPARE(status.code, ErrorCode::TracefsUnavailable);
            QSKIP("tracefs is not mounted here; checked that the helper says so");
        }
        QVERIFY2(status.ok(), status.message.c_str());
        QVERIFY(info.id > 0);
        QVERIFY(info.format.find("prev_pid") != std::string::npos);
    }

    void raisesTheMemlockLimit() {
        auto connection = start();
        QVERIFY(connection);
        rlimit before{};
        QCOMPARE(::getrlimit(RLIMIT_MEMLOCK, &before), 0);
        if (before.rlim_cur == RLIM_INFINITY) QSKIP("RLIMIT_MEMLOCK is already unlimited");
        const uint64_t wanted = before.rlim_cur + (1 << 20);
        const Status status = connection->raiseMemlock(wanted);
        if (!hasCapability(24)) { // CAP_SYS_RESOURCE, missing in some containers
            QCOMPARE(status.code, ErrorCode::MemlockFailed);
            QCOMPARE(status.sysErrno, EPERM);
            QSKIP("root lacks CAP_SYS_RESOURCE here (a container); checked that the helper says so");
        }
        QVERIFY2(status.ok(), status.message.c_str());
        rlimit after{};
        QCOMPARE(::getrlimit(RLIMIT_MEMLOCK, &after), 0);
        QCOMPARE(uint64_t(after.rlim_cur), wanted);
        QVERIFY(::setrlimit(RLIMIT_MEMLOCK, &before) == 0);
    }

    void errorsNameTheRealCause() {
        // With no descriptor left (RLIMIT_NOFILE 0), every open in the helper fails with EMFILE: the replies
        // must say so rather than guess a cause.
        auto connection = start();
        QVERIFY(connection);
        const pid_t helper = connection->childPid();
        QVERIFY(helper > 0);
        rlimit before{};
        QCOMPARE(::prlimit(helper, RLIMIT_NOFILE, nullptr, &before), 0);
        const rlimit none{0, before.rlim_max};
        QCOMPARE(::prlimit(helper, RLIMIT_NOFILE, &none, nullptr), 0);
        const std::string tooMany = std::strerror(EMFILE);

        const Status memlock = connection->raiseMemlock(1 << 20);
        QCOMPARE(memlock.code, ErrorCode::MemlockFailed);
        QVERIFY2(memlock.message.find(tooMany) != std::string::npos, memlock.message.c_str());
        QVERIFY2(memlock.message.find("no longer belongs") == std::string::npos, memlock.message.c_str());
        QCOMPARE(memlock.sysErrno, EMFILE);

        std::string kallsyms;
        const Status read = connection->readKallsyms(kallsyms);
        QVERIFY(!read.ok());
        QVERIFY2(read.message.find("cannot open /: " + tooMany) != std::string::npos, read.message.c_str());
        QCOMPARE(read.sysErrno, EMFILE);

        QCOMPARE(::prlimit(helper, RLIMIT_NOFILE, &before, nullptr), 0);
        std::string comm;
        QVERIFY(connection->readProc(::getpid(), ProcEntry::Comm, comm).ok());
    }

    void refusesWhatPkexecMustNotAllow() {
        // Under pkexec the test-only tracefs root is refused, and the peer must be the pkexec user.
        qputenv("PKEXEC_UID", "0");
        HelperStartOptions options;
        options.extraArguments = {"--tracefs-root", "/tmp"};
        auto error = startFailure(options);
        QVERIFY(error);
        QVERIFY2(error->find("--tracefs-root is for tests") != std::string::npos, error->c_str());
        QVERIFY(error->find("perf_event_paranoid") != std::string::npos);
        qputenv("PKEXEC_UID", "12345");
        error = startFailure({});
        QVERIFY(error);
        QVERIFY2(error->find("not the user who ran pkexec") != std::string::npos, error->c_str());
        qunsetenv("PKEXEC_UID");
        QVERIFY(start());
    }

    void adviceWhenPkexecIsMissing() {
        const QByteArray path = qgetenv("PATH");
        QTemporaryDir empty;
        qputenv("PATH", empty.path().toUtf8());
        HelperStartOptions options;
        options.autoPkexec = false;
        options.usePkexec = true;
        const auto error = startFailure(options);
        qputenv("PATH", path);
        QVERIFY(error);
        QVERIFY2(error->find("pkexec is not installed") != std::string::npos, error->c_str());
        QVERIFY(error->find("sudo sysctl -w kernel.perf_event_paranoid=1") != std::string::npos);
        QVERIFY(error->find("sudo setcap cap_perfmon,cap_ipc_lock+ep $(which perfglass-cli)") !=
                std::string::npos);
        QVERIFY(mlockAdvice(1 << 20, 8 << 20).find("kernel.perf_event_mlock_kb=") != std::string::npos);
    }

    void pkexecFailureSaysWhatToDo() {
        if (QStandardPaths::findExecutable(QStringLiteral("pkexec")).isEmpty())
            QSKIP("pkexec is not installed");
        HelperStartOptions options;
        options.autoPkexec = false;
        options.usePkexec = true;
        const auto error = startFailure(options);
        if (!error) QSKIP("polkit authorized root here, so there is no failure to check");
        qInfo("%s", error->c_str());
        // Without a polkit daemon or agent pkexec exits 127 (126 when the dialog is dismissed).
        QVERIFY2(error->find("pkexec") != std::string::npos, error->c_str());
        QVERIFY2(error->find("sudo sysctl -w kernel.perf_event_paranoid=1") != std::string::npos,
                 error->c_str());
        QVERIFY(error->find("cap_perfmon,cap_ipc_lock+ep") != std::string::npos);
    }

    void refusesToRunUnprivileged() {
        int sockets[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets), 0);
        const std::string helperPath = HelperConnection::findHelper();
        int errorPipe[2];
        QCOMPARE(::pipe2(errorPipe, O_CLOEXEC), 0);
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::dup2(sockets[1], 3);
            ::dup2(errorPipe[1], 2);
            if (::setresgid(65534, 65534, 65534) != 0 || ::setresuid(65534, 65534, 65534) != 0) ::_exit(126);
            ::execl(helperPath.c_str(), helperPath.c_str(), nullptr);
            ::_exit(127);
        }
        ::close(sockets[1]);
        ::close(errorPipe[1]);
        HelperConnection c{UniqueFd{sockets[0]}, pid};
        QCOMPARE(c.hello().code, ErrorCode::ConnectionClosed);
        char text[512] = {};
        QVERIFY(::read(errorPipe[0], text, sizeof text - 1) > 0);
        ::close(errorPipe[0]);
        QVERIFY2(std::string(text).find("must run as root") != std::string::npos, text);
        QCOMPARE(c.closeAndWait(), 2);
    }

    void exitsWhenTheSocketCloses() {
        auto connection = start();
        QVERIFY(connection);
        const pid_t pid = connection->childPid();
        QVERIFY(pid > 0);
        QCOMPARE(connection->closeAndWait(), 0);
        QCOMPARE(::kill(pid, 0), -1);
    }
};

QTEST_GUILESS_MAIN(TestHelper)
#include "tst_helper.moc"
