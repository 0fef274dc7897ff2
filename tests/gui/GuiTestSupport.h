// What the GUI tests share: settings of their own, and screenshots that a person can look at, saved under
// build/screenshots (or $PERFGLASS_SCREENSHOT_DIR).
#pragma once

#include "Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTest>
#include <QWidget>

namespace perfglass::test {

// Settings and standard paths of the test's own (under ~/.qttest), cleared, and the application's
// translations installed as the real application does.
inline void useTestSettings(const QString &testName) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("perfglass-tests"));
    QCoreApplication::setApplicationName(testName);
    QSettings().clear();
    perfglass::installTranslations(*QCoreApplication::instance());
}

inline QString screenshotDir() {
    return qEnvironmentVariable("PERFGLASS_SCREENSHOT_DIR", QStringLiteral(PERFGLASS_SCREENSHOT_DIR));
}

// Saves a picture of widget as NAME (a .png file name); a failure to save fails the calling test.
inline void saveScreenshot(QWidget *widget, const QString &name) {
    QDir().mkpath(screenshotDir());
    QTest::qWait(50); // let pending layout and paint events run
    const QString path = screenshotDir() + QLatin1Char('/') + name;
    QVERIFY2(widget->grab().save(path), qPrintable(QStringLiteral("cannot save ") + path));
    qInfo("screenshot: %s", qPrintable(path));
}

} // namespace perfglass::test
