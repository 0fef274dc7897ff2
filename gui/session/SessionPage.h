// One open session's page of the main window: its SessionDocument and the docks that show it (timeline,
// heat map, flame graph, counters, top-down and bottom-up trees, Caller/Callee, summary, source and
// disassembly) with the filter bar. The page is a QMainWindow of its own, so its docks move, tab and float
// within it; the main window holds one page per open session (as tabs) around the application's own docks
// (Events, Recording). Views follow the document (analysisChanged); the page turns what the views ask for (a
// time range, a thread, a transform) into undoable filter steps of the document.
#pragma once

#include "SearchEverywhere.h"
#include "analysis/CallTree.h"
#include "analysis/Heatmap.h"
#include "analysis/SampleFilter.h"
#include "analysis/Transform.h"

#include <QMainWindow>
#include <QPointer>

namespace perfglass {

class CallTreeModel;
class CallTreeView;
class CallerCalleeView;
class CountersView;
class DockHeightKeeper;
class ViewHeightMemory;
class FilterBar;
class FlameGraphModel;
class FlameGraphView;
class FrameActions;
class HeatmapView;
class SessionDocument;
class SourceDisassemblyView;
class SummaryView;
class TimelineView;

class SessionPage : public QMainWindow {
    Q_OBJECT
public:
    // FRAMEACTIONS and CLEARFILTER are the main window's, shared by its pages.
    SessionPage(FrameActions *frameActions, QAction *clearFilter, QWidget *parent = nullptr);

    SessionDocument *document() const { return document_; }
    SourceDisassemblyView *sourceView() const { return sourceView_; }
    QList<QDockWidget *> docks() const;
    // The page's dock layout as the main window keeps it between runs, and the one a new page starts with.
    // Version 6: the Heat Map dock (5 on branch next), and the heights the user chose for the views below the
    // flame graph (5 on main).
    static constexpr int kStateVersion = 6;
    QByteArray defaultLayout() const { return defaultState_; }
    void resetLayout();
    // The layout to save: the docks a counters-only session hid are counted as shown.
    QByteArray layoutToSave();
    // A layout layoutToSave() made; false (and the layout unchanged) for anything else.
    bool restoreLayout(const QByteArray &layout);

    // Filter steps (undoable, in the page's document).
    void selectTimeRange(uint64_t start, uint64_t end);
    void selectTimes(const perfglass::TimeSelection &times);
    void selectEvent(int event);
    void clearFilter();
    void addTransform(const perfglass::Transform &transform, const QString &text);
    void setHideKernel(bool hide);
    // CostKind::Period (CPU time or the event's count), OffCpu or Latency, where the session has what it
    // needs.
    void setCost(CostKind cost);
    bool filterNarrows() const;
    QString filterAppliedMessage() const;

    void showSource(FunctionId function);
    void showSearchMatch(perfglass::SearchEverywhere::Kind kind, uint32_t id, const QString &text);

signals:
    void statusMessage(const QString &message, int timeout);
    void symbolSettingsRequested();
    void sourceFolderChosen(const QString &folder);
    // The heat map's cells dragged with Ctrl: compare their times with what the views show now.
    void compareTimesRequested(const perfglass::TimeSelection &times);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void setOffCpu(bool on);
    void setLatency(bool on);
    QDockWidget *addDock(const QString &title, const QString &objectName, QWidget *content);
    void createViews();
    void layOutDocks();
    void connectViews();
    void connectHeatmap();
    void giveRoomTo(QDockWidget *dock);
    int roomWanted(QDockWidget *dock, int both) const;
    void shareWithFlameGraph(QDockWidget *dock, int height);
    static constexpr int kFlameGraphKeeps = 160; // px of the flame graph a dock brought forward leaves
    void createSourceDock();
    void createFilterBar(QAction *clearFilter);
    void connectThreadFilters();
    void trackFocusedDock();
    void subscribe();
    void followBottomUpViews();
    void showAnalysis();
    void onLoaded(bool reloaded);
    void showNodeInFlameGraph(CallTree::Kind kind, uint32_t node);
    void showFunctionInFlameGraph(const QString &name);
    void fitDocksToSession();
    void showDocksHiddenForCounters();

    SessionDocument *document_;
    FrameActions *frameActions_;
    CallTreeModel *topDownModel_;
    CallTreeModel *bottomUpModel_;
    FlameGraphModel *flameGraphModel_;
    FlameGraphView *flameGraphView_ = nullptr;
    CallTreeView *topDownView_ = nullptr;
    CallTreeView *bottomUpView_ = nullptr;
    CallerCalleeView *callerCalleeView_ = nullptr;
    TimelineView *timelineView_ = nullptr;
    HeatmapView *heatmapView_ = nullptr;
    CountersView *countersView_ = nullptr;
    SummaryView *summaryView_ = nullptr;
    SourceDisassemblyView *sourceView_ = nullptr;
    QDockWidget *timelineDock_ = nullptr;
    QDockWidget *heatmapDock_ = nullptr;
    QDockWidget *flameGraphDock_ = nullptr;
    QDockWidget *countersDock_ = nullptr;
    QDockWidget *topDownDock_ = nullptr;
    QDockWidget *bottomUpDock_ = nullptr;
    bool bottomUpDockShown_ = false;
    QDockWidget *callerCalleeDock_ = nullptr;
    QDockWidget *summaryDock_ = nullptr;
    QDockWidget *sourceDock_ = nullptr;
    FilterBar *filterBar_ = nullptr;
    DockHeightKeeper *heightKeeper_ = nullptr;
    ViewHeightMemory *viewHeights_ = nullptr;
    QPointer<QDockWidget> focusedDock_; // the dock that had the focus last, where search matches are shown
    QList<QDockWidget *> hiddenForCounters_; // the sample views a counters-only session hid
    QByteArray defaultState_;
};

} // namespace perfglass
