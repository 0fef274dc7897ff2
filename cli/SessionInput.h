// The session file a reading subcommand (report, script, annotate, diff) opens for -i: a perf.data file, or
// an archive (perf archive's or ours, identity/ArchiveOpener.h) unpacked into its private build-id cache,
// which is added to the load options; a session with FILE.tar.bz2 beside it gets that archive's symbols too.
#pragma once

#include "load/LoadProfile.h"

#include <string>

namespace perfglass::cli {

// The path of the session to load for input; adds the caches of the archives it unpacked (or reused) to
// options.buildIdCaches and says so on standard error. Throws Error for a refused archive.
std::string openSessionInput(const std::string &input, LoadOptions &options);

} // namespace perfglass::cli
