// Facts about the machine and the recording, stored in perf.data feature sections.
#pragma once

#include "perfdata/KeptJitDumps.h"
#include "perfdata/SampleCpuRuns.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace perfglass {

struct BuildIdEntry {
    int32_t pid = -1;
    bool kernel = false;
    std::vector<uint8_t> buildId; // up to 20 bytes
    std::string path;
};

// HEADER_CPU_TOPOLOGY: the distinct sibling lists of the online CPUs ("0-7": the CPUs of one socket, of one
// die, the hardware threads of one core) and the core, socket and die id of every available CPU (~0u for an
// offline one). Dies are written only where the kernel names them, as perf does.
struct CpuTopologyFeature {
    struct Ids {
        uint32_t core = 0;
        uint32_t socket = 0;
        uint32_t die = 0;
    };
    std::vector<std::string> socketSiblings;
    std::vector<std::string> threadSiblings;
    std::vector<std::string> dieSiblings;
    std::vector<Ids> cpus; // by CPU number, cpusAvailable entries
    bool empty() const { return socketSiblings.empty() && threadSiblings.empty(); }
};

struct SessionMetadata {
    std::string hostname;
    std::string osRelease;
    std::string version;
    std::string arch;
    uint32_t cpusAvailable = 0;
    uint32_t cpusOnline = 0;
    std::string cpuDescription; // HEADER_CPUDESC: the CPU model ("model name" of /proc/cpuinfo)
    std::string cpuId;          // HEADER_CPUID: on x86 "vendor,family,model,stepping", as perf writes it
    uint64_t totalMemoryKb = 0; // HEADER_TOTAL_MEM: MemTotal of /proc/meminfo, in KiB
    CpuTopologyFeature cpuTopology;
    uint64_t firstSampleTime = 0; // HEADER_SAMPLE_TIME: times of the first and last sample (0: none written)
    uint64_t lastSampleTime = 0;
    std::vector<std::string> cmdline;
    std::vector<BuildIdEntry> buildIds;
    uint64_t clockResolutionNs = 0; // HEADER_CLOCKID
    bool hasClockId = false;
    uint32_t compressionLevel = 0; // HEADER_COMPRESSED, 0 when records are not compressed
    uint32_t compressionMmapLen = 0;
    std::vector<uint8_t>
        tracingData;          // HEADER_TRACING_DATA, needed by perf for tracepoint events; empty: none
    SampleCpuRuns sampleCpus; // kFeatSampleCpus: empty when samples carry their CPU
    // kFeatPerfMaps: the text of /tmp/perf-PID.map of each process with samples that had one, by pid, as it
    // was when the recording ended; an empty text for a map too large to keep (readers may look in /tmp).
    std::map<int32_t, std::string> perfMaps;
    // The recorder looked for every sampled process's perf map (the section is written even when it found
    // none): readers never look in /tmp for a process it has no entry for, where a later process with the
    // same id may have written one.
    bool perfMapsKept = false;
    // kFeatJitDumps: the jitdump files of processes with samples, as they were when the recording ended.
    KeptJitDumps jitDumps;

    // Fills hostname, release, arch, CPU counts, model, id and topology, and memory from the running machine.
    static SessionMetadata fromThisMachine();
};

} // namespace perfglass
