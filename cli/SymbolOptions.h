// The symbol settings of the reading subcommands (issue "Symbol settings"): where binaries, libraries, debug
// files, kernel symbols and sources are found, and which debuginfod servers are asked. The same settings as
// the desktop application's Settings dialog and its command-line options.
#pragma once

#include "load/LoadProfile.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace perfglass::cli {

class SymbolOptions {
public:
    // Adds --sysroot/--symfs, --library-path, --debug-file-directory, --buildid-dir, --ignore-buildid-cache,
    // --kallsyms, --debuginfod and --source-path to sub.
    void add(CLI::App *sub);
    // Puts them into options.
    void apply(LoadOptions &options) const;

private:
    static bool reportDownload(const std::string &module, long done, long total);

    std::string sysroot_;
    std::vector<std::string> libraryPaths_;
    std::vector<std::string> debugPaths_;
    std::string buildIdDirectory_;
    bool noBuildIdCache_ = false;
    std::string kallsyms_;
    std::string debuginfodUrls_;
    std::vector<std::string> sourcePaths_;
};

} // namespace perfglass::cli
