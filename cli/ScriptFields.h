// perf script's -F: which fields each sample prints.
#pragma once

#include <cstdint>
#include <string>

namespace perfglass::cli {

enum ScriptField : uint32_t {
    FieldComm = 1u << 0,
    FieldPid = 1u << 1,
    FieldTid = 1u << 2,
    FieldCpu = 1u << 3,
    FieldTime = 1u << 4,
    FieldPeriod = 1u << 5,
    FieldEvent = 1u << 6,
    FieldIp = 1u << 7,
    FieldSym = 1u << 8,
    FieldSymOffset = 1u << 9,
    FieldDso = 1u << 10,
};

// perf script's default for sampled events.
inline constexpr uint32_t kDefaultScriptFields = FieldComm | FieldTid | FieldCpu | FieldTime | FieldPeriod |
                                                 FieldEvent | FieldIp | FieldSym | FieldSymOffset | FieldDso;

// "comm,tid,time" sets the fields; "+pid,-cpu" (every item signed) changes the default; a "hw:", "sw:" or
// "trace:" prefix of perf's is accepted. Throws Error naming unknown fields with the closest known ones.
uint32_t parseScriptFields(const std::string &text);

} // namespace perfglass::cli
