// Exports read by the programs they are for, on a recording of hotspots-fp (report --export):
// - pprof: `go tool pprof -top` (Debian's golang-go) prints the same functions with the same flat costs as
//   report --view flat;
// - Firefox Profiler: its own loading and processing code, as published on npm in its command-line tool
//   (@firefox-devtools/profiler-cli, run headless with node; packaging/install-npm-test-tools.sh puts it into
//   the build tree), lists the same hottest functions with the same sample counts;
// - SVG: rsvg-convert renders it (the PNG goes to the screenshot folder), and headless chromium runs its
//   script: searching hotLoop matches hotLoop's share, zooming fills the width, resetting shows every frame
//   again (without chromium, node at least parses the script);
// - collapsed stacks of a system-wide recording start with the process's name, as stackcollapse-perf.pl's
//   do, and speedscope's first profile is the heaviest thread.
// Each consumer that is not installed skips its test.
#include "TestSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace perfglass::test;

namespace {

ProcessResult runIn(const QString &home, const QString &program, const QStringList &arguments,
                    int timeoutMs = 120000) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("HOME", home);
    environment.insert("GOCACHE", home + "/gocache");
    environment.insert("PPROF_TMPDIR", home);
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    ProcessResult result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.err = "timed out: " + program + ' ' + arguments.join(' ');
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString readText(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestExportConsumers : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void pprofAgreesWithGoPprof();
    void firefoxProfilerLoadsIt();
    void svgRendersAndItsScriptWorks();
    void systemWideCollapsedStacksPerProcess();

private:
    QStringList report(const QStringList &extra) const { return QStringList{"report", "-i", data_} + extra; }
    nlohmann::json flat(const QStringList &extra) const;
    // (function, self) of the N functions with the highest self cost, as report --view flat says.
    QList<QPair<QString, qint64>> topSelf(const QStringList &extra, int n) const;

    QTemporaryDir dir_;
    QString data_;
};

void TestExportConsumers::initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = dir_.filePath("hotspots.data");
    const ProcessResult result =
        runCli({"record", "-g", "-o", data_, "--", clientPath("hotspots-fp"), "-700", "1"});
    QVERIFY2(result.exitCode == 3, qPrintable(result.err));
}

nlohmann::json TestExportConsumers::flat(const QStringList &extra) const {
    const ProcessResult result = runCli(report(QStringList{"--view", "flat", "--format", "json"} + extra));
    if (result.exitCode != 0) qWarning("%s", qPrintable(result.err));
    return nlohmann::json::parse(result.out.toStdString());
}

QList<QPair<QString, qint64>> TestExportConsumers::topSelf(const QStringList &extra, int n) const {
    QList<QPair<QString, qint64>> top;
    const nlohmann::json json = flat(extra); // kept: a range-for does not extend a temporary's life
    for (const auto &function : json.at("functions")) {
        if (top.size() == n || function.at("self").get<qint64>() == 0) break;
        top.append({QString::fromStdString(function.at("function").get<std::string>()),
                    function.at("self").get<qint64>()});
    }
    return top;
}

void TestExportConsumers::pprofAgreesWithGoPprof() {
    const QString go = QStandardPaths::findExecutable("go");
    if (go.isEmpty()) QSKIP("go is not installed (Debian's golang-go: packaging/install-deps.sh test)");
    // Without inline frames: pprof charges a sample to the innermost function of its location, inlined or
    // not, where the flat view charges the function the code was inlined into (as perf does).
    const QString file = dir_.filePath("hotspots.pb.gz");
    const ProcessResult exported = runCli(report({"--no-inline", "--export", "pprof=" + file}));
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const ProcessResult top =
        runIn(dir_.path(), go, {"tool", "pprof", "-top", "-unit=ns", "-symbolize=none", file});
    QVERIFY2(top.exitCode == 0, qPrintable(top.err + top.out));
    // "      flat  flat%   sum%        cum   cum%" then "123ns 60.00% 60.00% 130ns 65.00%  name"
    static const QRegularExpression line(
        R"(^\s*(\d+)(?:ns)?\s+[\d.]+%\s+[\d.]+%\s+(\d+)(?:ns)?\s+[\d.]+%\s+(.+)$)");
    QList<QPair<QString, qint64>> pprofTop;
    for (const QString &text : top.out.split('\n')) {
        const auto match = line.match(text);
        if (match.hasMatch() && match.captured(1).toLongLong() > 0)
            pprofTop.append({match.captured(3).trimmed(), match.captured(1).toLongLong()});
    }
    const auto ours = topSelf({"--no-inline"}, 3);
    QCOMPARE(ours.size(), 3);
    QVERIFY2(pprofTop.size() >= 3, qPrintable(top.out));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(pprofTop[i], ours[i]);
    QVERIFY(ours[0].first.contains("hotLoop"));
    QVERIFY2(top.out.contains("Type: cpu-clock"), qPrintable(top.out));
}

void TestExportConsumers::firefoxProfilerLoadsIt() {
    const QString cli = QStringLiteral(PERFGLASS_NPM_DIR) +
                        "/node_modules/@firefox-devtools/profiler-cli/dist/profiler-cli.js";
    const QString node = QStandardPaths::findExecutable("node");
    if (node.isEmpty() || !QFile::exists(cli))
        QSKIP(
            "the Firefox Profiler's command-line tool is not installed: packaging/install-npm-test-tools.sh");
    const QString file = dir_.filePath("hotspots.firefox.json");
    const ProcessResult exported = runCli(report({"--export", "firefox=" + file}));
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const QString home = dir_.filePath("firefox-home");
    QVERIFY(QDir().mkpath(home));
    const QStringList session{"--session", "perfglass"};
    runIn(home, node, QStringList{cli, "load", file} + session); // it may say its daemon is still starting
    ProcessResult samples;
    for (int attempt = 0; attempt < 60 && samples.exitCode != 0; ++attempt) {
        if (attempt > 0) QThread::msleep(500);
        samples = runIn(home, node, QStringList{cli, "thread", "samples"} + session);
    }
    runIn(home, node, QStringList{cli, "stop"} + session);
    QVERIFY2(samples.exitCode == 0, qPrintable(samples.err + samples.out));
    // "Top Functions (by self time):" then lines "  f-24. hotspots-fp!name - self: 842 (60.1%)".
    const QString bySelf = samples.out.section("Top Functions (by self time):", 1);
    static const QRegularExpression entry(R"(f-\d+\. [^!\n]*!(.+) - self: (\d+) \()");
    QList<QPair<QString, qint64>> theirs;
    for (auto it = entry.globalMatch(bySelf); it.hasNext();) {
        const auto match = it.next();
        theirs.append({match.captured(1), match.captured(2).toLongLong()});
    }
    // hotLoop and warmLoop, the two hottest, have no inline frames: same names, same sample counts.
    const auto ours = topSelf({"--cost", "samples"}, 2);
    QVERIFY2(theirs.size() >= 2, qPrintable(samples.out));
    QCOMPARE(theirs.mid(0, 2), ours);
}

void TestExportConsumers::svgRendersAndItsScriptWorks() {
    const QString svg = dir_.filePath("hotspots.svg");
    const ProcessResult exported = runCli(report({"--export", "svg=" + svg}));
    QVERIFY2(exported.exitCode == 0, qPrintable(exported.err));
    const QString rsvg = QStandardPaths::findExecutable("rsvg-convert");
    if (!rsvg.isEmpty()) {
        const QString png = QStringLiteral(PERFGLASS_SCREENSHOT_DIR) + "/export-flamegraph.png";
        const ProcessResult rendered = runProgram(rsvg, {"-o", png, svg});
        QVERIFY2(rendered.exitCode == 0 && QFileInfo(png).size() > 1000, qPrintable(rendered.err));
    }
    // hotLoop's share as the flat view counts it: the search must match as much.
    double hotShare = -1;
    const nlohmann::json json = flat({});
    for (const auto &function : json.at("functions"))
        if (QString::fromStdString(function.at("function").get<std::string>()).contains("hotLoop"))
            hotShare = function.at("inclusivePercent").get<double>();
    QVERIFY(hotShare > 0);
    QString chromium;
    for (const char *name : {"chromium", "chromium-browser", "google-chrome"})
        if (chromium.isEmpty()) chromium = QStandardPaths::findExecutable(name);
    const QString text = readText(svg);
    if (chromium.isEmpty()) {
        const QString node = QStandardPaths::findExecutable("node");
        if (node.isEmpty()) QSKIP("neither chromium nor node is installed to run the script");
        const QString script = dir_.filePath("flame.js");
        QFile out(script);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.section("<![CDATA[", 1).section("]]>", 0, 0).toUtf8());
        out.close();
        const ProcessResult checked = runProgram(node, {"--check", script});
        QVERIFY2(checked.exitCode == 0, qPrintable(checked.err));
        QSKIP("chromium is not installed: the script was only parsed (node --check)");
    }
    // A probe run after the script's own load handler: search, zoom, unzoom; it writes what it saw into the
    // document, which chromium prints.
    const QString probe = R"(<script type="text/ecmascript"><![CDATA[
window.addEventListener("load", function () {
  var hot = flame.frames.filter(function (f) { return f.name.indexOf("hotLoop") >= 0; })[0];
  var out = ["frames=" + flame.frames.length, "share=" + flameSearch("hotLoop").toFixed(2),
             "matched=" + flame.matched.textContent];
  flameZoom(hot);
  out.push("zoomedWidth=" + hot.rect.getAttribute("width"));
  out.push("hidden=" + flame.frames.filter(function (f) { return f.g.style.display === "none"; }).length);
  flameUnzoom();
  out.push("hiddenAfter=" + flame.frames.filter(function (f) { return f.g.style.display === "none"; }).length);
  document.documentElement.setAttribute("data-probe", out.join(" "));
});
]]></script>
</svg>)";
    const QString probed = dir_.filePath("probe.svg");
    QFile out(probed);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QString(text).replace("</svg>\n", probe).toUtf8());
    out.close();
    const ProcessResult dom = runIn(dir_.path(), chromium,
                                    {"--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                                     QUrl::fromLocalFile(probed).toString()});
    const auto match =
        QRegularExpression(R"re(data-probe="frames=(\d+) share=([\d.]+) matched=Matched: ([\d.]+)% )re"
                           R"re(zoomedWidth=([\d.]+) hidden=(\d+) hiddenAfter=(\d+)")re")
            .match(dom.out);
    QVERIFY2(match.hasMatch(), qPrintable(dom.err.right(2000) + dom.out.left(500)));
    QVERIFY(match.captured(1).toInt() > 10);
    QVERIFY2(qAbs(match.captured(2).toDouble() - hotShare) < 0.1,
             qPrintable(QString("search matched %1%, flat view %2%").arg(match.captured(2)).arg(hotShare)));
    QCOMPARE(match.captured(4).toDouble(), 1180.0); // the full width, 1200 less the margins
    QVERIFY(match.captured(5).toInt() > 0);
    QCOMPARE(match.captured(6).toInt(), 0);
}

void TestExportConsumers::systemWideCollapsedStacksPerProcess() {
    RunningProgram program({"20000", "1"});
    const QString file = dir_.filePath("all.data");
    const ProcessResult recorded = runCli({"record", "-a", "-g", "-o", file, "--duration", "1"});
    if (recorded.exitCode != 0 && recorded.err.contains("privileges"))
        QSKIP("system-wide recording needs privileges this user lacks");
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
    const ProcessResult collapsed = runCli({"report", "-i", file, "--format", "collapsed"});
    QVERIFY2(collapsed.exitCode == 0, qPrintable(collapsed.err));
    const QStringList lines = collapsed.out.split('\n', Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    QVERIFY2(!lines.filter(QRegularExpression("^hotspots-fp;.*hotLoop")).isEmpty(),
             qPrintable(collapsed.out.left(3000)));
    const ProcessResult merged = runCli({"report", "-i", file, "--format", "collapsed", "--no-per-process"});
    QVERIFY(merged.out.split('\n').filter(QRegularExpression("^hotspots-fp;")).isEmpty());
    QVERIFY(!merged.out.split('\n').filter(QRegularExpression("hotLoop")).isEmpty());
    // speedscope: threads by weight, the heaviest first.
    const QString speedscope = dir_.filePath("all.speedscope.json");
    QCOMPARE(runCli({"report", "-i", file, "--export", "speedscope=" + speedscope}).exitCode, 0);
    const nlohmann::json json = nlohmann::json::parse(readText(speedscope).toStdString());
    uint64_t previous = UINT64_MAX;
    for (const auto &profile : json.at("profiles")) {
        QVERIFY(profile.at("endValue").get<uint64_t>() <= previous);
        previous = profile.at("endValue").get<uint64_t>();
    }
}

QTEST_GUILESS_MAIN(TestExportConsumers)
#include "tst_exportconsumers.moc"
