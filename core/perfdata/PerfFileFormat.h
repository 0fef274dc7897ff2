// On-disk layout of perf.data (tools/perf/Documentation/perf.data-file-format.txt in the Linux sources).
#pragma once

#include <linux/perf_event.h>

#include <cstdint>

namespace perfglass::format {

inline constexpr char kMagic[8] = {'P', 'E', 'R', 'F', 'I', 'L', 'E', '2'};

struct FileSection {
    uint64_t offset = 0;
    uint64_t size = 0;
};

struct FileHeader {
    char magic[8];
    uint64_t size;     // sizeof(FileHeader)
    uint64_t attrSize; // sizeof one FileAttr as stored (attr + ids section)
    FileSection attrs;
    FileSection data;
    FileSection eventTypes; // unused, always empty
    uint64_t features[4];   // bitmap of HEADER_* feature sections after the data
};
static_assert(sizeof(FileHeader) == 104);

struct PipeHeader {
    char magic[8];
    uint64_t size; // sizeof(PipeHeader) == 16 marks pipe mode
};

// Feature bits (enum perf_header_feature in tools/perf/util/header.h).
enum Feature : unsigned {
    kFeatTracingData = 1,
    kFeatBuildId = 2,
    kFeatHostname = 3,
    kFeatOsRelease = 4,
    kFeatVersion = 5,
    kFeatArch = 6,
    kFeatNrCpus = 7,
    kFeatCpuDesc = 8,
    kFeatCpuId = 9,
    kFeatTotalMem = 10,
    kFeatCmdline = 11,
    kFeatEventDesc = 12,
    kFeatCpuTopology = 13,
    kFeatSampleTime = 21,
    kFeatClockId = 23,
    kFeatCompressed = 27,
    kFeatClockData = 29,
    kFeatLastKnown = 32,
    // Perfglass's own: the CPUs of samples that do not carry one (SampleCpuRuns). Far above perf's features,
    // so that perf ("unknown feature", skipped) and perfparser (reads the bits it knows) pass over it.
    kFeatSampleCpus = 192,
    // Perfglass's own: the JIT map files (/tmp/perf-PID.map) of processes with samples, kept with the
    // session because /tmp does not keep them (docs/session-format.md).
    kFeatPerfMaps = 193,
    // Perfglass's own: the jitdump files (jit-PID.dump) of processes with samples (KeptJitDumps).
    kFeatJitDumps = 194,
};

// The flags of a kFeatPerfMaps entry: with no text, the map was not kept (too large): readers may look in
// /tmp.
inline constexpr uint32_t kPerfMapNotKept = 1;

// Record types perf adds to the kernel's (enum perf_user_event_type).
enum UserRecordType : uint32_t {
    kRecordHeaderAttr = 64,
    kRecordHeaderEventType = 65,
    kRecordHeaderTracingData = 66,
    kRecordHeaderBuildId = 67,
    kRecordFinishedRound = 68,
    kRecordIdIndex = 69,
    kRecordAuxtraceInfo = 70,
    kRecordAuxtrace = 71,
    kRecordAuxtraceError = 72,
    kRecordThreadMap = 73,
    kRecordCpuMap = 74,
    kRecordStatConfig = 75,
    kRecordStat = 76,
    kRecordStatRound = 77,
    kRecordEventUpdate = 78,
    kRecordTimeConv = 79,
    kRecordHeaderFeature = 80,
    kRecordCompressed = 81,
    kRecordFinishedInit = 82,
};

// Strings in feature sections: u32 length (padded to 64 bytes, NUL included) then the bytes.
inline constexpr uint32_t kStringAlign = 64;

// Largest record the kernel can emit: header.size is 16 bits.
inline constexpr uint32_t kMaxRecordSize = 0xffff;

inline constexpr uint64_t alignUp(uint64_t value, uint64_t alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

} // namespace perfglass::format
