// The perf_event_open(2) system call, which glibc does not wrap.
#pragma once

#include "base/FdOrErrno.h"

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

namespace perfglass {

inline FdOrErrno perfEventOpen(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                               unsigned long flags) {
    return fdOrErrno(static_cast<int>(::syscall(SYS_perf_event_open, &attr, pid, cpu, groupFd, flags)));
}

} // namespace perfglass
