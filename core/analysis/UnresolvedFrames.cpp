#include "analysis/UnresolvedFrames.h"

#include <algorithm>

namespace perfglass {

namespace {

constexpr const char *kUnknownName = "[unknown]";

// Whether each frame is unnamed: its function is "[unknown]" (the symbolizer's name for what it could not
// name, in its module or in the "[unknown]" module of unmapped addresses).
std::vector<bool> unnamedFrames(const Profile &profile) {
    std::vector<bool> unknownFunction(profile.functions.size(), false);
    for (FunctionId f = 0; f < profile.functions.size(); ++f)
        unknownFunction[f] = profile.functionName(f) == kUnknownName;
    std::vector<bool> unnamed(profile.frames.size(), false);
    for (FrameId frame = 0; frame < profile.frames.size(); ++frame)
        unnamed[frame] = unknownFunction[profile.frames[frame].function];
    return unnamed;
}

std::vector<uint64_t> samplesPerStack(const Profile &profile) {
    std::vector<uint64_t> counts(profile.stacks.size(), 0);
    for (StackId stack : profile.samples.stack)
        if (stack != kNoStack && stack < counts.size()) ++counts[stack];
    return counts;
}

} // namespace

UnresolvedFrames UnresolvedFrames::compute(const Profile &profile) {
    return compute(profile, samplesPerStack(profile));
}

UnresolvedFrames UnresolvedFrames::compute(const Profile &profile, const std::vector<uint64_t> &counts) {
    UnresolvedFrames result;
    result.totalSamples = profile.samples.size();
    const std::vector<bool> unnamed = unnamedFrames(profile);
    std::vector<UnresolvedModule> byModule(profile.modules.size());
    std::vector<bool> frameSeen(profile.frames.size(), false);
    std::vector<StackId> lastStackOfModule(profile.modules.size(), kNoStack);
    for (StackId leaf = 0; leaf < profile.stacks.size(); ++leaf) {
        if (counts[leaf] == 0) continue;
        bool any = false;
        for (StackId walk = leaf; walk != kNoStack; walk = profile.stacks[walk].parent) {
            const FrameId frame = profile.stacks[walk].frame;
            if (!unnamed[frame]) continue;
            const ModuleId module = profile.frames[frame].module;
            UnresolvedModule &entry = byModule[module];
            if (!frameSeen[frame]) {
                frameSeen[frame] = true;
                ++entry.frames;
            }
            if (walk == leaf) entry.leafSamples += counts[leaf];
            if (lastStackOfModule[module] != leaf) { // once per stack and module
                lastStackOfModule[module] = leaf;
                entry.samples += counts[leaf];
            }
            any = true;
        }
        if (any) result.samples += counts[leaf];
    }
    for (ModuleId module = 0; module < byModule.size(); ++module) {
        if (byModule[module].samples == 0) continue;
        byModule[module].module = module;
        byModule[module].unmapped = profile.modulePath(module) == kUnknownName;
        result.modules.push_back(byModule[module]);
    }
    std::sort(result.modules.begin(), result.modules.end(),
              [](const UnresolvedModule &a, const UnresolvedModule &b) {
                  return a.samples != b.samples ? a.samples > b.samples : a.module < b.module;
              });
    return result;
}

} // namespace perfglass
