// Streams the records of a perf.data session: file mode (PERFILE2 header, attrs, data, features) and pipe
// mode
// (`perf record -o -`), with zstd-compressed records expanded. Only a bounded buffer is held, never the file.
#pragma once

#include "base/MappedRegion.h"
#include "base/Message.h"
#include "base/UniqueFd.h"
#include "events/EventAttr.h"
#include "perfdata/PerfFileFormat.h"
#include "perfdata/SessionMetadata.h"

#include <linux/perf_event.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace perfglass {

class MappedPrefetcher;
class PipeSpool;
class RecordDecompressor;

class PerfDataReader {
public:
    // Opens path ("-" reads standard input) and reads the header, attributes and feature sections.
    // Throws Error when the file cannot be opened, FileFormatError when it is not a valid perf.data file.
    // A pipe or FIFO whose writer has not written (or, for a FIFO, not even opened it) yet is waited for
    // until STOP is requested, which throws Cancelled.
    explicit PerfDataReader(std::string path, const std::stop_token &stop = {});
    ~PerfDataReader();
    PerfDataReader(const PerfDataReader &) = delete;
    PerfDataReader &operator=(const PerfDataReader &) = delete;

    // The next record of the stream, or nullptr at its end. The record stays valid until the next call.
    // Records perf uses to describe the session (attributes and features in pipe mode) are consumed here and
    // reflected in events() and metadata(). Throws FileFormatError for a malformed record.
    const perf_event_header *next();

    // Live analysis of a file still being written (data size 0 in its header): at the end of the file, next()
    // waits for more records, polling every pollInterval, instead of returning nullptr. It stops waiting when
    // the writer completes the header (data size set: the records up to it are read, then nullptr) or when
    // a stop is requested on STOP (nullptr at the next poll). Call before the first next(). Pipes always wait
    // for input.
    void follow(std::stop_token stop, std::chrono::milliseconds pollInterval = std::chrono::milliseconds(50));
    bool isFollowing() const { return following_; }
    // Incremental reading (load/GrowingProfileLoader): like follow(), but next() never waits. At the end of
    // what has arrived so far (a file still being written, a pipe with nothing to read now) it returns
    // nullptr and caughtUp() is true: more may come, and a later next() goes on where this one stopped. A
    // finished file reads as without this. A pipe (not a pipe-mode session in a regular file) is then
    // drained on a thread of its own (PipeSpool), so that its writer never waits for the next step. Call
    // before the first next().
    void readIncrementally();
    // Whether the last next() returned nullptr only because nothing more has arrived yet.
    bool caughtUp() const { return caughtUp_; }
    // Whether a thread of the reader's own drains the pipe (readIncrementally() of a pipe).
    bool drainsPipe() const { return spool_ != nullptr; }

    // Whether a thread of the reader's own maps a finished file's pages ahead of it (MappedPrefetcher), on
    // by default. Turn it off before the first next() when no core is spare for it: it then costs more CPU
    // and memory than it saves (docs/loading-performance.md).
    void setPrefetching(bool enabled) { prefetch_ = enabled; }
    // Whether the compressed records of a finished file are expanded ahead of the reader on a thread of
    // their own (RecordDecompressor::expandAhead), on by default; it replaces the prefetching thread. Call
    // before the first next().
    void setExpandingAhead(bool enabled) { expandAhead_ = enabled; }
    // Whether a thread of the decompressor expands the compressed records ahead of the reader now.
    bool expandingAhead() const;
    // How many compressed records were expanded on that thread so far.
    uint64_t compressedRecordsExpandedAhead() const;

    // Whether the record returned last lies in the reader's mapping of the file (a finished file in file
    // mode): then it stays valid, at the same address, after later next() calls, until discardBefore()
    // passes it. Otherwise it is valid only until the next call.
    bool lastRecordIsMapped() const { return lastMapped_; }
    // The caller holds no mapped record before address (nullptr: none at all before the current record):
    // the pages before it may be dropped, so that memory does not grow with the file.
    void discardBefore(const void *address);

    const std::vector<EventAttr> &events() const { return events_; }
    const SessionMetadata &metadata() const { return metadata_; }
    // Things the user should know that did not stop reading, such as a recording whose writer died.
    const std::vector<Message> &notices() const { return notices_; }
    const std::string &path() const { return path_; }
    bool isPipe() const { return pipeMode_; }
    // File offset of the record returned last (of the COMPRESSED record that held it, for compressed ones).
    uint64_t recordOffset() const { return recordOffset_; }
    // Progress: bytes of the data section consumed, and its size (0 when unknown).
    uint64_t bytesConsumed() const { return position_ - dataBegin_; }
    uint64_t bytesTotal() const {
        return dataEnd_ == kUnknownEnd ? fileSize_ - dataBegin_ : dataEnd_ - dataBegin_;
    }

private:
    static constexpr size_t kHugePage = size_t{2} << 20; // a page-middle-directory entry's span on x86_64
    static constexpr uint64_t kUnknownEnd = ~uint64_t{0};

    void waitForInput(const std::stop_token &stop) const;
    void readFileHeader();
    void readAttrs(uint64_t offset, uint64_t size, uint64_t attrSize);
    void checkIdSections(const std::vector<format::FileSection> &sections, uint64_t firstField,
                         uint64_t stride) const;
    void checkInFile(uint64_t offset, uint64_t size, const char *what, uint64_t fieldOffset) const;
    void readFeatures(const uint64_t features[4], uint64_t indexOffset);
    void parseFeature(unsigned feature, const uint8_t *bytes, size_t size, uint64_t offset);
    void addAttrRecord(const perf_event_header *header);
    bool fill(size_t bytes);
    void mapData();
    void *mapBelowDecompressionSpace(size_t size, uint64_t offset);
    bool waitForGrowth();
    bool writerFinished();
    bool takeFromSpool(size_t want);
    void seekTo(uint64_t offset);
    size_t readAt(void *out, size_t size, uint64_t offset);
    void readExactlyAt(void *out, size_t size, uint64_t offset, const char *what);
    const perf_event_header *nextFromStream();
    const perf_event_header *
    nextDecompressed(); // the decompressor's next record; FileFormatError if malformed
    void startDecompressing(const uint8_t *first);
    const perf_event_header *endOfStream(const perf_event_header *partial);
    bool handleSessionRecord(const perf_event_header *header);
    void prefetchAhead() const;
    void skipPayload(uint64_t bytes, const char *what);

    std::string path_;
    UniqueFd ownedFd_; // invalid when reading standard input
    int fd_ = -1;
    bool pipeMode_ = false;
    uint64_t fileSize_ = 0;
    uint64_t dataBegin_ = 0;
    uint64_t dataEnd_ = kUnknownEnd;
    uint64_t position_ = 0; // file offset of buffer_[bufferPos_]
    uint64_t recordOffset_ = 0;
    std::vector<uint8_t> buffer_;
    const uint8_t *data_ = nullptr; // buffer_ or the mapping: file offset position_ is data_[bufferPos_]
    MappedRegion mapping_;
    std::unique_ptr<MappedPrefetcher> prefetcher_; // maps the pages ahead of the reader; goes before mapping_
    uint8_t *map_ = nullptr;                       // mapping_: the data section, from page offset mapOffset_
    size_t mapSize_ = 0;
    uint64_t mapOffset_ = 0;
    size_t discarded_ = 0; // bytes of the mapping dropped so far
    bool mapTried_ = false;
    bool prefetch_ = true;
    bool expandAhead_ = true;
    bool lastMapped_ = false;
    bool compressedRecordSeen_ = false; // mapped records are copied from the first one on
    std::vector<uint64_t> aligned_;     // a record that sits at an unaligned offset, copied
    size_t bufferPos_ = 0;
    size_t bufferEnd_ = 0;
    bool eof_ = false;
    std::vector<EventAttr> events_;
    SessionMetadata metadata_;
    std::vector<Message> notices_;
    MappedRegion decompressionSpace_; // reserved above the mapping for the decompressor (see mapData())
    std::unique_ptr<RecordDecompressor> decompressor_;
    std::unique_ptr<PipeSpool> spool_; // incremental reading of a pipe
    bool following_ = false;
    bool incremental_ = false;
    bool caughtUp_ = false;
    std::stop_token stop_;
    std::chrono::milliseconds pollInterval_{50};
};

} // namespace perfglass
