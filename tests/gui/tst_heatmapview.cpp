// The Heat Map dock on a recording of tests/clients/stalls (busy for 800 ms of every second, asleep for the
// rest; the golden recording where recording is refused): the matrix it shows equals the one the core
// computes from the profile, the stall is an empty stripe, dragging a rectangle of cells filters every view
// to exactly their time (the same rows of each column; undoable, and the flame graph then counts only those
// cells' samples), Shift-dragging to the run of cells in time order, the bucket box
// changes the rows, a function selected marks the cells it ran in, and tool tips name a cell's time and
// samples. Screenshots of the dock go to build/screenshots.
#include "CompareWindow.h"
#include "ExportJob.h"
#include "FilterBar.h"
#include "GuiTestSupport.h"
#include "HeatmapView.h"
#include "HeatmapWidget.h"
#include "MainWindow.h"
#include "SessionComparer.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "StallStripe.h"
#include "TestSupport.h"
#include "unit/HandProfile.h"

#include "AnalysisJob.h"
#include "LoadJob.h"

#include <nlohmann/json.hpp>

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;
constexpr uint64_t kMs = 1'000'000;
constexpr uint64_t kSecond = 1'000'000'000;

// SECONDS of a thread sampled every 10 ms, in "b" for the first 200 ms of each second and in "a" otherwise
// (after HandProfile's own eleven samples, all within the first microsecond): a shorter one is an earlier
// snapshot of the same growing profile. THINNED keeps one sample in two of the
// first six seconds, which no later snapshot of a growing profile does.
std::shared_ptr<const Profile> growingProfile(uint64_t seconds, bool thinned = false) {
    test::HandProfile hand;
    uint64_t last = 0;
    for (uint64_t t = 10 * kMs, k = 0; t < seconds * kSecond; t += 10 * kMs, ++k) {
        if (thinned && t < 6 * kSecond && k % 2 == 1) continue;
        hand.addSample(t % kSecond < 200 * kMs ? std::vector<std::string>{"main", "b"}
                                               : std::vector<std::string>{"main", "a"},
                       1000 + t, 1, 0, 1);
        last = 1000 + t;
    }
    hand.profile.endTime = last;
    return hand.shared();
}

std::shared_ptr<const SessionAnalysis> snapshotSession(std::shared_ptr<const Profile> profile,
                                                       uint64_t lineage) {
    auto file = LoadJob::sessionFileOf(std::move(profile));
    file->lineage = lineage;
    return AnalysisJob::compute(std::move(file), SampleFilter{}, {});
}

bool showSession(HeatmapView &view, const std::shared_ptr<const SessionAnalysis> &session) {
    QSignalSpy shown(&view, &HeatmapView::heatmapShown);
    view.setSession(session);
    return shown.wait(kTimeoutMs);
}
} // namespace

class TestHeatmapView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void showsTheCoreMatrix();
    void stallIsAnEmptyStripe();
    void shiftDragFiltersToTheCellsInTimeOrder();
    void dragFiltersEveryViewToTheRectangle();
    void bucketBoxChangesRows();
    void functionMarksItsCells();
    void ctrlDragComparesTwoSelections();
    void exportsThePageOfTheWholeHeatmap();
    void growingProfileExtendsTheMatrixShown();

private:
    std::unique_ptr<MainWindow> openWindow();
    HeatmapView *shownHeatmap(MainWindow &window);

    QTemporaryDir dir_;
    QString stalls_; // empty: recording is refused here, the golden recording stands in
};

void TestHeatmapView::initTestCase() {
    useTestSettings(QStringLiteral("tst_heatmapview"));
    QVERIFY(dir_.isValid());
    const QString file = dir_.filePath(QStringLiteral("stalls.data"));
    const RecordedSession session{
        file, runCli({QStringLiteral("record"), QStringLiteral("-g"), QStringLiteral("-o"), file,
                      QStringLiteral("--"), clientPath(QStringLiteral("stalls")), QStringLiteral("5")})};
    if (session.made())
        stalls_ = file;
    else if (!session.refused())
        QFAIL(qPrintable(session.result.err));
}

std::unique_ptr<MainWindow> TestHeatmapView::openWindow() {
    if (stalls_.isEmpty()) return openGoldenWindow(QStringLiteral("perf-fp"), kTimeoutMs);
    return openSessionWindow(stalls_, kTimeoutMs);
}

// The dock brought forward, and its matrix once computed.
HeatmapView *TestHeatmapView::shownHeatmap(MainWindow &window) {
    auto *dock = part<QDockWidget>(&window, "heatmapDock");
    dock->show();
    dock->raise();
    auto *view = part<HeatmapView>(&window, "heatmapView");
    if (view->isComputing() || !view->heatmap()->heatmap()) {
        QSignalSpy shown(view, &HeatmapView::heatmapShown);
        if (!shown.wait(kTimeoutMs)) return nullptr;
    }
    QTest::qWait(50);
    return view;
}

void TestHeatmapView::showsTheCoreMatrix() {
    const auto window = openWindow();
    QVERIFY(window);
    // Behind the flame graph's tab, the dock computes nothing, even for the session that opened its page
    // (which comes before the dock layout hides the tabs behind the current one).
    const auto *hidden = part<HeatmapView>(window.get(), "heatmapView");
    QVERIFY(!hidden->isComputing() && !hidden->heatmap()->heatmap());
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    const auto &analysis = window->currentPage()->document()->analysis();
    const Heatmap expected = Heatmap::compute(*analysis->profile(), analysis->filter);
    const auto &shown = view->heatmap()->heatmap();
    QCOMPARE(shown->sampleCells(), expected.sampleCells());
    QCOMPARE(shown->costCells(), expected.costCells());
    QCOMPARE(shown->totalSamples(), analysis->topDown->sampleCount());
    QVERIFY(view->heatmap()->toolTipFor({0, 0}).contains(QLatin1String("sample")));
    saveScreenshot(part<QDockWidget>(window, "heatmapDock"), QStringLiteral("heatmap-dock.png"));
}

void TestHeatmapView::stallIsAnEmptyStripe() {
    if (stalls_.isEmpty()) QSKIP("recording is refused here: no stalls recording");
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    const auto &map = view->heatmap()->heatmap();
    QCOMPARE(map->columnNs(), uint64_t(1'000'000'000));
    QCOMPARE(map->rows(), size_t(50));
    const auto samples = [&map](size_t c, size_t r) { return uint64_t(map->samples({c, r})); };
    for (size_t c = 0; c < 4; ++c) {
        uint64_t busy = 0;
        for (size_t r = 0; r < map->rows(); ++r)
            busy += samples(c, r);
        QVERIFY(busy > 0);
    }
    // At least 120 ms of the 200 ms asleep, whatever the phase the first sample gave the columns.
    const size_t stripe = longestCommonEmptyRun(1, 4, map->rows(), samples);
    QVERIFY2(stripe >= 6 && stripe < 40, qPrintable(QString::number(stripe)));
}

// With Shift, from column 1 row 30 to column 2 row 10: one time range, from the first cell's start to the
// last one's end.
void TestHeatmapView::shiftDragFiltersToTheCellsInTimeOrder() {
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    HeatmapWidget *widget = view->heatmap();
    const auto map = widget->heatmap();
    const HeatmapCell from{1, std::min<size_t>(30, map->rows() - 1)};
    const HeatmapCell to{2, std::min<size_t>(10, map->rows() - 1)};
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    QTest::mousePress(widget, Qt::LeftButton, Qt::ShiftModifier, widget->cellRect(from).center());
    QTest::mouseMove(widget, widget->cellRect(to).center());
    QTest::mouseRelease(widget, Qt::LeftButton, Qt::ShiftModifier, widget->cellRect(to).center());
    QVERIFY(applied.wait(kTimeoutMs));
    const auto [start, end] = map->timeRange(from, to);
    QCOMPARE(window->filter().startTime, std::optional(start));
    QCOMPARE(window->filter().endTime, std::optional(end));
    QVERIFY(!window->filter().slice);
    uint64_t selected = 0;
    for (size_t i = map->index(from); i <= map->index(to); ++i)
        selected += map->sampleCells()[i];
    SessionDocument *document = window->currentPage()->document();
    QCOMPARE(document->analysis()->topDown->sampleCount(), selected);
    QVERIFY(shownHeatmap(*window));
    QCOMPARE(view->heatmap()->heatmap()->sampleCells(),
             map->sampleCells()); // the time range is outlined only
    saveScreenshot(part<QDockWidget>(window, "heatmapDock"), QStringLiteral("heatmap-selection-dock.png"));
    saveScreenshot(window.get(), QStringLiteral("heatmap-selection-window.png"));
    QVERIFY(document->undoStack()->canUndo());
    document->undoStack()->undo();
    QVERIFY(!window->filter().startTime && !window->filter().endTime);
}

// From column 1 to column 3, rows a fifth to two fifths down: the same rows of the three columns, and the
// views count exactly the samples of those nine-or-more cells.
void TestHeatmapView::dragFiltersEveryViewToTheRectangle() {
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    HeatmapWidget *widget = view->heatmap();
    const auto map = widget->heatmap();
    QVERIFY(map->columns() >= 4 && map->rows() >= 5);
    const HeatmapCell from{3, map->rows() * 2 / 5};
    const HeatmapCell to{1, map->rows() / 5}; // dragged up and to the left: the same rectangle
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    QTest::mousePress(widget, Qt::LeftButton, {}, widget->cellRect(from).center());
    QTest::mouseMove(widget, widget->cellRect(to).center());
    QTest::mouseRelease(widget, Qt::LeftButton, {}, widget->cellRect(to).center());
    QVERIFY(applied.wait(kTimeoutMs));
    const SampleFilter filter = window->filter();
    QVERIFY(filter.slice);
    QCOMPARE(filter.startTime, std::optional(map->cellStart({1, to.row})));
    QCOMPARE(filter.endTime, std::optional(map->cellEnd({3, from.row})));
    QCOMPARE(filter.slice->period, map->columnNs());
    QCOMPARE(filter.slice->from, to.row * map->bucketNs());
    QCOMPARE(filter.slice->to, (from.row + 1) * map->bucketNs());
    uint64_t selected = 0;
    for (size_t c = 1; c <= 3; ++c)
        for (size_t r = to.row; r <= from.row; ++r)
            selected += map->samples({c, r});
    SessionDocument *document = window->currentPage()->document();
    QCOMPARE(document->analysis()->topDown->sampleCount(), selected);
    QVERIFY(selected > 0);
    uint64_t columnsWhole = 0; // the rows above the rectangle are busy in both recordings
    for (size_t c = 1; c <= 3; ++c)
        for (size_t r = 0; r < map->rows(); ++r)
            columnsWhole += map->samples({c, r});
    QVERIFY(selected < columnsWhole);
    QVERIFY(shownHeatmap(*window));
    QCOMPARE(view->heatmap()->heatmap()->sampleCells(), map->sampleCells());
    QVERIFY(widget->filteredRows().has_value());
    QCOMPARE(widget->filteredRows()->first, to.row);
    QCOMPARE(widget->filteredRows()->second, from.row);
    const QString chip = part<FilterBar>(window, "filterToolBar")->chipTexts().value(0);
    QVERIFY2(chip.contains(QLatin1String("ms of each")), qPrintable(chip));
    saveScreenshot(part<QDockWidget>(window, "heatmapDock"), QStringLiteral("heatmap-rectangle-dock.png"));
    saveScreenshot(window.get(), QStringLiteral("heatmap-rectangle-window.png"));
    document->undoStack()->undo();
    QVERIFY(!window->filter().hasTimeSelection());
}

void TestHeatmapView::bucketBoxChangesRows() {
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    QComboBox *bucket = part<QComboBox>(window, "heatmapBucket");
    QSignalSpy shown(view, &HeatmapView::heatmapShown);
    bucket->setCurrentIndex(bucket->findData(50));
    QVERIFY(shown.wait(kTimeoutMs));
    const auto &map = view->heatmap()->heatmap();
    QCOMPARE(map->bucketNs(), std::min<uint64_t>(50'000'000, map->columnNs()));
    QCOMPARE(map->rows(), size_t((map->columnNs() + map->bucketNs() - 1) / map->bucketNs()));
    part<QComboBox>(window, "heatmapColour")->setCurrentIndex(1);
    QCOMPARE(view->heatmap()->colourScaleMax(), map->maxCost());
}

void TestHeatmapView::functionMarksItsCells() {
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    const auto &analysis = window->currentPage()->document()->analysis();
    const Profile &profile = *analysis->profile();
    const char *name = stalls_.isEmpty() ? "hot" : "busyWork";
    std::optional<FunctionId> function;
    for (FunctionId f = 0; f < profile.functions.size(); ++f)
        if (profile.functionName(f).find(name) != std::string::npos) function = f;
    QVERIFY(function);
    QSignalSpy shown(view, &HeatmapView::heatmapShown);
    view->setFunction(function);
    QVERIFY(shown.wait(kTimeoutMs));
    const std::vector<uint32_t> &marks = view->heatmap()->highlight();
    const auto &map = view->heatmap()->heatmap();
    QCOMPARE(marks, map->functionSamples(profile, analysis->filter, *function));
    uint64_t marked = 0;
    for (size_t i = 0; i < marks.size(); ++i) {
        QVERIFY(marks[i] <= map->sampleCells()[i]);
        marked += marks[i];
    }
    QVERIFY(marked > 0);
    saveScreenshot(part<QDockWidget>(window, "heatmapDock"), QStringLiteral("heatmap-function-dock.png"));
}

// A drag over column 1, then a Ctrl-drag over column 2: the comparison window compares the first (baseline)
// with the second, and every view shows the second.
void TestHeatmapView::ctrlDragComparesTwoSelections() {
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    HeatmapWidget *widget = view->heatmap();
    const auto map = widget->heatmap();
    const size_t last = std::min<size_t>(10, map->rows() - 1);
    const auto drag = [widget](HeatmapCell from, HeatmapCell to, Qt::KeyboardModifiers modifiers) {
        QTest::mousePress(widget, Qt::LeftButton, modifiers, widget->cellRect(from).center());
        QTest::mouseMove(widget, widget->cellRect(to).center());
        QTest::mouseRelease(widget, Qt::LeftButton, modifiers, widget->cellRect(to).center());
    };
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    drag({1, 0}, {1, last}, Qt::NoModifier);
    QVERIFY(applied.wait(kTimeoutMs));
    QSignalSpy compared(window->comparer(), &SessionComparer::compared);
    drag({2, 0}, {2, last}, Qt::ControlModifier);
    QVERIFY(compared.wait(kTimeoutMs));
    CompareWindow *compare = window->comparer()->compareWindow();
    QVERIFY(compare);
    QCOMPARE(compare->baseline()->filter.startTime, std::optional(map->timeRange({1, 0}, {1, last}).first));
    QCOMPARE(compare->comparison()->filter.startTime, std::optional(map->timeRange({2, 0}, {2, last}).first));
    QCOMPARE(window->filter().startTime, std::optional(map->timeRange({2, 0}, {2, last}).first));
    saveScreenshot(compare, QStringLiteral("heatmap-compare-window.png"));
}

// File > Export > Heat Map Page writes the matrix the dock draws (the filter without its time selection), in
// one self-contained page.
void TestHeatmapView::exportsThePageOfTheWholeHeatmap() {
    const auto window = openWindow();
    QVERIFY(window);
    HeatmapView *view = shownHeatmap(*window);
    QVERIFY(view);
    HeatmapWidget *widget = view->heatmap();
    const auto map = widget->heatmap();
    QSignalSpy applied(window.get(), &MainWindow::filterApplied);
    QTest::mousePress(widget, Qt::LeftButton, {}, widget->cellRect({1, 1}).center());
    QTest::mouseRelease(widget, Qt::LeftButton, {}, widget->cellRect({2, 2}).center());
    QVERIFY(applied.wait(kTimeoutMs));
    QVERIFY(window->filter().hasTimeSelection());
    const QString page = dir_.filePath(QStringLiteral("page.heatmap.html"));
    QSignalSpy finished(window.get(), &MainWindow::exportFinished);
    window->exportSession(ExportJob::Format::HeatmapPage, page);
    QVERIFY(finished.wait(kTimeoutMs));
    QFile file(page);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray html = file.readAll();
    QVERIFY(!html.contains("src=\"http") && !html.contains("href=\"http")); // nothing fetched
    const qsizetype open = html.indexOf("id=\"heatmap-data\">");
    QVERIFY(open > 0);
    const qsizetype from = html.indexOf('>', open) + 1;
    const auto data =
        nlohmann::json::parse(html.mid(from, html.indexOf("</script>", from) - from).toStdString());
    uint64_t total = 0;
    for (const auto &cell : data["samples"])
        total += cell.get<uint64_t>();
    QCOMPARE(total, map->totalSamples());
    QCOMPARE(data["columns"].get<size_t>(), map->columns());
}

QTEST_MAIN(TestHeatmapView)
#include "tst_heatmapview.moc"

// Snapshots of a growing profile (one lineage), a function marked: each refresh shows the matrix and marks of
// the whole snapshot, made by extending the matrix shown with the samples added (Heatmap::extend), not by
// counting every sample again. Shown a later "snapshot" whose first samples are not the earlier one's (which
// a growing profile never does), the view shows the earlier cells plus the added samples' (it extended);
// the same profile without a lineage is counted afresh.
void TestHeatmapView::growingProfileExtendsTheMatrixShown() {
    HeatmapView view;
    view.resize(800, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    constexpr uint64_t kLineage = 4242;
    const auto first = growingProfile(6);
    QVERIFY(showSession(view, snapshotSession(first, kLineage)));
    const FunctionId b = 2; // HandProfile's functions: main, a, b...
    QCOMPARE(first->functionName(b), std::string("b"));
    QSignalSpy marked(&view, &HeatmapView::heatmapShown);
    view.setFunction(b);
    QVERIFY(marked.wait(kTimeoutMs));

    for (const uint64_t seconds : {8, 10}) {
        const auto later = growingProfile(seconds);
        QVERIFY(showSession(view, snapshotSession(later, kLineage)));
        const Heatmap expected = Heatmap::compute(*later, SampleFilter{});
        const auto &shown = view.heatmap()->heatmap();
        QCOMPARE(shown->sampleCells(), expected.sampleCells());
        QCOMPARE(shown->totalSamples(), uint64_t(later->samples.size()));
        QCOMPARE(view.heatmap()->highlight(), expected.functionSamples(*later, SampleFilter{}, b));
    }

    // The marks stay on across the refreshes of one growing profile; another lineage starts afresh.
    const auto thinned = growingProfile(20, true);
    QVERIFY(showSession(view, snapshotSession(growingProfile(10), kLineage + 1)));
    QVERIFY(view.heatmap()->highlight().empty());
    QSignalSpy markedAgain(&view, &HeatmapView::heatmapShown);
    view.setFunction(b);
    QVERIFY(markedAgain.wait(kTimeoutMs));
    QVERIFY(showSession(view, snapshotSession(thinned, kLineage + 1)));
    const Heatmap recounted = Heatmap::compute(*thinned, SampleFilter{});
    const auto &extended = view.heatmap()->heatmap();
    // Cell (0, 1), [20 ms, 40 ms), where b runs: two samples of the earlier snapshot, one of the thinned
    // profile; so many marks too.
    QCOMPARE(recounted.samples({0, 1}), 1u);
    QCOMPARE(extended->samples({0, 1}), 2u);
    QVERIFY(extended->sampleCells() != recounted.sampleCells());
    QCOMPARE(recounted.functionSamples(*thinned, SampleFilter{}, b)[recounted.index({0, 1})], 1u);
    QCOMPARE(view.heatmap()->highlight()[extended->index({0, 1})], 2u);

    QVERIFY(showSession(view, snapshotSession(thinned, 0)));
    QCOMPARE(view.heatmap()->heatmap()->sampleCells(), recounted.sampleCells());
}
