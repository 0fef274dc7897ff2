// Everything this machine offers as one list: generic hardware, software and cache events, the named events
// of every PMU, tracepoints and breakpoints, each with the EventSpec that opens it. For `perfglass-cli list`
// and the desktop application's event picker.
#pragma once

#include "events/EventAvailability.h"
#include "events/EventParser.h"

#include <string>
#include <vector>

namespace perfglass {

struct CatalogEntry {
    std::string name; // the name to write in -e ("cpu-clock", "msr/tsc/", "sched:sched_switch")
    std::vector<std::string> aliases; // other accepted names
    std::string description;          // terms of a PMU event, "raw PMU event code", ...
    EventSpec spec;                   // what parsing the name gives
};

struct CatalogOptions {
    bool tracepoints = true; // include every tracepoint (there can be thousands)
};

// The config of a tracepoint entry whose id cannot be read.
constexpr uint64_t kNoTracepointId = ~uint64_t{0};

std::vector<CatalogEntry> catalogEvents(const EventParser &parser, const CatalogOptions &options = {});

// Whether each entry opens now (probeAvailability). Opening a tracepoint registers a probe in the kernel,
// which takes tens of milliseconds, and their availability depends on privileges and tracefs only: when
// there are more than probeEachTracepointLimit tracepoints, the first one is probed and speaks for the
// others (their `probed` is false).
struct ProbedEntry {
    Availability availability;
    bool probed = true;
};
constexpr size_t kProbeEachTracepointLimit = 64;
std::vector<ProbedEntry> probeCatalog(const std::vector<CatalogEntry> &entries,
                                      size_t probeEachTracepointLimit = kProbeEachTracepointLimit);

// The breakpoint syntax entry, probing a breakpoint on an address of this process.
CatalogEntry breakpointEntry();

} // namespace perfglass
