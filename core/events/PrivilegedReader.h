// Reads the few root-only files a recording needs, with more privilege than the user has: kallsyms with its
// addresses, /proc entries of other users' processes, tracefs. The privileged helper implements it
// (record/HelperEventOpener.h); when the helper is in use, the recorder reads these files through it
// (ProcSynthesizer, the kernel map, TracepointCatalog, the tracing data), so a recording through the helper
// is as complete as root's.
#pragma once

#include "base/Expected.h"

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace perfglass {

// /proc/PID/maps, /proc/PID/status, /proc/PID/comm, and the names in /proc/PID/task (one per line).
enum class ProcFile { Maps, Status, Comm, TaskList };
// events/header_page and events/header_event of tracefs.
enum class TracefsHeaderFile { Page, Event };

struct TracepointFiles {
    uint64_t id = 0;    // events/SUBSYSTEM/NAME/id
    std::string format; // events/SUBSYSTEM/NAME/format
};

class PrivilegedReader {
public:
    virtual ~PrivilegedReader() = default;
    // Every failure is the reason in words, naming the file.
    virtual Expected<std::string> kallsyms() = 0;
    virtual Expected<std::string> procFile(pid_t pid, ProcFile which) = 0;
    // Every tracepoint, "subsystem/name" per line.
    virtual Expected<std::string> tracepointList() = 0;
    virtual Expected<TracepointFiles> tracepoint(const std::string &subsystem, const std::string &name) = 0;
    virtual Expected<std::string> tracefsHeader(TracefsHeaderFile which) = 0;
};

} // namespace perfglass
