#include "base/CpuTopology.h"

#include <fstream>

namespace perfglass {

namespace {
int readNumber(const std::string &path) {
    std::ifstream file(path);
    int value = 0;
    if (!(file >> value)) return 0;
    return value;
}
} // namespace

CpuPlace cpuPlace(int cpu, const std::string &sysfsCpuRoot) {
    const std::string base = sysfsCpuRoot + "/cpu" + std::to_string(cpu) + "/topology/";
    return {readNumber(base + "physical_package_id"), readNumber(base + "die_id"),
            readNumber(base + "core_id")};
}

} // namespace perfglass
