#include "profile/SourceLocations.h"

#include <fmt/format.h>

#include <unordered_map>

namespace perfglass {

namespace {

// Samples per stack (each sample's own stack, not its callers').
std::vector<uint64_t> samplesPerStack(const Profile &profile) {
    std::vector<uint64_t> count(profile.stacks.size(), 0);
    for (const StackId stack : profile.samples.stack)
        if (stack < count.size()) ++count[stack];
    return count;
}

// Samples per frame: every frame of a sampled stack, once per occurrence.
std::vector<uint64_t> samplesPerFrame(const Profile &profile) {
    const std::vector<uint64_t> own = samplesPerStack(profile);
    std::vector<uint64_t> perFrame(profile.frames.size(), 0);
    for (size_t s = 0; s < own.size(); ++s) {
        if (own[s] == 0) continue;
        for (StackId walk = static_cast<StackId>(s); walk != kNoStack; walk = profile.stacks[walk].parent) {
            const FrameId frame = profile.stacks[walk].frame;
            if (frame < perFrame.size()) perFrame[frame] += own[s];
        }
    }
    return perFrame;
}

} // namespace

SourceLocations SourceLocations::compute(const Profile &profile) {
    SourceLocations result;
    result.byFunction_.resize(profile.functions.size());
    const std::vector<uint64_t> perFrame = samplesPerFrame(profile);
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
        if (frame.sourceFile == 0 || perFrame[f] == 0 || frame.function >= result.byFunction_.size())
            continue;
        perLine[{frame.function, frame.sourceFile, frame.line}] += perFrame[f];
    }
    std::vector<uint64_t> best(profile.functions.size(), 0);
    for (const auto &[key, samples] : perLine) {
        SourceLocation &current = result.byFunction_[key.function];
        // The most samples; among equals the earlier line, so the choice does not depend on hash order.
        const bool better =
            samples > best[key.function] ||
            (samples == best[key.function] &&
             (key.file < current.file || (key.file == current.file && key.line < current.line)));
        if (!better) continue;
        if (!current.known()) ++result.knownCount_;
        best[key.function] = samples;
        current = {key.file, key.line};
    }
    return result;
}

std::string SourceLocations::text(const Profile &profile, FunctionId function) const {
    const SourceLocation location = of(function);
    if (!location.known()) return {};
    const std::string &file = profile.strings[location.file];
    return location.line == 0 ? file : fmt::format("{}:{}", file, location.line);
}

} // namespace perfglass
