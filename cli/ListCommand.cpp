#include "ListCommand.h"

#include "events/EventAvailability.h"
#include "events/EventCatalog.h"

#include <fmt/format.h>
#include <fnmatch.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>

namespace perfglass::cli {

namespace {

struct Listed {
    CatalogEntry entry;
    Availability availability;
    bool probed = true; // false: the availability of the first tracepoint listed, which was probed
};

std::string lower(std::string_view text) {
    std::string result(text);
    std::transform(result.begin(), result.end(), result.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return result;
}

// A filter with * ? or [ is a glob on the whole name; otherwise a case-insensitive substring.
bool matches(const std::string &filter, std::string_view name) {
    if (filter.empty()) return true;
    if (filter.find_first_of("*?[") != std::string::npos)
        return ::fnmatch(filter.c_str(), std::string(name).c_str(), FNM_CASEFOLD) == 0;
    return lower(name).find(lower(filter)) != std::string::npos;
}

bool entryMatches(const std::string &filter, const CatalogEntry &entry) {
    if (matches(filter, entry.name) || (!entry.spec.pmu.empty() && matches(filter, entry.spec.pmu)))
        return true;
    return std::any_of(entry.aliases.begin(), entry.aliases.end(),
                       [&](const std::string &alias) { return matches(filter, alias); });
}

// perf list's class filters, and the categories each selects.
struct EventClass {
    const char *name;
    EventCategory first;
    EventCategory second;
};
constexpr EventClass kClasses[] = {
    {"hw", EventCategory::Hardware, EventCategory::Raw},
    {"sw", EventCategory::Software, EventCategory::Breakpoint},
    {"cache", EventCategory::Cache, EventCategory::Cache},
    {"tracepoint", EventCategory::Tracepoint, EventCategory::Tracepoint},
    {"pmu", EventCategory::Pmu, EventCategory::Pmu},
};

bool isClassName(const std::string &word) {
    return std::any_of(std::begin(kClasses), std::end(kClasses),
                       [&](const EventClass &c) { return word == c.name; });
}

bool inClasses(const std::vector<std::string> &classes, EventCategory category) {
    if (classes.empty()) return true;
    return std::any_of(std::begin(kClasses), std::end(kClasses), [&](const EventClass &c) {
        return (c.first == category || c.second == category) &&
               std::find(classes.begin(), classes.end(), c.name) != classes.end();
    });
}

std::string statusText(const Availability &availability) {
    if (availability.openable && availability.systemWideOnly) return "yes, system-wide only (-a or -C)";
    if (availability.openable && availability.kernel) return "yes";
    if (availability.openable)
        return fmt::format("yes, user mode only (kernel mode {})",
                           unavailableReason(EACCES, EventCategory::Software));
    return "no: " + availability.reason.english();
}

std::string sectionTitle(const CatalogEntry &entry) {
    switch (entry.spec.category) {
    case EventCategory::Hardware:
    case EventCategory::Raw:
        return "Hardware events";
    case EventCategory::Software:
        return "Software events";
    case EventCategory::Cache:
        return "Hardware cache events";
    case EventCategory::Pmu:
        return "PMU events";
    case EventCategory::Tracepoint:
        return "Tracepoints";
    case EventCategory::Breakpoint:
        return "Breakpoints";
    }
    return "Other";
}

nlohmann::json entryJson(const Listed &listed) {
    const EventSpec &spec = listed.entry.spec;
    nlohmann::json object{{"name", listed.entry.name},
                          {"category", std::string(categoryName(spec.category))},
                          {"type", spec.attr.type},
                          {"config", spec.attr.config},
                          {"openable", listed.availability.openable},
                          {"kernel", listed.availability.kernel},
                          {"systemWideOnly", listed.availability.systemWideOnly},
                          {"reason", listed.availability.reason.english()},
                          {"probed", listed.probed}};
    if (!listed.entry.aliases.empty()) object["aliases"] = listed.entry.aliases;
    if (!listed.entry.description.empty()) object["description"] = listed.entry.description;
    if (!spec.pmu.empty()) {
        object["pmu"] = spec.pmu;
        object["config1"] = spec.attr.config1;
        object["config2"] = spec.attr.config2;
        object["scale"] = spec.scale;
        object["unit"] = spec.unit;
        if (!spec.cpus.empty()) object["cpus"] = spec.cpus;
    }
    return object;
}

nlohmann::json pmuJson(const Pmu &pmu) {
    nlohmann::json formats = nlohmann::json::array();
    for (const auto &format : pmu.formats)
        formats.push_back({{"name", format.name()}, {"bits", format.describe()}});
    nlohmann::json events = nlohmann::json::array();
    for (const auto &event : pmu.events)
        events.push_back(event.name);
    return {{"name", pmu.name},   {"type", pmu.type},
            {"cpus", pmu.cpus},   {"systemWideOnly", pmu.systemWideOnly},
            {"formats", formats}, {"events", events}};
}

std::string pmuSummary(const Pmu &pmu) {
    std::string text = fmt::format("PMU {} (type {})", pmu.name, pmu.type);
    if (!pmu.cpus.empty())
        text += fmt::format(", {}CPUs {}", pmu.systemWideOnly ? "system-wide only, " : "",
                            fmt::join(pmu.cpus, ","));
    if (!pmu.formats.empty()) {
        std::vector<std::string> fields;
        for (const auto &format : pmu.formats)
            fields.push_back(fmt::format("{}={}", format.name(), format.describe()));
        text += fmt::format("\n    format: {}", fmt::join(fields, ", "));
    }
    if (pmu.events.empty()) text += "\n    no named events";
    return text;
}

void printEntries(const std::vector<Listed> &listed) {
    std::string section;
    for (const auto &item : listed) {
        const std::string title = sectionTitle(item.entry);
        if (title != section) {
            fmt::print("{}{}:\n", section.empty() ? "" : "\n", title);
            section = title;
        }
        std::string name = item.entry.name;
        if (!item.entry.aliases.empty()) name += fmt::format(" ({})", fmt::join(item.entry.aliases, ", "));
        fmt::print("  {:<46} {}\n", name, statusText(item.availability));
        std::string detail = item.entry.description;
        if (!item.entry.spec.unit.empty())
            detail += fmt::format("{}scale {} {}", detail.empty() ? "" : "; ", item.entry.spec.scale,
                                  item.entry.spec.unit);
        if (!detail.empty()) fmt::print("      {}\n", detail);
    }
}

} // namespace

CLI::App *ListCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "list", "List the events this machine offers and whether this user can open them now");
    sub->add_flag("--json", json_, "Print JSON instead of text");
    sub->add_flag("--tracepoints", tracepoints_,
                  "List every tracepoint (without it and without a filter, tracepoints are summarized)");
    sub->add_option(
        "filter", filters_,
        "Show only these classes of events, as perf list: hw, sw, cache, tracepoint, pmu; and only "
        "events whose name contains a FILTER (case-insensitive), or matches it as a glob when it "
        "has * ? or [ (several: any of them)");
    sub->add_option("--sysfs-root", sysfsRoot_, "Read PMUs from this directory")
        ->default_str(PmuCatalog::kDefaultRoot);
    sub->add_option("--tracefs-root", tracefsRoot_, "Read tracepoints from this tracefs mount");
    return sub;
}

bool ListCommand::wantsClass(const char *name) const {
    return classes_.empty() || std::find(classes_.begin(), classes_.end(), name) != classes_.end();
}

bool ListCommand::nameMatches(std::string_view name) const {
    return names_.empty() ||
           std::any_of(names_.begin(), names_.end(), [&](const std::string &f) { return matches(f, name); });
}

int ListCommand::run() {
    for (const auto &word : filters_)
        (isClassName(word) ? classes_ : names_).push_back(word);
    const EventParser parser(tracefsRoot_, sysfsRoot_.empty() ? PmuCatalog::kDefaultRoot : sysfsRoot_);
    const TracepointCatalog &tracefs = parser.tracepoints();
    // Tracepoints are listed (and probed) one by one only when asked for: there are thousands.
    const bool listTracepoints = tracepoints_ || (!names_.empty() && wantsClass("tracepoint")) ||
                                 std::find(classes_.begin(), classes_.end(), "tracepoint") != classes_.end();
    std::vector<CatalogEntry> entries;
    for (auto &entry : catalogEvents(parser, CatalogOptions{listTracepoints}))
        if (inClasses(classes_, entry.spec.category) &&
            (names_.empty() || std::any_of(names_.begin(), names_.end(),
                                           [&](const std::string &f) { return entryMatches(f, entry); })))
            entries.push_back(std::move(entry));
    std::vector<Listed> listed;
    const auto probed = probeCatalog(entries);
    const bool probeEachTracepoint =
        std::all_of(probed.begin(), probed.end(), [](const ProbedEntry &entry) { return entry.probed; });
    for (size_t i = 0; i < entries.size(); ++i)
        listed.push_back(Listed{std::move(entries[i]), probed[i].availability, probed[i].probed});
    const size_t tracepointCount = tracefs.available() ? tracefs.list().size() : 0;

    if (json_) {
        nlohmann::json root;
        root["paranoid"] = perfEventParanoid();
        root["events"] = nlohmann::json::array();
        for (const auto &item : listed)
            root["events"].push_back(entryJson(item));
        root["pmus"] = nlohmann::json::array();
        for (const auto &pmu : parser.pmus().pmus())
            root["pmus"].push_back(pmuJson(pmu));
        root["tracepoints"] = {{"root", tracefs.root()},
                               {"available", tracefs.available()},
                               {"reason", tracefs.unavailableReason()},
                               {"count", tracepointCount},
                               {"listed", listTracepoints},
                               {"probedEach", probeEachTracepoint}};
        root["warnings"] = parser.pmus().warnings();
        fmt::print("{}\n", root.dump(2));
        return 0;
    }
    printEntries(listed);
    if (wantsClass("pmu")) {
        fmt::print("\nPMUs in {}:\n", parser.pmus().root());
        for (const auto &pmu : parser.pmus().pmus())
            if (nameMatches(pmu.name) ||
                std::any_of(pmu.events.begin(), pmu.events.end(),
                            [&](const PmuEvent &event) { return nameMatches(event.name); }))
                fmt::print("  {}\n", pmuSummary(pmu));
        for (const auto &warning : parser.pmus().warnings())
            fmt::print("  warning: {}\n", warning);
    }
    if (wantsClass("tracepoint")) {
        fmt::print("\nTracepoints ({}): ", tracefs.root());
        if (!tracefs.available())
            fmt::print("unavailable: {}\n", tracefs.unavailableReason());
        else if (!listTracepoints)
            fmt::print("{} tracepoints; list them with --tracepoints or a filter such as 'sched:*'\n",
                       tracepointCount);
        else
            fmt::print("{} in all, those matching are listed above{}\n", tracepointCount,
                       probeEachTracepoint ? ""
                                           : fmt::format(" (more than {}: availability probed on the first "
                                                         "and shown for all)",
                                                         kProbeEachTracepointLimit));
    }
    fmt::print("kernel.perf_event_paranoid = {}\n", perfEventParanoid());
    return 0;
}

} // namespace perfglass::cli
