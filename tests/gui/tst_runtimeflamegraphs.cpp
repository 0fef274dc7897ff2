// The flame graph of programs of the runtimes Debian ships, recorded at test time
// (tests/RuntimeRecordings.h): Rust built by Debian's rustc (legacy mangling), Node's JIT code named from its
// jitdump (node --perf-prof) and Java's from HotSpot's perf map. Each frame is labelled with its runtime's
// name as written (a Java signature and "StubRoutines (1)" whole, Rust demangled whole), JIT frames are never
// "[unknown]" in anonymous memory, and the screenshots (build/screenshots/flame-runtime-*.png, top-down and
// bottom-up) show them. Each case skips where its runtime is missing.
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FunctionNames.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "RuntimeRecordings.h"
#include "TestSupport.h"

#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QTest>
#include <QToolButton>

#include <optional>

using namespace perfglass;
using namespace perfglass::test;

namespace {

constexpr int kLoadTimeoutMs = 120000;

struct FlameFrames {
    QSet<QString> names;         // what the flame graph labels its frames with
    QSet<QString> jitModules;    // the modules of JIT code (perf-PID.map, jit-PID.dump)
    double jitShare = 0;         // the self share of frames in them
    double unknownAnonShare = 0; // the self share of "[unknown]" frames in anonymous memory or no module
    QStringList halfMangled;     // labels with legacy Rust mangling left in them
};

bool isJitModule(const QString &module) {
    static const QRegularExpression jit(QStringLiteral(R"(^(perf-\d+\.map|jit-\d+\.dump)$)"));
    return jit.match(module).hasMatch();
}

FlameFrames framesOf(const FlameGraphModel &model) {
    static const QRegularExpression halfMangled(QStringLiteral(
        R"(\$[A-Zu][A-Z0-9a-f]*\$|\.\.|17h[0-9a-f]{16}|::h[0-9a-f]{16}|^_ZN|^h[0-9a-f]{16}$)"));
    FlameFrames frames;
    std::vector<uint32_t> queue{CallTree::kRoot};
    const double total = static_cast<double>(model.totalCost());
    for (size_t i = 0; i < queue.size(); ++i) {
        for (uint32_t child : model.childrenOf(queue[i])) {
            queue.push_back(child);
            const QString name = model.name(child);
            const QString module = model.moduleName(child);
            const double self = static_cast<double>(model.selfCost(child)) / total;
            frames.names.insert(name);
            if (isJitModule(module)) {
                frames.jitModules.insert(module);
                frames.jitShare += self;
            }
            if (name == QLatin1String("[unknown]") &&
                (module.isEmpty() || module.contains(QLatin1String("anon"))))
                frames.unknownAnonShare += self;
            if (halfMangled.match(name).hasMatch()) frames.halfMangled << name;
        }
    }
    return frames;
}

} // namespace

class TestRuntimeFlameGraphs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void rustFramesDemangledWhole();
    void nodeJitFramesNamedFromItsJitdump();
    void javaJitFramesNamedAsItsPerfMapWritesThem();
    void narrowLabelsKeepWhatIsNoParameterList();

private:
    static QString settingsName() {
        return QStringLiteral("tst_runtimeflamegraphs-%1").arg(QCoreApplication::applicationPid());
    }
    // The flame graph of SESSION in a main window, its screenshots saved as SCREENSHOT.png (top-down) and
    // SCREENSHOT-bottomup.png; empty frames (and a failed test) when the session did not load.
    FlameFrames showFlameGraph(const QString &session, const QString &screenshot);

    QTemporaryDir dir_;
    QString javaMap_; // the perf map the JVM left in /tmp
};

void TestRuntimeFlameGraphs::initTestCase() {
    useTestSettings(settingsName());
    QVERIFY(dir_.isValid());
}

void TestRuntimeFlameGraphs::cleanupTestCase() {
    QSettings settings;
    settings.clear();
    settings.sync();
    QFile::remove(settings.fileName());
    if (!javaMap_.isEmpty()) QFile::remove(javaMap_);
}

FlameFrames TestRuntimeFlameGraphs::showFlameGraph(const QString &session, const QString &screenshot) {
    const auto window = openSessionWindow(session, kLoadTimeoutMs);
    if (!window) {
        qWarning("%s did not load", qPrintable(session));
        return {};
    }
    const FlameGraphModel &model = *part<FlameGraphModel>(window, "flameGraphModel");
    QToolButton *bottomUp = part<FlameGraphView>(window, "flameGraphView")->bottomUpButton();
    if (bottomUp->isChecked()) bottomUp->click(); // the view remembers the last session's mode
    saveScreenshot(window.get(), screenshot + QStringLiteral(".png"));
    const FlameFrames frames = framesOf(model);
    // Bottom-up, the functions samples end in (the hash functions, the JIT code) sit on the root row, in view
    // however deep the stacks are.
    bottomUp->click();
    if (!model.isBottomUp()) qWarning("the flame graph did not turn bottom-up");
    saveScreenshot(window.get(), screenshot + QStringLiteral("-bottomup.png"));
    bottomUp->click();
    return frames;
}

void TestRuntimeFlameGraphs::rustFramesDemangledWhole() {
    const RuntimeRecording rust = recordRust(dir_);
    if (!rust.made()) QSKIP(qPrintable(rust.skipReason));
    const FlameFrames frames = showFlameGraph(rust.session, QStringLiteral("flame-runtime-rust"));
    QVERIFY(!frames.names.isEmpty());
    QVERIFY2(frames.halfMangled.isEmpty(), qPrintable(frames.halfMangled.join(QLatin1String(", "))));
    for (const char *expected :
         {"<core::hash::sip::Hasher<S> as core::hash::Hasher>::write", "hashes::main",
          "hashbrown::rustc_entry::<impl hashbrown::map::HashMap<K,V,S,A>>::rustc_entry"})
        QVERIFY2(frames.names.contains(QLatin1String(expected)), expected);
}

void TestRuntimeFlameGraphs::nodeJitFramesNamedFromItsJitdump() {
    const RuntimeRecording node = recordNodeJitdump(dir_);
    if (!node.made()) QSKIP(qPrintable(node.skipReason));
    const FlameFrames frames = showFlameGraph(node.session, QStringLiteral("flame-runtime-node-jitdump"));
    QCOMPARE(frames.jitModules.size(), qsizetype(1));
    QVERIFY2(frames.jitModules.begin()->startsWith(QLatin1String("jit-")),
             qPrintable(*frames.jitModules.begin()));
    // V8 names its optimized code "JS:*fibonacci …" (interpreted and baseline code with other marks).
    const auto fibonacci = std::find_if(frames.names.begin(), frames.names.end(), [](const QString &name) {
        return name.contains(QLatin1String("fibonacci")) && name.contains(QLatin1String("fibonacci.js"));
    });
    QVERIFY2(fibonacci != frames.names.end(), "no frame of fibonacci with its script");
    QVERIFY2(frames.jitShare > 0.2, qPrintable(QString::number(frames.jitShare)));
    QVERIFY2(frames.unknownAnonShare < 0.01, qPrintable(QString::number(frames.unknownAnonShare)));
}

void TestRuntimeFlameGraphs::javaJitFramesNamedAsItsPerfMapWritesThem() {
    const RuntimeRecording java = recordJava(dir_);
    if (!java.made()) QSKIP(qPrintable(java.skipReason));
    const FlameFrames frames = showFlameGraph(java.session, QStringLiteral("flame-runtime-java"));
    QCOMPARE(frames.jitModules.size(), qsizetype(1));
    javaMap_ = perfMapFile(*frames.jitModules.begin());
    QVERIFY2(!javaMap_.isEmpty(), qPrintable(*frames.jitModules.begin()));
    for (const char *expected : {"void Hot.main(java.lang.String[])", "StubRoutines (1)", "StubRoutines (2)"})
        QVERIFY2(frames.names.contains(QLatin1String(expected)), expected);
    QVERIFY2(!frames.names.contains(QStringLiteral("(1)")), "StubRoutines (1) shortened");
    QVERIFY2(frames.jitShare > 0.2, qPrintable(QString::number(frames.jitShare)));
    QVERIFY2(frames.unknownAnonShare < 0.01, qPrintable(QString::number(frames.unknownAnonShare)));
}

// A frame too narrow for its name drops the parameter list first: "StubRoutines (2)" has none, and must not
// be labelled as if it were "StubRoutines" (it is elided instead).
void TestRuntimeFlameGraphs::narrowLabelsKeepWhatIsNoParameterList() {
    QCOMPARE(withoutParameters(QStringLiteral("StubRoutines (2)")), QStringLiteral("StubRoutines (2)"));
    QCOMPARE(unqualifiedName(withoutParameters(QStringLiteral("StubRoutines (2)"))),
             QStringLiteral("StubRoutines (2)"));
    QCOMPARE(withoutParameters(QStringLiteral("void Hot.main(java.lang.String[])")),
             QStringLiteral("void Hot.main"));
    QCOMPARE(withoutParameters(QStringLiteral("ns::f(int) const")), QStringLiteral("ns::f"));
}

QTEST_MAIN(TestRuntimeFlameGraphs)
#include "tst_runtimeflamegraphs.moc"
