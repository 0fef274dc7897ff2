#include "export/ProtobufWriter.h"

namespace perfglass {

void ProtobufWriter::appendVarint(std::string &out, uint64_t value) {
    while (value >= 0x80) {
        out += static_cast<char>((value & 0x7f) | 0x80);
        value >>= 7;
    }
    out += static_cast<char>(value);
}

void ProtobufWriter::varint(uint32_t field, uint64_t value) {
    tag(field, 0);
    appendVarint(data_, value);
}

void ProtobufWriter::bytes(uint32_t field, std::string_view data) {
    tag(field, 2);
    appendVarint(data_, data.size());
    data_.append(data);
}

void ProtobufWriter::packed(uint32_t field, std::span<const uint64_t> values) {
    if (values.empty()) return;
    std::string payload;
    for (const uint64_t value : values)
        appendVarint(payload, value);
    bytes(field, payload);
}

} // namespace perfglass
