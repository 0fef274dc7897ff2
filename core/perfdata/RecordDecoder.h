// Decodes the variable layout of PERF_RECORD_SAMPLE and the sample_id trailer of other records, as selected
// by each event's sample_type, read_format and register masks (perf_event_open(2), "MMAP layout").
#pragma once

#include "base/UnalignedWords.h"
#include "events/EventAttr.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfglass {

struct SampleId {
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint32_t cpu = 0;
    uint64_t time = 0;
    uint64_t id = 0;
    size_t eventIndex = 0;
};

struct Sample {
    size_t eventIndex = 0;
    uint64_t id = 0;
    uint64_t ip = 0;
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint64_t time = 0;
    uint64_t addr = 0;
    uint32_t cpu = 0;
    bool hasCpu = false; // PERF_SAMPLE_CPU: else cpu is 0 (perfglass's recordings say it in SampleCpuRuns)
    uint64_t period = 1;
    UnalignedWords callchain; // after a field of odd size (a crafted RAW) the words are misaligned
    uint64_t userRegsAbi = 0;
    uint64_t userRegsMask = 0;
    UnalignedWords userRegs;
    std::span<const uint8_t> userStack;   // only the bytes the kernel copied (dyn_size)
    uint64_t userStackSize = 0;           // the bytes the record reserves for the stack (size)
    uint64_t userStackOffsetInRecord = 0; // where the stack size field sits, for writers that trim stacks
    std::span<const uint8_t> raw;
};

// What decodeSample found: Decoded, or what is wrong with the record (sampleDecodeMessage() says it in
// words).
enum class SampleDecode : uint8_t {
    Decoded,
    NoEventAttributes, // a sample before any event attribute
    StackCopyTooLarge, // the user stack declares more copied bytes than it reserves
    Truncated,         // the record is shorter than its sample_type's fields need
};

class RecordDecoder {
public:
    RecordDecoder() = default;
    explicit RecordDecoder(const std::vector<EventAttr> &events) { setEvents(events); }
    void setEvents(const std::vector<EventAttr> &events);

    // Decodes a PERF_RECORD_SAMPLE. Runs for every sample: reports a malformed record without allocating.
    SampleDecode decodeSample(const perf_event_header *record, Sample &sample) const;
    // A sentence for what decodeSample(record, sample) returned.
    std::string sampleDecodeMessage(SampleDecode result, const perf_event_header *record,
                                    const Sample &sample) const;
    // Decodes the sample_id trailer of any other record. Returns false when events carry no sample_id_all.
    bool decodeSampleId(const perf_event_header *record, SampleId &sampleId) const;
    // The timestamp of any record: a sample's PERF_SAMPLE_TIME, else its sample_id trailer. False when it
    // carries none.
    bool recordTime(const perf_event_header *record, uint64_t &time) const;
    size_t eventIndexForId(uint64_t id) const;
    size_t eventCount() const { return events_.size(); }

private:
    std::vector<EventAttr> events_;
    std::unordered_map<uint64_t, size_t> eventById_;
    bool allHaveIdentifier_ = false;
};

} // namespace perfglass
