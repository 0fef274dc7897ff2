// Writes a tar.bz2 archive as perf archive does (tar cjf): directories, regular files and relative symbolic
// links under relative member names. The archive is written beside its final name and renamed over it once
// whole, so a failed or cancelled run leaves no half archive behind.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <stop_token>
#include <string>

struct archive;

namespace perfglass {

class ArchiveWriter {
public:
    // Throws Error when path's directory cannot be written.
    explicit ArchiveWriter(std::string path);
    // Writes nothing, only counts the compressed bytes: the size the archive would have.
    struct MeasureOnly {};
    explicit ArchiveWriter(MeasureOnly);
    ~ArchiveWriter();
    ArchiveWriter(const ArchiveWriter &) = delete;
    ArchiveWriter &operator=(const ArchiveWriter &) = delete;

    void addDirectory(const std::string &member);
    void addSymlink(const std::string &member, const std::string &target);
    // The file's bytes (read whole, throwing Error when it cannot be); executable when the source is.
    void addFile(const std::string &member, const std::string &sourcePath, std::stop_token stop = {});
    void addBytes(const std::string &member, std::span<const uint8_t> bytes, bool executable = false);
    // Finishes the archive and renames it to its path; returns its size in bytes (MeasureOnly: the bytes it
    // would have). Without finish(), the destructor removes what was written.
    uint64_t finish();
    const std::string &path() const { return path_; }

private:
    struct Deleter {
        void operator()(archive *handle) const;
    };
    void writeHeader(const std::string &member, unsigned type, unsigned perm, int64_t size,
                     const std::string &link = {});
    void writeData(const std::string &member, const void *data, size_t size);

    std::string path_;
    std::string temporary_;
    std::unique_ptr<archive, Deleter> archive_;
    bool finished_ = false;
    uint64_t measured_ = 0;
};

} // namespace perfglass
