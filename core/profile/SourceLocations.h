// Where each function's samples are in the source: per function, the source file and line that the most
// samples pass through (Frame::sourceFile/line; known only when the profile was loaded with inline frames,
// LoadOptions::inlineFrames). A function node of a call tree stands for many frames (addresses) of its
// function; its location is the line of the function where most of the time goes: the hottest line of its own
// code or the call site of its heaviest callee. Computed once per Profile in O(samples + sampled stacks x
// depth), independent of filters; a growing profile's snapshot extends its predecessor's in O(added samples
// + their stacks x depth + frames).
#pragma once

#include "profile/Profile.h"

#include <string>
#include <vector>

namespace perfglass {

struct SourceLocation {
    StringId file = 0; // 0: unknown
    uint32_t line = 0;
    bool known() const { return file != 0; }
};

class SourceLocations {
public:
    static SourceLocations compute(const Profile &profile);
    // The locations of profile, a later snapshot of the growing profile previous was computed from (its
    // samples, stacks and frames first): the stacks of the samples added since are walked, not every one.
    static SourceLocations extend(const SourceLocations &previous, const Profile &profile);

    // Unknown for functions without source information and for synthetic functions (TransformedStacks).
    SourceLocation of(FunctionId function) const {
        return function < byFunction_.size() ? byFunction_[function] : SourceLocation{};
    }
    // "path/file.cpp:42", "path/file.cpp" when the line is unknown, or "" when the file is.
    std::string text(const Profile &profile, FunctionId function) const;
    bool empty() const { return knownCount_ == 0; }

private:
    void chooseLines(const Profile &profile);

    std::vector<SourceLocation> byFunction_;
    size_t knownCount_ = 0;
    std::vector<uint64_t> samplesPerFrame_; // every frame of a counted sample's stack, once per occurrence
    size_t samplesCounted_ = 0;             // the profile's first samples that samplesPerFrame_ counts
};

} // namespace perfglass
