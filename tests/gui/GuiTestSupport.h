// What the GUI tests share: settings of their own, and screenshots that a person can look at, saved under
// build/screenshots (or $PERFGLASS_SCREENSHOT_DIR).
#pragma once

#include "CallTreeModel.h"
#include "GoldenFixtures.h"
#include "MainWindow.h"
#include "SymbolSettings.h"
#include "Translations.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLocale>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QSize>
#include <QStandardPaths>
#include <QString>
#include <QTest>
#include <QWidget>

#include <memory>

namespace perfglass::test {

inline void removeTestSettings() {
    QFile::remove(QSettings().fileName());
}

// Settings and standard paths of the test's own (under ~/.qttest), cleared, and the application's
// translations installed as the real application does, for LOCALE: English unless a test asks for another
// language (the tests compare English texts, whatever the language of the machine that runs them). The
// settings are this test process's alone: ctest runs some test programs twice at once (tst_callercallee and
// tst_callercallee-recording-refused), and one run's switches must not reach the other. Removed at exit.
inline void useTestSettings(const QString &testName,
                            const QLocale &locale = QLocale(QLocale::English, QLocale::UnitedStates)) {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("perfglass-tests"));
    QCoreApplication::setApplicationName(testName + QLatin1Char('-') +
                                         QString::number(QCoreApplication::applicationPid()));
    QSettings().clear();
    qAddPostRoutine(removeTestSettings);
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

// A main window of SIZE, shown, with the session at PATH opened and loaded (with SYMBOLS, when given, instead
// of the stored symbol settings); null when the window was not exposed or the session did not load within
// TIMEOUT_MS.
inline std::unique_ptr<MainWindow> openSessionWindow(const QString &path, int timeoutMs,
                                                     const QSize &size = QSize(1400, 900),
                                                     const SymbolSettings &symbols = {}) {
    auto window = std::make_unique<MainWindow>();
    if (!(symbols == SymbolSettings{})) window->setSymbolSettings(symbols, false);
    window->resize(size);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    window->openFile(path);
    if (!loaded.wait(timeoutMs) && loaded.isEmpty()) return nullptr;
    // The timeline follows the trees (TimelineWhen::Later).
    if (!QTest::qWaitFor([&window] { return window->session() && window->session()->timeline; }, timeoutMs))
        return nullptr;
    QCoreApplication::processEvents();
    QTest::qWait(50); // let the views' first layout and paint run
    return window;
}

// The symbol settings that find the golden recordings' binaries (GoldenFixtures.h).
inline SymbolSettings goldenSymbols() {
    SymbolSettings symbols;
    symbols.sysroot = goldenDir();
    return symbols;
}

// A main window showing the golden recording NAME (perf-fp, perf-dwarf, perfglass-dwarf), which needs no
// recording at test time: golden.c's main -> work -> hot, warm, cold -> spin, one thread.
inline std::unique_ptr<MainWindow> openGoldenWindow(const QString &name, int timeoutMs,
                                                    const QSize &size = QSize(1400, 900)) {
    return openSessionWindow(goldenPath(name), timeoutMs, size, goldenSymbols());
}

// The recordings of hotspots-fp of tests/fixtures/hotspots (its README.md): hotspots (600 ms, two threads)
// and hotspots-fork (600 ms, three threads in each of two processes), which need no recording at test time.
inline QString hotspotsDir() {
    return QStringLiteral(PERFGLASS_FIXTURES_DIR "/hotspots");
}

inline QString hotspotsPath(const QString &name) {
    return hotspotsDir() + QLatin1Char('/') + name + QStringLiteral(".data");
}

// The symbol settings that find hotspots-fp for the recordings of hotspotsPath().
inline SymbolSettings hotspotsSymbols() {
    SymbolSettings symbols;
    symbols.sysroot = hotspotsDir();
    return symbols;
}

// A main window showing the recording NAME of hotspotsPath().
inline std::unique_ptr<MainWindow> openHotspotsWindow(const QString &name, int timeoutMs,
                                                      const QSize &size = QSize(1400, 900)) {
    return openSessionWindow(hotspotsPath(name), timeoutMs, size, hotspotsSymbols());
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

// Brings WINDOW's Bottom-Up dock forward and waits until its model has the bottom-up tree (the application
// makes that tree only while a view shows it); false when it did not come within TIMEOUT_MS. From then on
// every analysis makes it, while the dock stays forward.
inline bool showBottomUpTree(const MainWindow &window, int timeoutMs) {
    part<QDockWidget>(&window, "bottomUpDock")->raise();
    const CallTreeModel *model = part<CallTreeModel>(&window, "bottomUpModel");
    return QTest::qWaitFor([model] { return model->tree() != nullptr; }, timeoutMs);
}

} // namespace perfglass::test
