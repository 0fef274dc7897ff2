#include "perfdata/FeatureCodec.h"

#include "perfdata/PerfFileFormat.h"

namespace perfglass {

void FeatureEncoder::raw(const void *bytes, size_t size) {
    const auto *begin = static_cast<const uint8_t *>(bytes);
    bytes_.insert(bytes_.end(), begin, begin + size);
}

void FeatureEncoder::string(std::string_view text) {
    const auto padded = static_cast<uint32_t>(format::alignUp(text.size() + 1, format::kStringAlign));
    u32(padded);
    raw(text.data(), text.size());
    bytes_.resize(bytes_.size() + (padded - text.size()), 0);
}

void FeatureEncoder::stringList(const std::vector<std::string> &texts) {
    u32(static_cast<uint32_t>(texts.size()));
    for (const auto &text : texts)
        string(text);
}

bool FeatureDecoder::raw(void *out, size_t size) {
    if (size > remaining()) return false;
    if (size == 0) return true; // out may be the null data() of an empty vector
    std::memcpy(out, bytes_ + pos_, size);
    pos_ += size;
    return true;
}

bool FeatureDecoder::skip(size_t size) {
    if (size > remaining()) return false;
    pos_ += size;
    return true;
}

std::optional<uint32_t> FeatureDecoder::u32() {
    uint32_t value;
    if (!raw(&value, sizeof value)) return std::nullopt;
    return value;
}

std::optional<uint64_t> FeatureDecoder::u64() {
    uint64_t value;
    if (!raw(&value, sizeof value)) return std::nullopt;
    return value;
}

std::optional<std::string> FeatureDecoder::string() {
    const auto length = u32();
    if (!length || *length > remaining()) return std::nullopt;
    const char *text = reinterpret_cast<const char *>(current());
    std::string result(text, strnlen(text, *length));
    pos_ += *length;
    return result;
}

std::optional<std::vector<std::string>> FeatureDecoder::stringList(uint32_t maxCount) {
    const auto count = u32();
    if (!count || *count > maxCount) return std::nullopt;
    std::vector<std::string> texts;
    for (uint32_t i = 0; i < *count; ++i) {
        auto text = string();
        if (!text) return std::nullopt;
        texts.push_back(std::move(*text));
    }
    return texts;
}

} // namespace perfglass
