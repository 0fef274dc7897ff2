// tracefs for tests that record tracepoints where the machine has not mounted it: mounted at
// /sys/kernel/tracing in a private mount namespace of the calling thread (which the processes it then
// starts inherit). Shared by tst_helperrecord and tst_remoterecord.
#pragma once

#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>

namespace perfglass::test {

// False when tracefs is neither mounted nor can be mounted (no right to make the namespace).
inline bool ensureTracefs() {
    struct stat info {};
    if (::stat("/sys/kernel/tracing/events", &info) == 0 ||
        ::stat("/sys/kernel/debug/tracing/events", &info) == 0)
        return true;
    if (::unshare(CLONE_NEWNS) != 0) return false;
    if (::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return false;
    return ::mount("nodev", "/sys/kernel/tracing", "tracefs", 0, nullptr) == 0;
}

} // namespace perfglass::test
