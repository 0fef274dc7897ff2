#include "CoreMessages.h"

#include <QCoreApplication>

namespace perfglass {

namespace {

QString arg(const Message &message, size_t index) {
    return index < message.args.size() ? QString::fromStdString(message.args[index]) : QString();
}

// The count whose plural form a phrasing takes (%n), for the kinds that have one.
int pluralCount(const Message &message) {
    switch (message.kind) {
    case MessageKind::NoSymbolsForModule:
        return arg(message, 1).toInt();
    case MessageKind::NoKernelSymbols:
        return arg(message, 0).toInt();
    default:
        return 0;
    }
}

// Opening a session: the reader and the loader.
QString sessionPhrasing(MessageKind kind, int n) {
    switch (kind) {
    case MessageKind::CannotOpenFile:
        return QCoreApplication::translate("CoreMessages", "Cannot open %1: %2");
    case MessageKind::IsADirectory:
        return QCoreApplication::translate("CoreMessages", "%1 is a directory, not a perf.data file.");
    case MessageKind::EmptyFile:
        return QCoreApplication::translate("CoreMessages", "%1 is empty, not a perf.data file.");
    case MessageKind::NotAPerfDataFile:
        return QCoreApplication::translate("CoreMessages",
                                           "%1 is not a perf.data file (it does not start with PERFILE2).");
    case MessageKind::FileFormat:
        return QCoreApplication::translate("CoreMessages", "%1 is damaged at byte %2: %3");
    case MessageKind::DataSizeZero:
        return QCoreApplication::translate("CoreMessages",
                                           "%1: the data size in the header is 0 (the recorder did not "
                                           "finish); read up to the last complete record.");
    case MessageKind::FeatureIndexCutShort:
        return QCoreApplication::translate("CoreMessages",
                                           "%1: the feature section index at byte %2 is cut short; header "
                                           "information (host, command line, event names) is missing.");
    case MessageKind::FeatureSectionOutsideFile:
        return QCoreApplication::translate(
            "CoreMessages",
            "%1: feature section %3 (byte %2, at offset %4, size %5) lies outside the file and was ignored.");
    case MessageKind::FeatureSectionMalformed:
        return QCoreApplication::translate(
            "CoreMessages", "%1: the %3 feature section at byte %2 is malformed and was ignored.");
    case MessageKind::IncompleteRecordIgnored:
        return QCoreApplication::translate("CoreMessages", "%1: %2; the incomplete record was ignored.");
    case MessageKind::CannotOpenKernelSymbols:
        return QCoreApplication::translate("CoreMessages", "Cannot open the kernel symbols %1.");
    case MessageKind::NoSymbolsForModule:
        return QCoreApplication::translate("CoreMessages", "No symbols for %1 (%n address(es) unnamed): %3",
                                           nullptr, n);
    case MessageKind::NoKernelSymbols:
        return QCoreApplication::translate("CoreMessages",
                                           "No kernel symbols (%n kernel address(es) unnamed): "
                                           "/proc/kallsyms is unreadable or from another kernel.",
                                           nullptr, n);
    case MessageKind::BrokenDwarfStacks:
        return QCoreApplication::translate(
            "CoreMessages", "%1 of %2 DWARF-unwound stacks end early (%3); they are shown under \"%4\".");
    default:
        return {};
    }
}

// Recording: the target, the program, and what the recorder adjusted.
QString recordingPhrasing(MessageKind kind) {
    switch (kind) {
    case MessageKind::NothingToRecord:
        return QCoreApplication::translate(
            "CoreMessages", "Nothing to record: choose a program, processes or the whole system.");
    case MessageKind::OneTargetOnly:
        return QCoreApplication::translate(
            "CoreMessages", "Choose only one target: a program, processes or the whole system.");
    case MessageKind::CountersIntervalTooShort:
        return QCoreApplication::translate(
            "CoreMessages", "Counters are read at most every millisecond: give an interval of 1 ms or more.");
    case MessageKind::CpuNotOnline:
        return QCoreApplication::translate("CoreMessages", "CPU %1 is not online (online CPUs: %2).");
    case MessageKind::NoSuchProcess:
        return QCoreApplication::translate("CoreMessages",
                                           "Cannot attach to process %1: there is no such process.");
    case MessageKind::NoSuchThread:
        return QCoreApplication::translate("CoreMessages",
                                           "Cannot attach to thread %1: there is no such thread.");
    case MessageKind::ZombieProcess:
        return QCoreApplication::translate(
            "CoreMessages", "Cannot attach to process %1 (%2): it has exited and waits for its parent to "
                            "collect its exit status (a zombie); there is nothing left to record.");
    case MessageKind::ZombieThread:
        return QCoreApplication::translate(
            "CoreMessages", "Cannot attach to thread %1 (%2): it has exited and waits for its parent to "
                            "collect its exit status (a zombie); there is nothing left to record.");
    case MessageKind::NoCommand:
        return QCoreApplication::translate("CoreMessages", "There is no program to run.");
    case MessageKind::CommandNotFound:
        return QCoreApplication::translate("CoreMessages", "Program not found: %1");
    case MessageKind::NoSuchExecutable:
        return QCoreApplication::translate("CoreMessages",
                                           "Cannot run %1: there is no such executable file.");
    case MessageKind::NoWorkingDirectory:
        return QCoreApplication::translate("CoreMessages", "The working directory %1 does not exist.");
    case MessageKind::ProgramExitedBeforeStart:
        return QCoreApplication::translate("CoreMessages", "The program exited before it could start.");
    case MessageKind::CannotRunProgram:
        return QCoreApplication::translate("CoreMessages", "Cannot run %1: %2");
    case MessageKind::OffCpuEventUnavailable:
        return QCoreApplication::translate(
            "CoreMessages", "Off-CPU: %1 is not available (%2); context switches are recorded without it.");
    case MessageKind::OffCpuEventNotOpened:
        return QCoreApplication::translate(
            "CoreMessages", "Off-CPU: %1 cannot be opened (%2); context switches are recorded without it.");
    case MessageKind::FrequencyLowered:
        return QCoreApplication::translate("CoreMessages",
                                           "The frequency was lowered from %1 Hz to the kernel's maximum of "
                                           "%2 Hz (kernel.perf_event_max_sample_rate).");
    case MessageKind::TermFrequencyLowered:
        return QCoreApplication::translate(
            "CoreMessages", "%1: the frequency %2 Hz was lowered to the kernel's maximum of %3 Hz.");
    case MessageKind::UserSpaceOnly:
        return QCoreApplication::translate("CoreMessages",
                                           "Kernel samples need more privilege than this user has "
                                           "(kernel.perf_event_paranoid = %1): only user space is recorded.");
    case MessageKind::SampleReadNotInherited:
        return QCoreApplication::translate(
            "CoreMessages", "%1: this kernel cannot read counters on samples of threads created later (:S); "
                            "only the threads that exist now are recorded with it.");
    case MessageKind::KernelThreadKernelOnly:
        return QCoreApplication::translate(
            "CoreMessages",
            "%1 (%2) is a kernel thread: it has no user space, so it gives kernel samples only, and none "
            "while it sleeps. Record the whole system to see the kernel's work.");
    case MessageKind::KernelThreadNotRecorded:
        return QCoreApplication::translate(
            "CoreMessages",
            "%1 (%2) is a kernel thread: it has no user space, and this user may record user space only "
            "(kernel.perf_event_paranoid = %3), so nothing of it is recorded. Kernel samples need root or "
            "CAP_PERFMON, or a system-wide recording through the privileged helper.");
    case MessageKind::CounterNotCounted:
        return QCoreApplication::translate("CoreMessages", "Counters: '%1' is not counted: %2");
    case MessageKind::NoTracingData:
        return QCoreApplication::translate("CoreMessages", "%1; perf will not read the tracepoint samples.");
    case MessageKind::KallsymsNotKept:
        return QCoreApplication::translate(
            "CoreMessages",
            "Kernel symbols could not be kept for reports run as this user (%1); they will need --kallsyms.");
    case MessageKind::BuildIdCacheNotFilled:
        return QCoreApplication::translate(
            "CoreMessages",
            "The build-id cache %1 was not filled (%3 files not kept: %2). The recording is complete, "
            "but reports after the recorded files change cannot name their functions.");
    default:
        return {};
    }
}

// Why an event cannot be opened.
QString eventPhrasing(MessageKind kind) {
    switch (kind) {
    case MessageKind::NotSupportedByKernel:
        return QCoreApplication::translate("CoreMessages", "not supported by this kernel");
    case MessageKind::NoSuchTracepoint:
        return QCoreApplication::translate("CoreMessages",
                                           "not supported by this kernel (no such tracepoint)");
    case MessageKind::NotSupportedByHardware:
        return QCoreApplication::translate("CoreMessages", "not supported by the hardware");
    case MessageKind::NoPmuOnThisCpu:
        return QCoreApplication::translate("CoreMessages",
                                           "not supported by the hardware (no PMU for it on this CPU)");
    case MessageKind::NeedsPrivileges:
        return QCoreApplication::translate("CoreMessages", "needs privileges (perf_event_paranoid=%1)");
    case MessageKind::RejectedByPmu:
        return QCoreApplication::translate("CoreMessages", "rejected by the PMU (invalid attributes for it)");
    case MessageKind::PmuBusy:
        return QCoreApplication::translate("CoreMessages",
                                           "the PMU is busy (used exclusively by another event)");
    case MessageKind::TooManyOpenFiles:
        return QCoreApplication::translate("CoreMessages", "too many open files");
    case MessageKind::CannotBeOpened:
        return QCoreApplication::translate("CoreMessages", "cannot be opened: %1");
    case MessageKind::TracepointWithoutId:
        return QCoreApplication::translate(
            "CoreMessages",
            "no id in tracefs (an event of ftrace itself, which perf_event_open cannot open)");
    default:
        return {};
    }
}

// The phrasing of KIND: %1, %2... stand for the arguments by position (the English phrasing's {0}, {1}...),
// %n for the count whose plural form the phrasing takes (tr() fills it in). Empty for a plain message.
QString phrasing(MessageKind kind, int n) {
    QString text = sessionPhrasing(kind, n);
    if (text.isEmpty()) text = recordingPhrasing(kind);
    if (text.isEmpty()) text = eventPhrasing(kind);
    return text;
}

} // namespace

QString CoreMessages::text(const Message &message) {
    const QString phrased = phrasing(message.kind, pluralCount(message));
    if (phrased.isEmpty()) return QString::fromStdString(message.english());
    // %1..%9 name the arguments by position, in one pass, so an argument's own text is never read as one.
    QString text;
    for (qsizetype i = 0; i < phrased.size(); ++i) {
        const QChar digit = i + 1 < phrased.size() ? phrased[i + 1] : QChar();
        if (phrased[i] == QLatin1Char('%') && digit >= QLatin1Char('1') && digit <= QLatin1Char('9')) {
            text += arg(message, static_cast<size_t>(digit.digitValue() - 1));
            ++i;
        } else {
            text += phrased[i];
        }
    }
    return text;
}

} // namespace perfglass
