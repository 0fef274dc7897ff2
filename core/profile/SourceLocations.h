// Where each function's samples are in the source: per function, the source file and line that the most
// samples pass through (Frame::sourceFile/line; known only when the profile was loaded with inline frames,
// LoadOptions::inlineFrames). A function node of a call tree stands for many frames (addresses) of its
// function; its location is the line of the function where most of the time goes: the hottest line of its own
// code or the call site of its heaviest callee. Computed once per Profile in O(samples + sampled stacks x
// depth), independent of filters.
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

    // Unknown for functions without source information and for synthetic functions (TransformedStacks).
    SourceLocation of(FunctionId function) const {
        return function < byFunction_.size() ? byFunction_[function] : SourceLocation{};
    }
    // "path/file.cpp:42", "path/file.cpp" when the line is unknown, or "" when the file is.
    std::string text(const Profile &profile, FunctionId function) const;
    bool empty() const { return knownCount_ == 0; }

private:
    std::vector<SourceLocation> byFunction_;
    size_t knownCount_ = 0;
};

} // namespace perfglass
