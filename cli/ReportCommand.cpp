#include "ReportCommand.h"

#include "CallTree.h"
#include "Error.h"
#include "FlatProfile.h"
#include "ProfileBuilder.h"
#include "TextReport.h"

#include <fmt/format.h>

namespace perfglass::cli {

CLI::App *ReportCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand("report", "Print the call tree or per-function costs of a session");
    sub->add_option("-i,--input", input_, "Session file (perf.data format)")->capture_default_str();
    sub->add_option("--view", view_, "top-down or flat")
        ->check(CLI::IsMember({"top-down", "flat"}))
        ->capture_default_str();
    sub->add_option("--event", event_, "Report this event of the session (default: the first)");
    sub->add_option("--cost", cost_, "Weigh samples by their period (as perf report does) or count them")
        ->check(CLI::IsMember({"period", "samples"}))
        ->capture_default_str();
    sub->add_option("--limit", limit_, "Show at most N functions (flat) or children per node (top-down)");
    sub->add_option("--min-percent", minPercent_, "Hide call-tree nodes below this inclusive share")
        ->capture_default_str();
    sub->add_option("--kallsyms", kallsyms_,
                    "Kernel symbols file (default: /proc/kallsyms on the same kernel)");
    return sub;
}

int ReportCommand::run() {
    LoadOptions options;
    options.kallsymsPath = kallsyms_;
    const auto profile = loadProfile(input_, options);
    if (profile->events.empty()) throw Error(input_ + ": the session describes no events");

    SampleFilter filter;
    filter.cost = cost_ == "samples" ? CostKind::Samples : CostKind::Period;
    if (!event_.empty()) {
        filter.event = -1;
        for (size_t i = 0; i < profile->events.size(); ++i)
            if (profile->events[i].name == event_) filter.event = static_cast<int>(i);
        if (filter.event < 0) {
            std::string known;
            for (const auto &event : profile->events)
                known += (known.empty() ? "" : ", ") + event.name;
            throw Error(fmt::format("{}: no event '{}' in this session (it has: {})", input_, event_, known));
        }
    }
    const std::string &eventName = profile->events[static_cast<size_t>(filter.event)].name;
    TextReportOptions textOptions{minPercent_, limit_};
    if (view_ == "flat") {
        const FlatProfile flat = FlatProfile::compute(*profile, filter);
        printHeader(stdout, *profile, eventName, flat.sampleCount);
        printFlat(stdout, *profile, flat, textOptions);
    } else {
        const auto tree = CallTree::topDown(profile, filter);
        printHeader(stdout, *profile, eventName, tree->sampleCount());
        printTopDown(stdout, *tree, textOptions);
    }
    return 0;
}

} // namespace perfglass::cli
