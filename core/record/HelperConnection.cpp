#include "record/HelperConnection.h"

#include "base/ChildProcess.h"
#include "base/Error.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace perfglass {

using helper::ErrorCode;
using helper::makeStatus;
using helper::MessageType;
using helper::Status;
using helper::UniqueFd;

namespace {

bool isExecutable(const std::string &path) {
    return !path.empty() && ::access(path.c_str(), X_OK) == 0;
}

std::vector<char *> pointers(std::vector<std::string> &strings) {
    std::vector<char *> result;
    for (std::string &s : strings)
        result.push_back(s.data());
    result.push_back(nullptr);
    return result;
}

// Reads what the helper (or pkexec) printed before it exited, at most a few KiB.
std::string drainPipe(int fd) {
    std::string text;
    char buffer[4096];
    pollfd p{fd, POLLIN, 0};
    while (text.size() < 8192 && ::poll(&p, 1, 1000) > 0) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n <= 0) break;
        text.append(buffer, static_cast<size_t>(n));
    }
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

// The first line of what the helper printed, shortened: its own reason, without the rest of its output.
std::string firstLine(const std::string &output) {
    constexpr size_t kMaxLength = 160;
    std::string line = output.substr(0, output.find('\n'));
    if (line.size() > kMaxLength) line = line.substr(0, kMaxLength) + "...";
    return line;
}

// pkexec's own exit statuses say enough; its text (polkit's error, "This incident has been reported") is not
// repeated.
std::string describeStartFailure(bool viaPkexec, int exitStatus, const std::string &output) {
    std::string reason;
    if (viaPkexec && exitStatus == 126)
        reason = "the authentication was dismissed (pkexec exit status 126)";
    else if (viaPkexec && exitStatus == 127)
        reason = "pkexec got no authorization (exit status 127: no polkit daemon or authentication agent, or "
                 "this user is not allowed)";
    else if (exitStatus >= 0)
        reason = "the helper exited with status " + std::to_string(exitStatus);
    else
        reason = "the helper closed its socket";
    const bool fromPkexec = viaPkexec && (exitStatus == 126 || exitStatus == 127);
    if (!fromPkexec && !output.empty()) reason += " (" + firstLine(output) + ")";
    return "cannot start the privileged helper: " + reason + ". " + privilegeAdvice();
}

} // namespace

std::string privilegeAdvice() {
    return "Without the helper: `sudo sysctl -w kernel.perf_event_paranoid=1` (your processes with kernel "
           "samples; =-1 for -a and tracepoints) or `sudo setcap cap_perfmon,cap_ipc_lock+ep $(which "
           "perfglass-cli)`.";
}

std::string HelperConnection::expectedHelperPath() {
    std::error_code error;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error || self.empty()) return {};
    return (self.parent_path() / PERFGLASS_HELPER_FROM_BINDIR / "perfglass-helper")
        .lexically_normal()
        .string();
}

std::string HelperConnection::findHelper() {
    std::string path = expectedHelperPath();
    return isExecutable(path) ? path : std::string{};
}

namespace {

// The command line that starts the helper: through pkexec, the socket travels as stdin, since pkexec keeps
// only descriptors 0 to 2 open; directly, as descriptor 3.
std::vector<std::string> helperCommand(const HelperStartOptions &options, bool viaPkexec) {
    const std::string helperPath =
        options.helperPath.empty() ? HelperConnection::findHelper() : options.helperPath;
    if (helperPath.empty() || helperPath[0] != '/' || !isExecutable(helperPath)) {
        const std::string lookedFor =
            options.helperPath.empty() ? HelperConnection::expectedHelperPath() : options.helperPath;
        throw Error("cannot start the privileged helper: perfglass-helper is not installed (looked for '" +
                    (lookedFor.empty() ? std::string("perfglass-helper") : lookedFor) + "'). " +
                    privilegeAdvice());
    }
    std::vector<std::string> arguments;
    if (viaPkexec) {
        const std::string pkexec = ChildProcess::resolveProgram("pkexec");
        if (pkexec.empty())
            throw Error(
                "cannot start the privileged helper: pkexec is not installed (Debian: apt-get install "
                "pkexec). " +
                privilegeAdvice());
        arguments = {pkexec, helperPath, "--socket-fd", "0"};
    } else {
        arguments = {helperPath, "--socket-fd", "3"};
    }
    arguments.insert(arguments.end(), options.extraArguments.begin(), options.extraArguments.end());
    return arguments;
}

struct SpawnedHelper {
    UniqueFd socket;    // our end of the socketpair
    UniqueFd errorRead; // what the helper (or pkexec) prints on stderr
    pid_t pid = -1;
};

// Runs command with the other end of a socketpair as socketTarget (0 or 3), stderr into a pipe and /dev/null
// for the other standard descriptors.
SpawnedHelper spawnHelper(std::vector<std::string> command, int socketTarget) {
    std::vector<char *> argv = pointers(command);
    int sockets[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sockets) != 0)
        throw Error(std::string("cannot create the helper's socket: ") + std::strerror(errno));
    SpawnedHelper spawned;
    spawned.socket.reset(sockets[0]);
    UniqueFd theirs(sockets[1]);
    int errorPipe[2];
    if (::pipe2(errorPipe, O_CLOEXEC) != 0)
        throw Error(std::string("cannot create a pipe: ") + std::strerror(errno));
    spawned.errorRead.reset(errorPipe[0]);
    UniqueFd errorWrite(errorPipe[1]);
    UniqueFd nullFd(::open("/dev/null", O_RDWR | O_CLOEXEC));
    // Above the descriptors the child sets up, so no dup2 below overwrites a source it still needs.
    for (UniqueFd *fd : {&theirs, &errorWrite, &nullFd})
        fd->reset(::fcntl(fd->get(), F_DUPFD_CLOEXEC, 10));
    if (!theirs.valid() || !errorWrite.valid() || !nullFd.valid())
        throw Error(std::string("cannot prepare the helper's descriptors: ") + std::strerror(errno));
    spawned.pid = ::fork();
    if (spawned.pid < 0) throw Error(std::string("cannot fork the helper: ") + std::strerror(errno));
    if (spawned.pid == 0) {
        // Only async-signal-safe calls from here on. dup2 clears close-on-exec on the copies.
        if (::dup2(theirs.get(), socketTarget) < 0 || (socketTarget != 0 && ::dup2(nullFd.get(), 0) < 0) ||
            ::dup2(nullFd.get(), 1) < 0 || ::dup2(errorWrite.get(), 2) < 0)
            ::_exit(125);
        ::execv(argv[0], argv.data());
        ::_exit(125);
    }
    return spawned;
}

} // namespace

std::unique_ptr<HelperConnection> HelperConnection::start(const HelperStartOptions &options) {
    const bool viaPkexec = options.autoPkexec ? ::geteuid() != 0 : options.usePkexec;
    SpawnedHelper spawned = spawnHelper(helperCommand(options, viaPkexec), viaPkexec ? 0 : 3);
    auto connection = std::make_unique<HelperConnection>(std::move(spawned.socket), spawned.pid);
    const Status status = connection->hello();
    if (status.ok()) return connection;
    if (status.code != ErrorCode::ConnectionClosed)
        throw Error("the privileged helper refused the greeting: " + status.message);
    const int exitStatus = connection->closeAndWait();
    throw Error(describeStartFailure(viaPkexec, exitStatus, drainPipe(spawned.errorRead.get())));
}

HelperConnection::HelperConnection(UniqueFd socket, pid_t child)
    : socket_(std::move(socket))
    , child_(child) {}

HelperConnection::~HelperConnection() {
    closeAndWait();
}

int HelperConnection::closeAndWait() {
    socket_.reset();
    if (child_ <= 0) return -1;
    int status = 0;
    pid_t waited;
    do {
        waited = ::waitpid(child_, &status, 0);
    } while (waited < 0 && errno == EINTR);
    child_ = -1;
    if (waited < 0) return -1;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

Status HelperConnection::sendRaw(const std::vector<uint8_t> &bytes) {
    if (!socket_.valid()) return makeStatus(ErrorCode::ConnectionClosed, "the helper connection is closed");
    ssize_t n;
    do {
        n = ::send(socket_.get(), bytes.data(), bytes.size(), MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    if (n < 0)
        return makeStatus(ErrorCode::ConnectionClosed,
                          std::string("cannot send to the helper: ") + std::strerror(errno), errno);
    return Status::success();
}

Status HelperConnection::receive(Reply &reply) {
    std::vector<uint8_t> buffer(helper::kMaxMessageSize);
    helper::ReceivedPacket packet = helper::receivePacket(socket_.get(), buffer.data(), buffer.size(), 4);
    const ssize_t n = packet.size;
    errno = packet.error;
    // A reply carries at most one descriptor; any others are closed with the packet.
    reply.fd = packet.fds.empty() ? helper::UniqueFd() : std::move(packet.fds.front());
    if (n <= 0)
        return makeStatus(ErrorCode::ConnectionClosed,
                          n == 0 ? "the helper closed its socket"
                                 : std::string("cannot receive from the helper: ") + std::strerror(errno));
    helper::Header header;
    const uint8_t *payload = nullptr;
    Status status = helper::decodeHeader(buffer.data(), static_cast<size_t>(n), header, payload);
    if (!status.ok())
        return makeStatus(ErrorCode::ProtocolViolation, "bad reply from the helper: " + status.message);
    reply.type = static_cast<MessageType>(header.type);
    reply.sequence = header.sequence;
    reply.payload.assign(payload, payload + header.length);
    return Status::success();
}

Status HelperConnection::call(uint16_t type, const std::vector<uint8_t> &payload, Reply &reply) {
    const uint32_t sequence = ++sequence_;
    if (Status status = sendRaw(helper::encodeMessage(type, sequence, payload.data(), payload.size()));
        !status.ok())
        return status;
    if (Status status = receive(reply); !status.ok()) return status;
    if (reply.type == MessageType::Error)
        return helper::decodeError(reply.payload.data(), reply.payload.size());
    if (reply.sequence != sequence)
        return makeStatus(ErrorCode::ProtocolViolation, "the helper answered request " +
                                                            std::to_string(reply.sequence) + " instead of " +
                                                            std::to_string(sequence));
    return Status::success();
}

Status HelperConnection::hello() {
    Reply reply;
    if (Status status =
            call(static_cast<uint16_t>(MessageType::Hello), helper::encodeHello(helper::kVersion), reply);
        !status.ok())
        return status;
    if (reply.type != MessageType::HelloReply || reply.payload.size() != 12)
        return makeStatus(ErrorCode::ProtocolViolation, "the helper's greeting is malformed");
    return Status::success();
}

Status HelperConnection::openEvent(const helper::OpenEventRequest &request, UniqueFd &fd, uint32_t &index) {
    Reply reply;
    if (Status status =
            call(static_cast<uint16_t>(MessageType::OpenEvent), helper::encodeOpenEvent(request), reply);
        !status.ok())
        return status;
    if (reply.type != MessageType::EventFd || reply.payload.size() != 4 || !reply.fd.valid())
        return makeStatus(ErrorCode::ProtocolViolation, "the helper's event reply carries no descriptor");
    index = helper::PayloadReader(reply.payload.data(), reply.payload.size()).u32();
    fd = std::move(reply.fd);
    return Status::success();
}

Status HelperConnection::openMappedFile(const helper::MappedFileRequest &request, UniqueFd &fd,
                                        helper::MappedFileVia &via) {
    Reply reply;
    if (Status status = call(static_cast<uint16_t>(MessageType::OpenMappedFile),
                             helper::encodeMappedFile(request), reply);
        !status.ok())
        return status;
    if (reply.type != MessageType::MappedFile || reply.payload.size() != 4 || !reply.fd.valid())
        return makeStatus(ErrorCode::ProtocolViolation,
                          "the helper's mapped-file reply carries no descriptor");
    const uint32_t how = helper::PayloadReader(reply.payload.data(), reply.payload.size()).u32();
    if (how > static_cast<uint32_t>(helper::MappedFileVia::Root))
        return makeStatus(ErrorCode::ProtocolViolation, "the helper's mapped-file reply names no known way");
    via = static_cast<helper::MappedFileVia>(how);
    fd = std::move(reply.fd);
    return Status::success();
}

Status HelperConnection::receiveData(uint32_t sequence, uint64_t limit, std::string &content) {
    content.clear();
    for (;;) {
        Reply reply;
        if (Status status = receive(reply); !status.ok()) return status;
        if (reply.type == MessageType::Error)
            return helper::decodeError(reply.payload.data(), reply.payload.size());
        if (reply.type != MessageType::Data || reply.sequence != sequence || reply.payload.empty())
            return makeStatus(ErrorCode::ProtocolViolation, "the helper sent an unexpected reply to a read");
        if (content.size() + reply.payload.size() - 1 > limit)
            return makeStatus(ErrorCode::ContentTooLarge,
                              "the helper sent more than " + std::to_string(limit) + " bytes");
        content.append(reinterpret_cast<const char *>(reply.payload.data()) + 1, reply.payload.size() - 1);
        if (reply.payload[0] == 1) return Status::success();
    }
}

Status HelperConnection::readKallsyms(std::string &content) {
    const uint32_t sequence = ++sequence_;
    if (Status status = sendRaw(helper::encodeMessage(MessageType::ReadKallsyms, sequence, {})); !status.ok())
        return status;
    return receiveData(sequence, helper::kMaxKallsymsSize, content);
}

Status HelperConnection::readProc(pid_t pid, helper::ProcEntry which, std::string &content) {
    const uint32_t sequence = ++sequence_;
    const auto payload = helper::encodeProc({static_cast<int32_t>(pid), static_cast<uint32_t>(which)});
    if (Status status = sendRaw(helper::encodeMessage(MessageType::ReadProc, sequence, payload));
        !status.ok())
        return status;
    return receiveData(sequence, helper::kMaxProcFileSize, content);
}

Status HelperConnection::readTracepoint(const std::string &subsystem, const std::string &name,
                                        helper::TracepointInfo &info) {
    Reply reply;
    if (Status status = call(static_cast<uint16_t>(MessageType::ReadTracepoint),
                             helper::encodeTracepoint({subsystem, name}), reply);
        !status.ok())
        return status;
    if (reply.type != MessageType::Tracepoint)
        return makeStatus(ErrorCode::ProtocolViolation,
                          "the helper sent an unexpected reply to a tracepoint read");
    return helper::decodeTracepointInfo(reply.payload.data(), reply.payload.size(), info);
}

Status HelperConnection::setScope(const helper::ScopeRequest &scope) {
    Reply reply;
    if (Status status = call(static_cast<uint16_t>(MessageType::SetScope), helper::encodeScope(scope), reply);
        !status.ok())
        return status;
    if (reply.type != MessageType::Done)
        return makeStatus(ErrorCode::ProtocolViolation, "the helper sent an unexpected reply to SetScope");
    return Status::success();
}

Status HelperConnection::listTracepoints(std::string &content) {
    const uint32_t sequence = ++sequence_;
    if (Status status = sendRaw(helper::encodeMessage(MessageType::ListTracepoints, sequence, {}));
        !status.ok())
        return status;
    return receiveData(sequence, helper::kMaxTracepointListSize, content);
}

Status HelperConnection::readTracefsHeader(helper::TracefsHeader which, std::string &content) {
    const uint32_t sequence = ++sequence_;
    if (Status status = sendRaw(helper::encodeMessage(MessageType::ReadTracefsHeader, sequence,
                                                      helper::encodeTracefsHeader(which)));
        !status.ok())
        return status;
    return receiveData(sequence, helper::kMaxTracefsHeaderSize, content);
}

Status HelperConnection::raiseMemlock(uint64_t bytes) {
    Reply reply;
    if (Status status =
            call(static_cast<uint16_t>(MessageType::RaiseMemlock), helper::encodeRaiseMemlock(bytes), reply);
        !status.ok())
        return status;
    if (reply.type != MessageType::Done)
        return makeStatus(ErrorCode::ProtocolViolation,
                          "the helper sent an unexpected reply to RaiseMemlock");
    return Status::success();
}

} // namespace perfglass
