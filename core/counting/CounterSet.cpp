#include "counting/CounterSet.h"

#include "base/Error.h"
#include "base/ProcFs.h"
#include "events/GenericEvents.h"

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace perfglass {

namespace {

struct ReadFormat {
    uint64_t value;
    uint64_t enabled;
    uint64_t running;
    uint64_t id;
};

bool isUnsupported(int error) {
    return error == ENOENT || error == EOPNOTSUPP || error == ENODEV || error == ENOSYS || error == EINVAL;
}

bool isPrivilegeError(int error) {
    return error == EACCES || error == EPERM;
}

std::string openFailureReason(const EventSpec &spec, int error, bool systemWide) {
    if (error == ENOENT || error == ENODEV || error == EOPNOTSUPP)
        return spec.attr.type == PERF_TYPE_HARDWARE || spec.attr.type == PERF_TYPE_HW_CACHE
                   ? "this machine has no hardware counter for it"
                   : "the kernel does not support it";
    if (isPrivilegeError(error)) {
        // Per thread, user-space counting was tried too when allowed: what is left is the kernel mode the
        // user asked for, or a process this user may not trace.
        const char *what = systemWide ? "counting on CPUs"
                           : !spec.attr.exclude_kernel && spec.explicitPrivilege
                               ? "counting kernel mode"
                               : "counting another user's process";
        return fmt::format("{} needs privileges this user lacks (kernel.perf_event_paranoid = {})", what,
                           perfEventParanoid());
    }
    return std::strerror(error);
}

// perf stat's fallback: an event refused for privileges counts user space only, unless the user named the
// privilege levels (:u, :k, ...).
bool mayFallBackToUserOnly(const EventSpec &spec, int error) {
    return isPrivilegeError(error) && !spec.explicitPrivilege && !spec.attr.exclude_kernel;
}

} // namespace

CounterTarget CounterTarget::systemWide(std::vector<int> cpus) {
    CounterTarget target;
    target.cpus = std::move(cpus);
    return target;
}

CounterTarget CounterTarget::threadList(std::vector<pid_t> tids) {
    CounterTarget target;
    target.threads = std::move(tids);
    return target;
}

CounterTarget CounterTarget::launched(pid_t pid) {
    CounterTarget target;
    target.threads = {pid};
    target.inherit = true;
    target.enableOnExec = true;
    return target;
}

CounterTarget CounterTarget::processes(const std::vector<pid_t> &pids) {
    CounterTarget target;
    target.threads.clear();
    for (pid_t pid : pids) {
        const auto tids = threadsOf(pid);
        if (tids.empty()) throw Error(fmt::format("process {} does not exist", pid));
        target.threads.insert(target.threads.end(), tids.begin(), tids.end());
    }
    return target;
}

void counterUnit(const EventSpec &spec, std::string &unit, double &scale) {
    const bool clock = isClockEvent(spec.attr.type, spec.attr.config);
    unit = clock ? "msec" : "";
    scale = clock ? 1e-6 : 1.0;
}

std::string defaultStatEvents() {
    return "task-clock,context-switches,cpu-migrations,page-faults,cycles,instructions,branches,branch-"
           "misses";
}

CounterSet::CounterSet(std::vector<EventSpec> events, CounterTarget target, EventOpener *opener)
    : target_(std::move(target)) {
    if (target_.cpus.empty() || target_.threads.empty()) throw Error("no CPU or thread to count on");
    DirectEventOpener direct;
    EventOpener &use = opener ? *opener : direct;
    events_.reserve(events.size());
    for (auto &spec : events) {
        CounterEvent event;
        event.spec = std::move(spec);
        counterUnit(event.spec, event.unit, event.scale);
        events_.push_back(std::move(event));
    }
    fds_.resize(events_.size());
    for (auto &fds : fds_)
        fds.resize(slotCount());
    ids_.assign(events_.size(), std::vector<uint64_t>(slotCount(), 0));
    for (size_t i = 0; i < events_.size(); ++i)
        openEvent(i, use);
}

perf_event_attr CounterSet::attrFor(const EventSpec &spec, bool isLeader, bool forSession) const {
    perf_event_attr attr = spec.attr;
    attr.size = sizeof attr;
    attr.sample_period = 0;
    attr.freq = 0;
    attr.sample_type = forSession ? target_.sampleType : uint64_t{PERF_SAMPLE_IDENTIFIER};
    attr.sample_id_all = forSession && target_.sampleIdAll ? 1 : 0;
    attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
    attr.disabled = isLeader ? 1 : 0;
    attr.inherit = target_.inherit ? 1 : 0;
    attr.enable_on_exec = isLeader && target_.enableOnExec ? 1 : 0;
    return attr;
}

void CounterSet::openEvent(size_t index, EventOpener &opener) {
    CounterEvent &event = events_[index];
    const int leader = event.spec.groupLeader;
    const bool isLeader = leader < 0 || static_cast<size_t>(leader) == index;
    if (!isLeader &&
        (static_cast<size_t>(leader) >= index || events_[leader].status != CounterStatus::Counting)) {
        event.status = CounterStatus::NotCounted;
        event.reason =
            fmt::format("its group leader {} could not be opened",
                        leader < static_cast<int>(events_.size()) ? events_[leader].spec.name : "?");
        return;
    }
    SlotsOpened result = openSlots(index, attrFor(event.spec, isLeader, false), isLeader, opener);
    if (result.opened == 0 && mayFallBackToUserOnly(event.spec, result.firstError)) {
        const perf_event_attr original = event.spec.attr;
        event.spec.attr.exclude_kernel = 1;
        event.spec.attr.exclude_hv = 1;
        const SlotsOpened userOnly = openSlots(index, attrFor(event.spec, isLeader, false), isLeader, opener);
        if (userOnly.opened > 0) {
            event.userOnly = true;
            event.spec.name += ":u"; // as perf stat names it
            return;
        }
        event.spec.attr = original;
        // Refused for another cause once privileges were out of the way (no such hardware counter, for
        // instance): that cause is the one to tell.
        if (userOnly.firstError != 0 && !isPrivilegeError(userOnly.firstError))
            result.firstError = userOnly.firstError;
    }
    if (result.opened > 0) return;
    const int error = result.firstError == 0 ? ESRCH : result.firstError;
    event.status = isUnsupported(error) ? CounterStatus::NotSupported : CounterStatus::NotCounted;
    event.reason = error == ESRCH ? "the target thread no longer exists"
                                  : openFailureReason(event.spec, error, target_.cpus.front() >= 0);
}

CounterSet::SlotsOpened CounterSet::openSlots(size_t index, const perf_event_attr &attr, bool isLeader,
                                              EventOpener &opener) {
    const int leader = events_[index].spec.groupLeader;
    SlotsOpened result;
    for (size_t c = 0; c < target_.cpus.size(); ++c) {
        for (size_t t = 0; t < target_.threads.size(); ++t) {
            const size_t s = slot(c, t);
            const int groupFd = isLeader ? -1 : fds_[leader][s].get();
            if (!isLeader && groupFd < 0) continue;
            FdOrErrno fd =
                opener.open(attr, target_.threads[t], target_.cpus[c], groupFd, PERF_FLAG_FD_CLOEXEC);
            if (!fd) {
                // A thread that exited between listing and opening is simply not counted.
                if (fd.error() != ESRCH && result.firstError == 0) result.firstError = fd.error();
                continue;
            }
            fds_[index][s] = std::move(*fd);
            ReadFormat data{};
            if (::read(fds_[index][s].get(), &data, sizeof data) == static_cast<ssize_t>(sizeof data))
                ids_[index][s] = data.id;
            ++result.opened;
        }
    }
    return result;
}

void CounterSet::enable() {
    for (size_t i = 0; i < events_.size(); ++i)
        for (const auto &fd : fds_[i])
            if (fd.valid()) ::ioctl(fd.get(), PERF_EVENT_IOC_ENABLE, 0);
}

void CounterSet::disable() {
    for (size_t i = 0; i < events_.size(); ++i)
        for (const auto &fd : fds_[i])
            if (fd.valid()) ::ioctl(fd.get(), PERF_EVENT_IOC_DISABLE, 0);
}

std::vector<std::vector<CounterValue>> CounterSet::read() const {
    std::vector<std::vector<CounterValue>> values(events_.size(), std::vector<CounterValue>(slotCount()));
    for (size_t i = 0; i < events_.size(); ++i) {
        for (size_t s = 0; s < slotCount(); ++s) {
            const int fd = fds_[i][s].get();
            if (fd < 0) continue;
            ReadFormat data{};
            if (::read(fd, &data, sizeof data) == static_cast<ssize_t>(sizeof data))
                values[i][s] = {data.value, data.enabled, data.running};
        }
    }
    return values;
}

std::vector<EventAttr> CounterSet::fileAttrs() const {
    std::vector<EventAttr> attrs;
    for (size_t i = 0; i < events_.size(); ++i) {
        EventAttr attr;
        const int leader = events_[i].spec.groupLeader;
        attr.attr = attrFor(events_[i].spec, leader < 0 || static_cast<size_t>(leader) == i, true);
        attr.name = events_[i].spec.name;
        for (uint64_t id : ids_[i])
            if (id != 0) attr.ids.push_back(id);
        attrs.push_back(std::move(attr));
    }
    return attrs;
}

} // namespace perfglass
