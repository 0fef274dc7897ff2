#include "record/Recorder.h"

#include "base/ChildProcess.h"
#include "base/CpuList.h"
#include "base/Error.h"
#include "base/MonotonicClock.h"
#include "base/ProcFs.h"
#include "base/UniqueFd.h"
#include "base/WallClock.h"
#include "counting/CounterSet.h"
#include "counting/StatRecordWriter.h"
#include "events/EventOpenRouter.h"
#include "events/EventParser.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/SessionMetadata.h"
#include "perfdata/TracingData.h"
#include "record/HelperConnection.h"
#include "record/HelperEventOpener.h"
#include "record/HostBuildIds.h"
#include "record/KernelModuleFiles.h"
#include "record/ProcSynthesizer.h"
#include "record/RecordSink.h"
#include "record/RecordingEvents.h"
#include "record/SessionFiles.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

namespace perfglass {

namespace {

using Clock = std::chrono::steady_clock;
// Half the live view's refresh interval (gui/record/RecordingView): every refresh finds records it has not
// read yet.
constexpr auto kFlushInterval = std::chrono::milliseconds(500);

bool isPrivilegeError(int error) {
    return error == EACCES || error == EPERM;
}

std::string targetName(pid_t target) {
    return target < 0 ? std::string("all processes") : fmt::format("thread {}", target);
}

// Whether the task is a kernel thread (PF_KTHREAD in the flags of /proc/PID/stat): it has no user space.
bool isKernelThread(pid_t pid) {
    constexpr size_t kFlags = 9 - 3;
    const std::vector<std::string> fields = statFields(pid);
    constexpr unsigned long kPfKthread = 0x00200000;
    return fields.size() > kFlags && (std::strtoul(fields[kFlags].c_str(), nullptr, 10) & kPfKthread) != 0;
}

// An attached process or thread that has exited but is not reaped yet: nothing of it can be recorded.
void refuseZombie(pid_t pid, MessageKind kind) {
    if (processExists(pid) && !isRunning(pid)) throw Error(coreMessage(kind, pid, commOf(pid)));
}

// Whether kernel.perf_event_paranoid lets this user open SPEC on TARGET (perf_event_open(2), "perf_event
// related configuration files"): then a refusal came from elsewhere (a seccomp filter, a container, an LSM).
// Tracepoints and other users' processes have rules of their own: never claimed.
bool paranoidAllows(const EventSpec &spec, pid_t target, int paranoid) {
    if (::geteuid() == 0) return true;
    if (spec.attr.type == PERF_TYPE_TRACEPOINT) return false;
    if (target < 0) return paranoid <= 0;
    struct stat process {};
    if (::stat(("/proc/" + std::to_string(target)).c_str(), &process) != 0 || process.st_uid != ::geteuid())
        return false;
    return paranoid <= (spec.attr.exclude_kernel ? 2 : 1);
}

std::string privilegeMessage(const EventSpec &spec, pid_t target, int error, bool adviseHere) {
    const int paranoid = perfEventParanoid();
    if (paranoidAllows(spec, target, paranoid))
        return fmt::format(
            "event '{}' on {} was refused (perf_event_open: {}) although "
            "kernel.perf_event_paranoid = {} allows it: a seccomp filter, a container's policy or "
            "a security module (SELinux, AppArmor) refuses perf_event_open here",
            spec.name, targetName(target), std::strerror(error), paranoid);
    return fmt::format(
        "event '{}' on {} needs privileges this user lacks (kernel.perf_event_paranoid = {}){}", spec.name,
        targetName(target), paranoid, adviseHere ? ". " + privilegeAdvice() : std::string());
}

// adviseHere: add what the user can do; false when the privileged helper's failure, which says it, follows.
std::string openErrorMessage(const EventSpec &spec, pid_t target, int error, bool adviseHere) {
    if (!spec.cpus.empty() && target >= 0)
        return fmt::format(
            "event '{}' counts only system-wide (its PMU '{}' has a cpumask); record it with -a "
            "or -C",
            spec.name, spec.pmu);
    switch (error) {
    case ENOENT:
    case EOPNOTSUPP:
        return fmt::format("event '{}' is not supported by this machine (perf_event_open: {})", spec.name,
                           std::strerror(error));
    case EACCES:
    case EPERM:
        return privilegeMessage(spec, target, error, adviseHere);
    case ESRCH:
        return fmt::format("cannot record {}: no such process or thread", targetName(target));
    case EMFILE:
        return fmt::format("too many open files while opening event '{}'; raise the limit with 'ulimit -n'",
                           spec.name);
    default:
        return fmt::format("cannot open event '{}' on {}: {}", spec.name, targetName(target),
                           std::strerror(error));
    }
}

// The ring buffer's pages per CPU, for CPUS buffers, where the user gave none (-m).
size_t defaultMmapPages(const RecordOptions &options, size_t cpus) {
    if (options.mmapPages > 0) return options.mmapPages;
    // Unprivileged users share kernel.perf_event_mlock_kb (516 KiB per CPU by default): 128 pages fit.
    if (::geteuid() != 0) return 128;
    if (options.callGraph != CallGraphMode::Dwarf) return 512;
    // DWARF stacks at 20 kHz fill a CPU's buffer at about 80 MB/s: 8 MiB, whose reader is woken at half of
    // it, gave the reader 50 ms, which a busy 2-core machine did not always grant (samples lost in 2 of 3
    // live recordings of 130 s; none in 3 with 32 MiB). 32 MiB per CPU up to 8 CPUs, then as much as keeps
    // all the buffers within 256 MiB, but at least 8 MiB.
    constexpr size_t kDwarfBytesOfAllCpus = size_t{256} << 20;
    constexpr size_t kLeastDwarfBytes = size_t{8} << 20, kMostDwarfBytes = size_t{32} << 20;
    const size_t bytes =
        std::clamp(kDwarfBytesOfAllCpus / std::max<size_t>(cpus, 1), kLeastDwarfBytes, kMostDwarfBytes);
    const auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    return std::bit_floor(std::max<size_t>(bytes / pageSize, 1));
}

std::vector<EventSpec> parseEvents(const RecordOptions &options, const EventParser &parser,
                                   std::vector<Message> &notices) {
    std::vector<EventSpec> specs;
    if (options.events.empty()) {
        specs = parser.parse("cycles");
        if (!probeEvent(specs.front().attr)) specs = parser.parse("cpu-clock");
    } else {
        specs = parser.parse(options.events);
    }
    if (options.offCpu) {
        try {
            auto offCpu = parser.parse(kOffCpuEvent);
            specs.insert(specs.end(), offCpu.begin(), offCpu.end());
        } catch (const Error &error) {
            notices.push_back(coreMessage(MessageKind::OffCpuEventUnavailable, kOffCpuEvent, error.what()));
        }
    }
    return specs;
}

// The thread ids to open events on, the processes to synthesize and to watch for exit.
struct AttachTargets {
    std::vector<pid_t> threads;
    std::vector<pid_t> processes;
};

AttachTargets attachTargets(const RecordOptions &options) {
    AttachTargets targets;
    for (pid_t pid : options.pids) {
        auto tids = threadsOf(pid);
        if (pid <= 0 || tids.empty() || !processExists(pid))
            throw Error(coreMessage(MessageKind::NoSuchProcess, pid));
        refuseZombie(pid, MessageKind::ZombieProcess);
        targets.processes.push_back(pid);
        targets.threads.insert(targets.threads.end(), tids.begin(), tids.end());
    }
    for (pid_t tid : options.tids) {
        const pid_t pid = tid > 0 ? processOf(tid) : -1;
        if (pid < 0) throw Error(coreMessage(MessageKind::NoSuchThread, tid));
        refuseZombie(tid, MessageKind::ZombieThread);
        targets.threads.push_back(tid);
        if (std::find(targets.processes.begin(), targets.processes.end(), pid) == targets.processes.end())
            targets.processes.push_back(pid);
    }
    std::sort(targets.threads.begin(), targets.threads.end());
    targets.threads.erase(std::unique(targets.threads.begin(), targets.threads.end()), targets.threads.end());
    return targets;
}

// The privileged helper is started only for what the user asked for explicitly and cannot do alone: the whole
// system, another user's process, kernel-level modifiers or tracepoints. Kernel samples the user did not ask
// for fall back to user space with a notice instead of an authentication prompt.
bool asksForPrivilege(const std::vector<EventSpec> &specs, const RecordOptions &options,
                      const AttachTargets &attached) {
    if (options.systemWide || options.offCpu) return true;
    const bool privilegedEvent = std::any_of(specs.begin(), specs.end(), [](const EventSpec &spec) {
        return spec.explicitPrivilege || spec.attr.type == PERF_TYPE_TRACEPOINT;
    });
    if (privilegedEvent) return true;
    std::vector<pid_t> targets = attached.processes;
    targets.insert(targets.end(), attached.threads.begin(), attached.threads.end());
    return std::any_of(targets.begin(), targets.end(), [](pid_t pid) {
        struct stat info {};
        const std::string path = "/proc/" + std::to_string(pid);
        return ::stat(path.c_str(), &info) == 0 && info.st_uid != ::geteuid();
    });
}

// The counters of `record --counters` follow the recording's target: per CPU system-wide, else per thread
// (the launched program with its children, or the attached threads and what they create later). Their
// session attributes carry the sampling events' sample_type and sample_id_all, which perf needs to be the
// same for every attribute of a file.
CounterTarget counterTarget(RecordTargetKind kind, const std::vector<int> &cpus,
                            const std::vector<pid_t> &threads, const perf_event_attr &sampling) {
    CounterTarget target;
    if (kind == RecordTargetKind::SystemWide) {
        target = CounterTarget::systemWide(cpus);
    } else if (kind == RecordTargetKind::Launch) {
        target = CounterTarget::launched(threads.front());
    } else {
        target = CounterTarget::threadList(threads);
        target.inherit = true;
    }
    target.sampleType = sampling.sample_type;
    target.sampleIdAll = sampling.sample_id_all != 0;
    return target;
}

// The fields perf may compare between a file's attributes, copied from the sampling events.
void matchSamplingAttr(perf_event_attr &counter, const perf_event_attr &sampling) {
    counter.sample_regs_user = sampling.sample_regs_user;
    counter.sample_stack_user = sampling.sample_stack_user;
    counter.use_clockid = sampling.use_clockid;
    counter.clockid = sampling.clockid;
}

std::unique_ptr<CounterSet> openCounterSet(const std::vector<EventSpec> &specs, const CounterTarget &target,
                                           EventOpenRouter &router) {
    const bool wasPrivileged = router.usingPrivilegedOpener();
    auto counters = std::make_unique<CounterSet>(specs, target, &router);
    // The privileged opener took over halfway: a group may hold fds of both openers, so open all again.
    if (!wasPrivileged && router.usingPrivilegedOpener()) {
        counters.reset();
        counters = std::make_unique<CounterSet>(specs, target, &router);
    }
    return counters;
}

// One run of Recorder::run(): the steps from options to a finished session file, and what they share.
class Recording {
public:
    Recording(RecordOptions &options, int stopFd, const std::atomic<bool> &stopRequested)
        : options_(options)
        , stopFd_(stopFd)
        , stopRequested_(stopRequested) {}

    RecordSummary run() {
        try {
            return runSteps();
        } catch (const Error &error) {
            const std::string helperFailure = router_ && !router_->privilegedOpenerFailure().empty()
                                                  ? router_->privilegedOpenerFailure()
                                                  : helperFailure_;
            const std::string kept = keptFileNote();
            if (helperFailure.empty() && kept.empty()) throw;
            // Say why the privileged helper, asked for because of a refusal, could not help.
            std::string message = error.what();
            if (!helperFailure.empty()) message += "; " + helperFailure;
            throw Error(message + kept);
        }
    }

private:
    RecordSummary runSteps() {
        prepareEvents();
        resolveTarget();
        openEvents();
        openCounters();
        openOutput();
        start();
        drainUntilDone();
        return finish();
    }

    std::string keptFileNote() const;
    void noteKernelThreads();
    void prepareEvents();
    std::vector<EventSpec> parseSpecs();
    void startHelperEarly();
    EventOpenRouter::Factory privilegedFactory();
    void scopeHelper(EventOpener *opener);
    void clampFrequencies();
    void resolveTarget();
    void openEvents();
    RecordingEvents::OpenResult openOnTargets(pid_t &failedTarget);
    RecordingEvents::OpenResult openNewThreads(pid_t &failedTarget);
    bool fallBackAfter(int error);
    void noteOpenAdjustments(bool userOnly);
    void openCounters();
    void openOutput();
    void synthesizeExistingProcesses(ProcSynthesizer &synthesizer, const ProcSynthesizer::Emit &emit);
    void releaseChild();
    void start();
    void drainUntilDone();
    std::vector<UniqueFd> watchAttachedProcesses(std::vector<pollfd> &pollFds) const;
    void drainAll();
    void readCountersIfDue();
    int64_t msUntilCounterRead() const;
    RecordSummary finish();
    SessionMetadata startMetadata();
    SessionMetadata metadata();
    bool isPipe() const { return options_.outputPath == "-"; }
    void keepKallsymsOfHelper(const std::vector<uint8_t> &kernelBuildId);
    void noteUnidentifiedFiles();
    std::string kallsymsForCache();
    void fillBuildIdCache(const std::vector<BuildIdEntry> &entries);

    RecordOptions &options_;
    int stopFd_;
    const std::atomic<bool> &stopRequested_;
    RecordSummary summary_;
    RecordTargetKind kind_ = RecordTargetKind::Launch;
    std::vector<EventSpec> specs_;
    std::vector<EventSpec> counterSpecs_;
    AttachTargets attached_;
    std::optional<ChildProcess> child_;
    std::vector<pid_t> openTargets_; // threads, or -1 for all
    std::vector<int> cpus_;
    size_t pages_ = 0;
    std::optional<EventOpenRouter> router_;
    std::unique_ptr<EventOpener> earlyHelper_; // started to read tracefs, before the router takes it over
    HelperEventOpener *helper_ = nullptr;      // the privileged helper once its scope is set (owned above)
    std::string helperFailure_;                // why the helper started for tracefs could not be had
    std::unique_ptr<RecordingEvents> events_;
    bool userOnly_ = false;
    std::unique_ptr<CounterSet> counters_;
    std::optional<PerfDataWriter> writer_;
    std::optional<MappedFiles> mappedFiles_; // the files of mappings, by build id (unless -B)
    std::optional<RecordSink> sink_;
    std::optional<StatRecordWriter> statRecords_;
    Clock::time_point start_;
    int64_t startWallNs_ = 0; // when the events were enabled, ns since the epoch
    Clock::time_point lastFlush_;
    uint64_t nextCounterRead_ = 0;
};

// After a failure while recording (a full disk, a file size limit): the file keeps what was written, with
// the header a recorder that died leaves (data size 0), which readers take up to the last complete record.
std::string Recording::keptFileNote() const {
    struct stat info {};
    if (writer_ && writer_->isPipe())
        return fmt::format(". The {} bytes written to the pipe up to there are readable up to their last "
                           "complete record",
                           writer_->bytesDelivered());
    if (!writer_ || ::stat(options_.outputPath.c_str(), &info) != 0 || info.st_size == 0) return {};
    return fmt::format(". The recording up to there was kept: {} ({} bytes) is readable up to its last "
                       "complete record (perfglass-cli report -i {})",
                       options_.outputPath, info.st_size, options_.outputPath);
}

// A kernel thread has no user space: only kernel samples can come from it, and only with the privilege
// to record them.
void Recording::noteKernelThreads() {
    std::vector<pid_t> targets = attached_.processes;
    targets.insert(targets.end(), attached_.threads.begin(), attached_.threads.end());
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    for (pid_t pid : targets) {
        if (!isKernelThread(pid)) continue;
        summary_.notices.push_back(
            summary_.kernelSamples
                ? coreMessage(MessageKind::KernelThreadKernelOnly, pid, commOf(pid))
                : coreMessage(MessageKind::KernelThreadNotRecorded, pid, commOf(pid), perfEventParanoid()));
    }
}

void Recording::prepareEvents() {
    const bool attach = !options_.pids.empty() || !options_.tids.empty();
    const int targetKinds =
        (attach ? 1 : 0) + (options_.systemWide ? 1 : 0) + (options_.command.empty() ? 0 : 1);
    if (targetKinds != 1)
        throw Error(
            coreMessage(targetKinds == 0 ? MessageKind::NothingToRecord : MessageKind::OneTargetOnly));
    kind_ = attach                ? RecordTargetKind::Attach
            : options_.systemWide ? RecordTargetKind::SystemWide
                                  : RecordTargetKind::Launch;
    specs_ = parseSpecs();
    clampFrequencies();
    if (!options_.counters.empty()) {
        if (options_.counterIntervalMs == 0) throw Error(coreMessage(MessageKind::CountersIntervalTooShort));
        counterSpecs_ = EventParser().parse(options_.counters);
    }
}

// Tracepoints are described by tracefs, which is often root's only: then the events are parsed again with
// tracefs read through the privileged helper, started here when a tracepoint is named (or --off-cpu given).
std::vector<EventSpec> Recording::parseSpecs() {
    const bool throughHelper = options_.privilegedOpenerFactory && TracepointCatalog().refusedForPrivilege();
    if (!throughHelper) return parseEvents(options_, EventParser(), summary_.notices);
    if (!options_.offCpu) {
        try {
            return parseEvents(options_, EventParser(), summary_.notices);
        } catch (const TracefsRefused &) {
            // a tracepoint: read tracefs through the helper
        }
    }
    startHelperEarly();
    auto *helper = dynamic_cast<HelperEventOpener *>(earlyHelper_.get());
    if (!helper) {
        std::vector<EventSpec> specs = parseEvents(options_, EventParser(), summary_.notices);
        // One note for --off-cpu: tracefs refused, and why the helper that could read it was not had.
        const auto offCpuNote =
            std::find_if(summary_.notices.begin(), summary_.notices.end(), [](const Message &n) {
                return n.kind == MessageKind::OffCpuEventUnavailable && n.args.size() == 2;
            });
        if (offCpuNote != summary_.notices.end() && !helperFailure_.empty())
            offCpuNote->args[1] +=
                "; the privileged helper, which could read tracefs, was not had: " + helperFailure_;
        return specs;
    }
    return parseEvents(options_, EventParser(PmuCatalog::load(), TracepointCatalog(*helper)),
                       summary_.notices);
}

void Recording::startHelperEarly() {
    try {
        earlyHelper_ = options_.privilegedOpenerFactory();
    } catch (const Error &error) {
        helperFailure_ = error.what();
    }
}

// The router's privileged opener: the helper started for tracefs, or one started on the first refusal of
// something the user asked for explicitly. Either is told the recording's targets before its first use.
EventOpenRouter::Factory Recording::privilegedFactory() {
    if (earlyHelper_) {
        scopeHelper(earlyHelper_.get());
        return [this] { return std::move(earlyHelper_); };
    }
    // The helper was asked for already and could not be had: no second authentication prompt.
    if (!helperFailure_.empty())
        return [failure = helperFailure_]() -> std::unique_ptr<EventOpener> { throw Error(failure); };
    if (!options_.privilegedOpenerFactory || !asksForPrivilege(specs_, options_, attached_)) return {};
    return [this]() -> std::unique_ptr<EventOpener> {
        std::unique_ptr<EventOpener> opener = options_.privilegedOpenerFactory();
        scopeHelper(opener.get());
        return opener;
    };
}

// The helper opens events and reads /proc only for the recording's targets: the whole system, or the
// launched program, or the attached processes and threads (and the threads of those processes).
void Recording::scopeHelper(EventOpener *opener) {
    auto *helper = dynamic_cast<HelperEventOpener *>(opener);
    if (!helper) return;
    std::vector<pid_t> pids = attached_.processes;
    pids.insert(pids.end(), options_.tids.begin(), options_.tids.end());
    if (child_) pids.push_back(child_->pid());
    std::sort(pids.begin(), pids.end());
    pids.erase(std::unique(pids.begin(), pids.end()), pids.end());
    if (!helper->scopeSet()) helper->setScope(kind_ == RecordTargetKind::SystemWide, pids);
    helper_ = helper;
}

void Recording::clampFrequencies() {
    const uint64_t maxRate = readSysctlNumber("/proc/sys/kernel/perf_event_max_sample_rate", 100000);
    if (options_.period == 0 && options_.frequency > maxRate) {
        summary_.notices.push_back(coreMessage(MessageKind::FrequencyLowered, options_.frequency, maxRate));
        options_.frequency = maxRate;
    }
    for (auto &spec : specs_) {
        if (spec.termFrequency > maxRate) {
            summary_.notices.push_back(
                coreMessage(MessageKind::TermFrequencyLowered, spec.name, spec.termFrequency, maxRate));
            spec.termFrequency = maxRate;
        }
    }
}

void Recording::resolveTarget() {
    if (kind_ == RecordTargetKind::Attach) {
        attached_ = attachTargets(options_);
        openTargets_ = attached_.threads;
    } else if (kind_ == RecordTargetKind::SystemWide) {
        openTargets_ = {-1};
    } else {
        child_.emplace(options_.command, options_.workingDirectory, options_.extraEnvironment);
        openTargets_ = {child_->pid()};
    }
    const std::vector<int> online = onlineCpus();
    cpus_ = options_.cpus.empty() ? online : options_.cpus;
    for (int cpu : cpus_)
        if (std::find(online.begin(), online.end(), cpu) == online.end())
            throw Error(
                coreMessage(MessageKind::CpuNotOnline, cpu, fmt::format("{}", fmt::join(online, ","))));
    pages_ = defaultMmapPages(options_, cpus_.size());
}

// Opens everything, dropping the off-CPU tracepoint or kernel samples when privileges do not allow them.
void Recording::openEvents() {
    router_.emplace(options_.opener, privilegedFactory());
    for (;;) {
        events_.reset(); // unmaps the previous attempt's buffers first: they count against the mlock limits
        events_ = std::make_unique<RecordingEvents>(specs_, options_, kind_, cpus_, pages_, *router_);
        pid_t failedTarget = -1;
        RecordingEvents::OpenResult result = openOnTargets(failedTarget);
        if (result.ok()) result = openNewThreads(failedTarget);
        // The privileged opener took over after some events were opened directly: open all through it.
        if (result.reopen || (!result.ok() && fallBackAfter(result.error))) continue;
        if (!result.ok())
            throw Error(openErrorMessage(*events_->failed(), failedTarget, result.error,
                                         router_->privilegedOpenerFailure().empty()));
        break;
    }
    noteOpenAdjustments(userOnly_);
}

RecordingEvents::OpenResult Recording::openOnTargets(pid_t &failedTarget) {
    for (pid_t target : openTargets_) {
        const RecordingEvents::OpenResult result = events_->open(target);
        // A thread that exited between listing and opening is not an error.
        if (result.error == ESRCH && kind_ == RecordTargetKind::Attach && processOf(target) < 0) continue;
        if (!result.ok()) {
            failedTarget = target;
            return result;
        }
    }
    return {};
}

// Threads created while we opened were not inherited by anyone: open them too, until none is new.
RecordingEvents::OpenResult Recording::openNewThreads(pid_t &failedTarget) {
    if (kind_ != RecordTargetKind::Attach || options_.pids.empty()) return {};
    std::set<pid_t> known(openTargets_.begin(), openTargets_.end());
    for (int round = 0; round < 16; ++round) {
        bool added = false;
        for (pid_t pid : attached_.processes) {
            for (pid_t tid : threadsOf(pid)) {
                if (!known.insert(tid).second) continue;
                added = true;
                openTargets_.push_back(tid);
                const RecordingEvents::OpenResult result = events_->open(tid);
                if (!result.ok() && result.error != ESRCH) {
                    failedTarget = tid;
                    return result;
                }
            }
        }
        if (!added) break;
    }
    return {};
}

// Drops what privileges refuse and was not asked for explicitly: the off-CPU tracepoint, then kernel
// samples. Returns whether to try again.
bool Recording::fallBackAfter(int error) {
    const EventSpec &failed = *events_->failed();
    if (options_.offCpu && failed.name == kOffCpuEvent && specs_.back().name == kOffCpuEvent) {
        summary_.notices.push_back(
            coreMessage(MessageKind::OffCpuEventNotOpened, kOffCpuEvent, std::strerror(error)));
        specs_.pop_back();
        return true;
    }
    const bool anyExplicitKernel =
        std::any_of(specs_.begin(), specs_.end(), [](auto &s) { return s.explicitPrivilege; });
    if (!isPrivilegeError(error) || anyExplicitKernel || userOnly_) return false;
    userOnly_ = true;
    for (auto &spec : specs_) {
        spec.attr.exclude_kernel = 1;
        spec.attr.exclude_hv = 1;
    }
    return true;
}

void Recording::noteOpenAdjustments(bool userOnly) {
    if (userOnly) {
        for (auto &spec : counterSpecs_) {
            if (spec.explicitPrivilege) continue;
            spec.attr.exclude_kernel = 1;
            spec.attr.exclude_hv = 1;
        }
        summary_.notices.push_back(coreMessage(MessageKind::UserSpaceOnly, perfEventParanoid()));
    }
    const auto &attrs = events_->attrs();
    if (kind_ != RecordTargetKind::SystemWide) {
        for (const auto &event : attrs)
            if ((event.attr.sample_type & PERF_SAMPLE_READ) && !event.attr.inherit)
                summary_.notices.push_back(coreMessage(MessageKind::SampleReadNotInherited, event.name));
    }
    summary_.kernelSamples =
        std::any_of(attrs.begin(), attrs.end(), [](auto &e) { return !e.attr.exclude_kernel; });
    summary_.offCpu = !specs_.empty() && specs_.back().name == kOffCpuEvent;
    noteKernelThreads();
}

void Recording::openCounters() {
    if (counterSpecs_.empty()) return;
    const perf_event_attr &sampling = events_->attrs().front().attr;
    counters_ = openCounterSet(counterSpecs_, counterTarget(kind_, cpus_, openTargets_, sampling), *router_);
    for (const auto &event : counters_->events()) {
        if (event.status == CounterStatus::Counting)
            summary_.counterNames.push_back(event.spec.name);
        else
            summary_.notices.push_back(
                coreMessage(MessageKind::CounterNotCounted, event.spec.name, event.reason));
    }
}

void Recording::openOutput() {
    std::vector<EventAttr> fileAttrs = events_->attrs();
    if (counters_) {
        for (auto &attr : counters_->fileAttrs()) {
            matchSamplingAttr(attr.attr, events_->attrs().front().attr);
            fileAttrs.push_back(std::move(attr));
        }
    }
    if (isPipe()) {
        SessionMetadata known = startMetadata();
        if (summary_.kernelSamples)
            if (auto kernel = kernelBuildIdEntry()) known.buildIds.push_back(*kernel);
        writer_.emplace(PerfDataWriter::PipeOutput{options_.pipeFd}, fileAttrs, known);
    } else {
        writer_.emplace(options_.outputPath, fileAttrs);
    }
    sink_.emplace(*writer_, options_.callGraph == CallGraphMode::Dwarf, options_.compressionLevel,
                  !RecordingEvents::samplesCarryCpu(options_));
    if (options_.buildIds) {
        mappedFiles_.emplace();
        mappedFiles_->setKeepDescriptors(options_.buildIdCache);
    }
    sink_->followSampledFiles(summary_.kernelSamples ? SampledFiles::loadedModules()
                                                     : std::vector<SampledFiles::Module>{},
                              mappedFiles_ ? &*mappedFiles_ : nullptr);
    if (!counters_) return;
    StatRecordWriter::Config config;
    config.aggrMode = kind_ == RecordTargetKind::SystemWide ? stat::kAggrNone : stat::kAggrThread;
    config.intervalMs = options_.counterIntervalMs;
    statRecords_.emplace(*counters_, *writer_, config);
    std::vector<std::string> names;
    if (child_) // not exec'd yet: named after its program, as the kernel will (15 characters)
        names.push_back(
            options_.command.front().substr(options_.command.front().rfind('/') + 1).substr(0, 15));
    statRecords_->writeMaps(names);
}

void Recording::synthesizeExistingProcesses(ProcSynthesizer &synthesizer, const ProcSynthesizer::Emit &emit) {
    if (kind_ == RecordTargetKind::SystemWide) {
        summary_.synthesizedProcesses = synthesizer.synthesizeAll(emit);
        return;
    }
    for (pid_t pid : options_.pids)
        summary_.synthesizedProcesses += synthesizer.synthesizeProcess(pid, emit) ? 1 : 0;
    if (!options_.tids.empty()) {
        synthesizer.synthesizeThreads(options_.tids, emit);
        summary_.synthesizedProcesses += options_.tids.size();
    }
}

void Recording::releaseChild() {
    try {
        child_->release();
    } catch (const Error &) {
        if (!isPipe()) ::unlink(options_.outputPath.c_str());
        throw;
    }
}

void Recording::start() {
    startWallNs_ = wallClockNanoseconds();
    // Existing state, stamped before the events start so that it sorts before every sample.
    const auto &tracking = events_->attrs().front();
    ProcSynthesizer synthesizer(tracking.attr, tracking.ids.empty() ? 0 : tracking.ids.front(),
                                monotonicNanoseconds());
    const ProcSynthesizer::Emit synthesized = [this](const perf_event_header *record) {
        sink_->writeSynthesized(record);
    };
    // Through the helper, when it is in use: other users' processes and the kernel's addresses.
    if (helper_) synthesizer.setReader(helper_);
    if (helper_ && mappedFiles_)
        mappedFiles_->setPrivilegedOpen([helper = helper_](pid_t pid, uint64_t start, uint64_t end) {
            Expected<UniqueFd> fd = helper->mappedFile(pid, start, end);
            return fd ? std::move(*fd) : UniqueFd();
        });
    // As the kernel's records do with mmap_data: the sink trims stacks at the end of their thread's mapping.
    synthesizer.setIncludeDataMappings(tracking.attr.mmap_data != 0);
    // As the kernel's own records carry them: the build id of each file, and the threads' namespaces.
    synthesizer.setMappedFiles(mappedFiles_ ? &*mappedFiles_ : nullptr);
    synthesizer.setNamespaces(tracking.attr.namespaces != 0);
    if (summary_.kernelSamples && synthesizer.synthesizeKernelMmap(synthesized))
        synthesizer.synthesizeModuleMmaps(ProcSynthesizer::loadedKernelModules(KernelModuleFiles()),
                                          synthesized);
    if (child_) {
        releaseChild(); // it has not exec'd: its state is recorded as it goes
    } else {
        events_->setEnabled(true);
        if (counters_) counters_->enable();
        synthesizeExistingProcesses(synthesizer, synthesized);
    }
    sink_->endRound();
    if (options_.onStarted) options_.onStarted();
}

// The file on disk ends at a round's end at least every kFlushInterval, so that a reader following it (the
// GUI's live view, its growing file size) sees the recording as it goes, not per 2 MiB of buffer.
void Recording::drainAll() {
    events_->drainEach(*sink_);
    sink_->endRound();
    const auto now = Clock::now();
    if (now - lastFlush_ >= kFlushInterval) {
        writer_->flush();
        lastFlush_ = now;
    }
}

// Counters are read on CLOCK_MONOTONIC, the samples' clock, after a drain round (the stat records are
// written between FINISHED_ROUNDs, uncompressed).
void Recording::readCountersIfDue() {
    if (!statRecords_) return;
    const uint64_t now = monotonicNanoseconds();
    if (now < nextCounterRead_) return;
    // Stamped after reading: a read delayed on a busy machine must not make its interval look shorter.
    const auto cumulative = counters_->read();
    statRecords_->write(cumulative, monotonicNanoseconds());
    const uint64_t intervalNs = options_.counterIntervalMs * 1000000u;
    nextCounterRead_ += intervalNs;
    if (nextCounterRead_ <= now) nextCounterRead_ = now + intervalNs; // late: skip, do not burst
}

int64_t Recording::msUntilCounterRead() const {
    if (!statRecords_) return 500;
    const uint64_t now = monotonicNanoseconds();
    return nextCounterRead_ > now ? static_cast<int64_t>((nextCounterRead_ - now + 999999) / 1000000) : 0;
}

// pidfds of the attached processes, added to pollFds: their exits end the recording when all have exited.
std::vector<UniqueFd> Recording::watchAttachedProcesses(std::vector<pollfd> &pollFds) const {
    std::vector<UniqueFd> processFds;
    for (pid_t pid : attached_.processes) {
        UniqueFd fd(static_cast<int>(::syscall(SYS_pidfd_open, pid, 0)));
        if (fd.valid()) processFds.push_back(std::move(fd));
    }
    for (auto &fd : processFds)
        pollFds.push_back({fd.get(), POLLIN, 0});
    return processFds;
}

void Recording::drainUntilDone() {
    start_ = lastFlush_ = Clock::now();
    const auto deadline = options_.durationSeconds > 0
                              ? start_ + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(options_.durationSeconds))
                              : Clock::time_point::max();
    nextCounterRead_ = monotonicNanoseconds() + options_.counterIntervalMs * 1000000u;
    std::vector<pollfd> pollFds;
    for (int fd : events_->bufferFds())
        pollFds.push_back({fd, POLLIN, 0});
    pollFds.push_back({stopFd_, POLLIN, 0});
    const size_t exitFdsStart = pollFds.size();
    if (child_ && child_->exitFd() >= 0) pollFds.push_back({child_->exitFd(), POLLIN, 0});
    const std::vector<UniqueFd> processFds = watchAttachedProcesses(pollFds);
    size_t processesLeft = processFds.size();
    const auto finished = [&] {
        if (child_) return child_->tryWait().has_value();
        return !processFds.empty() && processesLeft == 0;
    };
    auto killDeadline = Clock::time_point::max();
    bool stopping = false;
    while (!finished()) {
        const auto now = Clock::now();
        if ((stopRequested_.load() || now >= deadline) && !stopping) {
            stopping = true;
            if (!child_) break; // attached processes and the system are left alone
            child_->signal(SIGTERM);
            killDeadline = now + std::chrono::seconds(5);
        }
        if (now >= killDeadline) child_->signal(SIGKILL);
        const auto untilDeadline =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        const int timeout = static_cast<int>(
            std::clamp<int64_t>(std::min<int64_t>(untilDeadline, msUntilCounterRead()), 0, 500));
        ::poll(pollFds.data(), pollFds.size(), timeout);
        drainAll();
        readCountersIfDue();
        for (size_t i = exitFdsStart; i < pollFds.size(); ++i) {
            if (!child_ && pollFds[i].fd >= 0 && (pollFds[i].revents & (POLLIN | POLLHUP))) {
                pollFds[i].fd = -1; // that process has exited; poll ignores negative fds
                --processesLeft;
            }
        }
    }
}

// What is known before the first record: the machine, the command line, the clock, compression and the
// tracepoints' formats. Pipe mode writes it first; file mode adds it to the end's metadata().
SessionMetadata Recording::startMetadata() {
    SessionMetadata metadata = SessionMetadata::fromThisMachine();
    metadata.cmdline = options_.cmdline;
    metadata.hasClockId = true;
    timespec resolution{};
    ::clock_getres(CLOCK_MONOTONIC, &resolution);
    metadata.clockResolutionNs =
        static_cast<uint64_t>(resolution.tv_sec) * 1000000000u + static_cast<uint64_t>(resolution.tv_nsec);
    if (options_.compressionLevel > 0) {
        metadata.compressionLevel = static_cast<uint32_t>(options_.compressionLevel);
        metadata.compressionMmapLen = RecordCompressor::mmapLen();
    }
    std::vector<std::string> tracepoints;
    for (const auto &event : events_->attrs())
        if (event.attr.type == PERF_TYPE_TRACEPOINT) tracepoints.push_back(event.name);
    if (!tracepoints.empty()) {
        try {
            metadata.tracingData =
                buildTracingData(tracepoints, helper_ ? TracepointCatalog(*helper_) : TracepointCatalog());
        } catch (const Error &error) {
            summary_.notices.push_back(coreMessage(MessageKind::NoTracingData, error.what()));
        }
    }
    return metadata;
}

// The whole session's metadata at its end; in pipe mode only what the stream lacks (build ids, sample times).
SessionMetadata Recording::metadata() {
    SessionMetadata metadata = isPipe() ? SessionMetadata{} : startMetadata();
    metadata.firstSampleTime = sink_->counters().firstSampleTime;
    metadata.lastSampleTime = sink_->counters().lastSampleTime;
    metadata.sampleCpus = sink_->sampleCpus();
    std::optional<BuildIdEntry> kernel = summary_.kernelSamples ? kernelBuildIdEntry() : std::nullopt;
    if (kernel) keepKallsymsOfHelper(kernel->buildId);
    if (mappedFiles_) {
        const auto vdso = sink_->sawVdso() ? vdsoBuildIdEntry() : std::nullopt;
        metadata.buildIds = sampledBuildIds(*sink_->sampledFiles(), *mappedFiles_, kernel, vdso);
        noteUnidentifiedFiles();
    }
    // Pipe mode: the stream holds no feature of ours (perf warns of unknown feature records there).
    if (!isPipe()) {
        std::vector<std::string> skippedMaps;
        metadata.perfMaps = perfMapsOf(sink_->sampledFiles()->sampledProcesses(), startWallNs_, skippedMaps);
        metadata.perfMapsKept = true;
        for (const std::string &why : skippedMaps)
            summary_.notices.push_back(
                coreMessage(MessageKind::Text, "perf map not kept in the session: " + why));
        std::vector<std::string> skipped;
        metadata.jitDumps = jitDumpsOf(*sink_->sampledFiles(), skipped);
        for (const std::string &why : skipped)
            summary_.notices.push_back(
                coreMessage(MessageKind::Text, "jitdump not kept in the session: " + why));
    }
    if (options_.compressionLevel > 0) summary_.uncompressedBytes = sink_->compressor()->bytesIn();
    return metadata;
}

// Files with samples that no build id could be read for, not even from their process's memory: why, as
// their frames stay unnamed (a few; the rest counted).
void Recording::noteUnidentifiedFiles() {
    constexpr size_t kMaxNotes = 5;
    std::vector<std::string> reasons;
    for (const SampledFiles::File &file : sink_->sampledFiles()->files()) {
        const auto found = mappedFiles_->unidentified().find(file.path);
        if (file.hit && file.buildId.empty() && found != mappedFiles_->unidentified().end())
            reasons.push_back(found->second);
    }
    for (size_t i = 0; i < reasons.size() && i < kMaxNotes; ++i)
        summary_.notices.push_back(textMessage("no build id for a file with samples (" + reasons[i] +
                                               "); reports will not name its frames"));
    if (reasons.size() > kMaxNotes)
        summary_.notices.push_back(textMessage(
            fmt::format("no build id for {} more files with samples; reports will not name their frames",
                        reasons.size() - kMaxNotes)));
}

// Kernel samples through the helper, for a user who sees kallsyms without addresses: root's view is kept
// where reports run as this user find it (keptKallsymsPath), as perf keeps kallsyms in its build-id cache.
void Recording::keepKallsymsOfHelper(const std::vector<uint8_t> &kernelBuildId) {
    if (!helper_ || ProcSynthesizer::kernelTextStart() != 0) return;
    const auto kallsyms = helper_->kallsyms();
    if (!kallsyms || !keepKallsyms(kernelBuildId, *kallsyms))
        summary_.notices.push_back(coreMessage(
            MessageKind::KallsymsNotKept, kallsyms ? keptKallsymsPath(kernelBuildId) : kallsyms.error()));
}

// kallsyms with its addresses, for the cache's [kernel.kallsyms] entry: root's view through the helper when
// this user's hides them; empty when none can be had (a copy without addresses would name nothing).
std::string Recording::kallsymsForCache() {
    if (ProcSynthesizer::kernelTextStart() != 0) {
        std::ifstream file("/proc/kallsyms");
        std::ostringstream text;
        text << file.rdbuf();
        return text.str();
    }
    if (!helper_) return {};
    auto kallsyms = helper_->kallsyms();
    return kallsyms ? std::move(*kallsyms) : std::string();
}

// The build-id cache (perf's, ~/.debug) gets the files with samples, kallsyms and the vdso, so that perf
// report and perf archive, and our own reports, find the code that ran after it changed. A cache that cannot
// be written is a notice, never a failed recording.
void Recording::fillBuildIdCache(const std::vector<BuildIdEntry> &entries) {
    BuildIdCache cache(BuildIdCache::userRoot());
    const bool kernel = std::any_of(entries.begin(), entries.end(), [](const BuildIdEntry &entry) {
        return entry.path == "[kernel.kallsyms]";
    });
    const CacheFill fill = perfglass::fillBuildIdCache(
        cache, entries, *mappedFiles_, kernel ? kallsymsForCache() : std::string(), ownVdsoImage());
    summary_.cachedFiles = fill.kept;
    if (fill.failed > 0)
        summary_.notices.push_back(coreMessage(MessageKind::BuildIdCacheNotFilled,
                                               cache.root().empty() ? "(none)" : cache.root(),
                                               fill.firstError, fill.failed));
}

// The final drain and counter read, then the feature sections and the header's data size.
RecordSummary Recording::finish() {
    if (child_) summary_.exitCode = child_->wait();
    events_->setEnabled(false);
    if (counters_) counters_->disable();
    const uint64_t countersStopped =
        monotonicNanoseconds(); // the last interval ends here, not after the drain
    drainAll();
    if (statRecords_) {
        const auto cumulative = counters_->read();
        statRecords_->write(cumulative, countersStopped, true);
        summary_.counterReads = statRecords_->rounds();
    }
    summary_.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    const SessionMetadata finalMetadata = metadata();
    summary_.buildIds = finalMetadata.buildIds.size();
    writer_->finish(finalMetadata);
    if (mappedFiles_ && options_.buildIdCache) fillBuildIdCache(finalMetadata.buildIds);

    struct stat info {};
    if (writer_->isPipe())
        summary_.bytes = writer_->bytesWritten();
    else if (::stat(options_.outputPath.c_str(), &info) == 0)
        summary_.bytes = static_cast<uint64_t>(info.st_size);
    const RecordCounters &recordCounts = sink_->counters();
    summary_.samples = recordCounts.samples;
    summary_.lostRecords = recordCounts.lostRecords;
    summary_.lostSamples = recordCounts.lostSamples;
    summary_.throttles = recordCounts.throttles;
    for (const auto &spec : specs_)
        summary_.eventNames.push_back(spec.name);
    return summary_;
}

} // namespace

Recorder::Recorder(RecordOptions options)
    : options_(std::move(options)) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0)
        throw Error(systemErrorMessage("cannot create a pipe", errno));
    stopRead_.reset(ends[0]);
    stopWrite_.reset(ends[1]);
}

void Recorder::stop() {
    stopRequested_.store(true);
    const char byte = 1;
    [[maybe_unused]] auto ignored = ::write(stopWrite_.get(), &byte, 1);
}

RecordSummary Recorder::run() {
    return Recording(options_, stopRead_.get(), stopRequested_).run();
}

} // namespace perfglass
