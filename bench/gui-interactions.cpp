// gui-interactions: how long the desktop application takes to answer a zoom, a search and a timeline drag on
// a loaded session (issue 16: re-render within one frame, 16 ms; re-aggregate within 100 ms). Used by
// bench/gui.sh; prints one line per figure, the median of RUNS repetitions (milliseconds):
//   zoom re-render, search re-match, search re-render, timeline drag re-render, timeline drag re-aggregate,
//   flame graph re-render after the drag, and the Heat Map dock's redraw (a synchronous repaint) and rebuild
//   (a new bucket size asked to the matrix shown: computed off the UI thread, then its image made; issue 34).
// Re-render is a synchronous repaint() of the widget (layout and painting); re-aggregate is the time from
// selecting a range to MainWindow::filterApplied (the trees and flat profile recomputed on worker threads).
// Synchronous steps also print the main thread's CPU time: on a loaded machine, wall time minus CPU time is
// time the thread waited for a core.
// Usage: QT_QPA_PLATFORM=offscreen gui-interactions FILE [RUNS [SEARCH_TEXT]]   (the search text defaults to
// the name of the root's heaviest child).
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "HeatmapView.h"
#include "HeatmapWidget.h"
#include "MainWindow.h"
#include "TimelineView.h"
#include "TimelineWidget.h"

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLineEdit>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace {

double threadCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e3 + static_cast<double>(now.tv_nsec) / 1e6;
}

// Wall and main-thread CPU milliseconds of one synchronous step.
struct Timed {
    std::vector<double> wall, cpu;
};

double elapsedMs(const std::function<void()> &action) {
    QElapsedTimer timer;
    timer.start();
    action();
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

void timed(Timed &into, const std::function<void()> &action) {
    const double cpuBefore = threadCpuMs();
    into.wall.push_back(elapsedMs(action));
    into.cpu.push_back(threadCpuMs() - cpuBefore);
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[(values.size() - 1) / 2];
}

void report(const char *what, std::vector<double> values) {
    if (values.empty()) return;
    std::sort(values.begin(), values.end());
    std::printf("%s: median %.1f ms (min %.1f, max %.1f, %zu runs)\n", what, values[(values.size() - 1) / 2],
                values.front(), values.back(), values.size());
}

void report(const char *what, const Timed &values) {
    if (values.wall.empty()) return;
    std::printf(
        "%s: median %.1f ms wall, %.1f ms CPU of the main thread (wall min %.1f, max %.1f, %zu runs)\n", what,
        median(values.wall), median(values.cpu), *std::min_element(values.wall.begin(), values.wall.end()),
        *std::max_element(values.wall.begin(), values.wall.end()), values.wall.size());
}

// Runs the event loop until SIGNAL of OBJECT fires or TIMEOUT_MS pass; false on timeout.
template <typename Object, typename Signal> bool waitFor(Object *object, Signal signal, int timeoutMs) {
    QEventLoop loop;
    bool fired = false;
    auto connection = QObject::connect(object, signal, &loop, [&] {
        fired = true;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    QObject::disconnect(connection);
    return fired;
}

// The heaviest child of the root: the frame a user would click to zoom.
uint32_t heaviestChild(const perfglass::FlameGraphModel &model) {
    uint32_t best = perfglass::CallTree::kRoot;
    uint64_t bestCost = 0;
    for (uint32_t child : model.childrenOf(perfglass::CallTree::kRoot))
        if (model.cost(child) > bestCost) {
            bestCost = model.cost(child);
            best = child;
        }
    return best;
}

struct Figures {
    Timed zoomRender, searchMatch, searchRender, dragRender, flameAfterDrag;
    std::vector<double> dragAggregate;
};

void measureZoom(perfglass::FlameGraphWidget &flame, Figures &figures) {
    perfglass::FlameGraphModel &model = *flame.model();
    const uint32_t node = heaviestChild(model);
    model.zoomTo(node);
    timed(figures.zoomRender, [&] { flame.repaint(); });
    model.resetZoom();
    flame.repaint();
}

void measureSearch(perfglass::FlameGraphWidget &flame, const QString &text, Figures &figures) {
    perfglass::FlameGraphModel &model = *flame.model();
    timed(figures.searchMatch, [&] { model.setSearchText(text); });
    timed(figures.searchRender, [&] { flame.repaint(); });
    model.setSearchText(QString());
    flame.repaint();
}

// A drag over the middle half of the session, then back to all of it.
bool measureDrag(perfglass::MainWindow &window, perfglass::TimelineWidget &timeline,
                 perfglass::FlameGraphWidget &flame, Figures &figures) {
    const auto &profile = *window.session()->profile();
    const uint64_t span = profile.endTime - profile.startTime;
    const uint64_t start = profile.startTime + span / 4;
    const uint64_t end = profile.endTime - span / 4;
    timed(figures.dragRender, [&] {
        timeline.setSelection(start, end);
        timeline.repaint();
    });
    QElapsedTimer timer;
    timer.start();
    QTimer::singleShot(0, &window, [&] { window.selectTimeRange(start, end); });
    if (!waitFor(&window, &perfglass::MainWindow::filterApplied, 60000)) return false;
    figures.dragAggregate.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    timed(figures.flameAfterDrag, [&] { flame.repaint(); });
    QTimer::singleShot(0, &window, [&] { window.clearFilter(); });
    waitFor(&window, &perfglass::MainWindow::filterApplied, 60000);
    timeline.setSelection(std::nullopt, std::nullopt);
    return true;
}

// The heat map brought forward: its redraw, and its rebuild for another bucket size (20 ms and 10 ms in
// turn), RUNS times each.
bool measureHeatmap(perfglass::MainWindow &window, int runs) {
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("heatmapDock"));
    auto *view = window.findChild<perfglass::HeatmapView *>();
    if (!dock || !view) return false;
    dock->show();
    dock->raise();
    if (view->isComputing() || !view->heatmap()->heatmap())
        if (!waitFor(view, &perfglass::HeatmapView::heatmapShown, 60000)) return false;
    Timed redraw;
    std::vector<double> rebuild;
    QComboBox *bucket = view->bucketBox();
    for (int run = 0; run < runs; ++run) {
        timed(redraw, [&] { view->heatmap()->repaint(); });
        const int next = bucket->findData(bucket->currentData().toInt() == 20 ? 10 : 20);
        QElapsedTimer timer;
        timer.start();
        QTimer::singleShot(0, view, [bucket, next] { bucket->setCurrentIndex(next); });
        if (!waitFor(view, &perfglass::HeatmapView::heatmapShown, 60000)) return false;
        rebuild.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    const auto &map = view->heatmap()->heatmap();
    std::printf("# heat map %dx%d pixels, %zu columns x %zu rows\n", view->heatmap()->width(),
                view->heatmap()->height(), map->columns(), map->rows());
    report("heat map redraw", redraw);
    report("heat map rebuild (bucket changed)", rebuild);
    return true;
}

} // namespace

int main(int argc, char **argv) {
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: gui-interactions FILE [RUNS [SEARCH_TEXT]]\n");
        return 2;
    }
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    perfglass::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QTimer::singleShot(0, &window, [&] { window.openFile(QString::fromLocal8Bit(argv[1])); });
    // A large file opens in steps: its first sessions are partial snapshots; the figures are the whole one's.
    do {
        if (!waitFor(&window, &perfglass::MainWindow::sessionLoaded, 600000) || !window.session()) {
            std::fprintf(stderr, "the session did not load: %s\n", qPrintable(window.lastError()));
            return 1;
        }
    } while (window.session()->file->isPartial());
    waitFor(&window, &perfglass::MainWindow::filterApplied, 200); // let the first aggregation and paint run
    auto *flame = window.findChild<perfglass::FlameGraphWidget *>();
    auto *timelineView = window.findChild<perfglass::TimelineView *>();
    if (!flame || !timelineView || !flame->isVisible() || !timelineView->timeline()->isVisible()) {
        std::fprintf(stderr, "the flame graph or the timeline is not shown\n");
        return 1;
    }
    const QString search =
        argc > 3 ? QString::fromLocal8Bit(argv[3]) : flame->model()->name(heaviestChild(*flame->model()));
    std::printf("# %zu samples; flame graph %dx%d, timeline %dx%d pixels; search text \"%s\" (%d frames)\n",
                window.session()->profile()->samples.size(), flame->width(), flame->height(),
                timelineView->timeline()->width(), timelineView->timeline()->height(), qPrintable(search),
                [&] {
                    flame->model()->setSearchText(search);
                    const int matched = flame->model()->matchedFrameCount();
                    flame->model()->setSearchText(QString());
                    return matched;
                }());
    Figures figures;
    for (int run = 0; run < runs; ++run) {
        measureZoom(*flame, figures);
        measureSearch(*flame, search, figures);
        if (!measureDrag(window, *timelineView->timeline(), *flame, figures)) {
            std::fprintf(stderr, "the time range was not applied within 60 s\n");
            return 1;
        }
    }
    report("zoom re-render", figures.zoomRender);
    report("search re-match", figures.searchMatch);
    report("search re-render", figures.searchRender);
    report("timeline drag re-render", figures.dragRender);
    report("timeline drag re-aggregate", figures.dragAggregate);
    report("flame graph re-render after the drag", figures.flameAfterDrag);
    if (!measureHeatmap(window, runs)) {
        std::fprintf(stderr, "the heat map was not shown within 60 s\n");
        return 1;
    }
    return 0;
}
