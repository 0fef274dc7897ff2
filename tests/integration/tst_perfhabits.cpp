// perfglass-cli behaves as a perf user expects (issue 13, "perf's habits"): sessions default to ./perf.data
// (the previous one kept as perf.data.old), record takes perf's forms of -e, -F, -m and --user-regs, list
// takes perf's class filters, usage errors exit 129 with "did you mean", help SUBCOMMAND works, report takes
// perf report's common options and agrees with perf report on the same perf-made file, and the bash
// completion completes subcommands and options.
#include "TestSupport.h"

#include "load/LoadProfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace perfglass::test;

namespace {

ProcessResult runIn(const QString &dir, const QString &program, const QStringList &arguments) {
    QProcess process;
    process.setWorkingDirectory(dir);
    process.start(program, arguments);
    ProcessResult result;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        result.err = QStringLiteral("timed out");
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

std::vector<std::string> eventNames(const QString &path) {
    std::vector<std::string> names;
    const auto profile = perfglass::loadProfile(path.toStdString());
    for (const auto &event : profile->events)
        names.push_back(event.name);
    return names;
}

// perf evlist -v's attribute line of the first event, or "" without perf.
QString perfAttributes(const QString &path) {
    if (perfPath().isEmpty()) return {};
    return runProgram(perfPath(), {"evlist", "-v", "-i", path}).out;
}

// The rows of perf report's table: the columns after the percentage(s), joined by one space -> percentages.
std::map<QString, std::vector<double>> tableRows(const QString &text) {
    std::map<QString, std::vector<double>> rows;
    static const QRegularExpression row(R"(^\s*([\d.]+)%(?:\s+([\d.]+)%)?\s+(\S.*?)\s*$)");
    for (const QString &line : text.split('\n')) {
        const auto match = row.match(line);
        if (line.startsWith('#') || !match.hasMatch()) continue;
        std::vector<double> values{match.captured(1).toDouble()};
        if (!match.captured(2).isEmpty()) values.push_back(match.captured(2).toDouble());
        const QString key = match.captured(3).split(QRegularExpression("\\s+")).join(' ');
        rows[key] = values;
    }
    return rows;
}

// The row whose key contains name (perf names functions without their parameters, we with them).
std::vector<double> rowOf(const std::map<QString, std::vector<double>> &rows, const QString &name) {
    for (const auto &[key, values] : rows)
        if (key.contains(name)) return values;
    return {};
}

// What the bash completion (packaging/completion) offers for the command line words, the last being the word
// being completed; the program is found on PATH, as an installed one.
QStringList bashCompletions(const QStringList &words) {
    const QString completion =
        QStringLiteral(PERFGLASS_FIXTURES_DIR "/../../packaging/completion/perfglass-cli.bash");
    QString quoted;
    for (const QString &word : words)
        quoted += QStringLiteral(" '%1'").arg(word);
    const QString script =
        QStringLiteral(". '%1'; COMP_WORDS=(perfglass-cli%2); COMP_CWORD=%3; _perfglass_cli; "
                       "printf '%s\\n' \"${COMPREPLY[@]}\"")
            .arg(completion, quoted)
            .arg(words.size());
    QProcess bash;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("PATH", QFileInfo(PERFGLASS_CLI).absolutePath() + ":" + environment.value("PATH"));
    bash.setProcessEnvironment(environment);
    bash.start("bash", {"-c", script});
    bash.waitForFinished(30000);
    return QString::fromUtf8(bash.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// What the zsh completion computes for the words (the last being completed): zsh's completion builtins are
// replaced by functions that print the candidates they are given, one a line (zsh filters them by the prefix
// itself, so all are printed).
QStringList zshCandidates(const QStringList &words) {
    const QString completion =
        QStringLiteral(PERFGLASS_FIXTURES_DIR "/../../packaging/completion/_perfglass-cli");
    QString quoted;
    for (const QString &word : words)
        quoted += QStringLiteral(" '%1'").arg(word);
    const QString script =
        QStringLiteral(
            "compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done; [[ $1 == -- ]] && shift; "
            "print -l -- \"$@\" }; _files() { print FILES }; _normal() { print NORMAL }; "
            "_command_names() { print COMMANDS }; _sequence() { shift; compadd \"$@\" }; "
            "words=(perfglass-cli%1); CURRENT=%2; source '%3'")
            .arg(quoted)
            .arg(words.size() + 1)
            .arg(completion);
    QProcess zsh;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("PATH", QFileInfo(PERFGLASS_CLI).absolutePath() + ":" + environment.value("PATH"));
    zsh.setProcessEnvironment(environment);
    zsh.start("zsh", {"-f", "-c", script});
    zsh.waitForFinished(30000);
    return QString::fromUtf8(zsh.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

} // namespace

class TestPerfHabits : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void defaultSessionIsPerfData();
    void guiOpensPerfData();
    void recordRepeatedEvents();
    void recordFrequencyMax();
    void recordMmapUnits();
    void recordUserRegisters();
    void listClassFilters();
    void usageErrors();
    void helpSubcommand();
    void reportSortAgreesWithPerf_data();
    void reportSortAgreesWithPerf();
    void reportChildrenAgreesWithPerf();
    void reportPerfOptions();
    void bashCompletion();
    void zshCompletion();

private:
    QStringList report(const QStringList &extra) const {
        return QStringList{"report", "-i", perfData_} + extra;
    }

    QTemporaryDir dir_;
    QString perfData_; // recorded by perf record -g, when perf is installed
};

void TestPerfHabits::initTestCase() {
    QVERIFY(dir_.isValid());
    qputenv("QT_QPA_PLATFORM", "offscreen"); // for the application started without a display
    if (perfPath().isEmpty()) return;
    perfData_ = dir_.filePath("perf-made.data");
    const ProcessResult recorded = recordHotspotsWithPerf(perfData_);
    QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
}

void TestPerfHabits::defaultSessionIsPerfData() {
    QTemporaryDir work;
    const ProcessResult first =
        runIn(work.path(), PERFGLASS_CLI, {"record", "-e", "cpu-clock", "--", "true"});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QVERIFY(QFileInfo(work.filePath("perf.data")).size() > 0);
    QVERIFY(!QFile::exists(work.filePath("perfglass.data")));
    QVERIFY(!QFile::exists(work.filePath("perf.data.old")));
    const qint64 firstSize = QFileInfo(work.filePath("perf.data")).size();
    const ProcessResult second = runIn(work.path(), PERFGLASS_CLI,
                                       {"record", "-e", "cpu-clock", "--", clientPath("hotspots-fp"), "-50"});
    QVERIFY2(second.exitCode == 3, qPrintable(second.err));
    QCOMPARE(QFileInfo(work.filePath("perf.data.old")).size(), firstSize); // kept, as perf record keeps it
    QVERIFY2(second.err.contains("perf.data.old"), qPrintable(second.err));
    // report reads ./perf.data without -i.
    const ProcessResult report = runIn(work.path(), PERFGLASS_CLI, {"report", "--view", "flat"});
    QVERIFY2(report.exitCode == 0, qPrintable(report.err));
    QVERIFY2(report.out.contains("hotLoop"), qPrintable(report.out));
    // annotate reads ./perf.data too; diff without files compares perf.data.old with perf.data, as perf diff.
    const ProcessResult annotate =
        runIn(work.path(), PERFGLASS_CLI, {"annotate", "hotLoop", "--format", "json"});
    QVERIFY2(annotate.exitCode == 0, qPrintable(annotate.err));
    const ProcessResult diff = runIn(work.path(), PERFGLASS_CLI, {"diff", "--format", "json"});
    QVERIFY2(diff.exitCode == 0, qPrintable(diff.err));
    QVERIFY2(diff.out.contains("\"perf.data.old\"") && diff.out.contains("\"perf.data\""),
             qPrintable(diff.out));
    QTemporaryDir empty;
    const ProcessResult missing = runIn(empty.path(), PERFGLASS_CLI, {"report"});
    QCOMPARE(missing.exitCode, 1);
    QVERIFY2(missing.err.contains("perf.data"), qPrintable(missing.err));
}

void TestPerfHabits::guiOpensPerfData() {
#ifndef PERFGLASS_GUI
    QSKIP("built without the GUI");
#else
    QTemporaryDir work;
    const ProcessResult recorded =
        runIn(work.path(), PERFGLASS_CLI, {"record", "-g", "--", clientPath("hotspots-fp"), "-100"});
    QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
    const QString png = QStringLiteral(PERFGLASS_SCREENSHOT_DIR "/perfhabits-default-perf-data.png");
    QFile::remove(png);
    // No FILE: the window opens ./perf.data (the screenshot is taken once a session is loaded).
    const ProcessResult shown = runIn(work.path(), PERFGLASS_GUI, {"--screenshot", png});
    QVERIFY2(shown.exitCode == 0, qPrintable(shown.err));
    QVERIFY(QFileInfo(png).size() > 0);
    QTemporaryDir empty;
    const ProcessResult none = runIn(empty.path(), PERFGLASS_GUI, {"--screenshot", png});
    QVERIFY(none.exitCode != 0);
#endif
}

void TestPerfHabits::recordRepeatedEvents() {
    const QString data = dir_.filePath("two-events.data");
    const ProcessResult result = runCli({"record", "-e", "cpu-clock", "-e", "page-faults", "-o", data, "--",
                                         clientPath("hotspots-fp"), "-50"});
    QVERIFY2(result.exitCode == 3, qPrintable(result.err));
    const auto names = eventNames(data);
    QCOMPARE(names.size(), size_t{2});
    QCOMPARE(names[0], std::string("cpu-clock"));
    QCOMPARE(names[1], std::string("page-faults"));
    // -e NAME followed by the command without --: the command is not taken for a second event.
    const ProcessResult noDashes =
        runCli({"record", "-e", "cpu-clock", "-o", data, clientPath("hotspots-fp"), "-50"});
    QVERIFY2(noDashes.exitCode == 3, qPrintable(noDashes.err));
    QCOMPARE(eventNames(data).size(), size_t{1});
}

void TestPerfHabits::recordFrequencyMax() {
    QFile rateFile("/proc/sys/kernel/perf_event_max_sample_rate");
    QVERIFY(rateFile.open(QIODevice::ReadOnly));
    const QString maxRate = QString::fromLatin1(rateFile.readAll()).trimmed();
    const QString data = dir_.filePath("max.data");
#ifndef __SANITIZE_ADDRESS__
    // Under AddressSanitizer, in a loaded ctest -j 2, this recording once ran past runCli's timeout (not
    // reproduced alone); the release build checks it.
    const ProcessResult result = runCli({"record", "-F", "max", "-e", "cpu-clock", "-o", data, "--", "true"});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QString attributes = perfAttributes(data);
    if (!attributes.isEmpty())
        QVERIFY2(attributes.contains(QStringLiteral("sample_freq }: %1,").arg(maxRate)),
                 qPrintable(attributes));
#endif
    for (const char *bad : {"0", "abc", "-5"}) {
        const ProcessResult refused = runCli({"record", "-F", bad, "-o", data, "--", "true"});
        QVERIFY(refused.exitCode != 0);
        // The range in plain numbers, not CLI11's 300-digit limits.
        QVERIFY2(refused.err.contains(QStringLiteral("from 1 to %1").arg(maxRate)) ||
                     refused.err.contains("-F"),
                 qPrintable(refused.err));
        QVERIFY2(refused.err.size() < 300, qPrintable(refused.err));
    }
    const ProcessResult word = runCli({"record", "-F", "abc", "-o", data, "--", "true"});
    QVERIFY2(word.err.contains(QStringLiteral("from 1 to %1").arg(maxRate)), qPrintable(word.err));
}

void TestPerfHabits::recordMmapUnits() {
    const QString data = dir_.filePath("mmap.data");
    const ProcessResult sized = runCli({"record", "-m", "16M", "-e", "cpu-clock", "-o", data, "--", "true"});
    QVERIFY2(sized.exitCode == 0, qPrintable(sized.err));
    QVERIFY2(!sized.err.contains("rounding"), qPrintable(sized.err)); // 16M is 4096 pages, a power of two
    const ProcessResult rounded =
        runCli({"record", "-m", "100K", "-e", "cpu-clock", "-o", data, "--", "true"});
    QVERIFY2(rounded.exitCode == 0, qPrintable(rounded.err));
    QVERIFY2(rounded.err.contains("32 pages"), qPrintable(rounded.err)); // 25 pages of 4 KiB, rounded up
    const ProcessResult pages = runCli({"record", "-m", "3", "-e", "cpu-clock", "-o", data, "--", "true"});
    QVERIFY2(pages.exitCode == 0 && pages.err.contains("4 pages"), qPrintable(pages.err));
    const ProcessResult bad = runCli({"record", "-m", "3X", "-o", data, "--", "true"});
    QVERIFY(bad.exitCode != 0);
    QVERIFY2(bad.err.contains("16M"), qPrintable(bad.err));
}

void TestPerfHabits::recordUserRegisters() {
    const QString data = dir_.filePath("regs.data");
    const ProcessResult result =
        runCli({"record", "--user-regs", "ax,BP,ip", "-e", "cpu-clock", "-o", data, "--", "true"});
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const ProcessResult list = runCli({"record", "--user-regs", "?"});
    QCOMPARE(list.exitCode, 0);
    QVERIFY2(list.out.contains("AX BX CX DX SI DI BP SP IP FLAGS CS SS R8"), qPrintable(list.out));
    const ProcessResult bad = runCli({"record", "--user-regs", "ax,zz", "-o", data, "--", "true"});
    QVERIFY(bad.exitCode != 0);
    QVERIFY2(bad.err.contains("'zz'") && bad.err.contains("R15"), qPrintable(bad.err));
    if (perfPath().isEmpty()) QSKIP("perf is not installed: the register mask was not checked");
    // AX is bit 0, BP bit 6, IP bit 8 in perf's numbering.
    const QString attributes = perfAttributes(data);
    QVERIFY2(attributes.contains("sample_regs_user: 0x141"), qPrintable(attributes));
    QVERIFY2(attributes.contains("REGS_USER"), qPrintable(attributes));
}

void TestPerfHabits::listClassFilters() {
    const ProcessResult hw = runCli({"list", "hw"});
    QVERIFY2(hw.exitCode == 0, qPrintable(hw.err));
    QVERIFY2(hw.out.contains("Hardware events:") && hw.out.contains("instructions"), qPrintable(hw.out));
    QVERIFY(!hw.out.contains("Software events:"));
    QVERIFY(!hw.out.contains("cpu-clock"));
    const ProcessResult swCache = runCli({"list", "sw", "cache"});
    QVERIFY(swCache.out.contains("Software events:") && swCache.out.contains("Hardware cache events:"));
    QVERIFY(!swCache.out.contains("Hardware events:"));
    QVERIFY(!swCache.out.contains("PMUs in"));
    const ProcessResult pmu = runCli({"list", "pmu"});
    QVERIFY2(pmu.out.contains("PMUs in") && !pmu.out.contains("Software events:"), qPrintable(pmu.out));
    // A class and a name filter: both apply; several names: any of them.
    const ProcessResult clock = runCli({"list", "sw", "clock"});
    QVERIFY(clock.out.contains("cpu-clock") && clock.out.contains("task-clock"));
    QVERIFY(!clock.out.contains("page-faults"));
    const ProcessResult two = runCli({"list", "cpu-clock", "page-faults"});
    QVERIFY(two.out.contains("cpu-clock") && two.out.contains("page-faults"));
    QVERIFY(!two.out.contains("task-clock"));
}

void TestPerfHabits::usageErrors() {
    const ProcessResult typo = runCli({"reprot"});
    QCOMPARE(typo.exitCode, 129);
    QVERIFY2(typo.err.startsWith("perfglass-cli: "), qPrintable(typo.err));
    QVERIFY2(typo.err.contains("did you mean: report"), qPrintable(typo.err));
    const ProcessResult option = runCli({"report", "--sotr", "dso"});
    QCOMPARE(option.exitCode, 129);
    QVERIFY2(option.err.startsWith("perfglass-cli: ") && option.err.contains("did you mean: --sort"),
             qPrintable(option.err));
    const ProcessResult recordOption = runCli({"record", "--frq", "99", "--", "true"});
    QCOMPARE(recordOption.exitCode, 129);
    QVERIFY2(recordOption.err.contains("--freq"), qPrintable(recordOption.err));
    const ProcessResult missing = runCli({"record", "-F"});
    QCOMPARE(missing.exitCode, 129);
    QVERIFY(missing.err.startsWith("perfglass-cli: "));
    const ProcessResult none = runCli({});
    QCOMPARE(none.exitCode, 129);
    const ProcessResult badValue = runCli({"report", "--view", "sideways"});
    QCOMPARE(badValue.exitCode, 129);
    QVERIFY(badValue.err.startsWith("perfglass-cli: "));
    // Help and version are not errors.
    QCOMPARE(runCli({"--help"}).exitCode, 0);
    QCOMPARE(runCli({"report", "--help"}).exitCode, 0);
    QCOMPARE(runCli({"--version"}).exitCode, 0);
}

void TestPerfHabits::helpSubcommand() {
    const ProcessResult report = runCli({"help", "report"});
    QCOMPARE(report.exitCode, 0);
    QVERIFY2(report.out.contains("--view") && report.out.contains("--sort"), qPrintable(report.out));
    QVERIFY(!report.out.contains("--duration")); // record's, not report's
    const ProcessResult all = runCli({"help"});
    QCOMPARE(all.exitCode, 0);
    QVERIFY(all.out.contains("record") && all.out.contains("report") && all.out.contains("script"));
    QVERIFY2(all.out.contains("diff") && all.out.contains("annotate"), qPrintable(all.out));
    const ProcessResult annotate = runCli({"help", "annotate"});
    QCOMPARE(annotate.exitCode, 0);
    QVERIFY2(annotate.out.contains("=perf.data"), qPrintable(annotate.out)); // -i's default, as perf annotate
    const ProcessResult typo = runCli({"help", "recrod"});
    QCOMPARE(typo.exitCode, 129);
    QVERIFY2(typo.err.contains("did you mean: record"), qPrintable(typo.err));
}

void TestPerfHabits::reportSortAgreesWithPerf_data() {
    QTest::addColumn<QString>("keys");
    QTest::newRow("dso") << "dso";
    QTest::newRow("comm,dso") << "comm,dso";
    QTest::newRow("pid") << "pid";
    QTest::newRow("dso,sym") << "dso,sym";
}

// perf report --stdio --no-children -s KEYS on a perf-made file, and ours: the same rows, percentages within
// 0.05 points.
void TestPerfHabits::reportSortAgreesWithPerf() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    QFETCH(QString, keys);
    const QString perfOut =
        perfReads({"report", "--stdio", "--no-children", "-g", "none", "-s", keys}, perfData_);
    QVERIFY(!perfOut.isEmpty());
    const ProcessResult ours = runCli(report({"--stdio", "--no-children", "-s", keys}));
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    const auto theirs = tableRows(perfOut);
    const auto mine = tableRows(ours.out);
    QVERIFY(!theirs.empty());
    for (const auto &[key, values] : theirs) {
        if (values[0] < 0.5 && keys.contains("sym")) continue; // rare kernel symbols: names may differ
        QString match = key;
        // perf names functions without parameters: find ours by prefix.
        std::vector<double> found = mine.count(key) ? mine.at(key) : std::vector<double>{};
        if (found.empty() && keys.contains("sym"))
            for (const auto &[mineKey, mineValues] : mine)
                if (mineKey.startsWith(key + "(")) found = mineValues;
        QVERIFY2(!found.empty(),
                 qPrintable(QStringLiteral("perf's row '%1' is not ours:\n%2").arg(key, ours.out)));
        QVERIFY2(std::abs(found[0] - values[0]) <= 0.05,
                 qPrintable(QStringLiteral("%1: perf %2%, ours %3%").arg(key).arg(values[0]).arg(found[0])));
    }
}

// --children: both columns of the functions of hotspots agree with perf report --children -s sym.
void TestPerfHabits::reportChildrenAgreesWithPerf() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const auto theirs =
        tableRows(perfReads({"report", "--stdio", "--children", "-g", "none", "-s", "sym"}, perfData_));
    const ProcessResult ours = runCli(report({"--children", "-s", "sym"}));
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    QVERIFY(ours.out.contains("# Children      Self"));
    const auto mine = tableRows(ours.out);
    for (const char *name : {"] main", "::spinFor", "::hotLoop", "::warmLoop", "::coldLoop"}) {
        const auto perfValues = rowOf(theirs, name);
        const auto ourValues = rowOf(mine, name);
        QVERIFY2(perfValues.size() == 2 && ourValues.size() == 2, name);
        QVERIFY2(std::abs(perfValues[0] - ourValues[0]) <= 0.05 &&
                     std::abs(perfValues[1] - ourValues[1]) <= 0.05,
                 qPrintable(QStringLiteral("%1: perf %2/%3, ours %4/%5")
                                .arg(name)
                                .arg(perfValues[0])
                                .arg(perfValues[1])
                                .arg(ourValues[0])
                                .arg(ourValues[1])));
    }
    // Children is perf's default when the session has call chains.
    QVERIFY(runCli(report({"-s", "sym"})).out.contains("# Children      Self"));
}

void TestPerfHabits::reportPerfOptions() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    // -q: no comment lines at all.
    const ProcessResult quiet = runCli(report({"-q", "--no-children", "-s", "dso"}));
    QVERIFY2(quiet.exitCode == 0 && !quiet.out.isEmpty(), qPrintable(quiet.err));
    QVERIFY2(!quiet.out.contains('#'), qPrintable(quiet.out));
    QVERIFY(runCli(report({"-q"})).out.indexOf('#') < 0);
    // --percent-limit: no row below it.
    const auto limited =
        tableRows(runCli(report({"--no-children", "-s", "sym", "--percent-limit", "5"})).out);
    QCOMPARE(limited.size(), size_t{3}); // hotLoop 60%, warmLoop 30%, coldLoop 10%
    for (const auto &[key, values] : limited)
        QVERIFY(values[0] >= 5);
    // --dso and --symbols pick rows, percentages stay those of the whole session (perf's default).
    const auto kernel =
        tableRows(runCli(report({"--no-children", "-s", "dso,sym", "--dso", "[kernel.kallsyms]"})).out);
    for (const auto &[key, values] : kernel)
        QVERIFY2(key.startsWith("[kernel.kallsyms] [k] "), qPrintable(key));
    const auto hot = tableRows(
        runCli(report({"--no-children", "-s", "sym", "--symbols", "(anonymous namespace)::hotLoop"})).out);
    QCOMPARE(hot.size(), size_t{1});
    QVERIFY(hot.begin()->second[0] > 40 && hot.begin()->second[0] < 80);
    // --comm: only that command's samples; an unknown one leaves nothing.
    QCOMPARE(tableRows(runCli(report({"--no-children", "-s", "comm", "--comm", "hotspots-fp"})).out).size(),
             size_t{1});
    QVERIFY(tableRows(runCli(report({"--no-children", "-s", "comm", "--comm", "nothing-such"})).out).empty());
    const ProcessResult treeComm = runCli(report({"--comm", "nothing-such", "--view", "flat"}));
    QVERIFY2(treeComm.exitCode == 0 && treeComm.out.contains("# 0 samples"), qPrintable(treeComm.out));
    // -g caller and callee are the top-down and bottom-up trees; none and --no-call-graph perf's table.
    QCOMPARE(runCli(report({"-g", "caller"})).out, runCli(report({"--view", "top-down"})).out);
    QCOMPARE(runCli(report({"-g", "callee"})).out, runCli(report({"--view", "bottom-up"})).out);
    QCOMPARE(runCli(report({"-g", "graph,0.5,callee"})).out, runCli(report({"--view", "bottom-up"})).out);
    QCOMPARE(runCli(report({"-g", "--stdio"})).out, runCli(report({})).out); // -g alone, as perf allows
    QCOMPARE(tableRows(runCli(report({"-s", "sym", "--limit", "2"})).out).size(), size_t{2});
    static const QRegularExpression table(R"(# Children +Self +Command +Shared Object +Symbol)");
    QVERIFY(table.match(runCli(report({"--no-call-graph"})).out).hasMatch());
    QVERIFY(table.match(runCli(report({"-g", "none", "--stdio"})).out).hasMatch());
    // Mistakes.
    const ProcessResult badKey = runCli(report({"-s", "dos"}));
    QCOMPARE(badKey.exitCode, 1);
    QVERIFY2(badKey.err.contains("did you mean: dso"), qPrintable(badKey.err));
    QVERIFY(runCli(report({"-g", "sideways"})).exitCode != 0);
    QVERIFY(runCli(report({"--children", "--no-children"})).exitCode != 0);
    QVERIFY(runCli(report({"--dso", "libc.so.6", "--view", "top-down"})).exitCode != 0);
}

void TestPerfHabits::bashCompletion() {
    if (QStandardPaths::findExecutable("bash").isEmpty()) QSKIP("bash is not installed");
    QCOMPARE(bashCompletions({"rep"}), QStringList{"report"});
    for (const char *sub : {"record", "report", "script", "annotate", "diff", "stat", "list", "help"})
        QVERIFY2(bashCompletions({""}).contains(sub), sub);
    QCOMPARE(bashCompletions({"report", "--sor"}), QStringList{"--sort"}); // --so: --source-path too
    // Every long option report's help lists is offered (they are read from the program itself).
    const QStringList options = bashCompletions({"report", "--"});
    const QString help = runCli({"help", "report"}).out;
    int checked = 0;
    static const QRegularExpression optionColumn(R"(^\s+(-\S+))");
    for (const QString &line : help.split('\n'))
        if (const auto match = optionColumn.match(line); match.hasMatch())
            for (const QString &name : match.captured(1).split(','))
                if (name.startsWith("--")) {
                    QVERIFY2(options.contains(name.section('=', 0, 0)), qPrintable(name));
                    ++checked;
                }
    QVERIFY(checked > 30);
    for (const char *option :
         {"--view", "--children", "--no-children", "--percent-limit", "--stdio", "--symbols"})
        QVERIFY2(options.contains(option), qPrintable(options.join(' ')));
    QCOMPARE(bashCompletions({"report", "-s", "comm,d"}), QStringList{"comm,dso"});
    QCOMPARE(bashCompletions({"report", "-g", "call"}), (QStringList{"caller", "callee"}));
    QCOMPARE(bashCompletions({"record", "--call-graph", "d"}), QStringList{"dwarf"});
    QCOMPARE(bashCompletions({"list", "tr"}), QStringList{"tracepoint"});
    QCOMPARE(bashCompletions({"help", "sc"}), QStringList{"script"});
    QCOMPARE(bashCompletions({"help", "an"}), QStringList{"annotate"});
    QCOMPARE(bashCompletions({"diff", "--sort", "b"}), QStringList{"baseline"});
    QCOMPARE(bashCompletions({"diff", "--view", "f"}), QStringList{"flat"});
    QCOMPARE(bashCompletions({"annotate", "--syntax", "i"}), QStringList{"intel"});
    QVERIFY(bashCompletions({"diff", "--"}).contains("--normalize"));
    QCOMPARE(bashCompletions({"script", "-F", "comm,ti"}), (QStringList{"comm,tid", "comm,time"}));
    QVERIFY(bashCompletions({"record", "-F", "m"}).contains("max"));
}

void TestPerfHabits::zshCompletion() {
    if (QStandardPaths::findExecutable("zsh").isEmpty()) QSKIP("zsh is not installed (install-deps.sh test)");
    for (const char *sub : {"record", "report", "script", "annotate", "diff", "stat", "list", "help"})
        QVERIFY2(zshCandidates({""}).contains(sub), sub);
    QCOMPARE(zshCandidates({"diff", "--sort", ""}), (QStringList{"delta", "baseline", "comparison"}));
    const QStringList options = zshCandidates({"report", "--"});
    for (const char *option :
         {"--sort", "--children", "--no-children", "--percent-limit", "--view", "--symbols"})
        QVERIFY2(options.contains(option), qPrintable(options.join(' ')));
    QVERIFY(zshCandidates({"report", "-s", ""}).contains("dso"));
    QCOMPARE(zshCandidates({"report", "-g", ""}), (QStringList{"caller", "callee", "none"}));
    QCOMPARE(zshCandidates({"record", "--call-graph", ""}), (QStringList{"fp", "dwarf", "lbr"}));
    QVERIFY(zshCandidates({"list", ""}).contains("tracepoint"));
    QCOMPARE(zshCandidates({"report", "-i", ""}), QStringList{"FILES"});
    QCOMPARE(zshCandidates({"record", "--", ""}), QStringList{"NORMAL"});
}

QTEST_GUILESS_MAIN(TestPerfHabits)
#include "tst_perfhabits.moc"
