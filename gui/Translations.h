// Installs the translators for the user's language: Qt's own and Perfglass's (embedded under :/i18n). English
// is the source language; its catalogue supplies the plural forms ("1 sample", "2 samples") and is the
// fallback.
#pragma once

class QCoreApplication;

namespace perfglass {

void installTranslations(QCoreApplication &app);

} // namespace perfglass
