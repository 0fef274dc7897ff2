#include "annotate/FunctionAnnotation.h"

#include <algorithm>

namespace perfglass {

uint32_t FunctionAnnotation::instructionAt(uint64_t address) const {
    const auto after = std::upper_bound(instructions.begin(), instructions.end(), address,
                                        [](uint64_t value, const AnnotatedInstruction &instruction) {
                                            return value < instruction.code.address;
                                        });
    if (after == instructions.begin()) return kNoIndex;
    const auto &found = *std::prev(after);
    if (address >= found.code.address + found.code.size) return kNoIndex;
    return static_cast<uint32_t>(std::prev(after) - instructions.begin());
}

namespace {
template <typename Rows> uint32_t hottest(const Rows &rows) {
    uint32_t best = kNoIndex;
    for (uint32_t i = 0; i < rows.size(); ++i) {
        if (rows[i].self == 0 && rows[i].inclusive == 0) continue;
        if (best == kNoIndex || rows[i].self > rows[best].self ||
            (rows[i].self == rows[best].self && rows[i].inclusive > rows[best].inclusive))
            best = i;
    }
    return best;
}
} // namespace

uint32_t FunctionAnnotation::hottestInstruction() const {
    return hottest(instructions);
}

uint32_t FunctionAnnotation::hottestLine() const {
    return hottest(lines);
}

} // namespace perfglass
