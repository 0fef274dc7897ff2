// perf's pipe mode written by `perfglass-cli record -o -`: read back by `report -i -` (through a shell pipe
// and through `cat FILE |`), by `perf report -i -` and `perf script -i -` where perf is installed, compressed
// too; a perf-made pipe stream read through cat; what the recorded program prints kept out of the session; a
// recording stopped by SIGINT keeps what it recorded; a stream cut inside a record is reported up to there
// with the byte it ends at. hotspots does a fixed amount of work (-ROUNDS), so the recordings hold samples on
// a busy machine too.
#include "TestSupport.h"

#include <QtTest>

#include <signal.h>

using namespace perfglass::test;

class TestPipeRecord : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;

    static QString quoted(const QString &text) { return QLatin1Char('\'') + text + QLatin1Char('\''); }

    static QString cli() { return quoted(QStringLiteral(PERFGLASS_CLI)); }

    static ProcessResult shell(const QString &command) {
        return runProgram(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), command});
    }

    static bool hotLoopLeads(const QString &report) {
        for (const QString &line : report.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1Char('#')) || line.trimmed().isEmpty()) continue;
            return line.contains(QStringLiteral("hotLoop")); // the first function line
        }
        return false;
    }

    // Records hotspots-fp in pipe mode into FILE (the shell redirects standard output); returns the result.
    ProcessResult recordToFile(const QString &file, const QString &extra = {}) {
        return shell(QStringLiteral("%1 record -e cpu-clock -F 2000 -g %2 -o - -- %3 -300 1 > %4")
                         .arg(cli(), extra, quoted(clientPath(QStringLiteral("hotspots-fp"))), quoted(file)));
    }

    void requirePerf() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
    }

    static QByteArray readAll(const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // record -o - | report -i -: the stream starts with the pipe header, never creates a file named "-".
    void oursThroughAPipe() {
        QTemporaryDir work;
        const QString command =
            QStringLiteral("cd %1 && %2 record -e cpu-clock -F 2000 -g -o - -- %3 -300 1 | %2 report -i - "
                           "--view flat")
                .arg(quoted(work.path()), cli(), quoted(clientPath(QStringLiteral("hotspots-fp"))));
        const auto result = shell(command);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
        QVERIFY2(result.err.contains(QStringLiteral("written to standard output (pipe mode)")),
                 qPrintable(result.err));
        QVERIFY(!QFile::exists(work.filePath(QStringLiteral("-"))));
    }

    // The bytes on standard output are perf's pipe mode: PERFILE2, header size 16, then HEADER_ATTR (64),
    // HEADER_FEATURE records (80) up to HEADER_LAST_FEATURE's mark; cat FILE | report -i - reads them.
    void oursFromAFileThroughCat() {
        const QString file = dir_.filePath(QStringLiteral("ours.pipe"));
        const auto recorded = recordToFile(file);
        QCOMPARE(recorded.exitCode, 3); // hotspots' own status passes through
        const QByteArray bytes = readAll(file);
        QVERIFY(bytes.size() > 16);
        QCOMPARE(bytes.left(8), QByteArray("PERFILE2"));
        QCOMPARE(qFromLittleEndian<quint64>(bytes.constData() + 8), quint64{16});
        QCOMPARE(qFromLittleEndian<quint32>(bytes.constData() + 16), quint32{64});
        quint32 at = 16;
        QSet<quint64> features;
        while (at + 8 <= quint32(bytes.size())) {
            const auto type = qFromLittleEndian<quint32>(bytes.constData() + at);
            const auto size = qFromLittleEndian<quint16>(bytes.constData() + at + 6);
            QVERIFY(size >= 8);
            if (type == 80) features.insert(qFromLittleEndian<quint64>(bytes.constData() + at + 8));
            if (type < 64) break; // the first kernel record: the session's description is over
            at += size;
        }
        for (quint64 feature : {3, 4, 11, 12, 32}) // hostname, osrelease, cmdline, event_desc, the end mark
            QVERIFY2(features.contains(feature), qPrintable(QString::number(feature)));
        for (const QString &view : {QStringLiteral("flat"), QStringLiteral("bottom-up")}) {
            const auto result =
                shell(QStringLiteral("cat %1 | %2 report -i - --view %3").arg(quoted(file), cli(), view));
            QVERIFY2(result.exitCode == 0, qPrintable(result.err));
            QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
            QVERIFY2(!result.err.contains(QStringLiteral("warning")), qPrintable(result.err));
        }
        const auto json =
            shell(QStringLiteral("%1 report -i - --view flat --format json < %2").arg(cli(), quoted(file)));
        QVERIFY2(json.exitCode == 0 && json.out.contains(QStringLiteral("hotLoop")), qPrintable(json.err));
    }

    void compressedThroughAPipe() {
        const QString file = dir_.filePath(QStringLiteral("z.pipe"));
        QCOMPARE(recordToFile(file, QStringLiteral("-z")).exitCode, 3);
        const auto result =
            shell(QStringLiteral("cat %1 | %2 report -i - --view flat").arg(quoted(file), cli()));
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    // perf report and perf script read our stream from standard input, compressed or not.
    void perfReadsOurs() {
        requirePerf();
        for (const QString &extra : {QString(), QStringLiteral("-z")}) {
            const QString file = dir_.filePath(QStringLiteral("for-perf%1.pipe").arg(extra));
            QCOMPARE(recordToFile(file, extra).exitCode, 3);
            const auto script =
                shell(QStringLiteral("%1 script -i - < %2").arg(quoted(perfPath()), quoted(file)));
            QVERIFY2(script.exitCode == 0 && perfProblems(script.err).isEmpty(), qPrintable(script.err));
            QVERIFY2(script.out.contains(QStringLiteral("hotLoop")), qPrintable(script.out.left(1500)));
            QVERIFY2(script.out.contains(QStringLiteral("cpu-clock")), qPrintable(script.out.left(500)));
            const auto report = shell(QStringLiteral("%1 report -i - --stdio --no-children --sort sym < %2")
                                          .arg(quoted(perfPath()), quoted(file)));
            QVERIFY2(report.exitCode == 0 && perfProblems(report.err).isEmpty(), qPrintable(report.err));
            QVERIFY2(report.out.contains(QStringLiteral("hotLoop")), qPrintable(report.out.left(1500)));
            const auto header = shell(
                QStringLiteral("%1 report -i - --header-only < %2").arg(quoted(perfPath()), quoted(file)));
            QVERIFY2(header.out.contains(QStringLiteral("perf version : perfglass")),
                     qPrintable(header.out.left(1500)));
        }
    }

    void perfPipeThroughCat() {
        requirePerf();
        const QString file = dir_.filePath(QStringLiteral("perf.pipe"));
        const auto recorded = shell(
            QStringLiteral("%1 record -q -N -e cpu-clock -F 2000 -g -o - -- %2 -300 1 > %3")
                .arg(quoted(perfPath()), quoted(clientPath(QStringLiteral("hotspots-fp"))), quoted(file)));
        if (recorded.exitCode != 3)
            QSKIP(qPrintable("perf record cannot record here: " + recorded.err.left(300)));
        const auto result =
            shell(QStringLiteral("cat %1 | %2 report -i - --view bottom-up").arg(quoted(file), cli()));
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    // What the recorded program writes to standard output goes to standard error, not into the session.
    void programOutputStaysOutOfTheSession() {
        const QString file = dir_.filePath(QStringLiteral("echo.pipe"));
        const auto recorded = shell(
            QStringLiteral(
                "%1 record -e cpu-clock -o - -- /bin/sh -c 'echo from-the-$((6*7))-program; %2 -50 1' > %3")
                .arg(cli(), quoted(clientPath(QStringLiteral("hotspots-fp"))), quoted(file)));
        QCOMPARE(recorded.exitCode, 3);
        // The session's CMDLINE holds the command as typed; the program prints it evaluated.
        QVERIFY2(recorded.err.contains(QStringLiteral("from-the-42-program")), qPrintable(recorded.err));
        QVERIFY(!readAll(file).contains("from-the-42-program"));
        const auto result = runCli({QStringLiteral("report"), QStringLiteral("-i"), file});
        QVERIFY2(result.exitCode == 0 && !result.err.contains(QStringLiteral("warning")),
                 qPrintable(result.err));
    }

    // SIGINT stops the recording as it stops a file recording: the stream ends with whole records and the
    // build ids, and reads without a warning.
    void interruptedRecordingKeepsItsSamples() {
        const QString file = dir_.filePath(QStringLiteral("interrupted.pipe"));
        QProcess recorder;
        recorder.setStandardOutputFile(file);
        recorder.start(QStringLiteral(PERFGLASS_CLI),
                       {QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                        QStringLiteral("-F"), QStringLiteral("2000"), QStringLiteral("-g"),
                        QStringLiteral("-o"), QStringLiteral("-"), QStringLiteral("--"),
                        clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-1000000"),
                        QStringLiteral("1")});
        QVERIFY(recorder.waitForStarted());
        // Samples are flushed to the pipe at least every second: wait until some are there.
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(file).size() > 8192, 60000);
        ::kill(static_cast<pid_t>(recorder.processId()), SIGINT);
        QVERIFY(recorder.waitForFinished(60000));
        const QString err = QString::fromUtf8(recorder.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("written to standard output (pipe mode)")), qPrintable(err));
        const auto result =
            shell(QStringLiteral("cat %1 | %2 report -i - --view flat").arg(quoted(file), cli()));
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(!result.err.contains(QStringLiteral("warning")), qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    // A stream cut inside a record: reported up to there, with the byte it ends at, on standard error too.
    void truncatedStreamSaysWhere() {
        const QString file = dir_.filePath(QStringLiteral("whole.pipe"));
        QCOMPARE(recordToFile(file).exitCode, 3);
        const QByteArray bytes = readAll(file);
        // Cut 4 bytes into the first sample (type 9) past the middle of the stream.
        qsizetype at = 16, cutAt = -1;
        while (at + 8 <= bytes.size()) {
            const auto type = qFromLittleEndian<quint32>(bytes.constData() + at);
            const auto size = qFromLittleEndian<quint16>(bytes.constData() + at + 6);
            if (type == 9 && at > bytes.size() / 2) {
                cutAt = at + 4;
                break;
            }
            at += size;
        }
        QVERIFY(cutAt > 0);
        const QString cut = dir_.filePath(QStringLiteral("cut.pipe"));
        QFile out(cut);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(cutAt));
        out.close();
        const auto result =
            shell(QStringLiteral("cat %1 | %2 report -i - --view flat").arg(quoted(cut), cli()));
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        const QString where =
            QStringLiteral("the stream ends at byte %1, inside the header of a record that starts at byte %2")
                .arg(cutAt)
                .arg(at);
        QVERIFY2(result.err.contains(QStringLiteral("warning")) && result.err.contains(where),
                 qPrintable(result.err));
        // The samples before the cut are reported. (Whether their program's mapping came before the cut
        // depends on the order the recorder drained the CPUs' buffers in: once, in CI, it did not, so the
        // names are checked by recordThroughPipe on the whole stream, not here.)
        static const QRegularExpression sampleCount(QStringLiteral("^# ([1-9][0-9]*) samples of cpu-clock"),
                                                    QRegularExpression::MultilineOption);
        QVERIFY2(sampleCount.match(result.out).hasMatch(), qPrintable(result.out.left(1500)));
    }
};

QTEST_GUILESS_MAIN(TestPipeRecord)
#include "tst_piperecord.moc"
