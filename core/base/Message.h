// A message for a person, as data: what happened (its kind) and the values it names (its arguments, as text).
// The core phrases every kind in English (english(): what the CLI prints and what Error::what() says, as perf
// speaks English); the GUI phrases each kind in the user's language through tr() (models/CoreMessages) and
// shows the English text of a plain message (MessageKind::Text), which has no phrasing of its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace perfglass {

// The arguments each kind takes are listed in Message.cpp, beside its English phrasing.
enum class MessageKind : uint16_t {
    Text, // a message phrased where it was made: {0} is the whole text
    // Opening a session (the reader and the loader)
    CannotOpenFile,
    IsADirectory,
    EmptyFile,
    NotAPerfDataFile,
    FileFormat,
    DataSizeZero,
    FeatureIndexCutShort,
    FeatureSectionOutsideFile,
    FeatureSectionMalformed,
    IncompleteRecordIgnored,
    CannotOpenKernelSymbols,
    NoSymbolsForModule,
    NoKernelSymbols,
    BrokenDwarfStacks,
    // Recording: the target and the program
    NothingToRecord,
    OneTargetOnly,
    CountersIntervalTooShort,
    CpuNotOnline,
    NoSuchProcess,
    NoSuchThread,
    ZombieProcess,
    ZombieThread,
    NoCommand,
    CommandNotFound,
    NoSuchExecutable,
    NoWorkingDirectory,
    ProgramExitedBeforeStart,
    CannotRunProgram,
    // Recording: adjustments the recorder made
    OffCpuEventUnavailable,
    OffCpuEventNotOpened,
    FrequencyLowered,
    TermFrequencyLowered,
    UserSpaceOnly,
    SampleReadNotInherited,
    KernelThreadKernelOnly,
    KernelThreadNotRecorded,
    CounterNotCounted,
    NoTracingData,
    KallsymsNotKept,
    BuildIdCacheNotFilled,
    // Why an event cannot be opened (events/EventAvailability)
    NotSupportedByKernel,
    NoSuchTracepoint,
    NotSupportedByHardware,
    NoPmuOnThisCpu,
    NeedsPrivileges,
    RejectedByPmu,
    PmuBusy,
    TooManyOpenFiles,
    CannotBeOpened,
    TracepointWithoutId,
};

struct Message {
    MessageKind kind = MessageKind::Text;
    std::vector<std::string> args;

    // The English phrasing, with the arguments filled in; empty for the empty message (Message{}).
    std::string english() const;
    bool operator==(const Message &) const = default;
};

// A message of KIND whose arguments are ARGS, each turned into text as {fmt} formats it.
template <typename... Args> Message coreMessage(MessageKind kind, const Args &...args) {
    return Message{kind, {fmt::format("{}", args)...}};
}

// A message phrased where it was made (MessageKind::Text).
inline Message textMessage(std::string text) {
    return Message{MessageKind::Text, {std::move(text)}};
}

} // namespace perfglass
