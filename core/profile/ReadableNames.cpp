#include "profile/ReadableNames.h"

#include "symbols/ReadableName.h"

#include <set>
#include <unordered_map>
#include <utility>

namespace perfglass {

namespace {

// The names of INDICES that two distinct full names still share become LONGER(index).
template <typename Longer>
void lengthenShared(const std::vector<std::string_view> &fullNames, const std::vector<size_t> &indices,
                    std::vector<std::string> &names, Longer longer) {
    std::unordered_map<std::string, std::set<std::string_view>> byName;
    for (size_t index : indices)
        byName[names[index]].insert(fullNames[index]);
    for (size_t index : indices)
        if (byName[names[index]].size() > 1) names[index] = longer(index);
}

// Gives the functions of one short name (INDICES) longer names where they are distinct functions: the
// parameter lists where those differ (overloads), the clone suffix where a clone shares its origin's name
// ("f [clone .cold]"), and the simplified full name where neither is enough.
void disambiguate(const std::vector<std::string_view> &fullNames, const std::vector<size_t> &indices,
                  std::vector<std::string> &names) {
    std::vector<size_t> candidates;
    std::set<std::string_view> distinct;
    std::set<std::string> parameterLists;
    for (size_t index : indices) {
        if (!hasParameterList(fullNames[index])) continue;
        candidates.push_back(index);
        distinct.insert(fullNames[index]);
        parameterLists.insert(shortNameWithParameters(fullNames[index]));
    }
    if (distinct.size() < 2) return;
    if (parameterLists.size() > 1)
        for (size_t index : candidates)
            names[index] = shortNameWithParameters(fullNames[index]);
    lengthenShared(fullNames, candidates, names,
                   [&](size_t index) { return names[index] + cloneSuffix(fullNames[index]); });
    lengthenShared(fullNames, candidates, names,
                   [&](size_t index) { return simplifiedName(fullNames[index]); });
}

// Whether module PATH holds code of a JIT runtime, named as the runtime wrote it: a perf map
// (/tmp/perf-PID.map) or a jitdump (jit-PID.dump).
bool isJitModule(std::string_view path) {
    const std::string_view file = path.substr(path.rfind('/') + 1);
    return (file.starts_with("perf-") && file.ends_with(".map")) ||
           (file.starts_with("jit-") && file.ends_with(".dump"));
}

// The full names of PROFILE's functions, and from FROM on whether each is kept as written.
std::pair<std::vector<std::string_view>, std::vector<bool>> fullNamesOf(const Profile &profile, size_t from) {
    std::vector<std::string_view> fullNames;
    std::vector<bool> asWritten(profile.functions.size(), false);
    fullNames.reserve(profile.functions.size());
    for (FunctionId f = 0; f < profile.functions.size(); ++f) {
        fullNames.push_back(profile.functionName(f));
        if (f >= from) asWritten[f] = isNamedAsWritten(profile, f);
    }
    return {std::move(fullNames), std::move(asWritten)};
}

} // namespace

ReadableNames::ReadableNames(const std::vector<std::string_view> &fullNames,
                             const std::vector<bool> &asWritten) {
    add(fullNames, asWritten, 0);
}

void ReadableNames::add(const std::vector<std::string_view> &fullNames, const std::vector<bool> &asWritten,
                        size_t from) {
    names_.reserve(fullNames.size());
    std::set<std::string> joined; // short names that functions from FROM on have
    for (size_t i = from; i < fullNames.size(); ++i) {
        const bool keep = i < asWritten.size() && asWritten[i];
        names_.push_back(keep ? std::string(fullNames[i]) : shortName(fullNames[i]));
        if (keep) continue;
        byShortName_[names_.back()].push_back(i);
        joined.insert(names_.back());
    }
    // Each group of namesakes is disambiguated on its own, from its short names: a group that gained a
    // member is disambiguated again as a whole, and ends as it would had its members come at once.
    for (const std::string &name : joined) {
        const std::vector<size_t> &indices = byShortName_.at(name);
        if (indices.size() < 2) continue;
        for (size_t index : indices)
            names_[index] = name;
        disambiguate(fullNames, indices, names_);
    }
}

ReadableNames ReadableNames::of(const Profile &profile) {
    const auto [fullNames, asWritten] = fullNamesOf(profile, 0);
    return ReadableNames(fullNames, asWritten);
}

ReadableNames ReadableNames::extend(const ReadableNames &earlier, const Profile &profile) {
    if (earlier.size() > profile.functions.size()) return of(profile);
    ReadableNames result = earlier;
    const auto [fullNames, asWritten] = fullNamesOf(profile, earlier.size());
    result.add(fullNames, asWritten, earlier.size());
    return result;
}

bool isNamedAsWritten(const Profile &profile, FunctionId function) {
    const ModuleId module = profile.functions[function].module;
    if (module >= profile.modules.size()) return false;
    return profile.modules[module].kernel || isJitModule(profile.modulePath(module));
}

std::string perfSpelling(const Profile &profile, FunctionId function) {
    const std::string &name = profile.functionName(function);
    return isNamedAsWritten(profile, function) ? name : perfName(name);
}

const std::string &ReadableNames::name(size_t index) const {
    static const std::string kNone;
    return index < names_.size() ? names_[index] : kNone;
}

} // namespace perfglass
