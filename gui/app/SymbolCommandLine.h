// The symbol settings as options of `perfglass`, spelled as perfglass-cli report (and perf) spells them:
// --sysroot, --library-path, --debug-file-directory, --buildid-dir, --ignore-buildid-cache, --kallsyms,
// --debuginfod, --source-path. Given, they replace the stored settings for this run only.
#pragma once

#include "SymbolSettings.h"

#include <QCommandLineParser>

namespace perfglass {

class SymbolCommandLine {
public:
    static void addOptions(QCommandLineParser &parser);
    // The stored settings with those given on the command line in their place.
    static SymbolSettings settingsFrom(const QCommandLineParser &parser, SymbolSettings settings);
};

} // namespace perfglass
