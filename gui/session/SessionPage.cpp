#include "SessionPage.h"

#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "CallerCalleeView.h"
#include "CountersView.h"
#include "DockHeightKeeper.h"
#include "DockItemHeight.h"
#include "FilterBar.h"
#include "FilterEdits.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "FrameActions.h"
#include "HeatmapView.h"
#include "SessionDocument.h"
#include "SourceDisassemblyView.h"
#include "SummaryView.h"
#include "TimelineView.h"
#include "TimelineWidget.h"
#include "ViewHeightMemory.h"

#include <QAction>
#include <QApplication>
#include <QDataStream>
#include <QDockWidget>
#include <QLayout>
#include <QLineEdit>
#include <QResizeEvent>
#include <QTimer>

#include <algorithm>

namespace perfglass {

SessionPage::SessionPage(FrameActions *frameActions, QAction *clearFilter, QWidget *parent)
    : QMainWindow(parent)
    , document_(new SessionDocument(this))
    , frameActions_(frameActions)
    , topDownModel_(new CallTreeModel(this))
    , bottomUpModel_(new CallTreeModel(this))
    , flameGraphModel_(new FlameGraphModel(this)) {
    setObjectName(QStringLiteral("sessionPage"));
    document_->setObjectName(QStringLiteral("sessionDocument"));
    topDownModel_->setObjectName(QStringLiteral("topDownModel"));
    bottomUpModel_->setObjectName(QStringLiteral("bottomUpModel"));
    flameGraphModel_->setObjectName(QStringLiteral("flameGraphModel"));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks |
                   QMainWindow::AllowTabbedDocks | QMainWindow::GroupedDragging);
    createViews();
    layOutDocks();
    createSourceDock();
    heightKeeper_ = new DockHeightKeeper(this, flameGraphDock_, docks());
    viewHeights_ = new ViewHeightMemory(
        this, flameGraphDock_, {topDownDock_, bottomUpDock_, callerCalleeDock_, summaryDock_, sourceDock_});
    connectViews();
    createFilterBar(clearFilter);
    trackFocusedDock();
    subscribe();
    defaultState_ = saveState(kStateVersion);
}

QDockWidget *SessionPage::addDock(const QString &title, const QString &objectName, QWidget *content) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::TopDockWidgetArea, dock);
    return dock;
}

QList<QDockWidget *> SessionPage::docks() const {
    return {timelineDock_, heatmapDock_,      flameGraphDock_, countersDock_, topDownDock_,
            bottomUpDock_, callerCalleeDock_, sourceDock_,     summaryDock_};
}

void SessionPage::createViews() {
    flameGraphView_ = new FlameGraphView(flameGraphModel_, this);
    topDownView_ = new CallTreeView(topDownModel_, tr("Top-down call tree"), this);
    bottomUpView_ = new CallTreeView(bottomUpModel_, tr("Bottom-up call tree"), this);
    callerCalleeView_ = new CallerCalleeView(this);
    timelineView_ = new TimelineView(this);
    heatmapView_ = new HeatmapView(this);
    countersView_ = new CountersView(this);
    summaryView_ = new SummaryView(this);
    const std::initializer_list<std::pair<QObject *, const char *>> names = {
        {flameGraphView_, "flameGraphView"}, {topDownView_, "topDownView"},
        {bottomUpView_, "bottomUpView"},     {callerCalleeView_, "callerCalleeView"},
        {timelineView_, "timelineView"},     {countersView_, "countersView"},
        {heatmapView_, "heatmapView"},       {summaryView_, "summaryView"}};
    for (const auto &[view, name] : names)
        view->setObjectName(QLatin1String(name));
}

// No central widget: the docks share the whole page. The timeline on top, the flame graph (tabbed with the
// counters) in the middle with most of the height, the trees, caller/callee and summary tabbed below. Extra
// height goes to the flame graph (DockHeightKeeper).
void SessionPage::layOutDocks() {
    timelineDock_ = addDock(tr("Timeline"), QStringLiteral("timelineDock"), timelineView_);
    flameGraphDock_ = addDock(tr("Flame Graph"), QStringLiteral("flameGraphDock"), flameGraphView_);
    countersDock_ = addDock(tr("Counters"), QStringLiteral("countersDock"), countersView_);
    heatmapDock_ = addDock(tr("Heat Map"), QStringLiteral("heatmapDock"), heatmapView_);
    topDownDock_ = addDock(tr("Top-Down"), QStringLiteral("topDownDock"), topDownView_);
    bottomUpDock_ = addDock(tr("Bottom-Up"), QStringLiteral("bottomUpDock"), bottomUpView_);
    callerCalleeDock_ = addDock(tr("Caller/Callee"), QStringLiteral("callerCalleeDock"), callerCalleeView_);
    summaryDock_ = addDock(tr("Summary"), QStringLiteral("summaryDock"), summaryView_);
    setCentralWidget(nullptr);
    splitDockWidget(timelineDock_, flameGraphDock_, Qt::Vertical);
    splitDockWidget(flameGraphDock_, topDownDock_, Qt::Vertical);
    tabifyDockWidget(flameGraphDock_, countersDock_);
    tabifyDockWidget(countersDock_, heatmapDock_);
    tabifyDockWidget(topDownDock_, bottomUpDock_);
    tabifyDockWidget(bottomUpDock_, callerCalleeDock_);
    tabifyDockWidget(callerCalleeDock_, summaryDock_);
    flameGraphDock_->raise();
    topDownDock_->raise();
    resizeDocks({timelineDock_, flameGraphDock_, topDownDock_}, {130, 560, 210}, Qt::Vertical);
}

void SessionPage::connectViews() {
    connect(topDownView_, &CallTreeView::nodeActivated, this,
            [this](uint32_t node) { showNodeInFlameGraph(CallTree::Kind::TopDown, node); });
    connect(flameGraphView_->graph(), &FlameGraphWidget::nodeActivated, this, [this](uint32_t node) {
        (flameGraphModel_->isBottomUp() ? bottomUpView_ : topDownView_)->selectNode(node);
        if (node != CallTree::kRoot && flameGraphModel_->tree())
            callerCalleeView_->showFunction(flameGraphModel_->tree()->node(node).function);
    });
    for (CallTreeView *view : {topDownView_, bottomUpView_})
        connect(view, &CallTreeView::functionSelected, callerCalleeView_, &CallerCalleeView::showFunction);
    connect(bottomUpView_, &CallTreeView::nodeActivated, this, [this](uint32_t node) {
        if (flameGraphModel_->isBottomUp()) showNodeInFlameGraph(CallTree::Kind::BottomUp, node);
        callerCalleeView_->showFunction(bottomUpModel_->tree()->node(node).function);
        callerCalleeDock_->show();
        callerCalleeDock_->raise();
    });
    for (QDockWidget *dock : {topDownDock_, bottomUpDock_, callerCalleeDock_, summaryDock_, sourceDock_})
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (visible) giveRoomTo(dock);
        });
    connect(summaryView_, &SummaryView::functionActivated, this, &SessionPage::showFunctionInFlameGraph);
    connect(summaryView_, &SummaryView::symbolSettingsRequested, this, &SessionPage::symbolSettingsRequested);
    connect(timelineView_, &TimelineView::rangeSelected, this, &SessionPage::selectTimeRange);
    connectHeatmap();
    // A new session's timeline gets the height that shows its rows (up to a limit; more rows scroll).
    connect(timelineView_, &TimelineView::preferredHeightChanged, this, [this](int height) {
        if (timelineDock_->isFloating()) return;
        const int frame = timelineDock_->height() - timelineView_->height(); // the dock's title bar
        resizeDocks({timelineDock_}, {height + frame}, Qt::Vertical);
        viewHeights_->settle();
    });
}

// The heat map filters every view to the cells dragged across, and marks the cells of the function selected
// in the trees or the flame graph.
void SessionPage::connectHeatmap() {
    connect(heatmapView_, &HeatmapView::timesSelected, this, &SessionPage::selectTimes);
    connect(heatmapView_, &HeatmapView::compareTimesSelected, this, &SessionPage::compareTimesRequested);
    for (CallTreeView *view : {topDownView_, bottomUpView_})
        connect(view, &CallTreeView::functionSelected, heatmapView_,
                [this](uint32_t function) { heatmapView_->setFunction(function); });
    connect(flameGraphView_->graph(), &FlameGraphWidget::nodeActivated, heatmapView_, [this](uint32_t node) {
        const auto tree = flameGraphModel_->tree();
        heatmapView_->setFunction(node != CallTree::kRoot && tree ? std::optional(tree->node(node).function)
                                                                  : std::nullopt);
    });
}

// A dock brought forward below the flame graph gets the height the user last gave it there; else at least
// half of the height the two share, and Caller/Callee the height that shows rows of its callers, sandwich
// and callees (the flame graph keeping a few rows of its own).
void SessionPage::giveRoomTo(QDockWidget *dock) {
    if (!isVisible() || dock->isFloating() || flameGraphDock_->isFloating() || !flameGraphDock_->isVisible())
        return;
    const int both = flameGraphDock_->height() + dock->height();
    const std::optional<int> chosen = viewHeights_->chosenHeight(dock);
    int wanted = chosen ? *chosen : std::min(roomWanted(dock, both), both - kFlameGraphKeeps);
    wanted = std::clamp(
        wanted, dock->minimumSizeHint().height(),
        std::max(dock->minimumSizeHint().height(), both - flameGraphDock_->minimumSizeHint().height()));
    if (!chosen) {
        if (dock->height() < wanted) shareWithFlameGraph(dock, wanted);
        viewHeights_->settleLater();
        return;
    }
    if (dock->height() != wanted) shareWithFlameGraph(dock, wanted);
    // Asked again once laid out: while its tab is being switched, the dock may not stand where it will.
    viewHeights_->settleLater([this, dock, wanted] {
        if (layout()) layout()->activate();
        if (dock->isVisible() && dock->height() != wanted) shareWithFlameGraph(dock, wanted);
    });
}

// DOCK asks for HEIGHT of what it shares with the flame graph; the timeline above keeps its height. The sizes
// given count the tab bars (DockItemHeight.h): short of them, the dock layout would share the difference
// among the docks, the timeline's share making it taller each time.
void SessionPage::shareWithFlameGraph(QDockWidget *dock, int height) {
    const int both = flameGraphDock_->height() + dock->height();
    QList<QDockWidget *> column = {flameGraphDock_, dock};
    QList<int> sizes = {dockItemHeight(*this, *flameGraphDock_, both - height),
                        dockItemHeight(*this, *dock, height)};
    if (timelineDock_->isVisible() && !timelineDock_->isFloating()) {
        column.prepend(timelineDock_);
        sizes.prepend(dockItemHeight(*this, *timelineDock_, timelineDock_->height()));
    }
    resizeDocks(column, sizes, Qt::Vertical);
}

// The height DOCK needs of the BOTH pixels it shares with the flame graph: half, and for Caller/Callee its
// rows; the views not listed keep the height they have.
int SessionPage::roomWanted(QDockWidget *dock, int both) const {
    if (dock == callerCalleeDock_)
        return std::max(both / 2,
                        dock->height() - callerCalleeView_->height() + callerCalleeView_->heightNeeded());
    if (dock == summaryDock_ || dock == bottomUpDock_) return both / 2;
    return dock->height();
}

// The Source and Disassembly dock, tabbed with the trees and hidden until a function is shown in it.
void SessionPage::createSourceDock() {
    sourceView_ = new SourceDisassemblyView(this);
    sourceView_->setObjectName(QStringLiteral("sourceView"));
    // No "&" in the title: tab bars take it for an accelerator, title bars do not.
    sourceDock_ = addDock(tr("Source and Disassembly"), QStringLiteral("sourceDock"), sourceView_);
    tabifyDockWidget(callerCalleeDock_, sourceDock_);
    sourceDock_->hide();
    connect(sourceView_, &SourceDisassemblyView::sourceFolderChosen, this, &SessionPage::sourceFolderChosen);
    auto *action = new QAction(tr("Source && Disassembly of the Selected Function"), this);
    action->setObjectName(QStringLiteral("showSourceAction"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(action, &QAction::triggered, this, [this] {
        if (callerCalleeView_->function()) showSource(*callerCalleeView_->function());
    });
    addAction(action);
}

// Shown docked, the dock takes most of the height it shares with the flame graph: the instructions need rows.
void SessionPage::showSource(FunctionId function) {
    sourceView_->showFunction(function);
    const bool wasVisible = sourceDock_->isVisible();
    sourceDock_->show();
    sourceDock_->raise();
    if (wasVisible || sourceDock_->isFloating() || viewHeights_->chosenHeight(sourceDock_)) return;
    shareWithFlameGraph(sourceDock_, (flameGraphDock_->height() + sourceDock_->height()) * 3 / 5);
    viewHeights_->settleLater();
}

void SessionPage::createFilterBar(QAction *clearFilter) {
    filterBar_ = new FilterBar(frameActions_, clearFilter, this);
    addToolBar(filterBar_);
    connect(filterBar_, &FilterBar::filterRequested, document_, &SessionDocument::pushFilter);
    frameActions_->attach(flameGraphView_->graph());
    frameActions_->attach(topDownView_);
    frameActions_->attach(bottomUpView_);
    frameActions_->attach(callerCalleeView_);
    connectThreadFilters();
}

void SessionPage::connectThreadFilters() {
    TimelineWidget *timeline = timelineView_->timeline();
    const auto push = [this](const QString &text, const SampleFilter &filter) {
        document_->pushFilter(text, filter);
    };
    connect(timeline, &TimelineWidget::showOnlyThreadRequested, this,
            [this, push](uint32_t, uint32_t tid, const QString &label) {
                push(tr("Show only thread %1").arg(label), withOnlyThread(document_->filter(), tid));
            });
    connect(timeline, &TimelineWidget::showOnlyProcessRequested, this,
            [this, push](uint32_t pid, const QString &label) {
                push(tr("Show only process %1").arg(label), withOnlyProcess(document_->filter(), pid));
            });
    connect(timeline, &TimelineWidget::hideThreadRequested, this,
            [this, push](uint32_t, uint32_t tid, const QString &label) {
                if (!document_->isOpen()) return;
                if (const auto filter = withoutThread(document_->filter(), *document_->file()->profile, tid))
                    push(tr("Hide thread %1").arg(label), *filter);
                else
                    emit statusMessage(tr("The last thread shown cannot be hidden."), 5000);
            });
    connect(timeline, &TimelineWidget::showOnlyCpuRequested, this, [this, push](uint32_t cpu) {
        if (document_->isOpen())
            push(tr("Show only CPU %1").arg(cpu),
                 withCpus(document_->filter(), *document_->file()->profile, {cpu}));
    });
    connect(timeline, &TimelineWidget::showThreadRequested, this,
            [this, push](uint32_t pid, uint32_t tid, const QString &label) {
                if (document_->isOpen())
                    push(tr("Show thread %1").arg(label),
                         withThread(document_->filter(), *document_->file()->profile, pid, tid));
            });
}

void SessionPage::trackFocusedDock() {
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        for (QWidget *walk = now; walk; walk = walk->parentWidget())
            if (auto *dock = qobject_cast<QDockWidget *>(walk); dock && docks().contains(dock)) {
                focusedDock_ = dock;
                return;
            }
    });
}

// The views follow the document: every analysis it has (a load, a filter, an undo) is shown by all of them.
void SessionPage::subscribe() {
    connect(document_, &SessionDocument::analysisChanged, this, &SessionPage::showAnalysis);
    connect(document_, &SessionDocument::timelineMade, this,
            [this] { timelineView_->setSession(document_->analysis()); });
    followBottomUpViews();
    connect(document_, &SessionDocument::loaded, this, &SessionPage::onLoaded);
    connect(document_, &SessionDocument::filterChanged, this,
            [this] { filterBar_->setFilter(document_->filter()); });
}

// The bottom-up tree is made only while the Bottom-Up dock or a bottom-up flame graph shows it.
void SessionPage::followBottomUpViews() {
    flameGraphModel_->setBottomUpOnRequest(true);
    const auto tellDocument = [this] {
        document_->setBottomUpShown(bottomUpDockShown_ || flameGraphModel_->isBottomUp());
    };
    // In the document's context: the dock may say it hides while the page is being torn down.
    connect(bottomUpDock_, &QDockWidget::visibilityChanged, document_, [this, tellDocument](bool visible) {
        bottomUpDockShown_ = visible;
        tellDocument();
    });
    connect(flameGraphModel_, &FlameGraphModel::treeChanged, document_, tellDocument);
    tellDocument();
    connect(document_, &SessionDocument::bottomUpMade, this, [this] {
        const auto &analysis = document_->analysis();
        bottomUpModel_->setTree(analysis->bottomUp, analysis->costUnit);
        flameGraphModel_->setBottomUpTree(analysis->bottomUp);
    });
}

void SessionPage::showAnalysis() {
    const auto &analysis = document_->analysis();
    topDownModel_->setTree(analysis ? analysis->topDown : nullptr,
                           analysis ? analysis->costUnit : CostUnit::Count);
    bottomUpModel_->setTree(analysis ? analysis->bottomUp : nullptr,
                            analysis ? analysis->costUnit : CostUnit::Count);
    flameGraphModel_->setTrees(analysis ? analysis->topDown : nullptr,
                               analysis ? analysis->bottomUp : nullptr,
                               analysis ? analysis->costUnit : CostUnit::Count);
    flameGraphView_->setGrowthMark(analysis ? GrowthMark::of(*analysis->file) : GrowthMark{},
                                   analysis && analysis->file->isPartial());
    summaryView_->setSession(analysis);
    timelineView_->setSession(analysis);
    heatmapView_->setSession(analysis);
    callerCalleeView_->setSession(analysis);
    sourceView_->setSession(analysis);
    filterBar_->setSession(analysis);
}

// A new file: the views that show one function start empty, the counters chart the new series. A file read
// again keeps them (the function shown is looked up anew by the views). The counters are the file's: after a
// reload (a refresh of the live view, a step of a file opened in steps) the document's analysis is still the
// previous file's until the filter is applied to the new one.
void SessionPage::onLoaded(bool reloaded) {
    countersView_->setProfile(document_->file()->profile.get());
    if (reloaded) return;
    callerCalleeView_->setSession({});
    sourceView_->setSession({});
    if (!topDownDock_->isVisible() && !topDownDock_->isFloating()) topDownDock_->raise();
    fitDocksToSession();
    // The heights the docks settle at with the session's views filled are the ones kept from now on.
    QTimer::singleShot(0, heightKeeper_, [this] {
        heightKeeper_->rememberHeights();
        viewHeights_->settle();
    });
}

bool SessionPage::filterNarrows() const {
    const SampleFilter &filter = document_->filter();
    return filter.hasTimeSelection() || !filter.pids.empty() || !filter.tids.empty() ||
           !filter.cpus.empty() || !filter.transforms.empty();
}

// What the views show after a filter change, said so that it stays true: a cleared filter is the whole
// session.
QString SessionPage::filterAppliedMessage() const {
    if (!filterNarrows() || !document_->analysis()) return tr("Showing the whole session.");
    return tr("Filter applied: %n sample(s) shown.", nullptr,
              static_cast<int>(document_->analysis()->topDown->sampleCount()));
}

void SessionPage::selectTimeRange(uint64_t start, uint64_t end) {
    selectTimes({start, end, std::nullopt});
}

void SessionPage::selectTimes(const TimeSelection &times) {
    if (!document_->isOpen() || times.end <= times.start) return;
    SampleFilter filter = document_->filter();
    filter.startTime = times.start;
    filter.endTime = times.end;
    filter.slice = times.slice;
    document_->pushFilter(times.slice ? tr("Select Heat Map Cells") : tr("Select Time Range"), filter);
}

void SessionPage::selectEvent(int event) {
    const auto file = document_->file();
    if (!file || event < 0 || static_cast<size_t>(event) >= file->profile->events.size() ||
        event == document_->filter().event || file->profile->events[static_cast<size_t>(event)].samples == 0)
        return;
    SampleFilter filter = document_->filter();
    filter.event = event;
    if (filter.cost == CostKind::OffCpu) filter.cost = CostKind::Period; // latency weighs every event
    filter.offCpuTime.reset();
    document_->pushFilter(
        tr("Show %1").arg(QString::fromStdString(file->profile->events[static_cast<size_t>(event)].name)),
        filter);
}

void SessionPage::clearFilter() {
    SampleFilter filter;
    filter.event = document_->filter().event;
    filter.cost = document_->filter().cost;
    filter.offCpuTime = document_->filter().offCpuTime;
    filter.latency = document_->filter().latency;
    document_->pushFilter(tr("Clear Filter"), filter);
}

void SessionPage::addTransform(const Transform &transform, const QString &text) {
    if (const auto filter = withTransform(document_->filter(), transform))
        document_->pushFilter(text, *filter);
}

void SessionPage::setHideKernel(bool hide) {
    if (hide == hidesKernel(document_->filter())) return;
    if (hide)
        addTransform(Transform::hideKernel(), tr("Hide kernel frames"));
    else
        document_->pushFilter(tr("Show kernel frames"), withoutKernelHiding(document_->filter()));
}

void SessionPage::setCost(CostKind cost) {
    const CostKind now = document_->filter().cost;
    if (cost == CostKind::OffCpu || (cost == CostKind::Period && now == CostKind::OffCpu))
        setOffCpu(cost == CostKind::OffCpu);
    else if (cost == CostKind::Latency || (cost == CostKind::Period && now == CostKind::Latency))
        setLatency(cost == CostKind::Latency);
}

// Off-CPU time is a way of counting, like an event: undoable, and the event picker leaves it.
void SessionPage::setOffCpu(bool on) {
    const auto file = document_->file();
    if (!file || file->offCpuEvent < 0) return;
    SampleFilter filter = document_->filter();
    filter.cost = on ? CostKind::OffCpu : CostKind::Period;
    filter.offCpuTime = on ? file->offCpuTime : nullptr;
    filter.latency.reset();
    filter.event = on ? file->offCpuEvent : file->profile->firstSampledEvent();
    document_->pushFilter(on ? tr("Show Off-CPU Time") : tr("Show On-CPU Samples"), filter);
}

// Latency (wall-clock time: each sample's period divided by how many threads of its process then ran) is a
// way of counting too, for sessions with context switches.
void SessionPage::setLatency(bool on) {
    const auto file = document_->file();
    if (!file || !file->latency || (document_->filter().cost == CostKind::Latency) == on) return;
    SampleFilter filter = document_->filter();
    if (filter.cost == CostKind::OffCpu) filter.event = file->profile->firstSampledEvent();
    filter.cost = on ? CostKind::Latency : CostKind::Period;
    filter.latency = on ? file->latency : nullptr;
    filter.offCpuTime.reset();
    document_->pushFilter(on ? tr("Show Latency") : tr("Show CPU Time"), filter);
}

// A double click in a tree shows its node in the flame graph: zoomed into it when the flame graph shows the
// same kind of tree, else the function is searched for.
void SessionPage::showNodeInFlameGraph(CallTree::Kind kind, uint32_t node) {
    const bool sameTree =
        flameGraphModel_->tree() && (kind == CallTree::Kind::BottomUp) == flameGraphModel_->isBottomUp();
    if (sameTree) {
        flameGraphModel_->zoomTo(node);
        flameGraphDock_->show();
        flameGraphDock_->raise();
        return;
    }
    const auto &tree = kind == CallTree::Kind::BottomUp ? bottomUpModel_->tree() : topDownModel_->tree();
    if (tree && node != CallTree::kRoot)
        showFunctionInFlameGraph(QString::fromStdString(tree->functionName(tree->node(node).function)));
}

void SessionPage::showFunctionInFlameGraph(const QString &name) {
    flameGraphModel_->resetZoom();
    flameGraphView_->searchField()->setText(name);
    flameGraphDock_->show();
    flameGraphDock_->raise();
}

// A chosen match of Search Everywhere, in the dock that had the focus: a function is selected in the call
// trees, shown in Caller/Callee, or highlighted in the flame graph (the default); a module or source file
// filters the call tree, or else the Caller/Callee function list.
void SessionPage::showSearchMatch(SearchEverywhere::Kind kind, uint32_t id, const QString &text) {
    if (!document_->analysis()) return;
    QDockWidget *dock = focusedDock_;
    const bool tree = dock == topDownDock_ || dock == bottomUpDock_;
    CallTreeView *treeView = dock == bottomUpDock_ ? bottomUpView_ : topDownView_;
    const auto &treeShown = (dock == bottomUpDock_ ? bottomUpModel_ : topDownModel_)->tree();
    if (kind == SearchEverywhere::Kind::Function && tree && treeShown) {
        const CallTree &calls = *treeShown;
        uint32_t best = CallTree::kRoot;
        for (uint32_t n = 1; n < calls.nodes().size(); ++n)
            if (calls.node(n).function == id &&
                (best == CallTree::kRoot || calls.node(n).inclusive > calls.node(best).inclusive))
                best = n;
        if (best != CallTree::kRoot) treeView->selectNode(best);
    } else if (kind == SearchEverywhere::Kind::Function && dock != callerCalleeDock_) {
        showFunctionInFlameGraph(text);
        return;
    } else if (kind == SearchEverywhere::Kind::Function) {
        callerCalleeView_->showFunction(id);
    } else if (kind == SearchEverywhere::Kind::Module && tree) {
        treeView->filterField()->setText(text);
    } else {
        callerCalleeView_->searchFunctions(text);
        dock = callerCalleeDock_;
    }
    dock->show();
    dock->raise();
}

// A session of counter series only (stat -o): the views of samples have nothing to show, so they are hidden
// (until a session with samples opens, or View > Reset Layout) and the charts get their room; the Summary
// stays below them. Docks the user floated are left alone.
void SessionPage::fitDocksToSession() {
    showDocksHiddenForCounters();
    if (flameGraphDock_->isFloating() || topDownDock_->isFloating()) return;
    if (!document_->file()->profile->countersOnly()) return;
    const int height = timelineDock_->height() + flameGraphDock_->height() + topDownDock_->height();
    for (QDockWidget *dock :
         {timelineDock_, heatmapDock_, flameGraphDock_, topDownDock_, bottomUpDock_, callerCalleeDock_}) {
        if (dock->isHidden() || dock->isFloating()) continue;
        dock->hide();
        hiddenForCounters_ << dock;
    }
    countersDock_->show();
    countersDock_->raise();
    summaryDock_->show();
    summaryDock_->raise();
    resizeDocks({countersDock_, summaryDock_}, {height * 4 / 5, height / 5}, Qt::Vertical);
}

// The docks a counters-only session hid come back: another session opens, or the layout is saved.
void SessionPage::showDocksHiddenForCounters() {
    for (QDockWidget *dock : std::as_const(hiddenForCounters_))
        dock->show();
    if (!hiddenForCounters_.isEmpty()) {
        flameGraphDock_->raise();
        topDownDock_->raise();
    }
    hiddenForCounters_.clear();
}

namespace {
constexpr quint32 kLayoutMagic = 0x50474c50; // "PGLP": a page layout with the views' chosen heights
}

QByteArray SessionPage::layoutToSave() {
    showDocksHiddenForCounters();
    QByteArray layout;
    QDataStream stream(&layout, QIODevice::WriteOnly);
    stream << kLayoutMagic << qint32(kStateVersion) << saveState(kStateVersion)
           << viewHeights_->chosenHeights();
    return layout;
}

bool SessionPage::restoreLayout(const QByteArray &layout) {
    QDataStream stream(layout);
    quint32 magic = 0;
    qint32 version = 0;
    QByteArray state;
    QHash<QString, int> heights;
    stream >> magic >> version;
    if (stream.status() != QDataStream::Ok || magic != kLayoutMagic || version != kStateVersion) return false;
    stream >> state >> heights;
    if (stream.status() != QDataStream::Ok || !restoreState(state, kStateVersion)) return false;
    viewHeights_->setChosenHeights(heights);
    viewHeights_->settle();
    return true;
}

void SessionPage::resetLayout() {
    hiddenForCounters_.clear();
    for (QDockWidget *dock : docks()) {
        dock->setFloating(false);
        dock->show();
    }
    restoreState(defaultState_, kStateVersion);
    sourceDock_->hide();
    viewHeights_->forget();
}

void SessionPage::resizeEvent(QResizeEvent *event) {
    QMainWindow::resizeEvent(event);
    heightKeeper_->windowResized();
    viewHeights_->settle();
}

} // namespace perfglass
