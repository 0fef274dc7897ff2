// Opens perf events. The recorder opens events through this interface so that the same code records with the
// user's own privileges (DirectEventOpener) or through the privileged helper, which opens them and passes the
// file descriptors back.
#pragma once

#include "base/PerfEventOpen.h"

#include <linux/perf_event.h>
#include <sys/types.h>

namespace perfglass {

class EventOpener {
public:
    virtual ~EventOpener() = default;
    // The new event's descriptor, or the errno that refused it.
    virtual FdOrErrno open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                           unsigned long flags) = 0;
};

class DirectEventOpener : public EventOpener {
public:
    FdOrErrno open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                   unsigned long flags) override {
        return perfEventOpen(attr, pid, cpu, groupFd, flags);
    }
};

} // namespace perfglass
