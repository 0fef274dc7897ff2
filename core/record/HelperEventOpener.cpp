#include "record/HelperEventOpener.h"

#include "base/Error.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

namespace perfglass {

using helper::ErrorCode;
using helper::Status;

namespace {

int errnoFor(const Status &status) {
    switch (status.code) {
    case ErrorCode::OpenFailed:
        return status.sysErrno > 0 ? status.sysErrno : EINVAL;
    case ErrorCode::PidNotFound:
        return ESRCH;
    case ErrorCode::GroupIndexOutOfRange:
        return EBADF;
    case ErrorCode::TooManyEvents:
        return EMFILE;
    case ErrorCode::ConnectionClosed:
        return EPIPE;
    default:
        return EINVAL;
    }
}

std::string describe(const Status &status) {
    return std::string("privileged helper: ") + helper::errorCodeName(status.code) + ": " + status.message;
}

uint64_t readSysctl(const char *path, uint64_t fallback) {
    std::ifstream file(path);
    uint64_t value = 0;
    return file >> value ? value : fallback;
}

} // namespace

HelperEventOpener::HelperEventOpener(std::unique_ptr<HelperConnection> connection)
    : connection_(std::move(connection)) {}

FdOrErrno HelperEventOpener::open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                                  unsigned long flags) {
    helper::OpenEventRequest request;
    request.attr = attr;
    if (request.attr.size == 0) request.attr.size = sizeof(perf_event_attr);
    request.pid = pid;
    request.cpu = cpu;
    request.flags = flags;
    if (groupFd >= 0) {
        const auto found = indexOfFd_.find(groupFd);
        if (found == indexOfFd_.end()) {
            lastError_ =
                "privileged helper: group fd " + std::to_string(groupFd) + " was not opened by the helper";
            return unexpected(EBADF);
        }
        request.groupIndex = static_cast<int32_t>(found->second);
    }
    UniqueFd fd;
    uint32_t index = 0;
    const Status status = connection_->openEvent(request, fd, index);
    if (!status.ok()) {
        lastError_ = describe(status);
        return unexpected(errnoFor(status));
    }
    lastError_.clear();
    indexOfFd_[fd.get()] = index;
    return fd;
}

void HelperEventOpener::raiseMemlockLimit(uint64_t bytes) {
    const Status status = connection_->raiseMemlock(bytes);
    if (!status.ok()) throw Error(describe(status));
}

void HelperEventOpener::setScope(bool systemWide, const std::vector<pid_t> &pids) {
    helper::ScopeRequest scope;
    scope.systemWide = systemWide;
    if (!systemWide) scope.pids.assign(pids.begin(), pids.end());
    const Status status = connection_->setScope(scope);
    if (!status.ok()) throw Error(describe(status));
    scopeSet_ = true;
}

namespace {

template <typename T> Expected<T> result(const Status &status, T value) {
    if (!status.ok()) return unexpected(describe(status));
    return value;
}

} // namespace

Expected<std::string> HelperEventOpener::kallsyms() {
    std::string content;
    const Status status = connection_->readKallsyms(content);
    return result(status, std::move(content));
}

Expected<std::string> HelperEventOpener::procFile(pid_t pid, ProcFile which) {
    static constexpr helper::ProcEntry kEntries[] = {helper::ProcEntry::Maps, helper::ProcEntry::Status,
                                                     helper::ProcEntry::Comm, helper::ProcEntry::TaskList};
    std::string content;
    const Status status = connection_->readProc(pid, kEntries[static_cast<size_t>(which)], content);
    return result(status, std::move(content));
}

Expected<UniqueFd> HelperEventOpener::mappedFile(pid_t pid, uint64_t start, uint64_t end) {
    if (mappedFilesUnknown_) return unexpected(std::string("the privileged helper cannot open mapped files"));
    UniqueFd fd;
    helper::MappedFileVia via{};
    const Status status = connection_->openMappedFile({static_cast<int32_t>(pid), start, end}, fd, via);
    if (status.code == ErrorCode::UnknownRequest) mappedFilesUnknown_ = true;
    return result(status, std::move(fd));
}

Expected<std::string> HelperEventOpener::tracepointList() {
    std::string content;
    const Status status = connection_->listTracepoints(content);
    return result(status, std::move(content));
}

Expected<TracepointFiles> HelperEventOpener::tracepoint(const std::string &subsystem,
                                                        const std::string &name) {
    helper::TracepointInfo info;
    const Status status = connection_->readTracepoint(subsystem, name, info);
    return result(status, TracepointFiles{info.id, std::move(info.format)});
}

Expected<std::string> HelperEventOpener::tracefsHeader(TracefsHeaderFile which) {
    std::string content;
    const Status status = connection_->readTracefsHeader(
        which == TracefsHeaderFile::Page ? helper::TracefsHeader::Page : helper::TracefsHeader::Event,
        content);
    return result(status, std::move(content));
}

std::unique_ptr<HelperEventOpener> startPrivilegedHelper() {
    return std::make_unique<HelperEventOpener>(HelperConnection::start({}));
}

std::string mlockAdvice(uint64_t bufferBytes, uint64_t totalBytes) {
    const uint64_t perCpuKb = readSysctl("/proc/sys/kernel/perf_event_mlock_kb", 516);
    const long cpus = std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN));
    rlimit memlock{};
    ::getrlimit(RLIMIT_MEMLOCK, &memlock);
    const std::string rlimitText =
        memlock.rlim_cur == RLIM_INFINITY ? "unlimited" : std::to_string(memlock.rlim_cur / 1024) + " KiB";
    const uint64_t totalKb = (totalBytes + 1023) / 1024;
    // The kernel lets a user lock perf_event_mlock_kb per online CPU, plus RLIMIT_MEMLOCK.
    const uint64_t neededPerCpuKb =
        (totalKb + static_cast<uint64_t>(cpus) - 1) / static_cast<uint64_t>(cpus) + 8;
    return "cannot map a ring buffer of " + std::to_string(bufferBytes / 1024) +
           " KiB: the kernel limits locked perf buffers per user to kernel.perf_event_mlock_kb (" +
           std::to_string(perCpuKb) + " KiB) times " + std::to_string(cpus) + " CPUs plus RLIMIT_MEMLOCK (" +
           rlimitText + "), and this recording needs " + std::to_string(totalKb) +
           " KiB in all. Use fewer pages (-m), or raise the limit with `sudo sysctl -w "
           "kernel.perf_event_mlock_kb=" +
           std::to_string(std::max(neededPerCpuKb, perCpuKb)) +
           "`, or grant `sudo setcap cap_perfmon,cap_ipc_lock+ep $(which perfglass-cli)`.";
}

} // namespace perfglass
