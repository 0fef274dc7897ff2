// The per-process level (SampleFilter::grouping, ProcessGroups) and hiding the idle task, on HandProfile.h
// with a second process and the idle task added, checked exactly.
#include "unit/HandProfile.h"
#include "unit/TreeLines.h"

#include "analysis/CallTree.h"
#include "analysis/FlatProfile.h"
#include "analysis/FrameCategory.h"
#include "analysis/ProcessGroups.h"
#include "analysis/StackCosts.h"

#include <QtTest>

using namespace perfglass;
using perfglass::test::HandProfile;
using perfglass::test::treeLines;

namespace {

// HandProfile plus process 5 ("server", threads 5 and 6) and the idle task on CPU 0.
HandProfile twoProcesses() {
    HandProfile hand;
    hand.profile.threads.push_back({5, 5, hand.profile.strings.intern("server")});
    hand.profile.threads.push_back({5, 6, hand.profile.strings.intern("io")});
    hand.profile.threads.push_back({0, 0, hand.profile.strings.intern("swapper")});
    const auto add = [&hand](const std::vector<std::string> &path, uint32_t pid, uint32_t tid) {
        hand.addSample(path, 1900, tid, 0, 1);
        hand.profile.samples.pid.back() = pid;
    };
    add({"main", "a"}, 5, 5);
    add({"main", "a"}, 5, 6);
    add({"main", "b"}, 5, 6);
    add({"kfunc"}, 0, 0);
    add({"kfunc"}, 0, 0);
    return hand;
}

// HandProfile plus the fork+exec case: process 40 runs as its parent's command "sh" (2 samples) until it
// execs tr (3 samples), and perf's comm names each sample by the command of that moment.
HandProfile forkExec() {
    HandProfile hand;
    const StringId sh = hand.profile.strings.intern("sh");
    const StringId tr = hand.profile.strings.intern("tr");
    hand.profile.threads.push_back({40, 40, tr, 0, {{0, sh}, {1500, tr}}});
    for (const uint64_t time : {1100, 1200, 1600, 1700, 1800}) {
        hand.addSample({"main", "a"}, time, 40, 0, 1);
        hand.profile.samples.pid.back() = 40;
    }
    return hand;
}

SampleFilter grouped(ProcessGrouping grouping) {
    SampleFilter filter;
    filter.grouping = grouping;
    return filter;
}

} // namespace

class TestProcessGroups : public QObject {
    Q_OBJECT

private slots:
    void ungroupedIsUnchanged();
    void oneRootPerProcess();
    void threadsBelowProcesses();
    void groupingAfterTransforms();
    void bottomUpAndFlatSeeTheGroups();
    void idleIsItsOwnCategory();
    void hideIdle();
    void commandsOverTime();
};

void TestProcessGroups::ungroupedIsUnchanged() {
    const HandProfile hand = twoProcesses();
    const auto tree = CallTree::topDown(hand.shared(), SampleFilter{});
    const QStringList lines = treeLines(*tree);
    QVERIFY(lines.contains("main 0 13"));
    QVERIFY(lines.contains("kfunc 2 2"));
    QCOMPARE(tree->node(CallTree::kRoot).self, uint64_t(1)); // HandProfile's sample without a stack
}

void TestProcessGroups::oneRootPerProcess() {
    const HandProfile hand = twoProcesses();
    const auto tree = CallTree::topDown(hand.shared(), grouped(ProcessGrouping::Process));
    const QStringList lines = treeLines(*tree);
    QVERIFY2(lines.contains("app (PID 1) 1 11"), qPrintable(lines.join('\n')));
    QVERIFY(lines.contains("app (PID 1);main 0 10"));
    QVERIFY(lines.contains("app (PID 1);main;a;b 3 3"));
    QVERIFY(lines.contains("server (PID 5) 0 3"));
    QVERIFY(lines.contains("server (PID 5);main;a 2 2"));
    QVERIFY(lines.contains("server (PID 5);main;b 1 1"));
    QVERIFY(lines.contains("idle: swapper (PID 0) 0 2"));
    QVERIFY(lines.contains("idle: swapper (PID 0);kfunc 2 2"));
    QCOMPARE(tree->node(CallTree::kRoot).self, uint64_t(0)); // the stackless sample is app's own
    QCOMPARE(tree->node(CallTree::kRoot).inclusive, uint64_t(16));
    QCOMPARE(tree->node(CallTree::kRoot).children.size(), size_t(3));
}

void TestProcessGroups::threadsBelowProcesses() {
    const HandProfile hand = twoProcesses();
    const auto tree = CallTree::topDown(hand.shared(), grouped(ProcessGrouping::ProcessThread));
    const QStringList lines = treeLines(*tree);
    QVERIFY2(lines.contains("app (PID 1);app (TID 1) 1 6"), qPrintable(lines.join('\n')));
    QVERIFY(lines.contains("app (PID 1);worker (TID 2) 0 5"));
    QVERIFY(lines.contains("server (PID 5);server (TID 5);main;a 1 1"));
    QVERIFY(lines.contains("server (PID 5);io (TID 6) 0 2"));
    QVERIFY(lines.contains("server (PID 5);io (TID 6);main;b 1 1"));
    // The idle task is never split by thread.
    QVERIFY(lines.contains("idle: swapper (PID 0);kfunc 2 2"));
}

void TestProcessGroups::groupingAfterTransforms() {
    const HandProfile hand = twoProcesses();
    SampleFilter filter = grouped(ProcessGrouping::Process);
    filter.transforms = {Transform::focusFunction(hand.function("a"))};
    const auto tree = CallTree::topDown(hand.shared(), filter);
    const QStringList lines = treeLines(*tree);
    QVERIFY2(lines.contains("server (PID 5);a 2 2"), qPrintable(lines.join('\n')));
    QVERIFY(lines.contains("app (PID 1);a 1 5"));
    for (const QString &line : lines)
        QVERIFY2(!line.startsWith("idle"), qPrintable(line)); // no stack of the idle task has a
}

void TestProcessGroups::bottomUpAndFlatSeeTheGroups() {
    const HandProfile hand = twoProcesses();
    const SampleFilter filter = grouped(ProcessGrouping::Process);
    const auto bottomUp = CallTree::bottomUp(hand.shared(), filter, AggregationControl{});
    QVERIFY(treeLines(*bottomUp).contains("b;main;server (PID 5) 0 1"));
    const FlatProfile flat = FlatProfile::compute(hand.profile, filter);
    bool found = false;
    for (const auto &cost : flat.functions) {
        if (flat.functionName(hand.profile, cost.function) != "server (PID 5)") continue;
        found = true;
        QCOMPARE(cost.inclusive, uint64_t(3));
        QCOMPARE(flat.functionModule(hand.profile, cost.function), kProcessModule);
    }
    QVERIFY(found);
}

void TestProcessGroups::idleIsItsOwnCategory() {
    const HandProfile hand = twoProcesses();
    const auto tree = CallTree::topDown(hand.shared(), grouped(ProcessGrouping::Process));
    int idle = 0;
    for (uint32_t child : tree->node(CallTree::kRoot).children) {
        const FunctionId function = tree->node(child).function;
        const FrameCategory category = frameCategory(hand.profile, tree->functionModule(function));
        const bool isIdle = tree->functionName(function) == ProcessGroups::kIdleName;
        QCOMPARE(category, isIdle ? FrameCategory::Idle : FrameCategory::Process);
        idle += isIdle ? 1 : 0;
    }
    QCOMPARE(idle, 1);
    QCOMPARE(hand.profile.modulePath(kIdleModule), std::string("[idle]"));
    QCOMPARE(hand.profile.moduleName(kProcessModule), std::string("[process]"));
    QVERIFY(FramePalette::frameColour(FrameCategory::Idle, "x") ==
            FramePalette::frameColour(FrameCategory::Idle, "y"));
}

void TestProcessGroups::hideIdle() {
    const HandProfile hand = twoProcesses();
    SampleFilter filter = grouped(ProcessGrouping::Process);
    filter.hideIdle = true;
    const StackCosts costs = StackCosts::compute(hand.profile, filter);
    QCOMPARE(costs.total, uint64_t(14));
    filter.grouping = ProcessGrouping::None;
    const auto tree = CallTree::topDown(hand.shared(), filter);
    QVERIFY(!treeLines(*tree).contains("kfunc 2 2"));
    QCOMPARE(tree->node(CallTree::kRoot).inclusive, uint64_t(14));
}

// A process that forked and exec'd has a root for each command it ran, with the samples of that time; its
// thread likewise.
void TestProcessGroups::commandsOverTime() {
    const HandProfile hand = forkExec();
    const QStringList lines = treeLines(*CallTree::topDown(hand.shared(), grouped(ProcessGrouping::Process)));
    QVERIFY2(lines.contains("sh (PID 40) 0 2"), qPrintable(lines.join('\n')));
    QVERIFY(lines.contains("sh (PID 40);main;a 2 2"));
    QVERIFY(lines.contains("tr (PID 40) 0 3"));
    QVERIFY(lines.contains("tr (PID 40);main;a 3 3"));
    const QStringList threads =
        treeLines(*CallTree::topDown(hand.shared(), grouped(ProcessGrouping::ProcessThread)));
    QVERIFY2(threads.contains("sh (PID 40);sh (TID 40) 0 2"), qPrintable(threads.join('\n')));
    QVERIFY(threads.contains("tr (PID 40);tr (TID 40) 0 3"));
}

QTEST_GUILESS_MAIN(TestProcessGroups)
#include "tst_processgroups.moc"
