// The symbol settings of the desktop application (Edit ▸ Symbol Settings, and the command line's options):
// where binaries, libraries, debug files, kernel symbols and sources are looked for, the user's build-id
// cache (perf's --buildid-dir, --ignore-buildid-cache) and the debuginfod servers. Kept in QSettings (group
// "symbols"); applied to the LoadOptions of every load.
#pragma once

#include "load/LoadProfile.h"

#include <QSettings>
#include <QString>
#include <QStringList>

namespace perfglass {

struct SymbolSettings {
    QString sysroot;
    QStringList libraryPaths;
    QStringList debugPaths;
    QString kallsyms;
    QString debuginfodUrls; // space-separated; empty: DEBUGINFOD_URLS of the environment
    QStringList sourcePaths;
    QString buildIdDirectory;        // empty: $PERF_BUILDID_DIR, else ~/.debug
    bool ignoreBuildIdCache = false; // the user's build-id cache is not searched

    static SymbolSettings load(const QSettings &settings);
    void save(QSettings &settings) const;
    void applyTo(LoadOptions &options) const;
    bool operator==(const SymbolSettings &other) const = default;
};

} // namespace perfglass
