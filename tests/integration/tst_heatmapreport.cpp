// perfglass-cli report --view heatmap: the matrix as JSON checked against counts computed from the sample
// table of the golden recordings, the text form, --bucket's checks, and a recorded program that stalls 200 ms
// of every second (tests/clients/stalls.cpp) showing the stall as an empty stripe.
#include "GoldenFixtures.h"
#include "StallStripe.h"
#include "TestSupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <nlohmann/json.hpp>

using namespace perfglass;
using namespace perfglass::test;

namespace {

QStringList goldenReport(const QStringList &arguments) {
    return QStringList{
               QStringLiteral("report"),    QStringLiteral("-i"), goldenPath(QStringLiteral("perf-fp")),
               QStringLiteral("--sysroot"), goldenDir(),          QStringLiteral("--view"),
               QStringLiteral("heatmap")} +
           arguments;
}

nlohmann::json heatmapJson(const QStringList &arguments) {
    const ProcessResult report =
        runCli(arguments + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (report.exitCode != 0) qWarning("%s", qPrintable(report.err));
    return report.exitCode == 0 ? nlohmann::json::parse(report.out.toStdString()) : nlohmann::json();
}

} // namespace

class TestHeatmapReport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;

private slots:
    void initTestCase() { QVERIFY(dir_.isValid()); }

    // Every cell of the JSON matrix holds the samples of the session whose time falls into it.
    void jsonMatchesSampleTable() {
        const auto profile = loadGolden("perf-fp");
        const nlohmann::json json =
            heatmapJson(goldenReport({QStringLiteral("--bucket"), QStringLiteral("10")}));
        QVERIFY(!json.is_null());
        const uint64_t start = json["start"], columnNs = json["columnNs"], bucketNs = json["bucketNs"];
        const size_t rows = json["rows"];
        QCOMPARE(bucketNs, uint64_t(10'000'000));
        std::vector<uint64_t> counts(json["columns"].get<size_t>() * rows, 0);
        for (size_t i = 0; i < profile->samples.size(); ++i) {
            const uint64_t offset = profile->samples.time[i] - start;
            counts[offset / columnNs * rows + offset % columnNs / bucketNs] += 1;
        }
        for (size_t c = 0; c < json["samples"].size(); ++c)
            for (size_t r = 0; r < rows; ++r)
                QCOMPARE(uint64_t(json["samples"][c][r]), counts[c * rows + r]);
        QCOMPARE(uint64_t(json["totalSamples"]), uint64_t(profile->samples.size()));
    }

    // --time-slice keeps the same rows of every column (a heat map rectangle) and nothing else; bad values
    // are refused with the option named.
    void timeSliceKeepsOnlyThoseRows() {
        const QStringList bucket{QStringLiteral("--bucket"), QStringLiteral("10")};
        const nlohmann::json whole = heatmapJson(goldenReport(bucket));
        QVERIFY(!whole.is_null());
        const size_t rows = whole["rows"];
        QVERIFY(rows >= 4);
        const size_t first = rows / 4, end = rows / 2; // rows [first, end)
        const QString slice = QStringLiteral("%1,%2").arg(first * 10).arg(end * 10);
        const nlohmann::json part =
            heatmapJson(goldenReport(bucket + QStringList{QStringLiteral("--time-slice"), slice}));
        QVERIFY(!part.is_null());
        QCOMPARE(part["rows"].get<size_t>(), rows);
        uint64_t inside = 0;
        for (size_t c = 0; c < whole["samples"].size(); ++c)
            for (size_t r = 0; r < rows; ++r) {
                const uint64_t expected = r >= first && r < end ? uint64_t(whole["samples"][c][r]) : 0;
                QCOMPARE(uint64_t(part["samples"][c][r]), expected);
                inside += expected;
            }
        QCOMPARE(uint64_t(part["totalSamples"]), inside);
        QVERIFY(inside > 0 && inside < uint64_t(whole["totalSamples"]));
        const ProcessResult oneValue =
            runCli(goldenReport({QStringLiteral("--time-slice"), QStringLiteral("5")}));
        QCOMPARE(oneValue.exitCode, 1);
        QVERIFY2(oneValue.err.contains(QLatin1String("--time-slice 5: expected FROM,TO")),
                 qPrintable(oneValue.err));
        const ProcessResult backwards =
            runCli(goldenReport({QStringLiteral("--time-slice"), QStringLiteral("30,20")}));
        QCOMPARE(backwards.exitCode, 1);
        QVERIFY2(backwards.err.contains(QLatin1String("FROM < TO")), qPrintable(backwards.err));
    }

    void textHasOneLinePerRow() {
        const ProcessResult report = runCli(goldenReport({QStringLiteral("--bucket"), QStringLiteral("25")}));
        QCOMPARE(report.exitCode, 0);
        const nlohmann::json json =
            heatmapJson(goldenReport({QStringLiteral("--bucket"), QStringLiteral("25")}));
        QStringList lines = report.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(lines.first().startsWith(QLatin1String("# Heat map of ")));
        lines.removeIf([](const QString &line) { return line.startsWith(QLatin1Char('#')); });
        QCOMPARE(lines.size(), int(json["rows"]) + 1); // the column labels, then one line per row
        const QStringList firstRow = lines[1].split(QLatin1Char(' '), Qt::SkipEmptyParts);
        QCOMPARE(firstRow.size(), int(json["columns"]) + 1);
        for (int c = 1; c < firstRow.size(); ++c)
            QCOMPARE(firstRow[c].toULongLong(), uint64_t(json["samples"][c - 1][0]));
    }

    void htmlExportHoldsTheMatrix();

    void bucketOutsideRangeSaysTheRange() {
        for (const char *bucket : {"0", "1001", "0.5"}) {
            const ProcessResult report =
                runCli(goldenReport({QStringLiteral("--bucket"), QLatin1String(bucket)}));
            QCOMPARE(report.exitCode, 1);
            QVERIFY2(report.err.contains(QLatin1String("1 to 1000 milliseconds")), qPrintable(report.err));
        }
        const ProcessResult collapsed =
            runCli(goldenReport({QStringLiteral("--format"), QStringLiteral("collapsed")}));
        QVERIFY(collapsed.err.contains(QLatin1String("text and json")));
    }

    // A program that sleeps from 800 ms to 1 s of every second: every whole second has samples, and a stripe
    // of at least 120 ms of rows (of the 200 ms asleep, where columns start at the first sample) is empty in
    // all of them.
    void periodicStallIsAStripe() {
        const QString file = dir_.filePath(QStringLiteral("stalls.data"));
        const RecordedSession session{
            file, runCli({QStringLiteral("record"), QStringLiteral("-o"), file, QStringLiteral("--"),
                          clientPath(QStringLiteral("stalls")), QStringLiteral("5")})};
        if (session.refused()) QSKIP(qPrintable(session.why()));
        QVERIFY2(session.made(), qPrintable(session.result.err));
        const nlohmann::json json = heatmapJson({QStringLiteral("report"), QStringLiteral("-i"), file,
                                                 QStringLiteral("--view"), QStringLiteral("heatmap")});
        QCOMPARE(uint64_t(json["columnNs"]), uint64_t(1'000'000'000));
        QCOMPARE(size_t(json["rows"]), size_t(50));
        QVERIFY(json["columns"] >= 5);
        const auto samples = [&json](size_t c, size_t r) { return uint64_t(json["samples"][c][r]); };
        for (size_t c = 0; c < 4; ++c) {
            uint64_t busy = 0;
            for (size_t r = 0; r < 50; ++r)
                busy += samples(c, r);
            QVERIFY2(busy > 0, qPrintable(QString::number(c)));
        }
        const size_t stripe = longestCommonEmptyRun(1, 4, 50, samples);
        QVERIFY2(stripe >= 6 && stripe < 40, qPrintable(QString::number(stripe)));
    }
};

// --export heatmap=FILE: a well-formed page (read as XML), nothing fetched from elsewhere, whose data holds
// the same matrix as --view heatmap and, per cell, stacks whose samples add up to the cell's.
void TestHeatmapReport::htmlExportHoldsTheMatrix() {
    const QString page = dir_.filePath(QStringLiteral("heatmap.html"));
    const ProcessResult report =
        runCli(goldenReport({QStringLiteral("--bucket"), QStringLiteral("10"), QStringLiteral("--export"),
                             QStringLiteral("heatmap=") + page}));
    QCOMPARE(report.exitCode, 0);
    QFile file(page);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString data;
    bool canvas = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        for (const char *attribute : {"src", "href"})
            QVERIFY2(!xml.attributes().hasAttribute(QLatin1String(attribute)),
                     qPrintable(xml.name().toString()));
        canvas = canvas || xml.name() == QLatin1String("canvas");
        if (xml.attributes().value(QLatin1String("id")) == QLatin1String("heatmap-data"))
            data = xml.readElementText();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(canvas);
    const nlohmann::json json = nlohmann::json::parse(data.toStdString());
    const nlohmann::json matrix =
        heatmapJson(goldenReport({QStringLiteral("--bucket"), QStringLiteral("10")}));
    QVERIFY(json["columns"] == matrix["columns"]);
    QVERIFY(json["rows"] == matrix["rows"]);
    const size_t rows = matrix["rows"];
    for (size_t c = 0; c < matrix["columns"]; ++c)
        for (size_t r = 0; r < rows; ++r) {
            const uint64_t samples = json["samples"][c * rows + r];
            QCOMPARE(samples, uint64_t(matrix["samples"][c][r]));
            uint64_t stackSamples = 0;
            const std::string key = std::to_string(c * rows + r);
            if (json["cells"].contains(key))
                for (size_t k = 1; k < json["cells"][key].size(); k += 3)
                    stackSamples += uint64_t(json["cells"][key][k]);
            QCOMPARE(stackSamples, samples);
        }
    bool hot = false;
    for (const auto &function : json["functions"])
        hot = hot || function[0] == "hot";
    QVERIFY(hot);
}

QTEST_GUILESS_MAIN(TestHeatmapReport)
#include "tst_heatmapreport.moc"
