// Names the frames of a Profile: user addresses through the module mapped at them (ELF symbols, inline
// frames from DWARF, the vdso, JIT maps of perf-PID.map files), kernel addresses through the kernel symbols
// at the end. Opens each module once, checks its build id against the recording's, and says which modules
// stayed without symbols. Also gives the unwinder its view of where code lies (Locate).
#pragma once

#include "load/JitSymbols.h"
#include "load/ProcessTable.h"
#include "load/ProfileInterner.h"
#include "profile/Profile.h"
#include "symbols/ElfSymbols.h"
#include "symbols/KernelSymbols.h"
#include "symbols/ModuleFinder.h"
#include "unwind/DwarfUnwinder.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfglass {

class Symbolizer {
public:
    Symbolizer(Profile &profile, ProfileInterner &interner, ProcessTable &processes);
    ~Symbolizer();
    Symbolizer(const Symbolizer &) = delete;
    Symbolizer &operator=(const Symbolizer &) = delete;

    void setKernelSymbols(KernelSymbols kernelSymbols) { kernelSymbols_ = std::move(kernelSymbols); }
    // Where modules are looked for (symbols/ModuleFinder.h: the one lookup order).
    void setModuleSearch(ModuleSearch search) { finder_ = ModuleFinder(std::move(search)); }
    // A file at path with another build id is not used for symbols or unwinding: PATH's build id from the
    // recording's build-id table, unless a module's mappings named its own (ProfileInterner::mappedBuildId).
    void expectBuildId(const std::string &path, std::span<const uint8_t> buildId);
    // Process pid mapped the file recorded at path: while it runs, its own root (/proc/PID/root) may hold it.
    void noteMappedBy(const std::string &path, uint32_t pid);
    // JIT code's names (jitdumps, perf maps): configured by the loader, told of mmaps by the builder.
    JitSymbols &jit() { return jit_; }
    // The time of the sample whose frames are named next: JIT code at a reused address is named by it.
    void setSampleTime(uint64_t time) { sampleTime_ = time; }
    void setInlineFrames(bool enabled, bool fromDebugFiles);

    FrameId userFrame(uint32_t pid, uint64_t address, bool isReturnAddress);
    // Kernel frames are named in finish(), so that the kernel symbols can load while the records are read.
    FrameId kernelFrame(uint64_t address);
    FrameId brokenStackFrame();
    // Whether pc lies in _start, the entry point, whose missing CFI ends every stack.
    bool endsAtEntryPoint(uint32_t pid, uint64_t pc);
    // The symbols of the modules one unwinding thread has looked up (nullptr: none), by module id; known
    // entries need no lock.
    using SeenSymbols = std::vector<std::pair<bool, ElfSymbols *>>;
    // The process and sample time whose JIT code a Locate finds (through its jitdumps' unwinding
    // information).
    struct JitContext {
        uint32_t pid = 0;
        uint64_t time = 0;
    };
    // With symbolsLock, the Locate may run on an unwinding thread: it only reads the maps and jitdumps, and
    // opens modules under the lock (once per module and thread, when the thread keeps what it saw in seen).
    DwarfUnwinder::Locate locateIn(const ProcessMaps *maps, HandoffMutex *symbolsLock,
                                   SeenSymbols *seen = nullptr, std::optional<JitContext> jit = std::nullopt);
    // Notes the modules without symbols, then names the kernel frames.
    void finish();
    // Names the kernel frames met since the last call (a snapshot of a growing profile); finish() names the
    // rest.
    void nameKernelFramesSoFar() { nameKernelFrames(); }
    // What finish() adds to the profile, as far as it is known now, into SNAPSHOT (a copy of the profile so
    // far, its kernel frames named): the modules' build ids and files, the notices of modules without
    // symbols and of unreadable jitdumps. Costs a pass over the modules and the frames added since the last
    // call.
    void describeSoFar(Profile &snapshot);

private:
    ElfSymbols *symbolsFor(ModuleId module);
    ElfSymbols *symbolsSeen(ModuleId module, HandoffMutex *symbolsLock, SeenSymbols *seen);
    // The module's file and symbols (ModuleFinder), or why they cannot be used.
    Expected<FoundModule> openSymbols(ModuleId module) const;
    const std::vector<uint8_t> *expectedBuildId(ModuleId module) const;
    FrameId symbolizedFrame(ModuleId module, uint64_t address, ElfSymbols *symbols);
    void noteBuildIds(Profile &target) const;
    void nameKernelFrames();
    void noteUnresolvedModules(Profile &target);
    void countFramesPerModule(size_t frames);
    void noteFilesUsed(Profile &target) const;

    Profile &profile_;
    ProfileInterner &interner_;
    ProcessTable &processes_;
    KernelSymbols kernelSymbols_;
    std::vector<FrameId> unnamedKernelFrames_;
    size_t kernelFramesNamed_ = 0;          // by the snapshots so far (nameKernelFramesSoFar)
    std::vector<uint64_t> framesPerModule_; // of the first framesCounted_ frames
    size_t framesCounted_ = 0;
    std::vector<std::unique_ptr<ElfSymbols>> symbols_; // by module
    std::vector<bool> symbolsOpened_;                  // by module: whether symbols_ was tried
    std::vector<std::string> filePaths_;               // by module: the file that named its frames
    std::unordered_map<ModuleId, std::string> moduleErrors_;
    std::map<ModuleId, std::string> moduleWarnings_; // used, but maybe another build
    ModuleFinder finder_;
    std::unordered_map<std::string, std::vector<uint8_t>> expectedBuildIds_; // by path
    std::unordered_map<std::string, std::vector<uint32_t>> mappedBy_; // by path: the processes, first first
    JitSymbols jit_;
    uint64_t sampleTime_ = 0;
    bool withInlineFrames_ = false;
    bool inlineFromDebugFiles_ = false;
    std::vector<InlineFrame> chainScratch_;
};

} // namespace perfglass
