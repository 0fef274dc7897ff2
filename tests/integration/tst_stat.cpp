// perfglass-cli stat end to end: perf stat's output formats, per-CPU and interval counting, repeats, session
// files with counter series, bad input, and agreement with perf stat on software events. Where a check rests
// on the program's CPU time or on how many intervals it lasts, the program does a fixed amount of work
// (hotspots -ROUNDS, a round some 1-2 ms of CPU time): a busy machine makes it last longer, never shorter.
#include "TestSupport.h"
#include "base/CpuList.h"
#include "events/EventParser.h"
#include "load/LoadProfile.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <set>

using namespace perfglass;
using namespace perfglass::test;

namespace {

QStringList csvRows(const QString &text, const QString &separator = QStringLiteral(",")) {
    QStringList rows;
    for (const QString &line : text.split('\n'))
        if (line.count(separator) >= 6 && !line.startsWith('#')) rows << line;
    return rows;
}

struct Stats {
    double mean = 0;
    double stddev = 0;
};

Stats statsOf(const std::vector<double> &values) {
    Stats stats;
    for (double value : values)
        stats.mean += value;
    stats.mean /= static_cast<double>(values.size());
    for (double value : values)
        stats.stddev += (value - stats.mean) * (value - stats.mean);
    stats.stddev = std::sqrt(stats.stddev / static_cast<double>(values.size() - 1));
    return stats;
}

// event -> value from CSV in perf-stat(1)'s field order: value, unit, event, run time, percentage, ...
std::map<QString, double> csvValues(const QString &text) {
    std::map<QString, double> values;
    for (const QString &row : csvRows(text)) {
        const QStringList fields = row.split(',');
        bool ok = false;
        const double value = fields[0].toDouble(&ok);
        if (ok) values[fields[2]] = value;
    }
    return values;
}

// perfglass-cli stat run as user nobody (uid 65534) with no supplementary groups.
ProcessResult statAsNobody(const QStringList &arguments) {
    const QString setpriv = QStandardPaths::findExecutable(QStringLiteral("setpriv"));
    return runProgram(setpriv, QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                           QStringLiteral("--clear-groups"), QStringLiteral(PERFGLASS_CLI),
                                           QStringLiteral("stat")} +
                                   arguments);
}

int perfEventParanoid() {
    QFile file(QStringLiteral("/proc/sys/kernel/perf_event_paranoid"));
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed().toInt() : 2;
}

bool canCountSystemWide() {
    return runCli({"stat", "-a", "-e", "cpu-clock", "-x,", "--", "true"}).exitCode == 0;
}

} // namespace

class TestStat : public QObject {
    Q_OBJECT
private slots:
    void defaultEventsAndExitStatus() {
        const auto result = runCli({"stat", "--", clientPath("hotspots-fp"), "50", "1"});
        QCOMPARE(result.exitCode, 3); // the program's exit status passes through
        QVERIFY2(result.err.contains("Performance counter stats for"), qPrintable(result.err));
        for (const char *event : {"task-clock", "context-switches", "cpu-migrations", "page-faults", "cycles",
                                  "instructions", "branches", "branch-misses"})
            QVERIFY2(result.err.contains(QLatin1String(event)), event);
        QVERIFY(result.err.contains("CPUs utilized"));
        QVERIFY(result.err.contains("seconds time elapsed"));
        QVERIFY(result.err.contains("seconds user"));
        const bool hasCycles = probeEvent(EventParser().parse("cycles")[0].attr).has_value();
        if (!hasCycles) {
            QVERIFY(result.err.contains(QRegularExpression("<not supported>\\s+cycles")));
            QVERIFY2(result.err.contains("no hardware counter"), "the reason is given");
        }
    }

    void csvFollowsPerfStatFieldOrder() {
        const auto result = runCli({"stat", "-x", ";", "-e", "task-clock,page-faults,cycles", "--",
                                    clientPath("hotspots-fp"), "50", "1"});
        QCOMPARE(result.exitCode, 3);
        const QStringList rows = csvRows(result.err, ";");
        QCOMPARE(rows.size(), 3);
        const QStringList clock = rows[0].split(';');
        QCOMPARE(clock.size(), 7); // value, unit, event, run time, percentage, metric value, metric unit
        QVERIFY(clock[0].toDouble() > 0); // msec
        QCOMPARE(clock[1], QStringLiteral("msec"));
        QCOMPARE(clock[2], QStringLiteral("task-clock"));
        QVERIFY(clock[3].toULongLong() > 0);
        QCOMPARE(clock[4], QStringLiteral("100.00"));
        QCOMPARE(clock[6], QStringLiteral("CPUs utilized"));
        const QStringList faults = rows[1].split(';');
        QCOMPARE(faults[2], QStringLiteral("page-faults"));
        QVERIFY(faults[0].toULongLong() > 10);
        QVERIFY(faults[6].endsWith("/sec"));
        const QStringList cycles = rows[2].split(';');
        QCOMPARE(cycles[2], QStringLiteral("cycles"));
        if (!probeEvent(EventParser().parse("cycles")[0].attr))
            QCOMPARE(cycles[0], QStringLiteral("<not supported>"));
    }

    void jsonHasOneObjectPerCounter() {
        const auto result = runCli({"stat", "--json", "-I", "40", "-e", "task-clock,page-faults", "--",
                                    clientPath("hotspots-fp"), "-300", "1"});
        QCOMPARE(result.exitCode, 3);
        int objects = 0;
        double lastInterval = 0;
        for (const QString &line : result.err.split('\n')) {
            if (!line.startsWith('{')) continue;
            const auto object = nlohmann::json::parse(line.toStdString());
            QVERIFY(object.contains("interval"));
            QVERIFY(object["interval"].get<double>() >= lastInterval);
            lastInterval = object["interval"].get<double>();
            QVERIFY(object["counter-value"].is_string());
            QVERIFY(object["event"] == "task-clock" || object["event"] == "page-faults");
            QVERIFY(object.contains("pcnt-running") && object.contains("metric-unit"));
            ++objects;
        }
        QVERIFY2(objects >= 6 && objects % 2 == 0, qPrintable(result.err));
    }

    void intervalsPrintDeltas() {
        QTemporaryDir dir;
        const QString file = dir.filePath("intervals.data");
        const auto result = runCli({"stat", "-I", "50", "-x", ",", "-e", "task-clock", "-o", file, "--",
                                    clientPath("hotspots-fp"), "-400", "1"});
        QCOMPARE(result.exitCode, 3);
        const QStringList rows = csvRows(result.err);
        QVERIFY2(rows.size() >= 4, qPrintable(result.err));
        double previous = 0;
        double sum = 0;
        for (const QString &row : rows) {
            const QStringList fields = row.split(',');
            QCOMPARE(fields.size(), 8); // time stamp first
            const double time = fields[0].trimmed().toDouble();
            QVERIFY(time > previous);
            previous = time;
            sum += fields[1].toDouble();
        }
        QVERIFY(sum > 0);
        // Deltas, not running totals: the rows add up to the count of the whole run (as the session file
        // the same run wrote has it; the printed msec values are rounded to 0.01 each), and one thread
        // cannot run longer than the counting lasted. (Row by row, the wall time between two time stamps
        // is no bound: a busy machine may delay the read after a time stamp.)
        const auto profile = loadProfile(file.toStdString());
        uint64_t total = 0;
        for (const auto &series : profile->counters)
            if (series.eventName == "task-clock") total += series.total();
        QVERIFY2(std::abs(total / 1e6 - sum) <= 0.006 * static_cast<double>(rows.size()),
                 qPrintable(QStringLiteral("rows %1 ms, session %2 ms").arg(sum).arg(total / 1e6)));
        QVERIFY2(sum <= previous * 1000 * 1.02 + 1, qPrintable(result.err));
        const auto counted = runCli({"stat", "-I", "20", "--interval-count", "2", "-x,", "-e", "task-clock",
                                     "--", clientPath("hotspots-fp"), "5000", "1"});
        QCOMPARE(csvRows(counted.err).size(), 2);
    }

    void perCpuSystemWideOnTwoCpus() {
        if (onlineCpus().size() < 2) QSKIP("needs two online CPUs");
        if (!canCountSystemWide()) QSKIP("system-wide counting is not permitted for this user");
        const auto result = runCli({"stat", "-a", "-A", "-C", "0,1", "-x", ",", "-e", "cpu-clock,page-faults",
                                    "--", "sleep", "0.2"});
        QCOMPARE(result.exitCode, 0);
        const QStringList rows = csvRows(result.err);
        QCOMPARE(rows.size(), 4);
        QStringList labels;
        for (const QString &row : rows) {
            const QStringList fields = row.split(',');
            QCOMPARE(fields.size(), 8); // CPU first
            labels << fields[0] + "/" + fields[3];
            if (fields[3] == "cpu-clock") {
                QVERIFY2(fields[1].toDouble() > 150, "a CPU clock runs for the whole 0.2 s");
                QVERIFY(fields[6].toDouble() > 0.7);
            }
        }
        labels.sort();
        QCOMPARE(labels,
                 (QStringList{"CPU0/cpu-clock", "CPU0/page-faults", "CPU1/cpu-clock", "CPU1/page-faults"}));
        const auto human = runCli({"stat", "-a", "-A", "-C", "0-1", "-e", "cpu-clock", "--", "sleep", "0.1"});
        QVERIFY(human.err.contains(QRegularExpression("CPU0\\s+[0-9.]+ msec cpu-clock")));
        QVERIFY(human.err.contains("'CPU(s) 0-1'"));
        const auto core =
            runCli({"stat", "-a", "--per-core", "-x,", "-e", "cpu-clock", "--", "sleep", "0.1"});
        QVERIFY2(csvRows(core.err).value(0).startsWith("S0-D"), qPrintable(core.err));
    }

    void repeatShowsSpread() {
        const auto result = runCli({"stat", "-r", "3", "-x", ",", "-e", "task-clock,page-faults", "--",
                                    clientPath("hotspots-fp"), "30", "1"});
        QCOMPARE(result.exitCode, 3);
        const QStringList rows = csvRows(result.err);
        QCOMPARE(rows.size(), 2);
        const QStringList fields = rows[0].split(',');
        QCOMPARE(fields.size(), 8); // variance after the percentage
        QVERIFY(fields[5].endsWith('%'));
        const auto human =
            runCli({"stat", "-r", "3", "-e", "task-clock", "--", clientPath("hotspots-fp"), "30", "1"});
        QVERIFY(human.err.contains("(3 runs)"));
        QVERIFY(human.err.contains(QRegularExpression("\\+- [0-9.]+ seconds time elapsed  \\( \\+-")));
    }

    void sessionRoundTrip() {
        QTemporaryDir dir;
        const QString file = dir.filePath("stat.data");
        const bool systemWide = canCountSystemWide();
        QStringList arguments{"stat", "-o", file, "-I", "50", "-x,", "-e", "task-clock,page-faults"};
        if (systemWide) arguments << "-a";
        arguments << "--" << clientPath("hotspots-fp") << "-400"
                  << "1";
        const auto result = runCli(arguments);
        QCOMPARE(result.exitCode, 3);
        std::map<QString, double> printed;
        for (const QString &row : csvRows(result.err)) {
            const QStringList fields = row.split(',');
            printed[fields[3]] += fields[1].toDouble();
        }
        const auto profile = loadProfile(file.toStdString());
        QVERIFY(!profile->counters.empty());
        std::map<std::string, uint64_t> totals;
        std::set<int> cpus;
        size_t points = 0;
        for (const auto &series : profile->counters) {
            totals[series.eventName] += series.total();
            cpus.insert(series.cpu);
            points = std::max(points, series.points.size());
            for (size_t i = 1; i < series.points.size(); ++i)
                QVERIFY(series.points[i].time > series.points[i - 1].time);
        }
        QVERIFY2(points >= 4, "one point per interval");
        if (systemWide) QCOMPARE(cpus.size(), onlineCpus().size());
        QCOMPARE(static_cast<double>(totals["page-faults"]), printed["page-faults"]);
        // The printed msec values are rounded to 0.01 each.
        QVERIFY(std::abs(totals["task-clock"] / 1e6 - printed["task-clock"]) <= 0.006 * rows(result));

        if (perfPath().isEmpty()) QSKIP("perf is not installed: cannot check that perf reads the file");
        const auto report = runProgram(perfPath(), {"stat", "report", "-i", file});
        QCOMPARE(report.exitCode, 0);
        QVERIFY2(report.err.contains("page-faults") && report.err.contains("task-clock"),
                 qPrintable(report.err));
        // Counting a launched program (counters on any CPU) must read as well.
        const QString launched = dir.filePath("launched.data");
        QCOMPARE(
            runCli({"stat", "-o", launched, "-e", "page-faults", "--", clientPath("hotspots-fp"), "30", "1"})
                .exitCode,
            3);
        const auto launchedReport = runProgram(perfPath(), {"stat", "report", "-i", launched});
        QCOMPARE(launchedReport.exitCode, 0);
        QVERIFY2(!launchedReport.err.contains("Invalid") && launchedReport.err.contains("page-faults"),
                 qPrintable(launchedReport.err));
        const auto script = runProgram(perfPath(), {"script", "-i", file});
        QCOMPARE(script.exitCode, 0);
        QVERIFY(!script.err.contains("rror"));
    }

    void badInput() {
        const auto unknown = runCli({"stat", "-e", "task-clock,no-such-event", "--", "true"});
        QVERIFY(unknown.exitCode != 0);
        QVERIFY2(unknown.err.contains("no-such-event"), qPrintable(unknown.err));
        const auto interval = runCli({"stat", "-I", "0.5", "--", "true"});
        QVERIFY(interval.exitCode != 0);
        QVERIFY2(interval.err.contains("at least 1 ms"), qPrintable(interval.err));
        const auto noTarget = runCli({"stat"});
        QVERIFY(noTarget.exitCode != 0);
        QVERIFY(noTarget.err.contains("nothing to count"));
        const auto missingPid = runCli({"stat", "-p", "999999999"});
        QVERIFY(missingPid.exitCode != 0);
        QVERIFY2(missingPid.err.contains("999999999"), qPrintable(missingPid.err));
    }

    void processExitingDuringCounting() {
        QProcess target;
        // Long enough that even a slow (sanitized) perfglass-cli on a loaded machine attaches while the
        // threads still run (1.5 s was not, with four suites running beside it under ASan).
        target.start(clientPath("hotspots-fp"), {"6000", "2"});
        QVERIFY(target.waitForStarted());
        const auto result = runCli({"stat", "-p", QString::number(target.processId()), "--per-thread", "-x,",
                                    "-e", "task-clock,page-faults"},
                                   20000);
        target.waitForFinished();
        QCOMPARE(result.exitCode, 0);
        const QStringList rows = csvRows(result.err);
        QVERIFY2(rows.size() >= 2, qPrintable(result.err));
        double clock = 0;
        for (const QString &row : rows) {
            const QStringList fields = row.split(',');
            QVERIFY(fields[0].startsWith("hotspots-fp-"));
            if (fields[3] == "task-clock" && fields[1] != "<not counted>") clock += fields[1].toDouble();
        }
        QVERIFY2(clock > 0, "the threads' counts survive their exit");
    }

    void groupsCountTogether() {
        const auto result = runCli(
            {"stat", "-x,", "-e", "{task-clock,page-faults}", "--", clientPath("hotspots-fp"), "30", "1"});
        if (result.exitCode != 3 && result.err.contains("{"))
            QSKIP("the event parser does not know groups yet");
        QCOMPARE(csvRows(result.err).size(), 2);
        QVERIFY(csvValues(result.err)["page-faults"] > 10);
    }

    void agreesWithPerfStat() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed");
        const QStringList events{"-e", "task-clock,context-switches,page-faults"};
        // Fixed work: the task-clock of every run is about the same CPU time, however the load around the
        // runs changes between them.
        const QStringList program{"--", clientPath("hotspots-fp"), "-60", "1"};
        std::map<QString, std::vector<double>> ours, theirs;
        constexpr int kRuns = 5;
        for (int run = 0; run < kRuns; ++run) {
            const auto mine = runCli(QStringList{"stat", "-x,"} + events + program);
            const auto perf = runProgram(perfPath(), QStringList{"stat", "-x,"} + events + program);
            QCOMPARE(mine.exitCode, 3);
            QCOMPARE(perf.exitCode, 3);
            for (const auto &[event, value] : csvValues(mine.err))
                ours[event].push_back(value);
            for (const auto &[event, value] : csvValues(perf.err))
                theirs[event].push_back(value);
        }
        for (const QString event : {"task-clock", "context-switches", "page-faults"}) {
            QCOMPARE(ours[event].size(), size_t{kRuns});
            QCOMPARE(theirs[event].size(), size_t{kRuns});
            const Stats a = statsOf(ours[event]);
            const Stats b = statsOf(theirs[event]);
            // Allowed difference: three standard errors of the difference of the means as measured here, plus
            // one count for the integer events.
            const double tolerance = 3 * std::sqrt((a.stddev * a.stddev + b.stddev * b.stddev) / kRuns) + 1.0;
            const QString message = QStringLiteral("%1: perfglass %2 +- %3, perf %4 +- %5, tolerance %6")
                                        .arg(event)
                                        .arg(a.mean)
                                        .arg(a.stddev)
                                        .arg(b.mean)
                                        .arg(b.stddev)
                                        .arg(tolerance);
            qInfo().noquote() << message;
            QVERIFY2(std::abs(a.mean - b.mean) <= tolerance, qPrintable(message));
        }
    }

    void unprivilegedUserCountsUserSpaceOnly() {
        if (!isRoot()) QSKIP("needs root to switch to an unprivileged user with setpriv");
        if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
            QSKIP("setpriv is not installed");
        if (perfEventParanoid() < 2)
            QSKIP("perf_event_paranoid < 2: unprivileged users may count kernel mode");
        const auto result =
            statAsNobody({"-x,", "-e", "task-clock,page-faults", "--", clientPath("hotspots-fp"), "30", "1"});
        QVERIFY2(result.exitCode == 3, qPrintable(result.err)); // the program's exit status passes through
        const auto values = csvValues(result.err);
        for (const char *event : {"task-clock:u", "page-faults:u"}) {
            const auto found = values.find(QLatin1String(event));
            QVERIFY2(found != values.end(),
                     qPrintable(QStringLiteral("%1 missing in\n%2").arg(event, result.err)));
            QVERIFY2(found->second > 0, event);
        }
        const auto human = statAsNobody({"-e", "task-clock,page-faults", "--", "true"});
        QVERIFY2(human.exitCode == 0, qPrintable(human.err));
        const QStringList notes = human.err.split('\n').filter("user space only");
        QCOMPARE(notes.size(), 1);
        QVERIFY2(notes[0].contains("task-clock") && notes[0].contains("page-faults"), qPrintable(notes[0]));
    }

    void unprivilegedUserFailsWhenNothingCounts() {
        if (!isRoot()) QSKIP("needs root to switch to an unprivileged user with setpriv");
        if (QStandardPaths::findExecutable(QStringLiteral("setpriv")).isEmpty())
            QSKIP("setpriv is not installed");
        if (perfEventParanoid() < 1) QSKIP("perf_event_paranoid < 1: unprivileged users may count every CPU");
        const QStringList systemWide{"-a", "-e", "task-clock,page-faults", "--", "sleep", "0.1"};
        const QStringList initProcess{
            "-p", "1", "-e", "task-clock,page-faults", "-I", "100", "--interval-count", "1"};
        for (const QStringList &arguments : {systemWide, initProcess}) {
            const auto result = statAsNobody(arguments);
            const QString what = arguments.join(' ') + ":\n" + result.err;
            QVERIFY2(result.exitCode == 1, qPrintable(what));
            QVERIFY2(result.err.contains("nothing could be counted"), qPrintable(what));
            QVERIFY2(result.err.contains("task-clock") && result.err.contains("page-faults"),
                     qPrintable(what));
            QVERIFY2(result.err.contains("kernel.perf_event_paranoid = "), qPrintable(what));
            QVERIFY2(!result.err.contains("Performance counter stats"), qPrintable(what));
        }
    }

private:
    static double rows(const ProcessResult &result) {
        return std::max<double>(1, csvRows(result.err).size());
    }
};

QTEST_GUILESS_MAIN(TestStat)
#include "tst_stat.moc"
