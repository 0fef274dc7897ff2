// File ▸ Export for Review and opening archives in the desktop application: a program recorded here is
// exported as one archive (the session and the code it ran), the program is deleted and HOME emptied, and the
// archive opened in a new window names the program's functions; the choice dialog shows both sizes and the
// files. An archive that is not one is refused with an error, never a crash. Screenshots of the dialog and of
// the window opened from the archive are saved.
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "ReviewExportDialog.h"
#include "ReviewExporter.h"
#include "TestSupport.h"

#include <QFile>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;
const std::string kHotLoop = "(anonymous namespace)::hotLoop(int)";

bool namesFunction(const Profile &profile, const std::string &name) {
    for (FunctionId id = 0; id < profile.functions.size(); ++id)
        if (profile.functionName(id) == name) return true;
    return false;
}
} // namespace

class TestReviewExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_reviewexport")); }

    void anArchiveOpensElsewhereWithTheFunctionsNamed() {
        QTemporaryDir dir;
        const QString program = dir.filePath(QStringLiteral("hotspots"));
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), program));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("home"))));
        qputenv("HOME", dir.filePath(QStringLiteral("home")).toUtf8());
        qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("cache")).toUtf8());
        qunsetenv("PERF_BUILDID_DIR");
        const QString session = dir.filePath(QStringLiteral("app.data"));
        const ProcessResult recorded =
            runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), session,
                    QStringLiteral("--"), program, QStringLiteral("300"), QStringLiteral("2")});
        if (!QFile::exists(session)) QSKIP(qPrintable(QStringLiteral("recording refused: ") + recorded.err));

        auto window = openSessionWindow(session, kTimeoutMs);
        QVERIFY(window);
        QVERIFY(namesFunction(*window->session()->profile, kHotLoop));
        const QString archive = dir.filePath(QStringLiteral("review.tar.bz2"));
        QSignalSpy exported(window->reviewExporter(), &ReviewExporter::exported);
        window->reviewExporter()->exportTo(archive, true);
        QVERIFY(exported.wait(kTimeoutMs));
        const auto info = exported.first().first().value<ReviewArchiveInfo>();
        QVERIFY(QFile::exists(archive));
        QVERIFY(info.bytes > 0);
        QVERIFY2(info.fullBytes > info.bytes, "a symbols-only archive is smaller than the full one");
        QVERIFY(std::any_of(info.entries.begin(), info.entries.end(), [](const QString &entry) {
            return entry.contains(QLatin1String("/hotspots/"));
        }));

        {
            ReviewExportDialog dialog(info, window.get());
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QVERIFY(part<QPlainTextEdit>(dialog, "archiveEntries")
                        ->toPlainText()
                        .contains(QLatin1String("hotspots")));
            saveScreenshot(&dialog, QStringLiteral("reviewexport-dialog.png"));
        }
        window.reset();

        // Elsewhere: the program gone, an empty HOME, a fresh cache directory.
        QVERIFY(QFile::remove(program));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("elsewhere"))));
        qputenv("HOME", dir.filePath(QStringLiteral("elsewhere")).toUtf8());
        qputenv("XDG_CACHE_HOME", dir.filePath(QStringLiteral("elsewhere/.cache")).toUtf8());
        auto reviewer = openSessionWindow(archive, kTimeoutMs);
        QVERIFY(reviewer);
        const auto &opened = reviewer->session();
        QCOMPARE(opened->path, QFileInfo(archive).absoluteFilePath());
        QVERIFY(opened->sessionFile != opened->path);
        QVERIFY2(opened->sessionFile.startsWith(dir.filePath(QStringLiteral("elsewhere/.cache"))),
                 qPrintable(opened->sessionFile));
        QVERIFY2(namesFunction(*opened->profile, kHotLoop),
                 "the archive's copy of the deleted program names its functions");
        saveScreenshot(reviewer.get(), QStringLiteral("reviewexport-opened-archive.png"));
    }

    void somethingThatIsNotAnArchiveIsRefused() {
        QTemporaryDir dir;
        const QString bogus = dir.filePath(QStringLiteral("broken.tar.bz2"));
        QFile file(bogus);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("BZh9 this is not bzip2 data at all");
        file.close();
        MainWindow window;
        QSignalSpy failed(&window, &MainWindow::loadFailed);
        window.openFile(bogus);
        QVERIFY(failed.wait(kTimeoutMs));
        QVERIFY(!window.lastError().isEmpty());
        QVERIFY(!window.session());
    }
};

QTEST_MAIN(TestReviewExport)
#include "tst_reviewexport.moc"
