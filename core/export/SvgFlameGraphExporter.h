// A standalone SVG flame graph of a top-down CallTree: the outermost frames at the bottom, each frame a
// rectangle as wide as its inclusive cost, labelled where the name fits, with a <title> tooltip (function,
// module, cost, share), coloured as the desktop application colours its flame graph (FramePalette: a hue
// per FrameCategory, varied by function name). Inline frames (CallTreeNode::inlined) are a paler shade of
// that colour with a dashed outline and an italic label, and their title says "(inlined)" and, where known,
// the source file and hottest line. No script, no external files.
#pragma once

#include "analysis/CallTree.h"

#include <ostream>
#include <string>

namespace perfglass {

struct SvgFlameGraphOptions {
    std::string title = "Flame Graph";
    double width = 1200;        // pixels
    double frameHeight = 16;    // pixels
    double minFrameWidth = 0.1; // frames narrower than this are left out (with their callees)
    std::string unit = "samples";
};

class SvgFlameGraphExporter {
public:
    static constexpr const char *kInlineSuffix = " (inlined)";

    static void write(const CallTree &tree, std::ostream &out, const SvgFlameGraphOptions &options = {});
    // Throws Error naming the file when it cannot be written.
    static void writeFile(const CallTree &tree, const std::string &path,
                          const SvgFlameGraphOptions &options = {});
    // Text with the five XML special characters escaped, and bytes that XML forbids replaced by '?'.
    static std::string escape(const std::string &text);
};

} // namespace perfglass
