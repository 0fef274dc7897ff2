// Files from `perf record` in the forms perf writes them: pipe mode (`perf record -o - | perfglass-cli report
// -i -`), zstd-compressed records (`perf record -z`), several events with ids and sample_id_all. The program
// does a fixed amount of work (hotspots -ROUNDS), so that the recordings hold as many samples on a busy
// machine as on an idle one.
#include "TestSupport.h"

#include <QtTest>

using namespace perfglass::test;

class TestReaderPerf : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;

    static bool hotLoopLeads(const QString &report) {
        for (const QString &line : report.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1Char('#')) || line.trimmed().isEmpty()) continue;
            return line.contains(QStringLiteral("hotLoop")); // the first function line
        }
        return false;
    }

    // perf record exits with the status of the program it ran; hotspots exits with 3 on purpose.
    void requirePerf() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
    }

private slots:
    void pipeMode() {
        requirePerf();
        const QString command =
            QStringLiteral("'%1' record -q -N -e cpu-clock -F 2000 -g -o - -- '%2' -300 1 | '%3' report -i - "
                           "--view flat")
                .arg(perfPath(), clientPath("hotspots-fp"), QStringLiteral(PERFGLASS_CLI));
        const auto result = runProgram(QStringLiteral("/bin/sh"), {"-c", command});
        if (result.out.isEmpty() && result.err.contains(QStringLiteral("perf_event")))
            QSKIP(qPrintable("perf record cannot record here: " + result.err.left(300)));
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    void compressedRecords() {
        requirePerf();
        const QString file = dir_.filePath("z.data");
        const auto recorded = runPerfRecord({"-q", "-z", "-e", "cpu-clock", "-F", "2000", "-g", "-o", file,
                                             "--", clientPath("hotspots-fp"), "-300", "1"});
        if (recorded.exitCode != 3)
            QSKIP(qPrintable("perf record -z cannot record here: " + recorded.err.left(300)));
        const auto result = runCli({"report", "-i", file, "--view", "flat"});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
    }

    void severalEventsWithIds() {
        requirePerf();
        const QString file = dir_.filePath("multi.data");
        const auto recorded = runPerfRecord({"-q", "-e", "cpu-clock", "-e", "task-clock", "-F", "2000", "-g",
                                             "-o", file, "--", clientPath("hotspots-fp"), "-300", "1"});
        if (recorded.exitCode != 3)
            QSKIP(qPrintable("perf record cannot record here: " + recorded.err.left(300)));
        for (const char *event : {"cpu-clock", "task-clock"}) {
            const auto result = runCli({"report", "-i", file, "--view", "flat", "--event", event});
            QVERIFY2(result.exitCode == 0, qPrintable(result.err));
            QVERIFY2(result.out.contains(QLatin1String(event)), qPrintable(result.out.left(500)));
            QVERIFY2(hotLoopLeads(result.out), qPrintable(result.out.left(1500)));
        }
    }
};

QTEST_GUILESS_MAIN(TestReaderPerf)
#include "tst_readerperf.moc"
