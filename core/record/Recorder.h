// Records with perf_event_open(2) into a perf.data session: one ring buffer per CPU, and a clean stop from
// the launched program's exit, the attached processes' exit, a duration or stop(). Targets:
// - launch (command): the child is held before exec, events are opened on it per CPU with inherit and
//   enable_on_exec, so the recorder's own start-up is not recorded;
// - attach (pids / tids): per CPU, one event per existing thread, with inherit so that threads and children
//   created later are followed (inherit only reaches tasks created after the open, hence one event per
//   existing thread); the threads are listed again after opening until none is new. Existing state (COMM,
//   FORK for threads, MMAP2 of executable mappings) is synthesized from /proc. Attached processes are never
//   signalled;
// - system-wide (systemWide, cpus): one event per CPU for every process; all processes synthesized from
// /proc. Whenever kernel samples are recorded, the kernel's mapping is synthesized from /proc/kallsyms as
// perf does.
#pragma once

#include "base/Message.h"
#include "base/UniqueFd.h"
#include "record/RecordOptions.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct RecordSummary {
    double seconds = 0;
    uint64_t samples = 0;
    uint64_t lostRecords = 0; // records the kernel dropped because a buffer was full (PERF_RECORD_LOST)
    uint64_t lostSamples = 0; // samples dropped (RecordCounters::lostSamples)
    uint64_t throttles = 0;
    uint64_t bytes = 0; // size of the session file
    int exitCode = 0; // the launched program's exit code, 128+signal when it was killed; 0 for other targets
    uint64_t synthesizedProcesses = 0; // processes whose existing state was read from /proc
    bool kernelSamples = false;        // whether kernel samples were recorded
    bool offCpu = false;               // whether sched:sched_switch samples were recorded
    uint64_t uncompressedBytes = 0;    // with compression: the bytes of records before compression
    std::vector<std::string> eventNames;
    std::vector<std::string> counterNames; // the counting events that count (RecordOptions::counters)
    uint64_t counterReads = 0;             // reads of all counters written (STAT_ROUND records)
    uint64_t buildIds = 0;        // entries of the BUILD_ID feature (files with samples, kernel, vdso)
    uint64_t cachedFiles = 0;     // of those, the entries in the build-id cache after the recording
    std::vector<Message> notices; // adjustments the user should know about (user-only, lowered frequency)
};

class Recorder {
public:
    explicit Recorder(RecordOptions options);
    Recorder(const Recorder &) = delete;
    Recorder &operator=(const Recorder &) = delete;

    // Records until the launched program exits (or all attached processes have), the duration passes or
    // stop() is called. Throws Error when recording cannot start (unknown program, process or event, refused
    // permission); no file is left behind then.
    RecordSummary run();
    // Asks run() to finish. Safe from other threads and from signal handlers.
    void stop();

private:
    RecordOptions options_;
    UniqueFd stopRead_; // a pipe that stop() writes to, so that run() wakes from poll
    UniqueFd stopWrite_;
    std::atomic<bool> stopRequested_{false};
};

} // namespace perfglass
