#include "analysis/UnresolvedFrames.h"

#include "profile/SamplesPerStackFrom.h"

#include <algorithm>

namespace perfglass {

namespace {

constexpr const char *kUnknownName = "[unknown]";

std::vector<uint64_t> samplesPerStack(const Profile &profile) {
    std::vector<uint64_t> counts(profile.stacks.size(), 0);
    for (StackId stack : profile.samples.stack)
        if (stack != kNoStack && stack < counts.size()) ++counts[stack];
    return counts;
}

// Sums the unnamed frames of stacks, stack by stack, onto what an earlier count found.
class UnnamedFrameCounter {
public:
    UnnamedFrameCounter(const Profile &profile, const UnresolvedFrames &earlier)
        : profile_(profile)
        , unnamed_(profile.frames.size(), kNotLookedAt)
        , byModule_(profile.modules.size())
        , lastStackOfModule_(profile.modules.size(), kNoStack) {
        result_.samples = earlier.samples;
        result_.framesSeen = earlier.framesSeen;
        result_.framesSeen.resize(profile.frames.size(), false);
        for (const UnresolvedModule &module : earlier.modules)
            if (module.module < byModule_.size()) byModule_[module.module] = module;
    }

    // COUNT more samples of stack LEAF.
    void add(StackId leaf, uint64_t count) {
        bool any = false;
        for (StackId walk = leaf; walk != kNoStack; walk = profile_.stacks[walk].parent) {
            const FrameId frame = profile_.stacks[walk].frame;
            if (!unnamed(frame)) continue;
            const ModuleId module = profile_.frames[frame].module;
            UnresolvedModule &entry = byModule_[module];
            if (!result_.framesSeen[frame]) {
                result_.framesSeen[frame] = true;
                ++entry.frames;
            }
            if (walk == leaf) entry.leafSamples += count;
            if (lastStackOfModule_[module] != leaf) { // once per stack and module
                lastStackOfModule_[module] = leaf;
                entry.samples += count;
            }
            any = true;
        }
        if (any) result_.samples += count;
    }

    UnresolvedFrames finish() {
        result_.totalSamples = profile_.samples.size();
        result_.modules.clear();
        for (ModuleId module = 0; module < byModule_.size(); ++module) {
            if (byModule_[module].samples == 0) continue;
            byModule_[module].module = module;
            byModule_[module].unmapped = profile_.modulePath(module) == kUnknownName;
            result_.modules.push_back(byModule_[module]);
        }
        std::sort(result_.modules.begin(), result_.modules.end(),
                  [](const UnresolvedModule &a, const UnresolvedModule &b) {
                      return a.samples != b.samples ? a.samples > b.samples : a.module < b.module;
                  });
        return std::move(result_);
    }

private:
    static constexpr int8_t kNotLookedAt = -1;

    // Whether a frame is unnamed: its function is "[unknown]" (the symbolizer's name for what it could not
    // name, in its module or in the "[unknown]" module of unmapped addresses). Looked up once per frame.
    bool unnamed(FrameId frame) {
        int8_t &known = unnamed_[frame];
        if (known == kNotLookedAt)
            known = profile_.functionName(profile_.frames[frame].function) == kUnknownName;
        return known != 0;
    }

    const Profile &profile_;
    std::vector<int8_t> unnamed_;
    std::vector<UnresolvedModule> byModule_;
    std::vector<StackId> lastStackOfModule_;
    UnresolvedFrames result_;
};

} // namespace

UnresolvedFrames UnresolvedFrames::compute(const Profile &profile) {
    return compute(profile, samplesPerStack(profile));
}

UnresolvedFrames UnresolvedFrames::compute(const Profile &profile, const std::vector<uint64_t> &counts) {
    UnnamedFrameCounter counter(profile, UnresolvedFrames{});
    for (StackId leaf = 0; leaf < profile.stacks.size(); ++leaf)
        if (counts[leaf] != 0) counter.add(leaf, counts[leaf]);
    return counter.finish();
}

UnresolvedFrames UnresolvedFrames::extend(const UnresolvedFrames &previous, const Profile &profile) {
    UnnamedFrameCounter counter(profile, previous);
    for (const auto &[stack, count] : samplesPerStackFrom(profile, previous.totalSamples))
        counter.add(stack, count);
    return counter.finish();
}

} // namespace perfglass
