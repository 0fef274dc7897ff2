// The readable names of a Profile's functions (symbols/ReadableName.h): each function's short name, unless
// two functions of the profile would then look the same: overloads (namesakes whose parameter lists differ)
// show their parameter lists, a clone that shares its origin's name its clone suffix ("f [clone .cold]"), and
// if that is not enough, their simplified full names. A function without overloads never shows its parameter
// list. A name without a parameter list (an inline frame named from DWARF, a C symbol) never forces its
// namesakes to show theirs: "ns::f" and "ns::f(int)" are one function seen inline and out of line, and both
// read "ns::f". Only demangled C++ names are shortened: kernel functions, JIT code (perf maps, jitdumps) and
// names of other languages stay as written.
#pragma once

#include "profile/Profile.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace perfglass {

class ReadableNames {
public:
    ReadableNames() = default;
    // The readable names of FULLNAMES, index for index; those marked in ASWRITTEN are kept as they are.
    explicit ReadableNames(const std::vector<std::string_view> &fullNames,
                           const std::vector<bool> &asWritten = {});
    static ReadableNames of(const Profile &profile);
    // The names of PROFILE, a later snapshot of the growing profile EARLIER named (its functions first):
    // EARLIER's, the names of the functions added, and those of their namesakes, which may now need longer
    // names; the same names as of(PROFILE), in the time the functions added take.
    static ReadableNames extend(const ReadableNames &earlier, const Profile &profile);

    size_t size() const { return names_.size(); }
    // The readable name of function INDEX, or "" for an index past the table (a synthetic function).
    const std::string &name(size_t index) const;

private:
    // Names functions FROM on (FULLNAMES holds every function's), then disambiguates the namesakes they join.
    void add(const std::vector<std::string_view> &fullNames, const std::vector<bool> &asWritten, size_t from);

    std::vector<std::string> names_;
    std::unordered_map<std::string, std::vector<size_t>>
        byShortName_; // the shortened functions, by short name
};

// Whether FUNCTION's name is kept as written everywhere: a kernel function, or JIT code named by its runtime
// (a perf map, a jitdump).
bool isNamedAsWritten(const Profile &profile, FunctionId function);
// FUNCTION's name as perf report and perf script print it (symbols/ReadableName.h, perfName): demangled C++
// without return type and parameters, everything else as written.
std::string perfSpelling(const Profile &profile, FunctionId function);

} // namespace perfglass
