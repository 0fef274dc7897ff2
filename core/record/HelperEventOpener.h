// Opens perf events through the privileged helper (perfglass-helper, started with pkexec): the helper opens
// each event with root's privileges and passes the fd back over its socket; the recorder then mmaps and
// drains it as usual. Also raises the recorder's locked-memory limit through the helper.
//
// Also the privileged reads of a recording (PrivilegedReader): kallsyms, tracefs ids, formats and headers,
// and /proc entries of the recording's targets.
//
// What the helper allows: once polkit authorized it (an administrator's password, kept for a few minutes by
// auth_admin_keep), the recording is told its targets once (setScope): the whole system, or a list of
// processes and threads. It then opens events with kernel samples and tracepoints, like `perf record` run as
// root, but only on those targets (and the threads of those processes), and reads /proc only of them; every
// attribute field stays within the limits of HelperProtocol.h. The requesting user is the socket's peer
// (SO_PEERCRED), which must be the user pkexec names in PKEXEC_UID.
#pragma once

#include "events/EventOpener.h"
#include "events/PrivilegedReader.h"
#include "record/HelperConnection.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace perfglass {

class HelperEventOpener : public EventOpener, public PrivilegedReader {
public:
    explicit HelperEventOpener(std::unique_ptr<HelperConnection> connection);

    // The new event's descriptor, or the errno that refused it: the kernel's errno when perf_event_open
    // failed in the helper, EBADF for a groupFd that this opener did not return, EINVAL for a request the
    // helper's limits refuse, EPIPE when the helper is gone. lastError() says what happened in words.
    FdOrErrno open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                   unsigned long flags) override;
    const std::string &lastError() const { return lastError_; }

    // Raises this process's RLIMIT_MEMLOCK to at least bytes, so ring buffers beyond the per-user
    // kernel.perf_event_mlock_kb can be mapped (the kernel charges the excess to RLIMIT_MEMLOCK). Throws
    // Error saying why the helper refused.
    void raiseMemlockLimit(uint64_t bytes);

    // The recording's targets (see above); throws Error saying why the helper refused them. Once only.
    void setScope(bool systemWide, const std::vector<pid_t> &pids);
    bool scopeSet() const { return scopeSet_; }

    Expected<std::string> kallsyms() override;
    Expected<std::string> procFile(pid_t pid, ProcFile which) override;
    Expected<std::string> tracepointList() override;
    Expected<TracepointFiles> tracepoint(const std::string &subsystem, const std::string &name) override;
    Expected<std::string> tracefsHeader(TracefsHeaderFile which) override;

    // The file that the executable mapping [start, end) of task pid maps, read-only, as the task sees it
    // (for its build id and the build-id cache); the reason in words when the helper refuses or cannot.
    // Once an older helper answered that it does not know the request, fails without asking again.
    Expected<UniqueFd> mappedFile(pid_t pid, uint64_t start, uint64_t end);

    HelperConnection &connection() { return *connection_; }

private:
    std::unique_ptr<HelperConnection> connection_;
    std::map<int, uint32_t> indexOfFd_; // fds this opener returned -> the helper's index for them
    std::string lastError_;
    bool scopeSet_ = false;
    bool mappedFilesUnknown_ = false; // the helper predates OpenMappedFile
};

// Starts perfglass-helper (through pkexec unless already root). Throws Error when it cannot be had, saying
// what the user can do instead (privilegeAdvice()).
std::unique_ptr<HelperEventOpener> startPrivilegedHelper();

// A precise message for a ring buffer mmap refused with EPERM: the limits in force
// (kernel.perf_event_mlock_kb per CPU, RLIMIT_MEMLOCK), what totalBytes of buffers need, and the sysctl or
// capability that lifts the limit.
std::string mlockAdvice(uint64_t bufferBytes, uint64_t totalBytes);

} // namespace perfglass
