// Whether a page of this process is in its page tables, read from /proc/self/pagemap (bit 63), which needs no
// privilege: for tests of what a mapping keeps mapped.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>

inline bool pagePresent(const void *address) {
    const long page = ::sysconf(_SC_PAGESIZE);
    const int fd = ::open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    uint64_t entry = 0;
    const off_t offset = static_cast<off_t>(reinterpret_cast<uintptr_t>(address) / page * sizeof entry);
    const bool read = ::pread(fd, &entry, sizeof entry, offset) == sizeof entry;
    ::close(fd);
    return read && (entry >> 63) != 0;
}
