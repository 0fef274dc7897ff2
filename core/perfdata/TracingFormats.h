// The tracepoint formats of a session, read back from its HEADER_TRACING_DATA section (the layout that
// TracingData.h writes and perf's trace-event-info.c defines), and the decoding of a tracepoint sample's raw
// payload (PERF_SAMPLE_RAW) into "field=value" text by those formats.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

struct TracepointField {
    std::string name; // "prev_comm" (without the array size)
    std::string type; // "char", "pid_t", "__data_loc char[]", "unsigned long"
    uint32_t offset = 0;
    uint32_t size = 0;
    bool isSigned = false;
    bool isArray = false;  // "char prev_comm[16]"
    bool dataLoc = false;  // __data_loc / __rel_loc: a 32-bit (length << 16 | offset) to variable data
    bool relative = false; // __rel_loc: the offset counts from the end of the field
};

struct TracepointFormat {
    std::string name; // "sched:sched_switch"
    uint64_t id = 0;
    std::vector<TracepointField> fields; // in the file's order, common_* fields included
};

class TracingFormats {
public:
    // The formats in a HEADER_TRACING_DATA section; Error when it is malformed.
    static TracingFormats parse(std::span<const uint8_t> tracingData);
    // One tracefs format file of SYSTEM ("name:", "ID:", "format:" and its field lines).
    static TracepointFormat parseFormat(std::string_view system, std::string_view text);
    // "prev_comm=sleep prev_pid=123 ...": the fields of RAW, without the common_* ones; fields that lie
    // outside RAW are left out.
    static std::string decode(const TracepointFormat &format, std::span<const uint8_t> raw);

    void add(TracepointFormat format) { formats_.push_back(std::move(format)); }
    // The format of tracepoint id ID (the event's attr.config), or nullptr.
    const TracepointFormat *byId(uint64_t id) const;
    bool empty() const { return formats_.empty(); }

private:
    std::vector<TracepointFormat> formats_;
};

} // namespace perfglass
