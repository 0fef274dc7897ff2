// Encoding and decoding of the values stored in perf.data feature sections (strings, string lists,
// integers), shared by the writer and the reader.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

class FeatureEncoder {
public:
    void u32(uint32_t value) { raw(&value, sizeof value); }
    void u64(uint64_t value) { raw(&value, sizeof value); }
    void raw(const void *bytes, size_t size);
    // u32 length (NUL included, padded to 64 bytes) followed by the bytes.
    void string(std::string_view text);
    void stringList(const std::vector<std::string> &texts);
    std::vector<uint8_t> take() { return std::move(bytes_); }

private:
    std::vector<uint8_t> bytes_;
};

// Reads values from one feature section; every read is bounds-checked and returns nullopt past the end.
class FeatureDecoder {
public:
    FeatureDecoder(const uint8_t *bytes, size_t size)
        : bytes_(bytes)
        , size_(size) {}
    std::optional<uint32_t> u32();
    std::optional<uint64_t> u64();
    bool raw(void *out, size_t size);
    std::optional<std::string> string();
    std::optional<std::vector<std::string>> stringList(uint32_t maxCount);
    size_t position() const { return pos_; }
    size_t remaining() const { return size_ - pos_; }
    const uint8_t *current() const { return bytes_ + pos_; }
    bool skip(size_t size);

private:
    const uint8_t *bytes_;
    size_t size_;
    size_t pos_ = 0;
};

} // namespace perfglass
