// What could not be named in a Profile, by module: frames in a module that has no symbol at their address
// (functions named "[unknown]") and frames outside every mapping the session knows (the "[unknown]" module),
// with how many samples have at least one of them on their stack or as their leaf. The Summary lists them
// so the user sees what is missing and where to look (debug packages, JIT maps, a deeper stack copy).
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <vector>

namespace perfglass {

struct UnresolvedModule {
    ModuleId module = 0;
    bool unmapped = false;    // the "[unknown]" module: addresses outside every known mapping
    uint64_t frames = 0;      // distinct unnamed frames (addresses) of the module with samples
    uint64_t samples = 0;     // samples with at least one of them on their stack
    uint64_t leafSamples = 0; // samples whose leaf frame is one of them: their self cost has no name
};

struct UnresolvedFrames {
    std::vector<UnresolvedModule> modules; // most samples first
    uint64_t samples = 0;                  // samples with any unnamed frame
    uint64_t totalSamples = 0;

    // Which frames count in `frames` already (by FrameId): what extend() goes on from.
    std::vector<bool> framesSeen;

    static UnresolvedFrames compute(const Profile &profile);
    // The same from the number of samples of each Profile stack (StackSampleSums::count of every sample).
    static UnresolvedFrames compute(const Profile &profile, const std::vector<uint64_t> &samplesPerStack);
    // The unnamed frames of profile, a later snapshot of the growing profile previous was computed from (its
    // samples, stacks and frames first): previous plus the samples added since, walking only their stacks.
    static UnresolvedFrames extend(const UnresolvedFrames &previous, const Profile &profile);
};

} // namespace perfglass
