// Opens every event of a recording through the configured EventOpener (the user's own privileges by default).
// open() is the one place where a refused open (EACCES or EPERM) is retried through a privileged opener, the
// privileged helper, created on first need by RecordOptions::privilegedOpenerFactory. Once the privileged
// opener is in use, every later event goes through it too, so a group's leader and members come from the same
// opener. Callers that already opened events directly when the switch happens (usingPrivilegedOpener() turned
// true during their open) must open them again through the router, so that no group mixes fds of both
// openers. The router is itself an EventOpener, so a CounterSet can open its counters through it.
#pragma once

#include "events/EventOpener.h"

#include <functional>
#include <memory>
#include <string>

namespace perfglass {

class EventOpenRouter : public EventOpener {
public:
    using Factory = std::function<std::unique_ptr<EventOpener>()>;

    // direct may be null: a DirectEventOpener is used then. privilegedFactory may be empty, return null, or
    // throw Error saying why no privileged opener can be had (privilegedOpenerFailure() keeps that).
    EventOpenRouter(std::shared_ptr<EventOpener> direct, Factory privilegedFactory);

    // The new event's descriptor, or the errno that refused it.
    FdOrErrno open(const perf_event_attr &attr, pid_t pid, int cpu, int groupFd,
                   unsigned long flags) override;
    bool usingPrivilegedOpener() const { return privileged_ != nullptr; }
    // The privileged opener once in use, else null.
    EventOpener *privilegedOpener() const { return privileged_.get(); }
    // Why the privileged opener was asked for and could not be had; empty otherwise.
    const std::string &privilegedOpenerFailure() const { return privilegedFailure_; }

private:
    std::shared_ptr<EventOpener> direct_;
    Factory privilegedFactory_;
    std::unique_ptr<EventOpener> privileged_;
    std::string privilegedFailure_;
    bool factoryTried_ = false;
};

} // namespace perfglass
