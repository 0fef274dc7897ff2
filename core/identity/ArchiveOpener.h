// Opening what the user gave as a session: a perf.data file, a perf.data file with its archive beside it
// (FILE.tar.bz2, perf archive's name), or an archive (perf archive's or ours, plain or --all). Archives are
// unpacked into a private build-id cache of their own, $XDG_CACHE_HOME (else ~/.cache)/perfglass/archives/
// SHA256/, reused the next time the same archive is opened, never into the user's ~/.debug (unpackIntoCache
// does that when asked: `archive --unpack`). The private cache is kept under a total size (cacheLimit, 2 GiB
// by default): least recently opened archives go first, never the one being opened (ArchiveCachePruner).
// Every member is checked as ArchiveReader does; a refused archive leaves nothing behind. Safe to call off
// the UI thread: progress and a stop token, no global state.
#pragma once

#include "identity/ArchiveCachePruner.h"
#include "identity/ArchiveReader.h"

#include <stop_token>
#include <string>
#include <vector>

namespace perfglass {

struct OpenedSession {
    std::string sessionPath;                // the perf.data file to load
    std::vector<std::string> buildIdCaches; // for LoadOptions::buildIdCaches
    std::vector<std::string> notices;       // what was unpacked or reused, for the user
};

struct ArchiveOpenOptions {
    std::string privateCache; // where archives are unpacked; privateArchiveCache() when empty
    ArchiveLimits limits;
    uint64_t cacheLimit = kDefaultArchiveCacheLimit; // bytes the private cache's archives may hold together
    // Bytes of the archive's size done: hashing it counts for a quarter, unpacking for the rest (bytes read).
    ArchiveReader::Progress progress;
    std::stop_token stop;
};

class ArchiveOpener {
public:
    explicit ArchiveOpener(ArchiveOpenOptions options = {});

    // The session to load and the caches to search for path (see above). Throws Error for a refused or
    // unreadable archive (naming the member), or an archive of symbols without its session; Cancelled on
    // stop.
    OpenedSession open(const std::string &path) const;

    // Unpacks the archive into the build-id cache at root (the user's ~/.debug for `archive --unpack`),
    // keeping entries already there; the session of an --all archive is copied into sessionDirectory unless a
    // file of its name is there. Returns what was done, one line each.
    std::vector<std::string> unpackIntoCache(const std::string &archivePath, const std::string &root,
                                             const std::string &sessionDirectory) const;

    // $XDG_CACHE_HOME/perfglass/archives, else $HOME/.cache/perfglass/archives; empty when neither is set.
    static std::string privateArchiveCache();

private:
    struct Unpacked {
        std::string directory; // the private cache of this archive
        std::string symbols;   // its build-id cache root, empty when it holds none
        std::string session;   // the session inside (--all), empty when none
        bool reused = false;
        PrunedArchives pruned; // what made room for it
    };
    // Marks directory as just used and prunes the others; fills unpacked.pruned.
    void keepRecent(Unpacked &unpacked) const;
    // What pruning removed, for the notices; empty when nothing.
    static std::string prunedNotice(const PrunedArchives &pruned, uint64_t limit);
    Unpacked unpackPrivately(const std::string &archivePath) const;
    void organize(const std::string &archivePath, const std::string &partial, UnpackBudget &budget) const;
    static Unpacked layoutOf(const std::string &directory);

    ArchiveOpenOptions options_;
};

} // namespace perfglass
