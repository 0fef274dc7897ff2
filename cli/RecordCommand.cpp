#include "RecordCommand.h"

#include "Error.h"

#include <fmt/format.h>
#include <signal.h>

#include <atomic>
#include <charconv>

namespace perfglass::cli {

namespace {

std::atomic<Recorder *> activeRecorder{nullptr};

void onStopSignal(int) {
    if (Recorder *recorder = activeRecorder.load()) recorder->stop();
}

// Stops the recording on SIGINT, SIGTERM and SIGHUP for as long as it lives.
class StopSignals {
public:
    explicit StopSignals(Recorder &recorder) {
        activeRecorder.store(&recorder);
        struct sigaction action {};
        action.sa_handler = onStopSignal;
        sigemptyset(&action.sa_mask);
        for (int signal : {SIGINT, SIGTERM, SIGHUP})
            sigaction(signal, &action, nullptr);
    }
    ~StopSignals() {
        for (int signal : {SIGINT, SIGTERM, SIGHUP})
            ::signal(signal, SIG_DFL);
        activeRecorder.store(nullptr);
    }
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;
};

void parseCallGraph(const std::string &text, RecordOptions &options) {
    const auto comma = text.find(',');
    const std::string mode = text.substr(0, comma);
    if (mode == "fp") {
        options.callGraph = CallGraphMode::FramePointer;
    } else if (mode == "dwarf") {
        options.callGraph = CallGraphMode::Dwarf;
        if (comma != std::string::npos) {
            const std::string size = text.substr(comma + 1);
            uint32_t value = 0;
            const auto [end, error] = std::from_chars(size.data(), size.data() + size.size(), value);
            if (error != std::errc() || end != size.data() + size.size() || value < 8 || value > 65528 ||
                value % 8 != 0)
                throw Error(
                    fmt::format("--call-graph dwarf,{}: the stack size must be a multiple of 8 between 8 "
                                "and 65528",
                                size));
            options.dwarfStackSize = value;
        }
    } else if (mode == "lbr") {
        throw Error(
            "--call-graph lbr: this machine has no last branch record hardware (LBR needs an Intel PMU)");
    } else {
        throw Error(
            fmt::format("--call-graph {}: unknown mode '{}' (known: fp, dwarf[,SIZE], lbr)", text, mode));
    }
}

std::string humanBytes(uint64_t bytes) {
    if (bytes >= (uint64_t{1} << 20)) return fmt::format("{:.1f} MB", bytes / 1e6);
    return fmt::format("{:.1f} kB", bytes / 1e3);
}

} // namespace

RecordCommand::RecordCommand(int argc, char **argv) {
    options_.cmdline.assign(argv, argv + argc);
}

CLI::App *RecordCommand::setup(CLI::App &app) {
    CLI::App *sub =
        app.add_subcommand("record", "Run a command under sampling and write a perf.data session");
    sub->add_option("-e,--event", options_.events,
                    "Events to sample, in perf's syntax (default: cycles where supported, else cpu-clock)");
    sub->add_option("-F,--freq", options_.frequency, "Samples per second")->check(CLI::PositiveNumber);
    sub->add_option("-c,--count", options_.period, "Sample every N events instead of a frequency")
        ->check(CLI::PositiveNumber);
    sub->add_flag("-g", framePointers_, "Record frame-pointer call chains (same as --call-graph fp)");
    sub->add_option("--call-graph", callGraph_, "Call chains: fp, dwarf[,STACK_BYTES] or lbr");
    sub->add_option("-o,--output", options_.outputPath, "Session file to write")->capture_default_str();
    sub->add_option("-m,--mmap-pages", options_.mmapPages, "Ring buffer data pages per CPU, a power of two")
        ->check([](const std::string &text) {
            const unsigned long value = std::strtoul(text.c_str(), nullptr, 10);
            return value > 0 && (value & (value - 1)) == 0 ? std::string() : "must be a power of two";
        });
    sub->add_option("--duration", options_.durationSeconds, "Stop after this many seconds")
        ->check(CLI::PositiveNumber);
    sub->add_option("--cwd", options_.workingDirectory, "Working directory of the command");
    sub->add_option("--env", options_.extraEnvironment, "NAME=VALUE added to the command's environment");
    sub->add_option("command", options_.command, "The command to run and its arguments (after --)")
        ->required();
    sub->footer("Example: perfglass-cli record -g -o app.data -- ./app --input big.txt");
    return sub;
}

int RecordCommand::run() {
    if (!callGraph_.empty())
        parseCallGraph(callGraph_, options_);
    else if (framePointers_)
        options_.callGraph = CallGraphMode::FramePointer;

    Recorder recorder(options_);
    StopSignals signals(recorder);
    const RecordSummary summary = recorder.run();
    for (const auto &notice : summary.notices)
        fmt::print(stderr, "perfglass-cli: note: {}\n", notice);
    std::string lost = fmt::format("{} lost", summary.lostSamples);
    if (summary.throttles > 0) lost += fmt::format(", {} throttled", summary.throttles);
    fmt::print(stderr, "[ perfglass record: {:.2f} s, {} samples, {}, {} written to {} ]\n", summary.seconds,
               summary.samples, lost, humanBytes(summary.bytes), options_.outputPath);
    return summary.exitCode;
}

} // namespace perfglass::cli
