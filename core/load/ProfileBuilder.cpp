#include "load/ProfileBuilder.h"

#include "base/X86_64Registers.h"
#include "perfdata/PerfRecords.h"

#include <fmt/format.h>

#include <algorithm>

namespace perfglass {

namespace {

constexpr size_t kX86RegisterIp = x86_64::kUserSampleIndexIp;
constexpr uint64_t kContextKernel = static_cast<uint64_t>(PERF_CONTEXT_KERNEL);
constexpr uint64_t kContextUser = static_cast<uint64_t>(PERF_CONTEXT_USER);
constexpr uint64_t kUnwoundKey = 0x100; // in a stackCache_ key: an unwound sample's (its low bit: broken)
// Unwound stacks of more words are not cached: the cache holds up to 16,384 chains, and an unwound stack may
// have 1,024 pcs; this bounds its memory as the kernel's 127-frame call chains bound it for frame pointers.
constexpr size_t kMaxCachedUnwoundWords = 160;

bool isContextMarker(uint64_t entry) {
    return entry >= static_cast<uint64_t>(PERF_CONTEXT_MAX);
}

} // namespace

ProfileBuilder::ProfileBuilder(KernelSymbols kernelSymbols)
    : profile_(std::make_shared<Profile>())
    , interner_(*profile_)
    , processes_(*profile_, interner_)
    , symbolizer_(*profile_, interner_, processes_)
    , scheduler_(processes_, symbolizer_) {
    symbolizer_.setKernelSymbols(std::move(kernelSymbols));
}

ProfileBuilder::~ProfileBuilder() = default;

void ProfileBuilder::setEvents(const std::vector<EventAttr> &events) {
    decoder_.setEvents(events);
    counterSeries_.setEvents(events);
    profile_->events.clear();
    for (const auto &event : events)
        profile_->events.push_back({event.name, event.attr.type, event.attr.config, 0,
                                    (event.attr.sample_type & PERF_SAMPLE_STACK_USER) != 0});
}

void ProfileBuilder::setBuildIds(const std::vector<BuildIdEntry> &entries) {
    for (const auto &entry : entries)
        if (!entry.kernel && !entry.buildId.empty()) symbolizer_.expectBuildId(entry.path, entry.buildId);
}

void ProfileBuilder::addRecord(const perf_event_header *record, bool stable, uint32_t cpu) {
    switch (record->type) {
    case PERF_RECORD_SAMPLE:
        addSample(record, stable, cpu);
        break;
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
    case PERF_RECORD_COMM:
    case PERF_RECORD_FORK:
        unwindPending(); // the waiting samples are unwound with the maps as they were
        stackCache_.forget();
        addProcessRecord(*record);
        break;
    case PERF_RECORD_LOST:
    case PERF_RECORD_LOST_SAMPLES:
        addLostRecord(*record);
        break;
    case PERF_RECORD_SWITCH: // for parallelism and latency (analysis/Parallelism.h)
    case PERF_RECORD_SWITCH_CPU_WIDE:
        addSwitch(*record);
        break;
    case PERF_RECORD_EXIT: // when threads ended, for off-CPU time (analysis/OffCpuTime.h)
        if (ForkRecord::fits(*record)) processes_.addExit(ForkRecord(*record));
        break;
    default:
        // Stat records become counter series; THROTTLE, FINISHED_ROUND and the rest carry nothing the
        // profile needs.
        counterSeries_.addRecord(record);
        break;
    }
}

// A context switch: the thread of its sample_id trailer left the CPU or came onto one. Without sample_id_all
// (no time, no thread) the record says nothing usable.
void ProfileBuilder::addSwitch(const perf_event_header &record) {
    SampleId id;
    if (!decoder_.decodeSampleId(&record, id)) return;
    profile_->switches.push_back({id.time, id.pid, id.tid, (record.misc & PERF_RECORD_MISC_SWITCH_OUT) != 0});
}

// MMAP, MMAP2, COMM or FORK.
void ProfileBuilder::addProcessRecord(const perf_event_header &record) {
    bool valid = false;
    switch (record.type) {
    case PERF_RECORD_MMAP:
        valid = MmapRecord::fits(record);
        if (valid && processes_.addMmap(MmapRecord(record))) {
            const MmapRecord mmap(record);
            symbolizer_.noteMappedBy(std::string(mmap.text()), mmap->pid);
        }
        break;
    case PERF_RECORD_MMAP2:
        valid = Mmap2Record::fits(record);
        if (valid) addMmap2(Mmap2Record(record));
        break;
    case PERF_RECORD_COMM:
        valid = CommRecord::fits(record);
        if (valid) {
            uint64_t time =
                0; // a record without a time (perf's synthesized ones) names the thread from its start
            decoder_.recordTime(&record, time);
            processes_.addComm(CommRecord(record), time);
        }
        break;
    case PERF_RECORD_FORK:
        valid = ForkRecord::fits(record);
        if (valid) processes_.addFork(ForkRecord(record));
        break;
    }
    if (!valid) ++profile_->diagnostics.malformedRecords;
}

void ProfileBuilder::addMmap2(const Mmap2Record &mmap) {
    // A build id the record names is its module's own (ProfileInterner::moduleFor).
    if (processes_.addMmap2(mmap)) symbolizer_.noteMappedBy(std::string(mmap.text()), mmap->pid);
}

// LOST or LOST_SAMPLES. Both can tell of the same samples: the kernel writes LOST into the ring buffer when
// it drops samples, and perf record (6.0 on) adds LOST_SAMPLES at the end with each event's count of dropped
// samples (PERF_FORMAT_LOST), which covers the same drops. perf report's "Total Lost Samples" is the
// LOST_SAMPLES sum; the larger sum is that one for perf's files and the LOST sum for files without it.
void ProfileBuilder::addLostRecord(const perf_event_header &record) {
    auto &diagnostics = profile_->diagnostics;
    if (record.type == PERF_RECORD_LOST && LostRecord::fits(record)) {
        ++diagnostics.lostRecords;
        lostInLostRecords_ += LostRecord(record)->lost;
    } else if (record.type == PERF_RECORD_LOST_SAMPLES && LostSamplesRecord::fits(record)) {
        lostInLostSamplesRecords_ += LostSamplesRecord(record)->lost;
    } else {
        ++diagnostics.malformedRecords;
        return;
    }
    diagnostics.lostSamples = std::max(lostInLostRecords_, lostInLostSamplesRecords_);
}

void ProfileBuilder::unwindPending() {
    scheduler_.unwindPending([this](PendingSample &pending, const UnwindJob *job) {
        completeSample(pending.head, pending.addresses, pending.kernel, job);
    });
}

// Samples whose user stack must be unwound wait in a batch, unwound on several threads at once; the samples
// after them wait too, so that the sample table stays in record order. Samples of a session without copied
// stacks take the direct path.
void ProfileBuilder::addSample(const perf_event_header *record, bool stable, uint32_t cpu) {
    Sample sample;
    if (decoder_.decodeSample(record, sample) != SampleDecode::Decoded) {
        ++profile_->diagnostics.malformedRecords;
        return;
    }
    if (!sample.hasCpu && cpu != RecordOrderer::kNoCpu) sample.cpu = cpu;
    const SampleHead head{
        sample.time,  sample.pid, sample.tid, sample.cpu, static_cast<uint16_t>(sample.eventIndex),
        sample.period};
    noteMark(sample);
    if (addChainSample(record, sample, head)) return;
    const bool unwind = recordedAddresses(record, sample);
    if (!unwind && scheduler_.idle()) {
        completeSample(head, addressScratch_, kernelScratch_, nullptr);
        return;
    }
    scheduler_.queue(head, addressScratch_, kernelScratch_, unwind ? &sample : nullptr, record, stable,
                     [this](PendingSample &pending, const UnwindJob *job) {
                         completeSample(pending.head, pending.addresses, pending.kernel, job);
                     });
}

// A frame-pointer sample (a call chain, no copied registers or stack) takes the stack of the same call chain
// from stackCache_ when the process, its privilege level and its maps are the same; others of this kind are
// interned and stored there. Returns false for the other samples, and while unwound samples wait.
bool ProfileBuilder::addChainSample(const perf_event_header *record, const Sample &sample,
                                    const SampleHead &head) {
    if (sample.callchain.empty() || !sample.userStack.empty() || !sample.userRegs.empty() ||
        !scheduler_.idle() || symbolizer_.jit().hasJitDump(head.pid))
        return false;
    symbolizer_.setSampleTime(head.time);
    const uint64_t key = uint64_t{head.pid} << 32 | (record->misc & PERF_RECORD_MISC_CPUMODE_MASK);
    StackCache::Found found;
    if (!stackCache_.find(key, sample.callchain, found)) {
        recordedAddresses(record, sample); // all from the call chain: nothing to unwind
        found.stack = stackOf(head.pid, addressScratch_, kernelScratch_, kNoStack, found.unmapped);
        stackCache_.store(found);
    }
    if (found.unmapped) ++profile_->diagnostics.samplesWithUnmappedFrames;
    appendSample(head, found.stack);
    return true;
}

// The addresses the kernel recorded, leaf first, with their privilege level, into the scratch vectors.
// Returns whether the user part is still to come from unwinding the copied stack (DWARF mode: the kernel
// records no user call chain).
bool ProfileBuilder::recordedAddresses(const perf_event_header *record, const Sample &sample) {
    std::vector<uint64_t> &addresses = addressScratch_;
    std::vector<bool> &kernelFlags = kernelScratch_;
    addresses.clear();
    kernelFlags.clear();
    bool kernel = (record->misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
    bool sawUser = false;
    const bool haveUserStack = !sample.userStack.empty() && sample.userRegs.size() > kX86RegisterIp;
    if (sample.callchain.empty()) {
        if (kernel || !haveUserStack) {
            addresses.push_back(sample.ip);
            kernelFlags.push_back(kernel);
            sawUser = !kernel;
        }
    } else {
        for (uint64_t entry : sample.callchain) {
            if (isContextMarker(entry)) {
                kernel = entry == static_cast<uint64_t>(PERF_CONTEXT_KERNEL);
                continue;
            }
            addresses.push_back(entry);
            kernelFlags.push_back(kernel);
            sawUser |= !kernel;
        }
    }
    if (sawUser) return false;
    if (haveUserStack) return true;
    if (sample.userRegs.size() > kX86RegisterIp) { // registers without a stack: the user pc alone
        addresses.push_back(sample.userRegs[kX86RegisterIp]);
        kernelFlags.push_back(false);
    }
    return false;
}

// Interns the stack of one sample (its recorded addresses, then the unwound user pcs if any) and adds it to
// the sample table.
void ProfileBuilder::completeSample(const SampleHead &head, std::vector<uint64_t> &addresses,
                                    std::vector<bool> &kernelFlags, const UnwindJob *unwound) {
    symbolizer_.setSampleTime(head.time);
    if (unwound) {
        completeUnwoundSample(head, addresses, kernelFlags, *unwound);
        return;
    }
    bool unmapped = false;
    const StackId stack = stackOf(head.pid, addresses, kernelFlags, kNoStack, unmapped);
    if (unmapped) ++profile_->diagnostics.samplesWithUnmappedFrames;
    appendSample(head, stack);
}

// An unwound sample takes its stack from stackCache_ when its process, its recorded addresses, its unwound
// pcs and how the unwinding ended are those of a sample since the maps last changed: a recording repeats a
// few thousand stacks, and naming and interning each of their frames again was a third of the loading
// thread's time on DWARF recordings, the thread both cores wait for.
void ProfileBuilder::completeUnwoundSample(const SampleHead &head, std::vector<uint64_t> &addresses,
                                           std::vector<bool> &kernelFlags, const UnwindJob &unwound) {
    UnwindEnd end = unwound.end;
    const auto &pcs = unwound.pcs;
    if (end == UnwindEnd::NoUnwindInfo && pcs.size() > 1 &&
        symbolizer_.endsAtEntryPoint(head.pid, pcs.back() - 1))
        end = UnwindEnd::Complete; // the dynamic loader's _start has no CFI; the stack is whole
    ++unwindEnds_[static_cast<size_t>(end)];
    const bool broken = end != UnwindEnd::Complete;
    if (broken) ++profile_->diagnostics.brokenStacks;
    // The key: the addresses with a context marker where the privilege level changes, as in a call chain,
    // then the pcs. Chain samples are keyed by their privilege level (below 8) instead of these bits. A key
    // that cannot be kept (it has at least one marker) is not built.
    unwoundKey_.clear();
    // A process with a jitdump may run other code at the same addresses later: its stacks are named each
    // time.
    bool cached = addresses.size() + 1 + pcs.size() <= kMaxCachedUnwoundWords &&
                  !symbolizer_.jit().hasJitDump(head.pid);
    if (cached) {
        for (size_t i = 0; i < addresses.size(); ++i) {
            if (i == 0 || kernelFlags[i] != kernelFlags[i - 1])
                unwoundKey_.push_back(kernelFlags[i] ? kContextKernel : kContextUser);
            unwoundKey_.push_back(addresses[i]);
        }
        if (addresses.empty() || kernelFlags.back()) unwoundKey_.push_back(kContextUser);
        unwoundKey_.insert(unwoundKey_.end(), pcs.begin(), pcs.end());
        cached = unwoundKey_.size() <= kMaxCachedUnwoundWords;
    }
    const uint64_t key = uint64_t{head.pid} << 32 | kUnwoundKey | (broken ? 1 : 0);
    StackCache::Found found;
    if (!cached || !stackCache_.find(key, UnalignedWords(unwoundKey_), found)) {
        addresses.insert(addresses.end(), pcs.begin(), pcs.end());
        kernelFlags.insert(kernelFlags.end(), pcs.size(), false);
        const StackId root = broken ? interner_.stackFor(symbolizer_.brokenStackFrame(), kNoStack) : kNoStack;
        found.stack = stackOf(head.pid, addresses, kernelFlags, root, found.unmapped);
        if (cached) stackCache_.store(found);
    }
    if (found.unmapped) ++profile_->diagnostics.samplesWithUnmappedFrames;
    appendSample(head, found.stack);
}

// The stack of the addresses, leaf first, called from stack.
StackId ProfileBuilder::stackOf(uint32_t pid, const std::vector<uint64_t> &addresses,
                                const std::vector<bool> &kernelFlags, StackId stack, bool &unmapped) {
    for (size_t i = addresses.size(); i-- > 0;) {
        const bool isKernel = kernelFlags[i];
        const bool firstOfContext = i == 0 || kernelFlags[i - 1] != isKernel;
        const FrameId frame = isKernel ? symbolizer_.kernelFrame(addresses[i])
                                       : symbolizer_.userFrame(pid, addresses[i], !firstOfContext);
        unmapped |= profile_->frames[frame].module == interner_.unknownModule();
        stack = interner_.pushFrame(frame, stack);
    }
    return stack;
}

void ProfileBuilder::appendSample(const SampleHead &head, StackId stack) {
    auto &samples = profile_->samples;
    samples.time.push_back(head.time);
    samples.pid.push_back(head.pid);
    samples.tid.push_back(head.tid);
    samples.cpu.push_back(head.cpu);
    samples.event.push_back(head.event);
    samples.period.push_back(head.period);
    samples.stack.push_back(stack);
    processes_.noteSampleThread(head.pid, head.tid);
    if (profile_->startTime == 0 || head.time < profile_->startTime) profile_->startTime = head.time;
    profile_->endTime = std::max(profile_->endTime, head.time);
}

// Keeps a sample of a non-time event for the timeline's marks, with a tracepoint's fields decoded.
void ProfileBuilder::noteMark(const Sample &sample) {
    if (sample.eventIndex >= profile_->events.size()) return;
    const EventInfo &event = profile_->events[sample.eventIndex];
    const bool clock = event.type == PERF_TYPE_SOFTWARE &&
                       (event.config == PERF_COUNT_SW_CPU_CLOCK || event.config == PERF_COUNT_SW_TASK_CLOCK);
    if (clock || (event.type != PERF_TYPE_SOFTWARE && event.type != PERF_TYPE_TRACEPOINT)) return;
    EventMark mark{sample.time, sample.tid, static_cast<uint16_t>(sample.eventIndex), 0, 0};
    const TracepointFormat *format =
        event.type == PERF_TYPE_TRACEPOINT ? tracingFormats_.byId(event.config) : nullptr;
    if (format != nullptr && !sample.raw.empty()) {
        const std::string fields = TracingFormats::decode(*format, sample.raw);
        mark.fieldsOffset = profile_->markFields.append(fields);
        mark.fieldsLength = static_cast<uint32_t>(std::min(fields.size(), ChunkedText::kMaxRun));
    }
    profile_->marks.push_back(mark);
}

void ProfileBuilder::noteBrokenStacks(Profile &target) const {
    uint64_t unwound = 0;
    for (uint64_t count : unwindEnds_)
        unwound += count;
    if (unwound == 0 || target.diagnostics.brokenStacks == 0) return;
    std::string reasons;
    for (size_t i = 1; i < unwindEnds_.size(); ++i)
        if (unwindEnds_[i] > 0)
            reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", unwindEnds_[i],
                                   unwindEndName(static_cast<UnwindEnd>(i)));
    target.diagnostics.notices.push_back(coreMessage(
        MessageKind::BrokenDwarfStacks, target.diagnostics.brokenStacks, unwound, reasons, kBrokenStackName));
}

// A session without samples (stat -o) spans its counter reads: from the first interval's start (0 when the
// reads are stamped with the time since counting began) to the last read, so its duration is the counting's.
void ProfileBuilder::spanCounterReads(Profile &profile) {
    uint64_t start = UINT64_MAX;
    for (const CounterSeries &series : profile.counters)
        for (const CounterPoint &point : series.points) {
            start = std::min(start, point.begin);
            profile.endTime = std::max(profile.endTime, point.time);
        }
    if (start != UINT64_MAX) profile.startTime = start;
}

std::shared_ptr<Profile> ProfileBuilder::finish() {
    unwindPending();
    symbolizer_.finish();
    noteBrokenStacks(*profile_);
    profile_->counters = counterSeries_.finish();
    profile_->diagnostics.malformedRecords += counterSeries_.malformedRecords();
    if (profile_->countersOnly()) spanCounterReads(*profile_);
    profile_->samples.shrinkToFit();
    for (uint16_t event : profile_->samples.event)
        if (event < profile_->events.size()) ++profile_->events[event].samples;
    return std::move(profile_);
}

// The counter series read so far, as finish() gives them.
void ProfileBuilder::addCountersSoFar(Profile &target) const {
    target.counters = counterSeries_.seriesSoFar();
    target.diagnostics.malformedRecords += counterSeries_.malformedRecords();
    if (target.countersOnly()) spanCounterReads(target);
}

std::shared_ptr<Profile> ProfileBuilder::snapshot() {
    unwindPending();
    symbolizer_.nameKernelFramesSoFar();
    const PackedColumn<uint16_t> &events = profile_->samples.event;
    snapshotEventSamples_.resize(std::max(snapshotEventSamples_.size(), profile_->events.size()));
    for (; snapshotSamplesCounted_ < events.size(); ++snapshotSamplesCounted_) {
        const uint16_t event = events[snapshotSamplesCounted_];
        if (event < snapshotEventSamples_.size()) ++snapshotEventSamples_[event];
    }
    auto copy = std::make_shared<Profile>(*profile_);
    for (size_t event = 0; event < copy->events.size(); ++event)
        copy->events[event].samples += snapshotEventSamples_[event];
    symbolizer_.describeSoFar(*copy);
    noteBrokenStacks(*copy);
    addCountersSoFar(*copy);
    return copy;
}

} // namespace perfglass
