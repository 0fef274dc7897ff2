#include "AnnotateCommand.h"

#include "AnnotationReport.h"
#include "JsonReport.h"
#include "SessionInput.h"
#include "analysis/FunctionMatcher.h"
#include "annotate/Annotator.h"
#include "base/Error.h"
#include "load/LoadProfile.h"

#include <fmt/format.h>

#include <chrono>
#include <ctime>

namespace perfglass::cli {

CLI::App *AnnotateCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "annotate",
        "Show one function's instructions and source lines with the share of its samples on each");
    sub->add_option("function", function_, "The function: its exact demangled name or a unique part of it")
        ->required();
    sub->add_option("-i,--input", input_,
                    "Session file (perf.data format), or an archive of one (perf archive's, archive --all)")
        ->capture_default_str();
    auto *asmFlag = sub->add_flag("--asm", asm_, "Only the disassembly");
    auto *sourceFlag = sub->add_flag("--source", source_, "Only the source lines with their costs");
    auto *bothFlag = sub->add_flag("--both", both_, "Disassembly with the source lines between (default)");
    asmFlag->excludes(sourceFlag)->excludes(bothFlag);
    sourceFlag->excludes(bothFlag);
    sub->add_option("--format", format_, "text or json")
        ->check(CLI::IsMember({"text", "json"}))
        ->capture_default_str();
    sub->add_option("--syntax", syntax_, "Assembly syntax: att (as perf and objdump print it) or intel")
        ->check(CLI::IsMember({"att", "intel"}))
        ->capture_default_str();
    sub->add_option("--limit", limit_, "Only the N hottest instructions (or lines, with --source)");
    sub->add_option("--event", event_,
                    "Annotate this event of the session (default: the first with samples)");
    sub->add_option("--cost", cost_, "Weigh samples by their period (as perf annotate does) or count them")
        ->check(CLI::IsMember({"period", "samples"}))
        ->capture_default_str();
    sub->add_option("--pid", pids_, "Only these processes (comma-separated list)")->delimiter(',');
    sub->add_option("--tid", tids_, "Only these threads (comma-separated list)")->delimiter(',');
    symbols_.add(sub);
    sub->add_flag("--inline,!--no-inline", inline_,
                  "Load inlined functions as frames of their own (default: on); annotation itself always "
                  "reads the function's inline ranges");
    sub->add_flag("--timing", timing_,
                  "Print how long the annotation took (after loading the session) on standard error");
    return sub;
}

SampleFilter AnnotateCommand::makeFilter(const Profile &profile) const {
    SampleFilter filter;
    filter.cost = cost_ == "samples" ? CostKind::Samples : CostKind::Period;
    filter.event = profile.firstSampledEvent();
    if (!event_.empty()) {
        filter.event = -1;
        for (size_t i = 0; i < profile.events.size(); ++i)
            if (profile.events[i].name == event_) filter.event = static_cast<int>(i);
        if (filter.event < 0) throw Error(fmt::format("{}: no event '{}' in this session", input_, event_));
    }
    filter.pids = pids_;
    filter.tids = tids_;
    return filter;
}

int AnnotateCommand::run() {
    LoadOptions loadOptions;
    symbols_.apply(loadOptions);
    loadOptions.inlineFrames = inline_;
    const std::string session = openSessionInput(input_, loadOptions); // adds the caches of an archive
    const auto profile = loadProfile(session, loadOptions);
    if (profile->events.empty()) throw Error(input_ + ": the session describes no events");
    const FunctionId function = FunctionMatcher(*profile).function(function_);
    AnnotateOptions options;
    options.syntax = syntax_ == "intel" ? AsmSyntax::Intel : AsmSyntax::Att;
    options.symbols = loadOptions;
    if (!loadOptions.kallsymsPath.empty()) options.kallsyms = loadOptions.kallsymsPath;
    const auto started = std::chrono::steady_clock::now();
    const std::clock_t cpuStarted = std::clock();
    const FunctionAnnotation annotation =
        Annotator::annotate(*profile, makeFilter(*profile), function, options);
    if (timing_)
        fmt::print(
            stderr, "{}: {} instructions annotated in {:.1f} ms ({:.1f} ms CPU)\n", annotation.functionName,
            annotation.instructions.size(),
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count(),
            1000.0 * double(std::clock() - cpuStarted) / CLOCKS_PER_SEC);
    AnnotationReportOptions reportOptions;
    reportOptions.parts = asm_      ? AnnotationParts::Asm
                          : source_ ? AnnotationParts::Source
                                    : AnnotationParts::Both;
    reportOptions.limit = limit_;
    if (format_ == "json")
        printJson(stdout, annotationToJson(annotation, reportOptions));
    else
        printAnnotation(stdout, annotation, reportOptions);
    std::fflush(stdout);
    return 0;
}

} // namespace perfglass::cli
