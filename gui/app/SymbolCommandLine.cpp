#include "SymbolCommandLine.h"

#include <QCoreApplication>

namespace perfglass {

// The descriptions keep the context "main" that they had in main.cpp, so their translations stay.
void SymbolCommandLine::addOptions(QCommandLineParser &parser) {
    const auto add = [&parser](const char *name, const char *description, const char *value) {
        parser.addOption(QCommandLineOption(QString::fromLatin1(name),
                                            QCoreApplication::translate("main", description),
                                            QString::fromLatin1(value)));
    };
    add("sysroot", QT_TRANSLATE_NOOP("main", "Look for binaries under DIR first (DIR/usr/lib/x.so)."), "DIR");
    add("library-path",
        QT_TRANSLATE_NOOP("main",
                          "Look for binaries not found where they were recorded in DIR (repeatable)."),
        "DIR");
    add("debug-file-directory",
        QT_TRANSLATE_NOOP("main", "Also look for separate debug files in DIR (repeatable)."), "DIR");
    add("buildid-dir",
        QT_TRANSLATE_NOOP("main", "The build-id cache to look for the files that ran in, by build id, before "
                                  "their recorded paths (default: $PERF_BUILDID_DIR, else ~/.debug), as "
                                  "perf's --buildid-dir."),
        "DIR");
    parser.addOption(QCommandLineOption(
        QStringLiteral("ignore-buildid-cache"),
        QCoreApplication::translate("main", "Do not look in the user's build-id cache (--buildid-dir, "
                                            "$PERF_BUILDID_DIR or ~/.debug).")));
    add("kallsyms", QT_TRANSLATE_NOOP("main", "Kernel symbols file."), "FILE");
    add("debuginfod", QT_TRANSLATE_NOOP("main", "Ask these debuginfod servers (space-separated URLs)."),
        "URLS");
    add("source-path", QT_TRANSLATE_NOOP("main", "Look for source files in DIR (repeatable)."), "DIR");
}

SymbolSettings SymbolCommandLine::settingsFrom(const QCommandLineParser &parser, SymbolSettings settings) {
    const auto list = [&parser](const char *name, QStringList &out) {
        if (!parser.isSet(QString::fromLatin1(name))) return;
        out.clear();
        for (const QString &value : parser.values(QString::fromLatin1(name)))
            out << value.split(QLatin1Char(':'), Qt::SkipEmptyParts);
    };
    const auto text = [&parser](const char *name, QString &out) {
        if (parser.isSet(QString::fromLatin1(name))) out = parser.value(QString::fromLatin1(name));
    };
    text("sysroot", settings.sysroot);
    text("kallsyms", settings.kallsyms);
    text("debuginfod", settings.debuginfodUrls);
    text("buildid-dir", settings.buildIdDirectory);
    if (parser.isSet(QStringLiteral("ignore-buildid-cache"))) settings.ignoreBuildIdCache = true;
    list("library-path", settings.libraryPaths);
    list("debug-file-directory", settings.debugPaths);
    list("source-path", settings.sourcePaths);
    return settings;
}

} // namespace perfglass
