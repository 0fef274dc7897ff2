// The readable names of a Profile's functions (symbols/ReadableName.h): each function's short name, unless
// two functions of the profile would then look the same, when the overloads show their parameter lists, and
// if that is not enough, their simplified full names. A name without a parameter list (an inline frame named
// from DWARF, a C symbol) never forces its namesakes to show theirs: "ns::f" and "ns::f(int)" are one
// function seen inline and out of line, and both read "ns::f".
#pragma once

#include "profile/Profile.h"

#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

class ReadableNames {
public:
    ReadableNames() = default;
    // The readable names of FULLNAMES, index for index.
    explicit ReadableNames(const std::vector<std::string_view> &fullNames);
    static ReadableNames of(const Profile &profile);

    size_t size() const { return names_.size(); }
    // The readable name of function INDEX, or "" for an index past the table (a synthetic function).
    const std::string &name(size_t index) const;

private:
    std::vector<std::string> names_;
};

} // namespace perfglass
