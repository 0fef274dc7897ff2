// Writes a session in the perf.data file format: header, attributes with their ids, the record stream and the
// feature sections. The header is written first with a data size of 0 and patched by finish(), so a file
// whose writer died still opens up to its last complete record.
#pragma once

#include "base/UniqueFd.h"
#include "events/EventAttr.h"
#include "perfdata/SessionMetadata.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

class PerfDataWriter {
public:
    // Creates or truncates path. Throws Error when the file cannot be created.
    PerfDataWriter(std::string path, std::vector<EventAttr> events);
    ~PerfDataWriter();
    PerfDataWriter(const PerfDataWriter &) = delete;
    PerfDataWriter &operator=(const PerfDataWriter &) = delete;

    // Appends one record; size must equal the record's header.size.
    void writeRecord(const void *record, size_t size);
    // Marks that every record before this point may be sorted by time (PERF_RECORD_FINISHED_ROUND).
    void finishRound();
    // Writes the feature sections and patches the header. The file is complete afterwards.
    void finish(const SessionMetadata &metadata);
    // Writes the buffered records to the file now (they are otherwise written per MiB), so that a reader
    // following the growing file sees them.
    void flush();

    // Counting sessions: adds an empty feature section, such as HEADER_STAT (19) which marks a file of
    // `perf stat record` ("contains stat data"), written in bit order with the others by finish().
    void addEmptyFeature(unsigned feature) { emptyFeatures_.push_back(feature); }

    uint64_t dataBytes() const { return dataSize_; }
    const std::string &path() const { return path_; }
    const std::vector<EventAttr> &events() const { return events_; }

private:
    void writeHeaderAndAttrs();
    void append(const void *bytes, size_t size);
    void pwriteAll(const void *bytes, size_t size, uint64_t offset);
    std::vector<std::pair<unsigned, std::vector<uint8_t>>>
    featureSections(const SessionMetadata &metadata) const;

    std::string path_;
    std::vector<EventAttr> events_;
    UniqueFd file_;
    int fd_ = -1; // file_
    std::vector<uint8_t> buffer_;
    uint64_t fileOffset_ = 0; // where buffer_ starts
    uint64_t dataOffset_ = 0;
    uint64_t dataSize_ = 0;
    uint64_t attrsOffset_ = 0;
    bool finished_ = false;
    std::vector<unsigned> emptyFeatures_;
};

} // namespace perfglass
