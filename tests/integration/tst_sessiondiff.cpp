// perfglass-cli diff on real recordings of the benchmark workload with one and with three threads: the flat
// JSON's shape and arithmetic (shares of each session's total, delta = comparison - baseline, sorted by the
// size of the change), seconds with --normalize time (and its refusal for sample counts), report's filters
// and transforms applied to both sessions, the merged call trees, and difffolded.pl's format. Where perf is
// installed, two recordings that `perf record` makes agree with `perf diff` (baseline and delta per symbol
// and shared object) within 0.05 points.
#include "TestSupport.h"
#include "integration/PerfSymbolNames.h"

#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

using namespace perfglass::test;
using nlohmann::json;

namespace {

json diffJson(const QStringList &arguments) {
    const ProcessResult result = runCli(QStringList{"diff"} + arguments + QStringList{"--format", "json"});
    if (result.exitCode != 0) {
        qWarning("%s", qPrintable(result.err));
        return {};
    }
    return json::parse(result.out.toStdString());
}

bool hasFunction(const json &diff, const std::string &prefix) {
    for (const auto &function : diff.at("functions"))
        if (function.at("function").get<std::string>().rfind(prefix, 0) == 0) return true;
    return false;
}

// The larger of the two sessions' shares of the functions whose names start with prefix.
double largerShare(const json &diff, const std::string &prefix) {
    double baseline = 0;
    double comparison = 0;
    for (const auto &function : diff.at("functions")) {
        if (function.at("function").get<std::string>().rfind(prefix, 0) != 0) continue;
        baseline += function.at("baselinePercent").get<double>();
        comparison += function.at("comparisonPercent").get<double>();
    }
    return std::max(baseline, comparison);
}

// Baseline and delta per "module|normalized symbol" from `perf diff -t '|'`; an empty column is absent (nan).
struct PerfRow {
    double baseline = 0;
    double delta = 0;
    bool hasBaseline = false;
    bool hasDelta = false;
};

std::map<QString, PerfRow> perfDiffRows(const QString &output) {
    std::map<QString, PerfRow> rows;
    for (const QString &line : output.split(QLatin1Char('\n'))) {
        const QStringList fields = line.split(QLatin1Char('|'));
        if (fields.size() < 4) continue;
        QString symbol = fields.mid(3).join(QLatin1Char('|')).trimmed();
        if (symbol.size() < 4 || symbol[0] != QLatin1Char('[')) continue;
        symbol = symbol.mid(4); // "[.] " or "[k] "
        // No symbol (an address), or a PLT entry perf leaves unnamed ("@plt"; Perfglass names its target):
        // named differently.
        if (symbol.startsWith(QStringLiteral("0x")) || symbol.startsWith(QLatin1Char('@'))) continue;
        PerfRow &row = rows[fields[2].trimmed() + QLatin1Char('|') + normalizedVersioned(symbol)];
        const QString baseline = fields[0].trimmed();
        const QString delta = fields[1].trimmed().remove(QLatin1Char('%'));
        row.hasBaseline |= !baseline.isEmpty();
        row.hasDelta |= !delta.isEmpty();
        row.baseline += baseline.toDouble();
        row.delta += delta.toDouble();
    }
    return rows;
}

} // namespace

class TestSessionDiff : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString one_;
    QString three_;

private slots:
    void initTestCase() {
        one_ = dir_.filePath("one.data");
        three_ = dir_.filePath("three.data");
        // A fixed amount of work (workload -ITERATIONS), so a busy machine gives as many samples.
        for (const auto &[file, threads] : {std::pair{one_, "1"}, std::pair{three_, "3"}}) {
            const ProcessResult recorded =
                runCli({"record", "-g", "-o", file, "--", workloadPath("workload-fp"), "-600", threads});
            QVERIFY2(QFile::exists(file), qPrintable(recorded.err));
        }
    }

    void flatJson() {
        const json diff = diffJson({one_, three_});
        QVERIFY(!diff.is_null());
        QCOMPARE(diff.at("baseline").at("file").get<std::string>(), one_.toStdString());
        QCOMPARE(diff.at("comparison").at("event").get<std::string>(), std::string("cpu-clock"));
        QVERIFY(diff.at("baseline").at("samples").get<uint64_t>() > 100);
        double baselineSum = 0;
        double comparisonSum = 0;
        double previous = 1e9;
        for (const auto &function : diff.at("functions")) {
            for (const char *key : {"function", "module", "baselinePercent", "comparisonPercent", "delta"})
                QVERIFY2(function.contains(key), key);
            const double baseline = function.at("baselinePercent").get<double>();
            const double comparison = function.at("comparisonPercent").get<double>();
            const double delta = function.at("delta").get<double>();
            QVERIFY(std::abs(delta - (comparison - baseline)) < 1e-9);
            QVERIFY(std::abs(delta) <= previous + 1e-9); // largest change first
            previous = std::abs(delta);
            baselineSum += baseline;
            comparisonSum += comparison;
        }
        QVERIFY2(std::abs(baselineSum - 100) < 1.0, qPrintable(QString::number(baselineSum)));
        QVERIFY2(std::abs(comparisonSum - 100) < 1.0, qPrintable(QString::number(comparisonSum)));
        QVERIFY(hasFunction(diff, "sortWork"));
    }

    void sameSessionHasNoChange() {
        const json diff = diffJson({one_, one_});
        QVERIFY(!diff.at("functions").empty());
        for (const auto &function : diff.at("functions"))
            QCOMPARE(function.at("delta").get<double>(), 0.0);
    }

    void sortsBySide() {
        const json diff = diffJson({one_, three_, "--sort", "comparison"});
        double previous = 1e9;
        for (const auto &function : diff.at("functions")) {
            QVERIFY(function.at("comparisonPercent").get<double>() <= previous);
            previous = function.at("comparisonPercent").get<double>();
        }
    }

    void normalizeTime() {
        const json diff = diffJson({one_, three_, "--normalize", "time"});
        QCOMPARE(diff.at("normalize").get<std::string>(), std::string("time"));
        double seconds = 0;
        for (const auto &function : diff.at("functions"))
            seconds += function.at("comparisonSeconds").get<double>();
        const double total = static_cast<double>(diff.at("comparison").at("total").get<uint64_t>()) / 1e9;
        QVERIFY2(std::abs(seconds - total) < 0.01 * total + 1e-6, qPrintable(QString::number(seconds)));
        const ProcessResult samples =
            runCli({"diff", one_, three_, "--normalize", "time", "--cost", "samples"});
        QCOMPARE(samples.exitCode, 1);
        QVERIFY2(samples.err.contains("--normalize share"), qPrintable(samples.err));
    }

    void filtersApplyToBoth() {
        const json diff = diffJson({one_, three_, "--drop", "sortWork(unsigned int)"});
        QVERIFY(!diff.is_null());
        QVERIFY(!hasFunction(diff, "sortWork"));
        // Its callees go with it. A few samples may stay: one taken on a callee's first instructions, before
        // it saved the frame pointer, unwinds past sortWork (its caller) straight to main, as perf's does.
        const std::string callee = "void std::__introsort_loop";
        const double calleeShare = largerShare(diffJson({one_, three_}), callee);
        const double droppedShare = largerShare(diff, callee);
        QVERIFY2(calleeShare > 5, qPrintable(QString::number(calleeShare)));
        QVERIFY2(droppedShare < calleeShare / 20,
                 qPrintable(QStringLiteral("%1%% of %2%%").arg(droppedShare).arg(calleeShare)));
        const json kernelless = diffJson({one_, three_, "--no-kernel", "--view", "flat"});
        for (const auto &function : kernelless.at("functions"))
            QVERIFY(function.at("module").get<std::string>() != "[kernel.kallsyms]");
        const ProcessResult missing = runCli({"diff", one_, three_, "--focus", "noSuchFunction"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains(one_), qPrintable(missing.err));
    }

    void trees() {
        const json topDown = diffJson({one_, three_, "--view", "top-down", "--min-percent", "1"});
        QCOMPARE(topDown.at("view").get<std::string>(), std::string("top-down"));
        const json &root = topDown.at("root");
        QCOMPARE(root.at("baselinePercent").get<double>(), 100.0);
        QVERIFY(!root.at("children").empty());
        const json &first = root.at("children").at(0);
        for (const char *key :
             {"function", "module", "baselinePercent", "comparisonPercent", "delta", "children"})
            QVERIFY2(first.contains(key), key);
        const json bottomUp = diffJson({one_, three_, "--view", "bottom-up"});
        QCOMPARE(bottomUp.at("view").get<std::string>(), std::string("bottom-up"));
        bool sortWork = false;
        for (const auto &node : bottomUp.at("root").at("children"))
            sortWork |= node.at("function").get<std::string>().rfind("sortWork", 0) == 0;
        QVERIFY(sortWork);
        const ProcessResult text = runCli({"diff", one_, three_, "--view", "top-down"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("worker(int, double)"), qPrintable(text.out.left(3000)));
        // Modules whose names carry brackets ([unknown], [kernel.kallsyms]) keep one pair, as in report.
        const ProcessResult flat = runCli({"diff", one_, three_});
        for (const QString &output : {text.out, flat.out}) {
            QVERIFY2(output.contains("  [unknown]") || output.contains("  [kernel.kallsyms]"),
                     qPrintable(output.left(3000)));
            QVERIFY2(!output.contains("[["), qPrintable(output.left(3000)));
        }
    }

    void diffFoldedExport() {
        const QString file = dir_.filePath("diff.folded");
        const json diff = diffJson({one_, three_, "--export", "difffolded=" + file});
        QFile folded(file);
        QVERIFY(folded.open(QIODevice::ReadOnly));
        uint64_t before = 0;
        uint64_t after = 0;
        int lines = 0;
        for (const QByteArray &line : folded.readAll().split('\n')) {
            if (line.isEmpty()) continue;
            const QList<QByteArray> words = line.split(' ');
            QVERIFY2(words.size() >= 3, line.constData());
            bool ok1 = false;
            bool ok2 = false;
            before += words[words.size() - 2].toULongLong(&ok1);
            after += words.last().toULongLong(&ok2);
            QVERIFY2(ok1 && ok2, line.constData());
            ++lines;
        }
        QVERIFY(lines > 10);
        QCOMPARE(before, diff.at("baseline").at("total").get<uint64_t>());
        QCOMPARE(after, diff.at("comparison").at("total").get<uint64_t>());
        const ProcessResult wrong = runCli({"diff", one_, three_, "--export", "svg=x.svg"});
        QVERIFY(wrong.exitCode != 0);
    }

    void agreesWithPerfDiff() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
        const QString a = dir_.filePath("perf-one.data");
        const QString b = dir_.filePath("perf-three.data");
        for (const auto &[file, threads] : {std::pair{a, "1"}, std::pair{b, "3"}}) {
            const auto recorded = runPerfRecord({"-q", "-e", "cpu-clock", "-F", "4000", "-g", "-o", file,
                                                 "--", workloadPath("workload-fp"), "-1500", threads},
                                                180000);
            if (recorded.exitCode != 0)
                QSKIP(qPrintable("perf record cannot record here: " + recorded.err.left(300)));
        }
        const auto perf = runProgram(perfPath(), {"diff", "-q", "-t", "|", a, b});
        QCOMPARE(perf.exitCode, 0);
        const std::map<QString, PerfRow> theirs = perfDiffRows(perf.out);
        QVERIFY2(theirs.size() >= 20, qPrintable(perf.out.left(2000)));
        const json ours = diffJson({a, b});
        std::map<QString, std::pair<double, double>> mine; // baseline, delta
        for (const auto &function : ours.at("functions")) {
            auto &entry =
                mine[QString::fromStdString(function.at("module").get<std::string>()) + QLatin1Char('|') +
                     normalizedVersioned(QString::fromStdString(function.at("function").get<std::string>()))];
            entry.first += function.at("baselinePercent").get<double>();
            entry.second += function.at("delta").get<double>();
        }
        int compared = 0;
        for (const auto &[key, row] : theirs) {
            const auto found = mine.find(key);
            QVERIFY2(found != mine.end(),
                     qPrintable("perf diff has " + key + ", perfglass-cli diff has not"));
            const auto [baseline, delta] = found->second;
            // perf leaves delta empty for a symbol the comparison lacks: its change is minus its baseline.
            const double theirDelta = row.hasDelta ? row.delta : -row.baseline;
            QVERIFY2(std::abs(baseline - row.baseline) <= 0.05 && std::abs(delta - theirDelta) <= 0.05,
                     qPrintable(QStringLiteral("%1: perf %2% %3%, perfglass %4% %5%")
                                    .arg(key)
                                    .arg(row.baseline)
                                    .arg(theirDelta)
                                    .arg(baseline)
                                    .arg(delta)));
            ++compared;
        }
        qInfo("%d symbols agree with perf diff within 0.05 points", compared);
    }
};

QTEST_GUILESS_MAIN(TestSessionDiff)
#include "tst_sessiondiff.moc"
