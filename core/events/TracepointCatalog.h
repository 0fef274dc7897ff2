// Tracepoints from tracefs (/sys/kernel/tracing, or /sys/kernel/debug/tracing where only debugfs is
// mounted): events/SUBSYSTEM/NAME/{id,format}, read directly or, where tracefs is root's only, through the
// privileged helper (a PrivilegedReader).
#pragma once

#include "base/Error.h"
#include "events/PrivilegedReader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// A tracepoint was named but tracefs is readable by root only: the privileged helper can read it.
class TracefsRefused : public Error {
public:
    using Error::Error;
};

struct Tracepoint {
    std::string subsystem;
    std::string name;
    std::string fullName() const { return subsystem + ":" + name; }
};

class TracepointCatalog {
public:
    // root empty: the first of /sys/kernel/tracing and /sys/kernel/debug/tracing that has events/.
    explicit TracepointCatalog(std::string root = {});
    // Everything read through reader (the privileged helper), which must outlive the catalogue.
    explicit TracepointCatalog(PrivilegedReader &reader);

    const std::string &root() const { return root_; }
    // True when root/events can be read.
    bool available() const;
    // Why tracepoints cannot be used, empty when available(): tracefs not mounted, or not readable by this
    // user, or the privileged helper's reason.
    std::string unavailableReason() const;
    // Whether tracefs exists but this user may not read it (the privileged helper could).
    bool refusedForPrivilege() const;
    // Whether it reads through the privileged helper.
    bool throughHelper() const { return reader_ != nullptr; }

    // Every tracepoint, sorted by subsystem and name. Reads directory names only.
    std::vector<Tracepoint> list() const;
    // Tracepoints whose "subsystem:name" matches a glob such as "sched:*" or "*:sys_enter_*".
    std::vector<Tracepoint> match(std::string_view pattern) const;
    // The id the kernel gave the tracepoint (PERF_TYPE_TRACEPOINT config), or nullopt when it does not exist
    // or cannot be read.
    std::optional<uint64_t> id(std::string_view subsystem, std::string_view name) const;
    // The tracepoint's format description (fields and print format); Error when unreadable.
    std::string format(std::string_view subsystem, std::string_view name) const;
    // events/header_page or events/header_event; Error when unreadable.
    std::string header(TracefsHeaderFile which) const;

private:
    std::string root_;
    PrivilegedReader *reader_ = nullptr;
};

} // namespace perfglass
