// A node of a call tree spelled as the functions (and their modules) on the way to it from the root, to find
// the same place in another tree of the session: one made for another filter, or from the file read again
// (where function ids differ). Views keep their zoom and selection with it.
#pragma once

#include "analysis/CallTree.h"

#include <string>
#include <vector>

namespace perfglass {

class CallPath {
public:
    CallPath() = default;
    static CallPath of(const CallTree &tree, uint32_t node);

    bool empty() const { return steps_.empty(); }
    // The node of TREE at the end of this path, or its deepest ancestor that TREE has (the root at worst).
    uint32_t nodeIn(const CallTree &tree) const;

private:
    static std::string stepOf(const CallTree &tree, uint32_t node);

    std::vector<std::string>
        steps_; // per level from the root's child down: module path, a tab, function name
};

} // namespace perfglass
