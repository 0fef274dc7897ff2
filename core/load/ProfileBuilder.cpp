#include "load/ProfileBuilder.h"

#include "base/Error.h"
#include "base/X86_64Registers.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/RecordOrderer.h"

#include <fmt/format.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <future>

namespace perfglass {

namespace {

constexpr uint16_t kMiscCommExec = 1 << 13;    // PERF_RECORD_MISC_COMM_EXEC
constexpr uint16_t kMiscMmapBuildId = 1 << 14; // PERF_RECORD_MISC_MMAP_BUILD_ID
constexpr size_t kX86RegisterIp = x86_64::kUserSampleIndexIp;

bool isAnonymous(const std::string &path) {
    return path.empty() || path.starts_with("//anon") || path.starts_with("[anon") ||
           path.starts_with("/memfd:") || path == "[heap]" || path == "[stack]";
}

bool isContextMarker(uint64_t entry) {
    return entry >= static_cast<uint64_t>(PERF_CONTEXT_MAX);
}

template <typename T> T readAt(const perf_event_header *record, size_t offset) {
    T value{};
    if (offset + sizeof(T) <= record->size)
        std::memcpy(&value, reinterpret_cast<const uint8_t *>(record) + offset, sizeof(T));
    return value;
}

std::string readString(const perf_event_header *record, size_t offset) {
    if (offset >= record->size) return {};
    const char *text = reinterpret_cast<const char *>(record) + offset;
    return std::string(text, strnlen(text, record->size - offset));
}

} // namespace

ProfileBuilder::ProfileBuilder(KernelSymbols kernelSymbols)
    : profile_(std::make_shared<Profile>())
    , kernelSymbols_(std::move(kernelSymbols)) {
    unknownModule_ = moduleFor("[unknown]", false);
    kernelModule_ = moduleFor("[kernel.kallsyms]", true);
}

ProfileBuilder::~ProfileBuilder() = default;

void ProfileBuilder::setEvents(const std::vector<EventAttr> &events) {
    decoder_.setEvents(events);
    counterSeries_.setEvents(events);
    profile_->events.clear();
    for (const auto &event : events)
        profile_->events.push_back({event.name, event.attr.type, event.attr.config});
}

ModuleId ProfileBuilder::moduleFor(const std::string &path, bool kernel) {
    const auto found = moduleByPath_.find(path);
    if (found != moduleByPath_.end()) return found->second;
    const auto id = static_cast<ModuleId>(profile_->modules.size());
    profile_->modules.push_back({profile_->strings.intern(path), kernel, true});
    moduleByPath_.emplace(path, id);
    return id;
}

FunctionId ProfileBuilder::functionFor(ModuleId module, const std::string &name) {
    const StringId nameId = profile_->strings.intern(name);
    const auto &functions = profile_->functions;
    const uint32_t found = functionIndex_.find(pairHash(module, nameId), [&](uint32_t id) {
        return functions[id].module == module && functions[id].name == nameId;
    });
    if (found != IdHashIndex::kAbsent) return found;
    const auto id = static_cast<FunctionId>(profile_->functions.size());
    profile_->functions.push_back({nameId, module});
    functionIndex_.insert(pairHash(module, nameId), id, [&](uint32_t other) {
        return pairHash(functions[other].module, functions[other].name);
    });
    return id;
}

FrameId ProfileBuilder::findFrame(ModuleId module, uint64_t address) const {
    const auto &frames = profile_->frames;
    return frameIndex_.find(addressHash(module, address), [&](uint32_t id) {
        return frames[id].address == address && frames[id].module == module;
    });
}

void ProfileBuilder::indexFrame(FrameId id) {
    const auto &frames = profile_->frames;
    frameIndex_.insert(addressHash(frames[id].module, frames[id].address), id, [&](uint32_t other) {
        return addressHash(frames[other].module, frames[other].address);
    });
}

ProcessMaps *ProfileBuilder::processFor(uint32_t pid) {
    if (cachedProcess_ && cachedPid_ == pid) return cachedProcess_;
    const auto found = processes_.find(pid);
    if (found == processes_.end()) return nullptr;
    cachedPid_ = pid;
    cachedProcess_ = &found->second;
    return cachedProcess_;
}

FrameId ProfileBuilder::frameFor(ModuleId module, uint64_t address, const std::string &name) {
    const auto id = static_cast<FrameId>(profile_->frames.size());
    Frame frame{};
    frame.function = functionFor(module, name);
    frame.module = module;
    frame.address = address;
    profile_->frames.push_back(frame);
    chainLength_.push_back(1);
    indexFrame(id);
    return id;
}

// The frames of one address with DWARF: inlined functions innermost first, then the containing function, as
// consecutive frames; the first is cached for the address and chainLength_ says how many follow.
FrameId ProfileBuilder::inlineFrames(ModuleId module, uint64_t address, const ElfSymbols &symbols) {
    chainScratch_.clear();
    symbols.inlineChain(address, chainScratch_);
    if (chainScratch_.empty() || chainScratch_.back().name.empty()) return kNoFrame;
    const auto first = static_cast<FrameId>(profile_->frames.size());
    for (size_t k = 0; k < chainScratch_.size(); ++k) {
        const InlineFrame &entry = chainScratch_[k];
        Frame frame{};
        frame.function = functionFor(module, entry.name);
        frame.module = module;
        frame.address = address;
        frame.sourceFile =
            entry.sourceFile.empty() ? StringId{0} : profile_->strings.intern(entry.sourceFile);
        frame.line = entry.line;
        frame.inlined = entry.inlined;
        profile_->frames.push_back(frame);
        chainLength_.push_back(static_cast<uint32_t>(chainScratch_.size() - k));
    }
    indexFrame(first);
    return first;
}

StackId ProfileBuilder::stackFor(FrameId frame, StackId parent) {
    const auto &stacks = profile_->stacks;
    const uint32_t found = stackIndex_.find(pairHash(frame, parent), [&](uint32_t id) {
        return stacks[id].frame == frame && stacks[id].parent == parent;
    });
    if (found != IdHashIndex::kAbsent) return found;
    const auto id = static_cast<StackId>(profile_->stacks.size());
    profile_->stacks.push_back({frame, parent});
    stackIndex_.insert(pairHash(frame, parent), id,
                       [&](uint32_t other) { return pairHash(stacks[other].frame, stacks[other].parent); });
    return id;
}

namespace {
std::string hex(const std::vector<uint8_t> &bytes) {
    std::string text;
    for (uint8_t byte : bytes)
        text += fmt::format("{:02x}", byte);
    return text;
}

// perf pads build ids to 20 bytes with zeros.
bool sameBuildId(const std::vector<uint8_t> &recorded, const std::vector<uint8_t> &file) {
    if (file.size() > recorded.size() || !std::equal(file.begin(), file.end(), recorded.begin()))
        return false;
    return std::all_of(recorded.begin() + static_cast<std::ptrdiff_t>(file.size()), recorded.end(),
                       [](uint8_t byte) { return byte == 0; });
}
} // namespace

// The vdso is not a file: this process's own copy is the recorded one when the kernel is the same. It is
// handed to libdw through a memory file.
std::unique_ptr<ElfSymbols> ProfileBuilder::openOwnVdso(std::string &error) {
    const auto base = ::getauxval(AT_SYSINFO_EHDR);
    uint64_t size = 0;
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        if (!line.ends_with("[vdso]")) continue;
        unsigned long long start = 0, end = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx", &start, &end) == 2 && start == base) size = end - start;
    }
    if (base == 0 || size == 0) {
        error = "[vdso]: this process has no vdso to read symbols from";
        return nullptr;
    }
    const int fd = ::memfd_create("perfglass-vdso", MFD_CLOEXEC);
    if (fd < 0) {
        error = "[vdso]: memfd_create failed";
        return nullptr;
    }
    const bool written =
        ::write(fd, reinterpret_cast<const void *>(base), size) == static_cast<ssize_t>(size);
    auto symbols = written ? ElfSymbols::open(fmt::format("/proc/self/fd/{}", fd), error) : nullptr;
    ::close(fd);
    if (!written) error = "[vdso]: could not copy the image";
    return symbols;
}

void ProfileBuilder::setVdsoOfThisMachine(bool same) {
    vdsoOfThisMachine_ = same;
}

void ProfileBuilder::setSymbolSearch(SymbolSearch search) {
    search_ = std::move(search);
}

void ProfileBuilder::setBuildIds(const std::vector<BuildIdEntry> &entries) {
    for (const auto &entry : entries)
        if (!entry.kernel && !entry.buildId.empty()) expectedBuildIds_[entry.path] = entry.buildId;
}

void ProfileBuilder::setInlineFrames(bool enabled, bool fromDebugFiles) {
    withInlineFrames_ = enabled;
    inlineFromDebugFiles_ = fromDebugFiles;
}

void ProfileBuilder::setJitMapDirectory(std::string directory) {
    jitMapDirectory_ = std::move(directory);
}

ElfSymbols *ProfileBuilder::symbolsFor(ModuleId module) {
    if (module < symbolsOpened_.size() && symbolsOpened_[module]) return symbols_[module].get();
    std::string error;
    const std::string &path = profile_->modulePath(module);
    std::unique_ptr<ElfSymbols> symbols;
    if (path == "[vdso]")
        symbols = vdsoOfThisMachine_
                      ? openOwnVdso(error)
                      : (error = "[vdso] of another kernel: its image is not in the recording", nullptr);
    else
        symbols = ElfSymbols::open(path, error, search_);
    if (symbols) {
        const auto expected = expectedBuildIds_.find(path);
        const auto actual = symbols->buildId();
        if (expected != expectedBuildIds_.end() && !actual.empty() &&
            !sameBuildId(expected->second, actual)) {
            error = fmt::format("{} has build id {}, but the recording has {}: a different file, not used",
                                symbols->path(), hex(actual), hex(expected->second));
            symbols.reset();
        } else if (!symbols->hasSymbols()) {
            error = symbols->path() + " has no symbol table (stripped) and no debug file was found";
        }
    }
    if (!symbols || !symbols->hasSymbols()) {
        profile_->modules[module].hasSymbols = false;
        moduleErrors_[module] = error;
    }
    ElfSymbols *result = symbols.get();
    if (symbols_.size() <= module) {
        symbols_.resize(module + 1);
        symbolsOpened_.resize(module + 1, false);
    }
    symbols_[module] = std::move(symbols);
    symbolsOpened_[module] = true;
    return result;
}

const JitMap *ProfileBuilder::jitMapFor(uint32_t pid) {
    auto found = jitMaps_.find(pid);
    if (found == jitMaps_.end())
        found =
            jitMaps_.emplace(pid, JitMap::load(fmt::format("{}/perf-{}.map", jitMapDirectory_, pid))).first;
    return found->second.empty() ? nullptr : &found->second;
}

// Code in anonymous memory or outside every mapping may be JIT code named by /tmp/perf-PID.map.
std::optional<FrameId> ProfileBuilder::jitFrame(uint32_t pid, uint64_t address) {
    const JitMap *map = jitMapFor(pid);
    if (!map) return std::nullopt;
    const std::string *name = map->find(address);
    if (!name) return std::nullopt;
    const ModuleId module = moduleFor(fmt::format("{}/perf-{}.map", jitMapDirectory_, pid), false);
    const FrameId found = findFrame(module, address);
    return found != kNoFrame ? found : frameFor(module, address, *name);
}

FrameId ProfileBuilder::kernelFrame(uint64_t address) {
    const FrameId found = findFrame(kernelModule_, address);
    if (found != kNoFrame) return found;
    // Named in finish(), so that the kernel symbols can load while the records are read.
    const auto id = static_cast<FrameId>(profile_->frames.size());
    Frame frame{};
    frame.module = kernelModule_;
    frame.address = address;
    profile_->frames.push_back(frame);
    chainLength_.push_back(1);
    indexFrame(id);
    unnamedKernelFrames_.push_back(id);
    return id;
}

void ProfileBuilder::setKernelSymbols(KernelSymbols kernelSymbols) {
    kernelSymbols_ = std::move(kernelSymbols);
}

void ProfileBuilder::nameKernelFrames() {
    std::vector<uint64_t> addresses;
    addresses.reserve(unnamedKernelFrames_.size());
    for (FrameId id : unnamedKernelFrames_)
        addresses.push_back(profile_->frames[id].address);
    const std::vector<std::string> names = kernelSymbols_.symbolsAt(addresses);
    for (size_t i = 0; i < unnamedKernelFrames_.size(); ++i) {
        Frame &frame = profile_->frames[unnamedKernelFrames_[i]];
        if (names[i].empty()) ++profile_->diagnostics.framesWithoutSymbol;
        frame.function = functionFor(kernelModule_, names[i].empty() ? std::string("[unknown]") : names[i]);
    }
    unnamedKernelFrames_.clear();
}

FrameId ProfileBuilder::userFrame(uint32_t pid, uint64_t address, bool isReturnAddress) {
    const ProcessMaps *process = processFor(pid);
    std::optional<Mapping> mapping;
    if (process) mapping = process->find(address);
    if (!mapping || isAnonymous(profile_->modulePath(mapping->module))) {
        if (const auto frame = jitFrame(pid, address)) return *frame;
    }
    if (!mapping) {
        const FrameId found = findFrame(unknownModule_, 0);
        return found != kNoFrame ? found : frameFor(unknownModule_, 0, "[unknown]");
    }
    ElfSymbols *symbols = symbolsFor(mapping->module);
    const uint64_t fileOffset = address - mapping->start + mapping->fileOffset;
    const uint64_t elfAddress = symbols ? symbols->addressForFileOffset(fileOffset) : fileOffset;
    // A return address points after the call; the call itself, one byte earlier, names the caller's line.
    const uint64_t lookup = isReturnAddress && elfAddress > 0 ? elfAddress - 1 : elfAddress;
    const FrameId found = findFrame(mapping->module, lookup);
    if (found != kNoFrame) return found;
    if (symbols && withInlineFrames_ && (inlineFromDebugFiles_ || symbols->hasOwnDebugInfo())) {
        const FrameId chain = inlineFrames(mapping->module, lookup, *symbols);
        if (chain != kNoFrame) return chain;
    }
    SymbolMatch match;
    if (symbols) match = symbols->symbolAt(lookup);
    if (match.name.empty()) {
        ++profile_->diagnostics.framesWithoutSymbol;
        return frameFor(mapping->module, lookup, "[unknown]");
    }
    return frameFor(mapping->module, lookup, match.name);
}

DwarfUnwinder::Locate ProfileBuilder::locateIn(uint32_t pid) {
    return locateIn(processFor(pid), nullptr);
}

// With symbolsLock, the Locate may run on an unwinding thread: it only reads the maps, and opens modules
// under the lock.
DwarfUnwinder::Locate ProfileBuilder::locateIn(const ProcessMaps *maps, std::mutex *symbolsLock) {
    // Frames of one stack mostly lie in a few mappings: the last one found is tried first (the maps do not
    // change while a sample is unwound).
    return [this, maps, symbolsLock, last = Mapping{}, lastSymbols = static_cast<ElfSymbols *>(nullptr)](
               uint64_t address, CodeLocation &location) mutable {
        if (!maps) return false;
        if (address < last.start || address >= last.end) {
            const auto mapping = maps->find(address);
            if (!mapping) return false;
            last = *mapping;
            std::unique_lock<std::mutex> guard;
            if (symbolsLock) guard = std::unique_lock(*symbolsLock);
            lastSymbols = symbolsFor(mapping->module);
        }
        location.module = last.module;
        location.symbols = lastSymbols;
        const uint64_t fileOffset = address - last.start + last.fileOffset;
        location.elfAddress =
            location.symbols ? location.symbols->addressForFileOffset(fileOffset) : fileOffset;
        return true;
    };
}

bool ProfileBuilder::endsAtEntryPoint(uint32_t pid, uint64_t pc) {
    CodeLocation location;
    if (!locateIn(pid)(pc, location) || !location.symbols) return false;
    return location.symbols->symbolAt(location.elfAddress).name == "_start";
}

FrameId ProfileBuilder::brokenStackFrame() {
    const FrameId found = findFrame(unknownModule_, 1);
    return found != kNoFrame ? found : frameFor(unknownModule_, 1, kBrokenStackName);
}

void ProfileBuilder::noteThread(uint32_t pid, uint32_t tid, const std::string *name) {
    const auto found = threadIndex_.find(tid);
    if (found == threadIndex_.end()) {
        threadIndex_.emplace(tid, profile_->threads.size());
        profile_->threads.push_back({pid, tid, name ? profile_->strings.intern(*name) : StringId{0}});
        return;
    }
    auto &thread = profile_->threads[found->second];
    thread.pid = pid;
    if (name) thread.name = profile_->strings.intern(*name);
}

void ProfileBuilder::addMmap(const perf_event_header *record, bool isMmap2) {
    const auto pid = readAt<uint32_t>(record, 8);
    Mapping mapping;
    mapping.start = readAt<uint64_t>(record, 16);
    mapping.end = mapping.start + readAt<uint64_t>(record, 24);
    mapping.fileOffset = readAt<uint64_t>(record, 32);
    const std::string path = readString(record, isMmap2 ? 72 : 40);
    const bool kernel = (record->misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
    if (kernel || pid == static_cast<uint32_t>(-1))
        return; // kernel and module mappings: kernel frames are named from kallsyms
    if (isMmap2) {
        const auto prot = readAt<uint32_t>(record, 64);
        if (!(prot & 4 /* PROT_EXEC */)) return;
    } else if (record->misc & PERF_RECORD_MISC_MMAP_DATA) {
        return;
    }
    mapping.module = moduleFor(path, false);
    processes_[pid].add(mapping);
    if (isMmap2 && (record->misc & kMiscMmapBuildId)) {
        const auto size = std::min<size_t>(readAt<uint8_t>(record, 40), 20);
        if (size > 0 && record->size >= 44 + size) {
            const auto *bytes = reinterpret_cast<const uint8_t *>(record) + 44;
            expectedBuildIds_[path].assign(bytes, bytes + size);
        }
    }
}

void ProfileBuilder::addComm(const perf_event_header *record) {
    const auto pid = readAt<uint32_t>(record, 8);
    const auto tid = readAt<uint32_t>(record, 12);
    const std::string name = readString(record, 16);
    if ((record->misc & kMiscCommExec) && pid == tid)
        processes_[pid].clear(); // exec replaced the address space
    noteThread(pid, tid, &name);
}

void ProfileBuilder::addFork(const perf_event_header *record) {
    const auto pid = readAt<uint32_t>(record, 8);
    const auto ppid = readAt<uint32_t>(record, 12);
    const auto tid = readAt<uint32_t>(record, 16);
    const auto ptid = readAt<uint32_t>(record, 20);
    if (pid != ppid) {
        const auto parent = processes_.find(ppid);
        if (parent != processes_.end())
            processes_[pid] = parent->second; // a new process starts with a copy of its parent's mappings
    }
    const auto parentThread = threadIndex_.find(ptid);
    if (parentThread != threadIndex_.end()) {
        const std::string name = profile_->strings[profile_->threads[parentThread->second].name];
        noteThread(pid, tid, &name);
    } else {
        noteThread(pid, tid, nullptr);
    }
}

// The addresses the kernel recorded, leaf first, with their privilege level. Returns whether the user part
// is still to come from unwinding the copied stack (DWARF mode: the kernel records no user call chain).
bool ProfileBuilder::recordedAddresses(const perf_event_header *record, const Sample &sample,
                                       std::vector<uint64_t> &addresses, std::vector<bool> &kernelFlags) {
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

// Samples whose user stack must be unwound wait in a batch, unwound on several threads at once; the samples
// after them wait too, so that the sample table stays in record order. Samples of a session without copied
// stacks take the direct path.
void ProfileBuilder::addSample(const perf_event_header *record, bool stable) {
    Sample sample;
    const std::string error = decoder_.decodeSample(record, sample);
    if (!error.empty()) {
        ++profile_->diagnostics.malformedRecords;
        return;
    }
    const SampleHead head{
        sample.time,  sample.pid, sample.tid, sample.cpu, static_cast<uint16_t>(sample.eventIndex),
        sample.period};
    sampleBytes_ += record->size;
    smallestSample_ = std::min<uint32_t>(smallestSample_, record->size);
    const bool unwind = recordedAddresses(record, sample, addressScratch_, kernelScratch_);
    SampleBatch &batch = batches_[filling_];
    if (!unwind && batch.empty() && !unwinding_) {
        completeSample(head, addressScratch_, kernelScratch_, nullptr);
        return;
    }
    PendingSample &pending = batch.add(head);
    std::swap(pending.addresses, addressScratch_);
    std::swap(pending.kernel, kernelScratch_);
    if (unwind) batch.addJob(sample, record, stable);
    if (batch.full()) {
        finishUnwinding();
        startUnwinding();
    }
}

// The filling batch goes to the unwinding threads, and the other batch takes new samples meanwhile. The
// threads only read the maps and open modules under the shared lock; records that change the maps wait
// for them (unwindPending()).
void ProfileBuilder::startUnwinding() {
    if (!unwinder_) {
        unwinder_ = std::make_unique<ParallelUnwinder>(unwindThreads_);
        locateForUnwinding_ = [this](uint32_t pid) {
            const auto found = processes_.find(pid);
            return locateIn(found == processes_.end() ? nullptr : &found->second, &unwinder_->sharedLock());
        };
    }
    unwinder_->start(batches_[filling_].prepareJobs(), locateForUnwinding_);
    unwinding_ = true;
    filling_ = 1 - filling_;
}

// Waits for the batch being unwound and adds its samples to the profile, in record order.
void ProfileBuilder::finishUnwinding() {
    if (!unwinding_) return;
    unwinder_->finish();
    unwinding_ = false;
    SampleBatch &batch = batches_[1 - filling_];
    for (PendingSample &pending : batch.samples())
        completeSample(pending.head, pending.addresses, pending.kernel, batch.jobOf(pending));
    batch.clear();
}

void ProfileBuilder::unwindPending() {
    finishUnwinding();
    if (batches_[filling_].empty()) return;
    startUnwinding();
    finishUnwinding();
}

const void *ProfileBuilder::oldestPendingRecord() const {
    const void *first = batches_[0].oldestRecord();
    const void *second = batches_[1].oldestRecord();
    if (!first || !second) return first ? first : second;
    return std::min(first, second, std::less<const void *>());
}

// Interns the stack of one sample (its recorded addresses, then the unwound user pcs if any) and adds it to
// the sample table.
void ProfileBuilder::completeSample(const SampleHead &head, std::vector<uint64_t> &addresses,
                                    std::vector<bool> &kernelFlags, const UnwindJob *unwound) {
    bool broken = false;
    if (unwound) {
        UnwindEnd end = unwound->end;
        const auto &pcs = unwound->pcs;
        if (end == UnwindEnd::NoUnwindInfo && pcs.size() > 1 && endsAtEntryPoint(head.pid, pcs.back() - 1))
            end = UnwindEnd::Complete; // the dynamic loader's _start has no CFI; the stack is whole
        ++unwindEnds_[static_cast<size_t>(end)];
        broken = end != UnwindEnd::Complete;
        addresses.insert(addresses.end(), pcs.begin(), pcs.end());
        kernelFlags.insert(kernelFlags.end(), pcs.size(), false);
    }
    StackId stack = kNoStack;
    if (broken) {
        ++profile_->diagnostics.brokenStacks;
        stack = stackFor(brokenStackFrame(), kNoStack);
    }
    bool unmapped = false;
    for (size_t i = addresses.size(); i-- > 0;) {
        const bool isKernel = kernelFlags[i];
        const bool firstOfContext = i == 0 || kernelFlags[i - 1] != isKernel;
        const FrameId frame =
            isKernel ? kernelFrame(addresses[i]) : userFrame(head.pid, addresses[i], !firstOfContext);
        unmapped |= profile_->frames[frame].module == unknownModule_;
        for (uint32_t k = chainLength_[frame]; k-- > 0;) // outermost of an inline chain first
            stack = stackFor(frame + k, stack);
    }
    if (unmapped) ++profile_->diagnostics.samplesWithUnmappedFrames;

    auto &samples = profile_->samples;
    if (samples.time.size() == samples.time.capacity()) growSampleTable();
    samples.time.push_back(head.time);
    samples.pid.push_back(head.pid);
    samples.tid.push_back(head.tid);
    samples.cpu.push_back(head.cpu);
    samples.event.push_back(head.event);
    samples.period.push_back(head.period);
    samples.stack.push_back(stack);
    if (threadIndex_.find(head.tid) == threadIndex_.end()) noteThread(head.pid, head.tid, nullptr);
    if (profile_->startTime == 0 || head.time < profile_->startTime) profile_->startTime = head.time;
    profile_->endTime = std::max(profile_->endTime, head.time);
}

void ProfileBuilder::growSampleTable() {
    auto &samples = profile_->samples;
    const size_t size = samples.size();
    size_t capacity = std::max<size_t>(1024, size + size / 4);
    if (size >= 1024 && expectedBytes_ > sampleBytes_ && sampleBytes_ > 0 && smallestSample_ > 0) {
        // Reserving more than is used costs no memory: pages that are never written are never committed.
        // Growing by copying costs the old and the new table at once, the peak of the whole load. So the
        // table is reserved once for as many samples as the stream can hold: of the smallest size seen, at
        // most 1.5 times as many as of the mean size seen so far.
        const double atMeanSize = static_cast<double>(size) * static_cast<double>(expectedBytes_) /
                                  static_cast<double>(sampleBytes_);
        const double atSmallestSize =
            static_cast<double>(expectedBytes_) / static_cast<double>(smallestSample_);
        capacity = std::max(capacity, static_cast<size_t>(std::min(atSmallestSize, atMeanSize * 1.5)));
    }
    samples.time.reserve(capacity);
    samples.pid.reserve(capacity);
    samples.tid.reserve(capacity);
    samples.cpu.reserve(capacity);
    samples.event.reserve(capacity);
    samples.period.reserve(capacity);
    samples.stack.reserve(capacity);
}

void ProfileBuilder::addRecord(const perf_event_header *record, bool stable) {
    switch (record->type) {
    case PERF_RECORD_SAMPLE:
        addSample(record, stable);
        break;
    case PERF_RECORD_MMAP:
        unwindPending(); // the waiting samples are unwound with the maps as they were
        addMmap(record, false);
        break;
    case PERF_RECORD_MMAP2:
        unwindPending();
        addMmap(record, true);
        break;
    case PERF_RECORD_COMM:
        unwindPending();
        addComm(record);
        break;
    case PERF_RECORD_FORK:
        unwindPending();
        addFork(record);
        break;
    case PERF_RECORD_LOST:
        ++profile_->diagnostics.lostRecords;
        profile_->diagnostics.lostSamples += readAt<uint64_t>(record, 16);
        break;
    case PERF_RECORD_LOST_SAMPLES:
        profile_->diagnostics.lostSamples += readAt<uint64_t>(record, 8);
        break;
    default:
        // Stat records become counter series; EXIT, THROTTLE, FINISHED_ROUND and the rest carry nothing the
        // profile needs.
        counterSeries_.addRecord(record);
        break;
    }
}

void ProfileBuilder::noteUnresolvedModules() {
    std::vector<uint64_t> framesPerModule(profile_->modules.size(), 0);
    for (const Frame &frame : profile_->frames)
        ++framesPerModule[frame.module];
    for (ModuleId module = 0; module < profile_->modules.size(); ++module) {
        if (module == unknownModule_ || framesPerModule[module] == 0) continue;
        const auto error = moduleErrors_.find(module);
        if (error == moduleErrors_.end()) continue;
        ++profile_->diagnostics.modulesWithoutSymbols;
        profile_->diagnostics.notices.push_back(fmt::format("no symbols for {} ({} addresses unnamed): {}",
                                                            profile_->modulePath(module),
                                                            framesPerModule[module], error->second));
    }
    if (kernelSymbols_.empty() && !unnamedKernelFrames_.empty())
        profile_->diagnostics.notices.push_back(fmt::format(
            "no kernel symbols ({} kernel addresses unnamed): /proc/kallsyms is unreadable or from "
            "another kernel; pass --kallsyms",
            unnamedKernelFrames_.size()));
}

std::shared_ptr<Profile> ProfileBuilder::finish() {
    unwindPending();
    noteUnresolvedModules();
    nameKernelFrames();
    uint64_t unwound = 0;
    for (uint64_t count : unwindEnds_)
        unwound += count;
    if (unwound > 0 && profile_->diagnostics.brokenStacks > 0) {
        std::string reasons;
        for (size_t i = 1; i < unwindEnds_.size(); ++i)
            if (unwindEnds_[i] > 0)
                reasons += fmt::format("{}{} {}", reasons.empty() ? "" : ", ", unwindEnds_[i],
                                       unwindEndName(static_cast<UnwindEnd>(i)));
        profile_->diagnostics.notices.push_back(
            fmt::format("{} of {} DWARF-unwound stacks end early ({}); they sit under \"{}\"",
                        profile_->diagnostics.brokenStacks, unwound, reasons, kBrokenStackName));
    }
    auto result = std::move(profile_);
    result->counters = counterSeries_.finish();
    result->diagnostics.malformedRecords += counterSeries_.malformedRecords();
    profile_ = std::make_shared<Profile>();
    return result;
}

namespace {
// Starts loading the kernel symbols on a second thread: from the given file, or from /proc/kallsyms when the
// session was recorded on this kernel.
std::future<KernelSymbols> kernelSymbolsFor(const PerfDataReader &reader, const LoadOptions &options) {
    if (!options.kallsymsPath.empty()) {
        auto input = std::make_shared<std::ifstream>(options.kallsymsPath);
        if (!*input) throw Error("cannot open kernel symbols " + options.kallsymsPath);
        return std::async(std::launch::async, [input] { return KernelSymbols::fromStream(*input); });
    }
    utsname names{};
    const bool sameKernel = ::uname(&names) == 0 && (reader.metadata().osRelease.empty() ||
                                                     reader.metadata().osRelease == names.release);
    if (!sameKernel) return std::async(std::launch::deferred, [] { return KernelSymbols{}; });
    return std::async(std::launch::async, [] { return KernelSymbols::fromProc(); });
}

// The lowest address of a mapped record that the orderer or the builder still needs, or nullptr.
const void *oldestHeld(const RecordOrderer &orderer, const ProfileBuilder &builder) {
    const void *queued = orderer.oldestStable();
    const void *pending = builder.oldestPendingRecord();
    if (!queued || !pending) return queued ? queued : pending;
    return std::min(queued, pending, std::less<const void *>());
}

} // namespace

std::shared_ptr<const Profile> loadProfile(const std::string &path, const LoadOptions &options) {
    PerfDataReader reader(path);
    if (options.stopFollowing) reader.follow(options.stopFollowing);
    // Kernel symbols load on a second thread while the records are read; frames are named at the end.
    auto kernelSymbols = kernelSymbolsFor(reader, options);
    ProfileBuilder builder{KernelSymbols{}};
    builder.setSymbolSearch({options.sysroot, options.debugPaths});
    builder.setBuildIds(reader.metadata().buildIds);
    if (!options.jitMapDirectory.empty()) builder.setJitMapDirectory(options.jitMapDirectory);
    builder.setInlineFrames(options.inlineFrames, options.inlineFramesFromDebugFiles);
    builder.setUnwindThreads(options.unwindThreads);
    {
        utsname names{};
        builder.setVdsoOfThisMachine(::uname(&names) == 0 && (reader.metadata().osRelease.empty() ||
                                                              reader.metadata().osRelease == names.release));
    }
    size_t knownEvents = reader.events().size();
    builder.setEvents(reader.events());
    if (!reader.isPipe() && !reader.isFollowing()) builder.setExpectedBytes(reader.bytesTotal());
    RecordOrderer orderer(
        [&builder](const perf_event_header *record, bool stable) { builder.addRecord(record, stable); });
    orderer.setEvents(reader.events());
    uint64_t records = 0;
    while (const perf_event_header *record = reader.next()) {
        if (reader.events().size() != knownEvents) { // pipe mode: attributes arrive as records
            knownEvents = reader.events().size();
            orderer.flush();
            builder.setEvents(reader.events());
            orderer.setEvents(reader.events());
        }
        orderer.push(record, reader.lastRecordIsMapped());
        if ((++records & 0x3f) == 0) reader.discardBefore(oldestHeld(orderer, builder));
        if ((records & 0xfff) == 0) {
            if (options.cancel && options.cancel->load(std::memory_order_relaxed)) throw Cancelled();
            if (options.progress && reader.bytesTotal() > 0)
                options.progress(static_cast<double>(reader.bytesConsumed()) / reader.bytesTotal());
        }
    }
    orderer.flush();
    if (reader.events().size() != knownEvents) builder.setEvents(reader.events());
    builder.setKernelSymbols(kernelSymbols.get());
    auto profile = builder.finish();
    profile->hostname = reader.metadata().hostname;
    profile->osRelease = reader.metadata().osRelease;
    profile->cmdline = reader.metadata().cmdline;
    // Event names come from EVENT_DESC, which is read before the data; refresh them.
    for (size_t i = 0; i < profile->events.size() && i < reader.events().size(); ++i)
        profile->events[i].name = reader.events()[i].name;
    for (const auto &notice : reader.notices())
        profile->diagnostics.notices.push_back(notice);
    if (options.progress) options.progress(1.0);
    return profile;
}

} // namespace perfglass
