// Writes a session in the perf.data file format: header, attributes with their ids, the record stream and the
// feature sections. The header is written first with a data size of 0 and patched by finish(), so a file
// whose writer died still opens up to its last complete record.
// In pipe mode (perf record -o -) the stream is written in order and never revisited: the 16-byte pipe
// header, one PERF_RECORD_HEADER_ATTR per event, a PERF_RECORD_HEADER_FEATURE per feature known when the
// recording starts (closed by HEADER_LAST_FEATURE's mark), PERF_RECORD_HEADER_TRACING_DATA for tracepoints
// and PERF_RECORD_HEADER_BUILD_ID records, then the records; finish() adds the build ids learnt while
// recording.
#pragma once

#include "base/UniqueFd.h"
#include "events/EventAttr.h"
#include "perfdata/BlockFileWriter.h"
#include "perfdata/SessionMetadata.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

class PerfDataWriter {
public:
    // Creates or truncates path. Throws Error when the file cannot be created.
    PerfDataWriter(std::string path, std::vector<EventAttr> events);
    // Pipe mode on fd (not owned, usually standard output), with what is known before the first record:
    // every feature of known but the sample times, its tracing data and its build ids.
    struct PipeOutput {
        int fd = 1;
    };
    PerfDataWriter(PipeOutput output, std::vector<EventAttr> events, const SessionMetadata &known);
    ~PerfDataWriter();
    PerfDataWriter(const PerfDataWriter &) = delete;
    PerfDataWriter &operator=(const PerfDataWriter &) = delete;

    // Appends one record; size must equal the record's header.size.
    void writeRecord(const void *record, size_t size);
    // Appends one record given in consecutive parts, the first holding its header.
    void writeRecord(std::span<const std::span<const uint8_t>> parts);
    // Marks that every record before this point may be sorted by time (PERF_RECORD_FINISHED_ROUND).
    void finishRound();
    // Writes the feature sections and patches the header. The file is complete afterwards.
    void finish(const SessionMetadata &metadata);
    // Hands the buffered records to the writer thread now (they otherwise go per 2 MiB), so that a reader
    // following the growing file sees them once the thread has written them.
    void flush();
    // Returns once everything handed over is in the file; throws the first failed write's Error.
    void waitUntilWritten();

    // Counting sessions: adds an empty feature section, such as HEADER_STAT (19) which marks a file of
    // `perf stat record` ("contains stat data"), written in bit order with the others by finish().
    void addEmptyFeature(unsigned feature) { emptyFeatures_.push_back(feature); }

    uint64_t dataBytes() const { return dataSize_; }
    // Every byte written or buffered so far, headers included.
    uint64_t bytesWritten() const { return fileOffset_ + blockFill_; }
    // In pipe mode, the bytes that reached the pipe: after a failed write, only those before it (what was
    // queued behind it is dropped). Otherwise, and for a file, bytesWritten().
    uint64_t bytesDelivered() const;
    bool isPipe() const { return pipe_; }
    const std::string &path() const { return path_; }
    const std::vector<EventAttr> &events() const { return events_; }

private:
    void writeHeaderAndAttrs();
    void writePipeHeader(const SessionMetadata &known);
    void appendPipeFeature(unsigned feature, const std::vector<uint8_t> &bytes);
    void appendPipeBuildIds(const std::vector<BuildIdEntry> &entries);
    void finishPipe(const SessionMetadata &metadata);
    void append(const void *bytes, size_t size);
    std::vector<std::pair<unsigned, std::vector<uint8_t>>>
    featureSections(const SessionMetadata &metadata) const;

    std::string path_;
    std::vector<EventAttr> events_;
    UniqueFd file_;
    int fd_ = -1;                                                // file_
    std::optional<BlockFileWriter> blocks_;                      // the writer thread of file_ or the pipe
    BlockFileWriter::Block block_ = BlockFileWriter::newBlock(); // what is not yet handed to blocks_
    size_t blockFill_ = 0;
    uint64_t fileOffset_ = 0; // where block_ starts
    uint64_t dataOffset_ = 0;
    uint64_t dataSize_ = 0;
    uint64_t attrsOffset_ = 0;
    bool finished_ = false;
    bool pipe_ = false;
    std::vector<std::string> pipeBuildIdPaths_; // build ids already in the stream
    std::vector<unsigned> emptyFeatures_;
};

} // namespace perfglass
