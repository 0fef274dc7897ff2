#include "EventParser.h"

#include "Error.h"
#include "PerfEventOpen.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

namespace perfglass {

namespace {

struct NamedEvent {
    const char *name;
    uint32_t type;
    uint64_t config;
};

constexpr NamedEvent kNamedEvents[] = {
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES},
    {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    {"branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    {"bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES},
    {"stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
    {"stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
    {"ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES},
    {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
    {"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
    {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN},
    {"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ},
    {"alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS},
    {"emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS},
    {"dummy", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY},
};

size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string closestNames(std::string_view name) {
    std::vector<std::pair<size_t, std::string_view>> ranked;
    for (const auto &event : kNamedEvents)
        ranked.emplace_back(editDistance(name, event.name), event.name);
    std::sort(ranked.begin(), ranked.end());
    std::string result;
    for (size_t i = 0; i < ranked.size() && i < 3 && ranked[i].first <= name.size() / 2 + 2; ++i)
        result += (result.empty() ? "" : ", ") + std::string(ranked[i].second);
    return result;
}

void applyModifiers(std::string_view token, std::string_view modifiers, EventSpec &spec) {
    bool user = false, kernel = false, hypervisor = false;
    for (char modifier : modifiers) {
        switch (modifier) {
        case 'u':
            user = true;
            break;
        case 'k':
            kernel = true;
            break;
        case 'h':
            hypervisor = true;
            break;
        case 'p':
            ++spec.attr.precise_ip;
            break;
        case 'G':
            spec.attr.exclude_host = 1;
            break;
        case 'H':
            spec.attr.exclude_guest = 1;
            break;
        case 'S':
            break; // sample read: handled by group recording
        default:
            throw Error(fmt::format("event '{}': unknown modifier '{}' (known: u, k, h, p, G, H, S)", token,
                                    modifier));
        }
    }
    if (spec.attr.precise_ip > 3) throw Error(fmt::format("event '{}': at most three 'p' modifiers", token));
    if (user || kernel || hypervisor) {
        spec.attr.exclude_user = !user;
        spec.attr.exclude_kernel = !kernel;
        spec.attr.exclude_hv = !hypervisor;
        spec.explicitPrivilege = kernel || hypervisor;
    }
}

} // namespace

EventParser::EventParser(std::string tracefsRoot)
    : tracefsRoot_(std::move(tracefsRoot)) {}

EventSpec EventParser::parseOne(std::string_view token) const {
    EventSpec spec;
    spec.name = std::string(token);
    spec.attr.size = sizeof(perf_event_attr);

    std::string_view name = token;
    std::string_view modifiers;
    // A tracepoint is "subsystem:name[:modifiers]"; a named event is "name[:modifiers]".
    const auto firstColon = name.find(':');
    const bool known =
        std::any_of(std::begin(kNamedEvents), std::end(kNamedEvents),
                    [&](const NamedEvent &event) { return name.substr(0, firstColon) == event.name; });
    if (firstColon != std::string_view::npos && known) {
        modifiers = name.substr(firstColon + 1);
        name = name.substr(0, firstColon);
    }
    for (const auto &event : kNamedEvents) {
        if (name == event.name) {
            spec.attr.type = event.type;
            spec.attr.config = event.config;
            applyModifiers(token, modifiers, spec);
            return spec;
        }
    }
    if (firstColon != std::string_view::npos) {
        std::string_view subsystem = name.substr(0, firstColon);
        std::string_view tracepoint = name.substr(firstColon + 1);
        const auto secondColon = tracepoint.find(':');
        if (secondColon != std::string_view::npos) {
            modifiers = tracepoint.substr(secondColon + 1);
            tracepoint = tracepoint.substr(0, secondColon);
        }
        const std::string idPath = fmt::format("{}/events/{}/{}/id", tracefsRoot_, subsystem, tracepoint);
        std::ifstream idFile(idPath);
        uint64_t id = 0;
        if (!(idFile >> id))
            throw Error(fmt::format("event '{}': no tracepoint {}:{} ({} is not readable)", token, subsystem,
                                    tracepoint, idPath));
        spec.attr.type = PERF_TYPE_TRACEPOINT;
        spec.attr.config = id;
        applyModifiers(token, modifiers, spec);
        return spec;
    }
    const std::string suggestions = closestNames(name);
    throw Error(fmt::format("unknown event '{}'{}", token,
                            suggestions.empty() ? "" : fmt::format(" (did you mean: {}?)", suggestions)));
}

std::vector<EventSpec> EventParser::parse(std::string_view text) const {
    std::vector<EventSpec> specs;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view token = text.substr(start, comma - start);
        if (token.empty()) throw Error(fmt::format("empty event name at position {} of '{}'", start, text));
        specs.push_back(parseOne(token));
        start = comma + 1;
    }
    return specs;
}

int probeEvent(const perf_event_attr &attr) {
    perf_event_attr probe = attr;
    probe.disabled = 1;
    probe.exclude_kernel = 1;
    probe.exclude_hv = 1;
    const int fd = perfEventOpen(probe, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) return errno;
    ::close(fd);
    return 0;
}

} // namespace perfglass
