// Builds a PMU event in perf's syntax from its parts, for the Events dock's builder: the PMU, a value per
// format field (each checked against the field's largest value), the modifiers, a period or a frequency and
// a name. text() gives "pmu/field=0x..,period=N,name=NAME/mods", which EventParser parses back to the same
// attribute; prefill() turns a named event's terms (events/NAME) into field values; group() joins built
// events into "{a,b}".
#pragma once

#include "events/PmuCatalog.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfglass {

struct BuiltEvent {
    std::string pmu;
    std::vector<std::pair<std::string, uint64_t>> fields; // format field and value, in the order shown
    bool user = true;       // count in user space (the u modifier, when not all three levels are counted)
    bool kernel = true;     // k
    bool hypervisor = true; // h
    unsigned precise = 0;   // p, pp, ppp
    bool exclusive = false; // e: the only group on the PMU
    bool pinned = false;    // D: always on the PMU
    uint64_t period = 0;    // sample every N events (period=N), 0: not set
    uint64_t frequency = 0; // or N samples a second (freq=N), 0: not set
    std::string name;       // name=NAME, shown in reports; empty: none
};

class EventBuilder {
public:
    // The event in perf's syntax. Throws Error when the PMU has no such field, a value does not fit its
    // field, both period and frequency are set, the precise level is above 3, no privilege level is left,
    // or the name has characters perf's syntax cannot carry (only letters, digits, '_', '-' and '.').
    static std::string text(const Pmu &pmu, const BuiltEvent &event);
    // The modifier suffix alone ("uk", "ppD", or empty).
    static std::string modifiers(const BuiltEvent &event);
    // The field values that the named event's terms set ("event=0x3c,umask=0x1" gives event 0x3c and umask
    // 1; a term without a value sets 1). Terms naming no field of PMU are skipped, as are placeholders such
    // as "umask=?" that perf asks the user to fill in.
    static std::vector<std::pair<std::string, uint64_t>> prefill(const Pmu &pmu, const PmuEvent &event);
    // A group of built events: "{a,b}". Throws Error for fewer than two members or a member that is itself a
    // group.
    static std::string group(const std::vector<std::string> &members);
    // The members of a group built by group() ("{a,b}" gives a and b); a plain event gives itself.
    static std::vector<std::string> members(std::string_view text);
};

} // namespace perfglass
