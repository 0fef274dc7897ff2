#include "profile/ReadableNames.h"

#include "symbols/ReadableName.h"

#include <set>
#include <unordered_map>

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

} // namespace

ReadableNames::ReadableNames(const std::vector<std::string_view> &fullNames,
                             const std::vector<bool> &asWritten) {
    names_.reserve(fullNames.size());
    std::unordered_map<std::string, std::vector<size_t>> byShortName;
    for (size_t i = 0; i < fullNames.size(); ++i) {
        const bool keep = i < asWritten.size() && asWritten[i];
        names_.push_back(keep ? std::string(fullNames[i]) : shortName(fullNames[i]));
        if (!keep) byShortName[names_.back()].push_back(i);
    }
    for (const auto &[name, indices] : byShortName)
        if (indices.size() > 1) disambiguate(fullNames, indices, names_);
}

ReadableNames ReadableNames::of(const Profile &profile) {
    std::vector<std::string_view> fullNames;
    std::vector<bool> asWritten;
    fullNames.reserve(profile.functions.size());
    asWritten.reserve(profile.functions.size());
    for (FunctionId f = 0; f < profile.functions.size(); ++f) {
        fullNames.push_back(profile.functionName(f));
        asWritten.push_back(isNamedAsWritten(profile, f));
    }
    return ReadableNames(fullNames, asWritten);
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
