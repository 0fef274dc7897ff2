// Unpacks a tar archive (bzip2, gzip, xz, zstd or none: perf archive's perf.data.tar.bz2 and our own) into a
// directory, treating every member as hostile: nothing is ever written outside that directory. Refused, with
// an error naming the member: absolute paths and ".." components, symbolic links that lead outside the
// directory (relative links inside it, as perf's .build-id links, are kept), hard links, device files, FIFOs
// and sockets, members with more bytes than their header declares, and archives that unpack to more bytes
// than ArchiveLimits allow (in total, or per byte of archive: decompression bombs). libarchive's secure
// extraction flags (no "..", no writing through symbolic links) guard the same rules a second time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stop_token>
#include <string>
#include <vector>

struct archive;

namespace perfglass {

struct ArchiveLimits {
    uint64_t maxTotalBytes = uint64_t{32} << 30;   // unpacked bytes of all members, nested archives included
    uint64_t maxRatio = 1000;                      // unpacked bytes per byte of the archive file ...
    uint64_t ratioFreeBytes = uint64_t{256} << 20; // ... checked once this much was unpacked
    uint64_t maxMembers = 1000000;
};

// What an unpacking may still write: shared by an archive and the archives nested in it (perf archive --all
// puts perf.symbols.tar.bz2 inside perf.all-HOST-DATE.tar.bz2), measured against the outer archive's size.
class UnpackBudget {
public:
    UnpackBudget(ArchiveLimits limits, uint64_t archiveBytes)
        : limits_(limits)
        , archiveBytes_(archiveBytes) {}
    // Counts bytes of member for archive; throws Error stating the limit that they pass.
    void charge(const std::string &archive, const std::string &member, uint64_t bytes);
    void countMember(const std::string &archive, const std::string &member);
    uint64_t unpackedBytes() const { return unpacked_; }

private:
    ArchiveLimits limits_;
    uint64_t archiveBytes_;
    uint64_t unpacked_ = 0;
    uint64_t members_ = 0;
};

class ArchiveReader {
public:
    // Bytes of the archive read so far and its size (0 when unknown).
    using Progress = std::function<void(uint64_t done, uint64_t total)>;
    struct Summary {
        uint64_t members = 0;           // written
        uint64_t kept = 0;              // already present under the directory, left as they were
        uint64_t bytes = 0;             // of regular files written
        std::vector<std::string> files; // regular files written, relative to the directory
    };

    // Throws Error when the file cannot be opened or is no archive libarchive reads.
    static ArchiveReader openFile(const std::string &path);
    // An archive in memory (kept by the caller while the reader lives); name is used in messages.
    static ArchiveReader openMemory(std::span<const uint8_t> bytes, std::string name);
    ~ArchiveReader();
    ArchiveReader(ArchiveReader &&) noexcept;
    ArchiveReader &operator=(ArchiveReader &&) = delete;

    // Writes every member under directory (created if missing). A member already present is kept as it is
    // (an entry of a build-id cache is the same file whoever wrote it). Throws Error naming the archive and
    // the member on the first refused member, and Cancelled when stop is requested; what was written before
    // stays: the caller unpacks into a directory of its own and removes it on failure.
    Summary extractTo(const std::string &directory, UnpackBudget &budget, const Progress &progress = {},
                      std::stop_token stop = {});

private:
    struct Deleter {
        void operator()(archive *handle) const;
    };
    using Handle = std::unique_ptr<archive, Deleter>;
    ArchiveReader(Handle handle, std::string name, uint64_t size);
    static Handle newReadHandle();

    Handle archive_;
    std::string name_;
    uint64_t size_ = 0;
};

// Whether the file starts as an archive ArchiveReader may read (a compressed stream or a tar header), rather
// than a session (perf.data starts with PERFILE2).
bool looksLikeArchive(const std::string &path);

} // namespace perfglass
