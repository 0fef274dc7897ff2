// record --stop-on-stdin-close (what a remote recording runs with): the end of standard input asks the
// recorder to stop, cleanly, as Ctrl-C does locally. On the host that end is ssh's: the local perfglass-cli
// closes the channel's input when the user stops it, and the connection's end closes it too. The program
// being recorded gets /dev/null as its standard input instead.
#pragma once

#include "base/UniqueFd.h"

#include <functional>
#include <thread>

namespace perfglass::cli {

class StdinStopWatcher {
public:
    // Takes standard input over (fd 0 becomes /dev/null) and calls stop once, from a thread of its own,
    // when the input ends or fails. Throws Error when /dev/null cannot be opened.
    explicit StdinStopWatcher(std::function<void()> stop);
    ~StdinStopWatcher();
    StdinStopWatcher(const StdinStopWatcher &) = delete;
    StdinStopWatcher &operator=(const StdinStopWatcher &) = delete;

private:
    void watch(std::stop_token stop);

    UniqueFd input_;
    std::function<void()> stop_;
    std::jthread thread_;
};

} // namespace perfglass::cli
