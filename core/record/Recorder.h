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

#include "events/EventAttr.h"
#include "events/EventOpener.h"

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
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

    // Targets other than launching command (which must then be empty).
    std::vector<pid_t> pids; // attach to these processes, all their threads and what they create later
    std::vector<pid_t> tids; // attach to these threads only (and the threads and children they create later)
    bool systemWide = false; // every process, on cpus
    std::vector<int> cpus;   // CPUs to record on; empty: all online CPUs. With a launch or attach target, the
                             // events of other CPUs are not opened, so the target is only seen on these.

    bool offCpu = false; // context-switch records plus sched:sched_switch with call chains
    // zstd level of PERF_RECORD_COMPRESSED batches (1-22); 0: uncompressed; kAutoCompression: level 1 for
    // DWARF call graphs, whose copied stacks shrink about 40-fold, uncompressed otherwise.
    static constexpr int kAutoCompression = -1;
    int compressionLevel = kAutoCompression;

    // Counting events in perf's syntax, read every counterIntervalMs next to the samples: per CPU when
    // system-wide, per thread otherwise, with time enabled and running. Stored as perf's stat records
    // (docs/session-format.md), read back into Profile::counters. Empty: none.
    std::string counters;
    uint64_t counterIntervalMs = 100;

    // Opens every event; null: a DirectEventOpener (the user's own privileges).
    std::shared_ptr<EventOpener> opener;
    // Asked once, when the kernel refuses an event with EACCES or EPERM, for an opener with more privilege
    // (the privileged helper). May be empty or return null; the recorder then falls back (user-only samples)
    // or fails.
    std::function<std::unique_ptr<EventOpener>()> privilegedOpenerFactory;
    // Called on run()'s thread once the events are open and recording has begun (after the launched program
    // was released); a failure before that point throws from run() instead. May be empty.
    std::function<void()> onStarted;
};

struct RecordSummary {
    double seconds = 0;
    uint64_t samples = 0;
    uint64_t lostRecords = 0; // records the kernel dropped because a buffer was full (PERF_RECORD_LOST)
    uint64_t lostSamples = 0; // PERF_RECORD_LOST_SAMPLES
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
    std::vector<std::string> notices; // adjustments the user should know about (user-only, lowered frequency)
};

class Recorder {
public:
    explicit Recorder(RecordOptions options);
    ~Recorder();
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
    int stopPipe_[2] = {-1, -1};
    std::atomic<bool> stopRequested_{false};
};

} // namespace perfglass
