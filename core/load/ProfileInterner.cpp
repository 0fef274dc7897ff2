#include "load/ProfileInterner.h"

#include <algorithm>

namespace perfglass {

ProfileInterner::ProfileInterner(Profile &profile)
    : profile_(profile)
    , unknownModule_(moduleFor("[unknown]", false))
    , kernelModule_(moduleFor("[kernel.kallsyms]", true)) {}

ModuleId ProfileInterner::moduleFor(const std::string &path, bool kernel, std::span<const uint8_t> buildId) {
    std::vector<ModuleId> &modules = modulesByPath_[path];
    if (!modules.empty() && buildId.empty()) return modules.front();
    for (const ModuleId module : modules) {
        std::vector<uint8_t> &named = mappedBuildIds_[module];
        if (named.empty()) named.assign(buildId.begin(), buildId.end()); // mapped so far without naming it
        if (std::ranges::equal(named, buildId)) return module;
    }
    const auto id = static_cast<ModuleId>(profile_.modules.size());
    profile_.modules.push_back({profile_.strings.intern(path), kernel, true, {}, {}});
    mappedBuildIds_.emplace_back(buildId.begin(), buildId.end());
    modules.push_back(id);
    return id;
}

FunctionId ProfileInterner::functionFor(ModuleId module, const std::string &name) {
    const StringId nameId = profile_.strings.intern(name);
    const auto &functions = profile_.functions;
    const uint32_t found = functionIndex_.find(pairHash(module, nameId), [&](uint32_t id) {
        return functions[id].module == module && functions[id].name == nameId;
    });
    if (found != IdHashIndex::kAbsent) return found;
    const auto id = static_cast<FunctionId>(profile_.functions.size());
    profile_.functions.push_back({nameId, module});
    functionIndex_.insert(pairHash(module, nameId), id, [&](uint32_t other) {
        return pairHash(functions[other].module, functions[other].name);
    });
    return id;
}

void ProfileInterner::indexFrame(FrameId id) {
    const auto &frames = profile_.frames;
    frameIndex_.insert(addressHash(frames[id].module, frames[id].address), id, [&](uint32_t other) {
        return addressHash(frames[other].module, frames[other].address);
    });
}

FrameId ProfileInterner::addFrame(ModuleId module, uint64_t address, const std::string &name) {
    return addUnnamedFrame(module, address, functionFor(module, name));
}

FrameId ProfileInterner::addUnnamedFrame(ModuleId module, uint64_t address, FunctionId function) {
    const auto id = static_cast<FrameId>(profile_.frames.size());
    Frame frame{};
    frame.function = function;
    frame.module = module;
    frame.address = address;
    profile_.frames.push_back(frame);
    chainLength_.push_back(1);
    indexFrame(id);
    return id;
}

FrameId ProfileInterner::addInlineChain(ModuleId module, uint64_t address,
                                        std::span<const InlineFrame> chain) {
    const auto first = static_cast<FrameId>(profile_.frames.size());
    for (size_t k = 0; k < chain.size(); ++k) {
        const InlineFrame &entry = chain[k];
        Frame frame{};
        frame.function = functionFor(module, entry.name);
        frame.module = module;
        frame.address = address;
        frame.sourceFile = entry.sourceFile.empty() ? StringId{0} : profile_.strings.intern(entry.sourceFile);
        frame.line = entry.line;
        frame.inlined = entry.inlined;
        profile_.frames.push_back(frame);
        chainLength_.push_back(static_cast<uint32_t>(chain.size() - k));
    }
    indexFrame(first);
    return first;
}

StackId ProfileInterner::stackFor(FrameId frame, StackId parent) {
    const auto &stacks = profile_.stacks;
    const uint32_t found = stackIndex_.find(pairHash(frame, parent), [&](uint32_t id) {
        return stacks[id].frame == frame && stacks[id].parent == parent;
    });
    if (found != IdHashIndex::kAbsent) return found;
    const auto id = static_cast<StackId>(profile_.stacks.size());
    profile_.stacks.push_back({frame, parent});
    stackIndex_.insert(pairHash(frame, parent), id,
                       [&](uint32_t other) { return pairHash(stacks[other].frame, stacks[other].parent); });
    return id;
}

} // namespace perfglass
