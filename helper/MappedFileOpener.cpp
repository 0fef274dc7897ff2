#include "MappedFileOpener.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace perfglass::helper {

namespace {

// "start-end perms offset major:minor inode   path", after the range.
bool parseRest(std::string_view line, MapsEntry &out) {
    const std::string text(line);
    char perms[8] = {};
    unsigned long long offset = 0, inode = 0;
    unsigned major = 0, minor = 0;
    int pathStart = 0;
    if (std::sscanf(text.c_str(), "%7s %llx %x:%x %llu %n", perms, &offset, &major, &minor, &inode,
                    &pathStart) < 5)
        return false;
    out.executable = std::strlen(perms) >= 3 && perms[2] == 'x';
    out.major = major;
    out.minor = minor;
    out.inode = inode;
    out.path = pathStart > 0 ? text.substr(static_cast<size_t>(pathStart)) : std::string();
    return true;
}

bool isMappedFile(int fd, const MapsEntry &mapping) {
    struct stat info {};
    return ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) &&
           info.st_dev == makedev(mapping.major, mapping.minor) && info.st_ino == mapping.inode;
}

// A readable descriptor of what pathFd (O_PATH) names, once it is known to be the mapped regular file: only
// then is it opened for reading (opening a device node could have effects).
Status reopenIfMapped(const UniqueFd &pathFd, const MapsEntry &mapping, const char *how, UniqueFd &out) {
    if (!pathFd.valid())
        return makeStatus(ErrorCode::FileChanged,
                          std::string("cannot reach ") + how + ": " + std::strerror(errno), errno);
    if (!isMappedFile(pathFd.get(), mapping))
        return makeStatus(ErrorCode::FileChanged,
                          std::string(how) + " is not the mapped file (device, inode)");
    const std::string self = "/proc/self/fd/" + std::to_string(pathFd.get());
    UniqueFd fd(::open(self.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
    char magic[4] = {};
    if (!fd.valid() || !isMappedFile(fd.get(), mapping) || ::pread(fd.get(), magic, 4, 0) != 4 ||
        std::memcmp(magic, "\177ELF", 4) != 0)
        return makeStatus(ErrorCode::FileChanged, std::string(how) + " is not a readable ELF file");
    out = std::move(fd);
    return Status::success();
}

UniqueFd openInRoot(int procDir, const std::string &path) {
    const UniqueFd root(::openat(procDir, "root", O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (!root.valid() || path.size() < 2 || path.front() != '/') return {};
    open_how how{};
    how.flags = O_PATH | O_CLOEXEC;
    how.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    const long fd = ::syscall(SYS_openat2, root.get(), path.c_str() + 1, &how, sizeof how);
    return UniqueFd(fd >= 0 ? static_cast<int>(fd) : -1);
}

} // namespace

bool findMapping(std::string_view maps, uint64_t start, uint64_t end, MapsEntry &out) {
    char prefix[48];
    std::snprintf(prefix, sizeof prefix, "%08" PRIx64 "-%08" PRIx64 " ", start, end);
    const std::string_view wanted(prefix);
    size_t at = 0;
    while (at < maps.size()) {
        const size_t newline = maps.find('\n', at);
        const std::string_view line =
            maps.substr(at, newline == std::string_view::npos ? std::string_view::npos : newline - at);
        if (line.starts_with(wanted)) {
            out.start = start;
            out.end = end;
            return parseRest(line.substr(wanted.size()), out);
        }
        if (newline == std::string_view::npos) break;
        at = newline + 1;
    }
    return false;
}

Status openMappedFile(int procDir, const MapsEntry &mapping, UniqueFd &out, MappedFileVia &via) {
    char name[64];
    std::snprintf(name, sizeof name, "map_files/%" PRIx64 "-%" PRIx64, mapping.start, mapping.end);
    const UniqueFd mapFile(::openat(procDir, name, O_PATH | O_CLOEXEC));
    const Status direct = reopenIfMapped(mapFile, mapping, name, out);
    if (direct.ok()) {
        via = MappedFileVia::MapFiles;
        return direct;
    }
    const std::string where = "root" + mapping.path;
    const Status inRoot = reopenIfMapped(openInRoot(procDir, mapping.path), mapping, where.c_str(), out);
    if (inRoot.ok()) {
        via = MappedFileVia::Root;
        return inRoot;
    }
    return makeStatus(ErrorCode::FileChanged, direct.message + "; " + inRoot.message, inRoot.sysErrno);
}

} // namespace perfglass::helper
