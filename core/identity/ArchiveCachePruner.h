// Keeps the private cache of unpacked archives (ArchiveOpener: CACHE/SHA256/ per archive) bounded: when the
// entries together hold more than the limit, the least recently used go, oldest first, until the rest fit;
// the entry being opened is never removed (alone, it may exceed the limit). An entry's last use is its
// directory's modification time, which touch() sets each time the archive is opened. Unfinished unpackings
// (SHA256.partial-PID-N) of processes that no longer run go too.
#pragma once

#include <cstdint>
#include <string>

namespace perfglass {

// 2 GiB: a few full archives of large programs (a perf archive of a desktop application's session is
// typically 50 to 500 MB unpacked).
inline constexpr uint64_t kDefaultArchiveCacheLimit = 2ull << 30;

struct PrunedArchives {
    size_t removed = 0;        // entries removed
    uint64_t removedBytes = 0; // what they held
    uint64_t keptBytes = 0;    // what the entries left hold
};

class ArchiveCachePruner {
public:
    ArchiveCachePruner(std::string cacheDirectory, uint64_t limitBytes);

    // Marks the entry directory as used now.
    static void touch(const std::string &entryDirectory);
    // Removes least recently used entries other than keep (an entry directory) until the rest hold at most
    // the limit, and abandoned unfinished unpackings. Entries that cannot be removed are left, quietly.
    PrunedArchives prune(const std::string &keep) const;

private:
    std::string cache_;
    uint64_t limit_;
};

} // namespace perfglass
