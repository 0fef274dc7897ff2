// Differential folded stacks, the output format of Brendan Gregg's difffolded.pl and the input of
// `flamegraph.pl` for a differential flame graph: one line per call path that either session has,
// "outer;caller;leaf BASELINE COMPARISON", frames separated by ';', the two costs after the last two spaces
// (0 where a side lacks the path). Written from a top-down CallTreeDiff, so each side's filters and
// transforms apply; frames are named as CollapsedStacksExporter names them (inline frames end in "_[i]").
#pragma once

#include "analysis/CallTreeDiff.h"

#include <ostream>
#include <string>

namespace perfglass {

class DiffFoldedExporter {
public:
    // Samples without any stack are written as the single frame "[no stack]".
    static void write(const CallTreeDiff &diff, std::ostream &out);
    // Writes to a file; throws Error naming the file when it cannot be written.
    static void writeFile(const CallTreeDiff &diff, const std::string &path);
};

} // namespace perfglass
