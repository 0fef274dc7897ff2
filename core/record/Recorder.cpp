#include "record/Recorder.h"

#include "base/ChildProcess.h"
#include "base/CpuList.h"
#include "base/Error.h"
#include "base/MonotonicClock.h"
#include "base/UniqueFd.h"
#include "base/X86_64Registers.h"
#include "counting/CounterSampler.h"
#include "counting/CounterSession.h"
#include "events/EventOpenRouter.h"
#include "events/EventParser.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/SessionMetadata.h"
#include "perfdata/TracingData.h"
#include "record/HelperEventOpener.h"
#include "record/ProcSynthesizer.h"
#include "record/RecordSink.h"
#include "record/RingBuffer.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <utility>

namespace perfglass {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kFlushInterval = std::chrono::seconds(1);

constexpr uint64_t kX86UserRegsMask = x86_64::kUserRegistersMask;
constexpr const char *kOffCpuEvent = "sched:sched_switch";

uint64_t readProcValue(const char *path, uint64_t fallback) {
    std::ifstream file(path);
    uint64_t value = fallback;
    file >> value;
    return file ? value : fallback;
}

bool isPrivilegeError(int error) {
    return error == EACCES || error == EPERM;
}

enum class TargetKind { Launch, Attach, SystemWide };

std::string targetName(pid_t target) {
    return target < 0 ? std::string("all processes") : fmt::format("thread {}", target);
}

std::string openErrorMessage(const EventSpec &spec, pid_t target, int error) {
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
        return fmt::format(
            "event '{}' on {} needs privileges this user lacks (kernel.perf_event_paranoid = {}); run "
            "'sysctl -w kernel.perf_event_paranoid=1' (-1 for system-wide), grant CAP_PERFMON, or record as "
            "a "
            "privileged user",
            spec.name, targetName(target), readProcValue("/proc/sys/kernel/perf_event_paranoid", 2));
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

bool isGroupMember(const std::vector<EventSpec> &specs, size_t index) {
    return specs[index].groupLeader >= 0 && static_cast<size_t>(specs[index].groupLeader) != index;
}

size_t groupSize(const std::vector<EventSpec> &specs, size_t index) {
    const int leader = specs[index].groupLeader;
    if (leader < 0) return 1;
    return static_cast<size_t>(std::count_if(
        specs.begin(), specs.end(), [leader](const EventSpec &s) { return s.groupLeader == leader; }));
}

// :S: the leader's samples carry the values of every counter of its group (PERF_SAMPLE_READ).
bool readsGroupOnSample(const std::vector<EventSpec> &specs, size_t index) {
    const int leader = specs[index].groupLeader;
    return specs[leader >= 0 ? static_cast<size_t>(leader) : index].sampleRead;
}

perf_event_attr samplingAttr(const std::vector<EventSpec> &specs, size_t index, const RecordOptions &options,
                             TargetKind kind) {
    const EventSpec &spec = specs[index];
    perf_event_attr attr = spec.attr;
    attr.size = sizeof attr;
    attr.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
                       PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD;
    if (attr.type == PERF_TYPE_TRACEPOINT) {
        attr.freq = 0;
        attr.sample_period = 1;
        attr.sample_type |= PERF_SAMPLE_RAW;
    } else if (options.period > 0) {
        attr.freq = 0;
        attr.sample_period = options.period;
    } else {
        attr.freq = 1;
        attr.sample_freq = options.frequency;
    }
    // The event's own period= or freq= term overrides -c and -F.
    if (spec.termPeriod > 0) {
        attr.freq = 0;
        attr.sample_period = spec.termPeriod;
    } else if (spec.termFrequency > 0) {
        attr.freq = 1;
        attr.sample_freq = spec.termFrequency;
    }
    const bool offCpuEvent = options.offCpu && spec.name == kOffCpuEvent;
    if (options.callGraph != CallGraphMode::None || offCpuEvent) attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
    if (options.callGraph == CallGraphMode::Dwarf) {
        attr.sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        attr.sample_regs_user = kX86UserRegsMask;
        attr.sample_stack_user = options.dwarfStackSize;
        attr.exclude_callchain_user = 1;
    }
    // Group members follow their leader: only the leader starts disabled.
    const bool member = isGroupMember(specs, index);
    attr.disabled = member ? 0 : 1;
    attr.enable_on_exec = kind == TargetKind::Launch && !member ? 1 : 0;
    attr.inherit = kind == TargetKind::SystemWide ? 0 : 1;
    if (readsGroupOnSample(specs, index)) {
        attr.sample_type |= PERF_SAMPLE_READ;
        attr.read_format = PERF_FORMAT_ID;
        if (groupSize(specs, index) > 1) attr.read_format |= PERF_FORMAT_GROUP;
        if (member) { // only the leader samples; its samples read the members
            attr.freq = 0;
            attr.sample_period = 0;
        }
    }
    attr.sample_id_all = 1;
    attr.use_clockid = 1;
    attr.clockid = CLOCK_MONOTONIC;
    attr.watermark = 1;
    if (index == 0) { // the tracking event: memory maps, names, forks and exits
        attr.mmap = 1;
        attr.mmap2 = 1;
        attr.comm = 1;
        attr.comm_exec = 1;
        attr.task = 1;
        attr.build_id = 1;
        attr.context_switch = options.offCpu ? 1 : 0;
        // DWARF unwinders read .eh_frame_hdr, which modern linkers put in a read-only, non-executable
        // segment.
        attr.mmap_data = options.callGraph == CallGraphMode::Dwarf ? 1 : 0;
    }
    return attr;
}

size_t defaultMmapPages(const RecordOptions &options) {
    if (options.mmapPages > 0) return options.mmapPages;
    // Unprivileged users share kernel.perf_event_mlock_kb (516 KiB per CPU by default): 128 pages fit.
    if (::geteuid() != 0) return 128;
    return options.callGraph == CallGraphMode::Dwarf ? 2048 : 512;
}

// The events of one recording: for every CPU and target thread, one fd per event. The first fd of each CPU
// owns that CPU's ring buffer; the others write into it (PERF_EVENT_IOC_SET_OUTPUT).
class EventSet {
public:
    // open() returns this when the router switched to the privileged opener after events of this set were
    // opened directly: the whole set must be opened again (a new EventSet), so that no group mixes openers.
    static constexpr int kReopen = -1;

    EventSet(const std::vector<EventSpec> &specs, const RecordOptions &options, TargetKind kind,
             std::vector<int> cpus, size_t pages, EventOpenRouter &router)
        : specs_(specs)
        , cpus_(std::move(cpus))
        , pages_(pages)
        , router_(router) {
        const auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
        for (size_t i = 0; i < specs.size(); ++i) {
            EventAttr event;
            event.attr = samplingAttr(specs, i, options, kind);
            event.attr.wakeup_watermark = static_cast<uint32_t>(pages * pageSize / 2);
            event.name = specs[i].name;
            attrs.push_back(event);
        }
        buffers.resize(cpus_.size());
    }

    // Opens every event for target (a thread, or -1 for all) on every CPU. Returns 0, the errno of the first
    // refusal (failed() names the event) or kReopen. Events whose PMU has a cpumask (EventSpec::cpus) are
    // opened only on those CPUs, and only for all threads. Throws Error when a ring buffer cannot be mapped.
    int open(pid_t target) {
        for (size_t c = 0; c < cpus_.size(); ++c) {
            std::vector<int> fdOfEvent(specs_.size(), -1);
            for (size_t i = 0; i < specs_.size(); ++i) {
                const bool member = isGroupMember(specs_, i);
                if (!onCpu(i, target, c) || (member && fdOfEvent[specs_[i].groupLeader] < 0)) {
                    if (!specs_[i].cpus.empty() && target >= 0) {
                        failed_ = &specs_[i];
                        return EINVAL;
                    }
                    continue;
                }
                const int leader = member ? fdOfEvent[specs_[i].groupLeader] : -1;
                const int error = openOne(i, target, c, leader, fdOfEvent[i]);
                if (error != 0) {
                    failed_ = &specs_[i];
                    return error;
                }
            }
        }
        return 0;
    }

    void setEnabled(bool enabled) {
        for (auto &fd : fds)
            ::ioctl(fd.get(), enabled ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
    }

    const EventSpec *failed() const { return failed_; }

    std::vector<EventAttr> attrs;
    std::vector<UniqueFd> fds;
    std::vector<std::unique_ptr<RingBuffer>> buffers; // by CPU index; null for CPUs without events

private:
    bool onCpu(size_t event, pid_t target, size_t cpuIndex) const {
        const auto &only = specs_[event].cpus;
        if (only.empty()) return true;
        return target < 0 && std::find(only.begin(), only.end(), cpus_[cpuIndex]) != only.end();
    }

    int openOne(size_t event, pid_t target, size_t cpuIndex, int groupFd, int &fdOut) {
        auto &attr = attrs[event].attr;
        const bool wasPrivileged = router_.usingPrivilegedOpener();
        int fd = router_.open(attr, target, cpus_[cpuIndex], groupFd, PERF_FLAG_FD_CLOEXEC);
        if (fd == -EINVAL && attr.build_id) {
            attr.build_id = 0; // kernels before 5.12 cannot put build ids in MMAP2 records
            fd = router_.open(attr, target, cpus_[cpuIndex], groupFd, PERF_FLAG_FD_CLOEXEC);
        }
        if (fd == -EINVAL && attr.inherit && (attr.sample_type & PERF_SAMPLE_READ)) {
            attr.inherit = 0; // kernels before 6.13 cannot read an inherited event on a sample
            fd = router_.open(attr, target, cpus_[cpuIndex], groupFd, PERF_FLAG_FD_CLOEXEC);
        }
        if (!wasPrivileged && router_.usingPrivilegedOpener() && !fds.empty()) {
            if (fd >= 0) ::close(fd);
            return kReopen;
        }
        if (fd < 0) return -fd;
        fds.emplace_back(fd);
        fdOut = fd;
        uint64_t id = 0;
        if (::ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) return errno;
        attrs[event].ids.push_back(id);
        auto &buffer = buffers[cpuIndex];
        if (!buffer) {
            buffer = mapBuffer(fd);
        } else if (::ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, buffer->fd()) != 0) {
            return errno;
        }
        return 0;
    }

    // Maps fd's ring buffer. When the locked-memory limits refuse it (EPERM) and the privileged helper is in
    // use, the helper raises this process's RLIMIT_MEMLOCK once and the mapping is tried again; otherwise the
    // error says which limit to change.
    std::unique_ptr<RingBuffer> mapBuffer(int fd) {
        const auto pageSize = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
        const uint64_t bufferBytes = pages_ * pageSize;
        const uint64_t totalBytes = (pages_ + 1) * pageSize * cpus_.size();
        std::string helperError;
        for (;;) {
            try {
                return std::make_unique<RingBuffer>(fd, pages_);
            } catch (const RingBufferMapError &error) {
                if (error.errorNumber() != EPERM) throw;
                auto *helper = dynamic_cast<HelperEventOpener *>(router_.privilegedOpener());
                if (helper && !memlockRaised_) {
                    memlockRaised_ = true;
                    if (helper->raiseMemlockLimit(totalBytes, helperError)) continue;
                }
                std::string message = mlockAdvice(bufferBytes, totalBytes);
                if (!helperError.empty())
                    message += " (the privileged helper could not raise RLIMIT_MEMLOCK: " + helperError + ")";
                throw Error(message);
            }
        }
    }

    const std::vector<EventSpec> &specs_;
    std::vector<int> cpus_;
    size_t pages_;
    EventOpenRouter &router_;
    const EventSpec *failed_ = nullptr;
    bool memlockRaised_ = false;
};

std::vector<EventSpec> parseEvents(const RecordOptions &options, std::vector<std::string> &notices) {
    const EventParser parser;
    std::vector<EventSpec> specs;
    if (options.events.empty()) {
        specs = parser.parse("cycles");
        if (probeEvent(specs.front().attr) != 0) specs = parser.parse("cpu-clock");
    } else {
        specs = parser.parse(options.events);
    }
    if (options.offCpu) {
        try {
            auto offCpu = parser.parse(kOffCpuEvent);
            specs.insert(specs.end(), offCpu.begin(), offCpu.end());
        } catch (const Error &error) {
            notices.push_back(fmt::format("--off-cpu: {} is not available ({}); recording context switches "
                                          "without it",
                                          kOffCpuEvent, error.what()));
        }
    }
    return specs;
}

bool processExists(pid_t pid) {
    return ::kill(pid, 0) == 0 || errno == EPERM;
}

// The thread ids to open events on, the processes to synthesize and to watch for exit.
struct AttachTargets {
    std::vector<pid_t> threads;
    std::vector<pid_t> processes;
};

AttachTargets attachTargets(const RecordOptions &options) {
    AttachTargets targets;
    for (pid_t pid : options.pids) {
        auto tids = ProcSynthesizer::threadsOf(pid);
        if (pid <= 0 || tids.empty() || !processExists(pid))
            throw Error(fmt::format("cannot attach to process {}: no such process", pid));
        targets.processes.push_back(pid);
        targets.threads.insert(targets.threads.end(), tids.begin(), tids.end());
    }
    for (pid_t tid : options.tids) {
        const pid_t pid = tid > 0 ? ProcSynthesizer::processOf(tid) : -1;
        if (pid < 0) throw Error(fmt::format("cannot attach to thread {}: no such thread", tid));
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
CounterTarget counterTarget(TargetKind kind, const std::vector<int> &cpus, const std::vector<pid_t> &threads,
                            const perf_event_attr &sampling) {
    CounterTarget target;
    if (kind == TargetKind::SystemWide) {
        target = CounterTarget::systemWide(cpus);
    } else if (kind == TargetKind::Launch) {
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

std::unique_ptr<CounterSession> openCounters(const std::vector<EventSpec> &specs, const CounterTarget &target,
                                             EventOpenRouter &router) {
    const bool wasPrivileged = router.usingPrivilegedOpener();
    auto session = std::make_unique<CounterSession>(specs, target, &router);
    // The privileged opener took over halfway: a group may hold fds of both openers, so open all again.
    if (!wasPrivileged && router.usingPrivilegedOpener()) {
        session.reset();
        session = std::make_unique<CounterSession>(specs, target, &router);
    }
    return session;
}

} // namespace

Recorder::Recorder(RecordOptions options)
    : options_(std::move(options)) {
    if (::pipe2(stopPipe_, O_CLOEXEC | O_NONBLOCK) != 0)
        throw Error(systemErrorMessage("cannot create a pipe", errno));
}

Recorder::~Recorder() {
    ::close(stopPipe_[0]);
    ::close(stopPipe_[1]);
}

void Recorder::stop() {
    stopRequested_.store(true);
    const char byte = 1;
    [[maybe_unused]] auto ignored = ::write(stopPipe_[1], &byte, 1);
}

RecordSummary Recorder::run() {
    RecordSummary summary;
    const bool attach = !options_.pids.empty() || !options_.tids.empty();
    const int targetKinds =
        (attach ? 1 : 0) + (options_.systemWide ? 1 : 0) + (options_.command.empty() ? 0 : 1);
    if (targetKinds != 1)
        throw Error(targetKinds == 0 ? "nothing to record: give a command, -p PID, -t TID or -a"
                                     : "give only one target: a command, -p/-t, or -a");
    const TargetKind kind = attach                ? TargetKind::Attach
                            : options_.systemWide ? TargetKind::SystemWide
                                                  : TargetKind::Launch;

    if (options_.compressionLevel == RecordOptions::kAutoCompression)
        options_.compressionLevel = options_.callGraph == CallGraphMode::Dwarf ? 1 : 0;
    std::vector<EventSpec> specs = parseEvents(options_, summary.notices);
    const uint64_t maxRate = readProcValue("/proc/sys/kernel/perf_event_max_sample_rate", 100000);
    if (options_.period == 0 && options_.frequency > maxRate) {
        summary.notices.push_back(fmt::format("frequency lowered from {} Hz to the kernel's maximum of {} Hz "
                                              "(kernel.perf_event_max_sample_rate)",
                                              options_.frequency, maxRate));
        options_.frequency = maxRate;
    }
    for (auto &spec : specs) {
        if (spec.termFrequency > maxRate) {
            summary.notices.push_back(fmt::format("{}: freq={} lowered to the kernel's maximum of {} Hz",
                                                  spec.name, spec.termFrequency, maxRate));
            spec.termFrequency = maxRate;
        }
    }
    std::vector<EventSpec> counterSpecs;
    if (!options_.counters.empty()) {
        if (options_.counterIntervalMs == 0)
            throw Error("--interval: counters are read at most every 1 ms; give an interval of 1 or more");
        counterSpecs = EventParser().parse(options_.counters);
    }

    AttachTargets attached;
    std::optional<ChildProcess> child;
    std::vector<pid_t> openTargets;
    if (kind == TargetKind::Attach) {
        attached = attachTargets(options_);
        openTargets = attached.threads;
    } else if (kind == TargetKind::SystemWide) {
        openTargets = {-1};
    } else {
        child.emplace(options_.command, options_.workingDirectory, options_.extraEnvironment);
        openTargets = {child->pid()};
    }
    const std::vector<int> online = onlineCpus();
    std::vector<int> cpus = options_.cpus.empty() ? online : options_.cpus;
    for (int cpu : cpus)
        if (std::find(online.begin(), online.end(), cpu) == online.end())
            throw Error(fmt::format("CPU {} is not online (online: {})", cpu, fmt::join(online, ",")));
    const size_t pages = defaultMmapPages(options_);

    // Opens everything, dropping the off-CPU tracepoint or kernel samples when privileges do not allow them.
    EventOpenRouter router(options_.opener, asksForPrivilege(specs, options_, attached)
                                                ? options_.privilegedOpenerFactory
                                                : EventOpenRouter::Factory());
    // Threads created while we opened were not inherited by anyone: open them too, until none is new.
    auto openNewThreads = [&](EventSet &set, pid_t &failedTarget) {
        if (kind != TargetKind::Attach || options_.pids.empty()) return 0;
        std::set<pid_t> known(openTargets.begin(), openTargets.end());
        for (int round = 0; round < 16; ++round) {
            bool added = false;
            for (pid_t pid : attached.processes)
                for (pid_t tid : ProcSynthesizer::threadsOf(pid))
                    if (known.insert(tid).second) {
                        added = true;
                        openTargets.push_back(tid);
                        const int error = set.open(tid);
                        if (error != 0 && error != ESRCH) {
                            failedTarget = tid;
                            return error;
                        }
                    }
            if (!added) break;
        }
        return 0;
    };
    std::unique_ptr<EventSet> events;
    bool userOnly = false;
    for (;;) {
        events.reset(); // unmaps the previous attempt's buffers first: they count against the mlock limits
        events = std::make_unique<EventSet>(specs, options_, kind, cpus, pages, router);
        int error = 0;
        pid_t failedTarget = -1;
        for (pid_t target : openTargets) {
            error = events->open(target);
            // A thread that exited between listing and opening is not an error.
            if (error == ESRCH && kind == TargetKind::Attach && ProcSynthesizer::processOf(target) < 0) {
                error = 0;
                continue;
            }
            if (error != 0) {
                failedTarget = target;
                break;
            }
        }
        if (error == 0) error = openNewThreads(*events, failedTarget);
        // The privileged opener took over after some events were opened directly: open all through it.
        if (error == EventSet::kReopen) continue;
        if (error == 0) break;
        const EventSpec &failed = *events->failed();
        if (options_.offCpu && failed.name == kOffCpuEvent && specs.back().name == kOffCpuEvent) {
            summary.notices.push_back(fmt::format("--off-cpu: {} cannot be opened ({}); recording context "
                                                  "switches without it",
                                                  kOffCpuEvent, std::strerror(error)));
            specs.pop_back();
            continue;
        }
        const bool anyExplicitKernel =
            std::any_of(specs.begin(), specs.end(), [](auto &s) { return s.explicitPrivilege; });
        if (isPrivilegeError(error) && !anyExplicitKernel && !userOnly) {
            userOnly = true;
            for (auto &spec : specs) {
                spec.attr.exclude_kernel = 1;
                spec.attr.exclude_hv = 1;
            }
            continue;
        }
        throw Error(openErrorMessage(failed, failedTarget, error));
    }
    if (userOnly) {
        for (auto &spec : counterSpecs) {
            if (spec.explicitPrivilege) continue;
            spec.attr.exclude_kernel = 1;
            spec.attr.exclude_hv = 1;
        }
    }
    if (userOnly)
        summary.notices.push_back(fmt::format("kernel samples need more privilege than this user has "
                                              "(kernel.perf_event_paranoid = {}); recording user space only",
                                              readProcValue("/proc/sys/kernel/perf_event_paranoid", 2)));
    if (kind != TargetKind::SystemWide) {
        for (const auto &event : events->attrs)
            if ((event.attr.sample_type & PERF_SAMPLE_READ) && !event.attr.inherit)
                summary.notices.push_back(
                    fmt::format("{}: this kernel cannot read counters on samples of "
                                "threads created later (:S); only the threads that exist "
                                "now are recorded with it",
                                event.name));
    }
    summary.kernelSamples = std::any_of(events->attrs.begin(), events->attrs.end(),
                                        [](auto &e) { return !e.attr.exclude_kernel; });
    summary.offCpu = !specs.empty() && specs.back().name == kOffCpuEvent;

    std::unique_ptr<CounterSession> counters;
    if (!counterSpecs.empty()) {
        counters = openCounters(counterSpecs,
                                counterTarget(kind, cpus, openTargets, events->attrs.front().attr), router);
        for (const auto &event : counters->events()) {
            if (event.status == CounterStatus::Counting)
                summary.counterNames.push_back(event.spec.name);
            else
                summary.notices.push_back(
                    fmt::format("--counters: '{}' is not counted: {}", event.spec.name, event.reason));
        }
    }
    std::vector<EventAttr> sessionAttrs = events->attrs;
    if (counters) {
        for (auto &attr : counters->sessionAttrs()) {
            matchSamplingAttr(attr.attr, events->attrs.front().attr);
            sessionAttrs.push_back(std::move(attr));
        }
    }

    PerfDataWriter writer(options_.outputPath, sessionAttrs);
    RecordSink sink(writer, options_.callGraph == CallGraphMode::Dwarf, options_.compressionLevel);
    std::optional<CounterSampler> sampler;
    if (counters) {
        CounterSampler::Config config;
        config.aggrMode = kind == TargetKind::SystemWide ? stat::kAggrNone : stat::kAggrThread;
        config.intervalMs = options_.counterIntervalMs;
        sampler.emplace(*counters, writer, config);
        std::vector<std::string> names;
        if (child) // not exec'd yet: named after its program, as the kernel will (15 characters)
            names.push_back(
                options_.command.front().substr(options_.command.front().rfind('/') + 1).substr(0, 15));
        sampler->writeMaps(names);
    }

    // Existing state, stamped before the events start so that it sorts before every sample.
    const auto &tracking = events->attrs.front();
    ProcSynthesizer synthesizer(tracking.attr, tracking.ids.empty() ? 0 : tracking.ids.front(),
                                monotonicNanoseconds());
    const auto synthesized = [&sink](const perf_event_header *record) { sink.writeSynthesized(record); };
    if (summary.kernelSamples) synthesizer.synthesizeKernelMmap(synthesized);
    if (child) {
        try {
            child->release();
        } catch (const Error &) {
            ::unlink(options_.outputPath.c_str());
            throw;
        }
    } else {
        events->setEnabled(true);
        if (counters) counters->enable();
        if (kind == TargetKind::SystemWide) {
            summary.synthesizedProcesses = synthesizer.synthesizeAll(synthesized);
        } else {
            for (pid_t pid : options_.pids)
                summary.synthesizedProcesses += synthesizer.synthesizeProcess(pid, synthesized) ? 1 : 0;
            if (!options_.tids.empty()) {
                synthesizer.synthesizeThreads(options_.tids, synthesized);
                summary.synthesizedProcesses += options_.tids.size();
            }
        }
    }
    sink.endRound();
    if (options_.onStarted) options_.onStarted();

    const auto start = Clock::now();
    const auto deadline = options_.durationSeconds > 0
                              ? start + std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(options_.durationSeconds))
                              : Clock::time_point::max();

    // The file on disk ends at a round's end at least every kFlushInterval, so that a reader following it
    // (the GUI's live view, its growing file size) sees the recording as it goes, not per MiB of buffer.
    auto lastFlush = start;
    auto drainAll = [&] {
        for (auto &buffer : events->buffers)
            if (buffer) buffer->drainEach(sink);
        sink.endRound();
        const auto now = Clock::now();
        if (now - lastFlush >= kFlushInterval) {
            writer.flush();
            lastFlush = now;
        }
    };
    // Counters are read on CLOCK_MONOTONIC, the samples' clock, after a drain round (the stat records are
    // written between FINISHED_ROUNDs, uncompressed).
    const uint64_t counterIntervalNs = options_.counterIntervalMs * 1000000u;
    uint64_t nextCounterRead = monotonicNanoseconds() + counterIntervalNs;
    auto readCountersIfDue = [&] {
        if (!sampler) return;
        const uint64_t now = monotonicNanoseconds();
        if (now < nextCounterRead) return;
        sampler->sample(now);
        nextCounterRead += counterIntervalNs;
        if (nextCounterRead <= now) nextCounterRead = now + counterIntervalNs; // late: skip, do not burst
    };
    auto untilCounterRead = [&]() -> int64_t {
        if (!sampler) return 500;
        const uint64_t now = monotonicNanoseconds();
        return nextCounterRead > now ? static_cast<int64_t>((nextCounterRead - now + 999999) / 1000000) : 0;
    };

    std::vector<pollfd> pollFds;
    for (auto &buffer : events->buffers)
        if (buffer) pollFds.push_back({buffer->fd(), POLLIN, 0});
    pollFds.push_back({stopPipe_[0], POLLIN, 0});
    // The attached processes' exits end the recording when all of them have exited.
    std::vector<UniqueFd> processFds;
    for (pid_t pid : attached.processes) {
        const int fd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
        if (fd >= 0) processFds.emplace_back(fd);
    }
    const size_t exitFdsStart = pollFds.size();
    if (child && child->exitFd() >= 0) pollFds.push_back({child->exitFd(), POLLIN, 0});
    for (auto &fd : processFds)
        pollFds.push_back({fd.get(), POLLIN, 0});

    size_t processesLeft = processFds.size();
    auto finished = [&] {
        if (child) return child->tryWait().has_value();
        return !processFds.empty() && processesLeft == 0;
    };
    auto killDeadline = Clock::time_point::max();
    bool stopping = false;
    while (!finished()) {
        const auto now = Clock::now();
        if ((stopRequested_.load() || now >= deadline) && !stopping) {
            stopping = true;
            if (!child) break; // attached processes and the system are left alone
            child->signal(SIGTERM);
            killDeadline = now + std::chrono::seconds(5);
        }
        if (now >= killDeadline) child->signal(SIGKILL);
        const auto untilDeadline =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count();
        const int timeout = static_cast<int>(
            std::clamp<int64_t>(std::min<int64_t>(untilDeadline, untilCounterRead()), 0, 500));
        ::poll(pollFds.data(), pollFds.size(), timeout);
        drainAll();
        readCountersIfDue();
        for (size_t i = exitFdsStart; i < pollFds.size(); ++i) {
            if (!child && pollFds[i].fd >= 0 && (pollFds[i].revents & (POLLIN | POLLHUP))) {
                pollFds[i].fd = -1; // that process has exited; poll ignores negative fds
                --processesLeft;
            }
        }
    }
    if (child) summary.exitCode = child->wait();
    events->setEnabled(false);
    if (counters) counters->disable();
    drainAll();
    if (sampler) {
        sampler->sample(monotonicNanoseconds(), true);
        summary.counterReads = sampler->rounds();
    }
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();

    SessionMetadata metadata = SessionMetadata::fromThisMachine();
    metadata.cmdline = options_.cmdline;
    metadata.buildIds = sink.buildIds();
    metadata.hasClockId = true;
    timespec resolution{};
    ::clock_getres(CLOCK_MONOTONIC, &resolution);
    metadata.clockResolutionNs =
        static_cast<uint64_t>(resolution.tv_sec) * 1000000000u + static_cast<uint64_t>(resolution.tv_nsec);
    if (options_.compressionLevel > 0) {
        metadata.compressionLevel = static_cast<uint32_t>(options_.compressionLevel);
        metadata.compressionMmapLen = RecordCompressor::mmapLen();
        summary.uncompressedBytes = sink.compressor()->bytesIn();
    }
    std::vector<std::string> tracepoints;
    for (const auto &event : events->attrs)
        if (event.attr.type == PERF_TYPE_TRACEPOINT) tracepoints.push_back(event.name);
    if (!tracepoints.empty()) {
        try {
            metadata.tracingData = buildTracingData(tracepoints);
        } catch (const Error &error) {
            summary.notices.push_back(
                fmt::format("{}; perf will not read the tracepoint samples", error.what()));
        }
    }
    writer.finish(metadata);

    struct stat info {};
    if (::stat(options_.outputPath.c_str(), &info) == 0) summary.bytes = static_cast<uint64_t>(info.st_size);
    const RecordCounters &recordCounts = sink.counters();
    summary.samples = recordCounts.samples;
    summary.lostRecords = recordCounts.lostRecords;
    summary.lostSamples = recordCounts.lostSamples;
    summary.throttles = recordCounts.throttles;
    for (const auto &spec : specs)
        summary.eventNames.push_back(spec.name);
    return summary;
}

} // namespace perfglass
