// Where a CPU sits: socket (physical package), die and core, from /sys/devices/system/cpu/cpuN/topology, for
// perf stat's --per-socket and --per-core aggregation.
#pragma once

#include <string>

namespace perfglass {

struct CpuPlace {
    int socket = 0;
    int die = 0;
    int core = 0;
};

// Missing files (old kernels have no die_id) count as 0.
CpuPlace cpuPlace(int cpu, const std::string &sysfsCpuRoot = "/sys/devices/system/cpu");

} // namespace perfglass
