// Records a program with perf_event_open(2) into a perf.data session: one ring buffer per CPU, events that
// follow the program's threads and children, and a clean stop from the program's exit, a duration or stop().
#pragma once

#include "EventAttr.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace perfglass {

enum class CallGraphMode { None, FramePointer, Dwarf };

struct RecordOptions {
    std::vector<std::string> command;          // the program to launch and its arguments
    std::string workingDirectory;              // empty: the recorder's
    std::vector<std::string> extraEnvironment; // NAME=VALUE entries added to the recorder's environment
    std::string events;        // perf event syntax; empty: cycles where supported, else cpu-clock
    uint64_t frequency = 4000; // samples per second, used when period is 0
    uint64_t period = 0;       // sample every N events
    CallGraphMode callGraph = CallGraphMode::None;
    uint32_t dwarfStackSize = 8192;
    std::string outputPath = "perfglass.data";
    size_t mmapPages = 0;             // data pages per CPU, a power of two; 0 picks a default
    double durationSeconds = 0;       // 0: until the program exits or stop()
    std::vector<std::string> cmdline; // stored in the session's CMDLINE feature
};

struct RecordSummary {
    double seconds = 0;
    uint64_t samples = 0;
    uint64_t lostRecords = 0; // records the kernel dropped because a buffer was full (PERF_RECORD_LOST)
    uint64_t lostSamples = 0; // PERF_RECORD_LOST_SAMPLES
    uint64_t throttles = 0;
    uint64_t bytes = 0; // size of the session file
    int exitCode = 0;   // the program's exit code, 128+signal when it was killed
    std::vector<std::string> eventNames;
    std::vector<std::string> notices; // adjustments the user should know about (user-only, lowered frequency)
};

class Recorder {
public:
    explicit Recorder(RecordOptions options);
    ~Recorder();
    Recorder(const Recorder &) = delete;
    Recorder &operator=(const Recorder &) = delete;

    // Records until the program exits, the duration passes or stop() is called. Throws Error when recording
    // cannot start (unknown program or event, refused permission); no file is left behind then.
    RecordSummary run();
    // Asks run() to finish. Safe from other threads and from signal handlers.
    void stop();

private:
    RecordOptions options_;
    int stopPipe_[2] = {-1, -1};
    std::atomic<bool> stopRequested_{false};
};

} // namespace perfglass
