// Turns the records of a session into a Profile: tracks processes, threads and their mappings, symbolizes
// every frame once per (module, address), and interns stacks into the prefix tree.
#pragma once

#include "base/IdHashIndex.h"
#include "events/EventAttr.h"
#include "load/CounterSeriesBuilder.h"
#include "perfdata/RecordDecoder.h"
#include "perfdata/SessionMetadata.h"
#include "profile/Profile.h"
#include "symbols/ElfSymbols.h"
#include "symbols/JitMap.h"
#include "symbols/KernelSymbols.h"
#include "unwind/DwarfUnwinder.h"
#include "unwind/ParallelUnwinder.h"
#include "unwind/ProcessMaps.h"
#include "unwind/SampleBatch.h"

#include <linux/perf_event.h>

#include <array>
#include <atomic>
#include <functional>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfglass {

// Name of the synthetic outermost frame of a stack whose unwinding ended early
// (ProfileDiagnostics::brokenStacks counts them): such stacks hang under this frame instead of under their
// real caller, so they can be seen.
inline constexpr const char *kBrokenStackName = "[broken stack]";

struct LoadOptions {
    // Kernel symbols; empty reads /proc/kallsyms when the session was recorded on this kernel.
    std::string kallsymsPath;
    // Called now and then with the fraction of the input read (0..1). Runs on the loading thread.
    std::function<void(double)> progress;
    // Set from any thread to abandon loading; loadProfile then throws Cancelled.
    const std::atomic<bool> *cancel = nullptr;
    // Live analysis: when set, a file still being written is followed (PerfDataReader::follow) and loading
    // ends when the writer finishes it or when *stopFollowing becomes true.
    const std::atomic<bool> *stopFollowing = nullptr;
    // Where binaries and debug files are looked for (ElfSymbols.h, SymbolSearch).
    std::string sysroot;
    std::vector<std::string> debugPaths;
    // Inlined functions as frames of their own (Frame::inlined) and source file and line of every user frame,
    // from the DWARF that binaries built with -g carry. FlatProfile charges self cost of inlined code to the
    // containing function, as perf does.
    bool inlineFrames = true;
    // Also from separately installed debug files (libc6-dbg, -dbgsym packages, debuginfod): libdw
    // decompresses a debug file's DWARF whole, about 20 MB for libc's (docs/unwinding-and-symbols.md).
    bool inlineFramesFromDebugFiles = false;
    // Where perf-PID.map files of JIT runtimes are read from; empty means /tmp.
    std::string jitMapDirectory;
    // Threads that unwind DWARF stacks (the loading thread included); 0: one per available CPU.
    unsigned unwindThreads = 0;
};

class Cancelled : public std::exception {
public:
    const char *what() const noexcept override { return "loading was cancelled"; }
};

class ProfileBuilder {
public:
    explicit ProfileBuilder(KernelSymbols kernelSymbols);
    ~ProfileBuilder();
    ProfileBuilder(const ProfileBuilder &) = delete;
    ProfileBuilder &operator=(const ProfileBuilder &) = delete;

    void setEvents(const std::vector<EventAttr> &events);
    // Replaces the kernel symbols given to the constructor; kernel frames are named in finish().
    void setKernelSymbols(KernelSymbols kernelSymbols);
    void setSymbolSearch(SymbolSearch search);
    // Build ids the recording expects (BUILD_ID feature); MMAP2 records with build ids add to them. A file
    // on disk with another build id is not used for symbols or unwinding, and a notice says so.
    void setBuildIds(const std::vector<BuildIdEntry> &entries);
    void setJitMapDirectory(std::string directory);
    void setInlineFrames(bool enabled, bool fromDebugFiles = false);
    // Threads that unwind copied user stacks, the calling one included; 0 (the default): one per CPU.
    void setUnwindThreads(unsigned threads) { unwindThreads_ = threads; }
    // Whether the session was recorded on this kernel, so that this process's [vdso] names the recorded
    // one's.
    void setVdsoOfThisMachine(bool same);
    // Samples with copied user stacks wait for a batch that is unwound on several threads. A stable record
    // stays valid at its address until oldestPendingRecord() no longer holds it back (its stack is then used
    // where it lies); the stacks of other records are copied.
    void addRecord(const perf_event_header *record, bool stable = false);
    // Unwinds the waiting samples and adds them to the profile, in record order.
    void unwindPending();
    // The lowest address of a stable record whose sample waits; nullptr when none does.
    const void *oldestPendingRecord() const;
    // The size of the record stream, when known: the sample table is then reserved once for the most samples
    // the stream can hold, instead of growing by copying.
    void setExpectedBytes(uint64_t bytes) { expectedBytes_ = bytes; }
    std::shared_ptr<Profile> finish();

private:
    static uint64_t addressHash(ModuleId module, uint64_t address) {
        return address ^ (uint64_t{module} << 44);
    }
    static uint64_t pairHash(uint32_t a, uint32_t b) { return uint64_t{a} << 32 | b; }
    // The frame cached for (module, address) (the first of its inline chain), or kNoFrame.
    FrameId findFrame(ModuleId module, uint64_t address) const;
    void indexFrame(FrameId id);
    ProcessMaps *processFor(uint32_t pid);
    void growSampleTable();

    void addSample(const perf_event_header *record, bool stable);
    bool recordedAddresses(const perf_event_header *record, const Sample &sample,
                           std::vector<uint64_t> &addresses, std::vector<bool> &kernelFlags);
    void completeSample(const SampleHead &head, std::vector<uint64_t> &addresses,
                        std::vector<bool> &kernelFlags, const UnwindJob *unwound);
    void startUnwinding();
    void finishUnwinding();
    void addMmap(const perf_event_header *record, bool isMmap2);
    void addComm(const perf_event_header *record);
    void addFork(const perf_event_header *record);
    FrameId userFrame(uint32_t pid, uint64_t address, bool isReturnAddress);
    FrameId kernelFrame(uint64_t address);
    FrameId frameFor(ModuleId module, uint64_t address, const std::string &name);
    ModuleId moduleFor(const std::string &path, bool kernel);
    FunctionId functionFor(ModuleId module, const std::string &name);
    StackId stackFor(FrameId frame, StackId parent);
    ElfSymbols *symbolsFor(ModuleId module);
    void noteThread(uint32_t pid, uint32_t tid, const std::string *name);
    DwarfUnwinder::Locate locateIn(uint32_t pid);
    DwarfUnwinder::Locate locateIn(const ProcessMaps *maps, std::mutex *symbolsLock);
    FrameId brokenStackFrame();
    bool endsAtEntryPoint(uint32_t pid, uint64_t pc);
    void nameKernelFrames();
    void noteUnresolvedModules();
    const JitMap *jitMapFor(uint32_t pid);
    FrameId inlineFrames(ModuleId module, uint64_t address, const ElfSymbols &symbols);
    static std::unique_ptr<ElfSymbols> openOwnVdso(std::string &error);
    std::optional<FrameId> jitFrame(uint32_t pid, uint64_t address);

    std::shared_ptr<Profile> profile_;
    RecordDecoder decoder_;
    KernelSymbols kernelSymbols_;
    std::unordered_map<uint32_t, ProcessMaps> processes_;
    std::unordered_map<uint32_t, size_t> threadIndex_;
    std::unordered_map<std::string, ModuleId> moduleByPath_;
    std::vector<std::unique_ptr<ElfSymbols>> symbols_; // by module
    std::vector<bool> symbolsOpened_;                  // by module: whether symbols_ was tried
    IdHashIndex frameIndex_;                           // (module, address) -> first frame of its chain
    IdHashIndex stackIndex_;                           // (frame, parent) -> stack
    IdHashIndex functionIndex_;                        // (module, name) -> function
    uint64_t expectedBytes_ = 0;
    uint64_t sampleBytes_ = 0; // of the sample records given to addRecord
    uint32_t smallestSample_ = std::numeric_limits<uint32_t>::max(); // bytes of the smallest sample record
    uint32_t cachedPid_ = 0;
    ProcessMaps *cachedProcess_ = nullptr; // processes_ never erases, so the pointer stays valid
    std::vector<uint64_t> addressScratch_;
    std::vector<bool> kernelScratch_;
    // Samples waiting for unwinding: one batch fills while the other may be unwinding on the workers.
    std::array<SampleBatch, 2> batches_;
    size_t filling_ = 0;     // index of the batch that takes new samples
    bool unwinding_ = false; // whether the other batch is being unwound
    ParallelUnwinder::LocateFactory locateForUnwinding_;
    std::vector<FrameId> unnamedKernelFrames_;
    SymbolSearch search_;
    std::unordered_map<std::string, std::vector<uint8_t>> expectedBuildIds_;
    std::unordered_map<ModuleId, std::string> moduleErrors_;
    std::unordered_map<uint32_t, JitMap> jitMaps_;
    std::string jitMapDirectory_ = "/tmp";
    bool withInlineFrames_ = false;
    bool inlineFromDebugFiles_ = false;
    bool vdsoOfThisMachine_ = true;
    std::vector<uint32_t> chainLength_; // per frame: frames of its inline chain from it outwards
    std::vector<InlineFrame> chainScratch_;
    static constexpr FrameId kNoFrame = std::numeric_limits<FrameId>::max();
    unsigned unwindThreads_ = 0;
    std::unique_ptr<ParallelUnwinder> unwinder_; // made on the first stack to unwind
    std::array<uint64_t, 8> unwindEnds_{};
    ModuleId unknownModule_;
    ModuleId kernelModule_;
    CounterSeriesBuilder counterSeries_; // stat records -> Profile::counters
};

// Reads a whole session file into a Profile. Throws Error/FileFormatError for bad input, Cancelled when
// asked.
std::shared_ptr<const Profile> loadProfile(const std::string &path, const LoadOptions &options = {});

} // namespace perfglass
