#include "record/MappedFiles.h"

#include "identity/ElfBuildId.h"
#include "record/ProcessMemoryBuildId.h"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace perfglass {

namespace {

// Descriptors kept at most: each is one open file for the whole recording, beside the perf events'. Past
// this, files are read again at the end, through the path and only when they are still the one mapped.
// Never more than a quarter of the open-file limit, so that the recording's own files can still be opened.
size_t maxKeptDescriptors() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 512;
    return std::min<size_t>(512, static_cast<size_t>(limit.rlim_cur / 4));
}
// Tries to open the file of a build id the kernel gave, when earlier tries failed (the mapping was gone).
constexpr int kMaxKeepAttempts = 3;

bool sameFile(int fd, const MappedFiles::Mapping &mapping) {
    struct stat status {};
    return ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
           status.st_dev == makedev(mapping.major, mapping.minor) && status.st_ino == mapping.inode;
}

bool isRegular(int fd) {
    struct stat status {};
    return ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode);
}

} // namespace

MappedFiles::MappedFiles(std::string procRoot)
    : procRoot_(std::move(procRoot))
    , maxKept_(maxKeptDescriptors()) {}

bool MappedFiles::isDeleted(std::string_view path) {
    return path.ends_with(" (deleted)");
}

UniqueFd MappedFiles::openMapFile(pid_t pid, uint64_t start, uint64_t end) const {
    char name[80];
    std::snprintf(name, sizeof name, "/%d/map_files/%" PRIx64 "-%" PRIx64, static_cast<int>(pid), start, end);
    return UniqueFd(::open((procRoot_ + name).c_str(), O_RDONLY | O_CLOEXEC));
}

// path inside the process's root, its absolute links resolved inside that root too (openat2's
// RESOLVE_IN_ROOT, Linux 5.6), never escaping into the recorder's file system.
UniqueFd MappedFiles::openInRoot(pid_t pid, std::string_view path) const {
    if (path.empty() || path.front() != '/' || isDeleted(path)) return {};
    const std::string rootPath = procRoot_ + "/" + std::to_string(pid) + "/root";
    const UniqueFd root(::open(rootPath.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
    if (!root.valid()) return {};
    open_how how{};
    how.flags = O_RDONLY | O_CLOEXEC;
    how.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS;
    const std::string relative(path.substr(1));
    const long fd = ::syscall(SYS_openat2, root.get(), relative.c_str(), &how, sizeof how);
    if (fd >= 0) return UniqueFd(static_cast<int>(fd));
    if (errno != ENOSYS) return {};
    // Before openat2: the path through the root link; a link leading out is caught by the inode check.
    return UniqueFd(::open((rootPath + std::string(path)).c_str(), O_RDONLY | O_CLOEXEC));
}

// The program a process runs, through the kernel's own link to the very file, even when its path names
// another file now. Its owner may open it without privilege.
UniqueFd MappedFiles::openExecutable(pid_t pid) const {
    if (pid <= 0) return {};
    const std::string path = procRoot_ + "/" + std::to_string(pid) + "/exe";
    return UniqueFd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
}

UniqueFd MappedFiles::openPrivileged(pid_t pid, uint64_t start, uint64_t end) {
    if (!privilegedOpen_ || start >= end) return {};
    return privilegedOpen_(pid, start, end);
}

UniqueFd MappedFiles::openMapped(pid_t pid, const Mapping &mapping, bool executable) {
    if (UniqueFd fd = openMapFile(pid, mapping.start, mapping.end); fd.valid() && sameFile(fd.get(), mapping))
        return fd;
    UniqueFd fd = openInRoot(pid, mapping.path);
    if (fd.valid() && sameFile(fd.get(), mapping)) return fd;
    // Replaced since it was mapped: when it is the program itself, the kernel's link to it.
    if (fd = openExecutable(pid); fd.valid() && sameFile(fd.get(), mapping)) return fd;
    // Another user's process: the helper opens it as the process sees it (the helper checks it is that file).
    if (executable) fd = openPrivileged(pid, mapping.start, mapping.end);
    if (fd.valid() && sameFile(fd.get(), mapping)) return fd;
    // The process is gone: the recorder's own view, still only when it is the very file (device and inode).
    if (!mapping.path.starts_with('/') || isDeleted(mapping.path)) return {};
    fd.reset(::open(mapping.path.c_str(), O_RDONLY | O_CLOEXEC));
    return fd.valid() && sameFile(fd.get(), mapping) ? std::move(fd) : UniqueFd();
}

std::vector<uint8_t> MappedFiles::buildIdOf(pid_t pid, const Mapping &mapping, bool executable) {
    const auto key = std::make_tuple(mapping.major, mapping.minor, mapping.inode);
    if (mapping.inode == 0 || mapping.path.empty() || mapping.path.front() != '/') return {};
    const auto known = byInode_.find(key);
    if (known != byInode_.end() &&
        (!executable || !keepDescriptors_ || known->second.empty() || kept_.count(known->second)))
        return known->second;
    UniqueFd fd = openMapped(pid, mapping, executable);
    std::vector<uint8_t> buildId;
    if (fd.valid())
        buildId = elfBuildIdOfFd(fd.get());
    else if (known != byInode_.end() && !known->second.empty())
        return known->second; // read from memory before: the file still cannot be kept
    else
        buildId = buildIdFromMemory(pid, mapping);
    byInode_[key] = buildId;
    if (!buildId.empty()) unidentified_.erase(mapping.path);
    if (executable && !buildId.empty()) keep(buildId, std::move(fd), mapping.path);
    return buildId;
}

// The file cannot be opened as the process maps it: the build id the process has in memory, or why not.
std::vector<uint8_t> MappedFiles::buildIdFromMemory(pid_t pid, const Mapping &mapping) {
    if (pid <= 0) return {};
    const ProcessMemoryBuildId memory(procRoot_);
    auto buildId = memory.read(pid, {mapping.major, mapping.minor, mapping.inode, mapping.path});
    if (!buildId) {
        unidentified_[mapping.path] = buildId.error();
        return {};
    }
    return std::move(*buildId);
}

void MappedFiles::keepFor(pid_t pid, uint64_t start, uint64_t end, std::string_view path,
                          std::span<const uint8_t> buildId) {
    if (!keepDescriptors_ || buildId.empty() || path.empty() || path.front() != '/') return;
    const std::vector<uint8_t> id(buildId.begin(), buildId.end());
    if (kept_.count(id) || kept_.size() >= maxKept_) return;
    int &attempts = keepAttempts_[id];
    if (attempts >= kMaxKeepAttempts) return;
    ++attempts;
    const auto holdsId = [&id](const UniqueFd &fd) {
        return fd.valid() && isRegular(fd.get()) && elfBuildIdOfFd(fd.get()) == id;
    };
    UniqueFd fd = openMapFile(pid, start, end);
    if (!holdsId(fd)) fd = openInRoot(pid, path);
    if (!holdsId(fd)) fd = openExecutable(pid);
    if (!holdsId(fd)) fd = openPrivileged(pid, start, end);
    // The process is gone already (a short-lived one): the recorder's own view, if it holds that build id.
    if (!holdsId(fd) && !isDeleted(path)) fd.reset(::open(std::string(path).c_str(), O_RDONLY | O_CLOEXEC));
    if (holdsId(fd)) keep(id, std::move(fd), path);
}

void MappedFiles::keep(std::span<const uint8_t> buildId, UniqueFd fd, std::string_view path) {
    if (!keepDescriptors_ || !fd.valid() || kept_.size() >= maxKept_) return;
    std::vector<uint8_t> id(buildId.begin(), buildId.end());
    if (kept_.count(id)) return;
    std::string recorded(path);
    if (isDeleted(recorded)) recorded.resize(recorded.size() - std::string_view(" (deleted)").size());
    kept_.emplace(std::move(id), Kept{std::move(fd), std::move(recorded)});
}

const MappedFiles::Kept *MappedFiles::kept(std::span<const uint8_t> buildId) const {
    const auto found = kept_.find(std::vector<uint8_t>(buildId.begin(), buildId.end()));
    return found == kept_.end() ? nullptr : &found->second;
}

} // namespace perfglass
