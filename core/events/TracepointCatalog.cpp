#include "events/TracepointCatalog.h"

#include "base/Error.h"

#include <fmt/format.h>
#include <fnmatch.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

constexpr const char *kTracefs = "/sys/kernel/tracing";
constexpr const char *kDebugfsTracing = "/sys/kernel/debug/tracing";

std::string defaultRoot() {
    std::error_code error;
    if (fs::is_directory(fs::path(kTracefs) / "events", error)) return kTracefs;
    if (fs::is_directory(fs::path(kDebugfsTracing) / "events", error)) return kDebugfsTracing;
    return kTracefs;
}

// Names the protocol of the privileged helper accepts, and that cannot leave events/.
bool plainName(std::string_view name) {
    return !name.empty() && name.size() <= 128 && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
               c == '-';
    });
}

std::string readWhole(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error(systemErrorMessage(path, errno));
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

} // namespace

TracepointCatalog::TracepointCatalog(std::string root)
    : root_(root.empty() ? defaultRoot() : std::move(root)) {}

TracepointCatalog::TracepointCatalog(PrivilegedReader &reader)
    : root_(defaultRoot())
    , reader_(&reader) {}

bool TracepointCatalog::available() const {
    return unavailableReason().empty();
}

bool TracepointCatalog::refusedForPrivilege() const {
    const std::string events = root_ + "/events";
    if (reader_ || ::access(events.c_str(), R_OK | X_OK) == 0) return false;
    return errno == EACCES || errno == EPERM;
}

std::string TracepointCatalog::unavailableReason() const {
    if (reader_) {
        const auto listed = reader_->tracepointList();
        return listed ? std::string() : "through the privileged helper: " + listed.error();
    }
    const std::string events = root_ + "/events";
    if (::access(events.c_str(), R_OK | X_OK) == 0) return {};
    const int error = errno;
    if (error == EACCES || error == EPERM)
        return fmt::format(
            "needs privileges: {} is readable by root only (or mount tracefs with a gid option)", events);
    return fmt::format("needs tracefs: {} does not exist (mount it with 'mount -t tracefs nodev {}')", events,
                       root_);
}

std::vector<Tracepoint> TracepointCatalog::list() const {
    std::vector<Tracepoint> tracepoints;
    if (reader_) {
        const auto listed = reader_->tracepointList();
        if (!listed) return tracepoints;
        std::istringstream lines(*listed);
        for (std::string line; std::getline(lines, line);) {
            const auto slash = line.find('/');
            if (slash != std::string::npos)
                tracepoints.push_back(Tracepoint{line.substr(0, slash), line.substr(slash + 1)});
        }
        return tracepoints; // the helper lists them sorted
    }
    std::error_code error;
    for (fs::directory_iterator subsystems(fs::path(root_) / "events", error), end;
         !error && subsystems != end; subsystems.increment(error)) {
        if (!subsystems->is_directory(error)) continue;
        std::error_code inner;
        for (fs::directory_iterator events(subsystems->path(), inner), last; !inner && events != last;
             events.increment(inner)) {
            if (!events->is_directory(inner)) continue;
            tracepoints.push_back(
                Tracepoint{subsystems->path().filename().string(), events->path().filename().string()});
        }
    }
    std::sort(tracepoints.begin(), tracepoints.end(), [](const Tracepoint &a, const Tracepoint &b) {
        return std::tie(a.subsystem, a.name) < std::tie(b.subsystem, b.name);
    });
    return tracepoints;
}

std::vector<Tracepoint> TracepointCatalog::match(std::string_view pattern) const {
    const std::string glob(pattern);
    std::vector<Tracepoint> matched;
    for (auto &tracepoint : list())
        if (::fnmatch(glob.c_str(), tracepoint.fullName().c_str(), 0) == 0)
            matched.push_back(std::move(tracepoint));
    return matched;
}

std::optional<uint64_t> TracepointCatalog::id(std::string_view subsystem, std::string_view name) const {
    if (subsystem.find('/') != std::string_view::npos || name.find('/') != std::string_view::npos ||
        subsystem.empty() || name.empty() || subsystem == ".." || name == "..")
        return std::nullopt;
    if (reader_) {
        if (!plainName(subsystem) || !plainName(name)) return std::nullopt;
        const auto files = reader_->tracepoint(std::string(subsystem), std::string(name));
        return files ? std::optional<uint64_t>(files->id) : std::nullopt;
    }
    std::ifstream file(fmt::format("{}/events/{}/{}/id", root_, subsystem, name));
    uint64_t value = 0;
    if (!(file >> value)) return std::nullopt;
    return value;
}

std::string TracepointCatalog::format(std::string_view subsystem, std::string_view name) const {
    if (reader_) {
        if (!plainName(subsystem) || !plainName(name))
            throw Error(fmt::format("'{}:{}' is not a tracepoint name", subsystem, name));
        auto files = reader_->tracepoint(std::string(subsystem), std::string(name));
        if (!files) throw Error(files.error());
        return std::move(files->format);
    }
    return readWhole(fmt::format("{}/events/{}/{}/format", root_, subsystem, name));
}

std::string TracepointCatalog::header(TracefsHeaderFile which) const {
    if (reader_) {
        auto text = reader_->tracefsHeader(which);
        if (!text) throw Error(text.error());
        return std::move(*text);
    }
    return readWhole(root_ +
                     (which == TracefsHeaderFile::Page ? "/events/header_page" : "/events/header_event"));
}

} // namespace perfglass
