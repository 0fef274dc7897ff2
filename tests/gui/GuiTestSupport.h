// What the GUI tests share: settings of their own, and screenshots that a person can look at, saved under
// build/screenshots (or $PERFGLASS_SCREENSHOT_DIR).
#pragma once

#include "Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTest>
#include <QWidget>

#include <memory>

namespace perfglass::test {

// Settings and standard paths of the test's own (under ~/.qttest), cleared, and the application's
// translations installed as the real application does, for LOCALE: English unless a test asks for another
// language (the tests compare English texts, whatever the language of the machine that runs them).
inline void useTestSettings(const QString &testName,
                            const QLocale &locale = QLocale(QLocale::English, QLocale::UnitedStates)) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("perfglass-tests"));
    QCoreApplication::setApplicationName(testName);
    QSettings().clear();
    perfglass::installTranslations(*QCoreApplication::instance(), locale);
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

inline const QObject *asObject(const QObject &object) {
    return &object;
}
inline const QObject *asObject(const QObject *object) {
    return object;
}
template <typename T> const QObject *asObject(const std::unique_ptr<T> &object) {
    return object.get();
}
template <typename T> const QObject *asObject(const QPointer<T> &object) {
    return object.data();
}

// The descendant of PARENT (an object, a pointer to it or an owner of it) of type T whose objectName is NAME,
// as the widgets name their parts; a test that asks for a part that does not exist stops there.
template <typename T, typename Parent> T *part(const Parent &parent, const char *name) {
    const QObject *object = asObject(parent);
    if (!object) qFatal("looking for %s in nothing", name);
    T *found = object->template findChild<T *>(QLatin1String(name));
    if (!found) qFatal("%s has no %s", qPrintable(object->objectName()), name);
    return found;
}

} // namespace perfglass::test
