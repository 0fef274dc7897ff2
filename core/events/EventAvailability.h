// Whether an event can be opened now, on this machine, by this user, and if not, why: probes with
// perf_event_open on the calling process (or on the PMU's first CPU for system-wide-only PMUs).
#pragma once

#include "base/Message.h"
#include "base/ProcFs.h"
#include "events/EventParser.h"

#include <string>

namespace perfglass {

struct Availability {
    bool openable = false; // it opens (user mode, or as a whole where the PMU cannot exclude the kernel)
    bool kernel = false;   // it opens counting kernel mode too
    bool systemWideOnly = false; // it opens only for a whole CPU (pid -1), not for a process
    int error = 0;               // errno of the refused open, 0 when openable
    Message reason; // why not, for people: "not supported by the hardware", "needs privileges (...)"
};

// perfEventParanoid() lives in base/ProcFs.h.

// Why perf_event_open refused an event of this category with errno ERROR (not 0), as a message; and in
// English, empty for 0.
Message unavailableMessage(int error, EventCategory category);
std::string unavailableReason(int error, EventCategory category);

Availability probeAvailability(const EventSpec &spec);

} // namespace perfglass
