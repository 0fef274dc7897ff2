#include "DiffCommand.h"

#include "DiffReport.h"
#include "JsonReport.h"
#include "SessionInput.h"
#include "analysis/CallTreeDiff.h"
#include "analysis/FlatDiff.h"
#include "base/Error.h"
#include "events/GenericEvents.h"
#include "export/DiffFoldedExporter.h"

#include <fmt/format.h>

namespace perfglass::cli {

namespace {

std::string diffExportCheck(const std::string &spec) {
    const std::string kind = "difffolded=";
    if (spec.rfind(kind, 0) != 0 || spec.size() == kind.size())
        return "expected difffolded=FILE, not '" + spec + "'";
    return {};
}

DiffSort sortFrom(const std::string &text) {
    if (text == "baseline") return DiffSort::Baseline;
    if (text == "comparison") return DiffSort::Comparison;
    return DiffSort::Delta;
}

} // namespace

DiffCommand::DiffCommand() {
    view_ = "flat";
}

CLI::App *DiffCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "diff", "Compare two sessions: per-function costs or call trees of a baseline and a comparison");
    // As perf diff: no file compares perf.data.old (record keeps the previous session there) with perf.data,
    // one file compares perf.data.old with it.
    sub->add_option("baseline", baselineFile_,
                    "The session before the change (perf.data format; default perf.data.old)");
    sub->add_option("comparison", comparisonFile_, "The session after the change (default perf.data)");
    sub->add_option("--view", view_,
                    "flat (self costs, as perf diff), top-down or bottom-up (inclusive costs)")
        ->check(CLI::IsMember({"flat", "top-down", "bottom-up"}))
        ->capture_default_str();
    sub->add_option("--format", format_, "text or json")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    sub->add_option("--sort", sort_,
                    "delta (largest change first, grown or shrunk), baseline or comparison (highest first)")
        ->check(CLI::IsMember({"delta", "baseline", "comparison"}))
        ->capture_default_str();
    sub->add_option("--normalize", normalize_,
                    "share: percent of each session's total (as perf diff); time: seconds (time events only)")
        ->check(CLI::IsMember({"share", "time"}))
        ->capture_default_str();
    addFilterOptions(sub);
    sub->add_option("--export", exports_,
                    "Also write difffolded=FILE: difffolded.pl's format, for flamegraph.pl (repeatable)")
        ->check(CLI::Validator(diffExportCheck, "difffolded=FILE"));
    addLoadOptions(sub);
    return sub;
}

DiffCommand::Side DiffCommand::load(const std::string &file) {
    input_ = file; // makeFilter's messages name the session
    LoadOptions options = loadOptions();
    const std::string session = openSessionInput(file, options); // adds the caches of an archive
    Side side{file, loadProfile(session, options), {}};
    if (side.profile->events.empty()) throw Error(file + ": the session describes no events");
    try {
        side.filter = makeFilter(*side.profile);
    } catch (const Error &error) {
        const std::string message = error.what();
        if (message.rfind(file, 0) == 0) throw;
        throw Error(file + ": " + message); // names looked up in each session: say which one lacks it
    }
    return side;
}

DiffNormalize DiffCommand::normalize(const Side &baseline, const Side &comparison) const {
    if (normalize_ != "time") return DiffNormalize::Share;
    for (const Side *side : {&baseline, &comparison}) {
        if (!measuresTime(*side->profile, side->filter))
            throw Error(fmt::format("--normalize time: {} reports {}, which is not a time event weighed by "
                                    "its period (use --normalize share)",
                                    side->file,
                                    side->profile->events[static_cast<size_t>(side->filter.event)].name));
    }
    return DiffNormalize::Time;
}

int DiffCommand::run() {
    if (comparisonFile_.empty() && !baselineFile_.empty()) { // perf diff FILE: perf.data.old against FILE
        comparisonFile_ = baselineFile_;
        baselineFile_.clear();
    }
    if (baselineFile_.empty()) baselineFile_ = "perf.data.old";
    if (comparisonFile_.empty()) comparisonFile_ = "perf.data";
    const Side baseline = load(baselineFile_);
    const Side comparison = load(comparisonFile_);
    const DiffNormalize scale = normalize(baseline, comparison);
    if (view_ == "flat")
        printFlat(baseline, comparison, scale);
    else
        printTree(baseline, comparison, scale);
    std::fflush(stdout);
    writeDiffExports(baseline, comparison);
    return 0;
}

namespace {

DiffSideInfo sideInfo(const std::string &file, const Profile &profile, const SampleFilter &filter,
                      uint64_t samples, uint64_t total) {
    return {file, profile.events[static_cast<size_t>(filter.event)].name, samples, total};
}

} // namespace

void DiffCommand::printFlat(const Side &baseline, const Side &comparison, DiffNormalize normalize) const {
    FlatDiff diff =
        FlatDiff::compute(*baseline.profile, baseline.filter, *comparison.profile, comparison.filter);
    const DiffReportOptions options{{minPercent_, limit_}, normalize, sortFrom(sort_)};
    diff.sort(options.sort, normalize);
    const DiffSideInfo before =
        sideInfo(baseline.file, *baseline.profile, baseline.filter, diff.baselineSamples, diff.baselineTotal);
    const DiffSideInfo after = sideInfo(comparison.file, *comparison.profile, comparison.filter,
                                        diff.comparisonSamples, diff.comparisonTotal);
    if (format_ == "json") {
        printJson(stdout, flatDiffToJson(diff, before, after, options));
        return;
    }
    printDiffHeader(stdout, before, after, options);
    printFlatDiff(stdout, diff, options);
}

void DiffCommand::printTree(const Side &baseline, const Side &comparison, DiffNormalize normalize) const {
    const auto kind = view_ == "bottom-up" ? CallTree::Kind::BottomUp : CallTree::Kind::TopDown;
    const auto diff =
        CallTreeDiff::compute(baseline.profile, baseline.filter, comparison.profile, comparison.filter, kind);
    const DiffReportOptions options{{minPercent_, limit_}, normalize, sortFrom(sort_)};
    const DiffSideInfo before = sideInfo(baseline.file, *baseline.profile, baseline.filter,
                                         diff->baselineTree()->sampleCount(), diff->baselineTotal());
    const DiffSideInfo after = sideInfo(comparison.file, *comparison.profile, comparison.filter,
                                        diff->comparisonTree()->sampleCount(), diff->comparisonTotal());
    if (format_ == "json") {
        printJson(stdout, treeDiffToJson(*diff, before, after, options));
        return;
    }
    printDiffHeader(stdout, before, after, options);
    printTreeDiff(stdout, *diff, options);
}

void DiffCommand::writeDiffExports(const Side &baseline, const Side &comparison) const {
    if (exports_.empty()) return;
    const auto diff = CallTreeDiff::compute(baseline.profile, baseline.filter, comparison.profile,
                                            comparison.filter, CallTree::Kind::TopDown);
    for (const auto &spec : exports_)
        DiffFoldedExporter::writeFile(*diff, spec.substr(spec.find('=') + 1));
}

} // namespace perfglass::cli
