// The record decoder alone, with attributes the input chooses: every sample_type, read_format, register mask
// and sample_id_all combination against records of any length. Input layout (FuzzSeedWriter writes it):
//   u8 event count - 1 (mod 3)   then per event: 128-byte perf_event_attr, u64 id   then records
// Each record keeps its header's size, cut to what is left and to a multiple of 8 of at least 8 bytes, as the
// reader hands records out (8-byte aligned, size bytes readable).
#include "FuzzInput.h"

#include <cstring>
#include <vector>

namespace {

constexpr size_t kAttrBytes = 128; // PERF_ATTR_SIZE_VER7; larger attributes are cut to it
constexpr size_t kMaxEvents = 3;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace perfglass;
    if (size < 1) return 0;
    const size_t eventCount = 1 + data[0] % kMaxEvents;
    size_t pos = 1;
    if (size - pos < eventCount * (kAttrBytes + 8)) return 0;
    std::vector<EventAttr> events(eventCount);
    for (EventAttr &event : events) {
        std::memcpy(&event.attr, data + pos, std::min(kAttrBytes, sizeof event.attr));
        uint64_t id = 0;
        std::memcpy(&id, data + pos + kAttrBytes, 8);
        event.ids.push_back(id);
        pos += kAttrBytes + 8;
    }
    const RecordDecoder decoder(events);
    std::vector<uint64_t> record;
    uint64_t sum = 0;
    while (size - pos >= sizeof(perf_event_header)) {
        perf_event_header header;
        std::memcpy(&header, data + pos, sizeof header);
        size_t recordSize = std::min<size_t>(std::max<size_t>(header.size, 8), size - pos) / 8 * 8;
        record.assign(recordSize / 8, 0);
        std::memcpy(record.data(), data + pos, recordSize);
        auto *aligned = reinterpret_cast<perf_event_header *>(record.data());
        aligned->size = static_cast<uint16_t>(recordSize);
        sum += fuzz::decodeRecord(decoder, aligned);
        pos += recordSize;
    }
    if (sum == 1) std::fputc(' ', stderr);
    return 0;
}
