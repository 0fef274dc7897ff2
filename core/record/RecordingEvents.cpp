#include "record/RecordingEvents.h"

#include "base/Error.h"
#include "base/X86_64Registers.h"
#include "record/HelperEventOpener.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>

namespace perfglass {

namespace {

constexpr uint64_t kX86UserRegsMask = x86_64::kUserRegistersMask;

bool isPrivilegeError(int error) {
    return error == EACCES || error == EPERM;
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

void setSamplingRate(perf_event_attr &attr, const EventSpec &spec, const RecordOptions &options) {
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
}

// Whether this process may ask for namespace records (attr.namespaces needs CAP_PERFMON or CAP_SYS_ADMIN,
// else the kernel refuses the whole event with EACCES).
bool mayRecordNamespaces() {
    if (::geteuid() == 0) return true;
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);) {
        if (!line.starts_with("CapEff:")) continue;
        const uint64_t effective = std::strtoull(line.c_str() + 7, nullptr, 16);
        constexpr uint64_t kSysAdmin = uint64_t{1} << 21;
        constexpr uint64_t kPerfmon = uint64_t{1} << 38;
        return (effective & (kSysAdmin | kPerfmon)) != 0;
    }
    return false;
}

// The tracking event (the first) also records memory maps, names, forks, exits and, with the privilege
// for it, namespaces (as perf does: perf report tells processes of containers apart by them).
void setTracking(perf_event_attr &attr, const RecordOptions &options, bool namespaces) {
    attr.mmap = 1;
    attr.mmap2 = 1;
    attr.comm = 1;
    attr.comm_exec = 1;
    attr.task = 1;
    attr.namespaces = namespaces ? 1 : 0;
    attr.build_id = options.buildIds ? 1 : 0;
    attr.context_switch = options.offCpu || options.latency ? 1 : 0;
    // DWARF unwinders read .eh_frame_hdr, which modern linkers put in a read-only, non-executable segment.
    attr.mmap_data = options.callGraph == CallGraphMode::Dwarf ? 1 : 0;
}

perf_event_attr samplingAttr(const std::vector<EventSpec> &specs, size_t index, const RecordOptions &options,
                             RecordTargetKind kind, bool namespaces) {
    const EventSpec &spec = specs[index];
    perf_event_attr attr = spec.attr;
    attr.size = sizeof attr;
    attr.sample_type = RecordingEvents::baseSampleType(specs.size(), options);
    setSamplingRate(attr, spec, options);
    const bool offCpuEvent = options.offCpu && spec.name == kOffCpuEvent;
    if (options.callGraph != CallGraphMode::None || offCpuEvent) attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
    if (options.callGraph == CallGraphMode::Dwarf) {
        attr.sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        attr.sample_regs_user = kX86UserRegsMask;
        attr.sample_stack_user = options.dwarfStackSize;
        attr.exclude_callchain_user = 1;
    }
    if (options.userRegs !=
        0) { // a subset of the DWARF set, so unwinding finds its registers where it expects
        attr.sample_type |= PERF_SAMPLE_REGS_USER;
        attr.sample_regs_user |= options.userRegs;
    }
    // Group members follow their leader: only the leader starts disabled.
    const bool member = isGroupMember(specs, index);
    attr.disabled = member ? 0 : 1;
    attr.enable_on_exec = kind == RecordTargetKind::Launch && !member ? 1 : 0;
    attr.inherit = kind == RecordTargetKind::SystemWide ? 0 : 1;
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
    if (index == 0) setTracking(attr, options, namespaces);
    return attr;
}

} // namespace

bool RecordingEvents::samplesCarryCpu(const RecordOptions &options) {
    return options.sampleCpu || options.systemWide || !options.cpus.empty() || options.outputPath == "-";
}

uint64_t RecordingEvents::baseSampleType(size_t eventCount, const RecordOptions &options) {
    uint64_t type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
    if (samplesCarryCpu(options)) type |= PERF_SAMPLE_CPU;
    // Several attributes in the file (events, or the counters of --counters): every record names its own.
    if (eventCount > 1 || !options.counters.empty()) type |= PERF_SAMPLE_IDENTIFIER;
    return type;
}

RecordingEvents::RecordingEvents(const std::vector<EventSpec> &specs, const RecordOptions &options,
                                 RecordTargetKind kind, std::vector<int> cpus, size_t pages,
                                 EventOpenRouter &router)
    : specs_(specs)
    , cpus_(std::move(cpus))
    , pages_(pages)
    , router_(router) {
    const auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const bool namespaces = router.usingPrivilegedOpener() || mayRecordNamespaces();
    for (size_t i = 0; i < specs.size(); ++i) {
        EventAttr event;
        event.attr = samplingAttr(specs, i, options, kind, namespaces);
        event.attr.wakeup_watermark = static_cast<uint32_t>(pages * pageSize / 2);
        event.name = specs[i].name;
        attrs_.push_back(event);
    }
    buffers_.resize(cpus_.size());
}

RecordingEvents::OpenResult RecordingEvents::open(pid_t target) {
    for (size_t c = 0; c < cpus_.size(); ++c) {
        std::vector<int> fdOfEvent(specs_.size(), -1);
        for (size_t i = 0; i < specs_.size(); ++i) {
            const bool member = isGroupMember(specs_, i);
            if (!onCpu(i, target, c) || (member && fdOfEvent[specs_[i].groupLeader] < 0)) {
                if (!specs_[i].cpus.empty() && target >= 0) {
                    failed_ = &specs_[i];
                    return {EINVAL, false};
                }
                continue;
            }
            const int leader = member ? fdOfEvent[specs_[i].groupLeader] : -1;
            const OpenResult result = openOne(i, target, c, leader, fdOfEvent[i]);
            if (!result.ok()) {
                failed_ = &specs_[i];
                return result;
            }
        }
    }
    return {};
}

void RecordingEvents::setEnabled(bool enabled) {
    for (auto &fd : fds_)
        ::ioctl(fd.get(), enabled ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
}

std::vector<int> RecordingEvents::bufferFds() const {
    std::vector<int> fds;
    for (const auto &buffer : buffers_)
        if (buffer) fds.push_back(buffer->fd());
    return fds;
}

bool RecordingEvents::onCpu(size_t event, pid_t target, size_t cpuIndex) const {
    const auto &only = specs_[event].cpus;
    if (only.empty()) return true;
    return target < 0 && std::find(only.begin(), only.end(), cpus_[cpuIndex]) != only.end();
}

// Opens the event, retrying without what older kernels refuse.
FdOrErrno RecordingEvents::openWithFallbacks(perf_event_attr &attr, pid_t target, int cpu, int groupFd) {
    FdOrErrno fd = router_.open(attr, target, cpu, groupFd, PERF_FLAG_FD_CLOEXEC);
    if (!fd && attr.namespaces && (fd.error() == EINVAL || isPrivilegeError(fd.error()))) {
        attr.namespaces = 0; // kernels before 4.12, or the privilege was not what it seemed
        fd = router_.open(attr, target, cpu, groupFd, PERF_FLAG_FD_CLOEXEC);
    }
    if (!fd && fd.error() == EINVAL && attr.build_id) {
        attr.build_id = 0; // kernels before 5.12 cannot put build ids in MMAP2 records
        fd = router_.open(attr, target, cpu, groupFd, PERF_FLAG_FD_CLOEXEC);
    }
    if (!fd && fd.error() == EINVAL && attr.inherit && (attr.sample_type & PERF_SAMPLE_READ)) {
        attr.inherit = 0; // kernels before 6.13 cannot read an inherited event on a sample
        fd = router_.open(attr, target, cpu, groupFd, PERF_FLAG_FD_CLOEXEC);
    }
    return fd;
}

RecordingEvents::OpenResult RecordingEvents::openOne(size_t event, pid_t target, size_t cpuIndex, int groupFd,
                                                     int &fdOut) {
    const bool wasPrivileged = router_.usingPrivilegedOpener();
    FdOrErrno opened = openWithFallbacks(attrs_[event].attr, target, cpus_[cpuIndex], groupFd);
    if (!wasPrivileged && router_.usingPrivilegedOpener() && !fds_.empty()) return {0, true};
    if (!opened) return {opened.error(), false};
    const int fd = opened->get();
    fds_.push_back(std::move(*opened));
    fdOut = fd;
    uint64_t id = 0;
    if (::ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) return {errno, false};
    attrs_[event].ids.push_back(id);
    return attachToBuffer(fd, cpuIndex);
}

// The CPU's first fd gets the ring buffer; the others write into it.
RecordingEvents::OpenResult RecordingEvents::attachToBuffer(int fd, size_t cpuIndex) {
    auto &buffer = buffers_[cpuIndex];
    if (!buffer) {
        buffer = mapBuffer(fd);
        return {};
    }
    if (::ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, buffer->fd()) != 0) return {errno, false};
    return {};
}

// Maps fd's ring buffer. When the locked-memory limits refuse it (EPERM) and the privileged helper is in
// use, the helper raises this process's RLIMIT_MEMLOCK once and the mapping is tried again; otherwise the
// error says which limit to change.
std::unique_ptr<RingBuffer> RecordingEvents::mapBuffer(int fd) {
    const auto pageSize = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
    const uint64_t bufferBytes = pages_ * pageSize;
    const uint64_t totalBytes = (pages_ + 1) * pageSize * cpus_.size();
    std::string helperRefusal;
    for (;;) {
        try {
            return std::make_unique<RingBuffer>(fd, pages_);
        } catch (const RingBufferMapError &error) {
            if (error.errorNumber() != EPERM) throw;
            auto *helper = dynamic_cast<HelperEventOpener *>(router_.privilegedOpener());
            if (helper && !memlockRaised_) {
                memlockRaised_ = true;
                try {
                    helper->raiseMemlockLimit(totalBytes);
                    continue;
                } catch (const Error &refusal) {
                    helperRefusal = refusal.what();
                }
            }
            std::string message = mlockAdvice(bufferBytes, totalBytes);
            if (!helperRefusal.empty())
                message += " (the privileged helper could not raise RLIMIT_MEMLOCK: " + helperRefusal + ")";
            throw Error(message);
        }
    }
}

} // namespace perfglass
