#include "perfdata/RecordDecoder.h"

#include <fmt/format.h>

#include <bit>
#include <cstring>

namespace perfglass {

namespace {

// Bounds-checked cursor over a record's payload. Records are 8-byte aligned, but a field of odd size (a RAW
// payload whose size the kernel would have padded) leaves the fields after it misaligned: every word is
// read with memcpy, and runs of words are handed out as UnalignedWords.
class Cursor {
public:
    Cursor(const uint8_t *bytes, size_t size)
        : bytes_(bytes)
        , size_(size) {}
    bool ok() const { return ok_; }
    size_t position() const { return pos_; }
    uint64_t u64() {
        uint64_t value = 0;
        if (need(8)) std::memcpy(&value, bytes_ + pos_, 8);
        advance(8);
        return value;
    }
    void pair32(uint32_t &first, uint32_t &second) {
        const uint64_t both = u64();
        first = static_cast<uint32_t>(both);
        second = static_cast<uint32_t>(both >> 32);
    }
    UnalignedWords u64s(uint64_t count) {
        if (!ok_ || count > (size_ - pos_) / 8) {
            ok_ = false;
            return {};
        }
        const UnalignedWords values(bytes_ + pos_, static_cast<size_t>(count));
        pos_ += count * 8;
        return values;
    }
    std::span<const uint8_t> bytes(uint64_t count) {
        if (!need(count)) return {};
        std::span<const uint8_t> values(bytes_ + pos_, count);
        pos_ += count;
        return values;
    }
    void skip(uint64_t count) {
        if (need(count)) pos_ += count;
    }

private:
    bool need(uint64_t count) {
        if (!ok_ || count > size_ - pos_) ok_ = false;
        return ok_;
    }
    void advance(size_t count) {
        if (ok_) pos_ += count;
    }
    const uint8_t *bytes_;
    size_t size_;
    size_t pos_ = 0;
    bool ok_ = true;
};

void skipReadFormat(Cursor &cursor, uint64_t readFormat) {
    const int perValue =
        1 + ((readFormat & PERF_FORMAT_ID) ? 1 : 0) + ((readFormat & PERF_FORMAT_LOST) ? 1 : 0);
    const int times = ((readFormat & PERF_FORMAT_TOTAL_TIME_ENABLED) ? 1 : 0) +
                      ((readFormat & PERF_FORMAT_TOTAL_TIME_RUNNING) ? 1 : 0);
    if (readFormat & PERF_FORMAT_GROUP) {
        const uint64_t count = cursor.u64();
        cursor.u64s(times);
        if (count > 4096) cursor.skip(~uint64_t{0}); // impossible group size: fails the cursor
        cursor.u64s(count * perValue);
    } else {
        cursor.u64s(static_cast<uint64_t>(perValue + times));
    }
}

} // namespace

void RecordDecoder::setEvents(const std::vector<EventAttr> &events) {
    events_ = events;
    eventById_.clear();
    allHaveIdentifier_ = !events_.empty();
    for (size_t i = 0; i < events_.size(); ++i) {
        for (uint64_t id : events_[i].ids)
            eventById_.emplace(id, i);
        if (!(events_[i].attr.sample_type & PERF_SAMPLE_IDENTIFIER)) allHaveIdentifier_ = false;
    }
}

size_t RecordDecoder::eventIndexForId(uint64_t id) const {
    const auto found = eventById_.find(id);
    return found == eventById_.end() ? 0 : found->second;
}

SampleDecode RecordDecoder::decodeSample(const perf_event_header *record, Sample &sample) const {
    if (events_.empty()) return SampleDecode::NoEventAttributes;
    const auto *payload = reinterpret_cast<const uint8_t *>(record) + sizeof *record;
    const size_t payloadSize = record->size - sizeof *record;
    sample = Sample{};
    if (allHaveIdentifier_ && payloadSize >= 8) {
        std::memcpy(&sample.id, payload, 8);
        sample.eventIndex = eventIndexForId(sample.id);
    }
    const perf_event_attr &attr = events_[sample.eventIndex].attr;
    const uint64_t type = attr.sample_type;
    Cursor cursor(payload, payloadSize);

    if (type & PERF_SAMPLE_IDENTIFIER) sample.id = cursor.u64();
    if (type & PERF_SAMPLE_IP) sample.ip = cursor.u64();
    if (type & PERF_SAMPLE_TID) cursor.pair32(sample.pid, sample.tid);
    if (type & PERF_SAMPLE_TIME) sample.time = cursor.u64();
    if (type & PERF_SAMPLE_ADDR) sample.addr = cursor.u64();
    if (type & PERF_SAMPLE_ID) sample.id = cursor.u64();
    if (type & PERF_SAMPLE_STREAM_ID) cursor.u64();
    if (type & PERF_SAMPLE_CPU) {
        uint32_t reserved = 0;
        cursor.pair32(sample.cpu, reserved);
        sample.hasCpu = true;
    }
    if (type & PERF_SAMPLE_PERIOD)
        sample.period = cursor.u64();
    else if (!attr.freq && attr.sample_period > 0)
        sample.period = attr.sample_period; // a fixed period the samples do not repeat (perf record -c)
    if (type & PERF_SAMPLE_READ) skipReadFormat(cursor, attr.read_format);
    if (type & PERF_SAMPLE_CALLCHAIN) {
        const uint64_t count = cursor.u64();
        sample.callchain = cursor.u64s(count);
    }
    if (type & PERF_SAMPLE_RAW) {
        uint32_t size = 0;
        if (cursor.ok() && payloadSize - cursor.position() >= 4)
            std::memcpy(&size, payload + cursor.position(), 4);
        cursor.skip(4);
        sample.raw = cursor.bytes(size);
    }
    if (type & PERF_SAMPLE_BRANCH_STACK) {
        const uint64_t count = cursor.u64();
        if (attr.branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) cursor.u64();
        cursor.u64s(count * 3);
    }
    if (type & PERF_SAMPLE_REGS_USER) {
        sample.userRegsAbi = cursor.u64();
        if (sample.userRegsAbi != 0) {
            sample.userRegsMask = attr.sample_regs_user;
            sample.userRegs = cursor.u64s(static_cast<uint64_t>(std::popcount(attr.sample_regs_user)));
        }
    }
    if (type & PERF_SAMPLE_STACK_USER) {
        sample.userStackOffsetInRecord = sizeof *record + cursor.position();
        const uint64_t size = cursor.u64();
        sample.userStackSize = size;
        if (size != 0) {
            const auto stack = cursor.bytes(size);
            const uint64_t dynSize = cursor.u64();
            if (dynSize > size) return SampleDecode::StackCopyTooLarge;
            sample.userStack = stack.first(dynSize);
        }
    }
    if (!cursor.ok()) return SampleDecode::Truncated;
    if (!allHaveIdentifier_ && (type & PERF_SAMPLE_ID)) sample.eventIndex = eventIndexForId(sample.id);
    return SampleDecode::Decoded;
}

std::string RecordDecoder::sampleDecodeMessage(SampleDecode result, const perf_event_header *record,
                                               const Sample &sample) const {
    switch (result) {
    case SampleDecode::Decoded:
        return {};
    case SampleDecode::NoEventAttributes:
        return "sample before any event attribute";
    case SampleDecode::StackCopyTooLarge: {
        // The copied size follows the stack bytes, which decodeSample found inside the record.
        uint64_t dynSize = 0;
        std::memcpy(&dynSize,
                    reinterpret_cast<const uint8_t *>(record) + sample.userStackOffsetInRecord + 8 +
                        sample.userStackSize,
                    8);
        return fmt::format("user stack declares {} copied bytes in a {}-byte stack", dynSize,
                           sample.userStackSize);
    }
    case SampleDecode::Truncated:
        return fmt::format("sample of {} bytes is shorter than its fields (sample_type {:#x}) need",
                           record->size, events_[sample.eventIndex].attr.sample_type);
    }
    return {};
}

bool RecordDecoder::recordTime(const perf_event_header *record, uint64_t &time) const {
    if (events_.empty()) return false;
    if (record->type != PERF_RECORD_SAMPLE) {
        if (record->type >= 64) return false; // perf's own records carry no sample_id
        SampleId id;
        if (!decodeSampleId(record, id) || !(events_[id.eventIndex].attr.sample_type & PERF_SAMPLE_TIME))
            return false;
        time = id.time;
        return true;
    }
    const auto *payload = reinterpret_cast<const uint8_t *>(record) + sizeof *record;
    const size_t payloadSize = record->size - sizeof *record;
    size_t eventIndex = 0;
    if (allHaveIdentifier_ && payloadSize >= 8) {
        uint64_t id = 0;
        std::memcpy(&id, payload, 8);
        eventIndex = eventIndexForId(id);
    }
    const uint64_t type = events_[eventIndex].attr.sample_type;
    if (!(type & PERF_SAMPLE_TIME)) return false;
    const size_t offset = 8 * (((type & PERF_SAMPLE_IDENTIFIER) ? 1 : 0) + ((type & PERF_SAMPLE_IP) ? 1 : 0) +
                               ((type & PERF_SAMPLE_TID) ? 1 : 0));
    if (offset + 8 > payloadSize) return false;
    std::memcpy(&time, payload + offset, 8);
    return true;
}

bool RecordDecoder::decodeSampleId(const perf_event_header *record, SampleId &sampleId) const {
    if (events_.empty()) return false;
    const auto *end = reinterpret_cast<const uint8_t *>(record) + record->size;
    const size_t payloadSize = record->size - sizeof *record;
    size_t eventIndex = 0;
    if (allHaveIdentifier_) {
        if (payloadSize < 8) return false;
        uint64_t id = 0;
        std::memcpy(&id, end - 8, 8);
        eventIndex = eventIndexForId(id);
    }
    const perf_event_attr &attr = events_[eventIndex].attr;
    if (!attr.sample_id_all) return false;
    const uint64_t type = attr.sample_type;
    const uint64_t fields[] = {PERF_SAMPLE_TID,       PERF_SAMPLE_TIME, PERF_SAMPLE_ID,
                               PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU,  PERF_SAMPLE_IDENTIFIER};
    size_t trailer = 0;
    for (uint64_t field : fields)
        trailer += (type & field) ? 8 : 0;
    if (trailer > payloadSize) return false;
    Cursor cursor(end - trailer, trailer);
    sampleId = SampleId{};
    sampleId.eventIndex = eventIndex;
    if (type & PERF_SAMPLE_TID) cursor.pair32(sampleId.pid, sampleId.tid);
    if (type & PERF_SAMPLE_TIME) sampleId.time = cursor.u64();
    if (type & PERF_SAMPLE_ID) sampleId.id = cursor.u64();
    if (type & PERF_SAMPLE_STREAM_ID) cursor.u64();
    if (type & PERF_SAMPLE_CPU) {
        uint32_t reserved = 0;
        cursor.pair32(sampleId.cpu, reserved);
    }
    if (type & PERF_SAMPLE_IDENTIFIER) sampleId.id = cursor.u64();
    return true;
}

} // namespace perfglass
