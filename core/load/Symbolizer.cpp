#include "load/Symbolizer.h"

#include "base/ProcFs.h"
#include "base/UniqueFd.h"

#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

namespace perfglass {

namespace {

bool isAnonymous(const std::string &path) {
    return path.empty() || path.starts_with("//anon") || path.starts_with("[anon") ||
           path.starts_with("/memfd:") || path == "[heap]" || path == "[stack]";
}

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

// The vdso is not a file: this process's own copy is the recorded one when the kernel is the same. It is
// handed to libdw through a memory file.
Expected<std::unique_ptr<ElfSymbols>> openOwnVdso() {
    const std::span<const uint8_t> image = ownVdsoImage();
    if (image.empty())
        return unexpected(std::string("[vdso]: this process has no vdso to read symbols from"));
    const UniqueFd fd(::memfd_create("perfglass-vdso", MFD_CLOEXEC));
    if (!fd.valid()) return unexpected(std::string("[vdso]: memfd_create failed"));
    if (::write(fd.get(), image.data(), image.size()) != static_cast<ssize_t>(image.size()))
        return unexpected(std::string("[vdso]: could not copy the image"));
    return ElfSymbols::open(fmt::format("/proc/self/fd/{}", fd.get()));
}

} // namespace

Symbolizer::Symbolizer(Profile &profile, ProfileInterner &interner, ProcessTable &processes)
    : profile_(profile)
    , interner_(interner)
    , processes_(processes) {}

Symbolizer::~Symbolizer() = default;

void Symbolizer::expectBuildId(const std::string &path, std::span<const uint8_t> buildId) {
    expectedBuildIds_[path].assign(buildId.begin(), buildId.end());
}

void Symbolizer::setInlineFrames(bool enabled, bool fromDebugFiles) {
    withInlineFrames_ = enabled;
    inlineFromDebugFiles_ = fromDebugFiles;
}

Expected<std::unique_ptr<ElfSymbols>> Symbolizer::openSymbols(const std::string &path) {
    if (path == "[vdso]" && !vdsoOfThisMachine_)
        return unexpected(std::string("[vdso] of another kernel: its image is not in the recording"));
    auto symbols = path == "[vdso]" ? openOwnVdso() : ElfSymbols::open(path, search_);
    if (!symbols) return symbols;
    const auto expected = expectedBuildIds_.find(path);
    const auto actual = (*symbols)->buildId();
    if (expected != expectedBuildIds_.end() && !actual.empty() && !sameBuildId(expected->second, actual))
        return unexpected(
            fmt::format("{} has build id {}, but the recording has {}: a different file, not used",
                        (*symbols)->path(), hex(actual), hex(expected->second)));
    return symbols;
}

ElfSymbols *Symbolizer::symbolsFor(ModuleId module) {
    if (module < symbolsOpened_.size() && symbolsOpened_[module]) return symbols_[module].get();
    auto opened = openSymbols(profile_.modulePath(module));
    std::unique_ptr<ElfSymbols> symbols = opened ? std::move(*opened) : nullptr;
    if (!opened) {
        profile_.modules[module].hasSymbols = false;
        moduleErrors_[module] = opened.error();
    } else if (!symbols->hasSymbols()) {
        profile_.modules[module].hasSymbols = false;
        moduleErrors_[module] =
            symbols->path() + " has no symbol table (stripped) and no debug file was found";
    }
    if (symbols_.size() <= module) {
        symbols_.resize(module + 1);
        symbolsOpened_.resize(module + 1, false);
    }
    symbols_[module] = std::move(symbols);
    symbolsOpened_[module] = true;
    return symbols_[module].get();
}

const JitMap *Symbolizer::jitMapFor(uint32_t pid) {
    auto found = jitMaps_.find(pid);
    if (found == jitMaps_.end())
        found =
            jitMaps_.emplace(pid, JitMap::load(fmt::format("{}/perf-{}.map", jitMapDirectory_, pid))).first;
    return found->second.empty() ? nullptr : &found->second;
}

// Code in anonymous memory or outside every mapping may be JIT code named by /tmp/perf-PID.map.
std::optional<FrameId> Symbolizer::jitFrame(uint32_t pid, uint64_t address) {
    const JitMap *map = jitMapFor(pid);
    if (!map) return std::nullopt;
    const std::string *name = map->find(address);
    if (!name) return std::nullopt;
    const ModuleId module = interner_.moduleFor(fmt::format("{}/perf-{}.map", jitMapDirectory_, pid), false);
    const FrameId found = interner_.findFrame(module, address);
    return found != ProfileInterner::kNoFrame ? found : interner_.addFrame(module, address, *name);
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
        if (const auto frame = jitFrame(pid, address)) return *frame;
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
                                           SeenSymbols *seen) {
    // Frames of one stack mostly lie in a few mappings: the last one found is tried first (the maps do not
    // change while a sample is unwound).
    return
        [this, maps, symbolsLock, seen, last = Mapping{},
         lastSymbols = static_cast<ElfSymbols *>(nullptr)](uint64_t address, CodeLocation &location) mutable {
            if (!maps) return false;
            if (address < last.start || address >= last.end) {
                const auto mapping = maps->find(address);
                if (!mapping) return false;
                last = *mapping;
                lastSymbols = symbolsSeen(last.module, symbolsLock, seen);
            }
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
    noteBuildIds();
    noteUnresolvedModules();
    nameKernelFrames();
}

// Each module's build id: the one the recording names, else that of the file read for its symbols.
void Symbolizer::noteBuildIds() {
    for (ModuleId module = 0; module < profile_.modules.size(); ++module) {
        const auto expected = expectedBuildIds_.find(profile_.modulePath(module));
        if (expected != expectedBuildIds_.end() && !expected->second.empty()) {
            std::vector<uint8_t> bytes = expected->second;
            while (bytes.size() > 20 && bytes.back() == 0) // perf pads build ids to 20 bytes or more
                bytes.pop_back();
            profile_.modules[module].buildId = hex(bytes);
        } else if (module < symbols_.size() && symbols_[module]) {
            profile_.modules[module].buildId = hex(symbols_[module]->buildId());
        }
    }
}

void Symbolizer::nameKernelFrames() {
    std::vector<uint64_t> addresses;
    addresses.reserve(unnamedKernelFrames_.size());
    for (FrameId id : unnamedKernelFrames_)
        addresses.push_back(profile_.frames[id].address);
    const std::vector<std::string> names = kernelSymbols_.symbolsAt(addresses);
    for (size_t i = 0; i < unnamedKernelFrames_.size(); ++i) {
        Frame &frame = profile_.frames[unnamedKernelFrames_[i]];
        if (names[i].empty()) ++profile_.diagnostics.framesWithoutSymbol;
        frame.function = interner_.functionFor(interner_.kernelModule(),
                                               names[i].empty() ? std::string("[unknown]") : names[i]);
    }
    unnamedKernelFrames_.clear();
}

void Symbolizer::noteUnresolvedModules() {
    std::vector<uint64_t> framesPerModule(profile_.modules.size(), 0);
    for (const Frame &frame : profile_.frames)
        ++framesPerModule[frame.module];
    for (ModuleId module = 0; module < profile_.modules.size(); ++module) {
        if (module == interner_.unknownModule() || framesPerModule[module] == 0) continue;
        const auto error = moduleErrors_.find(module);
        if (error == moduleErrors_.end()) continue;
        ++profile_.diagnostics.modulesWithoutSymbols;
        profile_.diagnostics.notices.push_back(coreMessage(MessageKind::NoSymbolsForModule,
                                                           profile_.modulePath(module),
                                                           framesPerModule[module], error->second));
    }
    if (kernelSymbols_.empty() && !unnamedKernelFrames_.empty())
        profile_.diagnostics.notices.push_back(
            coreMessage(MessageKind::NoKernelSymbols, unnamedKernelFrames_.size()));
}

} // namespace perfglass
