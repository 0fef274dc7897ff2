#include "HelperServer.h"

#include "MappedFileOpener.h"
#include "SafeFile.h"
#include "base/PerfEventOpen.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace perfglass::helper {

namespace {

constexpr size_t kMaxProcTasks = 1u << 20;
constexpr size_t kMaxPmus = 1024;

int64_t parseNumber(const std::string &text) {
    int64_t value = 0;
    size_t i = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9' && value < (1ll << 40); ++i)
        value = value * 10 + (text[i] - '0');
    return i == 0 ? -1 : value;
}

int64_t readNumberFile(const std::string &path) {
    UniqueFd fd;
    std::string text;
    if (!openFileNoFollow(path, fd).ok() || !readBounded(fd.get(), 64, path, text).ok()) return -1;
    return parseNumber(text);
}

// "/sys/bus/event_source/devices" + "../../../devices/foo" -> "/sys/devices/foo", or empty if it climbs out.
std::string resolveLexically(std::string base, const std::string &relative) {
    size_t start = 0;
    while (start <= relative.size()) {
        const size_t end = std::min(relative.find('/', start), relative.size());
        const std::string part = relative.substr(start, end - start);
        if (part == "..") {
            const size_t slash = base.rfind('/');
            if (slash == std::string::npos || base.empty()) return {};
            base.erase(slash);
        } else if (!part.empty() && part != ".") {
            base += "/" + part;
        }
        start = end + 1;
    }
    return base;
}

bool processExists(pid_t pid) {
    return ::kill(pid, 0) == 0 || errno == EPERM;
}

// A number field ("Uid:", "Tgid:") of /proc/PID/status; a failed read is returned with its errno.
Status statusField(pid_t pid, const std::string &field, int64_t &value) {
    UniqueFd dir, file;
    std::string status;
    const std::string path = "/proc/" + std::to_string(pid);
    if (Status opened = openDirectoryNoFollow(path, dir); !opened.ok()) return opened;
    if (Status opened = openFileAt(dir.get(), "status", file); !opened.ok()) return opened;
    if (Status read = readBounded(file.get(), 1 << 16, path + "/status", status); !read.ok()) return read;
    const size_t at = status.find("\n" + field);
    if (at == std::string::npos)
        return makeStatus(ErrorCode::ReadFailed, path + "/status has no " + field + " line");
    size_t i = at + 1 + field.size();
    while (i < status.size() && (status[i] == ' ' || status[i] == '\t'))
        ++i;
    value = parseNumber(status.substr(i, 16));
    if (value < 0) return makeStatus(ErrorCode::ReadFailed, path + "/status has no readable " + field);
    return Status::success();
}

// The real uid of the process from /proc/PID/status.
Status processUid(pid_t pid, uid_t &uid) {
    int64_t value = 0;
    if (Status status = statusField(pid, "Uid:", value); !status.ok()) return status;
    uid = static_cast<uid_t>(value);
    return Status::success();
}

// A pidfd of the process, or of the thread where the kernel offers thread pidfds (PIDFD_THREAD, Linux 6.9);
// invalid with errno set when neither can be had.
UniqueFd openPidfd(pid_t pid) {
    constexpr unsigned kPidfdThread = O_EXCL;
    UniqueFd fd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
    if (!fd.valid() && errno == EINVAL)
        fd.reset(static_cast<int>(::syscall(SYS_pidfd_open, pid, kPidfdThread)));
    return fd;
}

// Whether the task behind pidfd has exited (the pidfd turns readable); false for an invalid one.
bool hasExited(const UniqueFd &pidfd) {
    if (!pidfd.valid()) return false;
    pollfd p{pidfd.get(), POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP)) != 0;
}

std::string rangeText(uint64_t start, uint64_t end) {
    char text[48];
    std::snprintf(text, sizeof text, "%" PRIx64 "-%" PRIx64, start, end);
    return text;
}

std::string joinLines(const std::vector<std::string> &names) {
    std::string text;
    for (const std::string &name : names)
        text += name + "\n";
    return text;
}

} // namespace

MachineLimits readMachineLimits() {
    MachineLimits limits;
    const int64_t pidMax = readNumberFile("/proc/sys/kernel/pid_max");
    if (pidMax > 0) limits.pidMax = static_cast<int32_t>(std::min<int64_t>(pidMax, kMaxPid));
    limits.cpuCount = static_cast<int32_t>(std::clamp<long>(::sysconf(_SC_NPROCESSORS_CONF), 1, kMaxCpu + 1));

    const std::string devices = "/sys/bus/event_source/devices";
    UniqueFd dir;
    std::vector<std::string> names;
    if (!openDirectoryNoFollow(devices, dir).ok() || !listDirectory(dir.get(), kMaxPmus, devices, names).ok())
        return limits;
    for (const std::string &name : names) {
        if (name == "kprobe" || name == "uprobe") continue;
        char target[4096];
        const ssize_t length = ::readlinkat(dir.get(), name.c_str(), target, sizeof target - 1);
        if (length <= 0) continue;
        const std::string resolved =
            resolveLexically(devices, std::string(target, static_cast<size_t>(length)));
        if (resolved.rfind("/sys/devices/", 0) != 0) continue;
        const int64_t type = readNumberFile(resolved + "/type");
        if (type >= PERF_TYPE_MAX && type <= 0xffffffffll)
            limits.dynamicPmuTypes.push_back(static_cast<uint32_t>(type));
    }
    return limits;
}

HelperServer::HelperServer(int socketFd, ServerConfig config)
    : socket_(socketFd)
    , config_(std::move(config))
    , limits_(readMachineLimits())
    , buffer_(kMaxMessageSize) {}

int HelperServer::run() {
    for (;;) {
        size_t packetSize = 0;
        bool hadFds = false;
        switch (receive(packetSize, hadFds)) {
        case Received::EndOfStream:
            return 0;
        case Received::Failed:
            return 1;
        case Received::Packet:
            handlePacket(packetSize, hadFds);
            break;
        }
    }
}

HelperServer::Received HelperServer::receive(size_t &packetSize, bool &hadFds) {
    ReceivedPacket packet = receivePacket(socket_, buffer_.data(), buffer_.size(), 16);
    const ssize_t n = packet.size;
    if (n < 0) return packet.error == ECONNRESET ? Received::EndOfStream : Received::Failed;
    // The helper accepts no descriptors: whatever arrived is closed with the packet.
    hadFds = !packet.fds.empty() || packet.controlTruncated;
    if (n == 0) {
        // Zero bytes: the end of the stream, or an empty packet from a live client.
        pollfd p{socket_, POLLIN | POLLRDHUP, 0};
        if (::poll(&p, 1, 0) < 0 || (p.revents & (POLLHUP | POLLRDHUP | POLLERR)))
            return Received::EndOfStream;
    }
    packetSize = static_cast<size_t>(n);
    return Received::Packet;
}

void HelperServer::handlePacket(size_t packetSize, bool hadFds) {
    Header header;
    const uint8_t *payload = nullptr;
    Status status = decodeHeader(buffer_.data(), packetSize, header, payload);
    if (status.ok() && hadFds)
        status = makeStatus(ErrorCode::UnexpectedFd,
                            "the request carried file descriptors; the helper accepts none");
    if (!status.ok()) {
        send(MessageType::Error, header.sequence, encodeError(status));
        return;
    }
    dispatch(header, payload);
}

void HelperServer::dispatch(const Header &header, const uint8_t *payload) {
    const auto type = static_cast<MessageType>(header.type);
    const bool known = (header.type >= static_cast<uint16_t>(MessageType::Hello) &&
                        header.type <= static_cast<uint16_t>(MessageType::OpenMappedFile));
    Status status;
    if (!known)
        status = makeStatus(ErrorCode::UnknownRequest,
                            "request type " + std::to_string(header.type) + " is not known to this helper");
    else if (type != MessageType::Hello && !greeted_)
        status = makeStatus(ErrorCode::NotGreeted, "the first request must be Hello");
    else
        status = handleRequest(type, payload, header.length, header.sequence);
    if (!status.ok()) send(MessageType::Error, header.sequence, encodeError(status));
}

Status HelperServer::handleRequest(MessageType type, const uint8_t *payload, size_t size, uint32_t sequence) {
    switch (type) {
    case MessageType::Hello:
        return handleHello(payload, size, sequence);
    case MessageType::OpenEvent:
        return handleOpenEvent(payload, size, sequence);
    case MessageType::ReadKallsyms:
        return handleKallsyms(size, sequence);
    case MessageType::ReadTracepoint:
        return handleTracepoint(payload, size, sequence);
    case MessageType::ReadProc:
        return handleProc(payload, size, sequence);
    case MessageType::RaiseMemlock:
        return handleRaiseMemlock(payload, size, sequence);
    case MessageType::SetScope:
        return handleScope(payload, size, sequence);
    case MessageType::ListTracepoints:
        return handleListTracepoints(size, sequence);
    case MessageType::ReadTracefsHeader:
        return handleTracefsHeader(payload, size, sequence);
    case MessageType::OpenMappedFile:
        return handleMappedFile(payload, size, sequence);
    default:
        return makeStatus(ErrorCode::UnknownRequest, "request type " +
                                                         std::to_string(static_cast<uint16_t>(type)) +
                                                         " is not known to this helper");
    }
}

Status HelperServer::handleHello(const uint8_t *payload, size_t size, uint32_t sequence) {
    if (greeted_) return makeStatus(ErrorCode::AlreadyGreeted, "Hello was already exchanged");
    uint32_t version = 0;
    if (Status status = decodeHello(payload, size, version); !status.ok()) return status;
    greeted_ = true;
    send(MessageType::HelloReply, sequence,
         PayloadWriter().u32(kVersion).u32(config_.peerUid).u32(kMaxMessageSize).take());
    return Status::success();
}

Status HelperServer::handleOpenEvent(const uint8_t *payload, size_t size, uint32_t sequence) {
    OpenEventRequest request;
    if (Status status = decodeOpenEvent(payload, size, request); !status.ok()) return status;
    limits_.openEvents = events_.size();
    if (Status status = validateOpenEvent(request, limits_); !status.ok()) return status;
    if (Status status = checkScope(request.pid, "open an event on"); !status.ok()) return status;
    if (request.pid > 0 && !processExists(request.pid))
        return makeStatus(ErrorCode::PidNotFound,
                          "process " + std::to_string(request.pid) + " does not exist", ESRCH);
    const int groupFd = request.groupIndex >= 0 ? events_[static_cast<size_t>(request.groupIndex)].get() : -1;
    FdOrErrno fd =
        perfEventOpen(request.attr, request.pid, request.cpu, groupFd, request.flags | PERF_FLAG_FD_CLOEXEC);
    if (!fd) {
        return makeStatus(ErrorCode::OpenFailed,
                          "perf_event_open(type " + std::to_string(request.attr.type) + ", config " +
                              std::to_string(request.attr.config) + ", pid " + std::to_string(request.pid) +
                              ", cpu " + std::to_string(request.cpu) +
                              ") failed: " + std::strerror(fd.error()),
                          fd.error());
    }
    events_.push_back(std::move(*fd));
    send(MessageType::EventFd, sequence,
         PayloadWriter().u32(static_cast<uint32_t>(events_.size() - 1)).take(), events_.back().get());
    return Status::success();
}

Status HelperServer::handleKallsyms(size_t size, uint32_t sequence) {
    if (size != 0)
        return makeStatus(ErrorCode::BadPayloadSize,
                          "ReadKallsyms takes no payload, got " + std::to_string(size) + " bytes");
    UniqueFd fd;
    std::string content;
    if (Status status = openFileNoFollow("/proc/kallsyms", fd); !status.ok()) return status;
    if (Status status = readBounded(fd.get(), kMaxKallsymsSize, "/proc/kallsyms", content); !status.ok())
        return status;
    sendData(sequence, content);
    return Status::success();
}

Status HelperServer::openTracefsEvents(UniqueFd &out) const {
    std::vector<std::string> roots;
    if (!config_.tracefsRoot.empty())
        roots.push_back(config_.tracefsRoot);
    else
        roots = {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
    Status last;
    for (const std::string &root : roots) {
        last = openDirectoryNoFollow(root + "/events", out);
        if (last.ok() || last.code == ErrorCode::SymlinkRefused) return last;
    }
    return makeStatus(ErrorCode::TracefsUnavailable,
                      "tracefs is not mounted (no events directory under /sys/kernel/tracing or "
                      "/sys/kernel/debug/tracing): " +
                          last.message,
                      last.sysErrno);
}

Status HelperServer::handleTracepoint(const uint8_t *payload, size_t size, uint32_t sequence) {
    TracepointRequest request;
    if (Status status = decodeTracepoint(payload, size, request); !status.ok()) return status;
    UniqueFd events, subsystem, event, idFile, formatFile;
    if (Status status = openTracefsEvents(events); !status.ok()) return status;
    const std::string where = request.subsystem + ":" + request.name + ": ";
    std::string idText;
    TracepointInfo info;
    Status status = openDirectoryAt(events.get(), request.subsystem, subsystem);
    if (status.ok()) status = openDirectoryAt(subsystem.get(), request.name, event);
    if (status.ok()) status = openFileAt(event.get(), "id", idFile);
    if (status.ok()) status = readBounded(idFile.get(), 64, "id", idText);
    if (status.ok()) status = openFileAt(event.get(), "format", formatFile);
    if (status.ok()) status = readBounded(formatFile.get(), kMaxTracepointFormatSize, "format", info.format);
    if (!status.ok()) return makeStatus(status.code, where + status.message, status.sysErrno);
    const int64_t id = parseNumber(idText);
    if (id <= 0) return makeStatus(ErrorCode::ReadFailed, where + "id file does not hold a number");
    info.id = static_cast<uint64_t>(id);
    send(MessageType::Tracepoint, sequence, encodeTracepointInfo(info));
    return Status::success();
}

Status HelperServer::handleProc(const uint8_t *payload, size_t size, uint32_t sequence) {
    ProcRequest request;
    if (Status status = decodeProc(payload, size, request); !status.ok()) return status;
    const std::string path = "/proc/" + std::to_string(request.pid);
    UniqueFd dir;
    if (Status status = openProcDir(request.pid, "read /proc of", dir); !status.ok()) return status;
    std::string content;
    const auto which = static_cast<ProcEntry>(request.which);
    if (which == ProcEntry::TaskList) {
        UniqueFd tasks;
        std::vector<std::string> names;
        if (Status status = openDirectoryAt(dir.get(), "task", tasks); !status.ok()) return status;
        if (Status status = listDirectory(tasks.get(), kMaxProcTasks, path + "/task", names); !status.ok())
            return status;
        std::sort(names.begin(), names.end(),
                  [](const std::string &a, const std::string &b) { return parseNumber(a) < parseNumber(b); });
        content = joinLines(names);
    } else {
        static const char *const files[] = {"maps", "status", "comm"};
        const std::string name = files[request.which];
        UniqueFd file;
        if (Status status = openFileAt(dir.get(), name, file); !status.ok()) return status;
        if (Status status = readBounded(file.get(), kMaxProcFileSize, path + "/" + name, content);
            !status.ok())
            return status;
    }
    sendData(sequence, content);
    return Status::success();
}

Status HelperServer::openProcDir(int32_t pid, const char *what, UniqueFd &dir) const {
    if (pid > limits_.pidMax)
        return makeStatus(ErrorCode::PidOutOfRange, "pid " + std::to_string(pid) + " is above pid_max " +
                                                        std::to_string(limits_.pidMax));
    if (Status status = checkScope(pid, what); !status.ok()) return status;
    const Status status = openDirectoryNoFollow("/proc/" + std::to_string(pid), dir);
    if (status.code == ErrorCode::FileNotFound)
        return makeStatus(ErrorCode::PidNotFound, "process " + std::to_string(pid) + " does not exist",
                          ESRCH);
    return status;
}

Status HelperServer::handleMappedFile(const uint8_t *payload, size_t size, uint32_t sequence) {
    MappedFileRequest request;
    if (Status status = decodeMappedFile(payload, size, request); !status.ok()) return status;
    UniqueFd dir, mapsFile;
    if (Status status = openProcDir(request.pid, "open a mapped file of", dir); !status.ok()) return status;
    const std::string where = "/proc/" + std::to_string(request.pid) + "/maps";
    std::string maps;
    if (Status status = openFileAt(dir.get(), "maps", mapsFile); !status.ok()) return status;
    if (Status status = readBounded(mapsFile.get(), kMaxProcFileSize, where, maps); !status.ok())
        return status;
    MapsEntry mapping;
    if (!findMapping(maps, request.start, request.end, mapping) || !mapping.executable ||
        mapping.inode == 0 || mapping.path.empty() || mapping.path.front() != '/')
        return makeStatus(ErrorCode::MappingNotFound,
                          where + " has no executable file mapping " + rangeText(request.start, request.end));
    UniqueFd file;
    MappedFileVia via{};
    if (Status status = openMappedFile(dir.get(), mapping, file, via); !status.ok())
        return makeStatus(status.code,
                          mapping.path + " of process " + std::to_string(request.pid) + ": " + status.message,
                          status.sysErrno);
    send(MessageType::MappedFile, sequence, PayloadWriter().u32(static_cast<uint32_t>(via)).take(),
         file.get());
    return Status::success();
}

Status HelperServer::handleRaiseMemlock(const uint8_t *payload, size_t size, uint32_t sequence) {
    uint64_t bytes = 0;
    if (Status status = decodeRaiseMemlock(payload, size, bytes); !status.ok()) return status;
    // Only the client's own process, and only while it still belongs to the requesting user.
    const pid_t pid = config_.peerPid;
    if (pid <= 0)
        return makeStatus(ErrorCode::MemlockFailed,
                          "the client's process id is unknown (" + std::to_string(pid) + ")");
    uid_t owner = 0;
    if (Status read = processUid(pid, owner); !read.ok())
        return makeStatus(ErrorCode::MemlockFailed,
                          "cannot tell who owns the client process " + std::to_string(pid) + ": " +
                              read.message,
                          read.sysErrno);
    if (owner != config_.peerUid)
        return makeStatus(ErrorCode::MemlockFailed, "the client process " + std::to_string(pid) +
                                                        " no longer belongs to uid " +
                                                        std::to_string(config_.peerUid));
    rlimit current{};
    if (::prlimit(pid, RLIMIT_MEMLOCK, nullptr, &current) != 0)
        return makeStatus(ErrorCode::MemlockFailed,
                          std::string("cannot read RLIMIT_MEMLOCK: ") + std::strerror(errno), errno);
    rlimit raised = current;
    if (raised.rlim_cur != RLIM_INFINITY) raised.rlim_cur = std::max<rlim_t>(raised.rlim_cur, bytes);
    if (raised.rlim_max != RLIM_INFINITY)
        raised.rlim_max = std::max<rlim_t>(raised.rlim_max, raised.rlim_cur);
    if (::prlimit(pid, RLIMIT_MEMLOCK, &raised, nullptr) != 0)
        return makeStatus(ErrorCode::MemlockFailed,
                          std::string("cannot raise RLIMIT_MEMLOCK: ") + std::strerror(errno), errno);
    send(MessageType::Done, sequence, {});
    return Status::success();
}

Status HelperServer::handleScope(const uint8_t *payload, size_t size, uint32_t sequence) {
    if (scope_) return makeStatus(ErrorCode::ScopeAlreadySet, "the recording's scope was already set");
    ScopeRequest request;
    if (Status status = decodeScope(payload, size, request); !status.ok()) return status;
    for (int32_t pid : request.pids) {
        if (pid > limits_.pidMax)
            return makeStatus(ErrorCode::PidOutOfRange, "scope pid " + std::to_string(pid) +
                                                            " is above pid_max " +
                                                            std::to_string(limits_.pidMax));
        if (!processExists(pid))
            return makeStatus(ErrorCode::PidNotFound, "process " + std::to_string(pid) + " does not exist",
                              ESRCH);
    }
    std::sort(request.pids.begin(), request.pids.end());
    // A pidfd per target pins its identity: once it has exited, its pid, reused by another process, is
    // refused.
    std::vector<UniqueFd> pinned;
    for (int32_t pid : request.pids) {
        UniqueFd fd = openPidfd(pid);
        if (!fd.valid() && errno != ENOSYS && errno != EINVAL)
            return makeStatus(
                ErrorCode::ScopeInvalid,
                "cannot hold on to process " + std::to_string(pid) + ": " + std::strerror(errno), errno);
        pinned.push_back(std::move(fd));
    }
    scope_ = std::move(request);
    scopeFds_ = std::move(pinned);
    send(MessageType::Done, sequence, {});
    return Status::success();
}

Status HelperServer::checkScope(int32_t pid, const char *what) const {
    if (!scope_)
        return makeStatus(ErrorCode::ScopeNotSet,
                          std::string("cannot ") + what + " a task before the recording's scope is set");
    if (scope_->systemWide) return Status::success();
    if (pid < 0)
        return makeStatus(ErrorCode::OutOfScope,
                          "CPU-wide events (pid -1) need a system-wide scope; this recording's scope is " +
                              std::to_string(scope_->pids.size()) + " processes or threads");
    // 1: a target that still runs; -1: a target that has exited (its pid may be another process's now); 0:
    // none.
    const auto target = [this](int64_t task) {
        const auto found =
            std::lower_bound(scope_->pids.begin(), scope_->pids.end(), static_cast<int32_t>(task));
        if (found == scope_->pids.end() || *found != task) return 0;
        return hasExited(scopeFds_[static_cast<size_t>(found - scope_->pids.begin())]) ? -1 : 1;
    };
    int64_t tgid = pid;
    int found = target(pid);
    if (found == 0) {
        // A thread of a process in scope (one created after the scope was set, or named by its thread id).
        const Status read = statusField(pid, "Tgid:", tgid);
        if (!read.ok() && read.code == ErrorCode::FileNotFound)
            return makeStatus(ErrorCode::PidNotFound, "process " + std::to_string(pid) + " does not exist",
                              ESRCH);
        if (read.ok()) found = target(tgid);
    }
    if (found == 1) return Status::success();
    if (found == -1)
        return makeStatus(ErrorCode::OutOfScope,
                          std::string("cannot ") + what + " task " + std::to_string(pid) +
                              ": the recording's target " + std::to_string(tgid) +
                              " has exited, and its pid may belong to another process now");
    return makeStatus(ErrorCode::OutOfScope,
                      std::string("cannot ") + what + " task " + std::to_string(pid) +
                          ": it is not one of the recording's targets nor a thread of one");
}

Status HelperServer::handleListTracepoints(size_t size, uint32_t sequence) {
    if (size != 0)
        return makeStatus(ErrorCode::BadPayloadSize,
                          "ListTracepoints takes no payload, got " + std::to_string(size) + " bytes");
    UniqueFd events;
    if (Status status = openTracefsEvents(events); !status.ok()) return status;
    std::vector<std::string> subsystems;
    if (Status status = listDirectory(events.get(), kMaxTracepoints, "tracefs events", subsystems);
        !status.ok())
        return status;
    std::sort(subsystems.begin(), subsystems.end());
    std::string content;
    size_t count = 0;
    for (const std::string &subsystem : subsystems) {
        UniqueFd dir;
        std::vector<std::string> names;
        // Files such as header_page, and names the protocol could not ask for, are not subsystems.
        if (!validateTracepointName(subsystem, "").ok() ||
            !openDirectoryAt(events.get(), subsystem, dir).ok())
            continue;
        if (Status status = listDirectory(dir.get(), kMaxTracepoints, subsystem, names); !status.ok())
            return status;
        std::sort(names.begin(), names.end());
        for (const std::string &name : names) {
            UniqueFd event;
            if (!validateTracepointName(name, "").ok() || !openDirectoryAt(dir.get(), name, event).ok())
                continue;
            const std::string line = subsystem + "/" + name + "\n";
            if (++count > kMaxTracepoints || content.size() + line.size() > kMaxTracepointListSize)
                return makeStatus(ErrorCode::ContentTooLarge,
                                  "tracefs lists more than " + std::to_string(kMaxTracepoints) +
                                      " tracepoints or " + std::to_string(kMaxTracepointListSize) + " bytes");
            content += line;
        }
    }
    sendData(sequence, content);
    return Status::success();
}

Status HelperServer::handleTracefsHeader(const uint8_t *payload, size_t size, uint32_t sequence) {
    TracefsHeader which{};
    if (Status status = decodeTracefsHeader(payload, size, which); !status.ok()) return status;
    const std::string name = which == TracefsHeader::Page ? "header_page" : "header_event";
    UniqueFd events, file;
    std::string content;
    if (Status status = openTracefsEvents(events); !status.ok()) return status;
    if (Status status = openFileAt(events.get(), name, file); !status.ok()) return status;
    if (Status status = readBounded(file.get(), kMaxTracefsHeaderSize, name, content); !status.ok())
        return status;
    sendData(sequence, content);
    return Status::success();
}

void HelperServer::send(MessageType type, uint32_t sequence, const std::vector<uint8_t> &payload, int fd) {
    const std::vector<uint8_t> bytes = encodeMessage(type, sequence, payload);
    iovec iov{const_cast<uint8_t *>(bytes.data()), bytes.size()};
    msghdr message{};
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
    if (fd >= 0) {
        std::memset(control, 0, sizeof control);
        message.msg_control = control;
        message.msg_controllen = sizeof control;
        cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
    }
    ssize_t n;
    do {
        n = ::sendmsg(socket_, &message, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    // A failed send means the client went away; the next receive sees the end of the stream.
}

void HelperServer::sendData(uint32_t sequence, const std::string &content) {
    constexpr size_t chunk = kMaxPayloadSize - 1;
    size_t offset = 0;
    do {
        const size_t size = std::min(chunk, content.size() - offset);
        const bool final = offset + size == content.size();
        PayloadWriter writer;
        writer.u8(final ? 1 : 0).raw(content.data() + offset, size);
        send(MessageType::Data, sequence, writer.bytes());
        offset += size;
    } while (offset < content.size());
}

} // namespace perfglass::helper
