// Collapsed stacks, the input format of Brendan Gregg's flamegraph.pl (and of speedscope, inferno, ...):
// one line per distinct stack, "outer;caller;leaf COST", frames separated by ';', cost after the last space.
// Written from a top-down CallTree, so filters and transforms apply; the lines' costs sum to the tree's
// total. Inline frames (CallTreeNode::inlined) end in "_[i]", as stackcollapse-perf.pl marks them and as
// flamegraph.pl's palettes expect; other frames are the bare function name.
//
// Per process (CollapsedOptions::perProcess, the default for system-wide sessions): every stack starts with a
// frame naming the command its process ran then (a child runs as its parent until it execs), as
// stackcollapse-perf.pl writes perf script's output (samples of processes of
// the same name add up, as there); perThread makes that frame "thread-pid/tid" with the thread's name, as
// stackcollapse-perf.pl --tid does. These are written from the Profile and the filter.
#pragma once

#include "analysis/CallTree.h"
#include "analysis/SampleFilter.h"

#include <ostream>
#include <string>

namespace perfglass {

struct CollapsedOptions {
    bool perProcess = false;
    bool perThread = false; // implies a root frame per thread instead of per process
    // The default for PROFILE: per process when it was recorded system-wide.
    static CollapsedOptions defaultFor(const Profile &profile) { return {profile.systemWide(), false}; }
};

class CollapsedStacksExporter {
public:
    static constexpr const char *kInlineSuffix = "_[i]";

    // Samples without any stack are written as the single frame "[no stack]".
    static void write(const CallTree &tree, std::ostream &out);
    // Writes to a file; throws Error naming the file when it cannot be written.
    static void writeFile(const CallTree &tree, const std::string &path);
    // With a root frame per process or thread when OPTIONS say so, else as write(CallTree).
    static void write(const std::shared_ptr<const Profile> &profile, const SampleFilter &filter,
                      const CollapsedOptions &options, std::ostream &out);
    static void writeFile(const std::shared_ptr<const Profile> &profile, const SampleFilter &filter,
                          const CollapsedOptions &options, const std::string &path);
    // A function name as a frame: ';' (the separator) becomes ':', line breaks become spaces.
    static std::string frameText(const std::string &name);
};

} // namespace perfglass
