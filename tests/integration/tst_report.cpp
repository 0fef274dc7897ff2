// perfglass-cli report end to end: record hotspots-fp (about 60% of its time in hotLoop, 30% in warmLoop,
// 10% in coldLoop, all called from spinFor) with -g, then check every view, format, filter, transform, inline
// frames and export on that recording.
#include "TestSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <thread>

using namespace perfglass::test;

namespace {

nlohmann::json parseJson(const QString &text) {
    return nlohmann::json::parse(text.toStdString());
}

bool nameHas(const nlohmann::json &entry, const char *text) {
    return entry.at("function").get<std::string>().find(text) != std::string::npos;
}

// Every node of a JSON tree, depth first.
void forEachNode(const nlohmann::json &node, const std::function<void(const nlohmann::json &)> &visit) {
    visit(node);
    for (const auto &child : node.at("children"))
        forEachNode(child, visit);
}

// Self cost of a node plus that of the inline frames below it (transitively): the cost of its machine code.
uint64_t selfWithInlined(const nlohmann::json &node) {
    uint64_t cost = node.at("self").get<uint64_t>();
    for (const auto &child : node.at("children"))
        if (child.at("inlined").get<bool>()) cost += selfWithInlined(child);
    return cost;
}

const nlohmann::json *flatEntry(const nlohmann::json &flat, const char *name) {
    for (const auto &entry : flat.at("functions"))
        if (nameHas(entry, name)) return &entry;
    return nullptr;
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void flatText();
    void topDownJson();
    void bottomUpJson();
    void bottomUpText();
    void callerCallee();
    void ambiguousFunction();
    void collapsedFormat();
    void filters();
    void transforms();
    void groupedModuleNames();
    void exports();
    void badOptions();
    void inlineFrames();
    void readableNames();
    void countedOnlyEventsAreNotReported();
    void severalSessionsByHost();
    void hostNamesLabelTheSessions();

private:
    QStringList report(const QStringList &extra) const { return QStringList{"report", "-i", data_} + extra; }
    nlohmann::json reportJson(const QStringList &extra) const;

    QTemporaryDir dir_;
    QString data_;
    double recordedSeconds_ = 0; // how long the recording took, as perfglass-cli record says
};

void TestReport::initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = dir_.filePath("hotspots.data");
    // A fixed amount of work (about a second of CPU time), not a wall-clock time: the same number of samples
    // however little CPU a loaded machine gives.
    const ProcessResult result =
        runCli({"record", "-g", "-o", data_, "--", clientPath("hotspots-fp"), "-700", "1"});
    QVERIFY2(result.exitCode == 3, qPrintable(result.err)); // the program's own status passes through
    QVERIFY(QFile::exists(data_));
    const auto summary = QRegularExpression(R"(perfglass record: ([\d.]+) s,)").match(result.err);
    QVERIFY2(summary.hasMatch(), qPrintable(result.err));
    recordedSeconds_ = summary.captured(1).toDouble();
    QVERIFY(recordedSeconds_ > 0);
}

nlohmann::json TestReport::reportJson(const QStringList &extra) const {
    const ProcessResult result = runCli(report(extra + QStringList{"--format", "json"}));
    if (result.exitCode != 0) qWarning("%s", qPrintable(result.err));
    return parseJson(result.out);
}

void TestReport::flatText() {
    const ProcessResult result = runCli(report({"--view", "flat", "--limit", "3"}));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    const QStringList rows = result.out.split('\n').filter(QRegularExpression("^ *[0-9.]+%"));
    QCOMPARE(rows.size(), 3);
    QVERIFY2(rows[0].contains("hotLoop"), qPrintable(result.out));
    QVERIFY2(rows[1].contains("warmLoop"), qPrintable(result.out));
}

void TestReport::topDownJson() {
    const nlohmann::json json = reportJson({"--view", "top-down", "--min-percent", "0"});
    QCOMPARE(json.at("view").get<std::string>(), std::string("top-down"));
    QVERIFY(json.at("samples").get<uint64_t>() > 100);
    // Somewhere below main: spinFor, with hotLoop its most expensive child.
    std::vector<const nlohmann::json *> pending{&json.at("root")};
    const nlohmann::json *spinFor = nullptr;
    while (!pending.empty() && spinFor == nullptr) {
        const nlohmann::json *node = pending.back();
        pending.pop_back();
        for (const auto &child : node->at("children")) {
            if (nameHas(child, "spinFor")) spinFor = &child;
            pending.push_back(&child);
        }
    }
    QVERIFY(spinFor != nullptr);
    QVERIFY(nameHas(spinFor->at("children").at(0), "hotLoop"));
    QVERIFY(spinFor->at("inclusivePercent").get<double>() > 90);
}

void TestReport::bottomUpJson() {
    const nlohmann::json json = reportJson({"--view", "bottom-up"});
    QCOMPARE(json.at("view").get<std::string>(), std::string("bottom-up"));
    const auto &first = json.at("root").at("children").at(0);
    QVERIFY(nameHas(first, "hotLoop"));
    const double share = first.at("inclusivePercent").get<double>();
    QVERIFY2(share > 45 && share < 75, qPrintable(QString::number(share)));
    QVERIFY(nameHas(first.at("children").at(0), "spinFor")); // its caller
    // A top-level row's self cost is the function's own cost; its callers carry none here.
    QCOMPARE(first.at("self").get<uint64_t>(), first.at("inclusive").get<uint64_t>());
    QCOMPARE(first.at("children").at(0).at("self").get<uint64_t>(), uint64_t{0});
    QVERIFY(nameHas(json.at("root").at("children").at(1), "warmLoop"));
}

void TestReport::bottomUpText() {
    const ProcessResult result = runCli(report({"--view", "bottom-up", "--limit", "2"}));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY(result.out.contains("bottom-up"));
    const QStringList rows = result.out.split('\n').filter(QRegularExpression("^ *[0-9.]+%"));
    QVERIFY(rows.size() >= 2);
    QVERIFY(rows[0].contains("hotLoop"));
    QVERIFY(rows[1].contains("spinFor"));
}

void TestReport::callerCallee() {
    const nlohmann::json json = reportJson({"--view", "caller-callee=hotLoop"});
    QCOMPARE(json.at("view").get<std::string>(), std::string("caller-callee"));
    QVERIFY(json.at("function").get<std::string>().find("hotLoop") != std::string::npos);
    QVERIFY(nameHas(json.at("callers").at(0), "spinFor"));
    QVERIFY(json.at("self").get<uint64_t>() <= json.at("inclusive").get<uint64_t>());
    QVERIFY(json.at("callers").at(0).at("cost").get<uint64_t>() <= json.at("inclusive").get<uint64_t>());

    const nlohmann::json spin = reportJson({"--view", "caller-callee=spinFor"});
    QVERIFY(nameHas(spin.at("callers").at(0), "main"));
    QVERIFY(nameHas(spin.at("callees").at(0), "hotLoop"));
    QVERIFY(nameHas(spin.at("callees").at(1), "warmLoop"));

    const ProcessResult text = runCli(report({"--view", "caller-callee=hotLoop"}));
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    const QString callers = text.out.section("# Callers", 1).section("# Callees", 0, 0);
    QVERIFY2(callers.contains("spinFor"), qPrintable(text.out));
}

void TestReport::ambiguousFunction() {
    const ProcessResult result = runCli(report({"--view", "caller-callee=Loop"}));
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("hotLoop") && result.err.contains("warmLoop") &&
                 result.err.contains("coldLoop"),
             qPrintable(result.err));
    const ProcessResult none = runCli(report({"--view", "caller-callee=noSuchFunctionAnywhere"}));
    QCOMPARE(none.exitCode, 1);
    QVERIFY(none.err.contains("noSuchFunctionAnywhere"));
}

void TestReport::collapsedFormat() {
    const ProcessResult result = runCli(report({"--format", "collapsed", "--cost", "samples"}));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    uint64_t sum = 0;
    uint64_t hot = 0;
    for (const QString &line : result.out.split('\n', Qt::SkipEmptyParts)) {
        const int space = line.lastIndexOf(' ');
        QVERIFY2(space > 0, qPrintable(line));
        bool ok = false;
        const uint64_t count = line.mid(space + 1).toULongLong(&ok);
        QVERIFY2(ok, qPrintable(line));
        sum += count;
        if (line.section(';', -1).contains("hotLoop")) hot += count;
    }
    const nlohmann::json flat = reportJson({"--view", "flat", "--cost", "samples"});
    QCOMPARE(sum, flat.at("samples").get<uint64_t>());
    QVERIFY(hot * 100 > sum * 45);
}

void TestReport::filters() {
    const nlohmann::json all = reportJson({"--view", "flat"});
    const uint64_t samples = all.at("samples").get<uint64_t>();
    // Split at half the recording, wherever that is: the program samples all the way through.
    const QString half = QString::number(recordedSeconds_ / 2, 'f', 3);
    const nlohmann::json early = reportJson({"--view", "flat", "--time", "0," + half});
    const nlohmann::json late = reportJson({"--view", "flat", "--time", half + ","});
    QVERIFY(early.at("samples").get<uint64_t>() > 0 && late.at("samples").get<uint64_t>() > 0);
    QCOMPARE(early.at("samples").get<uint64_t>() + late.at("samples").get<uint64_t>(), samples);
    QCOMPARE(reportJson({"--view", "flat", "--tid", "1"}).at("samples").get<uint64_t>(), uint64_t(0));
    QCOMPARE(reportJson({"--view", "flat", "--pid", "1,2"}).at("samples").get<uint64_t>(), uint64_t(0));
    uint64_t perCpu = 0;
    const unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned cpu = 0; cpu < cpus; ++cpu)
        perCpu += reportJson({"--view", "flat", "--cpu", QString::number(cpu)}).at("samples").get<uint64_t>();
    QCOMPARE(perCpu, samples);
    QCOMPARE(reportJson({"--view", "flat", "--event", "cpu-clock"}).at("samples").get<uint64_t>(), samples);
}

void TestReport::transforms() {
    // Merging spinFor makes main the caller of hotLoop.
    const nlohmann::json merged = reportJson({"--view", "caller-callee=hotLoop", "--merge", "spinFor"});
    QVERIFY(nameHas(merged.at("callers").at(0), "main"));
    // Focus on spinFor: it is the only root.
    const nlohmann::json focused =
        reportJson({"--view", "top-down", "--focus", "spinFor", "--min-percent", "0"});
    QCOMPARE(focused.at("root").at("children").size(), size_t(1));
    QVERIFY(nameHas(focused.at("root").at("children").at(0), "spinFor"));
    QCOMPARE(focused.at("root").at("children").at(0).at("inclusivePercent").get<double>(), 100.0);
    // Collapsing the program's own module folds main, spinFor and the loops into one frame.
    const nlohmann::json collapsed = reportJson({"--view", "flat", "--collapse-lib", "hotspots-fp"});
    QCOMPARE(collapsed.at("functions").at(0).at("function").get<std::string>(), std::string("hotspots-fp"));
    QVERIFY(collapsed.at("functions").at(0).at("selfPercent").get<double>() > 80);
    // Without kernel frames no function of the kernel module remains.
    const nlohmann::json user = reportJson({"--view", "flat", "--no-kernel"});
    for (const auto &function : user.at("functions"))
        QVERIFY(function.at("module").get<std::string>() != "[kernel.kallsyms]");
    QCOMPARE(user.at("samples"), reportJson({"--view", "flat"}).at("samples"));
    // Dropping hotLoop removes its samples.
    const nlohmann::json dropped =
        reportJson({"--view", "flat", "--drop", "hotLoop", "--collapse-recursion"});
    QVERIFY(!nameHas(dropped.at("functions").at(0), "hotLoop"));
    QVERIFY(dropped.at("samples").get<uint64_t>() < user.at("samples").get<uint64_t>());
}

// Grouped by process, the process's box shows its module as the GUI does, "[process]"; no module name is
// bracketed twice (the kernel's is "[kernel.kallsyms]").
void TestReport::groupedModuleNames() {
    const ProcessResult result = runCli(report({"--view", "top-down", "--group-by", "process"}));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.contains(QRegularExpression(R"(hotspots-fp \(PID \d+\)  \[process\]\n)")),
             qPrintable(result.out.left(1500)));
    QVERIFY2(!result.out.contains("[["), qPrintable(result.out.left(1500)));
    const ProcessResult flat = runCli(report({"--view", "flat", "--group-by", "process", "--limit", "0"}));
    QVERIFY2(flat.exitCode == 0, qPrintable(flat.err));
    QVERIFY2(!flat.out.contains("[["), qPrintable(flat.out.left(1500)));
}

void TestReport::exports() {
    const QString collapsed = dir_.filePath("out.collapsed");
    const QString speedscope = dir_.filePath("out.speedscope.json");
    const QString svg = dir_.filePath("out.svg");
    const ProcessResult result =
        runCli(report({"--view", "flat", "--limit", "1", "--export", "collapsed=" + collapsed, "--export",
                       "speedscope=" + speedscope, "--export", "svg=" + svg}));
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));

    QFile collapsedFile(collapsed);
    QVERIFY(collapsedFile.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(collapsedFile.readAll()).split('\n', Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    QVERIFY(lines.filter(QRegularExpression("spinFor[^;]*;[^;]*hotLoop[^;]* [0-9]+$")).size() > 0);

    QFile speedscopeFile(speedscope);
    QVERIFY(speedscopeFile.open(QIODevice::ReadOnly));
    const nlohmann::json json = nlohmann::json::parse(speedscopeFile.readAll().toStdString());
    QCOMPARE(json.at("$schema").get<std::string>(),
             std::string("https://www.speedscope.app/file-format-schema.json"));
    const size_t frames = json.at("shared").at("frames").size();
    QCOMPARE(json.at("profiles").size(), size_t(1)); // one thread
    const auto &profile = json.at("profiles").at(0);
    QCOMPARE(profile.at("type").get<std::string>(), std::string("sampled"));
    QCOMPARE(profile.at("samples").size(), profile.at("weights").size());
    for (const auto &stack : profile.at("samples"))
        for (const auto &index : stack)
            QVERIFY(index.get<size_t>() < frames);

    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(svgFile.readAll());
    int rects = 0;
    bool hotTitle = false;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement) continue;
        if (xml.name() == QLatin1String("rect")) ++rects;
        if (xml.name() == QLatin1String("title") && xml.readElementText().contains("hotLoop"))
            hotTitle = true;
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(rects > 5);
    QVERIFY(hotTitle);
}

// Events of record --counters are counted only: the report shows the sampled event by default and refuses to
// report a counted one (it would be empty).
// --names short prints readable names in every text view; full (the default) the demangled names.
void TestReport::readableNames() {
    const ProcessResult full = runCli(report({"--view", "flat", "--limit", "3"}));
    QCOMPARE(full.exitCode, 0);
    QVERIFY2(full.out.contains("(anonymous namespace)::hotLoop(int)  [hotspots-fp]"), qPrintable(full.out));
    const ProcessResult flat = runCli(report({"--view", "flat", "--limit", "3", "--names", "short"}));
    QCOMPARE(flat.exitCode, 0);
    QVERIFY2(flat.out.contains("  (anon)::hotLoop  [hotspots-fp]"), qPrintable(flat.out));
    QVERIFY2(!flat.out.contains("(int)"), qPrintable(flat.out));
    const ProcessResult tree = runCli(report({"--names", "short", "--inline"}));
    QVERIFY2(tree.out.contains("(anon)::spinFor  [hotspots-fp]"), qPrintable(tree.out));
    QVERIFY2(tree.out.contains("(anon)::coldStep [inlined]  [hotspots-fp]"), qPrintable(tree.out));
    const ProcessResult callers = runCli(report({"--view", "caller-callee=hotLoop", "--names", "short"}));
    QVERIFY2(callers.out.contains("# (anon)::hotLoop  [hotspots-fp]"), qPrintable(callers.out));
    QVERIFY2(callers.out.contains("(anon)::spinFor  [hotspots-fp]"), qPrintable(callers.out));
    QVERIFY(runCli(report({"--names", "tiny"})).exitCode != 0);
}

void TestReport::countedOnlyEventsAreNotReported() {
    const QString file = dir_.filePath("counters.data");
    const ProcessResult recorded = runCli({"record", "-g", "--counters", "task-clock,page-faults", "-o", file,
                                           "--", clientPath("hotspots-fp"), "-200", "1"});
    QVERIFY2(QFile::exists(file), qPrintable(recorded.err));
    const ProcessResult flat = runCli({"report", "-i", file, "--view", "flat", "--format", "json"});
    QVERIFY2(flat.exitCode == 0, qPrintable(flat.err));
    const nlohmann::json json = parseJson(flat.out);
    QVERIFY(json.at("event").get<std::string>() != "task-clock");
    QVERIFY(json.at("samples").get<uint64_t>() > 0);
    const ProcessResult counted = runCli({"report", "-i", file, "--event", "task-clock"});
    QCOMPARE(counted.exitCode, 1);
    QVERIFY2(counted.err.contains("only counted"), qPrintable(counted.err));
}

void TestReport::badOptions() {
    const ProcessResult time = runCli(report({"--time", "abc,1"}));
    QCOMPARE(time.exitCode, 1);
    QVERIFY(time.err.contains("abc"));
    const ProcessResult order = runCli(report({"--time", "2,1"}));
    QCOMPARE(order.exitCode, 1);
    const ProcessResult view = runCli(report({"--view", "sideways"}));
    QVERIFY(view.exitCode != 0);
    QVERIFY(view.err.contains("sideways"));
    const ProcessResult exportKind = runCli(report({"--export", "png=/tmp/x.png"}));
    QVERIFY(exportKind.exitCode != 0);
    const ProcessResult event = runCli(report({"--event", "no-such-event"}));
    QCOMPARE(event.exitCode, 1);
    QVERIFY(event.err.contains("no-such-event"));
    const ProcessResult module = runCli(report({"--collapse-lib", "no-such-module"}));
    QCOMPARE(module.exitCode, 1);
    QVERIFY(module.err.contains("no-such-module"));
    const ProcessResult unwritable = runCli(report({"--export", "svg=/nonexistent-dir/x.svg"}));
    QCOMPARE(unwritable.exitCode, 1);
    QVERIFY(unwritable.err.contains("/nonexistent-dir/x.svg"));
}

// hotspots' coldLoop runs the always-inlined coldStep: some 4% of the recording's samples fall in coldStep's
// code, hundreds of them.
void TestReport::inlineFrames() {
    const auto json = [&](const QStringList &extra) {
        return reportJson(QStringList{"--min-percent", "0", "--inline"} + extra);
    };

    // Top-down: coldStep is an inline frame right under coldLoop, which is not one.
    const nlohmann::json tree = json({"--view", "top-down"});
    uint64_t coldLoopCode = 0;
    uint64_t coldStepSelf = 0;
    bool stepUnderLoop = false;
    forEachNode(tree.at("root"), [&](const nlohmann::json &node) {
        if (!node.contains("function") || !nameHas(node, "coldLoop")) return;
        QVERIFY(!node.at("inlined").get<bool>());
        coldLoopCode += selfWithInlined(node);
        for (const auto &child : node.at("children")) {
            if (!nameHas(child, "coldStep")) continue;
            QVERIFY(child.at("inlined").get<bool>());
            // Qualified as its out-of-line copy would be, though GCC gives it no linkage name.
            QCOMPARE(child.at("function").get<std::string>(), std::string("(anonymous namespace)::coldStep"));
            stepUnderLoop = true;
            coldStepSelf += child.at("self").get<uint64_t>();
        }
    });
    QVERIFY2(stepUnderLoop, "no inline frame coldStep under coldLoop");
    QVERIFY(coldStepSelf > 0);

    // Flat: coldLoop's self cost includes the code inlined into it (as perf counts it); coldStep has none of
    // its own, but its inlined code is its inlinedSelf.
    const nlohmann::json flat = json({"--view", "flat"});
    const nlohmann::json *coldLoop = flatEntry(flat, "coldLoop");
    const nlohmann::json *coldStep = flatEntry(flat, "coldStep");
    QVERIFY(coldLoop && coldStep);
    QCOMPARE(coldLoop->at("self").get<uint64_t>(), coldLoopCode);
    QVERIFY(coldLoop->at("self").get<uint64_t>() >= coldStepSelf);
    QCOMPARE(coldStep->at("self").get<uint64_t>(), uint64_t(0));
    QCOMPARE(coldStep->at("inlinedSelf").get<uint64_t>(), coldStepSelf);
    QVERIFY(coldStep->at("inlined").get<bool>());
    QVERIFY(coldStep->at("inclusive").get<uint64_t>() >= coldStepSelf);

    // Without inline frames (--no-inline after --inline wins): no inline node, no coldStep, and the same self
    // cost for coldLoop.
    const nlohmann::json plain = json({"--view", "flat", "--no-inline"});
    QVERIFY(flatEntry(plain, "coldStep") == nullptr);
    QCOMPARE(flatEntry(plain, "coldLoop")->at("self"), coldLoop->at("self"));
    QCOMPARE(plain.at("total"), flat.at("total"));
    forEachNode(json({"--view", "top-down", "--no-inline"}).at("root"),
                [](const nlohmann::json &node) { QVERIFY(!node.value("inlined", false)); });

    // Callers and callees: coldStep is an inlined callee of coldLoop; text marks inline frames.
    const nlohmann::json callees = json({"--view", "caller-callee=coldLoop"});
    bool inlinedCallee = false;
    for (const auto &callee : callees.at("callees"))
        inlinedCallee |= nameHas(callee, "coldStep") && callee.at("inlined").get<bool>();
    QVERIFY(inlinedCallee);
    const ProcessResult text = runCli(report({"--min-percent", "0", "--inline"}));
    QVERIFY2(text.out.contains(QRegularExpression("coldStep \\[inlined\\]  \\[hotspots-fp\\]")),
             qPrintable(text.out.left(3000)));
}

// Two sessions of the same host and the same pid (a copy of one file): reported together, each is a host
// frame of its own ("[host NAME (FILE)]", the file telling them apart) above its own process, each half of
// the total; a report that merged processes by pid would put both under one.
void TestReport::severalSessionsByHost() {
    const QString copy = dir_.filePath("copy.data");
    QFile::remove(copy);
    QVERIFY(QFile::copy(data_, copy));
    const ProcessResult json =
        runCli({"report", data_, copy, "--group-by", "process", "--format", "json", "--min-percent", "0"});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    const nlohmann::json tree = parseJson(json.out);
    const auto &hosts = tree.at("root").at("children");
    QCOMPARE(hosts.size(), size_t(2));
    QStringList files;
    uint64_t sum = 0;
    for (const auto &host : hosts) {
        const QString label = QString::fromStdString(host.at("function").get<std::string>());
        const QString file = QString::fromStdString(host.at("file").get<std::string>());
        QVERIFY2(label.startsWith("[host ") && label.endsWith(" (" + file + ")]"), qPrintable(label));
        files.push_back(file);
        QCOMPARE(host.at("inclusivePercent").get<double>(), 50.0); // the same samples in both files
        sum += host.at("inclusive").get<uint64_t>();
        QCOMPARE(host.at("children").size(), size_t(1)); // the one process, below its host
        const auto &process = host.at("children").at(0);
        QVERIFY2(nameHas(process, "hotspots-fp (PID "), qPrintable(QString::fromStdString(process.dump())));
        QCOMPARE(process.at("inclusive").get<uint64_t>(), host.at("inclusive").get<uint64_t>());
    }
    files.sort();
    QCOMPARE(files, (QStringList{copy, data_}));
    QCOMPARE(sum, tree.at("total").get<uint64_t>());

    const ProcessResult text = runCli({"report", "-i", data_, copy});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains("in 2 sessions"), qPrintable(text.out));
    QVERIFY2(QRegularExpression(R"(\n +50\.00% +0\.00%  ├─ \[host .+ \(.+\)\]\n)").match(text.out).hasMatch(),
             qPrintable(text.out));
    QVERIFY2(QRegularExpression(R"(\n +50\.00% +0\.00%  └─ \[host .+ \(.+\)\]\n)").match(text.out).hasMatch(),
             qPrintable(text.out));
    QVERIFY2(text.out.contains("│  └─ __libc_start_call_main"), qPrintable(text.out));

    const ProcessResult collapsed = runCli({"report", data_, copy, "--format", "collapsed"});
    const QStringList lines = collapsed.out.split('\n', Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    for (const QString &line : lines)
        QVERIFY2(line.startsWith("[host "), qPrintable(line));

    const ProcessResult flat = runCli({"report", data_, copy, "--view", "flat"});
    QCOMPARE(flat.exitCode, 1);
    QVERIFY2(flat.err.contains("several sessions are reported together as call trees"), qPrintable(flat.err));
}

// A session recorded under another host name (a private UTS namespace, unshare -u) is "[host NAME]" alone.
void TestReport::hostNamesLabelTheSessions() {
    if (QStandardPaths::findExecutable("unshare").isEmpty()) QSKIP("unshare (util-linux) is not installed");
    const QString other = dir_.filePath("other-host.data");
    const ProcessResult recorded =
        runProgram("unshare", {"-u", "sh", "-c", "hostname glasshost-b && exec \"$0\" \"$@\"", PERFGLASS_CLI,
                               "record", "-g", "-o", other, "--", clientPath("hotspots-fp"), "-100", "1"});
    if (recorded.exitCode != 3 && recorded.err.contains("hostname"))
        QSKIP(qPrintable("cannot name a host in a private UTS namespace: " + recorded.err));
    QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
    const ProcessResult text = runCli({"report", data_, other, "--min-percent", "0"});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    QVERIFY2(text.out.contains("─ [host glasshost-b]\n"), qPrintable(text.out));
    QVERIFY2(text.out.contains("# [host glasshost-b] " + other + ": "), qPrintable(text.out));
    QVERIFY2(!text.out.contains("(" + other + ")]"), qPrintable(text.out));
}

QTEST_GUILESS_MAIN(TestReport)
#include "tst_report.moc"
