// The inlined functions of one DWARF compile unit, indexed by address: the unit's DIE tree is walked once,
// and every DW_TAG_inlined_subroutine's address ranges become disjoint intervals, each naming the innermost
// inline instance that covers it. A lookup is then a binary search, where dwarf_getscopes walks the unit's
// tree again for every address. The same walk notes the namespaces (and the classes of anonymous
// namespaces) that enclose the unit's functions, so that naming an inlined function without a linkage name
// needs no dwarf_getscopes_die, which walks the unit again for every function.
#pragma once

#include <elfutils/libdw.h>

#include <cstdint>
#include <limits>
#include <optional>
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
    // "a::(anonymous namespace)::B::" for a function DIE of this unit inside namespace a, an anonymous
    // namespace and class B: its enclosing namespaces, classes, structures and unions, as
    // dwarf_getscopes_die gives them, an unnamed one written "(anonymous namespace)". A DIE the first walk
    // did not note (a function's local class, a class outside anonymous namespaces) makes one walk of the
    // whole unit. nullopt for another unit's DIE.
    std::optional<std::string> scopePrefix(Dwarf_Die *declaration);

private:
    struct Range {
        uint64_t low;
        uint64_t high; // exclusive
        uint32_t instance;
        uint32_t depth; // of nested inline instances: an enclosing instance first among equal ranges
    };
    // A namespace, class, structure or union: the one it lies in (kNone: the unit) and its name (nullptr
    // when unnamed), pointing into libdw's string data.
    struct Scope {
        uint32_t parent;
        const char *name;
    };
    struct Declared {
        Dwarf_Off offset;
        uint32_t scope;
    };
    // Where collect() is: the inline instance and its depth, the scope of functions declared at this level
    // (kNone inside a function, whose local classes are left to noteAllScopes), and whether an anonymous
    // namespace encloses it.
    struct Level {
        uint32_t enclosing = kNone;
        uint32_t inlineDepth = 0;
        uint32_t scope = kNone;
        bool anonymous = false;
        bool inFunction = false;
    };
    void collect(Dwarf_Die *parent, const Level &level, unsigned dieDepth);
    void collectScope(Dwarf_Die *die, const Level &level, unsigned dieDepth);
    void noteAllScopes(Dwarf_Die *parent, uint32_t scope, unsigned dieDepth);
    uint32_t addScope(Dwarf_Die *die, uint32_t parent);
    void sortDeclared();
    void addRanges(Dwarf_Die *die, uint32_t instance, uint32_t depth);
    void flatten();

    std::vector<Instance> instances_;
    std::vector<Range> ranges_; // while collecting: nested ranges; after flatten(): disjoint, sorted
    Dwarf_Die unit_;
    std::vector<Scope> scopes_;
    std::vector<Declared> declared_; // functions and their scopes, sorted by offset
    bool allScopesNoted_ = false;
};

} // namespace perfglass
