#include "events/EventCatalog.h"

#include <fmt/format.h>
#include <linux/hw_breakpoint.h>

#include <algorithm>
#include <cerrno>
#include <optional>

namespace perfglass {

namespace {

// Something for a breakpoint to watch in this process.
int gBreakpointTarget = 0;

CatalogEntry genericEntry(const GenericEvent &event) {
    CatalogEntry entry;
    entry.name = event.name;
    entry.aliases = event.aliases;
    entry.description = event.description;
    entry.spec.name = event.name;
    entry.spec.attr.size = sizeof(perf_event_attr);
    entry.spec.attr.type = event.type;
    entry.spec.attr.config = event.config;
    entry.spec.category = event.category;
    return entry;
}

} // namespace

CatalogEntry breakpointEntry() {
    CatalogEntry entry;
    entry.name = "mem:ADDR[/LEN][:rwx]";
    entry.description = "hardware breakpoint (data watchpoint or instruction address)";
    entry.spec.name = entry.name;
    entry.spec.category = EventCategory::Breakpoint;
    entry.spec.attr.size = sizeof(perf_event_attr);
    entry.spec.attr.type = PERF_TYPE_BREAKPOINT;
    entry.spec.attr.bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
    entry.spec.attr.bp_addr = reinterpret_cast<uintptr_t>(&gBreakpointTarget);
    entry.spec.attr.bp_len = HW_BREAKPOINT_LEN_4;
    return entry;
}

std::vector<CatalogEntry> catalogEvents(const EventParser &parser, const CatalogOptions &options) {
    std::vector<CatalogEntry> entries;
    for (const auto &event : symbolicEvents())
        if (event.category == EventCategory::Hardware) entries.push_back(genericEntry(event));
    CatalogEntry raw;
    raw.name = "rNNN";
    raw.description = "raw PMU event code (PERF_TYPE_RAW), e.g. r1a8";
    raw.spec.name = raw.name;
    raw.spec.category = EventCategory::Raw;
    raw.spec.attr.size = sizeof(perf_event_attr);
    raw.spec.attr.type = PERF_TYPE_RAW;
    entries.push_back(raw);
    for (const auto &event : symbolicEvents())
        if (event.category != EventCategory::Hardware) entries.push_back(genericEntry(event));
    for (const auto &event : cacheEvents())
        entries.push_back(genericEntry(event));
    for (const auto &pmu : parser.pmus().pmus()) {
        for (const auto &event : pmu.events) {
            CatalogEntry entry;
            entry.name = fmt::format("{}/{}/", pmu.name, event.name);
            entry.description = event.terms;
            try {
                entry.spec = parser.parse(entry.name).front();
            } catch (const std::exception &error) {
                entry.description += fmt::format(" (cannot be parsed: {})", error.what());
                entry.spec.name = entry.name;
                entry.spec.category = EventCategory::Pmu;
                entry.spec.pmu = pmu.name;
                entry.spec.attr.size = sizeof(perf_event_attr);
                entry.spec.attr.type = pmu.type;
            }
            entries.push_back(std::move(entry));
        }
    }
    if (options.tracepoints && parser.tracepoints().available()) {
        for (const auto &tracepoint : parser.tracepoints().list()) {
            CatalogEntry entry;
            entry.name = tracepoint.fullName();
            entry.spec.name = entry.name;
            entry.spec.category = EventCategory::Tracepoint;
            entry.spec.attr.size = sizeof(perf_event_attr);
            entry.spec.attr.type = PERF_TYPE_TRACEPOINT;
            const auto id = parser.tracepoints().id(tracepoint.subsystem, tracepoint.name);
            entry.spec.attr.config = id.value_or(kNoTracepointId);
            if (!id) entry.description = "no id in tracefs";
            entries.push_back(std::move(entry));
        }
    }
    entries.push_back(breakpointEntry());
    return entries;
}

std::vector<ProbedEntry> probeCatalog(const std::vector<CatalogEntry> &entries,
                                      size_t probeEachTracepointLimit) {
    const auto isTracepoint = [](const CatalogEntry &entry) {
        return entry.spec.category == EventCategory::Tracepoint;
    };
    const auto tracepoints = static_cast<size_t>(std::count_if(entries.begin(), entries.end(), isTracepoint));
    const bool probeEach = tracepoints <= probeEachTracepointLimit;
    std::optional<Availability> shared;
    std::vector<ProbedEntry> probed;
    probed.reserve(entries.size());
    for (const auto &entry : entries) {
        if (isTracepoint(entry) && entry.spec.attr.config == kNoTracepointId) {
            // ftrace's own events (ftrace:function, ...) have a format but no id: perf cannot open them.
            Availability none;
            none.error = ENOENT;
            none.reason = coreMessage(MessageKind::TracepointWithoutId);
            probed.push_back(ProbedEntry{none, true}); // known without a probe
        } else if (isTracepoint(entry) && !probeEach) {
            const bool first = !shared;
            if (first) shared = probeAvailability(entry.spec);
            probed.push_back(ProbedEntry{*shared, first});
        } else {
            probed.push_back(ProbedEntry{probeAvailability(entry.spec), true});
        }
    }
    return probed;
}

} // namespace perfglass
