// Opens perf events. The recorder opens events through this interface so that the same code records with the
// user's own privileges (DirectEventOpener) or through the privileged helper, which opens them and passes the
// file descriptors back.
#pragma once

#include "base/PerfEventOpen.h"

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cerrno>

namespace perfglass {

class EventOpener {
public:
    virtual ~EventOpener() = default;
    // Returns a new file descriptor, or -errno.
    virtual int open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd, unsigned long flags) = 0;
};

class DirectEventOpener : public EventOpener {
public:
    int open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd, unsigned long flags) override {
        const int fd = perfEventOpen(attr, pid, cpu, groupFd, flags);
        return fd >= 0 ? fd : -errno;
    }
};

} // namespace perfglass
