#include "Translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace perfglass {

void installTranslations(QCoreApplication &app) {
    auto *qt = new QTranslator(&app);
    if (qt->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto *own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("perfglass"), QStringLiteral("_"), QStringLiteral(":/i18n")) ||
        own->load(QStringLiteral(":/i18n/perfglass_en.qm")))
        QCoreApplication::installTranslator(own);
}

} // namespace perfglass
