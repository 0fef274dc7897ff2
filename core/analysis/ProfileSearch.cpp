#include "analysis/ProfileSearch.h"

#include "analysis/CostPaths.h"
#include "analysis/StackCosts.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <unordered_map>

namespace perfglass {

namespace {

bool containsIgnoringCase(const std::string &haystack, const std::string &lowerNeedle) {
    const auto it =
        std::search(haystack.begin(), haystack.end(), lowerNeedle.begin(), lowerNeedle.end(),
                    [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
    return it != haystack.end();
}

// What each function of the transformed stacks matches: itself, its module, its source file.
struct FunctionMatches {
    std::vector<bool> function;
    std::vector<int64_t> module; // the matching module, or -1
    std::vector<int64_t> file;   // the matching file's StringId, or -1
};

FunctionMatches matchFunctions(const Profile &profile, const TransformedStacks &stacks,
                               const std::string &needle, const ReadableNames *names,
                               const SourceLocations *locations) {
    const size_t count = stacks.functionCount();
    FunctionMatches matches{std::vector<bool>(count), std::vector<int64_t>(count, -1),
                            std::vector<int64_t>(count, -1)};
    std::vector<int8_t> moduleMatches(profile.modules.size(), -1);
    for (size_t f = 0; f < count; ++f) {
        const auto function = static_cast<FunctionId>(f);
        matches.function[f] = containsIgnoringCase(stacks.functionName(profile, function), needle) ||
                              (names && containsIgnoringCase(names->name(f), needle));
        const ModuleId module = stacks.functionModule(profile, function);
        if (module < moduleMatches.size()) {
            if (moduleMatches[module] < 0)
                moduleMatches[module] = containsIgnoringCase(profile.modulePath(module), needle) ? 1 : 0;
            if (moduleMatches[module] == 1) matches.module[f] = module;
        }
        const SourceLocation location = locations ? locations->of(function) : SourceLocation{};
        if (location.known() && containsIgnoringCase(profile.strings[location.file], needle))
            matches.file[f] = location.file;
    }
    return matches;
}

std::vector<SearchMatch> sortedMatches(const std::unordered_map<uint32_t, uint64_t> &costs) {
    std::vector<SearchMatch> result;
    result.reserve(costs.size());
    for (const auto &[id, cost] : costs)
        result.push_back({id, cost});
    std::sort(result.begin(), result.end(), [](const SearchMatch &a, const SearchMatch &b) {
        return a.cost != b.cost ? a.cost > b.cost : a.id < b.id;
    });
    return result;
}

// Adds ID to SEEN unless it is there already; true when it was added (count each stack once per match).
bool firstTime(std::vector<uint32_t> &seen, uint32_t id) {
    if (std::find(seen.begin(), seen.end(), id) != seen.end()) return false;
    seen.push_back(id);
    return true;
}

// The search for TEXT over the paths FOREACHPATH visits (CostPaths) of STACKS.
ProfileSearch search(const Profile &profile, std::shared_ptr<const TransformedStacks> stacks, uint64_t total,
                     const std::string &text, const ReadableNames *names, const SourceLocations *locations,
                     const std::function<void(const CostPaths::Visit &)> &forEachPath) {
    ProfileSearch result;
    result.total = total;
    result.stacks = std::move(stacks);
    std::string needle;
    for (char c : text)
        needle += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (needle.empty()) return result;
    const FunctionMatches matches = matchFunctions(profile, *result.stacks, needle, names, locations);
    std::unordered_map<uint32_t, uint64_t> functionCost, moduleCost, fileCost;
    std::vector<uint32_t> seenFunctions, seenModules, seenFiles;
    forEachPath([&](const std::vector<TransformedStacks::Node> &path, uint64_t cost) {
        seenFunctions.clear();
        seenModules.clear();
        seenFiles.clear();
        bool any = false;
        for (const TransformedStacks::Node &frame : path) {
            const FunctionId f = frame.function;
            if (matches.function[f] && firstTime(seenFunctions, f)) functionCost[f] += cost;
            if (matches.module[f] >= 0 && firstTime(seenModules, static_cast<uint32_t>(matches.module[f])))
                moduleCost[static_cast<uint32_t>(matches.module[f])] += cost;
            if (matches.file[f] >= 0 && firstTime(seenFiles, static_cast<uint32_t>(matches.file[f])))
                fileCost[static_cast<uint32_t>(matches.file[f])] += cost;
            any = any || matches.function[f] || matches.module[f] >= 0 || matches.file[f] >= 0;
        }
        if (any) result.matchedCost += cost;
    });
    result.functions = sortedMatches(functionCost);
    result.modules = sortedMatches(moduleCost);
    result.files = sortedMatches(fileCost);
    return result;
}

} // namespace

ProfileSearch ProfileSearch::compute(const Profile &profile, const SampleFilter &filter,
                                     const std::string &text, const ReadableNames *names,
                                     const SourceLocations *locations, const AggregationControl &control) {
    const StackCosts costs = StackCosts::compute(profile, filter, control);
    return search(
        profile, costs.stacks, costs.total, text, names, locations,
        [&costs](const CostPaths::Visit &visit) { CostPaths::forEach(*costs.stacks, costs.self, visit); });
}

ProfileSearch ProfileSearch::fromTree(const CallTree &topDown, const std::string &text,
                                      const ReadableNames *names, const SourceLocations *locations,
                                      const std::stop_token &stop) {
    return search(topDown.profile(), topDown.sharedStacks(), topDown.total(), text, names, locations,
                  [&](const CostPaths::Visit &visit) { CostPaths::forEach(topDown, visit, stop); });
}

} // namespace perfglass
