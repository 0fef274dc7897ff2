#include "StartupTiming.h"

#include <QElapsedTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>

namespace perfglass {

namespace {
struct Clock {
    QElapsedTimer timer;
    std::set<std::string, std::less<>> marked;
    std::mutex mutex;
    bool enabled = false;
};

Clock &clock() {
    static Clock instance;
    return instance;
}
} // namespace

void StartupTiming::start() {
    const char *value = std::getenv("PERFGLASS_TIMING");
    clock().enabled = value != nullptr && std::strcmp(value, "0") != 0 && value[0] != '\0';
    clock().timer.start();
}

bool StartupTiming::enabled() {
    return clock().enabled;
}

void StartupTiming::mark(std::string_view what) {
    Clock &c = clock();
    if (!c.enabled || !c.timer.isValid()) return;
    const std::lock_guard lock(c.mutex);
    if (!c.marked.emplace(what).second) return;
    const double ms = static_cast<double>(c.timer.nsecsElapsed()) / 1e6;
    std::fprintf(stderr, "perfglass timing: %.*s %.1f ms\n", static_cast<int>(what.size()), what.data(), ms);
    std::fflush(stderr);
}

} // namespace perfglass
