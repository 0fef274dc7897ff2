// The HEADER_TRACING_DATA feature section that perf needs to read sessions with tracepoint events: the
// tracefs header files and the format file of each recorded tracepoint, in the layout of perf's
// trace-event-info.c (version 0.6). kallsyms, printk formats and saved cmdlines are stored empty, which perf
// accepts.
#pragma once

#include "events/TracepointCatalog.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

// tracepoints: "subsystem:name" as in event names; the files come from catalog (tracefs, directly or through
// the privileged helper). Throws Error naming the tracefs file that cannot be read.
std::vector<uint8_t> buildTracingData(const std::vector<std::string> &tracepoints,
                                      const TracepointCatalog &catalog = TracepointCatalog());

} // namespace perfglass
