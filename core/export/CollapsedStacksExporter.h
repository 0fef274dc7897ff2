// Collapsed stacks, the input format of Brendan Gregg's flamegraph.pl (and of speedscope, inferno, ...):
// one line per distinct stack, "outer;caller;leaf COST", frames separated by ';', cost after the last space.
// Written from a top-down CallTree, so filters and transforms apply; the lines' costs sum to the tree's
// total. Inline frames (CallTreeNode::inlined) end in "_[i]", as stackcollapse-perf.pl marks them and as
// flamegraph.pl's palettes expect; other frames are the bare function name.
#pragma once

#include "analysis/CallTree.h"

#include <ostream>
#include <string>

namespace perfglass {

class CollapsedStacksExporter {
public:
    static constexpr const char *kInlineSuffix = "_[i]";

    // Samples without any stack are written as the single frame "[no stack]".
    static void write(const CallTree &tree, std::ostream &out);
    // Writes to a file; throws Error naming the file when it cannot be written.
    static void writeFile(const CallTree &tree, const std::string &path);
    // A function name as a frame: ';' (the separator) becomes ':', line breaks become spaces.
    static std::string frameText(const std::string &name);
};

} // namespace perfglass
