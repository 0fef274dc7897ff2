// Facts about the machine and the recording, stored in perf.data feature sections.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct BuildIdEntry {
    int32_t pid = -1;
    bool kernel = false;
    std::vector<uint8_t> buildId; // up to 20 bytes
    std::string path;
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
    std::vector<std::string> cmdline;
    std::vector<BuildIdEntry> buildIds;
    uint64_t clockResolutionNs = 0; // HEADER_CLOCKID
    bool hasClockId = false;
    uint32_t compressionLevel = 0; // HEADER_COMPRESSED, 0 when records are not compressed
    uint32_t compressionMmapLen = 0;
    std::vector<uint8_t>
        tracingData; // HEADER_TRACING_DATA, needed by perf for tracepoint events; empty: none

    // Fills hostname, release, arch, CPU counts, model and id, and memory from the running machine.
    static SessionMetadata fromThisMachine();
};

} // namespace perfglass
