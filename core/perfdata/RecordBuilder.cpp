#include "perfdata/RecordBuilder.h"

#include <cstring>

namespace perfglass {

void RecordBuilder::start(uint32_t type, uint16_t misc) {
    used_ = 0;
    const perf_event_header header{type, misc, 0};
    putBytes(&header, sizeof header);
}

void RecordBuilder::putBytes(const void *bytes, size_t size) {
    if (used_ + size > words_.size() * sizeof(uint64_t)) words_.resize((used_ + size) / 8 + 64);
    std::memcpy(reinterpret_cast<uint8_t *>(words_.data()) + used_, bytes, size);
    used_ += size;
}

void RecordBuilder::putText(std::string_view text) {
    putBytes(text.data(), text.size());
    const size_t padded = (text.size() + 1 + 7) & ~size_t{7};
    static constexpr uint8_t kZeros[8] = {};
    putBytes(kZeros, padded - text.size());
}

const perf_event_header &RecordBuilder::finish() {
    auto *header = reinterpret_cast<perf_event_header *>(words_.data());
    header->size = static_cast<uint16_t>(used_);
    return *header;
}

std::span<const uint8_t> RecordBuilder::bytes() const {
    return {reinterpret_cast<const uint8_t *>(words_.data()), used_};
}

} // namespace perfglass
