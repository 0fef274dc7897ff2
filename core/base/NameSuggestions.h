// "Did you mean": the known names closest to a misspelt one, by edit distance.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

// Levenshtein distance, ignoring ASCII case.
size_t editDistance(std::string_view a, std::string_view b);

// Up to limit names from candidates closest to name, nearest first, leaving out names too far to be a typo.
std::vector<std::string> closestNames(std::string_view name, const std::vector<std::string> &candidates,
                                      size_t limit = 3);

// " (did you mean: a, b, c?)" or "" when nothing is close.
std::string didYouMean(std::string_view name, const std::vector<std::string> &candidates);

} // namespace perfglass
