// The immutable, columnar, interned result of reading a session (design.md, "Profile"). Everything refers to
// other tables by id; strings are stored once. Built by ProfileBuilder, shared as shared_ptr<const Profile>.
#pragma once

#include "base/ChunkedTable.h"
#include "base/Message.h"
#include "base/StringTable.h"
#include "profile/CounterSeries.h"
#include "profile/PackedColumn.h"

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

using ModuleId = uint32_t;
using FunctionId = uint32_t;
using FrameId = uint32_t;
using StackId = uint32_t;
inline constexpr StackId kNoStack = std::numeric_limits<StackId>::max();

// Name of the synthetic outermost frame of a stack whose unwinding ended early
// (ProfileDiagnostics::brokenStacks counts them): such stacks hang under this frame instead of under their
// real caller, so they can be seen.
inline constexpr const char *kBrokenStackName = "[broken stack]";

// Module ids past the module table, for boxes that stand for no code: the process and thread boxes of a tree
// grouped by process (analysis/ProcessGroups.h), and the idle task (PID 0, "swapper"). modulePath() names
// them.
inline constexpr ModuleId kProcessModule = std::numeric_limits<ModuleId>::max() - 1;
inline constexpr ModuleId kIdleModule = std::numeric_limits<ModuleId>::max() - 2;

struct Module {
    StringId path; // the mapped file, or a pseudo name such as [kernel.kallsyms], [vdso], [unknown]
    bool kernel = false;
    bool hasSymbols = true;
    std::string buildId; // lowercase hex, as the recording or the file says; empty when unknown
    // The file its frames were named from (symbols/ModuleFinder: a build-id cache entry, /proc/PID/root/PATH,
    // the path under the sysroot...), which annotation and script read again; empty when none was used or it
    // is no file (this machine's own vdso image).
    std::string filePath;
};

struct Function {
    StringId name; // demangled
    ModuleId module;
};

struct Frame {
    FunctionId function;
    ModuleId module;
    uint64_t address = 0; // in the module's ELF address space (kernel: absolute)
    StringId sourceFile = 0;
    uint32_t line = 0;
    bool inlined = false;
};

// A call stack as a node of a prefix tree: its leaf-most frame and the stack of its caller.
struct StackNode {
    FrameId frame;
    StackId parent;
};

// A command a thread took at TIME (a COMM record: exec, or a rename by prctl), or had from its start (time
// 0).
struct CommandChange {
    uint64_t time = 0;
    StringId name = 0;
};

struct ThreadInfo {
    uint32_t pid = 0;
    uint32_t tid = 0;
    StringId name = 0;     // the last command the thread had
    uint64_t exitTime = 0; // the thread's EXIT record, 0 when the session did not see it exit
    // The commands of a thread that had more than one, by time (the first from 0, the last is name); empty
    // for a thread that only had name. A child runs as its parent's command until it execs (perf's comm).
    std::vector<CommandChange> commands{};

    // The command the thread had at TIME.
    StringId commandAt(uint64_t time) const {
        if (commands.empty()) return name;
        size_t low = 0;
        for (size_t high = commands.size(); high - low > 1;) {
            const size_t middle = (low + high) / 2;
            (commands[middle].time <= time ? low : high) = middle;
        }
        return commands[low].name;
    }
};

struct EventInfo {
    std::string name;
    uint32_t type = 0;
    uint64_t config = 0;
    uint64_t samples = 0;    // samples of this event in the session; 0 for events that were only counted
                             // (stat records: `stat -o`, `record --counters`)
    bool userStacks = false; // its samples carry user stacks, unwound with DWARF (--call-graph dwarf)
};

// A sample of a non-time event (a tracepoint, a software event other than cpu-clock and task-clock), kept
// for the timeline's marks: when, which thread, and a tracepoint's fields decoded from its raw payload.
struct EventMark {
    uint64_t time = 0;
    uint32_t tid = 0;
    uint16_t event = 0;
    uint32_t fieldsOffset = 0; // into Profile::markFields
    uint32_t fieldsLength = 0; // 0: no fields (not a tracepoint, or its format is not in the session)
};

// A context switch of a recorded thread (PERF_RECORD_SWITCH, or PERF_RECORD_SWITCH_CPU_WIDE of system-wide
// sessions), kept for the parallelism of processes and latency (analysis/Parallelism.h): `record --latency`
// and `--off-cpu` record them.
struct ContextSwitch {
    uint64_t time = 0;
    uint32_t pid = 0;
    uint32_t tid = 0;
    bool out = false; // the thread left the CPU (PERF_RECORD_MISC_SWITCH_OUT); false: it came onto one
};

// The machine and the tool that recorded the session, from perf.data's feature sections (VERSION, ARCH,
// NRCPUS, CPU_TOPOLOGY, CPUDESC, CPUID, TOTAL_MEM); empty or 0 where the file does not say.
struct RecordingMachine {
    std::string recorder; // "perf 6.1.x" style VERSION: the tool's version
    std::string arch;
    std::string cpuDescription;
    std::string cpuId;
    uint32_t cpusOnline = 0;
    uint32_t cpusAvailable = 0;
    uint32_t sockets = 0; // CPU_TOPOLOGY: distinct sibling lists of sockets and of cores (0: not recorded)
    uint32_t cores = 0;   // physical cores; cpusOnline / cores hardware threads each
    uint64_t totalMemoryKb = 0;
};

// What could not be resolved or recorded; shown to the user rather than dropped.
struct ProfileDiagnostics {
    uint64_t lostRecords = 0;
    uint64_t lostSamples = 0;
    uint64_t samplesWithUnmappedFrames = 0; // a frame's address lies outside every known mapping
    uint64_t framesWithoutSymbol = 0;       // mapped, but no symbol covers the address
    uint64_t brokenStacks = 0;              // a stack that ended early (unwinding failed)
    uint64_t malformedRecords = 0;
    uint64_t modulesWithoutSymbols =
        0; // modules with samples whose file, symbols or build id failed (notices say)
    std::vector<Message> notices;
};

// The sample table, one column per field; sample i is (time[i], pid[i], ...). Each column is a PackedColumn:
// read like a std::vector (column[i], size(), range-for), stored per chunk of 4096 samples as a constant, as
// offsets from the chunk's smallest value in 1, 2, 4 or 8 bytes, or as 1-byte indices into the chunk's
// distinct values (docs/loading-performance.md, "Memory per sample"): a recording takes 6 to 12 bytes per
// sample here instead of 34.
struct SampleTable {
    PackedColumn<uint64_t> time;
    PackedColumn<uint32_t> pid;
    PackedColumn<uint32_t> tid;
    PackedColumn<uint32_t> cpu;
    PackedColumn<uint16_t> event;
    PackedColumn<uint64_t> period;
    PackedColumn<StackId> stack;
    size_t size() const { return time.size(); }
    // Encodes the last, partly filled chunks too; called when the table is complete.
    void shrinkToFit();
    // Heap bytes of all columns.
    size_t memoryBytes() const;
};

// The machine code of a JIT function with frames, as its runtime's jitdump recorded it, at its process
// addresses: annotate disassembles it, since no file holds it. One per version of the code that has frames.
struct JitCodeCopy {
    struct Line {
        uint64_t address = 0; // the first instruction of the line
        StringId file = 0;
        uint32_t line = 0;
    };
    FunctionId function = 0;
    uint64_t start = 0;
    uint64_t loadTime = 0;
    std::vector<uint8_t> code;
    std::vector<Line> lines; // by address; empty when the runtime wrote no debug information
};

// The tables that grow with the session (samples, stacks, frames, functions, strings, marks, switches, JIT
// code) are chunked: a copy, such as a snapshot of a growing profile, shares their chunks. The small tables
// (modules, threads, events) are copied.
struct Profile {
    SampleTable samples;
    ChunkedTable<StackNode> stacks;
    ChunkedTable<Frame> frames;
    ChunkedTable<Function> functions;
    std::vector<Module> modules;
    std::vector<ThreadInfo> threads;
    std::vector<EventInfo> events;
    StringTable strings;
    ProfileDiagnostics diagnostics;
    uint64_t startTime = 0;
    uint64_t endTime = 0;
    std::string hostname;
    std::string osRelease;
    std::vector<std::string> cmdline;
    RecordingMachine machine;
    // Counting events read every interval (stat -o, record --counters): per event and CPU or thread.
    std::vector<CounterSeries> counters;
    // The samples of non-time events in record order, and their decoded fields ("prev_pid=12 ...").
    ChunkedTable<EventMark> marks;
    ChunkedText markFields;
    ChunkedTable<JitCodeCopy> jitCode;
    ChunkedTable<ContextSwitch> switches; // in record order (by time)

    std::string_view fieldsOf(const EventMark &mark) const {
        return markFields.run(mark.fieldsOffset, mark.fieldsLength);
    }

    const std::string &functionName(FunctionId id) const { return strings[functions[id].name]; }
    // "[process]" and "[idle]" for kProcessModule and kIdleModule.
    const std::string &modulePath(ModuleId id) const;
    // The last path component of a module: "libc.so.6" for "/usr/lib/x86_64-linux-gnu/libc.so.6".
    std::string moduleName(ModuleId id) const;
    // A session of counter series and no samples (stat -o).
    bool countersOnly() const { return samples.size() == 0 && !counters.empty(); }
    // The first event with samples (the one views show by default), or 0 when no event has any.
    int firstSampledEvent() const;
    // Whether the session recorded every process (system-wide): its recorder's command line (CMDLINE, as
    // perf, perfglass-cli and the desktop application write it) has -a or --all-cpus before the command.
    bool systemWide() const;
    // The name of process PID: its main thread's, else any of its threads', else "[pid PID]".
    std::string processName(uint32_t pid) const;
};

} // namespace perfglass
