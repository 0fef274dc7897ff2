#include "profile/SourceLocations.h"

#include "profile/SamplesPerStackFrom.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

namespace perfglass {

SourceLocations SourceLocations::compute(const Profile &profile) {
    return extend(SourceLocations{}, profile);
}

SourceLocations SourceLocations::extend(const SourceLocations &previous, const Profile &profile) {
    SourceLocations result;
    result.samplesPerFrame_ = previous.samplesPerFrame_;
    result.samplesPerFrame_.resize(profile.frames.size(), 0);
    // Samples per stack first (each sample's own stack, not its callers'), so each stack is walked once.
    for (const auto &[leaf, count] : samplesPerStackFrom(profile, previous.samplesCounted_)) {
        for (StackId walk = leaf; walk != kNoStack; walk = profile.stacks[walk].parent) {
            const FrameId frame = profile.stacks[walk].frame;
            if (frame < result.samplesPerFrame_.size()) result.samplesPerFrame_[frame] += count;
        }
    }
    result.samplesCounted_ = profile.samples.size();
    result.chooseLines(profile);
    return result;
}

// Each function's line with the most samples.
void SourceLocations::chooseLines(const Profile &profile) {
    byFunction_.assign(profile.functions.size(), SourceLocation{});
    knownCount_ = 0;
    // Frames of the same function and line (different addresses) add up.
    struct Key {
        FunctionId function;
        StringId file;
        uint32_t line;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        size_t operator()(const Key &key) const {
            return std::hash<uint64_t>()((uint64_t{key.function} << 32 | key.line) ^
                                         (uint64_t{key.file} << 20));
        }
    };
    std::unordered_map<Key, uint64_t, KeyHash> perLine;
    for (size_t f = 0; f < profile.frames.size(); ++f) {
        const Frame &frame = profile.frames[f];
        if (frame.sourceFile == 0 || samplesPerFrame_[f] == 0 || frame.function >= byFunction_.size())
            continue;
        perLine[{frame.function, frame.sourceFile, frame.line}] += samplesPerFrame_[f];
    }
    std::vector<uint64_t> best(profile.functions.size(), 0);
    for (const auto &[key, samples] : perLine) {
        SourceLocation &current = byFunction_[key.function];
        // The most samples; among equals the earlier line, so the choice does not depend on hash order.
        const bool better =
            samples > best[key.function] ||
            (samples == best[key.function] &&
             (key.file < current.file || (key.file == current.file && key.line < current.line)));
        if (!better) continue;
        if (!current.known()) ++knownCount_;
        best[key.function] = samples;
        current = {key.file, key.line};
    }
}

std::string SourceLocations::text(const Profile &profile, FunctionId function) const {
    const SourceLocation location = of(function);
    if (!location.known()) return {};
    const std::string &file = profile.strings[location.file];
    return location.line == 0 ? file : fmt::format("{}:{}", file, location.line);
}

} // namespace perfglass
