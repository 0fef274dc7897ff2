#include "profile/ReadableNames.h"

#include "symbols/ReadableName.h"

#include <set>
#include <unordered_map>

namespace perfglass {

namespace {

// Gives the functions of one short name (INDICES) longer names where their parameter lists differ.
void disambiguate(const std::vector<std::string_view> &fullNames, const std::vector<size_t> &indices,
                  std::vector<std::string> &names) {
    std::vector<size_t> overloads;
    std::set<std::string_view> distinct;
    for (size_t index : indices) {
        if (!hasParameterList(fullNames[index])) continue;
        overloads.push_back(index);
        distinct.insert(fullNames[index]);
    }
    if (distinct.size() < 2) return;
    std::unordered_map<std::string, std::set<std::string_view>> byParameters;
    for (size_t index : overloads) {
        names[index] = shortNameWithParameters(fullNames[index]);
        byParameters[names[index]].insert(fullNames[index]);
    }
    for (size_t index : overloads)
        if (byParameters[names[index]].size() > 1) names[index] = simplifiedName(fullNames[index]);
}

} // namespace

ReadableNames::ReadableNames(const std::vector<std::string_view> &fullNames) {
    names_.reserve(fullNames.size());
    std::unordered_map<std::string, std::vector<size_t>> byShortName;
    for (size_t i = 0; i < fullNames.size(); ++i) {
        names_.push_back(shortName(fullNames[i]));
        byShortName[names_.back()].push_back(i);
    }
    for (const auto &[name, indices] : byShortName)
        if (indices.size() > 1) disambiguate(fullNames, indices, names_);
}

ReadableNames ReadableNames::of(const Profile &profile) {
    std::vector<std::string_view> fullNames;
    fullNames.reserve(profile.functions.size());
    for (size_t f = 0; f < profile.functions.size(); ++f)
        fullNames.push_back(profile.functionName(static_cast<FunctionId>(f)));
    return ReadableNames(fullNames);
}

const std::string &ReadableNames::name(size_t index) const {
    static const std::string kNone;
    return index < names_.size() ? names_[index] : kNone;
}

} // namespace perfglass
