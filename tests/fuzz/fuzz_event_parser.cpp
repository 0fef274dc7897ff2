// The event parser on any text, as `-e TEXT` passes it: against the fixture sysfs (an Intel machine's PMUs
// with format fields, events, scales and cpumasks) and tracefs trees of the unit tests, so that the run does
// not depend on the machine. A text the parser does not understand must end in Error, nothing else.
#include "base/Error.h"
#include "events/EventParser.h"

#include <cstdint>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace perfglass;
    static const EventParser parser(PERFGLASS_FIXTURES_DIR "/tracefs", PERFGLASS_FIXTURES_DIR "/sysfs-intel");
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    try {
        size_t sum = 0;
        for (const EventSpec &spec : parser.parse(text)) {
            sum += spec.name.size() + spec.attr.type + spec.attr.config + spec.pmu.size() + spec.cpus.size();
            sum += static_cast<size_t>(spec.groupLeader + 1) + spec.unit.size() + (spec.scale > 1.0 ? 1 : 0);
        }
        if (sum == 1) std::fputc(' ', stderr);
    } catch (const Error &) {
    }
    return 0;
}
