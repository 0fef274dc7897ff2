#include "SymbolSettings.h"

namespace perfglass {

namespace {
std::vector<std::string> toStd(const QStringList &list) {
    std::vector<std::string> out;
    for (const QString &item : list)
        if (!item.trimmed().isEmpty()) out.push_back(item.trimmed().toStdString());
    return out;
}
} // namespace

SymbolSettings SymbolSettings::load(const QSettings &settings) {
    SymbolSettings s;
    s.sysroot = settings.value(QStringLiteral("symbols/sysroot")).toString();
    s.libraryPaths = settings.value(QStringLiteral("symbols/libraryPaths")).toStringList();
    s.debugPaths = settings.value(QStringLiteral("symbols/debugPaths")).toStringList();
    s.kallsyms = settings.value(QStringLiteral("symbols/kallsyms")).toString();
    s.debuginfodUrls = settings.value(QStringLiteral("symbols/debuginfodUrls")).toString();
    s.sourcePaths = settings.value(QStringLiteral("symbols/sourcePaths")).toStringList();
    s.buildIdDirectory = settings.value(QStringLiteral("symbols/buildIdDirectory")).toString();
    s.ignoreBuildIdCache = settings.value(QStringLiteral("symbols/ignoreBuildIdCache"), false).toBool();
    return s;
}

void SymbolSettings::save(QSettings &settings) const {
    settings.setValue(QStringLiteral("symbols/sysroot"), sysroot);
    settings.setValue(QStringLiteral("symbols/libraryPaths"), libraryPaths);
    settings.setValue(QStringLiteral("symbols/debugPaths"), debugPaths);
    settings.setValue(QStringLiteral("symbols/kallsyms"), kallsyms);
    settings.setValue(QStringLiteral("symbols/debuginfodUrls"), debuginfodUrls);
    settings.setValue(QStringLiteral("symbols/sourcePaths"), sourcePaths);
    settings.setValue(QStringLiteral("symbols/buildIdDirectory"), buildIdDirectory);
    settings.setValue(QStringLiteral("symbols/ignoreBuildIdCache"), ignoreBuildIdCache);
}

void SymbolSettings::applyTo(LoadOptions &options) const {
    options.sysroot = sysroot.trimmed().toStdString();
    options.libraryPaths = toStd(libraryPaths);
    options.debugPaths = toStd(debugPaths);
    options.kallsymsPath = kallsyms.trimmed().toStdString();
    options.debuginfodUrls = debuginfodUrls.simplified().toStdString();
    options.sourcePaths = toStd(sourcePaths);
    options.userBuildIdCacheRoot = buildIdDirectory.trimmed().toStdString();
    options.userBuildIdCache = !ignoreBuildIdCache;
}

} // namespace perfglass
