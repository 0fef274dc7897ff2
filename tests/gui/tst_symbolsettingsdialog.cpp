// Symbol settings in the desktop application: a session whose binary moved (a golden recording,
// tests/fixtures/golden/perf-fp.data, whose /perfglass-golden/golden-fp exists only as a copy, stripped, its
// debug file split off with objcopy --only-keep-debug) says in the Summary which module has no symbols and
// links to Edit ▸ Symbol Settings; the dialog, given a library path and a debug file path, keeps them
// (QSettings), the session is read again and spin is named. A new window starts with the kept settings.
// Nothing is recorded: the suite runs where recording is refused. Screenshots: the Summary before, the dialog
// filled in, the Summary after.
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "SummaryView.h"
#include "SymbolCommandLine.h"
#include "SymbolSettingsDialog.h"
#include "TestSupport.h"

#include <QCheckBox>
#include <QCommandLineParser>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kLoadTimeoutMs = 120000;
}

class TestSymbolSettingsDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString session_;
    QString libraries_; // where the binary is now
    QString debugDir_;  // its debug file, by build id

    // The Summary as a person reads it in a tall dock, scrolled to its end (what was not named, by module).
    static void saveSummary(const MainWindow &window, const QString &name) {
        SummaryView alone;
        alone.resize(1000, 900);
        alone.setSession(window.session());
        alone.show();
        QVERIFY(QTest::qWaitForWindowExposed(&alone));
        QCoreApplication::processEvents();
        alone.browser()->verticalScrollBar()->setValue(alone.browser()->verticalScrollBar()->maximum());
        saveScreenshot(&alone, name);
    }

    static void run(const QString &program, const QStringList &arguments) {
        const auto result = runProgram(program, arguments);
        QVERIFY2(result.exitCode == 0, qPrintable(program + QLatin1Char(' ') + result.err));
    }

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_symbolsettingsdialog"));
        if (QStandardPaths::findExecutable(QStringLiteral("objcopy")).isEmpty())
            QSKIP("objcopy is not installed (Debian: binutils)");
        QVERIFY(dir_.isValid());
        // An empty build-id cache: ~/.debug may hold golden-fp (same build id), which would name the moved
        // binary's frames by build id, as it should.
        QDir().mkpath(dir_.filePath(QStringLiteral("cache")));
        qputenv("PERF_BUILDID_DIR", dir_.filePath(QStringLiteral("cache")).toUtf8());
        QDir().mkpath(dir_.filePath(QStringLiteral("app")));
        const QString binary = dir_.filePath(QStringLiteral("app/golden-fp"));
        const QString debug = dir_.filePath(QStringLiteral("golden-fp.debug"));
        QVERIFY(QFile::copy(goldenDir() + QStringLiteral("/perfglass-golden/golden-fp"), binary));
        QVERIFY(QFile::setPermissions(binary, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        run(QStringLiteral("objcopy"), {QStringLiteral("--only-keep-debug"), binary, debug});
        run(QStringLiteral("strip"), {QStringLiteral("--strip-all"), binary});
        const auto notes = runProgram(QStringLiteral("readelf"), {QStringLiteral("-n"), binary});
        const auto match = QRegularExpression(QStringLiteral("Build ID: ([0-9a-f]+)")).match(notes.out);
        QVERIFY2(match.hasMatch(), qPrintable(notes.out));
        const QString id = match.captured(1);
        debugDir_ = dir_.filePath(QStringLiteral("debug"));
        QDir().mkpath(debugDir_ + QStringLiteral("/.build-id/") + id.left(2));
        QVERIFY(QFile::rename(
            debug, QStringLiteral("%1/.build-id/%2/%3.debug").arg(debugDir_, id.left(2), id.mid(2))));
        session_ = goldenPath(QStringLiteral("perf-fp"));
        libraries_ = dir_.filePath(QStringLiteral("libs"));
        QDir().mkpath(libraries_);
        QVERIFY(QFile::rename(binary, libraries_ + QStringLiteral("/golden-fp")));
    }

    void summaryOffersSettingsAndTheyReload() {
        auto window = openSessionWindow(session_, kLoadTimeoutMs);
        QVERIFY(window);
        auto *summary = window->findChild<SummaryView *>();
        QVERIFY(summary);
        const QString before = summary->plainText();
        QVERIFY2(before.contains(QStringLiteral("without symbols:")) &&
                     before.contains(QStringLiteral("/perfglass-golden/golden-fp")),
                 qPrintable(before));
        QVERIFY2(before.contains(QStringLiteral("Symbol Settings…")), qPrintable(before));
        QVERIFY(!before.contains(QStringLiteral("spin")));
        saveSummary(*window, QStringLiteral("symbol-settings-summary-before.png"));

        emit summary->browser()->anchorClicked(QUrl(QStringLiteral("settings:symbols")));
        SymbolSettingsDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window->findChild<SymbolSettingsDialog *>()) && dialog->isVisible());
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("libraryPaths"))->setPlainText(libraries_);
        dialog->findChild<QPlainTextEdit *>(QStringLiteral("debugPaths"))->setPlainText(debugDir_);
        dialog->findChild<QLineEdit *>(QStringLiteral("debuginfod"))
            ->setText(QStringLiteral("http://127.0.0.1:9/"));
        saveScreenshot(dialog, QStringLiteral("symbol-settings-dialog.png"));
        dialog->findChild<QLineEdit *>(QStringLiteral("debuginfod"))->clear(); // no server in the reload

        QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
        dialog->accept();
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCoreApplication::processEvents();
        const QString after = summary->plainText();
        QVERIFY2(after.contains(QStringLiteral("spin")), qPrintable(after));
        QVERIFY2(!after.contains(QStringLiteral("without symbols:")), qPrintable(after));
        saveSummary(*window, QStringLiteral("symbol-settings-summary-after.png"));
        saveScreenshot(window.get(), QStringLiteral("symbol-settings-window-after.png"));

        QSettings stored;
        QCOMPARE(stored.value(QStringLiteral("symbols/libraryPaths")).toStringList(),
                 QStringList{libraries_});
        QCOMPARE(stored.value(QStringLiteral("symbols/debugPaths")).toStringList(), QStringList{debugDir_});
    }

    // debuginfod downloads are counted in the status bar: a local server (python's http.server over a
    // directory laid out as /buildid/ID/debuginfo) holds the only copy of the debug file.
    void debuginfodProgressInTheStatusBar() {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty()) QSKIP("python3 is not installed: no local debuginfod server");
        const QString id = QDir(debugDir_ + QStringLiteral("/.build-id"))
                               .entryList(QDir::Dirs | QDir::NoDotAndDotDot)
                               .value(0);
        const QString file =
            QDir(debugDir_ + QStringLiteral("/.build-id/") + id).entryList(QDir::Files).value(0);
        const QString buildId = id + QFileInfo(file).completeBaseName();
        const QString root = dir_.filePath(QStringLiteral("server"));
        QDir().mkpath(root + QStringLiteral("/buildid/") + buildId);
        QVERIFY(QFile::copy(debugDir_ + QStringLiteral("/.build-id/") + id + QLatin1Char('/') + file,
                            root + QStringLiteral("/buildid/") + buildId + QStringLiteral("/debuginfo")));
        QProcess server;
        server.setWorkingDirectory(root);
        server.start(python, {QStringLiteral("-u"), QStringLiteral("-c"),
                              QStringLiteral("import http.server, socketserver\n"
                                             "s = socketserver.TCPServer(('127.0.0.1', 0), "
                                             "http.server.SimpleHTTPRequestHandler)\n"
                                             "print('port', s.server_address[1], flush=True)\n"
                                             "s.serve_forever()\n")});
        QVERIFY(server.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 20000);
        const QString port = QString::fromUtf8(server.readLine()).split(QLatin1Char(' ')).value(1).trimmed();
        qputenv("DEBUGINFOD_CACHE_PATH", dir_.filePath(QStringLiteral("cache")).toUtf8());

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SymbolSettings settings;
        settings.libraryPaths = {libraries_};
        settings.debuginfodUrls = QStringLiteral("http://127.0.0.1:") + port;
        window.setSymbolSettings(settings, false);
        QSignalSpy messages(window.statusBar(), &QStatusBar::messageChanged);
        QSignalSpy loaded(&window, &MainWindow::sessionLoaded);
        window.openFile(session_);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        server.kill();
        server.waitForFinished();
        qunsetenv("DEBUGINFOD_URLS");
        QStringList texts;
        for (const auto &message : messages)
            texts << message.value(0).toString();
        QVERIFY2(
            texts.filter(QStringLiteral("Downloading the debug file of golden-fp from debuginfod")).size() >=
                1,
            qPrintable(texts.join(QLatin1Char('\n'))));
        QVERIFY(window.findChild<SummaryView *>()->plainText().contains(QStringLiteral("spin")));
    }

    // The user's build-id cache, as perf's --buildid-dir and --ignore-buildid-cache: shown and returned by
    // the dialog, kept, applied to the load; a session whose binary is gone is named from the cache chosen,
    // and not when the cache is ignored.
    void buildIdCacheSettings() {
        SymbolSettings given;
        given.buildIdDirectory = QStringLiteral("/some/cache");
        given.ignoreBuildIdCache = true;
        SymbolSettingsDialog dialog(given);
        auto *directory = dialog.findChild<QLineEdit *>(QStringLiteral("buildIdDirectory"));
        auto *ignore = dialog.findChild<QCheckBox *>(QStringLiteral("ignoreBuildIdCache"));
        QVERIFY(directory && ignore);
        QCOMPARE(directory->text(), given.buildIdDirectory);
        QVERIFY(ignore->isChecked());
        QVERIFY(!directory->isEnabled()); // an ignored cache has no directory to choose
        ignore->setChecked(false);
        QVERIFY(directory->isEnabled());
        directory->setText(QStringLiteral(" /other/cache "));
        QCOMPARE(dialog.settings().buildIdDirectory, QStringLiteral("/other/cache"));
        QVERIFY(!dialog.settings().ignoreBuildIdCache);

        QSettings file(dir_.filePath(QStringLiteral("kept.ini")), QSettings::IniFormat);
        given.save(file);
        QCOMPARE(SymbolSettings::load(file), given);
        LoadOptions options;
        given.applyTo(options);
        QCOMPARE(options.userBuildIdCacheRoot, std::string("/some/cache"));
        QVERIFY(!options.userBuildIdCache);

        // A copy of hotspots recorded into a cache of its own, then deleted.
        const QString cache = dir_.filePath(QStringLiteral("own-cache"));
        const QString binary = dir_.filePath(QStringLiteral("gone/hs"));
        QDir().mkpath(dir_.filePath(QStringLiteral("gone")));
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), binary));
        const QString session = dir_.filePath(QStringLiteral("gone.data"));
        const QByteArray standard = qgetenv("PERF_BUILDID_DIR");
        qputenv("PERF_BUILDID_DIR", cache.toUtf8());
        const auto recorded =
            runCli({QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                    QStringLiteral("-g"), QStringLiteral("-o"), session, QStringLiteral("--"), binary,
                    QStringLiteral("-300"), QStringLiteral("1")});
        qputenv("PERF_BUILDID_DIR", standard);
        // The recording itself fills the cache: where recording is refused there is nothing to look up.
        if (!QFile::exists(session) && recorded.err.contains(QLatin1String("perf_event_paranoid")))
            QSKIP(qPrintable(QStringLiteral("recording is not permitted here: ") + recorded.err));
        QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
        QVERIFY(QFile::remove(binary));
        const auto summaryWith = [&](const SymbolSettings &settings) {
            MainWindow window;
            window.setSymbolSettings(settings, false);
            QSignalSpy loaded(&window, &MainWindow::sessionLoaded);
            window.openFile(session);
            if (!loaded.wait(kLoadTimeoutMs)) return QStringLiteral("(not loaded)");
            QCoreApplication::processEvents();
            return window.findChild<SummaryView *>()->plainText();
        };
        SymbolSettings chosen;
        chosen.buildIdDirectory = cache;
        const QString named = summaryWith(chosen);
        QVERIFY2(named.contains(QStringLiteral("hotLoop")), qPrintable(named));
        chosen.ignoreBuildIdCache = true;
        const QString ignored = summaryWith(chosen);
        QVERIFY2(!ignored.contains(QStringLiteral("hotLoop")), qPrintable(ignored));
        QVERIFY2(!summaryWith({}).contains(QStringLiteral("hotLoop")), "named from PERF_BUILDID_DIR's cache");

        // The same two settings as options of `perfglass`, spelled as the CLI's and perf's.
        const auto fromCommandLine = [&](const QStringList &arguments) {
            QCommandLineParser parser;
            SymbolCommandLine::addOptions(parser);
            if (!parser.parse(QStringList{QStringLiteral("perfglass")} + arguments + QStringList{session}))
                qWarning() << parser.errorText();
            return SymbolCommandLine::settingsFrom(parser, {});
        };
        const SymbolSettings typed = fromCommandLine({QStringLiteral("--buildid-dir"), cache});
        QCOMPARE(typed.buildIdDirectory, cache);
        QVERIFY(!typed.ignoreBuildIdCache);
        QVERIFY(summaryWith(typed).contains(QStringLiteral("hotLoop")));
        const SymbolSettings ignoring = fromCommandLine(
            {QStringLiteral("--buildid-dir"), cache, QStringLiteral("--ignore-buildid-cache")});
        QVERIFY(ignoring.ignoreBuildIdCache);
        QVERIFY(!summaryWith(ignoring).contains(QStringLiteral("hotLoop")));
    }

    // perfglass --help lists the build-id cache's options with the other symbol settings.
    void helpListsBuildIdOptions() {
        const auto help = runProgram(QStringLiteral(PERFGLASS_GUI), {QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        for (const char *option : {"--sysroot <DIR>", "--buildid-dir <DIR>", "--ignore-buildid-cache"})
            QVERIFY2(help.out.contains(QLatin1String(option)), qPrintable(help.out));
    }

    // The kept settings apply to the next window; command-line settings (persist false) are not kept.
    void settingsPersist() {
        MainWindow window;
        QCOMPARE(window.symbolSettings().libraryPaths, QStringList{libraries_});
        QCOMPARE(window.symbolSettings().debugPaths, QStringList{debugDir_});
        SymbolSettings once = window.symbolSettings();
        once.sysroot = QStringLiteral("/only/this/run");
        window.setSymbolSettings(once, false);
        QCOMPARE(window.symbolSettings().sysroot, QStringLiteral("/only/this/run"));
        QCOMPARE(SymbolSettings::load(QSettings()).sysroot, QString());
    }
};

QTEST_MAIN(TestSymbolSettingsDialog)
#include "tst_symbolsettingsdialog.moc"
