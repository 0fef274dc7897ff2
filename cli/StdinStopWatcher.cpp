#include "StdinStopWatcher.h"

#include "base/Error.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace perfglass::cli {

StdinStopWatcher::StdinStopWatcher(std::function<void()> stop)
    : stop_(std::move(stop)) {
    input_.reset(::fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3));
    UniqueFd null(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    if (!input_.valid() || !null.valid() || ::dup2(null.get(), STDIN_FILENO) < 0)
        throw Error(systemErrorMessage("--stop-on-stdin-close: cannot take standard input", errno));
    thread_ = std::jthread([this](std::stop_token token) { watch(token); });
}

StdinStopWatcher::~StdinStopWatcher() {
    thread_.request_stop();
}

void StdinStopWatcher::watch(std::stop_token stop) {
    char buffer[256];
    while (!stop.stop_requested()) {
        pollfd watched{input_.get(), POLLIN, 0};
        const int ready = ::poll(&watched, 1, 200); // wakes to see the recording's end
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) continue;
        const ssize_t got = ready > 0 ? ::read(input_.get(), buffer, sizeof buffer) : -1;
        if (got > 0) continue; // nothing is expected after the arguments; anything else is ignored
        if (got < 0 && errno == EINTR) continue;
        stop_();
        return;
    }
}

} // namespace perfglass::cli
