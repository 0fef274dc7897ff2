// Agreement with perf: on recordings that `perf record` makes of the benchmark workload (frame pointers, and
// DWARF call graphs with 8 KiB stacks), the ten highest self costs by function agree between
// `perf report --no-children --sort sym` and `perfglass-cli report --view flat` within 1.5 percentage points,
// and so do the self costs of the top-level rows of `perfglass-cli report --view bottom-up` (the functions
// samples end in, whose self cost is the function's own, as `perf report --no-children -G` shows it).
#include "TestSupport.h"
#include "integration/PerfSymbolNames.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace perfglass::test;

namespace {

using Costs = std::map<QString, double>;

Costs perfCosts(const QString &output) {
    Costs costs;
    static const QRegularExpression line(QStringLiteral("^\\s*([0-9.]+)%\\s+\\[[.kgu]\\]\\s+(.+)$"));
    for (const QString &text : output.split(QLatin1Char('\n'))) {
        const auto match = line.match(text);
        if (match.hasMatch()) costs[normalized(match.captured(2))] += match.captured(1).toDouble();
    }
    return costs;
}

Costs perfglassCosts(const QString &output) {
    Costs costs;
    static const QRegularExpression line(
        QStringLiteral("^\\s*([0-9.]+)%\\s+([0-9.]+)%\\s+(.+)  \\[[^\\]]*\\]$"));
    for (const QString &text : output.split(QLatin1Char('\n'))) {
        const auto match = line.match(text);
        if (match.hasMatch()) costs[normalized(match.captured(3))] += match.captured(1).toDouble();
    }
    return costs;
}

// Self costs of the top-level rows of a bottom-up JSON report, by normalized name.
Costs bottomUpCosts(const QString &output) {
    Costs costs;
    const nlohmann::json json = nlohmann::json::parse(output.toStdString());
    for (const auto &row : json.at("root").at("children"))
        costs[normalized(QString::fromStdString(row.at("function").get<std::string>()))] +=
            row.at("selfPercent").get<double>();
    return costs;
}

void compareTop(const Costs &theirs, const Costs &mine, const char *what) {
    std::vector<std::pair<double, QString>> top;
    for (const auto &[name, cost] : theirs)
        top.emplace_back(cost, name);
    std::sort(top.rbegin(), top.rend());
    top.resize(std::min<size_t>(top.size(), 10));
    for (const auto &[cost, name] : top) {
        const auto found = mine.find(name);
        const double ourCost = found == mine.end() ? 0.0 : found->second;
        qInfo("%6.2f%% perf  %6.2f%% perfglass %s  %s", cost, ourCost, what, qPrintable(name.left(100)));
        QVERIFY2(
            std::abs(ourCost - cost) <= 1.5,
            qPrintable(
                QStringLiteral("%1 %2: perf %3%, perfglass %4%").arg(what, name).arg(cost).arg(ourCost)));
    }
}

} // namespace

class TestPerfAgreement : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;

    void compare(const QString &file, const QStringList &callGraph, const QString &program) {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
        if (!QFileInfo::exists(workloadPath(program))) QSKIP("the bench workload is not built");
        QStringList recordArgs{"-q", "-e", "cpu-clock", "-F", "4000"};
        // A fixed amount of work on two threads (workload -ITERATIONS), about 3 s of CPU time in all: as many
        // samples on a busy machine as on an idle one.
        recordArgs << callGraph << "-o" << file << "--" << workloadPath(program) << "-6000"
                   << "2";
        const auto recorded = runPerfRecord(recordArgs, 180000);
        if (recorded.exitCode != 0)
            QSKIP(qPrintable("perf record cannot record here: " + recorded.err.left(300)));

        const auto perf = runProgram(perfPath(), {"report", "-i", file, "--no-children", "--sort", "sym",
                                                  "--stdio", "-q", "-g", "none"});
        QCOMPARE(perf.exitCode, 0);
        const auto ours = runCli({"report", "-i", file, "--view", "flat"});
        QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
        const Costs theirs = perfCosts(perf.out);
        const Costs mine = perfglassCosts(ours.out);
        QVERIFY2(theirs.size() >= 10, qPrintable(perf.out.left(2000)));

        compareTop(theirs, mine, "flat");
        if (QTest::currentTestFailed()) return;

        // Bottom-up without inline rows: perf charges inlined code to the function it was inlined into.
        const auto bottomUp = runCli({"report", "-i", file, "--view", "bottom-up", "--format", "json",
                                      "--no-inline", "--min-percent", "0.5"});
        QVERIFY2(bottomUp.exitCode == 0, qPrintable(bottomUp.err));
        compareTop(theirs, bottomUpCosts(bottomUp.out), "bottom-up");
    }

private slots:
    void framePointers() { compare(dir_.filePath("fp.data"), {"-g"}, "workload-fp"); }
    void dwarf() { compare(dir_.filePath("dwarf.data"), {"--call-graph", "dwarf,8192"}, "workload-nofp"); }
};

QTEST_GUILESS_MAIN(TestPerfAgreement)
#include "tst_perfagreement.moc"
