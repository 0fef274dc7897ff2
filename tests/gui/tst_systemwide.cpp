// System-wide sessions in the window: they open grouped by process (one root box per process in the flame
// graph and the trees, the idle task as its own "idle" box), Hide Idle leaves the idle task out in one click,
// By Process and Thread adds thread boxes, and the choice is remembered per session kind (one-program
// sessions open ungrouped). Records `perfglass-cli record -a` (skipped where system-wide recording is not
// permitted) and a launch of hotspots with a forked child; screenshots for a person to look at.
#include "CallTreeModel.h"
#include "FlameGraphModel.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "ProcessGroupingActions.h"
#include "TestSupport.h"

#include "analysis/ProcessGroups.h"

#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// The modules of the flame graph's outermost boxes.
std::vector<ModuleId> rootModules(const MainWindow &window) {
    const auto tree = part<FlameGraphModel>(window, "flameGraphModel")->tree();
    std::vector<ModuleId> modules;
    for (uint32_t child : tree->node(CallTree::kRoot).children)
        modules.push_back(tree->functionModule(tree->node(child).function));
    return modules;
}

bool allGroups(const std::vector<ModuleId> &modules) {
    return !modules.empty() && std::all_of(modules.begin(), modules.end(), [](ModuleId m) {
        return m == kProcessModule || m == kIdleModule;
    });
}

bool triggerAndWait(MainWindow &window, const char *action) {
    QSignalSpy applied(&window, &MainWindow::filterApplied);
    part<QAction>(window, action)->trigger();
    return applied.wait(60000) || !applied.isEmpty();
}

} // namespace

class TestSystemWide : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void opensGroupedByProcess();
    void hideIdleAndThreads();
    void rememberedPerSessionKind();
    void oneProgramWithChild();

private:
    std::unique_ptr<MainWindow> openGrouped(const QString &path);

    QTemporaryDir dir_;
    QString system_;
};

void TestSystemWide::initTestCase() {
    useTestSettings(QStringLiteral("tst_systemwide-%1").arg(QCoreApplication::applicationPid()));
    QVERIFY(dir_.isValid());
    system_ = dir_.filePath(QStringLiteral("system.data"));
    const ProcessResult result =
        runCli({QStringLiteral("record"), QStringLiteral("-a"), QStringLiteral("-g"),
                QStringLiteral("--duration"), QStringLiteral("1"), QStringLiteral("-o"), system_});
    if (!QFileInfo::exists(system_) || QFileInfo(system_).size() == 0) {
        qWarning("record -a failed: %s", qPrintable(result.err));
        system_.clear();
    }
}

// Opens PATH and waits for the grouping that a system-wide session gets after loading.
std::unique_ptr<MainWindow> TestSystemWide::openGrouped(const QString &path) {
    auto window = std::make_unique<MainWindow>();
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    window->openFile(path);
    if (!loaded.wait(120000) && loaded.isEmpty()) return nullptr;
    if (window->filter().grouping != ProcessGrouping::None && applied.isEmpty() && !applied.wait(60000))
        return nullptr;
    QTest::qWait(50);
    return window;
}

void TestSystemWide::opensGroupedByProcess() {
    if (system_.isEmpty()) QSKIP("system-wide recording is not permitted here");
    auto window = openGrouped(system_);
    QVERIFY(window);
    QCOMPARE(window->filter().grouping, ProcessGrouping::Process);
    QVERIFY(part<QAction>(*window, "groupByProcess")->isChecked());
    const std::vector<ModuleId> modules = rootModules(*window);
    QVERIFY2(allGroups(modules), "every outermost box is a process");
    QVERIFY(modules.size() >= 2); // the recorder and at least one other process (or idle)
    // The trees group the same way.
    const auto topDown = part<CallTreeModel>(*window, "topDownModel");
    QVERIFY(topDown->rowCount() >= 2);
    QVERIFY(topDown->index(0, 0).data().toString().contains(QStringLiteral("PID")));
    saveScreenshot(window.get(), QStringLiteral("systemwide-by-process.png"));
}

void TestSystemWide::hideIdleAndThreads() {
    if (system_.isEmpty()) QSKIP("system-wide recording is not permitted here");
    auto window = openGrouped(system_);
    QVERIFY(window);
    const std::vector<ModuleId> before = rootModules(*window);
    const bool hadIdle = std::find(before.begin(), before.end(), kIdleModule) != before.end();
    QVERIFY(triggerAndWait(*window, "hideIdle"));
    QVERIFY(window->filter().hideIdle);
    const std::vector<ModuleId> after = rootModules(*window);
    QVERIFY(std::find(after.begin(), after.end(), kIdleModule) == after.end());
    QCOMPARE(after.size() + (hadIdle ? 1 : 0), before.size());
    // Undo and redo of filters keep the view settings.
    QVERIFY(triggerAndWait(*window, "groupByThread"));
    const auto tree = part<FlameGraphModel>(*window, "flameGraphModel")->tree();
    const uint32_t process = tree->node(CallTree::kRoot).children.at(0);
    const uint32_t thread = tree->node(process).children.at(0);
    QVERIFY2(tree->functionName(tree->node(thread).function).find("(TID ") != std::string::npos,
             tree->functionName(tree->node(thread).function).c_str());
    saveScreenshot(window.get(), QStringLiteral("systemwide-by-thread-no-idle.png"));
    QVERIFY(triggerAndWait(*window, "hideIdle"));
    QVERIFY(triggerAndWait(*window, "groupByProcess"));
}

void TestSystemWide::rememberedPerSessionKind() {
    if (system_.isEmpty()) QSKIP("system-wide recording is not permitted here");
    {
        auto window = openGrouped(system_);
        QVERIFY(window);
        QVERIFY(triggerAndWait(*window, "groupNone"));
        QVERIFY(!allGroups(rootModules(*window)));
    }
    QCOMPARE(QSettings().value(ProcessGroupingActions::settingsKey(true, "stacks")).toString(),
             QStringLiteral("none"));
    {
        auto window = openGrouped(system_);
        QVERIFY(window);
        QCOMPARE(window->filter().grouping, ProcessGrouping::None);
        QVERIFY(triggerAndWait(*window, "groupByProcess")); // back to the default for the next tests
    }
    QCOMPARE(QSettings()
                 .value(ProcessGroupingActions::settingsKey(false, "stacks"), QStringLiteral("unset"))
                 .toString(),
             QStringLiteral("unset")); // one-program sessions kept their own setting
}

void TestSystemWide::oneProgramWithChild() {
    const QString path = dir_.filePath(QStringLiteral("fork.data"));
    runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), path, QStringLiteral("--"),
            clientPath(QStringLiteral("hotspots-fp")), QStringLiteral("300"), QStringLiteral("1"),
            QStringLiteral("--fork")});
    if (!QFileInfo::exists(path)) QSKIP("recording is not permitted here");
    auto window = openGrouped(path);
    QVERIFY(window);
    QCOMPARE(window->filter().grouping, ProcessGrouping::None); // off by default for one program
    QVERIFY(!allGroups(rootModules(*window)));
    QVERIFY(triggerAndWait(*window, "groupByProcess"));
    const std::vector<ModuleId> modules = rootModules(*window);
    QVERIFY(allGroups(modules));
    QCOMPARE(modules.size(), size_t(2)); // hotspots and its forked child
    saveScreenshot(part<QDockWidget>(*window, "flameGraphDock"), QStringLiteral("fork-by-process.png"));
    QVERIFY(triggerAndWait(*window, "groupNone"));
}

QTEST_MAIN(TestSystemWide)
#include "tst_systemwide.moc"
