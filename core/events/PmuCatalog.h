// The PMUs the kernel offers, read from sysfs (/sys/bus/event_source/devices by default; tests pass fixture
// trees): each PMU's type, CPUs, format fields and named events with their scale and unit.
#pragma once

#include "events/PmuFormat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// A named event of a PMU: events/NAME holds its terms ("event=0x3c,umask=0x1"); NAME.scale and NAME.unit
// say how to turn counts into values (e.g. 2.3283064365386962890625e-10 Joules).
struct PmuEvent {
    std::string name;
    std::string terms;
    double scale = 1.0;
    std::string unit;
    bool perPackage = false; // NAME.per-pkg: count once per package
    bool snapshot = false;   // NAME.snapshot: the value is a snapshot, not a delta
};

struct Pmu {
    std::string name;
    uint32_t type = 0;
    // The CPUs to open its events on (cpumask or cpus file). Non-empty for system-wide PMUs such as uncore,
    // power or hybrid core PMUs.
    std::vector<int> cpus;
    bool systemWideOnly = false; // it has a cpumask: events open with pid -1 on those CPUs
    std::vector<PmuFormat> formats;
    std::vector<PmuEvent> events;

    const PmuFormat *findFormat(std::string_view field) const;
    const PmuEvent *findEvent(std::string_view event) const;
};

class PmuCatalog {
public:
    static constexpr const char *kDefaultRoot = "/sys/bus/event_source/devices";

    PmuCatalog() = default;
    // Reads every PMU under root. A missing root gives an empty catalog; a PMU or file that cannot be read or
    // parsed is skipped and described in warnings().
    static PmuCatalog load(const std::string &root = kDefaultRoot);

    const std::string &root() const { return root_; }
    const std::vector<Pmu> &pmus() const { return pmus_; }
    const Pmu *find(std::string_view name) const;
    const Pmu *findByType(uint32_t type) const;
    const std::vector<std::string> &warnings() const { return warnings_; }

private:
    std::string root_;
    std::vector<Pmu> pmus_;
    std::vector<std::string> warnings_;
};

} // namespace perfglass
