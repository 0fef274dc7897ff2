// Finds functions and modules of a Profile by the names users type: an exact (demangled) name, else a unique
// substring; of several, a PLT stub ("f@plt") gives way to the function it jumps to. Ambiguity is an Error
// that lists the candidates.
#pragma once

#include "profile/Profile.h"

#include <string>
#include <string_view>

namespace perfglass {

class FunctionMatcher {
public:
    explicit FunctionMatcher(const Profile &profile)
        : profile_(profile) {}

    // Throws Error naming the text and, when several match, the candidates with their modules.
    FunctionId function(std::string_view text) const;
    // Matches the module's file name ("libc.so.6") or path exactly, else a unique substring of the path.
    ModuleId module(std::string_view text) const;

private:
    const Profile &profile_;
};

} // namespace perfglass
