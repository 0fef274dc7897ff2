// perfglass-cli report --view counters: the counter lines the GUI charts draw (analysis/CounterLines), as
// text and JSON, checked against `stat -I` and against the raw counts of the session. Programs do a fixed
// amount of work (hotspots -ROUNDS) or run for a wall time while a recording attaches for a fixed duration;
// nothing here depends on how much CPU the machine gives: values are compared with what the same run printed
// or stored, and bounded by what one CPU or all CPUs can do over the whole run.
//
// Tolerances: `stat -x,` prints interval times with 9 decimals (compared within 2 µs), CPUs utilized with 3
// (within 0.0006), task-clock in msec with 2 (within 0.006 ms), page-faults exactly (within 0.5).
#include "TestSupport.h"

#include "load/LoadProfile.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cmath>

using namespace perfglass;
using namespace perfglass::test;

namespace {

struct StatRow {
    double time = 0;
    double count = 0; // msec for task-clock
    double metric = 0;
};

// The interval rows of `stat -x, -I` for EVENT.
std::vector<StatRow> statRows(const QString &err, const QString &event) {
    std::vector<StatRow> rows;
    for (const QString &line : err.split(QLatin1Char('\n'))) {
        const QStringList fields = line.split(QLatin1Char(','));
        if (fields.size() < 8 || fields[3] != event) continue;
        rows.push_back({fields[0].trimmed().toDouble(), fields[1].toDouble(), fields[6].toDouble()});
    }
    return rows;
}

nlohmann::json countersJson(const QString &file) {
    const ProcessResult report =
        runCli({QStringLiteral("report"), QStringLiteral("-i"), file, QStringLiteral("--view"),
                QStringLiteral("counters"), QStringLiteral("--format"), QStringLiteral("json")});
    if (report.exitCode != 0) qWarning("%s", qPrintable(report.err));
    return report.exitCode == 0 ? nlohmann::json::parse(report.out.toStdString()) : nlohmann::json();
}

QString text(const nlohmann::json &value) {
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

const nlohmann::json *seriesFor(const nlohmann::json &json, const std::string &event, size_t index = 0) {
    for (const auto &series : json["series"])
        if (series["event"] == event && index-- == 0) return &series;
    return nullptr;
}

} // namespace

class TestCounterReport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    const double cpus_ = static_cast<double>(::sysconf(_SC_NPROCESSORS_ONLN));

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // One run of `stat -I -o FILE` prints its intervals and writes them; report --view counters of FILE
    // gives the same intervals and the same CPUs utilized, and page-faults per second of wall time.
    void agreesWithStatIntervals() {
        const QString file = dir_.filePath(QStringLiteral("stat.data"));
        const ProcessResult stat =
            runCli({QStringLiteral("stat"), QStringLiteral("-x"), QStringLiteral(","), QStringLiteral("-I"),
                    QStringLiteral("100"), QStringLiteral("-e"), QStringLiteral("task-clock,page-faults"),
                    QStringLiteral("-o"), file, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-150"), QStringLiteral("3")});
        QCOMPARE(stat.exitCode, 3);
        const auto clockRows = statRows(stat.err, QStringLiteral("task-clock"));
        const auto faultRows = statRows(stat.err, QStringLiteral("page-faults"));
        QVERIFY2(clockRows.size() >= 2 && clockRows.size() == faultRows.size(), qPrintable(stat.err));

        const nlohmann::json json = countersJson(file);
        QCOMPARE(json["series"].size(), size_t{2});
        const auto *clock = seriesFor(json, "task-clock");
        const auto *faults = seriesFor(json, "page-faults");
        QVERIFY(clock && faults);
        QCOMPARE(text((*clock)["unit"]),
                 QStringLiteral("cpus-utilized")); // a launched program: the whole process
        QVERIFY2((*clock)["line"].get<std::string>().find("(hotspots-fp), all threads") != std::string::npos,
                 (*clock)["line"].dump().c_str());
        QCOMPARE(text((*faults)["unit"]), QStringLiteral("per-second"));
        QCOMPARE((*clock)["points"].size(), clockRows.size());
        double previous = 0;
        for (size_t i = 0; i < clockRows.size(); ++i) {
            const double time = (*clock)["points"][i][0].get<double>();
            const double utilized = (*clock)["points"][i][1].get<double>();
            const double faultRate = (*faults)["points"][i][1].get<double>();
            const QString at = QStringLiteral("interval %1 at %2 s").arg(i).arg(clockRows[i].time, 0, 'f', 9);
            QVERIFY2(std::abs(time - clockRows[i].time) < 2e-6, qPrintable(at));
            QVERIFY2(
                std::abs(utilized - clockRows[i].metric) < 6e-4,
                qPrintable(at + QStringLiteral(": %1 CPUs, stat %2").arg(utilized).arg(clockRows[i].metric)));
            const double wall = time - previous;
            QVERIFY2(std::abs(utilized * wall * 1e3 - clockRows[i].count) < 0.006, qPrintable(at));
            QVERIFY2(
                std::abs(faultRate * wall - faultRows[i].count) < 0.5,
                qPrintable(at + QStringLiteral(": %1/s, stat %2").arg(faultRate).arg(faultRows[i].count)));
            previous = time;
        }
        // A session of counters only spans its reads (the Summary's recording duration), not 0.
        const auto profile = loadProfile(file.toStdString());
        QCOMPARE(profile->samples.size(), size_t{0});
        const double spanSeconds = static_cast<double>(profile->endTime - profile->startTime) / 1e9;
        QVERIFY2(profile->endTime > profile->startTime && spanSeconds >= clockRows.back().time - 0.01,
                 qPrintable(
                     QStringLiteral("%1 s, last read at %2 s").arg(spanSeconds).arg(clockRows.back().time)));
    }

    // record --counters of a launched program: its inherited counter is one line for the whole process, in
    // CPUs utilized per interval of wall time: CPU time / wall time, never more than the machine's CPUs (the
    // old charts divided by the enabled time, which for a task's counter is its CPU time: a flat 100 %).
    void recordedProcessLine() {
        const QString file = dir_.filePath(QStringLiteral("record.data"));
        const ProcessResult record =
            runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("--counters"),
                    QStringLiteral("task-clock,page-faults"), QStringLiteral("--interval"),
                    QStringLiteral("100"), QStringLiteral("-o"), file, QStringLiteral("--"),
                    clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-150"), QStringLiteral("3")});
        QCOMPARE(record.exitCode, 3);
        const nlohmann::json json = countersJson(file);
        const auto *clock = seriesFor(json, "task-clock");
        QVERIFY(clock);
        QCOMPARE(text((*clock)["kind"]), QStringLiteral("process"));
        const auto profile = loadProfile(file.toStdString());
        const CounterSeries *raw = nullptr;
        for (const auto &series : profile->counters)
            if (series.eventName == "task-clock") raw = &series;
        QVERIFY(raw);
        QCOMPARE((*clock)["points"].size(), raw->points.size());
        double counted = 0;
        for (size_t i = 0; i < raw->points.size(); ++i) {
            const CounterPoint &point = raw->points[i];
            const double value = (*clock)["points"][i][1].get<double>();
            const double wall = static_cast<double>(point.time - point.begin);
            // Divided by wall time, not by the enabled (on-CPU) time.
            QVERIFY2(std::abs(value * wall - static_cast<double>(point.delta)) <= 1e-6 * point.delta + 1,
                     qPrintable(QStringLiteral("point %1: %2 CPUs over %3 ns, %4 ns counted")
                                    .arg(i)
                                    .arg(value)
                                    .arg(wall)
                                    .arg(point.delta)));
            // Point by point only a sanity bound: a read that a busy machine delays past its round's stamp
            // moves counts into the next interval. Over the whole run such shifts cancel out.
            QVERIFY2(value >= 0 && value <= cpus_ * 1.5 + 0.1, qPrintable(QString::number(value)));
            counted += static_cast<double>(point.delta);
        }
        const double wall = static_cast<double>(raw->points.back().time - raw->points.front().begin);
        QVERIFY2(
            counted <= wall * cpus_ * 1.02,
            qPrintable(
                QStringLiteral("%1 ns of CPU time in %2 ns on %3 CPUs").arg(counted).arg(wall).arg(cpus_)));
        // Consecutive intervals: each begins where the one before ended.
        for (size_t i = 1; i < raw->points.size(); ++i)
            QCOMPARE(raw->points[i].begin, raw->points[i - 1].time);

        const ProcessResult text = runCli({QStringLiteral("report"), QStringLiteral("-i"), file,
                                           QStringLiteral("--view"), QStringLiteral("counters")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QLatin1String("CPUs utilized (CPU time / wall time)")) &&
                     text.out.contains(QLatin1String("events per second of wall time")),
                 qPrintable(text.out));
    }

    // Attached to a running program, the counters are read per thread: one line per thread, in busy share of
    // one CPU (0 to 1).
    void attachedThreadsAreLines() {
        QProcess program;
        program.start(clientPath(QStringLiteral("hotspots-fp")),
                      {QStringLiteral("60000"), QStringLiteral("3")}); // killed after: outlives a slow attach
        QVERIFY(program.waitForStarted());
        QTest::qWait(300); // its threads start
        const QString file = dir_.filePath(QStringLiteral("attach.data"));
        const ProcessResult record =
            runCli({QStringLiteral("record"), QStringLiteral("--counters"), QStringLiteral("task-clock"),
                    QStringLiteral("--interval"), QStringLiteral("100"), QStringLiteral("--duration"),
                    QStringLiteral("1"), QStringLiteral("-o"), file, QStringLiteral("-p"),
                    QString::number(program.processId())});
        program.kill();
        program.waitForFinished();
        QVERIFY2(record.exitCode == 0, qPrintable(record.err));
        const nlohmann::json json = countersJson(file);
        size_t threads = 0;
        for (const auto &series : json["series"]) {
            if (series["event"] != "task-clock") continue;
            ++threads;
            QCOMPARE(text(series["kind"]), QStringLiteral("thread"));
            QCOMPARE(text(series["unit"]), QStringLiteral("busy"));
            QVERIFY2(series["line"].get<std::string>().find("(hotspots-fp)") != std::string::npos,
                     series["line"].dump().c_str());
            QVERIFY(series["points"].size() >= 3);
            // Busy time of one thread: at most the wall time, over the whole run (point by point, a delayed
            // read may move some into the next interval: a sanity bound only).
            double busy = 0;
            double previous = 0;
            for (const auto &point : series["points"]) {
                const double value = point[1].get<double>();
                QVERIFY2(value >= 0 && value <= 1.5, (series["line"].dump() + " " + point.dump()).c_str());
                busy += value * (point[0].get<double>() - previous);
                previous = point[0].get<double>();
            }
            QVERIFY2(busy <= previous * 1.02, series.dump().c_str());
        }
        QVERIFY2(threads == 3, json.dump().c_str()); // the main thread and two workers
        // --tid picks lines.
        const QString tid = QString::number(json["series"][1]["tid"].get<int>());
        const ProcessResult one =
            runCli({QStringLiteral("report"), QStringLiteral("-i"), file, QStringLiteral("--view"),
                    QStringLiteral("counters"), QStringLiteral("--format"), QStringLiteral("json"),
                    QStringLiteral("--tid"), tid});
        QCOMPARE(one.exitCode, 0);
        const auto picked = nlohmann::json::parse(one.out.toStdString());
        QCOMPARE(picked["series"].size(), size_t{1});
        QCOMPARE(QString::number(picked["series"][0]["tid"].get<int>()), tid);
    }

    void sessionWithoutCounters() {
        const QString file = dir_.filePath(QStringLiteral("plain.data"));
        QCOMPARE(runCli({QStringLiteral("record"), QStringLiteral("-o"), file, QStringLiteral("--"),
                         clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-20")})
                     .exitCode,
                 3);
        const ProcessResult report = runCli({QStringLiteral("report"), QStringLiteral("-i"), file,
                                             QStringLiteral("--view"), QStringLiteral("counters")});
        QCOMPARE(report.exitCode, 1);
        QVERIFY2(report.err.contains(QLatin1String("no counter series")), qPrintable(report.err));
    }
};

QTEST_GUILESS_MAIN(TestCounterReport)
#include "tst_counterreport.moc"
