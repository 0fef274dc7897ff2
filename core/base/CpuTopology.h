// Where a CPU sits: socket (physical package), die and core, from /sys/devices/system/cpu/cpuN/topology, for
// perf stat's --per-socket and --per-core aggregation; and how many CPUs this process may run on.
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

// The CPUs of this thread's affinity mask (taskset, cpusets), at least 1; std::thread::hardware_concurrency()
// counts every CPU of the machine instead.
unsigned cpusAvailable();

} // namespace perfglass
