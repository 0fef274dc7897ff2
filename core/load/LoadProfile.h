// Reading a whole session file into a Profile, and the options of doing so.
#pragma once

#include "base/Cancellation.h"
#include "profile/Profile.h"
#include "symbols/DebuginfodClient.h"
#include "symbols/ModuleFinder.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct LoadOptions {
    // Kernel symbols; empty reads /proc/kallsyms when the session was recorded on this kernel.
    std::string kallsymsPath;
    // Called now and then with the fraction of the input read (0..1). Runs on the loading thread.
    std::function<void(double)> progress;
    // Loading is abandoned once a stop is requested on it; loadProfile then throws Cancelled.
    std::stop_token stop;
    // Live analysis: when it can be stopped (a std::stop_source's token), a file still being written is
    // followed (PerfDataReader::follow) and loading ends when the writer finishes it or a stop is requested.
    std::stop_token stopFollowing;
    // Where binaries and debug files are looked for (symbols/ModuleFinder.h).
    std::string sysroot;
    std::vector<std::string> debugPaths;
    std::vector<std::string> libraryPaths;
    // Build-id caches in perf's layout (identity/BuildIdCache.h), searched before the user's own: the private
    // caches that opened archives were unpacked into.
    std::vector<std::string> buildIdCaches;
    // Whether the user's own build-id cache ($PERF_BUILDID_DIR, else ~/.debug) is searched.
    bool userBuildIdCache = true;
    // The user's build-id cache in place of $PERF_BUILDID_DIR or ~/.debug (perf's --buildid-dir); empty:
    // those.
    std::string userBuildIdCacheRoot;
    // debuginfod servers (space-separated URLs), asked for the debug files of modules with samples; empty
    // leaves DEBUGINFOD_URLS of the environment as it is (unset: debuginfod is not asked). Set, it is put
    // into this process's DEBUGINFOD_URLS, which libdw's debuginfod client reads.
    std::string debuginfodUrls;
    // Told about each debuginfod download as it goes (on a loading thread); may be empty. A stop requested on
    // stop ends a download too.
    DebuginfodProgress debuginfodProgress;
    // Where source files are looked for (symbols/SourceFileFinder.h), by the views that show source; the
    // loader itself does not read sources.
    std::vector<std::string> sourcePaths;
    // Inlined functions as frames of their own (Frame::inlined) and source file and line of every user frame,
    // from the DWARF that binaries built with -g carry. FlatProfile charges self cost of inlined code to the
    // containing function, as perf does.
    bool inlineFrames = true;
    // Also from separately installed debug files (libc6-dbg, -dbgsym packages, debuginfod): libdw
    // decompresses a debug file's DWARF whole, about 20 MB for libc's (docs/unwinding-and-symbols.md).
    bool inlineFramesFromDebugFiles = false;
    // Where perf-PID.map files of JIT runtimes are read from; empty means /tmp.
    std::string jitMapDirectory;
    // Threads that unwind DWARF stacks (the loading thread included); 0: one per available CPU.
    unsigned unwindThreads = 0;
};

// Where modules are looked for with these options (symbols/ModuleFinder.h): the build-id caches (the private
// ones, then the user's unless turned off), sysroot, library and debug directories, debuginfod's progress.
ModuleSearch moduleSearchFor(const LoadOptions &options);

// Reads a whole session file into a Profile. Throws Error/FileFormatError for bad input, Cancelled when
// asked.
std::shared_ptr<const Profile> loadProfile(const std::string &path, const LoadOptions &options = {});

} // namespace perfglass
