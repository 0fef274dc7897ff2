#include "load/Symbolizer.h"

#include "identity/BuildIdCache.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>

namespace perfglass {

namespace {

bool isAnonymous(const std::string &path) {
    return path.empty() || path.starts_with("//anon") || path.starts_with("[anon") ||
           path.starts_with("/memfd:") || path == "[heap]" || path == "[stack]";
}

} // namespace

Symbolizer::Symbolizer(Profile &profile, ProfileInterner &interner, ProcessTable &processes)
    : profile_(profile)
    , interner_(interner)
    , processes_(processes)
    , jit_(profile, interner) {}

Symbolizer::~Symbolizer() = default;

void Symbolizer::expectBuildId(const std::string &path, std::span<const uint8_t> buildId) {
    expectedBuildIds_[path].assign(buildId.begin(), buildId.end());
}

// MODULE's own build id (its mappings'), else the one the recording names for its path; null when neither.
const std::vector<uint8_t> *Symbolizer::expectedBuildId(ModuleId module) const {
    if (const auto &own = interner_.mappedBuildId(module); !own.empty()) return &own;
    const auto byPath = expectedBuildIds_.find(profile_.modulePath(module));
    return byPath != expectedBuildIds_.end() && !byPath->second.empty() ? &byPath->second : nullptr;
}

void Symbolizer::setInlineFrames(bool enabled, bool fromDebugFiles) {
    withInlineFrames_ = enabled;
    inlineFromDebugFiles_ = fromDebugFiles;
}

void Symbolizer::noteMappedBy(const std::string &path, uint32_t pid) {
    constexpr size_t kProcessesKept =
        8; // the first ones: a module in many processes is rarely in a container
    auto &pids = mappedBy_[path];
    if (pids.size() < kProcessesKept && std::find(pids.begin(), pids.end(), pid) == pids.end())
        pids.push_back(pid);
    jit_.noteMmap(pid, path); // a runtime maps its jitdump so that the recording names it
}

Expected<FoundModule> Symbolizer::openSymbols(ModuleId module) const {
    const std::string path = profile_.modulePath(module);
    const auto pids = mappedBy_.find(path);
    RecordedModule recorded{path, {}, {}};
    if (const auto *expected = expectedBuildId(module)) recorded.buildId = *expected;
    if (pids != mappedBy_.end()) recorded.pids = pids->second;
    return finder_.open(recorded);
}

ElfSymbols *Symbolizer::symbolsFor(ModuleId module) {
    if (module < symbolsOpened_.size() && symbolsOpened_[module]) return symbols_[module].get();
    auto opened = openSymbols(module);
    std::unique_ptr<ElfSymbols> symbols = opened ? std::move(opened->symbols) : nullptr;
    if (!opened) {
        profile_.modules[module].hasSymbols = false;
        moduleErrors_[module] = opened.error();
    } else if (!symbols->hasSymbols()) {
        profile_.modules[module].hasSymbols = false;
        moduleErrors_[module] =
            symbols->path() + " has no symbol table (stripped) and no debug file was found";
    }
    if (opened && !opened->warning.empty()) moduleWarnings_[module] = opened->warning;
    if (symbols_.size() <= module) {
        symbols_.resize(module + 1);
        symbolsOpened_.resize(module + 1, false);
        filePaths_.resize(module + 1);
    }
    if (opened) filePaths_[module] = opened->filePath;
    symbols_[module] = std::move(symbols);
    symbolsOpened_[module] = true;
    return symbols_[module].get();
}

FrameId Symbolizer::kernelFrame(uint64_t address) {
    const ModuleId kernel = interner_.kernelModule();
    const FrameId found = interner_.findFrame(kernel, address);
    if (found != ProfileInterner::kNoFrame) return found;
    const FrameId id = interner_.addUnnamedFrame(kernel, address);
    unnamedKernelFrames_.push_back(id);
    return id;
}

FrameId Symbolizer::brokenStackFrame() {
    const FrameId found = interner_.findFrame(interner_.unknownModule(), 1);
    return found != ProfileInterner::kNoFrame
               ? found
               : interner_.addFrame(interner_.unknownModule(), 1, kBrokenStackName);
}

FrameId Symbolizer::userFrame(uint32_t pid, uint64_t address, bool isReturnAddress) {
    const ProcessMaps *process = processes_.mapsOf(pid);
    std::optional<Mapping> mapping;
    if (process) mapping = process->find(address);
    if (!mapping || isAnonymous(profile_.modulePath(mapping->module))) {
        if (const auto frame = jit_.frame(pid, address, sampleTime_)) return *frame;
    }
    if (!mapping) {
        const FrameId found = interner_.findFrame(interner_.unknownModule(), 0);
        return found != ProfileInterner::kNoFrame
                   ? found
                   : interner_.addFrame(interner_.unknownModule(), 0, "[unknown]");
    }
    ElfSymbols *symbols = symbolsFor(mapping->module);
    const uint64_t fileOffset = address - mapping->start + mapping->fileOffset;
    const uint64_t elfAddress = symbols ? symbols->addressForFileOffset(fileOffset) : fileOffset;
    // A return address points after the call; the call itself, one byte earlier, names the caller's line.
    const uint64_t lookup = isReturnAddress && elfAddress > 0 ? elfAddress - 1 : elfAddress;
    const FrameId found = interner_.findFrame(mapping->module, lookup);
    return found != ProfileInterner::kNoFrame ? found : symbolizedFrame(mapping->module, lookup, symbols);
}

// The frames of an address not seen before: its inline chain from DWARF when there is one, else the
// function of the symbol table.
FrameId Symbolizer::symbolizedFrame(ModuleId module, uint64_t address, ElfSymbols *symbols) {
    if (symbols && withInlineFrames_ && (inlineFromDebugFiles_ || symbols->hasOwnDebugInfo())) {
        chainScratch_.clear();
        symbols->inlineChain(address, chainScratch_);
        if (!chainScratch_.empty() && !chainScratch_.back().name.empty())
            return interner_.addInlineChain(module, address, chainScratch_);
    }
    SymbolMatch match;
    if (symbols) match = symbols->symbolAt(address);
    if (match.name.empty()) {
        ++profile_.diagnostics.framesWithoutSymbol;
        return interner_.addFrame(module, address, "[unknown]");
    }
    return interner_.addFrame(module, address, match.name);
}

DwarfUnwinder::Locate Symbolizer::locateIn(const ProcessMaps *maps, HandoffMutex *symbolsLock,
                                           SeenSymbols *seen, std::optional<JitContext> jit) {
    // Frames of one stack mostly lie in a few mappings: the last one found is tried first (the maps do not
    // change while a sample is unwound). JIT code lies in mappings without a file, or in none.
    return
        [this, maps, symbolsLock, seen, jit, last = Mapping{},
         lastSymbols = static_cast<ElfSymbols *>(nullptr)](uint64_t address, CodeLocation &location) mutable {
            if (!maps) return false;
            if (address < last.start || address >= last.end) {
                const auto mapping = maps->find(address);
                if (!mapping) return jit && jit_.locateUnwinding(jit->pid, address, jit->time, location);
                last = *mapping;
                lastSymbols = symbolsSeen(last.module, symbolsLock, seen);
            }
            if (!lastSymbols && jit && jit_.locateUnwinding(jit->pid, address, jit->time, location))
                return true;
            location.module = last.module;
            location.symbols = lastSymbols;
            const uint64_t fileOffset = address - last.start + last.fileOffset;
            location.elfAddress =
                location.symbols ? location.symbols->addressForFileOffset(fileOffset) : fileOffset;
            return true;
        };
}

// The module's symbols as an unwinding thread sees them: from what it saw before (seen), else opened under
// the lock and noted there.
ElfSymbols *Symbolizer::symbolsSeen(ModuleId module, HandoffMutex *symbolsLock, SeenSymbols *seen) {
    if (seen && module < seen->size() && (*seen)[module].first) return (*seen)[module].second;
    std::unique_lock<HandoffMutex> guard;
    if (symbolsLock) guard = std::unique_lock(*symbolsLock);
    ElfSymbols *symbols = symbolsFor(module);
    if (seen) {
        if (seen->size() <= module) seen->resize(module + 1);
        (*seen)[module] = {true, symbols};
    }
    return symbols;
}

bool Symbolizer::endsAtEntryPoint(uint32_t pid, uint64_t pc) {
    CodeLocation location;
    if (!locateIn(processes_.mapsOf(pid), nullptr)(pc, location) || !location.symbols) return false;
    return location.symbols->symbolAt(location.elfAddress).name == "_start";
}

void Symbolizer::finish() {
    describeSoFar(profile_);
    nameKernelFrames();
}

void Symbolizer::describeSoFar(Profile &snapshot) {
    jit_.addNotices(snapshot);
    noteBuildIds(snapshot);
    noteFilesUsed(snapshot);
    noteUnresolvedModules(snapshot);
}

// Each module's build id: the one the recording names, else that of the file read for its symbols.
void Symbolizer::noteBuildIds(Profile &target) const {
    for (ModuleId module = 0; module < target.modules.size(); ++module) {
        if (const auto *expected = expectedBuildId(module)) {
            target.modules[module].buildId = buildIdHex(*expected);
        } else if (module < symbols_.size() && symbols_[module]) {
            target.modules[module].buildId = buildIdHex(symbols_[module]->buildId());
        }
    }
}

// Which file named each module's frames, for those that read the module again (annotate, script).
void Symbolizer::noteFilesUsed(Profile &target) const {
    for (ModuleId module = 0; module < target.modules.size() && module < filePaths_.size(); ++module)
        if (symbols_[module]) target.modules[module].filePath = filePaths_[module];
}

void Symbolizer::nameKernelFrames() {
    std::vector<uint64_t> addresses;
    addresses.reserve(unnamedKernelFrames_.size());
    for (FrameId id : unnamedKernelFrames_)
        addresses.push_back(profile_.frames[id].address);
    const std::vector<std::string> names = kernelSymbols_.symbolsAt(addresses);
    for (size_t i = 0; i < unnamedKernelFrames_.size(); ++i) {
        Frame &frame = profile_.frames.edit(unnamedKernelFrames_[i]);
        if (names[i].empty()) ++profile_.diagnostics.framesWithoutSymbol;
        frame.function = interner_.functionFor(interner_.kernelModule(),
                                               names[i].empty() ? std::string("[unknown]") : names[i]);
    }
    kernelFramesNamed_ += unnamedKernelFrames_.size();
    unnamedKernelFrames_.clear();
}

// The frames of each module among the profile's first FRAMES (a frame's module never changes): counted once,
// snapshot by snapshot.
void Symbolizer::countFramesPerModule(size_t frames) {
    framesPerModule_.resize(std::max(framesPerModule_.size(), profile_.modules.size()), 0);
    for (; framesCounted_ < frames; ++framesCounted_)
        ++framesPerModule_[profile_.frames[framesCounted_].module];
}

void Symbolizer::noteUnresolvedModules(Profile &target) {
    countFramesPerModule(target.frames.size());
    for (ModuleId module = 0; module < target.modules.size(); ++module) {
        if (module == interner_.unknownModule() || framesPerModule_[module] == 0) continue;
        const auto error = moduleErrors_.find(module);
        if (error == moduleErrors_.end()) continue;
        ++target.diagnostics.modulesWithoutSymbols;
        target.diagnostics.notices.push_back(coreMessage(MessageKind::NoSymbolsForModule,
                                                         target.modulePath(module), framesPerModule_[module],
                                                         error->second));
    }
    for (const auto &[module, warning] : moduleWarnings_)
        if (module < framesPerModule_.size() && framesPerModule_[module] > 0)
            target.diagnostics.notices.push_back(textMessage(warning));
    // The kernel frames of the whole profile: those the snapshots named too.
    const size_t kernelFrames = kernelFramesNamed_ + unnamedKernelFrames_.size();
    if (kernelSymbols_.empty() && kernelFrames > 0)
        target.diagnostics.notices.push_back(coreMessage(MessageKind::NoKernelSymbols, kernelFrames));
}

} // namespace perfglass
