#include "perfdata/SessionMetadata.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>

namespace perfglass {

namespace {

// "key : value" lines of /proc/cpuinfo for the first CPU (up to the first empty line).
std::map<std::string, std::string> firstCpuInfo() {
    std::map<std::string, std::string> fields;
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line) && !line.empty()) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        auto trimmed = [](std::string_view text) {
            const auto begin = text.find_first_not_of(" \t");
            const auto end = text.find_last_not_of(" \t");
            return begin == std::string_view::npos ? std::string()
                                                   : std::string(text.substr(begin, end - begin + 1));
        };
        fields.emplace(trimmed(std::string_view(line).substr(0, colon)),
                       trimmed(std::string_view(line).substr(colon + 1)));
    }
    return fields;
}

// The CPU model as perf's CPUDESC names it: "model name" on x86, else the first field that names one, with
// runs of blanks squeezed to one space as perf does.
std::string cpuDescriptionOf(const std::map<std::string, std::string> &cpu) {
    for (const char *key : {"model name", "Processor", "cpu model", "cpu", "uarch"}) {
        const auto it = cpu.find(key);
        if (it == cpu.end() || it->second.empty()) continue;
        std::string squeezed;
        for (char c : it->second) {
            const bool blank = c == ' ' || c == '\t';
            if (blank && (squeezed.empty() || squeezed.back() == ' ')) continue;
            squeezed += blank ? ' ' : c;
        }
        return squeezed;
    }
    return {};
}

// perf's CPUID on x86: "GenuineIntel,6,85,4" (vendor, family, model, stepping); empty elsewhere.
std::string cpuIdOf(const std::map<std::string, std::string> &cpu) {
    const auto vendor = cpu.find("vendor_id");
    const auto family = cpu.find("cpu family");
    const auto model = cpu.find("model");
    const auto stepping = cpu.find("stepping");
    if (vendor == cpu.end() || family == cpu.end() || model == cpu.end() || stepping == cpu.end()) return {};
    return vendor->second + "," + family->second + "," + model->second + "," + stepping->second;
}

uint64_t memTotalKb() {
    std::ifstream in("/proc/meminfo");
    std::string key;
    uint64_t value = 0;
    while (in >> key >> value) {
        if (key == "MemTotal:") return value;
        in.ignore(256, '\n');
    }
    return 0;
}

std::string firstLine(const std::string &path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return line;
}

uint32_t idFrom(const std::string &path) {
    std::ifstream in(path);
    int64_t value = -1;
    return in >> value && value >= 0 ? static_cast<uint32_t>(value) : ~0u;
}

void addOnce(std::vector<std::string> &lists, std::string list) {
    if (!list.empty() && std::find(lists.begin(), lists.end(), list) == lists.end())
        lists.push_back(std::move(list));
}

// The topology of CPUs 0 to available-1 from /sys/devices/system/cpu/cpuN/topology, as perf writes it.
CpuTopologyFeature cpuTopologyOf(uint32_t available) {
    CpuTopologyFeature topology;
    const std::string root = "/sys/devices/system/cpu/cpu";
    const bool hasDies = std::filesystem::exists(root + "0/topology/die_cpus_list");
    for (uint32_t cpu = 0; cpu < available; ++cpu) {
        const std::string dir = root + std::to_string(cpu) + "/topology/";
        if (!std::filesystem::exists(dir)) { // offline
            topology.cpus.push_back({~0u, ~0u, ~0u});
            continue;
        }
        addOnce(topology.socketSiblings, firstLine(dir + "core_siblings_list"));
        addOnce(topology.threadSiblings, firstLine(dir + "thread_siblings_list"));
        if (hasDies) addOnce(topology.dieSiblings, firstLine(dir + "die_cpus_list"));
        topology.cpus.push_back({idFrom(dir + "core_id"), idFrom(dir + "physical_package_id"),
                                 hasDies ? idFrom(dir + "die_id") : 0u});
    }
    return topology;
}

} // namespace

SessionMetadata SessionMetadata::fromThisMachine() {
    SessionMetadata metadata;
    utsname names{};
    if (::uname(&names) == 0) {
        metadata.hostname = names.nodename;
        metadata.osRelease = names.release;
        metadata.arch = names.machine;
    }
    metadata.cpusAvailable = static_cast<uint32_t>(::sysconf(_SC_NPROCESSORS_CONF));
    metadata.cpusOnline = static_cast<uint32_t>(::sysconf(_SC_NPROCESSORS_ONLN));
    metadata.version = "perfglass " PERFGLASS_VERSION;
    const auto cpu = firstCpuInfo();
    metadata.cpuDescription = cpuDescriptionOf(cpu);
    metadata.cpuId = cpuIdOf(cpu);
    metadata.totalMemoryKb = memTotalKb();
    metadata.cpuTopology = cpuTopologyOf(metadata.cpusAvailable);
    return metadata;
}

} // namespace perfglass
