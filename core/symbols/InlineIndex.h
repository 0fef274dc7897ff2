// The inlined functions of one DWARF compile unit, indexed by address: the unit's DIE tree is walked once,
// and every DW_TAG_inlined_subroutine's address ranges become disjoint intervals, each naming the innermost
// inline instance that covers it. A lookup is then a binary search, where dwarf_getscopes walks the unit's
// tree again for every address.
#pragma once

#include <elfutils/libdw.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace perfglass {

class InlineIndex {
public:
    static constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

    // One inlined call: the DW_TAG_inlined_subroutine DIE and the inline instance it sits in (kNone when it
    // was inlined straight into an out-of-line function).
    struct Instance {
        Dwarf_Die die;
        uint32_t enclosing = kNone;
    };

    explicit InlineIndex(Dwarf_Die *unit);

    // The innermost inline instance whose code covers address (a DWARF address of the unit), or kNone.
    uint32_t innermostAt(uint64_t address) const;
    const Instance &instance(uint32_t index) const { return instances_[index]; }
    size_t instanceCount() const { return instances_.size(); }

private:
    struct Range {
        uint64_t low;
        uint64_t high; // exclusive
        uint32_t instance;
        uint32_t depth; // of nested inline instances: an enclosing instance first among equal ranges
    };
    void collect(Dwarf_Die *parent, uint32_t enclosing, uint32_t inlineDepth, unsigned dieDepth);
    void addRanges(Dwarf_Die *die, uint32_t instance, uint32_t depth);
    void flatten();

    std::vector<Instance> instances_;
    std::vector<Range> ranges_; // while collecting: nested ranges; after flatten(): disjoint, sorted
};

} // namespace perfglass
