#include "identity/ArchiveCachePruner.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

struct CacheEntry {
    fs::path directory;
    timespec used{};
    uint64_t bytes = 0;
};

bool isDigestName(const std::string &name) {
    return name.size() == 64 && std::all_of(name.begin(), name.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// The bytes of the regular files below directory (links not followed).
uint64_t treeBytes(const fs::path &directory) {
    uint64_t bytes = 0;
    std::error_code error;
    for (fs::recursive_directory_iterator it(directory, error), end; !error && it != end;
         it.increment(error)) {
        struct stat status {};
        if (::lstat(it->path().c_str(), &status) == 0 && S_ISREG(status.st_mode))
            bytes += static_cast<uint64_t>(status.st_size);
    }
    return bytes;
}

bool olderThan(const CacheEntry &a, const CacheEntry &b) {
    if (a.used.tv_sec != b.used.tv_sec) return a.used.tv_sec < b.used.tv_sec;
    if (a.used.tv_nsec != b.used.tv_nsec) return a.used.tv_nsec < b.used.tv_nsec;
    return a.directory < b.directory;
}

// "SHA256.partial-PID-N" of a process that has exited (a crash or a kill during unpacking).
bool isAbandonedPartial(const std::string &name) {
    const size_t at = name.find(".partial-");
    if (at == std::string::npos) return false;
    const long pid = std::strtol(name.c_str() + at + 9, nullptr, 10);
    return pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

} // namespace

ArchiveCachePruner::ArchiveCachePruner(std::string cacheDirectory, uint64_t limitBytes)
    : cache_(std::move(cacheDirectory))
    , limit_(limitBytes) {}

void ArchiveCachePruner::touch(const std::string &entryDirectory) {
    ::utimensat(AT_FDCWD, entryDirectory.c_str(), nullptr, 0);
}

PrunedArchives ArchiveCachePruner::prune(const std::string &keep) const {
    std::vector<CacheEntry> entries;
    std::error_code error;
    const fs::path kept = fs::path(keep).lexically_normal();
    for (fs::directory_iterator it(cache_, error), end; !error && it != end; it.increment(error)) {
        const std::string name = it->path().filename().string();
        struct stat status {};
        if (::lstat(it->path().c_str(), &status) != 0 || !S_ISDIR(status.st_mode)) continue;
        if (isAbandonedPartial(name)) {
            std::error_code ignored;
            fs::remove_all(it->path(), ignored);
        } else if (isDigestName(name)) {
            entries.push_back({it->path(), status.st_mtim, treeBytes(it->path())});
        }
    }
    PrunedArchives pruned;
    for (const CacheEntry &entry : entries)
        pruned.keptBytes += entry.bytes;
    std::sort(entries.begin(), entries.end(), olderThan);
    for (const CacheEntry &entry : entries) {
        if (pruned.keptBytes <= limit_) break;
        if (entry.directory.lexically_normal() == kept) continue;
        std::error_code removeError;
        fs::remove_all(entry.directory, removeError);
        if (removeError) continue;
        ++pruned.removed;
        pruned.removedBytes += entry.bytes;
        pruned.keptBytes -= entry.bytes;
    }
    return pruned;
}

} // namespace perfglass
