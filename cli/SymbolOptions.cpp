#include "SymbolOptions.h"

#include <fmt/format.h>

#include <mutex>
#include <set>

namespace perfglass::cli {

void SymbolOptions::add(CLI::App *sub) {
    sub->add_option("--sysroot,--symfs", sysroot_,
                    "Look for binaries under this directory first (DIR/usr/lib/x.so for /usr/lib/x.so), as "
                    "perf's --symfs");
    sub->add_option("--library-path", libraryPaths_,
                    "Look for a binary or library not found at its recorded path by its file name in this "
                    "directory (repeatable, or a colon-separated list)")
        ->delimiter(':');
    sub->add_option("--debug-file-directory", debugPaths_,
                    "Also look for separate debug files (by build id, .build-id/xx/..., and by "
                    ".gnu_debuglink) in this directory (repeatable, or a colon-separated list)")
        ->delimiter(':');
    sub->add_option(
        "--buildid-dir", buildIdDirectory_,
        "The build-id cache to look for the files that ran in, by build id, before their recorded "
        "paths (default: $PERF_BUILDID_DIR, else ~/.debug, which perf record fills), as perf's "
        "--buildid-dir");
    sub->add_flag("--ignore-buildid-cache", noBuildIdCache_,
                  "Do not look in the user's build-id cache (--buildid-dir, $PERF_BUILDID_DIR or ~/.debug)");
    sub->add_option("--kallsyms", kallsyms_,
                    "Kernel symbols file (default: /proc/kallsyms on the same kernel)");
    sub->add_option("--debuginfod", debuginfodUrls_,
                    "Ask these debuginfod servers (space-separated URLs) for the debug files of modules with "
                    "samples (default: DEBUGINFOD_URLS of the environment; unset, none is asked)");
    sub->add_option("--source-path", sourcePaths_,
                    "Look for source files in this directory (repeatable, or a colon-separated list)")
        ->delimiter(':');
}

void SymbolOptions::apply(LoadOptions &options) const {
    options.sysroot = sysroot_;
    options.libraryPaths = libraryPaths_;
    options.debugPaths = debugPaths_;
    options.userBuildIdCacheRoot = buildIdDirectory_;
    options.userBuildIdCache = !noBuildIdCache_;
    options.kallsymsPath = kallsyms_;
    options.debuginfodUrls = debuginfodUrls_;
    options.sourcePaths = sourcePaths_;
    options.debuginfodProgress = reportDownload;
}

// One line per debuginfod download on standard error, when it starts and when it is done; called from the
// loading threads.
bool SymbolOptions::reportDownload(const std::string &module, long done, long total) {
    static std::mutex mutex;
    static std::set<std::string> started, finished;
    const std::lock_guard lock(mutex);
    if (started.insert(module).second)
        fmt::print(stderr, "perfglass-cli: debuginfod: downloading the debug file of {}\n", module);
    if (total > 0 && done >= total && finished.insert(module).second)
        fmt::print(stderr, "perfglass-cli: debuginfod: {} kB for {}\n", (total + 1023) / 1024, module);
    return true;
}

} // namespace perfglass::cli
