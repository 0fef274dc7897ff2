// Routes SIGINT, SIGTERM and SIGHUP to a stop handler for as long as it lives, instead of letting them kill
// perfglass-cli, so what was recorded or counted so far is kept and reported.
#pragma once

namespace perfglass::cli {

class StopSignals {
public:
    using Handler = void (*)(int); // runs in a signal handler: async-signal-safe work only
    explicit StopSignals(Handler handler);
    ~StopSignals();
    StopSignals(const StopSignals &) = delete;
    StopSignals &operator=(const StopSignals &) = delete;
};

} // namespace perfglass::cli
