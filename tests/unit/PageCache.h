// What the page cache holds of a file, for tests of writes that bypass it (BlockFileWriter's O_DIRECT).
#pragma once

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <cstddef>
#include <string>
#include <vector>

namespace perfglass::test {

// Whether a writer can write past the page cache on the file system holding path: it takes O_DIRECT (probed
// on a file of its own) and is not tmpfs, which keeps every byte in the page cache all the same.
inline bool writesPastThePageCache(const std::string &path) {
    const std::string probe = path + ".probe";
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_DIRECT, 0600);
    struct statfs fileSystem {};
    const bool inMemory = fd >= 0 && ::fstatfs(fd, &fileSystem) == 0 &&
                          (fileSystem.f_type == TMPFS_MAGIC || fileSystem.f_type == RAMFS_MAGIC);
    if (fd >= 0) ::close(fd);
    ::unlink(probe.c_str());
    return fd >= 0 && !inMemory;
}

// For each page of the first size bytes of path: whether it is in the page cache (mincore(2)); empty when
// the file cannot be mapped.
inline std::vector<bool> cachedPages(const std::string &path, size_t size) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    void *mapped = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    ::close(fd);
    if (mapped == MAP_FAILED) return {};
    const size_t pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> residency((size + pageSize - 1) / pageSize);
    std::vector<bool> cached;
    if (::mincore(mapped, size, residency.data()) == 0)
        for (const unsigned char page : residency)
            cached.push_back((page & 1) != 0);
    ::munmap(mapped, size);
    return cached;
}

} // namespace perfglass::test
