// The symbol settings of `perfglass-cli report`, each with a fixture made here: a recorded binary moved
// under a fake sysroot (--sysroot) or into a library directory (--library-path), a stripped binary whose
// split debug file (objcopy --only-keep-debug) lies in a debug directory (--debug-file-directory) or is
// served by a local debuginfod server (--debuginfod), and a kallsyms file whose names are marked
// (--kallsyms). Without the setting the functions stay unnamed; with it, hotLoop leads. A debuginfod download
// stopped by its progress callback leaves nothing behind, not even libdebuginfod's mark of a failed query.
#include "TestSupport.h"
#include "load/LoadProfile.h"
#include "symbols/DebuginfodClient.h"

#include <atomic>

#include <QtTest>

using namespace perfglass::test;

class TestSymbolSettings : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString session_;    // hotspots recorded at app/hs, stripped, with a .gnu_debuglink to hs.debug
    QString recordedAt_; // the binary's recorded path
    QString debugFile_;  // hs.debug, outside every default place
    QString buildId_;

    static bool hotLoopLeads(const QString &report) {
        for (const QString &line : report.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1Char('#')) || line.trimmed().isEmpty()) continue;
            return line.contains(QStringLiteral("hotLoop")); // the first function line
        }
        return false;
    }

    static void run(const QString &program, const QStringList &arguments) {
        const auto result = runProgram(program, arguments);
        QVERIFY2(result.exitCode == 0, qPrintable(program + QLatin1Char(' ') + result.err));
    }

    ProcessResult report(const QStringList &extra) {
        return runCli(QStringList{QStringLiteral("report"), QStringLiteral("-i"), session_,
                                  QStringLiteral("--view"), QStringLiteral("flat")} +
                      extra);
    }

    // Moves the recorded binary to target (and back at the end of the test function's scope).
    class MovedBinary {
    public:
        MovedBinary(QString from, QString to)
            : from_(std::move(from))
            , to_(std::move(to)) {
            QDir().mkpath(QFileInfo(to_).path());
            moved_ = QFile::rename(from_, to_);
        }
        ~MovedBinary() {
            if (moved_) QFile::rename(to_, from_);
        }
        MovedBinary(const MovedBinary &) = delete;
        MovedBinary &operator=(const MovedBinary &) = delete;
        bool moved() const { return moved_; }

    private:
        QString from_, to_;
        bool moved_ = false;
    };

private slots:
    void initTestCase() {
        if (QStandardPaths::findExecutable(QStringLiteral("objcopy")).isEmpty())
            QSKIP("objcopy is not installed (Debian: binutils)");
        QVERIFY(dir_.isValid());
        // The user's build-id cache (~/.debug, filled by perf record) may hold hotspots-fp unstripped, under
        // the same build id: the reports here look in an empty one.
        qputenv("PERF_BUILDID_DIR", dir_.filePath(QStringLiteral("buildid-cache")).toUtf8());
        QDir().mkpath(dir_.filePath(QStringLiteral("app")));
        recordedAt_ = dir_.filePath(QStringLiteral("app/hs"));
        debugFile_ = dir_.filePath(QStringLiteral("hs.debug"));
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), recordedAt_));
        run(QStringLiteral("objcopy"), {QStringLiteral("--only-keep-debug"), recordedAt_, debugFile_});
        run(QStringLiteral("strip"), {QStringLiteral("--strip-all"), recordedAt_});
        run(QStringLiteral("objcopy"), {QStringLiteral("--add-gnu-debuglink=") + debugFile_, recordedAt_});
        const auto notes = runProgram(QStringLiteral("readelf"), {QStringLiteral("-n"), recordedAt_});
        const auto match = QRegularExpression(QStringLiteral("Build ID: ([0-9a-f]+)")).match(notes.out);
        QVERIFY2(match.hasMatch(), qPrintable(notes.out));
        buildId_ = match.captured(1);
        // The debug file is moved away from hs's own directory, where .gnu_debuglink would find it.
        const QString away = dir_.filePath(QStringLiteral("elsewhere/hs.debug"));
        QDir().mkpath(QFileInfo(away).path());
        QVERIFY(QFile::rename(debugFile_, away));
        debugFile_ = away;
        session_ = dir_.filePath(QStringLiteral("s.data"));
        // -N: the session stands for one from another machine, whose binaries no build-id cache here holds.
        const auto recorded =
            runCli({QStringLiteral("record"), QStringLiteral("-N"), QStringLiteral("-e"),
                    QStringLiteral("cpu-clock"), QStringLiteral("-F"), QStringLiteral("2000"),
                    QStringLiteral("-g"), QStringLiteral("-o"), session_, QStringLiteral("--"), recordedAt_,
                    QStringLiteral("-300"), QStringLiteral("1")});
        QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
    }

    // Stripped, its debug file elsewhere: no names, until a debug directory holds it by build id.
    void debugFileDirectory() {
        QVERIFY(!hotLoopLeads(report({}).out));
        const QString debugDir = dir_.filePath(QStringLiteral("debug"));
        const QString byId =
            QStringLiteral("%1/.build-id/%2/%3.debug").arg(debugDir, buildId_.left(2), buildId_.mid(2));
        QDir().mkpath(QFileInfo(byId).path());
        QVERIFY(QFile::copy(debugFile_, byId));
        const auto result = report({QStringLiteral("--debug-file-directory"), debugDir});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    // The binary is gone from where it was recorded: found under the sysroot with its whole path, or by its
    // name in a library directory (named from its debug file, placed by build id).
    void sysrootAndLibraryPath() {
        const QString debugDir = dir_.filePath(QStringLiteral("debug"));
        const QStringList debug = {QStringLiteral("--debug-file-directory"), debugDir};
        const QString sysroot = dir_.filePath(QStringLiteral("sysroot"));
        {
            MovedBinary moved(recordedAt_, sysroot + recordedAt_);
            QVERIFY(moved.moved());
            // Not at its path and no sysroot: nameless (the debug directory would name it by build id from
            // the debug file alone, symbols/ModuleFinder's step 5, so it is left out here).
            const auto without = report({});
            QVERIFY2(!hotLoopLeads(without.out), qPrintable(without.out.left(800)));
            const auto result = report(debug + QStringList{QStringLiteral("--sysroot"), sysroot});
            QVERIFY2(result.exitCode == 0, qPrintable(result.err));
            QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
        }
        const QString libraries = dir_.filePath(QStringLiteral("libs"));
        MovedBinary moved(recordedAt_, libraries + QStringLiteral("/hs"));
        QVERIFY(moved.moved());
        const auto result = report(debug + QStringList{QStringLiteral("--library-path"),
                                                       QStringLiteral("/nonexistent:") + libraries});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    // annotate takes the same settings when it opens the module: the binary moved into a library directory
    // and stripped, its debug file in a debug directory. Without them it cannot read the code; with them it
    // disassembles hotLoop and joins its source lines.
    void annotateWithLibraryAndDebugPaths() {
        const QString debugDir = dir_.filePath(QStringLiteral("debug"));
        const QString byId =
            QStringLiteral("%1/.build-id/%2/%3.debug").arg(debugDir, buildId_.left(2), buildId_.mid(2));
        QDir().mkpath(QFileInfo(byId).path());
        if (!QFile::exists(byId)) QVERIFY(QFile::copy(debugFile_, byId));
        const QString libraries = dir_.filePath(QStringLiteral("libs"));
        MovedBinary moved(recordedAt_, libraries + QStringLiteral("/hs"));
        QVERIFY(moved.moved());
        const QStringList annotate = {QStringLiteral("annotate"), QStringLiteral("hotLoop"),
                                      QStringLiteral("-i"),       session_,
                                      QStringLiteral("--format"), QStringLiteral("json")};
        const auto without =
            runCli(annotate + QStringList{QStringLiteral("--debug-file-directory"), debugDir});
        QVERIFY2(without.exitCode != 0, qPrintable(without.out.left(800)));
        const auto result =
            runCli(annotate + QStringList{QStringLiteral("--library-path"), libraries,
                                          QStringLiteral("--debug-file-directory"), debugDir});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        const QJsonObject json = QJsonDocument::fromJson(result.out.toUtf8()).object();
        QVERIFY2(!json.value(QStringLiteral("instructions")).toArray().isEmpty(),
                 qPrintable(result.out.left(800)));
        QVERIFY2(!json.value(QStringLiteral("lines")).toArray().isEmpty(), qPrintable(result.out.left(800)));
    }

    // A debuginfod server on this machine (python's http.server over a directory laid out as debuginfod's
    // /buildid/ID/debuginfo), asked only when given; the client caches in a directory of the test's.
    void debuginfodServer() {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty()) QSKIP("python3 is not installed: no local debuginfod server");
        const QString root = dir_.filePath(QStringLiteral("server"));
        QDir().mkpath(root + QStringLiteral("/buildid/") + buildId_);
        QVERIFY(QFile::copy(debugFile_,
                            root + QStringLiteral("/buildid/") + buildId_ + QStringLiteral("/debuginfo")));
        QProcess server;
        server.setWorkingDirectory(root);
        server.setProcessChannelMode(QProcess::MergedChannels);
        server.start(python, {QStringLiteral("-u"), QStringLiteral("-c"),
                              QStringLiteral("import http.server, socketserver\n"
                                             "h = http.server.SimpleHTTPRequestHandler\n"
                                             "s = socketserver.TCPServer(('127.0.0.1', 0), h)\n"
                                             "print('port', s.server_address[1], flush=True)\n"
                                             "s.serve_forever()\n")});
        QVERIFY(server.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 20000);
        const QString port = QString::fromUtf8(server.readLine()).split(QLatin1Char(' ')).value(1).trimmed();
        QVERIFY(!port.isEmpty());
        qputenv("DEBUGINFOD_CACHE_PATH", dir_.filePath(QStringLiteral("cache")).toUtf8());
        qunsetenv("DEBUGINFOD_URLS");
        QVERIFY(!hotLoopLeads(report({}).out)); // not asked unless set
        const auto result =
            report({QStringLiteral("--debuginfod"), QStringLiteral("http://127.0.0.1:") + port});
        server.kill();
        server.waitForFinished();
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
        QVERIFY(
            QFile::exists(dir_.filePath(QStringLiteral("cache/")) + buildId_ + QStringLiteral("/debuginfo")));
    }

    // A download can be stopped: a server that sends the debug file slowly, a progress callback that says
    // stop at its first call. The load ends without the file (nothing named, nothing cached).
    void debuginfodDownloadStops() {
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        if (python.isEmpty()) QSKIP("python3 is not installed: no local debuginfod server");
        if (!perfglass::DebuginfodClient::available()) QSKIP("libdebuginfod.so.1 is not installed");
        QProcess server;
        server.setProcessChannelMode(QProcess::MergedChannels);
        // 4 kB every 50 ms, whatever the path.
        server.start(
            python,
            {QStringLiteral("-u"), QStringLiteral("-c"),
             QStringLiteral(
                 "import http.server, socketserver, sys, time\n"
                 "data = open(sys.argv[1], 'rb').read()\n"
                 "class H(http.server.BaseHTTPRequestHandler):\n"
                 "    def do_GET(self):\n"
                 "        self.send_response(200)\n"
                 "        self.send_header('Content-Length', str(len(data)))\n"
                 "        self.end_headers()\n"
                 "        for i in range(0, len(data), 4096):\n"
                 "            self.wfile.write(data[i:i + 4096]); self.wfile.flush(); time.sleep(0.05)\n"
                 "s = socketserver.TCPServer(('127.0.0.1', 0), H)\n"
                 "print('port', s.server_address[1], flush=True)\n"
                 "s.serve_forever()\n"),
             debugFile_});
        QVERIFY(server.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(server.canReadLine(), 20000);
        const QString port = QString::fromUtf8(server.readLine()).split(QLatin1Char(' ')).value(1).trimmed();
        const QString cache = dir_.filePath(QStringLiteral("cache-stopped"));
        qputenv("DEBUGINFOD_CACHE_PATH", cache.toUtf8());
        perfglass::LoadOptions options;
        options.debuginfodUrls = (QStringLiteral("http://127.0.0.1:") + port).toStdString();
        std::atomic<int> calls{0};
        options.debuginfodProgress = [&calls](const std::string &, long, long) {
            ++calls;
            return false;
        };
        const auto profile = perfglass::loadProfile(session_.toStdString(), options);
        server.kill();
        server.waitForFinished();
        qunsetenv("DEBUGINFOD_URLS");
        QVERIFY(calls.load() >= 1);
        bool named = false;
        for (perfglass::FunctionId id = 0; id < profile->functions.size(); ++id)
            named |= profile->functionName(id).find("hotLoop") != std::string::npos;
        QVERIFY(!named);
        // Neither the file nor libdebuginfod's mark of a failed query (an empty file): the next load asks
        // again.
        QVERIFY(!QFile::exists(cache + QLatin1Char('/') + buildId_ + QStringLiteral("/debuginfo")));
    }

    // Kernel frames are named from the given kallsyms file: every name of this machine's, marked.
    void kallsymsFile() {
        if (!isRoot()) QSKIP("kernel samples need root here (perf_event_paranoid)");
        const QString kernelSession = dir_.filePath(QStringLiteral("kernel.data"));
        const auto recorded =
            runCli({QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                    QStringLiteral("-g"), QStringLiteral("-o"), kernelSession, QStringLiteral("--"),
                    QStringLiteral("dd"), QStringLiteral("if=/dev/zero"), QStringLiteral("of=/dev/null"),
                    QStringLiteral("bs=64k"), QStringLiteral("count=20000")});
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        QFile proc(QStringLiteral("/proc/kallsyms"));
        QVERIFY(proc.open(QIODevice::ReadOnly));
        QFile marked(dir_.filePath(QStringLiteral("kallsyms")));
        QVERIFY(marked.open(QIODevice::WriteOnly));
        for (QByteArray line; !(line = proc.readLine()).isEmpty();) {
            const QList<QByteArray> fields = line.split(' ');
            if (fields.size() < 3) continue;
            marked.write(fields[0] + ' ' + fields[1] + " fixture_" + fields.mid(2).join(' '));
        }
        marked.close();
        const auto plain = runCli({QStringLiteral("report"), QStringLiteral("-i"), kernelSession,
                                   QStringLiteral("--view"), QStringLiteral("flat")});
        QVERIFY(!plain.out.contains(QStringLiteral("fixture_")));
        const auto result =
            runCli({QStringLiteral("report"), QStringLiteral("-i"), kernelSession, QStringLiteral("--view"),
                    QStringLiteral("flat"), QStringLiteral("--kallsyms"), marked.fileName()});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.out.contains(QStringLiteral("fixture_")) &&
                     result.out.contains(QStringLiteral("  [kernel.kallsyms]\n")),
                 qPrintable(result.out.left(1500)));
    }
};

QTEST_GUILESS_MAIN(TestSymbolSettings)
#include "tst_symbolsettings.moc"
