#include "analysis/FunctionMatcher.h"

#include "base/Error.h"
#include "base/TextUtil.h"

#include <fmt/format.h>

#include <vector>

namespace perfglass {

namespace {

constexpr size_t kCandidatesShown = 10;

template <typename Id, typename Label>
Id pickOne(std::string_view what, std::string_view text, const std::vector<Id> &exact,
           const std::vector<Id> &partial, Label label) {
    const std::vector<Id> &found = exact.empty() ? partial : exact;
    if (found.size() == 1) return found.front();
    if (found.empty()) throw Error(fmt::format("no {} matches '{}' in this profile", what, text));
    std::string list;
    for (size_t i = 0; i < found.size() && i < kCandidatesShown; ++i)
        list += fmt::format("\n  {}", label(found[i]));
    if (found.size() > kCandidatesShown)
        list += fmt::format("\n  ... and {} more", found.size() - kCandidatesShown);
    throw Error(fmt::format("'{}' matches {} {}s; be more specific:{}", text, found.size(), what, list));
}

constexpr std::string_view kPltSuffix = "@plt";

// Of several functions matching text, the PLT stubs ("name@plt") are left out when a function that is no
// stub matches too: `std::_Rb_tree_insert_and_rebalance` is the library's function, not the program's stub
// that jumps to it. Text naming a stub itself keeps them.
std::vector<FunctionId> withoutPltStubs(const Profile &profile, std::string_view text,
                                        std::vector<FunctionId> found) {
    if (found.size() < 2 || text.ends_with(kPltSuffix)) return found;
    std::vector<FunctionId> functions;
    for (const FunctionId f : found)
        if (!std::string_view(profile.functionName(f)).ends_with(kPltSuffix)) functions.push_back(f);
    return functions.empty() ? found : functions;
}

} // namespace

FunctionId FunctionMatcher::function(std::string_view text) const {
    std::vector<FunctionId> exact;
    std::vector<FunctionId> partial;
    for (FunctionId f = 0; f < profile_.functions.size(); ++f) {
        const std::string &name = profile_.functionName(f);
        if (name == text)
            exact.push_back(f);
        else if (name.find(text) != std::string::npos)
            partial.push_back(f);
    }
    exact = withoutPltStubs(profile_, text, std::move(exact));
    partial = withoutPltStubs(profile_, text, std::move(partial));
    return pickOne(std::string_view("function"), text, exact, partial, [&](FunctionId f) {
        return fmt::format("{}  {}", profile_.functionName(f),
                           bracketedModule(profile_.moduleName(profile_.functions[f].module)));
    });
}

ModuleId FunctionMatcher::module(std::string_view text) const {
    std::vector<ModuleId> exact;
    std::vector<ModuleId> partial;
    for (ModuleId m = 0; m < profile_.modules.size(); ++m) {
        const std::string &path = profile_.modulePath(m);
        if (path == text || profile_.moduleName(m) == text)
            exact.push_back(m);
        else if (path.find(text) != std::string::npos)
            partial.push_back(m);
    }
    return pickOne(std::string_view("module"), text, exact, partial,
                   [&](ModuleId m) { return profile_.modulePath(m); });
}

} // namespace perfglass
