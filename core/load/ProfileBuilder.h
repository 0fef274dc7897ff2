// Turns the records of a session into a Profile. It hands each record to the part that owns what it says:
// the process table (MMAP, COMM, FORK), the symbolizer and interner (the frames and stacks of samples), the
// unwind scheduler (samples with copied user stacks) and the counter series (stat records).
#pragma once

#include "events/EventAttr.h"
#include "load/CounterSeriesBuilder.h"
#include "load/ProcessTable.h"
#include "load/ProfileInterner.h"
#include "load/StackCache.h"
#include "load/Symbolizer.h"
#include "load/UnwindScheduler.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordDecoder.h"
#include "perfdata/RecordOrderer.h"
#include "perfdata/SessionMetadata.h"
#include "perfdata/TracingFormats.h"
#include "profile/Profile.h"
#include "symbols/ElfSymbols.h"
#include "symbols/KernelSymbols.h"

#include <linux/perf_event.h>

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace perfglass {

class ProfileBuilder {
public:
    explicit ProfileBuilder(KernelSymbols kernelSymbols);
    ~ProfileBuilder();
    ProfileBuilder(const ProfileBuilder &) = delete;
    ProfileBuilder &operator=(const ProfileBuilder &) = delete;

    void setEvents(const std::vector<EventAttr> &events);
    // Replaces the kernel symbols given to the constructor; kernel frames are named in finish().
    void setKernelSymbols(KernelSymbols kernelSymbols) {
        symbolizer_.setKernelSymbols(std::move(kernelSymbols));
    }
    // Where modules are looked for (symbols/ModuleFinder.h), vdso and recording time included.
    void setModuleSearch(ModuleSearch search) { symbolizer_.setModuleSearch(std::move(search)); }
    // Build ids the recording expects (BUILD_ID feature); MMAP2 records with build ids add to them. A file
    // with another build id is not used for symbols or unwinding, and a notice says so.
    void setBuildIds(const std::vector<BuildIdEntry> &entries);
    // The session's tracepoint formats, to decode the fields of tracepoint samples into Profile::marks.
    void setTracingFormats(TracingFormats formats) { tracingFormats_ = std::move(formats); }
    JitSymbols &jit() { return symbolizer_.jit(); }
    void setInlineFrames(bool enabled, bool fromDebugFiles = false) {
        symbolizer_.setInlineFrames(enabled, fromDebugFiles);
    }
    // Threads that unwind copied user stacks, the calling one included; 0 (the default): one per CPU.
    void setUnwindThreads(unsigned threads) { scheduler_.setThreads(threads); }
    void setBusyThreadsBesides(unsigned threads) { scheduler_.setBusyThreadsBesides(threads); }
    // Samples with copied user stacks wait for a batch that is unwound on several threads. A stable record
    // stays valid at its address until oldestPendingRecord() no longer holds it back (its stack is then used
    // where it lies); the stacks of other records are copied. cpu: the CPU of a sample that does not carry
    // its own (from the session's SampleCpuRuns), RecordOrderer::kNoCpu when unknown.
    void addRecord(const perf_event_header *record, bool stable = false,
                   uint32_t cpu = RecordOrderer::kNoCpu);
    // Unwinds the waiting samples and adds them to the profile, in record order.
    void unwindPending();
    // The lowest address of a stable record whose sample waits; nullptr when none does.
    const void *oldestPendingRecord() const { return scheduler_.oldestPendingRecord(); }
    // The profile; call once, the builder is spent afterwards.
    std::shared_ptr<Profile> finish();
    // The profile so far (a snapshot of a growing profile), and the builder goes on: waiting samples are
    // unwound, kernel frames named (with the kernel symbols given so far). The copy shares every sealed chunk
    // of the sample columns with the builder's profile and with earlier snapshots; the interned tables and
    // the counter series (a point per counter and interval, not per sample) are copied. It carries what
    // finish() adds as far as it is known: the counter series read so far, the notices of modules without
    // symbols, of unreadable jitdumps and of broken stacks.
    std::shared_ptr<Profile> snapshot();
    // Words the stack cache holds (for tests: what it keeps stays bounded).
    size_t stackCacheWords() const { return stackCache_.entryWords(); }

private:
    static void spanCounterReads(Profile &profile);
    void addSample(const perf_event_header *record, bool stable, uint32_t cpu);
    void addProcessRecord(const perf_event_header &record);
    void addSwitch(const perf_event_header &record);
    void addMmap2(const Mmap2Record &mmap);
    void addLostRecord(const perf_event_header &record);
    bool recordedAddresses(const perf_event_header *record, const Sample &sample);
    void completeSample(const SampleHead &head, std::vector<uint64_t> &addresses,
                        std::vector<bool> &kernelFlags, const UnwindJob *unwound);
    void completeUnwoundSample(const SampleHead &head, std::vector<uint64_t> &addresses,
                               std::vector<bool> &kernelFlags, const UnwindJob &unwound);
    bool addChainSample(const perf_event_header *record, const Sample &sample, const SampleHead &head);
    StackId stackOf(uint32_t pid, const std::vector<uint64_t> &addresses,
                    const std::vector<bool> &kernelFlags, StackId stack, bool &unmapped);
    void appendSample(const SampleHead &head, StackId stack);
    void noteMark(const Sample &sample);
    void noteBrokenStacks(Profile &target) const;
    void addCountersSoFar(Profile &target) const;

    std::shared_ptr<Profile> profile_;
    ProfileInterner interner_;
    ProcessTable processes_;
    Symbolizer symbolizer_;
    UnwindScheduler scheduler_; // after the symbolizer: its unwinding threads use the symbols
    RecordDecoder decoder_;
    TracingFormats tracingFormats_;
    CounterSeriesBuilder counterSeries_;    // stat records -> Profile::counters
    uint64_t lostInLostRecords_ = 0;        // the sum of PERF_RECORD_LOST's counts
    uint64_t lostInLostSamplesRecords_ = 0; // the sum of PERF_RECORD_LOST_SAMPLES's counts
    StackCache stackCache_; // the stacks of recent call chains and unwound stacks, until the maps change
    std::vector<uint64_t> addressScratch_;
    std::vector<bool> kernelScratch_;
    std::vector<uint64_t> unwoundKey_; // an unwound sample's key in stackCache_
    std::array<uint64_t, 8> unwindEnds_{};
    std::vector<uint64_t> snapshotEventSamples_; // by event: samples counted for snapshots so far
    size_t snapshotSamplesCounted_ = 0;
};

} // namespace perfglass
