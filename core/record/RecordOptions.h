// What a recording records, where from and how: the options of Recorder (record/Recorder.h).
#pragma once

#include "events/EventOpener.h"

#include <sys/types.h>

#include <cstddef>
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
    uint64_t userRegs = 0; // extra user registers sampled (perf's numbering, --user-regs); 0: none
    std::string outputPath = "perf.data"; // as perf record
    // outputPath "-": the session is written in perf's pipe mode to this descriptor (perf record -o -).
    int pipeFd = 1;
    size_t mmapPages = 0;             // data pages per CPU, a power of two; 0 picks a default
    double durationSeconds = 0;       // 0: until the program exits or stop()
    std::vector<std::string> cmdline; // stored in the session's CMDLINE feature

    // Targets other than launching command (which must then be empty).
    std::vector<pid_t> pids; // attach to these processes, all their threads and what they create later
    std::vector<pid_t> tids; // attach to these threads only (and the threads and children they create later)
    bool systemWide = false; // every process, on cpus
    std::vector<int> cpus;   // CPUs to record on; empty: all online CPUs. With a launch or attach target, the
                             // events of other CPUs are not opened, so the target is only seen on these.

    bool offCpu = false;  // context-switch records plus sched:sched_switch with call chains
    bool latency = false; // context-switch records of every thread, for parallelism and latency
    // Every sample carries its CPU (PERF_SAMPLE_CPU, perf's --sample-cpu), as it does anyway system-wide, on
    // a CPU list and in pipe mode. Otherwise the CPUs are written at the end, in a feature section of our own
    // (SampleCpuRuns), so that a partly written file (the GUI's live view) has none yet.
    bool sampleCpu = false;
    // zstd level of PERF_RECORD_COMPRESSED records (1-22); 0: uncompressed. Uncompressed by default, as perf
    // records: hotspot 1.3 (Debian 12, Ubuntu 24.04) reads no compressed records. DWARF stacks shrink about
    // 60-fold compressed (README, "Session format").
    int compressionLevel = 0;

    // Code identity (perf record's -B and -N): the build id of every mapping (the kernel's MMAP2 records and
    // the synthesized ones) and the BUILD_ID feature listing the files with samples; then, unless
    // buildIdCache is false, the build-id cache (BuildIdCache::userRoot()) filled with those files, kallsyms
    // and the vdso at the end. buildIds false: neither.
    bool buildIds = true;
    bool buildIdCache = true;

    // Counting events in perf's syntax, read every counterIntervalMs next to the samples: per CPU when
    // system-wide, per thread otherwise, with time enabled and running. Stored as perf's stat records
    // (docs/session-format.md), read back into Profile::counters. Empty: none.
    std::string counters;
    uint64_t counterIntervalMs = 100;

    // Opens every event; null: a DirectEventOpener (the user's own privileges).
    std::shared_ptr<EventOpener> opener;
    // Asked once, when the kernel refuses an event with EACCES or EPERM, for an opener with more privilege
    // (the privileged helper). May be empty, return null, or throw Error saying why there is none; the
    // recorder then falls back (user-only samples) or fails, and a failure of run() ends with that reason.
    std::function<std::unique_ptr<EventOpener>()> privilegedOpenerFactory;
    // Called on run()'s thread once the events are open and recording has begun (after the launched program
    // was released); a failure before that point throws from run() instead. May be empty.
    std::function<void()> onStarted;
};

} // namespace perfglass
