#include "RecordCommand.h"

#include "RecordArguments.h"
#include "RemoteRecord.h"
#include "StdinStopWatcher.h"
#include "StopSignals.h"

#include "base/CpuList.h"
#include "base/Error.h"
#include "base/UniqueFd.h"
#include "record/HelperEventOpener.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <charconv>
#include <optional>
#include <set>

namespace perfglass::cli {

namespace {

std::atomic<Recorder *> activeRecorder{nullptr};

void onStopSignal(int) {
    if (Recorder *recorder = activeRecorder.load()) recorder->stop();
}

// Keeps activeRecorder pointing at the recorder while it runs, for onStopSignal.
class ActiveRecorder {
public:
    explicit ActiveRecorder(Recorder &recorder) { activeRecorder.store(&recorder); }
    ~ActiveRecorder() { activeRecorder.store(nullptr); }
    ActiveRecorder(const ActiveRecorder &) = delete;
    ActiveRecorder &operator=(const ActiveRecorder &) = delete;
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

// "12,34" -> {12, 34}; option names the flag for the error message.
std::vector<pid_t> parseIdList(const std::string &text, const char *option) {
    std::vector<pid_t> ids;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string item = text.substr(start, comma - start);
        int value = 0;
        const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (item.empty() || error != std::errc() || end != item.data() + item.size() || value <= 0)
            throw Error(fmt::format("{} {}: '{}' is not a process or thread id", option, text, item));
        ids.push_back(value);
        start = comma + 1;
    }
    return ids;
}

// -o -: the session goes to standard output in perf's pipe mode. The recorder writes it to a duplicate of
// standard output, which then points to standard error, so that nothing the recorded program or we print
// lands inside the session.
UniqueFd takeStandardOutputForPipe() {
    if (::isatty(STDOUT_FILENO))
        throw Error("-o -: standard output is a terminal; pipe it to a reader (| perfglass-cli report -i -, "
                    "| perf report -i -) or redirect it to a file");
    UniqueFd session(::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3));
    if (!session.valid() || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0)
        throw Error(systemErrorMessage("-o -: cannot take standard output for the session", errno));
    return session;
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
    sub->add_option("-e,--event", events_,
                    "Events to sample, in perf's syntax, repeatable (default: cycles where supported, else "
                    "cpu-clock)")
        ->allow_extra_args(false); // -e a -e b, and `-e a ./app` leaves ./app to be the command
    sub->add_option("-F,--freq", frequency_,
                    "Samples per second, or max (kernel.perf_event_max_sample_rate)");
    sub->add_option("--user-regs", userRegs_,
                    "Also sample these user registers, comma-separated as perf names them (ax,bx,...,r15; ? "
                    "lists them)");
    sub->add_option("-c,--count", options_.period, "Sample every N events instead of a frequency")
        ->check(CLI::PositiveNumber);
    sub->add_flag("-g", framePointers_, "Record frame-pointer call chains (same as --call-graph fp)");
    sub->add_option("--call-graph", callGraph_, "Call chains: fp, dwarf[,STACK_BYTES] or lbr");
    sub->add_option(
           "-o,--output", options_.outputPath,
           "Session file to write; an existing one is kept as FILE.old, as perf does; - writes perf's "
           "pipe mode to standard output")
        ->capture_default_str();
    sub->add_option("-m,--mmap-pages", mmapPages_,
                    "Ring buffer per CPU: pages, or a size such as 512K or 16M (rounded up to a power of two "
                    "pages, as perf does)");
    sub->add_option("--duration", options_.durationSeconds, "Stop after this many seconds")
        ->check(CLI::PositiveNumber);
    sub->add_option("--cwd", options_.workingDirectory, "Working directory of the command");
    sub->add_option("--env", options_.extraEnvironment, "NAME=VALUE added to the command's environment");
    sub->add_option("-p,--pid", pids_, "Attach to these processes (comma list), their threads and children");
    sub->add_option("-t,--tid", tids_, "Attach to these threads (comma list)");
    sub->add_flag("-a,--all-cpus", options_.systemWide, "Record every process on every CPU (system-wide)");
    sub->add_option("-C,--cpu", cpus_, "Record only on these CPUs, e.g. 0-2,5");
    sub->add_flag(
        "--sample-cpu", options_.sampleCpu,
        "Every sample carries its CPU, as perf record --sample-cpu (8 bytes a sample); without it the "
        "CPUs of a launched or attached program's samples are written at the end");
    sub->add_flag("--off-cpu", options_.offCpu,
                  "Record context switches and sched:sched_switch with call chains, to see blocked time");
    sub->add_flag("--latency", options_.latency,
                  "Record the context switches of every thread of the target, as perf record --latency, so "
                  "that report --latency can weigh samples by 1/parallelism (wall-clock time)");
    sub->add_flag(
        "-z", compress_,
        "Compress the records with zstd (level 1), as perf record -z: DWARF recordings shrink about "
        "60-fold; perf 5.x+ reads them, hotspot 1.3 does not");
    sub->add_option("--compression-level", options_.compressionLevel, "Compress with this zstd level (1-22)")
        ->check(CLI::Range(1, 22));
    sub->add_flag("--no-compress", noCompress_, "Do not compress (the default)");
    sub->add_flag("-B,--no-buildid", noBuildId_,
                  "Collect no build ids (none in the session's BUILD_ID list, nothing added to the build-id "
                  "cache), as perf record -B");
    sub->add_flag("-N,--no-buildid-cache", noBuildIdCache_,
                  "Do not add the files with samples to the build-id cache ($PERF_BUILDID_DIR or ~/.debug), "
                  "as perf record -N");
    sub->add_option(
           "-k,--clockid", clockId_,
           "The clock of the samples' times: Perfglass always records on CLOCK_MONOTONIC, the clock JIT "
           "runtimes write their jitdumps with, so mono, monotonic and CLOCK_MONOTONIC (perf's -k "
           "mono, which runtimes' documentation asks for) are accepted and nothing else")
        ->check(CLI::IsMember({"mono", "monotonic", "CLOCK_MONOTONIC", "1"}, CLI::ignore_case));
    CLI::Option *counters = sub->add_option(
        "--counters", options_.counters,
        "Counting events (perf's syntax) read every --interval next to the samples, per CPU with -a/-C, "
        "else per thread");
    sub->add_option("--interval", options_.counterIntervalMs,
                    "Milliseconds between counter reads (default 100)")
        ->needs(counters)
        ->check([](const std::string &text) {
            const unsigned long value = std::strtoul(text.c_str(), nullptr, 10);
            return value >= 1 ? std::string() : "the interval must be at least 1 ms";
        });
    addRemoteOptions(sub);
    sub->add_option("command", options_.command,
                    "The command to run and its arguments (after --); none with -p, -t or -a");
    // Everything after the program's name belongs to it, options included ("sh -c ...").
    sub->positionals_at_end();
    sub->footer("Examples:\n  perfglass-cli record -g -o app.data -- ./app --input big.txt\n"
                "  perfglass-cli record -p 1234 --duration 5\n  perfglass-cli record -a -C 0,1 --duration 2\n"
                "  perfglass-cli record --counters task-clock,page-faults --interval 50 -- ./app\n"
                "  perfglass-cli record --host build@server -g --duration 10 -a");
    sub_ = sub;
    return sub;
}

void RecordCommand::addRemoteOptions(CLI::App *sub) {
    sub->add_option("--host", hosts_,
                    "Record on [USER@]HOST[:PORT] over ssh (the system's ssh and its config), into a local "
                    "file; repeatable: every host at once, FILE-HOST.data each")
        ->allow_extra_args(false); // --host a --host b; `--host a ./app` leaves ./app to be the command
    sub->add_option("--ssh-config", sshConfig_, "With --host: ssh's configuration file (ssh -F)");
    sub->add_option("--remote-cli", remoteCli_,
                    "With --host: the perfglass-cli to run on the host (default: perfglass-cli in its PATH)");
    sub->add_option("--buildid-dir", buildIdDir_,
                    "With --host: the build-id cache the host's symbols go into (default: $PERF_BUILDID_DIR, "
                    "else ~/.debug)");
    sub->add_flag("--deploy", deploy_,
                  "With --host: copy this build's perfglass-cli into a private cache directory on the host "
                  "(same architecture; reused by its SHA-256) and record with it");
    sub->add_flag("--full-binaries", fullBinaries_,
                  "With --host: fetch whole files by build id, not their symbols-only form");
    sub->add_flag("--stop-on-stdin-close", stopOnStdinClose_,
                  "Stop when standard input ends (what --host runs on the host); the program gets /dev/null")
        ->group("");
}

// record's options and target as the user gave them, for the host's recorder: each given option again in
// its long form (--name=VALUE, one word each), then -- and the command. Those that act here stay here.
std::vector<std::string> RecordCommand::forwardedArguments() const {
    static const std::set<std::string> local{
        "help",   "host",        "ssh-config",       "remote-cli",          "buildid-dir", "full-binaries",
        "output", "no-compress", "no-buildid-cache", "stop-on-stdin-close", "deploy"};
    std::vector<std::string> arguments;
    std::vector<std::string> command;
    for (const CLI::Option *option : sub_->get_options()) {
        if (option->count() == 0) continue;
        const auto &longNames = option->get_lnames();
        const auto &shortNames = option->get_snames();
        if (longNames.empty() && shortNames.empty()) { // the command
            command = option->results();
            continue;
        }
        if (!longNames.empty() && local.count(longNames.front())) continue;
        if (longNames.empty() && shortNames.front() == "z") continue; // the stream is always compressed
        const std::string name = longNames.empty() ? "-" + shortNames.front() : "--" + longNames.front();
        if (option->get_expected_max() == 0) { // a flag
            arguments.push_back(name);
            continue;
        }
        for (const auto &value : option->results())
            arguments.push_back(longNames.empty() ? name + value : name + "=" + value);
    }
    if (!command.empty()) {
        arguments.push_back("--");
        arguments.insert(arguments.end(), command.begin(), command.end());
    }
    return arguments;
}

int RecordCommand::runOnHosts() const {
    RemoteRecordRequest request;
    request.hosts = hosts_;
    request.sshConfig = sshConfig_;
    request.remoteCli = remoteCli_;
    request.outputPath = options_.outputPath;
    request.buildIdDir = buildIdDir_;
    request.fetchSymbols = !noBuildIdCache_ && !noBuildId_;
    request.fullBinaries = fullBinaries_;
    request.deploy = deploy_;
    // The saved files compress as a local recording's would; the stream always does (-z on the host).
    request.compressionLevel = noCompress_ ? 0
                                           : (compress_ ? std::max(1, options_.compressionLevel)
                                                        : std::max(0, options_.compressionLevel));
    if (deploy_ && remoteCli_ != "perfglass-cli")
        throw Error("--deploy and --remote-cli both name the recorder on the host: give one of them");
    request.recordArguments = forwardedArguments();
    return recordOnHosts(request);
}

// The options perf writes in forms of their own: -e repeated, -F max, -m with units, --user-regs names.
void RecordCommand::applyPerfForms() {
    for (const auto &event : events_)
        options_.events += (options_.events.empty() ? "" : ",") + event;
    if (!frequency_.empty()) options_.frequency = parseFrequency(frequency_, maxSampleRate());
    if (!mmapPages_.empty()) {
        const MmapPages pages = parseMmapPages(mmapPages_, static_cast<size_t>(::sysconf(_SC_PAGESIZE)));
        if (pages.rounded)
            fmt::print(stderr, "perfglass-cli: rounding the ring buffer size up to {} pages (-m {})\n",
                       pages.pages, mmapPages_);
        options_.mmapPages = pages.pages;
    }
    if (!userRegs_.empty()) options_.userRegs = parseUserRegisters(userRegs_);
}

int RecordCommand::run() {
    if (userRegs_ == "?") {
        fmt::print("available registers: {}\n", userRegisterNames());
        return 0;
    }
    if (!hosts_.empty()) return runOnHosts();
    if (!sshConfig_.empty() || remoteCli_ != "perfglass-cli" || fullBinaries_ || deploy_ ||
        !buildIdDir_.empty())
        throw Error("--ssh-config, --remote-cli, --deploy, --buildid-dir and --full-binaries go with --host");
    applyPerfForms();
    if (!callGraph_.empty())
        parseCallGraph(callGraph_, options_);
    else if (framePointers_)
        options_.callGraph = CallGraphMode::FramePointer;
    if (!pids_.empty()) options_.pids = parseIdList(pids_, "-p");
    if (!tids_.empty()) options_.tids = parseIdList(tids_, "-t");
    if (!cpus_.empty()) options_.cpus = parseCpuList(cpus_);
    if (!cpus_.empty() && options_.command.empty() && options_.pids.empty() && options_.tids.empty())
        options_.systemWide = true; // -C without a target means the whole system on those CPUs, as in perf
    if (compress_ && options_.compressionLevel <= 0) options_.compressionLevel = 1;
    if (noCompress_) options_.compressionLevel = 0;
    options_.buildIds = !noBuildId_;
    options_.buildIdCache = !noBuildIdCache_;

    options_.privilegedOpenerFactory = []() -> std::unique_ptr<EventOpener> {
        return startPrivilegedHelper();
    };
    UniqueFd pipeOutput;
    if (options_.outputPath == "-") {
        pipeOutput = takeStandardOutputForPipe();
        options_.pipeFd = pipeOutput.get();
    } else {
        const std::string kept = keepPreviousSession(options_.outputPath);
        if (!kept.empty()) fmt::print(stderr, "perfglass-cli: kept the previous session as {}\n", kept);
    }
    Recorder recorder(options_);
    ActiveRecorder active(recorder);
    StopSignals signals(onStopSignal);
    std::optional<StdinStopWatcher> stdinWatcher;
    if (stopOnStdinClose_) stdinWatcher.emplace([&recorder] { recorder.stop(); });
    const RecordSummary summary = recorder.run();
    for (const auto &notice : summary.notices)
        fmt::print(stderr, "perfglass-cli: note: {}\n", notice.english());
    std::string lost = fmt::format("{} lost", summary.lostSamples);
    if (summary.lostRecords > 0) lost += fmt::format(" in {} LOST records", summary.lostRecords);
    if (summary.throttles > 0) lost += fmt::format(", {} throttled", summary.throttles);
    if (summary.lostSamples > 0)
        fmt::print(
            stderr,
            "perfglass-cli: warning: the kernel dropped {} samples because a ring buffer was full; use a "
            "larger buffer (-m) or a lower frequency (-F)\n",
            summary.lostSamples);
    if (summary.uncompressedBytes > 0)
        lost += fmt::format(", compressed from {}", humanBytes(summary.uncompressedBytes));
    if (!options_.counters.empty())
        lost += fmt::format(", {} reads of {} counters", summary.counterReads, summary.counterNames.size());
    // After the file's name, where scripts reading the line up to it are not disturbed.
    std::string identity;
    if (summary.buildIds > 0)
        identity = options_.buildIdCache ? fmt::format("; {} build ids, {} in the build-id cache",
                                                       summary.buildIds, summary.cachedFiles)
                                         : fmt::format("; {} build ids", summary.buildIds);
    fmt::print(stderr, "[ perfglass record: {:.2f} s, {} samples, {}, {} written to {}{} ]\n",
               summary.seconds, summary.samples, lost, humanBytes(summary.bytes),
               options_.outputPath == "-" ? std::string("standard output (pipe mode)") : options_.outputPath,
               identity);
    return summary.exitCode;
}

} // namespace perfglass::cli
