#include "base/Message.h"

#include <fmt/args.h>

namespace perfglass {

namespace {

// Opening a session: the reader and the loader.
const char *sessionFormat(MessageKind kind) {
    switch (kind) {
    case MessageKind::Text:
        return "{0}"; // the text
    case MessageKind::CannotOpenFile:
        return "cannot open {0}: {1}"; // path, system error
    case MessageKind::IsADirectory:
        return "{0}: is a directory, not a perf.data file"; // path
    case MessageKind::EmptyFile:
        return "{0}: file is empty, not a perf.data file"; // path
    case MessageKind::NotAPerfDataFile:
        return "{0}: at byte 0: not a perf.data file (magic is not PERFILE2)";
    case MessageKind::FileFormat:
        return "{0}: at byte {1}: {2}"; // path, offset, what is wrong (English)
    case MessageKind::DataSizeZero:     // path
        return "{0}: the data size in the header is 0 (the recorder did not finish); reading up to the last "
               "complete record";
    case MessageKind::FeatureIndexCutShort: // path, offset
        return "{0}: at byte {1}: the feature section index is cut short; header information (host, command "
               "line, event names) is missing";
    case MessageKind::FeatureSectionOutsideFile: // path, offset, feature id, section offset, section size
        return "{0}: at byte {1}: feature section {2} (offset {3}, size {4}) lies outside the file; ignored";
    case MessageKind::FeatureSectionMalformed: // path, offset, feature name
        return "{0}: at byte {1}: the {2} feature section is malformed; ignored";
    case MessageKind::IncompleteRecordIgnored: // path, where the file was cut (English)
        return "{0}: {1}; the incomplete record was ignored";
    case MessageKind::CannotOpenKernelSymbols:
        return "cannot open kernel symbols {0}"; // path
    case MessageKind::NoSymbolsForModule:        // module path, unnamed addresses, reason (English)
        return "no symbols for {0} ({1} addresses unnamed): {2}";
    case MessageKind::NoKernelSymbols: // unnamed kernel addresses
        return "no kernel symbols ({0} kernel addresses unnamed): /proc/kallsyms is unreadable or from "
               "another "
               "kernel; pass --kallsyms";
    case MessageKind::BrokenDwarfStacks: // broken stacks, unwound stacks, reasons (English), root frame name
        return "{0} of {1} DWARF-unwound stacks end early ({2}); they sit under \"{3}\"";
    default:
        return nullptr;
    }
}

// Recording: the target, the program, and what the recorder adjusted.
const char *recordingFormat(MessageKind kind) {
    switch (kind) {
    case MessageKind::NothingToRecord:
        return "nothing to record: give a command, -p PID, -t TID or -a";
    case MessageKind::OneTargetOnly:
        return "give only one target: a command, -p/-t, or -a";
    case MessageKind::CountersIntervalTooShort:
        return "--interval: counters are read at most every 1 ms; give an interval of 1 or more";
    case MessageKind::CpuNotOnline:
        return "CPU {0} is not online (online: {1})"; // CPU, online CPUs
    case MessageKind::NoSuchProcess:
        return "cannot attach to process {0}: no such process"; // pid
    case MessageKind::NoSuchThread:
        return "cannot attach to thread {0}: no such thread"; // tid
    case MessageKind::ZombieProcess:                          // pid, command name
        return "cannot attach to process {0} ({1}): it has exited and is a zombie, waiting for its parent to "
               "collect its exit status; there is nothing left to record";
    case MessageKind::ZombieThread: // tid, command name
        return "cannot attach to thread {0} ({1}): it has exited and is a zombie, waiting for its parent to "
               "collect its exit status; there is nothing left to record";
    case MessageKind::NoCommand:
        return "no command to run";
    case MessageKind::CommandNotFound:
        return "command not found: {0}"; // command
    case MessageKind::NoSuchExecutable:
        return "cannot run {0}: no such executable file"; // path
    case MessageKind::NoWorkingDirectory:
        return "working directory {0} does not exist"; // directory
    case MessageKind::ProgramExitedBeforeStart:
        return "the program exited before it could start";
    case MessageKind::CannotRunProgram:
        return "cannot run {0}: {1}";         // program, system error
    case MessageKind::OffCpuEventUnavailable: // event, reason (English)
        return "--off-cpu: {0} is not available ({1}); recording context switches without it";
    case MessageKind::OffCpuEventNotOpened: // event, system error
        return "--off-cpu: {0} cannot be opened ({1}); recording context switches without it";
    case MessageKind::FrequencyLowered: // asked frequency, kernel's maximum
        return "frequency lowered from {0} Hz to the kernel's maximum of {1} Hz "
               "(kernel.perf_event_max_sample_rate)";
    case MessageKind::TermFrequencyLowered: // event, asked frequency, kernel's maximum
        return "{0}: freq={1} lowered to the kernel's maximum of {2} Hz";
    case MessageKind::UserSpaceOnly: // perf_event_paranoid
        return "kernel samples need more privilege than this user has (kernel.perf_event_paranoid = {0}); "
               "recording user space only";
    case MessageKind::SampleReadNotInherited: // event
        return "{0}: this kernel cannot read counters on samples of threads created later (:S); only the "
               "threads that exist now are recorded with it";
    case MessageKind::KernelThreadKernelOnly: // pid, command name
        return "{0} ({1}) is a kernel thread: it has no user space, so it gives kernel samples only, and "
               "none "
               "while it sleeps; record the whole system with -a to see the kernel's work";
    case MessageKind::KernelThreadNotRecorded: // pid, command name, perf_event_paranoid
        return "{0} ({1}) is a kernel thread: it has no user space, and this user may record user space only "
               "(kernel.perf_event_paranoid = {2}), so nothing of it is recorded; kernel samples need root "
               "or "
               "CAP_PERFMON (or -a through the privileged helper)";
    case MessageKind::CounterNotCounted:
        return "--counters: '{0}' is not counted: {1}"; // event, reason
    case MessageKind::NoTracingData:                    // reason (English)
        return "{0}; perf will not read the tracepoint samples";
    case MessageKind::KallsymsNotKept: // path kept at or reason (English)
        return "kernel symbols could not be kept for reports run as this user ({0}); they will need "
               "--kallsyms";
    case MessageKind::BuildIdCacheNotFilled: // cache root, reason (English), files not kept
        return "the build-id cache {0} was not filled ({2} files not kept: {1}); the recording is complete, "
               "but "
               "reports after the recorded files change cannot name their functions";
    default:
        return nullptr;
    }
}

// Why an event cannot be opened.
const char *eventFormat(MessageKind kind) {
    switch (kind) {
    case MessageKind::NotSupportedByKernel:
        return "not supported by this kernel";
    case MessageKind::NoSuchTracepoint:
        return "not supported by this kernel (no such tracepoint)";
    case MessageKind::NotSupportedByHardware:
        return "not supported by the hardware";
    case MessageKind::NoPmuOnThisCpu:
        return "not supported by the hardware (no PMU for it on this CPU)";
    case MessageKind::NeedsPrivileges:
        return "needs privileges (perf_event_paranoid={0})"; // paranoid
    case MessageKind::RejectedByPmu:
        return "rejected by the PMU (invalid attributes for it)";
    case MessageKind::PmuBusy:
        return "the PMU is busy (used exclusively by another event)";
    case MessageKind::TooManyOpenFiles:
        return "too many open files";
    case MessageKind::CannotBeOpened:
        return "cannot be opened: {0}"; // system error
    case MessageKind::TracepointWithoutId:
        return "no id in tracefs (an event of ftrace itself, which perf_event_open cannot open)";
    default:
        return nullptr;
    }
}

// The English phrasing of each kind; {N} is argument N. The GUI's phrasings (models/CoreMessages.cpp) take
// the same arguments in the same order.
const char *englishFormat(MessageKind kind) {
    for (const auto format : {sessionFormat, recordingFormat, eventFormat})
        if (const char *text = format(kind)) return text;
    return "{0}";
}

} // namespace

std::string Message::english() const {
    if (kind == MessageKind::Text && args.empty()) return {}; // no message
    fmt::dynamic_format_arg_store<fmt::format_context> store;
    for (const auto &arg : args)
        store.push_back(arg);
    try {
        return fmt::vformat(englishFormat(kind), store);
    } catch (const fmt::format_error &) {
        // Fewer arguments than the phrasing names: say what there is rather than nothing.
        std::string text = englishFormat(kind);
        for (const auto &arg : args)
            text += " " + arg;
        return text;
    }
}

} // namespace perfglass
