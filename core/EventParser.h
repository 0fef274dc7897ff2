// Turns perf's event syntax ("cpu-clock", "cycles:u", "sched:sched_switch", "a,b") into kernel attributes.
#pragma once

#include <linux/perf_event.h>

#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

struct EventSpec {
    std::string name; // as the user wrote it, shown in reports
    perf_event_attr
        attr{}; // type, config and the modifiers' exclude_* bits; sampling fields are left to callers
    int groupLeader = -1; // index of the group leader in the parsed list, -1 when not in a group
    bool explicitPrivilege =
        false; // the user asked for :k/:h or another modifier that names privilege levels
};

class EventParser {
public:
    // tracefsRoot locates tracepoint ids (tracefsRoot/events/SUBSYSTEM/NAME/id).
    explicit EventParser(std::string tracefsRoot = "/sys/kernel/tracing");

    // Parses a comma-separated list. Throws Error naming the token that is not understood and the closest
    // known names.
    std::vector<EventSpec> parse(std::string_view text) const;

private:
    EventSpec parseOne(std::string_view token) const;
    std::string tracefsRoot_;
};

// Opens the event once on the calling thread, disabled, to learn whether this machine supports it.
// Returns 0 when it does, else the errno perf_event_open set.
int probeEvent(const perf_event_attr &attr);

} // namespace perfglass
