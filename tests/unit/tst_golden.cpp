// Golden fixtures (tests/fixtures/golden/README.md): perf.data files recorded once, by perf and by
// perfglass-cli, with the static binaries that made them. Each is loaded through the core's loader, with the
// binaries found through the sysroot, and its top-down call tree compared with the stored report: names,
// modules and sample counts exactly, shares within half a point, and the unwinding depth. Needs neither
// perf_event_open nor perf, so it runs unprivileged and where recording is not allowed.
#include "GoldenFixtures.h"
#include "analysis/CallTree.h"
#include "load/LoadProfile.h"
#include "unit/BottomUpCheck.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <string>

using namespace perfglass;
using perfglass::test::loadGolden;

namespace {

const std::string kGoldenDir = std::string(PERFGLASS_FIXTURES_DIR) + "/golden";
constexpr double kShareTolerance = 0.5; // percentage points

nlohmann::json readExpected(const std::string &name) {
    std::ifstream in(kGoldenDir + "/" + name + ".expected.json");
    if (!in) return {};
    return nlohmann::json::parse(in);
}

SampleFilter countingSamples() {
    SampleFilter filter;
    filter.cost = CostKind::Samples;
    return filter;
}

std::shared_ptr<const CallTree> loadTopDown(const std::string &name) {
    return CallTree::topDown(loadGolden(name), countingSamples());
}

double percent(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

uint32_t expectedDepth(const nlohmann::json &node) {
    uint32_t deepest = 0;
    for (const auto &child : node["children"])
        deepest = std::max(deepest, 1 + expectedDepth(child));
    return deepest;
}

// The child of node named as expected (children of equal cost may come in either order).
const CallTreeNode *findChild(const CallTree &tree, const CallTreeNode &node,
                              const nlohmann::json &expected) {
    for (uint32_t index : node.children) {
        const CallTreeNode &child = tree.node(index);
        if (tree.functionName(child.function) == expected["function"].get<std::string>() &&
            tree.profile().moduleName(tree.functionModule(child.function)) ==
                expected["module"].get<std::string>())
            return &child;
    }
    return nullptr;
}

void compareNode(const CallTree &tree, const CallTreeNode &node, const nlohmann::json &expected,
                 const std::string &path) {
    const std::string where = path.empty() ? "the root" : path;
    QVERIFY2(std::abs(percent(node.self, tree.total()) - expected["selfPercent"].get<double>()) <=
                 kShareTolerance,
             ("self share of " + where).c_str());
    QVERIFY2(std::abs(percent(node.inclusive, tree.total()) - expected["inclusivePercent"].get<double>()) <=
                 kShareTolerance,
             ("inclusive share of " + where).c_str());
    QVERIFY2(node.children.size() == expected["children"].size(), ("children of " + where).c_str());
    for (const auto &expectedChild : expected["children"]) {
        const std::string childPath = path + "/" + expectedChild["function"].get<std::string>();
        const CallTreeNode *child = findChild(tree, node, expectedChild);
        QVERIFY2(child, ("missing " + childPath).c_str());
        compareNode(tree, *child, expectedChild, childPath);
        if (QTest::currentTestFailed()) return;
    }
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT

private slots:
    void matchesStoredReport_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("perf, frame pointers") << "perf-fp";
        QTest::newRow("perf, DWARF stacks") << "perf-dwarf";
        QTest::newRow("perfglass-cli, DWARF stacks (zstd)") << "perfglass-dwarf";
    }

    void matchesStoredReport() {
        QFETCH(QString, name);
        const nlohmann::json expected = readExpected(name.toStdString());
        QVERIFY2(!expected.empty(), "the expected report is missing");
        const auto tree = loadTopDown(name.toStdString());
        QCOMPARE(tree->sampleCount(), expected["samples"].get<uint64_t>());
        QCOMPARE(tree->total(), expected["total"].get<uint64_t>());
        QCOMPARE(tree->maxDepth(), expectedDepth(expected["root"]));
        compareNode(*tree, tree->node(CallTree::kRoot), expected["root"], "");
    }

    // The bottom-up tree's top-level rows carry the flat self costs (BottomUpCheck.h), on files of both
    // tools.
    void bottomUpSelfIsFlatSelf_data() { matchesStoredReport_data(); }

    void bottomUpSelfIsFlatSelf() {
        QFETCH(QString, name);
        const auto profile = loadGolden(name.toStdString());
        perfglass::test::compareBottomUpSelfWithFlat(profile, countingSamples());
        perfglass::test::compareBottomUpSelfWithFlat(profile, SampleFilter{});
    }

    // perf record -c writes no period in its samples (sample_type without PERIOD): each sample weighs the
    // event's fixed period, 1 ms of cpu-clock here, as perf report counts it.
    void fixedPeriodWithoutPeriodInSamples() {
        const auto profile = loadGolden("perf-fp");
        QVERIFY(profile->samples.size() > 0);
        for (size_t i = 0; i < profile->samples.size(); ++i)
            QCOMPARE(profile->samples.period[i], uint64_t{1000000});
    }

    // The DWARF fixtures unwind every stack from spin to _start; frame pointers lose the frames of the C
    // library's start code, whose objects keep no frame pointer.
    void dwarfStacksUnwindCompletely_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("perf") << "perf-dwarf";
        QTest::newRow("perfglass-cli") << "perfglass-dwarf";
    }

    void dwarfStacksUnwindCompletely() {
        QFETCH(QString, name);
        const auto tree = loadTopDown(name.toStdString());
        const ProfileDiagnostics &diagnostics = tree->profile().diagnostics;
        QCOMPARE(diagnostics.brokenStacks, uint64_t{0});
        QCOMPARE(diagnostics.samplesWithUnmappedFrames, uint64_t{0});
        QCOMPARE(diagnostics.framesWithoutSymbol, uint64_t{0});
        // _start, __libc_start_main_impl, __libc_start_call_main, main, work, hot (warm, cold), spin
        QCOMPARE(tree->maxDepth(), 7u);
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
