#include "symbols/InlineIndex.h"

#include <dwarf.h>

#include <algorithm>

namespace perfglass {

namespace {
// Deeper DIE trees than this are not real compiler output; the walk stops there instead of recursing on.
constexpr unsigned kMaxDieDepth = 256;

bool hasCode(Dwarf_Die *die) {
    return dwarf_hasattr(die, DW_AT_low_pc) || dwarf_hasattr(die, DW_AT_ranges);
}
} // namespace

InlineIndex::InlineIndex(Dwarf_Die *unit) {
    collect(unit, kNone, 0, 0);
    flatten();
}

// Visits the DIEs that can hold code: out-of-line functions, their blocks and inlined calls, and namespaces.
// Types and declarations (most of a C++ unit) are skipped.
void InlineIndex::collect(Dwarf_Die *parent, uint32_t enclosing, uint32_t inlineDepth, unsigned dieDepth) {
    if (dieDepth >= kMaxDieDepth) return;
    Dwarf_Die child;
    if (dwarf_child(parent, &child) != 0) return;
    do {
        switch (dwarf_tag(&child)) {
        case DW_TAG_inlined_subroutine: {
            const auto index = static_cast<uint32_t>(instances_.size());
            instances_.push_back({child, enclosing});
            addRanges(&child, index, inlineDepth);
            collect(&child, index, inlineDepth + 1, dieDepth + 1);
            break;
        }
        case DW_TAG_subprogram:
            if (hasCode(&child)) collect(&child, kNone, 0, dieDepth + 1);
            break;
        case DW_TAG_lexical_block:
        case DW_TAG_try_block:
        case DW_TAG_catch_block:
            collect(&child, enclosing, inlineDepth, dieDepth + 1);
            break;
        case DW_TAG_namespace:
        case DW_TAG_module:
            collect(&child, kNone, 0, dieDepth + 1);
            break;
        default:
            break;
        }
    } while (dwarf_siblingof(&child, &child) == 0);
}

void InlineIndex::addRanges(Dwarf_Die *die, uint32_t instance, uint32_t depth) {
    Dwarf_Addr base = 0, low = 0, high = 0;
    ptrdiff_t offset = 0;
    while ((offset = dwarf_ranges(die, offset, &base, &low, &high)) > 0)
        if (low < high) ranges_.push_back({low, high, instance, depth});
}

// Nested ranges to disjoint intervals owned by the innermost instance: a sweep with the stack of the ranges
// open at the cursor. A range reaching past the one it starts in is cut at its end (broken DWARF; an
// inlined call lies within its caller).
void InlineIndex::flatten() {
    std::sort(ranges_.begin(), ranges_.end(), [](const Range &a, const Range &b) {
        if (a.low != b.low) return a.low < b.low;
        if (a.high != b.high) return a.high > b.high;
        return a.depth < b.depth;
    });
    std::vector<Range> disjoint;
    std::vector<Range> open;
    uint64_t cursor = 0;
    const auto closeTop = [&] {
        const Range &top = open.back();
        if (cursor < top.high) disjoint.push_back({cursor, top.high, top.instance, top.depth});
        cursor = std::max(cursor, top.high);
        open.pop_back();
    };
    for (Range range : ranges_) {
        while (!open.empty() && open.back().high <= range.low)
            closeTop();
        if (!open.empty()) {
            range.high = std::min(range.high, open.back().high);
            if (cursor < range.low)
                disjoint.push_back({cursor, range.low, open.back().instance, open.back().depth});
        }
        if (range.low >= range.high) continue;
        cursor = range.low;
        open.push_back(range);
    }
    while (!open.empty())
        closeTop();
    ranges_ = std::move(disjoint);
}

uint32_t InlineIndex::innermostAt(uint64_t address) const {
    const auto after = std::upper_bound(ranges_.begin(), ranges_.end(), address,
                                        [](uint64_t value, const Range &range) { return value < range.low; });
    if (after == ranges_.begin()) return kNone;
    const Range &range = *std::prev(after);
    return address < range.high ? range.instance : kNone;
}

} // namespace perfglass
