// What views say about a frame besides its name and cost: whether it is an inline frame and what it was
// inlined into, and where in the source its function's samples are (core/SourceLocations.h). The source
// locations of a Profile are computed once and shared by every view of it (sourceLocationsOf; LoadJob
// computes them while loading, off the UI thread).
#pragma once

#include "analysis/CallTree.h"
#include "profile/SourceLocations.h"

#include <QString>

#include <memory>

namespace perfglass {

// The source locations of PROFILE, computed on first use and kept while the profile lives. Thread-safe.
std::shared_ptr<const SourceLocations> sourceLocationsOf(const std::shared_ptr<const Profile> &profile);
// The same for a snapshot of a growing profile: extended from those of EARLIER, an earlier snapshot.
std::shared_ptr<const SourceLocations> sourceLocationsOf(const std::shared_ptr<const Profile> &profile,
                                                         const std::shared_ptr<const Profile> &earlier);

// "file.cpp:42" (SHORT: the file name only) or the full path, or "" when unknown.
QString locationText(const Profile &profile, const SourceLocations &locations, FunctionId function,
                     bool shortName);

// The marker views append to the name of an inline frame: " (inlined)", as perf and hotspot say it.
QString inlinedSuffix();

// The functions an inline node of TREE was inlined into: its caller in a top-down tree, its callers (the
// node's children) in a bottom-up one, as "a", "a, b" or "a, b, c and 2 more". Empty for other nodes.
QString inlinedIntoText(const CallTree &tree, uint32_t node);

} // namespace perfglass
