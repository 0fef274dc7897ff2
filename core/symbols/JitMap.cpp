#include "symbols/JitMap.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace perfglass {

JitMap JitMap::load(const std::string &path) {
    std::ifstream input(path);
    return fromStream(input);
}

JitMap JitMap::fromText(const std::string &text) {
    std::istringstream input(text);
    return fromStream(input);
}

JitMap JitMap::fromStream(std::istream &input) {
    JitMap map;
    std::string line;
    while (std::getline(input, line)) {
        char *end = nullptr;
        const uint64_t start = std::strtoull(line.c_str(), &end, 16);
        if (end == line.c_str() || *end != ' ') {
            ++map.malformed_;
            continue;
        }
        const char *sizeText = end + 1;
        const uint64_t size = std::strtoull(sizeText, &end, 16);
        if (end == sizeText || *end != ' ' || size == 0) {
            ++map.malformed_;
            continue;
        }
        map.entries_.push_back({start, size, std::string(end + 1)});
    }
    // Later entries win for the same start (code regenerated at a reused address).
    std::stable_sort(map.entries_.begin(), map.entries_.end(),
                     [](const Entry &a, const Entry &b) { return a.start < b.start; });
    return map;
}

const std::string *JitMap::find(uint64_t address) const {
    auto after = std::upper_bound(entries_.begin(), entries_.end(), address,
                                  [](uint64_t value, const Entry &entry) { return value < entry.start; });
    while (after != entries_.begin()) {
        --after;
        if (address < after->start + after->size) return &after->name;
        if (after->start + after->size <= address && after->size > 0) break;
    }
    return nullptr;
}

} // namespace perfglass
