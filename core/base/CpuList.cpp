#include "base/CpuList.h"

#include "base/Error.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>

namespace perfglass {

namespace {
int parseCpu(std::string_view text, std::string_view whole) {
    int value = -1;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0 || value > 65535)
        throw Error(fmt::format("CPU list '{}': '{}' is not a CPU number", whole, text));
    return value;
}
} // namespace

std::vector<int> parseCpuList(std::string_view text) {
    std::vector<int> cpus;
    size_t start = 0;
    while (start < text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view part = text.substr(start, comma - start);
        const size_t dash = part.find('-');
        if (dash == std::string_view::npos) {
            cpus.push_back(parseCpu(part, text));
        } else {
            const int first = parseCpu(part.substr(0, dash), text);
            const int last = parseCpu(part.substr(dash + 1), text);
            if (last < first)
                throw Error(fmt::format("CPU list '{}': range '{}' runs backwards", text, part));
            for (int cpu = first; cpu <= last; ++cpu)
                cpus.push_back(cpu);
        }
        start = comma + 1;
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

std::vector<int> onlineCpus() {
    std::ifstream file("/sys/devices/system/cpu/online");
    std::string line;
    if (std::getline(file, line)) {
        while (!line.empty() && (line.back() == '\n' || line.back() == ' '))
            line.pop_back();
        try {
            return parseCpuList(line);
        } catch (const Error &) {
        }
    }
    std::vector<int> cpus(static_cast<size_t>(std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN))));
    for (size_t i = 0; i < cpus.size(); ++i)
        cpus[i] = static_cast<int>(i);
    return cpus;
}

} // namespace perfglass
