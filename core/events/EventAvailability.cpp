#include "events/EventAvailability.h"

#include "base/PerfEventOpen.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

namespace perfglass {

namespace {

struct OpenTarget {
    pid_t pid = 0;
    int cpu = -1;
};

FdOrErrno tryOpen(perf_event_attr attr, OpenTarget target) {
    attr.size = sizeof attr;
    attr.disabled = 1;
    return perfEventOpen(attr, target.pid, target.cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

bool isPrivilegeError(int error) {
    return error == EACCES || error == EPERM;
}

} // namespace

Message unavailableMessage(int error, EventCategory category) {
    switch (error) {
    case ENOENT:
    case EOPNOTSUPP:
        if (category == EventCategory::Software) return coreMessage(MessageKind::NotSupportedByKernel);
        if (category == EventCategory::Tracepoint) return coreMessage(MessageKind::NoSuchTracepoint);
        return coreMessage(MessageKind::NotSupportedByHardware);
    case ENODEV:
        return coreMessage(MessageKind::NoPmuOnThisCpu);
    case EACCES:
    case EPERM:
        return coreMessage(MessageKind::NeedsPrivileges, perfEventParanoid());
    case EINVAL:
        return coreMessage(MessageKind::RejectedByPmu);
    case EBUSY:
        return coreMessage(MessageKind::PmuBusy);
    case EMFILE:
    case ENFILE:
        return coreMessage(MessageKind::TooManyOpenFiles);
    default:
        return coreMessage(MessageKind::CannotBeOpened, std::strerror(error));
    }
}

std::string unavailableReason(int error, EventCategory category) {
    return error == 0 ? std::string() : unavailableMessage(error, category).english();
}

Availability probeAvailability(const EventSpec &spec) {
    Availability result;
    perf_event_attr attr = spec.attr;
    OpenTarget target;
    if (!spec.cpus.empty()) target = OpenTarget{-1, spec.cpus.front()};
    result.systemWideOnly = !spec.cpus.empty();

    // Kernel-inclusive counting first: what the event is when nothing is excluded.
    perf_event_attr whole = attr;
    whole.exclude_kernel = 0;
    whole.exclude_hv = 0;
    whole.exclude_user = attr.exclude_user;
    const FdOrErrno wholeOpen = tryOpen(whole, target);
    if (wholeOpen) {
        result.openable = true;
        result.kernel = true;
        return result;
    }
    const int wholeError = wholeOpen.error();
    int error = wholeError;
    // Tracepoints and system-wide PMUs count kernel activity only: there is no user-mode part to fall back
    // to.
    const bool kernelOnly = spec.category == EventCategory::Tracepoint || !spec.cpus.empty();
    if (!kernelOnly && isPrivilegeError(wholeError)) {
        perf_event_attr user = attr;
        user.exclude_user = 0;
        user.exclude_kernel = 1;
        user.exclude_hv = 1;
        const FdOrErrno userOpen = tryOpen(user, target);
        if (userOpen) {
            result.openable = true;
            return result;
        }
        // A PMU that cannot exclude privilege levels rejects exclude_* with EINVAL: the privilege error
        // stands.
        if (userOpen.error() != EINVAL) error = userOpen.error();
    }
    // Some PMUs (uncore-like ones without a cpumask) count only per CPU: try CPU 0 for the whole system.
    if (spec.category == EventCategory::Pmu && spec.cpus.empty() &&
        (error == EINVAL || error == EOPNOTSUPP || error == ENOENT)) {
        const FdOrErrno systemOpen = tryOpen(whole, OpenTarget{-1, 0});
        if (systemOpen) {
            result.openable = true;
            result.kernel = true;
            result.systemWideOnly = true;
            return result;
        }
        if (isPrivilegeError(systemOpen.error())) error = systemOpen.error();
    }
    result.error = error;
    if (error != 0) result.reason = unavailableMessage(error, spec.category);
    return result;
}

} // namespace perfglass
