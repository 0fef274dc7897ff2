#include "base/ProcFs.h"

#include "base/WallClock.h"

#include <dirent.h>
#include <signal.h>
#include <sys/auxv.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>

namespace perfglass {

int perfEventParanoid() {
    std::ifstream file("/proc/sys/kernel/perf_event_paranoid");
    int value = 2;
    if (!(file >> value)) return 2;
    return value;
}

uint64_t readSysctlNumber(const std::string &path, uint64_t fallback) {
    std::ifstream file(path);
    uint64_t value = fallback;
    file >> value;
    return file ? value : fallback;
}

std::vector<pid_t> numericEntries(const std::string &directory) {
    std::vector<pid_t> result;
    const std::unique_ptr<DIR, int (*)(DIR *)> dir(::opendir(directory.c_str()), ::closedir);
    if (!dir) return result;
    while (const dirent *entry = ::readdir(dir.get())) {
        char *end = nullptr;
        const long value = std::strtol(entry->d_name, &end, 10);
        if (end != entry->d_name && *end == '\0' && value > 0) result.push_back(static_cast<pid_t>(value));
    }
    return result;
}

std::vector<pid_t> threadsOf(pid_t pid, const std::string &procRoot) {
    auto tids = numericEntries(procRoot + "/" + std::to_string(pid) + "/task");
    std::sort(tids.begin(), tids.end());
    return tids;
}

pid_t processOf(pid_t tid, const std::string &procRoot) {
    std::ifstream status(procRoot + "/" + std::to_string(tid) + "/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("Tgid:", 0) == 0)
            return static_cast<pid_t>(std::strtol(line.c_str() + 5, nullptr, 10));
    }
    return -1;
}

std::span<const uint8_t> ownVdsoImage() {
    const uint64_t base = ::getauxval(AT_SYSINFO_EHDR);
    if (base == 0) return {};
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        unsigned long long start = 0, end = 0;
        if (line.ends_with("[vdso]") && std::sscanf(line.c_str(), "%llx-%llx", &start, &end) == 2 &&
            start == base)
            return {reinterpret_cast<const uint8_t *>(base), static_cast<size_t>(end - start)};
    }
    return {};
}

bool processExists(pid_t pid) {
    return pid > 0 && (::kill(pid, 0) == 0 || errno == EPERM);
}

std::vector<std::string> statFields(pid_t tid) {
    std::ifstream file("/proc/" + std::to_string(tid) + "/stat");
    std::string text;
    std::getline(file, text);
    const auto paren = text.rfind(')');
    std::vector<std::string> fields;
    if (paren == std::string::npos) return fields;
    std::istringstream rest(text.substr(paren + 1));
    for (std::string field; rest >> field;)
        fields.push_back(std::move(field));
    return fields;
}

bool isRunning(pid_t pid) {
    const std::vector<std::string> fields = statFields(pid);
    return !fields.empty() && fields[0] != "Z" && fields[0] != "X";
}

int64_t processStartNs(pid_t pid) {
    constexpr size_t kStartTime = 22 - 3; // clock ticks from boot, on CLOCK_BOOTTIME
    const std::vector<std::string> fields = statFields(pid);
    const long ticksPerSecond = ::sysconf(_SC_CLK_TCK);
    if (fields.size() <= kStartTime || ticksPerSecond <= 0) return 0;
    const uint64_t ticks = std::strtoull(fields[kStartTime].c_str(), nullptr, 10);
    // The boot's wall-clock time is the wall clock now minus the time since boot.
    timespec sinceBoot{};
    ::clock_gettime(CLOCK_BOOTTIME, &sinceBoot);
    return wallClockNanoseconds() - nanosecondsOf(sinceBoot) +
           static_cast<int64_t>(ticks * (1'000'000'000 / ticksPerSecond));
}

std::string commOf(pid_t tid) {
    std::ifstream file("/proc/" + std::to_string(tid) + "/comm");
    std::string comm;
    std::getline(file, comm);
    return comm;
}

} // namespace perfglass
