// Lays out a perf record for writing: the header, the fields of its family (PerfRecords.h), text padded with
// NULs to 8 bytes, and whatever trailer the writer adds. Its buffer is reused from record to record and kept
// 8-byte aligned, so the record can be read in place.
#pragma once

#include <linux/perf_event.h>

#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

namespace perfglass {

class RecordBuilder {
public:
    // Starts a record, dropping the one built before.
    void start(uint32_t type, uint16_t misc = 0);
    template <typename Fields> void putFields(const Fields &fields) {
        static_assert(std::is_trivially_copyable_v<Fields>);
        putBytes(&fields, sizeof fields);
    }
    void putBytes(const void *bytes, size_t size);
    // text, then at least one NUL, up to the next multiple of 8 bytes (how the kernel stores names).
    void putText(std::string_view text);
    // Sets the header's size and returns the record, valid until the next start().
    const perf_event_header &finish();
    std::span<const uint8_t> bytes() const;

private:
    std::vector<uint64_t> words_;
    size_t used_ = 0; // bytes of words_ in use
};

} // namespace perfglass
