// Hands a reader's records through the round orderer to a ProfileBuilder, keeping what it learnt between
// calls: loadProfile feeds a whole file at once, GrowingProfileLoader feeds a growing file or a pipe in
// steps. Pipe mode's attributes and build ids, which arrive as records, are passed on as they come.
#pragma once

#include "load/ProfileBuilder.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/RecordOrderer.h"
#include "perfdata/SampleCpuRuns.h"

#include <cstdint>
#include <functional>

namespace perfglass {

class RecordFeed {
public:
    RecordFeed(PerfDataReader &reader, ProfileBuilder &builder);
    RecordFeed(const RecordFeed &) = delete;
    RecordFeed &operator=(const RecordFeed &) = delete;

    // between() is asked every this many records. A step of a file opened in steps ends at its budget this
    // close: 256 DWARF samples are about 2 MB of copied stacks and a few milliseconds of unwinding (4096
    // overran the first step's 120 ms by up to 100 ms).
    static constexpr uint64_t kRecordsBetweenLooks = 256;

    // Feeds records until the reader has none (at the end of the input, or of what has arrived so far when
    // it reads incrementally) or until between(), asked every kRecordsBetweenLooks records, returns false.
    // Returns whether the reader had no more records.
    bool feed(const std::function<bool()> &between);
    // Hands over the records the orderer still holds: the input has ended, or reading stops here.
    void flush();
    uint64_t samples() const { return samples_; }

private:
    void noteSessionRecords();
    const void *oldestHeld() const;

    PerfDataReader &reader_;
    ProfileBuilder &builder_;
    RecordOrderer orderer_;
    SampleCpuCursor sampleCpus_;
    size_t knownEvents_ = 0;
    size_t knownBuildIds_ = 0;
    uint64_t records_ = 0;
    uint64_t samples_ = 0;
    bool expanding_ = false;
};

} // namespace perfglass
