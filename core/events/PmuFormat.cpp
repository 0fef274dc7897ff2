#include "events/PmuFormat.h"

#include "base/Error.h"
#include "base/TextUtil.h"

#include <fmt/format.h>

#include <bit>
#include <charconv>

namespace perfglass {

namespace {

unsigned parseBit(const std::string &name, std::string_view text, std::string_view whole) {
    unsigned bit = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), bit);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        throw Error(fmt::format("format field '{}': '{}' in '{}' is not a bit number", name, text, whole));
    if (bit > 63)
        throw Error(fmt::format("format field '{}': bit {} in '{}' is beyond bit 63", name, bit, whole));
    return bit;
}

} // namespace

__u64 &configWord(perf_event_attr &attr, unsigned word) {
    switch (word) {
    case 1:
        return attr.config1;
    case 2:
        return attr.config2;
    default:
        return attr.config;
    }
}

uint64_t configWord(const perf_event_attr &attr, unsigned word) {
    return configWord(const_cast<perf_event_attr &>(attr), word);
}

PmuFormat PmuFormat::parse(std::string name, std::string_view text) {
    const std::string_view whole = trim(text);
    PmuFormat format;
    format.name_ = std::move(name);
    const auto colon = whole.find(':');
    if (colon == std::string_view::npos)
        throw Error(fmt::format("format field '{}': '{}' has no ':' (expected e.g. config:0-7)", format.name_,
                                whole));
    const std::string_view word = whole.substr(0, colon);
    if (word == "config")
        format.word_ = 0;
    else if (word == "config1")
        format.word_ = 1;
    else if (word == "config2")
        format.word_ = 2;
    else
        throw Error(fmt::format("format field '{}': unknown attribute word '{}' in '{}' (known: config, "
                                "config1, config2)",
                                format.name_, word, whole));
    std::string_view ranges = whole.substr(colon + 1);
    if (ranges.empty()) throw Error(fmt::format("format field '{}': no bits in '{}'", format.name_, whole));
    while (!ranges.empty()) {
        const auto comma = ranges.find(',');
        const std::string_view range = ranges.substr(0, comma);
        ranges = comma == std::string_view::npos ? std::string_view() : ranges.substr(comma + 1);
        const auto dash = range.find('-');
        const unsigned low = parseBit(format.name_, range.substr(0, dash), whole);
        const unsigned high =
            dash == std::string_view::npos ? low : parseBit(format.name_, range.substr(dash + 1), whole);
        if (high < low)
            throw Error(fmt::format("format field '{}': range '{}' in '{}' ends before it starts",
                                    format.name_, range, whole));
        const uint64_t bits =
            (high - low == 63) ? ~uint64_t{0} : ((uint64_t{1} << (high - low + 1)) - 1) << low;
        if (format.mask_ & bits)
            throw Error(fmt::format("format field '{}': range '{}' in '{}' overlaps another", format.name_,
                                    range, whole));
        format.mask_ |= bits;
    }
    return format;
}

unsigned PmuFormat::bitCount() const {
    return static_cast<unsigned>(std::popcount(mask_));
}

uint64_t PmuFormat::maxValue() const {
    const unsigned bits = bitCount();
    return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
}

std::string PmuFormat::describe() const {
    static constexpr const char *kWords[] = {"config", "config1", "config2"};
    std::string text = std::string(kWords[word_]) + ":";
    bool first = true;
    for (unsigned bit = 0; bit < 64;) {
        if (!(mask_ >> bit & 1)) {
            ++bit;
            continue;
        }
        unsigned end = bit;
        while (end + 1 < 64 && (mask_ >> (end + 1) & 1))
            ++end;
        text += (first ? "" : ",") + (end == bit ? fmt::format("{}", bit) : fmt::format("{}-{}", bit, end));
        first = false;
        bit = end + 1;
    }
    return text;
}

void PmuFormat::apply(uint64_t value, perf_event_attr &attr) const {
    __u64 &target = configWord(attr, word_);
    target &= ~mask_;
    unsigned valueBit = 0;
    for (unsigned bit = 0; bit < 64; ++bit) {
        if (!(mask_ >> bit & 1)) continue;
        if (valueBit < 64 && (value >> valueBit & 1)) target |= uint64_t{1} << bit;
        ++valueBit;
    }
}

uint64_t PmuFormat::extract(const perf_event_attr &attr) const {
    const uint64_t source = configWord(attr, word_);
    uint64_t value = 0;
    unsigned valueBit = 0;
    for (unsigned bit = 0; bit < 64; ++bit) {
        if (!(mask_ >> bit & 1)) continue;
        if (source >> bit & 1) value |= uint64_t{1} << valueBit;
        ++valueBit;
    }
    return value;
}

} // namespace perfglass
