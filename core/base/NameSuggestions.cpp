#include "base/NameSuggestions.h"

#include <algorithm>
#include <cctype>

namespace perfglass {

size_t editDistance(std::string_view a, std::string_view b) {
    const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0];
        row[0] = i;
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t above = row[j];
            const size_t substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitution});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::vector<std::string> closestNames(std::string_view name, const std::vector<std::string> &candidates,
                                      size_t limit) {
    const size_t threshold = std::max<size_t>(2, name.size() / 3);
    std::vector<std::pair<size_t, const std::string *>> ranked;
    for (const auto &candidate : candidates) {
        const size_t distance = editDistance(name, candidate);
        if (distance <= threshold) ranked.emplace_back(distance, &candidate);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<std::string> result;
    for (const auto &[distance, candidate] : ranked) {
        if (result.size() >= limit) break;
        if (std::find(result.begin(), result.end(), *candidate) == result.end()) result.push_back(*candidate);
    }
    return result;
}

std::string didYouMean(std::string_view name, const std::vector<std::string> &candidates) {
    const auto names = closestNames(name, candidates);
    if (names.empty()) return {};
    std::string text = " (did you mean: ";
    for (size_t i = 0; i < names.size(); ++i)
        text += (i ? ", " : "") + names[i];
    return text + "?)";
}

} // namespace perfglass
