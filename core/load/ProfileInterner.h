// Gives modules, functions, frames and stacks their ids in a Profile's tables, each value stored once:
// modules by path, functions by (module, name), frames by (module, address) and stacks by (frame, parent) as
// a prefix tree. One address with inline frames is a chain of consecutive frames, innermost first.
#pragma once

#include "base/IdHashIndex.h"
#include "profile/Profile.h"
#include "symbols/ElfSymbols.h"

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfglass {

class ProfileInterner {
public:
    static constexpr FrameId kNoFrame = std::numeric_limits<FrameId>::max();

    // Adds the modules of addresses in no mapping ("[unknown]") and of the kernel.
    explicit ProfileInterner(Profile &profile);

    ModuleId unknownModule() const { return unknownModule_; }
    ModuleId kernelModule() const { return kernelModule_; }
    // The module of the file at PATH; with BUILDID (a mapping that names it), of that very file: two files at
    // one path (a container's and the host's, a binary rebuilt while the recording ran) are two modules,
    // while one file is one module whether or not each of its mappings names its build id.
    ModuleId moduleFor(const std::string &path, bool kernel, std::span<const uint8_t> buildId = {});
    // The build id MODULE's mappings named; empty when none did.
    const std::vector<uint8_t> &mappedBuildId(ModuleId module) const { return mappedBuildIds_[module]; }
    FunctionId functionFor(ModuleId module, const std::string &name);
    // The frame cached for (module, address) (the first of its inline chain), or kNoFrame.
    FrameId findFrame(ModuleId module, uint64_t address) const {
        const auto &frames = profile_.frames;
        return frameIndex_.find(addressHash(module, address), [&](uint32_t id) {
            return frames[id].address == address && frames[id].module == module;
        });
    }
    // A new frame for (module, address), not found before, of function name.
    FrameId addFrame(ModuleId module, uint64_t address, const std::string &name);
    // A new frame whose function is set later (kernel frames, named once the kernel symbols are loaded), or
    // is FUNCTION.
    FrameId addUnnamedFrame(ModuleId module, uint64_t address, FunctionId function = 0);
    // New frames for the inline chain of (module, address), innermost first; returns the first.
    FrameId addInlineChain(ModuleId module, uint64_t address, std::span<const InlineFrame> chain);
    // The stack of frame (with the rest of its inline chain, outermost first) called from parent.
    StackId pushFrame(FrameId frame, StackId parent) {
        for (uint32_t k = chainLength_[frame]; k-- > 0;)
            parent = stackFor(frame + k, parent);
        return parent;
    }
    StackId stackFor(FrameId frame, StackId parent);

private:
    static uint64_t addressHash(ModuleId module, uint64_t address) {
        return address ^ (uint64_t{module} << 44);
    }
    static uint64_t pairHash(uint32_t a, uint32_t b) { return uint64_t{a} << 32 | b; }
    void indexFrame(FrameId id);

    Profile &profile_;
    // The modules of each path: one, unless mappings named different build ids for it (then one per build id,
    // the first also taking the mappings that name none).
    std::unordered_map<std::string, std::vector<ModuleId>> modulesByPath_;
    std::vector<std::vector<uint8_t>> mappedBuildIds_; // by module
    IdHashIndex frameIndex_;                           // (module, address) -> first frame of its chain
    IdHashIndex stackIndex_;                           // (frame, parent) -> stack
    IdHashIndex functionIndex_;                        // (module, name) -> function
    std::vector<uint32_t> chainLength_; // per frame: frames of its inline chain from it outwards
    ModuleId unknownModule_;
    ModuleId kernelModule_;
};

} // namespace perfglass
