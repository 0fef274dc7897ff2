// Commands as perf names samples: by the command (comm) the sample's thread had at that moment, from COMM
// records (exec: PERF_RECORD_MISC_COMM_EXEC), so that a child's time between fork and exec counts for its
// parent's command; and perf report's "pid" key, one row per thread ("tid:comm"). Checked against perf report
// and perf script on the same files: a shell script that forks and execs tr and true 400 times, and a
// program with two threads.
#include "TestSupport.h"

#include "analysis/TimelineBuckets.h"
#include "load/LoadProfile.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace perfglass::test;

namespace {

using Shares = std::map<QString, double>; // row (its key columns joined by one space) -> percent

// The rows of a perf report --stdio table without children.
Shares tableRows(const QString &text) {
    Shares rows;
    static const QRegularExpression row(R"(^\s*([\d.]+)%\s+(\S.*?)\s*$)");
    for (const QString &line : text.split('\n')) {
        const auto match = row.match(line);
        if (line.startsWith('#') || !match.hasMatch()) continue;
        rows[match.captured(2).split(QRegularExpression("\\s+")).join(' ')] = match.captured(1).toDouble();
    }
    return rows;
}

// The share of each process frame (the first of each line) of collapsed stacks.
Shares rootShares(const QString &collapsed) {
    Shares shares;
    double total = 0;
    for (const QString &line : collapsed.split('\n', Qt::SkipEmptyParts)) {
        const double cost = line.section(' ', -1).toDouble();
        shares[line.section(';', 0, 0)] += cost;
        total += cost;
    }
    for (auto &[root, share] : shares)
        share = total > 0 ? 100 * share / total : 0;
    return shares;
}

// Whether a thread of a -s pid table (rows "TID:COMMAND") has rows under BEFORE and under one of AFTER: a
// child of the script sampled before its exec, under the script's name, and after it, under the program's.
bool sampledAcrossExec(const Shares &pidRows, const QString &before, const QStringList &after) {
    std::set<QString> threadsBefore, threadsAfter;
    for (const auto &[row, share] : pidRows) {
        const QString command = row.section(':', 1);
        if (command == before) threadsBefore.insert(row.section(':', 0, 0));
        if (after.contains(command)) threadsAfter.insert(row.section(':', 0, 0));
    }
    return std::any_of(threadsBefore.begin(), threadsBefore.end(),
                       [&](const QString &tid) { return threadsAfter.count(tid) > 0; });
}

// Our perf report -s pid table of FILE: one row per thread, "TID:COMMAND".
Shares threadRows(const QString &file) {
    return tableRows(runCli({"report", "-i", file, "--stdio", "--no-children", "-s", "pid"}).out);
}

// The number of samples of each command in perf script -F comm's output.
std::map<QString, int> commLines(const QString &script) {
    std::map<QString, int> counts;
    for (const QString &line : script.split('\n', Qt::SkipEmptyParts))
        ++counts[line.trimmed()];
    return counts;
}

QString describe(const Shares &shares) {
    QStringList parts;
    for (const auto &[key, share] : shares)
        parts << QString("%1 %2%").arg(key).arg(share);
    return parts.join(", ");
}

// The same rows, each share within 0.05 points (both read the same samples).
bool sameShares(const Shares &ours, const Shares &perfs) {
    if (ours.size() != perfs.size()) return false;
    for (const auto &[key, share] : perfs)
        if (!ours.count(key) || std::abs(ours.at(key) - share) > 0.05) return false;
    return true;
}

} // namespace

class TestCommands : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void commandsOverTime();
    void scriptNamesCommandsAsPerf();
    void collapsedProcessFrames();
    void ourRecordingToo();
    void pidRowsAreThreads();
    void treesNameCommandsOverTime();
    void timelineNamesCommandsOverTime();

private:
    QTemporaryDir dir_;
    QString script_;   // the fork/exec shell script
    QString perfData_; // the script recorded by perf
};

void TestCommands::initTestCase() {
    QVERIFY(dir_.isValid());
    script_ = dir_.filePath("forkexec.sh");
    QFile file(script_);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("#!/bin/sh\n"
               "i=0\n"
               "while [ $i -lt 400 ]; do\n"
               "    echo hello | tr a-z A-Z > /dev/null\n"
               "    /bin/true\n"
               "    i=$((i + 1))\n"
               "done\n");
    file.close();
    QVERIFY(file.setPermissions(file.permissions() | QFileDevice::ExeOwner));
    if (perfPath().isEmpty()) return;
    perfData_ = dir_.filePath("forkexec.data");
    const ProcessResult recorded = runPerfRecord({"-q", "-e", "cpu-clock", "-o", perfData_, "--", script_});
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
}

// -s comm and --comm: the shares of the script, tr and true as perf's. The script's own command gets a
// large share (the children's time between fork and exec), which naming a thread by its last command
// would give to tr and true.
void TestCommands::commandsOverTime() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const Shares perfs = tableRows(perfReads({"report", "--stdio", "-s", "comm"}, perfData_));
    const ProcessResult ours = runCli({"report", "-i", perfData_, "--stdio", "--no-children", "-s", "comm"});
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    const Shares mine = tableRows(ours.out);
    QVERIFY2(sameShares(mine, perfs), qPrintable(describe(mine) + "\nperf: " + describe(perfs)));
    QVERIFY2(mine.count("forkexec.sh") && mine.count("tr") && mine.count("true"), qPrintable(describe(mine)));
    // The script forks 800 children, whose time before exec is its own: one of them was sampled on both
    // sides of its exec (how much time that is depends on the machine, so no share is asserted).
    const Shares threads = threadRows(perfData_);
    QVERIFY2(sampledAcrossExec(threads, "forkexec.sh", {"tr", "true"}), qPrintable(describe(threads)));
    const ProcessResult onlyScript = runCli(
        {"report", "-i", perfData_, "--stdio", "--no-children", "-s", "comm", "--comm", "forkexec.sh"});
    const Shares filtered = tableRows(onlyScript.out);
    QCOMPARE(filtered.size(), size_t{1});
    QVERIFY(std::abs(filtered.at("forkexec.sh") - perfs.at("forkexec.sh")) <= 0.05);
}

// perf script's command column, sample by sample.
void TestCommands::scriptNamesCommandsAsPerf() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const QString perfOut = perfReads({"script", "-F", "comm"}, perfData_);
    const ProcessResult ours = runCli({"script", "-i", perfData_, "-F", "comm"});
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    QCOMPARE(ours.out.split('\n'), perfOut.split('\n'));
    QVERIFY(commLines(ours.out)["forkexec.sh"] > 0);
}

// The process frames of collapsed stacks (stackcollapse-perf.pl's comm) share the samples as -s comm.
void TestCommands::collapsedProcessFrames() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const Shares perfs = tableRows(perfReads({"report", "--stdio", "-s", "comm"}, perfData_));
    const ProcessResult ours = runCli({"report", "-i", perfData_, "--format", "collapsed", "--per-process"});
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    const Shares roots = rootShares(ours.out);
    QVERIFY2(sameShares(roots, perfs), qPrintable(describe(roots) + "\nperf: " + describe(perfs)));
}

// Our own recording of the script: perf and we share its samples among the commands alike.
void TestCommands::ourRecordingToo() {
    const QString file = dir_.filePath("ours.data");
    const ProcessResult recorded = runCli({"record", "-o", file, "--", script_});
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
    const Shares mine =
        tableRows(runCli({"report", "-i", file, "--stdio", "--no-children", "-s", "comm"}).out);
    QVERIFY2(mine.count("forkexec.sh") && mine.count("tr") && mine.count("true"), qPrintable(describe(mine)));
    const Shares threads = threadRows(file);
    QVERIFY2(sampledAcrossExec(threads, "forkexec.sh", {"tr", "true"}), qPrintable(describe(threads)));
    if (perfPath().isEmpty()) return;
    const Shares perfs = tableRows(perfReads({"report", "--stdio", "-s", "comm"}, file));
    QVERIFY2(sameShares(mine, perfs), qPrintable(describe(mine) + "\nperf: " + describe(perfs)));
}

// perf report -s pid: one row per thread, "tid:comm", as perf's.
void TestCommands::pidRowsAreThreads() {
    if (perfPath().isEmpty()) QSKIP("perf is not installed");
    const QString file = dir_.filePath("threads.data");
    const ProcessResult recorded =
        runPerfRecord({"-q", "-e", "cpu-clock", "-o", file, "--", clientPath("hotspots-fp"), "-200", "2"});
    QCOMPARE(recorded.exitCode, 3);
    const Shares perfs = tableRows(perfReads({"report", "--stdio", "-s", "pid"}, file));
    const ProcessResult ours = runCli({"report", "-i", file, "--stdio", "--no-children", "-s", "pid"});
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    const Shares mine = tableRows(ours.out);
    QVERIFY2(perfs.size() >= 2, qPrintable(describe(perfs)));
    QVERIFY2(sameShares(mine, perfs), qPrintable(describe(mine) + "\nperf: " + describe(perfs)));
}

// The call trees' per-process roots (--group-by process, the desktop application's grouping) and --comm on
// trees: each sample counts for the command its process had then, so the roots and the filtered trees share
// the samples as perf's -s comm.
void TestCommands::treesNameCommandsOverTime() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const Shares perfs = tableRows(perfReads({"report", "--stdio", "-s", "comm"}, perfData_));
    const ProcessResult grouped =
        runCli({"report", "-i", perfData_, "--group-by", "process", "--format", "collapsed"});
    QVERIFY2(grouped.exitCode == 0, qPrintable(grouped.err));
    QString byCommand; // the roots without their " (PID n)"
    static const QRegularExpression pid(R"( \(PID \d+\)(?=;| ))");
    for (const QString &line : grouped.out.split('\n', Qt::SkipEmptyParts))
        byCommand += QString(line).remove(pid) + '\n';
    const Shares roots = rootShares(byCommand);
    QVERIFY2(sameShares(roots, perfs), qPrintable(describe(roots) + "\nperf: " + describe(perfs)));
    const auto cost = [this](const QStringList &filter) {
        double sum = 0;
        const ProcessResult tree =
            runCli(QStringList{"report", "-i", perfData_, "--format", "collapsed"} + filter);
        for (const QString &line : tree.out.split('\n', Qt::SkipEmptyParts))
            sum += line.section(' ', -1).toDouble();
        return sum;
    };
    const double all = cost({});
    QVERIFY(all > 0);
    for (const auto &[command, share] : perfs) {
        const double filtered = 100 * cost({"--comm", command}) / all;
        QVERIFY2(std::abs(filtered - share) <= 0.05,
                 qPrintable(QString("%1: %2% (perf %3%)").arg(command).arg(filtered).arg(share)));
    }
}

// The timeline's threads (TimelineBuckets, which the desktop application's rows name): a child of the script
// has the script's command, then tr's or true's, in that order.
void TestCommands::timelineNamesCommandsOverTime() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const auto profile = perfglass::loadProfile(perfData_.toStdString());
    const perfglass::TimelineBuckets buckets = perfglass::TimelineBuckets::compute(*profile, {}, 100);
    std::map<QString, int> sequences; // "forkexec.sh>tr" -> threads
    for (const perfglass::ThreadTimeline &thread : buckets.threads) {
        QStringList names;
        for (const perfglass::CommandChange &command : thread.commands)
            names << QString::fromStdString(profile->strings[command.name]);
        ++sequences[names.join('>')];
        QCOMPARE(thread.name, thread.commands.back().name);
    }
    QStringList seen;
    for (const auto &[sequence, threads] : sequences)
        seen << QString("%1: %2").arg(sequence).arg(threads);
    QVERIFY2(sequences["forkexec.sh>tr"] + sequences["forkexec.sh>true"] > 0, qPrintable(seen.join(", ")));
    for (const auto &[sequence, threads] : sequences) // never the other way round
        QVERIFY2(!sequence.startsWith("tr>") && !sequence.startsWith("true>"), qPrintable(sequence));
}

QTEST_GUILESS_MAIN(TestCommands)
#include "tst_commands.moc"
