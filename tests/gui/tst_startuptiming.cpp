// PERFGLASS_TIMING=1 (gui/StartupTiming): the application prints when its window was shown, when the session
// was loaded and when the first flame graph was painted, in that order, each once; without the variable it
// prints none of them. bench/gui.sh reads these lines; the times themselves are not checked here.
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class TestStartupTiming : public QObject {
    Q_OBJECT
private slots:
    void printsTheThreeMoments();
    void silentWithoutTheVariable();

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

void TestStartupTiming::printsTheThreeMoments() {
    const QStringList lines = timingLines(true);
    QCOMPARE(lines.size(), 3);
    const QStringList moments = {QStringLiteral("window shown"), QStringLiteral("session loaded"),
                                 QStringLiteral("first flame graph painted")};
    double previous = -1;
    for (int i = 0; i < 3; ++i) {
        const QRegularExpression pattern(
            QStringLiteral("^perfglass timing: %1 ([0-9]+\\.[0-9]) ms$").arg(moments[i]));
        const auto match = pattern.match(lines[i]);
        QVERIFY2(match.hasMatch(), qPrintable(lines[i]));
        const double ms = match.captured(1).toDouble();
        QVERIFY(ms >= previous);
        previous = ms;
    }
}

void TestStartupTiming::silentWithoutTheVariable() {
    QCOMPARE(timingLines(false), QStringList{});
}

QTEST_GUILESS_MAIN(TestStartupTiming)
#include "tst_startuptiming.moc"
