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

} // namespace

TracepointCatalog::TracepointCatalog(std::string root)
    : root_(root.empty() ? defaultRoot() : std::move(root)) {}

bool TracepointCatalog::available() const {
    return unavailableReason().empty();
}

std::string TracepointCatalog::unavailableReason() const {
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
    std::ifstream file(fmt::format("{}/events/{}/{}/id", root_, subsystem, name));
    uint64_t value = 0;
    if (!(file >> value)) return std::nullopt;
    return value;
}

std::string TracepointCatalog::format(std::string_view subsystem, std::string_view name) const {
    const std::string path = fmt::format("{}/events/{}/{}/format", root_, subsystem, name);
    std::ifstream file(path);
    if (!file) throw Error(systemErrorMessage(path, errno));
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

} // namespace perfglass
