// Agreement with perf annotate: on recordings that `perf record` makes of the benchmark workload (frame
// pointers, and DWARF call graphs with 8 KiB stacks), the per-instruction percentages of
// `perfglass-cli annotate FUNCTION --asm --format json` equal `perf annotate --stdio -s FUNCTION`'s within
// 0.5 points for every instruction above 1% in either, for the workload's hot functions and the hottest libc
// function (disassembled from a library, maybe with instructions capstone 4 cannot decode). Skipped where
// perf is missing.
#include "TestSupport.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace perfglass::test;

namespace {

using Percents = std::map<quint64, double>; // by instruction address

Percents perfPercents(const QString &output, quint64 &samples) {
    Percents percents;
    static const QRegularExpression row(QStringLiteral("^\\s*([0-9.]+)\\s*:\\s+([0-9a-f]+):"));
    static const QRegularExpression header(QStringLiteral("\\((\\d+) samples"));
    for (const QString &text : output.split(QLatin1Char('\n'))) {
        const auto match = row.match(text);
        if (match.hasMatch())
            percents[match.captured(2).toULongLong(nullptr, 16)] += match.captured(1).toDouble();
        const auto count = header.match(text);
        if (count.hasMatch() && samples == 0) samples = count.captured(1).toULongLong();
    }
    return percents;
}

Percents ourPercents(const nlohmann::json &json) {
    Percents percents;
    for (const auto &instruction : json.at("instructions"))
        percents[QString::fromStdString(instruction.at("address").get<std::string>())
                     .toULongLong(nullptr, 16)] = instruction.at("percent").get<double>();
    return percents;
}

// The libc function with the highest self cost in a flat JSON report.
QString hottestLibcFunction(const QString &file) {
    const auto flat = runCli({"report", "-i", file, "--view", "flat", "--format", "json"});
    if (flat.exitCode != 0) qWarning("report failed: %s", qPrintable(flat.err));
    const nlohmann::json json = nlohmann::json::parse(flat.out.toStdString());
    for (const auto &row : json.at("functions"))
        if (row.at("module").get<std::string>().find("libc.so") != std::string::npos)
            return QString::fromStdString(row.at("function").get<std::string>());
    return {};
}

} // namespace

class TestAnnotateAgreement : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;

    void compareFunction(const QString &file, const QString &function) {
        const auto perf = runProgram(perfPath(), {"annotate", "-i", file, "--stdio", "-s", function});
        QCOMPARE(perf.exitCode, 0);
        const auto ours = runCli({"annotate", "-i", file, function, "--asm", "--format", "json"});
        QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
        const nlohmann::json json = nlohmann::json::parse(ours.out.toStdString());
        quint64 perfSamples = 0;
        const Percents theirs = perfPercents(perf.out, perfSamples);
        const Percents mine = ourPercents(json);
        QVERIFY2(!theirs.empty(), qPrintable(perf.out.left(2000)));
        QCOMPARE(json.at("samples").get<quint64>(), perfSamples);
        double worst = 0;
        size_t compared = 0;
        for (const auto &[address, percent] : mine)
            QVERIFY2(percent <= 1 || theirs.count(address),
                     qPrintable(QStringLiteral("%1 %2: %3% here, no such instruction in perf's")
                                    .arg(function)
                                    .arg(address, 0, 16)
                                    .arg(percent)));
        for (const auto &[address, percent] : theirs) {
            const double ourPercent = mine.count(address) ? mine.at(address) : 0.0;
            if (percent <= 1 && ourPercent <= 1) continue;
            ++compared;
            worst = std::max(worst, std::abs(percent - ourPercent));
            QVERIFY2(std::abs(percent - ourPercent) <= 0.5,
                     qPrintable(QStringLiteral("%1 at %2: perf %3%, perfglass %4%")
                                    .arg(function)
                                    .arg(address, 0, 16)
                                    .arg(percent)
                                    .arg(ourPercent)));
        }
        qInfo("%s: %llu samples, %zu instructions above 1%%, largest difference %.3f points",
              qPrintable(function), perfSamples, compared, worst);
    }

    void compare(const QString &file, const QStringList &callGraph, const QString &program) {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
        if (!QFileInfo::exists(workloadPath(program))) QSKIP("the bench workload is not built");
        QStringList recordArgs{"-q", "-e", "cpu-clock", "-F", "4000"};
        recordArgs << callGraph << "-o" << file << "--" << workloadPath(program) << "-3000"
                   << "2";
        const auto recorded = runPerfRecord(recordArgs, 180000);
        if (recorded.exitCode != 0)
            QSKIP(qPrintable("perf record cannot record here: " + recorded.err.left(300)));
        for (const QString &function :
             {QStringLiteral("sortWork"), QStringLiteral("mapWork"), QStringLiteral("fib")}) {
            compareFunction(file, function);
            if (QTest::currentTestFailed()) return;
        }
        const QString libc = hottestLibcFunction(file);
        QVERIFY2(!libc.isEmpty(), "no libc function has samples");
        compareFunction(file, libc);
    }

private slots:
    void framePointers() { compare(dir_.filePath("fp.data"), {"-g"}, "workload-fp"); }
    void dwarf() { compare(dir_.filePath("dwarf.data"), {"--call-graph", "dwarf,8192"}, "workload-nofp"); }
};

QTEST_GUILESS_MAIN(TestAnnotateAgreement)
#include "tst_annotateagreement.moc"
