// Installs the translators for the user's language: Qt's own (qtbase_LANG.qm from Qt's translations
// directory, where the distribution installed it) and Perfglass's catalogue (translations/perfglass_LANG.ts),
// taken from share/perfglass/translations beside the program when installed there, else from the copy
// compiled in
// (:/i18n). English is the source language; its catalogue supplies the plural forms ("1 sample", "2 samples")
// and is the fallback. The language is the system's as Qt reads it from the environment (LANGUAGE, then
// LC_ALL, LC_MESSAGES, LANG), so `LANGUAGE=de perfglass` forces German.
#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace perfglass {

// Replaces the translators an earlier call installed. Returns the file name of the Perfglass catalogue it
// installed (perfglass_de.qm), or an empty string when none could be loaded.
QString installTranslations(QCoreApplication &app, const QLocale &locale = QLocale());

} // namespace perfglass
