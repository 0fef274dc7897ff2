// perf's pipe mode written by `perfglass-cli record -o -`: read back by `report -i -` (through a shell pipe
// and through `cat FILE |`), by `perf report -i -` and `perf script -i -` where perf is installed, compressed
// too; a perf-made pipe stream read through cat; what the recorded program prints kept out of the session; a
// recording stopped by SIGINT keeps what it recorded; a stream cut inside a record is reported up to there
// with the byte it ends at; a recording whose reader goes away says how many bytes went through; a program
// that execs on one CPU and runs on another has its MMAP2 in the stream before its samples. hotspots does a
// fixed amount of work (-ROUNDS), so the recordings hold samples on a busy machine too.
#include "TestSupport.h"

#include <QtTest>

#include <linux/perf_event.h>
#include <sched.h>
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

    // The program's mapping in a pipe stream: the first MMAP2 whose file name ends with name.
    struct ProgramMapping {
        qsizetype at = -1; // byte offset of the record
        quint32 pid = 0;
        quint64 start = 0, end = 0;
    };

    static ProgramMapping findMapping(const QByteArray &bytes, const QByteArray &name) {
        for (qsizetype at = 16; at + 8 <= bytes.size();) {
            const auto type = qFromLittleEndian<quint32>(bytes.constData() + at);
            const auto size = qFromLittleEndian<quint16>(bytes.constData() + at + 6);
            if (size < 8) break;
            if (type == 10 && size > 72 && QByteArray(bytes.constData() + at + 72).endsWith(name)) {
                const quint64 start = qFromLittleEndian<quint64>(bytes.constData() + at + 16);
                return {at, qFromLittleEndian<quint32>(bytes.constData() + at + 8), start,
                        start + qFromLittleEndian<quint64>(bytes.constData() + at + 24)};
            }
            at += size;
        }
        return {};
    }

    // Samples of mapping's process whose address lies in it, counted before and after its MMAP2 record.
    // The samples' layout follows the first HEADER_ATTR's sample_type: [IDENTIFIER] IP TID ...
    static QPair<int, int> samplesAround(const QByteArray &bytes, const ProgramMapping &mapping) {
        quint64 sampleType = 0;
        QPair<int, int> counts{0, 0};
        for (qsizetype at = 16; at + 8 <= bytes.size();) {
            const auto type = qFromLittleEndian<quint32>(bytes.constData() + at);
            const auto size = qFromLittleEndian<quint16>(bytes.constData() + at + 6);
            if (size < 8 || at + size > bytes.size()) break;
            if (type == 64 && sampleType == 0)
                sampleType = qFromLittleEndian<quint64>(bytes.constData() + at + 32);
            if (type == 9) {
                qsizetype field = at + 8 + ((sampleType & PERF_SAMPLE_IDENTIFIER) ? 8 : 0);
                const quint64 ip = qFromLittleEndian<quint64>(bytes.constData() + field);
                const quint32 pid = qFromLittleEndian<quint32>(bytes.constData() + field + 8);
                if (pid == mapping.pid && ip >= mapping.start && ip < mapping.end)
                    ++(at < mapping.at ? counts.first : counts.second);
            }
            at += size;
        }
        return counts;
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
        // The samples before the cut are reported, in their functions: the program's mapping comes before
        // them in the stream (see mappingComesBeforeSamplesOfAnotherCpu).
        static const QRegularExpression sampleCount(QStringLiteral("^# ([1-9][0-9]*) samples of cpu-clock"),
                                                    QRegularExpression::MultilineOption);
        QVERIFY2(sampleCount.match(result.out).hasMatch(), qPrintable(result.out.left(1500)));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }
    // The pipe's reader goes away (with SIGPIPE ignored, as a remote recording does): the error says how many
    // bytes went through, which is where the failed write began, not what the recorder had handed over by
    // then (the blocks queued behind the failed write are dropped). 1000 rounds make about a megabyte of
    // stream, well past the 50,000 bytes read, the pipe's 64 KiB and what head reads ahead.
    void cutPipeSaysWhatWentThrough() {
        const QString kept = dir_.filePath(QStringLiteral("kept.pipe"));
        const auto result = shell(
            QStringLiteral("trap '' PIPE; %1 record -e cpu-clock -F 2000 -g -o - -- %2 -1000 1 | head -c "
                           "50000 > %3")
                .arg(cli(), quoted(clientPath(QStringLiteral("hotspots-fp"))), quoted(kept)));
        static const QRegularExpression failedAt(QStringLiteral("cannot write .* at offset ([0-9]+)"));
        static const QRegularExpression wentThrough(
            QStringLiteral("The ([0-9]+) bytes written to the pipe up to there are readable"));
        const auto failure = failedAt.match(result.err);
        const auto note = wentThrough.match(result.err);
        QVERIFY2(failure.hasMatch() && note.hasMatch(), qPrintable(result.err));
        QCOMPARE(note.captured(1).toULongLong(), failure.captured(1).toULongLong());
        QVERIFY2(note.captured(1).toULongLong() >= 50000, qPrintable(result.err));
        QCOMPARE(readAll(kept).size(), 50000);
    }

    // The launched program execs on the last CPU this test may use, so its MMAP2 goes into that CPU's
    // buffer, and is then moved to the first, where it takes its samples. Drained buffer by buffer, the
    // first CPU's samples came before the mapping in the stream: a reader cut there (as in one CI run of
    // truncatedStreamSaysWhere) saw every sample outside every mapping. No sample of the program may come
    // before its mapping.
    void mappingComesBeforeSamplesOfAnotherCpu() {
        cpu_set_t allowed;
        CPU_ZERO(&allowed);
        QVERIFY(::sched_getaffinity(0, sizeof allowed, &allowed) == 0);
        QList<int> cpus;
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &allowed)) cpus << cpu;
        if (cpus.size() < 2) QSKIP("needs two CPUs");
        const QString file = dir_.filePath(QStringLiteral("moved.pipe"));
        const QString program =
            QStringLiteral(
                "taskset -c %1 %2 -300 1 & p=$!; sleep 0.1; taskset -p -c %3 $p >/dev/null; wait $p")
                .arg(cpus.last())
                .arg(clientPath(QStringLiteral("hotspots-fp")))
                .arg(cpus.first());
        const auto recorded =
            shell(QStringLiteral("%1 record -e cpu-clock -F 2000 -g -o - -- /bin/sh -c %2 > %3")
                      .arg(cli(), quoted(program), quoted(file)));
        QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
        const QByteArray bytes = readAll(file);
        const ProgramMapping mapping = findMapping(bytes, QByteArrayLiteral("/hotspots-fp"));
        QVERIFY2(mapping.at > 0, "no MMAP2 of hotspots-fp in the stream");
        const auto [before, after] = samplesAround(bytes, mapping);
        QVERIFY2(after > 0, "no sample of hotspots-fp's code");
        QVERIFY2(before == 0,
                 qPrintable(QStringLiteral("%1 of %2 samples of hotspots-fp's code come before its "
                                           "mapping in the stream")
                                .arg(before)
                                .arg(before + after)));
    }
};

QTEST_GUILESS_MAIN(TestPipeRecord)
#include "tst_piperecord.moc"
