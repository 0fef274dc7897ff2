#include "events/EventOpenRouter.h"

#include "base/Error.h"

namespace perfglass {

EventOpenRouter::EventOpenRouter(std::shared_ptr<EventOpener> direct, Factory privilegedFactory)
    : direct_(direct ? std::move(direct) : std::make_shared<DirectEventOpener>())
    , privilegedFactory_(std::move(privilegedFactory)) {}

FdOrErrno EventOpenRouter::open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                                unsigned long flags) {
    if (privileged_) return privileged_->open(attr, pid, cpu, groupFd, flags);
    FdOrErrno fd = direct_->open(attr, pid, cpu, groupFd, flags);
    if (fd || (fd.error() != EACCES && fd.error() != EPERM)) return fd;
    // The privileged helper hook: ask for it once, on the first refusal.
    if (!factoryTried_ && privilegedFactory_) {
        factoryTried_ = true;
        try {
            privileged_ = privilegedFactory_();
        } catch (const Error &error) {
            privilegedFailure_ = error.what();
        }
        if (privileged_) return privileged_->open(attr, pid, cpu, groupFd, flags);
    }
    return fd;
}

} // namespace perfglass
