#include "load/RecordFeed.h"

#include <algorithm>

namespace perfglass {

RecordFeed::RecordFeed(PerfDataReader &reader, ProfileBuilder &builder)
    : reader_(reader)
    , builder_(builder)
    , orderer_([&builder](const perf_event_header *record, bool stable, uint32_t cpu) {
        builder.addRecord(record, stable, cpu);
    })
    , sampleCpus_(reader.metadata().sampleCpus)
    , knownEvents_(reader.events().size())
    , knownBuildIds_(reader.metadata().buildIds.size()) {
    orderer_.setEvents(reader.events());
}

// The lowest address of a mapped record that the orderer or the builder still needs, or nullptr.
const void *RecordFeed::oldestHeld() const {
    const void *queued = orderer_.oldestStable();
    const void *pending = builder_.oldestPendingRecord();
    if (!queued || !pending) return queued ? queued : pending;
    return std::min(queued, pending, std::less<const void *>());
}

// Pipe mode: attributes and build ids arrive as records, and go to the builder and orderer as they come.
void RecordFeed::noteSessionRecords() {
    if (!expanding_ && reader_.expandingAhead()) { // its thread keeps a CPU busy from now on
        expanding_ = true;
        builder_.setBusyThreadsBesides(1);
    }
    if (reader_.events().size() != knownEvents_) {
        knownEvents_ = reader_.events().size();
        orderer_.flush();
        builder_.setEvents(reader_.events());
        orderer_.setEvents(reader_.events());
    }
    if (reader_.metadata().buildIds.size() != knownBuildIds_) {
        const auto &buildIds = reader_.metadata().buildIds;
        builder_.setBuildIds(
            {buildIds.begin() + static_cast<std::ptrdiff_t>(knownBuildIds_), buildIds.end()});
        knownBuildIds_ = buildIds.size();
    }
}

bool RecordFeed::feed(const std::function<bool()> &between) {
    while (const perf_event_header *record = reader_.next()) {
        noteSessionRecords();
        uint32_t cpu = RecordOrderer::kNoCpu;
        if (record->type == PERF_RECORD_SAMPLE) {
            cpu = sampleCpus_.next();
            ++samples_;
        }
        orderer_.push(record, reader_.lastRecordIsMapped(), cpu);
        if ((++records_ & 0x3f) == 0) reader_.discardBefore(oldestHeld());
        if (records_ % kRecordsBetweenLooks == 0 && between && !between()) return false;
    }
    return true;
}

void RecordFeed::flush() {
    orderer_.flush();
    if (reader_.events().size() != knownEvents_) builder_.setEvents(reader_.events());
    knownEvents_ = reader_.events().size();
}

} // namespace perfglass
