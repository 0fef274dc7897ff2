#include "base/CpuTopology.h"

#include <sched.h>

#include <algorithm>
#include <fstream>
#include <thread>

namespace perfglass {

namespace {
int readNumber(const std::string &path) {
    std::ifstream file(path);
    int value = 0;
    if (!(file >> value)) return 0;
    return value;
}
} // namespace

unsigned cpusAvailable() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (::sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return static_cast<unsigned>(CPU_COUNT(&set));
    return std::max(std::thread::hardware_concurrency(), 1U);
}

CpuPlace cpuPlace(int cpu, const std::string &sysfsCpuRoot) {
    const std::string base = sysfsCpuRoot + "/cpu" + std::to_string(cpu) + "/topology/";
    return {readNumber(base + "physical_package_id"), readNumber(base + "die_id"),
            readNumber(base + "core_id")};
}

} // namespace perfglass
