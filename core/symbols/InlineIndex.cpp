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

// Functions with a linkage name are named by it (demangled), never by their scopes: not noted.
bool namedByScopes(Dwarf_Die *die) {
    return !dwarf_hasattr(die, DW_AT_linkage_name) && !dwarf_hasattr(die, DW_AT_MIPS_linkage_name);
}
} // namespace

InlineIndex::InlineIndex(Dwarf_Die *unit)
    : unit_(*unit) {
    collect(unit, Level{}, 0);
    sortDeclared();
    flatten();
}

// Visits the DIEs that can hold code: out-of-line functions, their blocks and inlined calls, and namespaces;
// notes the scope of each function declared in a namespace (or a class of an anonymous namespace, whose
// functions have no linkage name). Other types and declarations (most of a C++ unit) are skipped.
void InlineIndex::collect(Dwarf_Die *parent, const Level &level, unsigned dieDepth) {
    if (dieDepth >= kMaxDieDepth) return;
    Dwarf_Die child;
    if (dwarf_child(parent, &child) != 0) return;
    do {
        switch (dwarf_tag(&child)) {
        case DW_TAG_inlined_subroutine: {
            const auto index = static_cast<uint32_t>(instances_.size());
            instances_.push_back({child, level.enclosing});
            addRanges(&child, index, level.inlineDepth);
            collect(&child, Level{index, level.inlineDepth + 1, kNone, false, true}, dieDepth + 1);
            break;
        }
        case DW_TAG_subprogram:
            if (!level.inFunction && namedByScopes(&child))
                declared_.push_back({dwarf_dieoffset(&child), level.scope});
            if (hasCode(&child)) collect(&child, Level{kNone, 0, kNone, false, true}, dieDepth + 1);
            break;
        case DW_TAG_lexical_block:
        case DW_TAG_try_block:
        case DW_TAG_catch_block:
            collect(&child, level, dieDepth + 1);
            break;
        case DW_TAG_class_type:
        case DW_TAG_structure_type:
        case DW_TAG_union_type:
            if (level.anonymous && !level.inFunction) collectScope(&child, level, dieDepth);
            break;
        case DW_TAG_namespace:
            collectScope(&child, level, dieDepth);
            break;
        case DW_TAG_module: // not one of the scopes a name is qualified with
            collect(&child, Level{kNone, 0, level.scope, level.anonymous, false}, dieDepth + 1);
            break;
        default:
            break;
        }
    } while (dwarf_siblingof(&child, &child) == 0);
}

void InlineIndex::collectScope(Dwarf_Die *die, const Level &level, unsigned dieDepth) {
    const uint32_t scope = addScope(die, level.scope);
    collect(die, Level{kNone, 0, scope, level.anonymous || !scopes_[scope].name, false}, dieDepth + 1);
}

uint32_t InlineIndex::addScope(Dwarf_Die *die, uint32_t parent) {
    scopes_.push_back({parent, dwarf_diename(die)});
    return static_cast<uint32_t>(scopes_.size() - 1);
}

// Every function of the unit with its scope: a walk of the namespaces, classes, functions and blocks.
void InlineIndex::noteAllScopes(Dwarf_Die *parent, uint32_t scope, unsigned dieDepth) {
    if (dieDepth >= kMaxDieDepth) return;
    Dwarf_Die child;
    if (dwarf_child(parent, &child) != 0) return;
    do {
        switch (dwarf_tag(&child)) {
        case DW_TAG_subprogram:
            if (namedByScopes(&child)) declared_.push_back({dwarf_dieoffset(&child), scope});
            noteAllScopes(&child, scope, dieDepth + 1);
            break;
        case DW_TAG_namespace:
        case DW_TAG_class_type:
        case DW_TAG_structure_type:
        case DW_TAG_union_type:
            noteAllScopes(&child, addScope(&child, scope), dieDepth + 1);
            break;
        case DW_TAG_lexical_block:
        case DW_TAG_try_block:
        case DW_TAG_catch_block:
        case DW_TAG_inlined_subroutine:
        case DW_TAG_module:
            noteAllScopes(&child, scope, dieDepth + 1);
            break;
        default:
            break;
        }
    } while (dwarf_siblingof(&child, &child) == 0);
}

// A walk visits DIEs in the order of their offsets; sorted anyway, should a producer nest them otherwise.
void InlineIndex::sortDeclared() {
    const auto byOffset = [](const Declared &a, const Declared &b) { return a.offset < b.offset; };
    if (!std::is_sorted(declared_.begin(), declared_.end(), byOffset))
        std::sort(declared_.begin(), declared_.end(), byOffset);
}

std::optional<std::string> InlineIndex::scopePrefix(Dwarf_Die *declaration) {
    if (declaration->cu != unit_.cu) return std::nullopt;
    const Dwarf_Off offset = dwarf_dieoffset(declaration);
    const auto find = [&] {
        const auto at =
            std::lower_bound(declared_.begin(), declared_.end(), offset,
                             [](const Declared &entry, Dwarf_Off value) { return entry.offset < value; });
        return at != declared_.end() && at->offset == offset ? at : declared_.end();
    };
    auto at = find();
    if (at == declared_.end() && !allScopesNoted_) {
        allScopesNoted_ = true;
        declared_.clear();
        scopes_.clear();
        noteAllScopes(&unit_, kNone, 0);
        sortDeclared();
        at = find();
    }
    if (at == declared_.end()) return std::nullopt;
    std::vector<const char *> names;
    for (uint32_t scope = at->scope; scope != kNone; scope = scopes_[scope].parent)
        names.push_back(scopes_[scope].name);
    std::string prefix;
    for (auto name = names.rbegin(); name != names.rend(); ++name) {
        prefix += *name ? *name : "(anonymous namespace)";
        prefix += "::";
    }
    return prefix;
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
