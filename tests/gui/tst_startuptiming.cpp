// PERFGLASS_TIMING=1 (gui/StartupTiming): the application prints when its window was shown, when the session
// was loaded and when the first flame graph was painted, in that order, and when the timeline (made after the
// trees) was first painted, after the load, each once; without the variable it prints none of them.
// bench/gui.sh reads these lines; the times themselves are not checked here. The heap the application sets up
// first thing (HeapRetention) keeps freed blocks for reuse until told.
#include "HeapRetention.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <malloc.h>

#include <cstring>
#include <memory>

class TestStartupTiming : public QObject {
    Q_OBJECT
private slots:
    void printsTheFourMoments();
    void silentWithoutTheVariable();
    void freedMemoryIsKeptUntilReturned();

private:
    static QStringList timingLines(bool enabled);
};

QStringList TestStartupTiming::timingLines(bool enabled) {
    QTemporaryDir dir;
    // Where screenshots go (GuiTestSupport.h's screenshotDir(): the environment may name another folder).
    const QString shots =
        qEnvironmentVariable("PERFGLASS_SCREENSHOT_DIR", QStringLiteral(PERFGLASS_SCREENSHOT_DIR));
    const QString png =
        enabled ? shots + QStringLiteral("/startuptiming.png") : dir.filePath(QStringLiteral("shot.png"));
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    if (enabled)
        environment.insert(QStringLiteral("PERFGLASS_TIMING"), QStringLiteral("1"));
    else
        environment.remove(QStringLiteral("PERFGLASS_TIMING"));
    process.setProcessEnvironment(environment);
    process.start(
        QStringLiteral(PERFGLASS_GUI),
        {QStringLiteral(PERFGLASS_FIXTURES_DIR "/golden/perf-fp.data"), QStringLiteral("--screenshot"), png});
    if (!process.waitForFinished(120000)) return {QStringLiteral("did not finish")};
    if (process.exitCode() != 0) return {QStringLiteral("exit code %1").arg(process.exitCode())};
    QStringList lines;
    for (const QString &line :
         QString::fromLocal8Bit(process.readAllStandardError()).split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("perfglass timing: "))) lines.append(line);
    return lines;
}

void TestStartupTiming::printsTheFourMoments() {
    const QStringList lines = timingLines(true);
    QCOMPARE(lines.size(), 4);
    QMap<QString, double> at; // each moment's milliseconds
    const QRegularExpression pattern(QStringLiteral("^perfglass timing: ([a-z ]+) ([0-9]+\\.[0-9]) ms$"));
    for (const QString &line : lines) {
        const auto match = pattern.match(line);
        QVERIFY2(match.hasMatch(), qPrintable(line));
        at.insert(match.captured(1), match.captured(2).toDouble());
    }
    const QString all = lines.join(QLatin1Char('\n'));
    for (const char *moment :
         {"window shown", "session loaded", "first flame graph painted", "first timeline painted"})
        QVERIFY2(at.contains(QLatin1String(moment)), qPrintable(all));
    QVERIFY2(at.value(QStringLiteral("window shown")) <= at.value(QStringLiteral("session loaded")),
             qPrintable(all));
    QVERIFY2(at.value(QStringLiteral("session loaded")) <=
                 at.value(QStringLiteral("first flame graph painted")),
             qPrintable(all));
    QVERIFY2(at.value(QStringLiteral("session loaded")) <= at.value(QStringLiteral("first timeline painted")),
             qPrintable(all));
}

void TestStartupTiming::silentWithoutTheVariable() {
    QCOMPARE(timingLines(false), QStringList{});
}

void TestStartupTiming::freedMemoryIsKeptUntilReturned() {
#if defined(__SANITIZE_ADDRESS__) || !defined(M_MMAP_THRESHOLD)
    QSKIP("the heap is AddressSanitizer's or not glibc's: mallopt and mallinfo2 do not describe it");
#else
    perfglass::HeapRetention::retainFreedMemory();
    constexpr size_t kBlock = 16 << 20; // glibc's defaults map a block this large on its own
    const size_t mappedBefore = mallinfo2().hblkhd;
    auto block = std::make_unique<char[]>(kBlock);
    std::memset(block.get(), 1, kBlock);
    QCOMPARE(mallinfo2().hblkhd, mappedBefore); // from the heap
    block.reset();
    QVERIFY(mallinfo2().fordblks >= kBlock); // freed, still the process's
    perfglass::HeapRetention::returnFreedMemory();
    QVERIFY(mallinfo2().fordblks < kBlock); // given back
#endif
}

QTEST_GUILESS_MAIN(TestStartupTiming)
#include "tst_startuptiming.moc"
