// One format field of a PMU (/sys/bus/event_source/devices/PMU/format/NAME): which bits of config, config1
// or config2 a term such as "umask=0x1" sets. Split fields ("config:0-7,32-35") take the value's low bits in
// the lowest range, the next bits in the next range, as perf does.
#pragma once

#include <linux/perf_event.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace perfglass {

class PmuFormat {
public:
    PmuFormat() = default;
    // Parses the text of a format file, e.g. "config:0-7,32-35", "config1:5", "config2:0-63". Throws Error
    // naming the field and what is wrong.
    static PmuFormat parse(std::string name, std::string_view text);

    const std::string &name() const { return name_; }
    // 0 for config, 1 for config1, 2 for config2.
    unsigned word() const { return word_; }
    uint64_t mask() const { return mask_; }
    unsigned bitCount() const;
    // The largest value the field holds.
    uint64_t maxValue() const;
    bool fits(uint64_t value) const { return value <= maxValue(); }
    // The field as sysfs spells it, e.g. "config:0-7,32-35".
    std::string describe() const;
    // Puts value into the field's bits of attr (clearing them first). The caller checks fits().
    void apply(uint64_t value, perf_event_attr &attr) const;
    // Reads the field's value back from attr.
    uint64_t extract(const perf_event_attr &attr) const;

private:
    std::string name_;
    unsigned word_ = 0;
    uint64_t mask_ = 0;
};

// The config word of attr that a format field or config term names (0: config, 1: config1, 2: config2).
__u64 &configWord(perf_event_attr &attr, unsigned word);
uint64_t configWord(const perf_event_attr &attr, unsigned word);

} // namespace perfglass
