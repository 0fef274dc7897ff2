#include "Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QTranslator>

namespace perfglass {

namespace {

const char *const kTranslatorName = "perfglass-translator";

void removeInstalledTranslators(QCoreApplication &app) {
    const auto translators =
        app.findChildren<QTranslator *>(QLatin1String(kTranslatorName), Qt::FindDirectChildrenOnly);
    for (QTranslator *translator : translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
}

// Installs a translator owned by APP if LOAD fills it; returns the file it loaded.
template <typename Load> QString installIf(QCoreApplication &app, Load load) {
    auto *translator = new QTranslator(&app);
    translator->setObjectName(QLatin1String(kTranslatorName));
    if (!load(*translator)) {
        delete translator;
        return {};
    }
    QCoreApplication::installTranslator(translator);
    return QFileInfo(translator->filePath()).fileName();
}

// Where an installed program finds its catalogues: PREFIX/share/perfglass/translations for PREFIX/bin.
QString installedCatalogueDir() {
    return QDir(QCoreApplication::applicationDirPath())
        .absoluteFilePath(QStringLiteral("../share/perfglass/translations"));
}

} // namespace

QString installTranslations(QCoreApplication &app, const QLocale &locale) {
    removeInstalledTranslators(app);
    installIf(app, [&locale](QTranslator &t) {
        return t.load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                      QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    });
    const QString name = QStringLiteral("perfglass");
    const QString separator = QStringLiteral("_");
    return installIf(app, [&](QTranslator &t) {
        return t.load(locale, name, separator, installedCatalogueDir()) ||
               t.load(locale, name, separator, QStringLiteral(":/i18n")) ||
               t.load(QStringLiteral(":/i18n/perfglass_en.qm"));
    });
}

} // namespace perfglass
