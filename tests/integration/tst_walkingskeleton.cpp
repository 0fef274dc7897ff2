// The foundation's path end to end: record a program of our own with perfglass-cli, report it, check that
// perf reads our file and agrees, that we read perf's file, and that bad input fails with one clear line.
#include "TestSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace perfglass::test;

namespace {

// "(anonymous namespace)::hotLoop(int)" -> "(anonymous namespace)::hotLoop": perf prints names without
// parameter lists.
QString withoutParameters(QString name) {
    name = name.trimmed();
    if (!name.endsWith(QLatin1Char(')'))) return name;
    int depth = 0;
    for (qsizetype i = name.size() - 1; i >= 0; --i) {
        if (name[i] == QLatin1Char(')'))
            ++depth;
        else if (name[i] == QLatin1Char('(') && --depth == 0)
            return name.left(i);
    }
    return name;
}

struct FunctionShare {
    QString name;
    double self = 0;
};

// Rows of `perfglass-cli report --view flat`: "  59.56%     59.66%  name  [module]".
QList<FunctionShare> parseOurFlat(const QString &text) {
    static const QRegularExpression row(QStringLiteral(R"(^\s*([\d.]+)%\s+([\d.]+)%\s+(.*)\s+\[[^\]]*\]$)"));
    QList<FunctionShare> rows;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const auto match = row.match(line);
        if (match.hasMatch())
            rows.append({withoutParameters(match.captured(3)), match.captured(1).toDouble()});
    }
    return rows;
}

// Rows of `perf report --no-children --sort sym --stdio`: "    59.56%  [.] name".
QList<FunctionShare> parsePerfReport(const QString &text) {
    static const QRegularExpression row(QStringLiteral(R"(^\s*([\d.]+)%\s+\[[.k]\]\s+(.*)$)"));
    QList<FunctionShare> rows;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const auto match = row.match(line);
        if (match.hasMatch())
            rows.append({withoutParameters(match.captured(2)), match.captured(1).toDouble()});
    }
    return rows;
}

double shareOf(const QList<FunctionShare> &rows, const QString &name) {
    for (const auto &row : rows)
        if (row.name == name) return row.self;
    return 0;
}

const QString kHot = QStringLiteral("(anonymous namespace)::hotLoop");
const QString kWarm = QStringLiteral("(anonymous namespace)::warmLoop");
const QString kCold = QStringLiteral("(anonymous namespace)::coldLoop");

} // namespace

class WalkingSkeletonTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString recording_;

    QString path(const QString &name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        recording_ = path(QStringLiteral("hotspots.data"));
        // A fixed amount of work on two threads (-ROUNDS), not a wall-clock time: the shares below rest on
        // the same number of samples however busy the machine is.
        const auto result =
            runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), recording_,
                    QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-500"),
                    QStringLiteral("2")});
        QVERIFY2(result.exitCode == 3, qPrintable(result.err)); // the program's exit status passes through
        QVERIFY2(result.out.contains(QLatin1String("hotspots done")),
                 qPrintable(result.out)); // and its stdout
        QVERIFY2(result.err.contains(QRegularExpression(QStringLiteral(
                     R"(\[ perfglass record: [\d.]+ s, \d+ samples, 0 lost, [\d.]+ [kM]B written to )"))),
                 qPrintable(result.err));
    }

    void flatReportShowsTheKnownHotFunctions() {
        const auto result = runCli({QStringLiteral("report"), QStringLiteral("-i"), recording_,
                                    QStringLiteral("--view"), QStringLiteral("flat")});
        QCOMPARE(result.exitCode, 0);
        const auto rows = parseOurFlat(result.out);
        QVERIFY2(rows.size() >= 3, qPrintable(result.out));
        QCOMPARE(rows[0].name, kHot);
        QCOMPARE(rows[1].name, kWarm);
        QCOMPARE(rows[2].name, kCold);
        // The program spends 6:3:1 of its loop iterations in them.
        QVERIFY2(rows[0].self > 45 && rows[0].self < 75, qPrintable(result.out));
        QVERIFY2(rows[1].self > 20 && rows[1].self < 40, qPrintable(result.out));
        QVERIFY2(rows[2].self > 5 && rows[2].self < 15, qPrintable(result.out));
    }

    void topDownReportNestsTheLoopsUnderTheirCaller() {
        const auto result = runCli({QStringLiteral("report"), QStringLiteral("-i"), recording_});
        QCOMPARE(result.exitCode, 0);
        const QStringList lines = result.out.split(QLatin1Char('\n'));
        qsizetype spin = -1;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            if (lines[i].contains(QLatin1String("spinFor")) && spin < 0) spin = i;
        }
        QVERIFY2(spin >= 0, qPrintable(result.out));
        // The line after spinFor is its hottest callee, indented one level deeper.
        QVERIFY2(lines[spin + 1].contains(QLatin1String("hotLoop")), qPrintable(result.out));
        const auto indent = [](const QString &line) {
            return line.indexOf(QRegularExpression(QStringLiteral("[├└]")));
        };
        QVERIFY(indent(lines[spin + 1]) > indent(lines[spin]));
    }

    void perfReadsOurFileAndAgrees() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian package linux-perf)");
        const auto perf = runProgram(perfPath(), {QStringLiteral("report"), QStringLiteral("-i"), recording_,
                                                  QStringLiteral("--stdio"), QStringLiteral("--no-children"),
                                                  QStringLiteral("--sort"), QStringLiteral("sym"),
                                                  QStringLiteral("-g"), QStringLiteral("none")});
        QVERIFY2(perf.exitCode == 0, qPrintable(perf.err));
        for (const char *problem : {"corrupt", "failed to process", "Error", "invalid", "unknown"})
            QVERIFY2(!perf.err.contains(QLatin1String(problem), Qt::CaseInsensitive), qPrintable(perf.err));
        const auto theirs = parsePerfReport(perf.out);
        QVERIFY2(theirs.size() >= 3, qPrintable(perf.out));
        QCOMPARE(theirs[0].name, kHot);

        const auto ours = parseOurFlat(runCli({QStringLiteral("report"), QStringLiteral("-i"), recording_,
                                               QStringLiteral("--view"), QStringLiteral("flat")})
                                           .out);
        for (qsizetype i = 0; i < 5 && i < theirs.size(); ++i) {
            const double difference = qAbs(theirs[i].self - shareOf(ours, theirs[i].name));
            QVERIFY2(difference <= 2.0, qPrintable(QStringLiteral("%1: perf %2%, perfglass %3%")
                                                       .arg(theirs[i].name)
                                                       .arg(theirs[i].self)
                                                       .arg(shareOf(ours, theirs[i].name))));
        }
    }

    void weReadAFileRecordedByPerf() {
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian package linux-perf)");
        const QString file = path(QStringLiteral("by-perf.data"));
        const auto record = runPerfRecord(
            {QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-g"), QStringLiteral("-o"),
             file, QStringLiteral("--"), clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("-300")});
        QVERIFY2(record.exitCode == 3, qPrintable(record.err));
        const auto result = runCli({QStringLiteral("report"), QStringLiteral("-i"), file,
                                    QStringLiteral("--view"), QStringLiteral("flat")});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        const auto rows = parseOurFlat(result.out);
        QVERIFY2(!rows.isEmpty() && rows[0].name == kHot, qPrintable(result.out));
        QVERIFY2(rows[0].self > 45, qPrintable(result.out));
    }

    void badInputFailsWithOneLineNamingTheFile_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << QByteArray() << QStringLiteral("No such file or directory");
        QTest::newRow("empty") << QByteArray("") << QStringLiteral("file is empty");
        QTest::newRow("not perf.data")
            << QByteArray(300, 'z') << QStringLiteral("at byte 0: not a perf.data file");
        QTest::newRow("short") << QByteArray("PERFILE2") << QStringLiteral("at byte 0: file is too short");
    }

    void badInputFailsWithOneLineNamingTheFile() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        const QString file =
            path(QStringLiteral("bad-%1.data").arg(QString::fromLatin1(QTest::currentDataTag())));
        if (QString::fromLatin1(QTest::currentDataTag()) != QLatin1String("missing")) {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(content);
        }
        const auto result = runCli({QStringLiteral("report"), QStringLiteral("-i"), file});
        QVERIFY(result.exitCode != 0);
        QCOMPARE(result.err.count(QLatin1Char('\n')), 1);
        QVERIFY2(result.err.contains(file) && result.err.contains(expected), qPrintable(result.err));
    }

    void truncatedRecordingNamesTheOffset() {
        QFile original(recording_);
        QVERIFY(original.open(QIODevice::ReadOnly));
        const QByteArray bytes = original.readAll();
        const QString file = path(QStringLiteral("truncated.data"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytes.left(bytes.size() / 3));
        out.close();
        const auto result = runCli({QStringLiteral("report"), QStringLiteral("-i"), file});
        QVERIFY(result.exitCode != 0);
        QCOMPARE(result.err.count(QLatin1Char('\n')), 1);
        QVERIFY2(result.err.contains(file) && result.err.contains(QLatin1String("at byte ")),
                 qPrintable(result.err));
    }

    void missingCommandWritesNoFile() {
        const QString file = path(QStringLiteral("never.data"));
        const auto result = runCli({QStringLiteral("record"), QStringLiteral("-o"), file,
                                    QStringLiteral("--"), QStringLiteral("no-such-program-perfglass")});
        QVERIFY(result.exitCode != 0);
        QVERIFY2(result.err.contains(QLatin1String("command not found: no-such-program-perfglass")),
                 qPrintable(result.err));
        QVERIFY(!QFile::exists(file));
    }

    void unknownEventIsNamed() {
        const QString file = path(QStringLiteral("never2.data"));
        const auto result =
            runCli({QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clocks"),
                    QStringLiteral("-o"), file, QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(result.exitCode != 0);
        QVERIFY2(result.err.contains(QLatin1String("'cpu-clocks'")) &&
                     result.err.contains(QLatin1String("cpu-clock")),
                 qPrintable(result.err));
        QVERIFY(!QFile::exists(file));
    }
};

QTEST_GUILESS_MAIN(WalkingSkeletonTest)
#include "tst_walkingskeleton.moc"
