#include "StopSignals.h"

#include <signal.h>

namespace perfglass::cli {

namespace {
constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};
}

StopSignals::StopSignals(Handler handler) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    for (int signal : kStopSignals)
        sigaction(signal, &action, nullptr);
}

StopSignals::~StopSignals() {
    for (int signal : kStopSignals)
        ::signal(signal, SIG_DFL);
}

} // namespace perfglass::cli
