// The protocol buffers wire format, as far as profile.proto (pprof) needs it: varint and length-delimited
// fields, packed repeated varints and nested messages. A message is built in a byte string; a nested
// message is written into its own ProtobufWriter and added with message(). Fields with default values are
// left out by the caller, as proto3 does.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace perfglass {

class ProtobufWriter {
public:
    // A varint field (wire type 0): int64, uint64 and bool fields alike.
    void varint(uint32_t field, uint64_t value);
    // A varint field left out when VALUE is 0 (proto3's default).
    void varintIfSet(uint32_t field, uint64_t value) {
        if (value != 0) varint(field, value);
    }
    // A length-delimited field (wire type 2): strings, bytes.
    void bytes(uint32_t field, std::string_view data);
    void message(uint32_t field, const ProtobufWriter &nested) { bytes(field, nested.data()); }
    // A packed repeated varint field; nothing when VALUES is empty.
    void packed(uint32_t field, std::span<const uint64_t> values);

    const std::string &data() const { return data_; }
    void clear() { data_.clear(); }

    // The varint encoding of VALUE appended to OUT: 7 bits a byte, least significant first.
    static void appendVarint(std::string &out, uint64_t value);

private:
    void tag(uint32_t field, uint32_t wireType) { appendVarint(data_, uint64_t{field} << 3 | wireType); }

    std::string data_;
};

} // namespace perfglass
