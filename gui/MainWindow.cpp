#include "MainWindow.h"

#include "ReviewExporter.h"

#include "AnalysisJob.h"
#include "CallTreeModel.h"
#include "CallTreeView.h"
#include "CallerCalleeView.h"
#include "CountersView.h"
#include "DockHeightKeeper.h"
#include "EventsView.h"
#include "FilterBar.h"
#include "FilterCommand.h"
#include "FilterEdits.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "FrameActions.h"
#include "FunctionNames.h"
#include "LoadJob.h"
#include "ProcessGroupingActions.h"
#include "RecordDialog.h"
#include "RecordingJob.h"
#include "RecordingView.h"
#include "SessionComparer.h"
#include "SourceDisassemblyView.h"
#include "StartupTiming.h"
#include "SummaryView.h"
#include "SymbolSettingsDialog.h"
#include "TimelineRows.h"
#include "TimelineView.h"
#include "TimelineWidget.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QUndoStack>

#include <utility>

namespace perfglass {

namespace {
// 2: Bottom-Up, Caller/Callee, Timeline and Counters docks; 3: the flame graph gets most of the window
constexpr int kStateVersion = 3;
constexpr int kMaxRecentFiles = 10;
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kReadableNamesKey = QStringLiteral("view/readableNames");
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , loader_(new LoadJob(this))
    , analyzer_(new AnalysisJob(this))
    , callTreeModel_(new CallTreeModel(this))
    , bottomUpModel_(new CallTreeModel(this))
    , flameGraphModel_(new FlameGraphModel(this))
    , undoStack_(new QUndoStack(this))
    , frameActions_(new FrameActions(this))
    , exporter_(new ExportJob(this))
    , reviewExporter_(new ReviewExporter(this)) {
    setWindowTitle(tr("Perfglass"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/perfglass.png")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks |
                   QMainWindow::AllowTabbedDocks | QMainWindow::GroupedDragging);
    createDocks();
    createEventsDock();
    heightKeeper_ = new DockHeightKeeper(this, flameGraphDock_, docks());
    grouping_ = new ProcessGroupingActions(this);
    connect(grouping_, &ProcessGroupingActions::changed, this, [this] { applyFilter(filter_); });
    createMenus();
    createToolBar();
    createFilterBar();
    createStatusBar();
    nameParts();
    connectExportJob();
    defaultState_ = saveState(kStateVersion);
    restoreSettings();

    connect(loader_, &LoadJob::started, this, [this] {
        setLoading(true);
        statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(loader_->currentPath()).fileName()));
    });
    connect(loader_, &LoadJob::progress, this,
            [this](double fraction) { progress_->setValue(static_cast<int>(fraction * 1000)); });
    connect(loader_, &LoadJob::loaded, this, &MainWindow::onLoaded);
    connect(loader_, &LoadJob::failed, this, &MainWindow::onFailed);
    connect(loader_, &LoadJob::cancelled, this, &MainWindow::onCancelled);
    connect(analyzer_, &AnalysisJob::started, this,
            [this] { statusBar()->showMessage(tr("Applying the filter…")); });
    connect(analyzer_, &AnalysisJob::analyzed, this, [this](std::shared_ptr<const LoadedSession> session) {
        if (!session_ || session->profile != session_->profile) return; // another file was opened since
        showAnalysis(std::move(session));
        statusBar()->showMessage(filterAppliedMessage(), 5000);
        emit filterApplied();
    });
    connect(analyzer_, &AnalysisJob::failed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Could not apply the filter: %1").arg(message));
    });
}

MainWindow::~MainWindow() = default;

QDockWidget *MainWindow::addDock(const QString &title, const QString &objectName, QWidget *content) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::TopDockWidgetArea, dock);
    return dock;
}

// Object names for the parts a test or a style sheet looks up with findChild; docks and tool bars have theirs
// from where they are made (saveState() keys on them).
void MainWindow::nameParts() {
    const std::initializer_list<std::pair<QObject *, const char *>> parts = {
        {loader_, "loadJob"},
        {analyzer_, "analysisJob"},
        {callTreeModel_, "topDownModel"},
        {bottomUpModel_, "bottomUpModel"},
        {flameGraphModel_, "flameGraphModel"},
        {undoStack_, "undoStack"},
        {frameActions_, "frameActions"},
        {flameGraphView_, "flameGraphView"},
        {topDownView_, "topDownView"},
        {bottomUpView_, "bottomUpView"},
        {callerCalleeView_, "callerCalleeView"},
        {timelineView_, "timelineView"},
        {countersView_, "countersView"},
        {summaryView_, "summaryView"},
        {eventsView_, "eventsView"},
        {recordingView_, "recordingView"},
        {recordAction_, "recordAction"},
        {closeAction_, "closeAction"},
        {reloadAction_, "reloadAction"},
        {exportMenu_, "exportMenu"},
        {exporter_, "exportJob"},
        {clearFilterAction_, "clearFilterAction"},
        {eventPicker_, "eventPicker"},
    };
    for (const auto &[part, name] : parts)
        part->setObjectName(QLatin1String(name));
}

QList<QDockWidget *> MainWindow::docks() const {
    return {timelineDock_,     flameGraphDock_, countersDock_, topDownDock_, bottomUpDock_,
            callerCalleeDock_, sourceDock_,     summaryDock_,  eventsDock_,  recordingDock_};
}

void MainWindow::createDocks() {
    flameGraphView_ = new FlameGraphView(flameGraphModel_, this);
    topDownView_ = new CallTreeView(callTreeModel_, tr("Top-down call tree"), this);
    bottomUpView_ = new CallTreeView(bottomUpModel_, tr("Bottom-up call tree"), this);
    callerCalleeView_ = new CallerCalleeView(this);
    timelineView_ = new TimelineView(this);
    countersView_ = new CountersView(this);
    summaryView_ = new SummaryView(this);
    timelineDock_ = addDock(tr("Timeline"), QStringLiteral("timelineDock"), timelineView_);
    flameGraphDock_ = addDock(tr("Flame Graph"), QStringLiteral("flameGraphDock"), flameGraphView_);
    countersDock_ = addDock(tr("Counters"), QStringLiteral("countersDock"), countersView_);
    topDownDock_ = addDock(tr("Top-Down"), QStringLiteral("topDownDock"), topDownView_);
    bottomUpDock_ = addDock(tr("Bottom-Up"), QStringLiteral("bottomUpDock"), bottomUpView_);
    callerCalleeDock_ = addDock(tr("Caller/Callee"), QStringLiteral("callerCalleeDock"), callerCalleeView_);
    summaryDock_ = addDock(tr("Summary"), QStringLiteral("summaryDock"), summaryView_);
    // No central widget: the docks share the whole window. The timeline on top, the flame graph (tabbed with
    // the counters) in the middle with most of the height, the trees, caller/callee and summary tabbed below.
    // Extra window height goes to the flame graph (DockHeightKeeper).
    setCentralWidget(nullptr);
    splitDockWidget(timelineDock_, flameGraphDock_, Qt::Vertical);
    splitDockWidget(flameGraphDock_, topDownDock_, Qt::Vertical);
    tabifyDockWidget(flameGraphDock_, countersDock_);
    tabifyDockWidget(topDownDock_, bottomUpDock_);
    tabifyDockWidget(bottomUpDock_, callerCalleeDock_);
    tabifyDockWidget(callerCalleeDock_, summaryDock_);
    flameGraphDock_->raise();
    topDownDock_->raise();
    resizeDocks({timelineDock_, flameGraphDock_, topDownDock_}, {130, 560, 210}, Qt::Vertical);
    createRecordingDock();
    createSourceDock();

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
    connect(summaryView_, &SummaryView::functionActivated, this, &MainWindow::showFunctionInFlameGraph);
    connect(summaryView_, &SummaryView::symbolSettingsRequested, this, &MainWindow::showSymbolSettings);
    connect(timelineView_, &TimelineView::rangeSelected, this, &MainWindow::selectTimeRange);
    // A new session's timeline gets the height that shows its rows (up to a limit; more rows scroll).
    connect(timelineView_, &TimelineView::preferredHeightChanged, this, [this](int height) {
        if (timelineDock_->isFloating()) return;
        const int frame = timelineDock_->height() - timelineView_->height(); // the dock's title bar
        resizeDocks({timelineDock_}, {height + frame}, Qt::Vertical);
    });
}

// The Events dock: every event this machine offers, to choose the events of a recording. Tabbed behind the
// summary; it lists and probes the events when first shown.
void MainWindow::createEventsDock() {
    eventsView_ = new EventsView(this);
    eventsDock_ = addDock(tr("Events"), QStringLiteral("eventsDock"), eventsView_);
    tabifyDockWidget(summaryDock_, eventsDock_);
    topDownDock_->raise();
}

// The Source & Disassembly dock, tabbed with the trees and hidden until a function is shown in it (context
// menus, Ctrl+D for the function last selected).
void MainWindow::createSourceDock() {
    sourceView_ = new SourceDisassemblyView(this);
    sourceView_->setObjectName(QStringLiteral("sourceView"));
    // No "&" in the title: tab bars take it for an accelerator, title bars do not.
    sourceDock_ = addDock(tr("Source and Disassembly"), QStringLiteral("sourceDock"), sourceView_);
    tabifyDockWidget(callerCalleeDock_, sourceDock_);
    sourceDock_->hide();
    connect(frameActions_, &FrameActions::sourceRequested, this, &MainWindow::showSource);
    connect(sourceView_, &SourceDisassemblyView::sourceFolderChosen, this,
            &MainWindow::offerToSaveSourceFolder);
    auto *action = new QAction(tr("Source && Disassembly of the Selected Function"), this);
    action->setObjectName(QStringLiteral("showSourceAction"));
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    connect(action, &QAction::triggered, this, [this] {
        if (callerCalleeView_->function()) showSource(*callerCalleeView_->function());
    });
    addAction(action);
}

// Shown docked, the dock takes most of the height it shares with the flame graph: the instructions need rows.
void MainWindow::showSource(FunctionId function) {
    sourceView_->showFunction(function);
    const bool wasVisible = sourceDock_->isVisible();
    sourceDock_->show();
    sourceDock_->raise();
    if (wasVisible || sourceDock_->isFloating()) return;
    const int both = flameGraphDock_->height() + sourceDock_->height();
    resizeDocks({flameGraphDock_, sourceDock_}, {both * 2 / 5, both * 3 / 5}, Qt::Vertical);
}

// The Recording dock, tabbed with the Summary and hidden until a recording starts.
void MainWindow::createRecordingDock() {
    recordingView_ = new RecordingView(this);
    recordingDock_ = addDock(tr("Recording"), QStringLiteral("recordingDock"), recordingView_);
    tabifyDockWidget(summaryDock_, recordingDock_);
    recordingDock_->hide();
    connect(recordingView_, &RecordingView::activeChanged, this, [this](bool active) {
        recordAction_->setEnabled(!active);
        if (active) {
            statusBar()->showMessage(tr("Recording…"));
            recordingDock_->show();
            recordingDock_->raise();
        }
    });
    connect(recordingView_, &RecordingView::sessionRecorded, this, [this](const QString &path) {
        statusBar()->showMessage(tr("Recorded %1.").arg(QFileInfo(path).fileName()), 5000);
        openFile(path);
    });
    // Live view: the partly written file, skipped while the previous load still runs.
    connect(recordingView_, &RecordingView::liveUpdate, this, [this](const QString &path) {
        if (loader_->isLoading()) return;
        lastError_.clear();
        liveLoad_ = true;
        loader_->load(path);
    });
    connect(recordingView_, &RecordingView::recordingFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Recording failed: %1").arg(message));
    });
}

void MainWindow::createRecordAction(QMenu *file) {
    recordAction_ = file->addAction(tr("&Record…"), this, &MainWindow::showRecordDialog);
    recordAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    recordAction_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    recordAction_->setToolTip(tr("Record a program, running processes or the whole system"));
}

// File ▸ Close and Reload, and the Export submenu; enabled while a session is open.
void MainWindow::createSessionActions(QMenu *file) {
    reloadAction_ = file->addAction(tr("Re&load"), this, &MainWindow::reloadSession);
    reloadAction_->setShortcut(QKeySequence::Refresh);
    reloadAction_->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    reloadAction_->setToolTip(tr("Read the session's file again"));
    createExportMenu(file);
    file->addAction(reviewExporter_->action());
    connect(reviewExporter_, &ReviewExporter::statusMessage, statusBar(), &QStatusBar::showMessage);
    closeAction_ = file->addAction(tr("&Close"), this, &MainWindow::closeSession);
    closeAction_->setShortcut(QKeySequence::Close);
    closeAction_->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    updateSessionActions();
}

void MainWindow::createExportMenu(QMenu *file) {
    exportMenu_ = file->addMenu(tr("&Export"));
    exportMenu_->setToolTipsVisible(true);
    const std::initializer_list<std::pair<ExportJob::Format, QString>> formats = {
        {ExportJob::Format::SvgFlameGraph, tr("Flame Graph as &SVG…")},
        {ExportJob::Format::Speedscope, tr("speedscope &JSON…")},
        {ExportJob::Format::CollapsedStacks, tr("&Collapsed Stacks…")},
        {ExportJob::Format::Pprof, tr("&pprof Profile…")},
        {ExportJob::Format::FirefoxProfiler, tr("&Firefox Profiler…")},
    };
    for (const auto &[format, text] : formats) {
        QAction *action = exportMenu_->addAction(text, this, [this, f = format] { showExportDialog(f); });
        action->setToolTip(tr("Export what the views show, with the current filter"));
    }
}

void MainWindow::updateSessionActions() {
    const bool open = session_ != nullptr;
    closeAction_->setEnabled(open);
    reloadAction_->setEnabled(open);
    exportMenu_->setEnabled(open && !exporter_->isRunning());
}

void MainWindow::connectExportJob() {
    connect(exporter_, &ExportJob::started, this, [this] {
        updateSessionActions();
        statusBar()->showMessage(tr("Exporting…"));
    });
    connect(exporter_, &ExportJob::exported, this, [this](const QString &path) {
        updateSessionActions();
        statusBar()->showMessage(tr("Exported %1.").arg(QDir::toNativeSeparators(path)), 8000);
        emit exportFinished(path);
    });
    connect(exporter_, &ExportJob::failed, this, [this](const QString &message) {
        updateSessionActions();
        statusBar()->showMessage(tr("Export failed: %1").arg(message), 15000);
        emit exportFailed(message);
    });
}

void MainWindow::showExportDialog(ExportJob::Format format) {
    if (!session_) return;
    const QFileInfo source(session_->path);
    const QString proposed = source.absoluteDir().filePath(source.completeBaseName() + QLatin1Char('.') +
                                                           ExportJob::suffix(format));
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export"), proposed, ExportJob::fileFilter(format));
    if (!path.isEmpty()) exportSession(format, path);
}

void MainWindow::exportSession(ExportJob::Format format, const QString &path) {
    if (!session_) return;
    exporter_->exportSession(session_, format, path);
}

void MainWindow::closeSession() {
    showDocksHiddenForCounters();
    loader_->cancel();
    analyzer_->cancel();
    undoStack_->clear();
    session_.reset();
    reviewExporter_->setSession({});
    filter_ = SampleFilter();
    offCpuAction_->setVisible(false);
    callTreeModel_->setTree(nullptr, CostUnit::Count);
    bottomUpModel_->setTree(nullptr, CostUnit::Count);
    flameGraphModel_->setTrees(nullptr, nullptr, CostUnit::Count);
    summaryView_->setSession({});
    timelineView_->setSession({});
    callerCalleeView_->setSession({});
    sourceView_->setSession({});
    searchEverywhere_->setSession({});
    countersView_->setSession({});
    filterBar_->setSession({});
    updateFilterUi();
    updateEventPicker();
    sessionLabel_->clear();
    setWindowTitle(tr("Perfglass"));
    setWindowFilePath({});
    updateSessionActions();
    statusBar()->showMessage(tr("Session closed."), 5000);
    emit sessionClosed();
}

void MainWindow::reloadSession() {
    if (session_) openFile(session_->path);
}

// What the views show after a filter change, said so that it stays true: a cleared filter is the whole
// session.
QString MainWindow::filterAppliedMessage() const {
    if (!clearFilterAction_->isEnabled()) return tr("Showing the whole session.");
    return tr("Filter applied: %n sample(s) shown.", nullptr,
              static_cast<int>(session_->topDown->sampleCount()));
}

// A double click in a tree shows its node in the flame graph: zoomed into it when the flame graph shows the
// same kind of tree, else the function is searched for.
void MainWindow::showNodeInFlameGraph(CallTree::Kind kind, uint32_t node) {
    const bool sameTree =
        flameGraphModel_->tree() && (kind == CallTree::Kind::BottomUp) == flameGraphModel_->isBottomUp();
    if (sameTree) {
        flameGraphModel_->zoomTo(node);
        flameGraphDock_->show();
        flameGraphDock_->raise();
        return;
    }
    const auto &tree = kind == CallTree::Kind::BottomUp ? bottomUpModel_->tree() : callTreeModel_->tree();
    if (tree && node != CallTree::kRoot)
        showFunctionInFlameGraph(QString::fromStdString(tree->functionName(tree->node(node).function)));
}

void MainWindow::showRecordDialog() {
    if (recordingView_->recording()->isActive()) return;
    auto *dialog = new RecordDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The events checked in the Events dock are the recording's, while the dialog is open too (until the
    // user types other events).
    dialog->offerEvents(eventsView_->selectedEvents());
    connect(eventsView_, &EventsView::selectionChanged, dialog, &RecordDialog::offerEvents);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { startRecording(dialog->options()); });
    dialog->open();
}

void MainWindow::startRecording(const RecordOptions &options) {
    recordingView_->start(options);
}

void MainWindow::createMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    comparer_ = new SessionComparer(this);
    file->addAction(comparer_->compareAction()); // opens a second session, so beside Open
    createRecordAction(file);
    recentMenu_ = file->addMenu(tr("Open Rece&nt"));
    updateRecentMenu();
    createSessionActions(file);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = undoStack_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = undoStack_->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    clearFilterAction_ = edit->addAction(tr("&Clear Filter"), this, &MainWindow::clearFilter);
    clearFilterAction_->setToolTip(tr("Show the whole session in every view again"));
    clearFilterAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backspace));
    clearFilterAction_->setIcon(style()->standardIcon(QStyle::SP_DialogResetButton));
    clearFilterAction_->setEnabled(false);
    timelineView_->setClearAction(clearFilterAction_);
    edit->addSeparator();
    edit->addAction(comparer_->pinAction());
    edit->addAction(comparer_->compareSelectionAction());
    QAction *symbols = edit->addAction(tr("Symbol &Settings…"), this, &MainWindow::showSymbolSettings);
    symbols->setObjectName(QStringLiteral("symbolSettingsAction"));
    symbols->setToolTip(tr("Where binaries, debug files, kernel symbols and sources are looked for"));
    edit->addSeparator();
    createSearchEverywhere(edit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : docks())
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(frameActions_->hideKernelAction());
    createNamesAction(view);
    view->addMenu(grouping_->createMenu(view));
    view->addAction(grouping_->hideIdleAction());
    view->addSeparator();
    view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Perfglass"), this, [this] {
        QMessageBox::about(
            this, tr("About Perfglass"),
            tr("<h3>Perfglass %1</h3><p>A Linux profiler: records with perf_event_open, stores "
               "sessions as perf.data, shows them as flame graphs and call trees.</p>"
               "<p>License: GPL-2.0-or-later.</p>")
                .arg(QApplication::applicationVersion()));
    });
}

// Edit ▸ Search Everywhere (Ctrl+K, also on the tool bar): its matches go to the dock that had the focus.
void MainWindow::createSearchEverywhere(QMenu *edit) {
    searchEverywhere_ = new SearchEverywhere(this);
    searchEverywhereAction_ = edit->addAction(tr("Search &Everywhere…"));
    searchEverywhereAction_->setObjectName(QStringLiteral("searchEverywhereAction"));
    searchEverywhereAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    searchEverywhereAction_->setIcon(style()->standardIcon(QStyle::SP_FileDialogContentsView));
    searchEverywhereAction_->setToolTip(
        tr("Find functions, modules and source files in every view, and how much of the profile they take "
           "(Ctrl+K)"));
    connect(searchEverywhereAction_, &QAction::triggered, this, [this] {
        searchEverywhere_->show();
        searchEverywhere_->raise();
        searchEverywhere_->activateWindow();
        searchEverywhere_->field()->setFocus();
        searchEverywhere_->field()->selectAll();
    });
    connect(searchEverywhere_, &SearchEverywhere::chosen, this, &MainWindow::showSearchMatch);
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        for (QWidget *walk = now; walk; walk = walk->parentWidget())
            if (auto *dock = qobject_cast<QDockWidget *>(walk); dock && docks().contains(dock)) {
                focusedDock_ = dock;
                return;
            }
    });
}

// A chosen match of Search Everywhere, in the dock that had the focus: a function is selected in the call
// trees, shown in Caller/Callee, or highlighted in the flame graph (the default); a module or source file
// filters the call tree, or else the Caller/Callee function list.
void MainWindow::showSearchMatch(SearchEverywhere::Kind kind, uint32_t id, const QString &text) {
    if (!session_) return;
    QDockWidget *dock = focusedDock_;
    const bool tree = dock == topDownDock_ || dock == bottomUpDock_;
    CallTreeView *treeView = dock == bottomUpDock_ ? bottomUpView_ : topDownView_;
    if (kind == SearchEverywhere::Kind::Function && tree) {
        const CallTree &calls = *(dock == bottomUpDock_ ? bottomUpModel_ : callTreeModel_)->tree();
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

void MainWindow::createNamesAction(QMenu *view) {
    readableNamesAction_ = view->addAction(tr("Readable Na&mes"));
    readableNamesAction_->setObjectName(QStringLiteral("readableNames"));
    readableNamesAction_->setCheckable(true);
    readableNamesAction_->setToolTip(
        tr("Shorten C++ names: no default template arguments, template arguments as <…>, parameter lists "
           "only for overloads. Tooltips, copies and exports keep the full names."));
    const bool shown = QSettings().value(kReadableNamesKey, true).toBool();
    setReadableNamesShown(shown);
    readableNamesAction_->setChecked(shown);
    connect(readableNamesAction_, &QAction::toggled, this, &MainWindow::setReadableNames);
}

void MainWindow::setReadableNames(bool shown) {
    readableNamesAction_->setChecked(shown);
    if (shown == readableNamesShown()) return;
    QSettings().setValue(kReadableNamesKey, shown);
    setReadableNamesShown(shown);
    if (session_) showAnalysis(session_); // every view names its functions anew
}

void MainWindow::createToolBar() {
    sessionToolBar_ = addToolBar(tr("Session"));
    sessionToolBar_->setObjectName(QStringLiteral("sessionToolBar"));
    sessionToolBar_->setMovable(false);
    sessionToolBar_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    sessionToolBar_->addAction(recordAction_);
    sessionToolBar_->addSeparator();
    sessionToolBar_->addAction(searchEverywhereAction_);
    sessionToolBar_->addSeparator();
    QAction *undo = undoStack_->createUndoAction(sessionToolBar_, tr("Undo"));
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = undoStack_->createRedoAction(sessionToolBar_, tr("Redo"));
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    sessionToolBar_->addAction(undo);
    sessionToolBar_->addAction(redo); // Clear Filter is on the filter bar, next to what it clears
    sessionToolBar_->addSeparator();
    eventPicker_ = new QComboBox(sessionToolBar_);
    eventPicker_->setAccessibleName(tr("Event"));
    eventPicker_->setToolTip(
        tr("The event every view counts. Only events with samples are offered; events "
           "that were only counted (record --counters) are charted in the Counters dock."));
    eventPicker_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *label = new QLabel(tr(" Event: "), sessionToolBar_);
    label->setBuddy(eventPicker_);
    QAction *labelAction = sessionToolBar_->addWidget(label);
    QAction *pickerAction = sessionToolBar_->addWidget(eventPicker_);
    connect(eventPicker_, &QComboBox::activated, this,
            [this](int index) { selectEvent(eventPicker_->itemData(index).toInt()); });
    // Shown only for sessions with several events.
    const auto showPicker = [this, labelAction, pickerAction] {
        const bool several = eventPicker_->count() > 1;
        labelAction->setVisible(several);
        pickerAction->setVisible(several);
    };
    connect(this, &MainWindow::sessionLoaded, this, showPicker);
    connect(this, &MainWindow::sessionClosed, this, showPicker);
    labelAction->setVisible(false);
    pickerAction->setVisible(false);
    offCpuAction_ = sessionToolBar_->addAction(tr("Off-CPU Time"));
    offCpuAction_->setObjectName(QStringLiteral("offCpuTime"));
    offCpuAction_->setCheckable(true);
    offCpuAction_->setToolTip(
        tr("Count the time threads were blocked (off the CPU), at the stacks where they "
           "blocked, instead of the event's samples"));
    offCpuAction_->setVisible(false); // for sessions recorded with --off-cpu
    connect(offCpuAction_, &QAction::triggered, this, &MainWindow::setOffCpu);
    sessionToolBar_->addSeparator();
    sessionToolBar_->addAction(grouping_->groupByProcessAction());
    sessionToolBar_->addAction(grouping_->hideIdleAction());
}

// Off-CPU time is a way of counting, like an event: undoable, and the event picker leaves it.
void MainWindow::setOffCpu(bool on) {
    if (!session_ || session_->offCpuEvent < 0) return;
    SampleFilter filter = filter_;
    filter.cost = on ? CostKind::OffCpu : CostKind::Period;
    filter.offCpuTime = on ? session_->offCpuTime : nullptr;
    filter.event = on ? session_->offCpuEvent : session_->profile->firstSampledEvent();
    pushFilter(on ? tr("Show Off-CPU Time") : tr("Show On-CPU Samples"), filter);
}

void MainWindow::updateEventPicker() {
    const QSignalBlocker blocker(eventPicker_);
    eventPicker_->clear();
    if (!session_) return;
    // Events without samples (counted only) would empty every view; the current one stays so the picker
    // never names another event than the views count.
    const auto &events = session_->profile->events;
    for (size_t i = 0; i < events.size(); ++i) {
        if (events[i].samples == 0 && static_cast<int>(i) != session_->event) continue;
        eventPicker_->addItem(QString::fromStdString(events[i].name), static_cast<int>(i));
        eventPicker_->setItemData(eventPicker_->count() - 1,
                                  tr("%n sample(s)", nullptr, static_cast<int>(events[i].samples)),
                                  Qt::ToolTipRole);
    }
    eventPicker_->setCurrentIndex(eventPicker_->findData(session_->event));
}

void MainWindow::pushFilter(const QString &text, const SampleFilter &filter) {
    if (!session_) return;
    undoStack_->push(
        new FilterCommand(text, filter_, filter, [this](const SampleFilter &f) { applyFilter(f); }));
}

void MainWindow::applyFilter(const SampleFilter &filter) {
    filter_ = grouping_->applied(filter); // view settings, not undone with the filter
    updateFilterUi();
    {
        const QSignalBlocker blocker(eventPicker_);
        const int index = eventPicker_->findData(filter_.event);
        if (index >= 0) eventPicker_->setCurrentIndex(index);
    }
    if (session_) analyzer_->analyze(session_, filter_);
}

void MainWindow::selectTimeRange(uint64_t start, uint64_t end) {
    if (!session_ || end <= start) return;
    SampleFilter filter = filter_;
    filter.startTime = start;
    filter.endTime = end;
    pushFilter(tr("Select Time Range"), filter);
}

void MainWindow::selectEvent(int event) {
    if (!session_ || event < 0 || static_cast<size_t>(event) >= session_->profile->events.size() ||
        event == filter_.event || session_->profile->events[static_cast<size_t>(event)].samples == 0)
        return;
    SampleFilter filter = filter_;
    filter.event = event;
    filter.cost = CostKind::Period;
    filter.offCpuTime.reset();
    pushFilter(
        tr("Show %1").arg(QString::fromStdString(session_->profile->events[static_cast<size_t>(event)].name)),
        filter);
}

void MainWindow::clearFilter() {
    SampleFilter filter;
    filter.event = filter_.event;
    filter.cost = filter_.cost;
    pushFilter(tr("Clear Filter"), filter);
}

void MainWindow::createFilterBar() {
    addToolBarBreak();
    filterBar_ = new FilterBar(frameActions_, clearFilterAction_, this);
    addToolBar(filterBar_);
    connect(filterBar_, &FilterBar::filterRequested, this, &MainWindow::pushFilter);
    connect(frameActions_, &FrameActions::transformRequested, this, &MainWindow::addTransform);
    connect(frameActions_, &FrameActions::hideKernelToggled, this, &MainWindow::setHideKernel);
    frameActions_->attach(flameGraphView_->graph());
    frameActions_->attach(topDownView_);
    frameActions_->attach(bottomUpView_);
    frameActions_->attach(callerCalleeView_);
    connectThreadFilters();
}

void MainWindow::connectThreadFilters() {
    TimelineWidget *timeline = timelineView_->timeline();
    connect(timeline, &TimelineWidget::showOnlyThreadRequested, this,
            [this](uint32_t, uint32_t tid, const QString &label) {
                pushFilter(tr("Show only thread %1").arg(label), withOnlyThread(filter_, tid));
            });
    connect(timeline, &TimelineWidget::showOnlyProcessRequested, this,
            [this](uint32_t pid, const QString &label) {
                pushFilter(tr("Show only process %1").arg(label), withOnlyProcess(filter_, pid));
            });
    connect(timeline, &TimelineWidget::hideThreadRequested, this,
            [this](uint32_t, uint32_t tid, const QString &label) {
                if (!session_) return;
                if (const auto filter = withoutThread(filter_, *session_->profile, tid))
                    pushFilter(tr("Hide thread %1").arg(label), *filter);
                else
                    statusBar()->showMessage(tr("The last thread shown cannot be hidden."), 5000);
            });
    connect(timeline, &TimelineWidget::showOnlyCpuRequested, this, [this](uint32_t cpu) {
        if (session_)
            pushFilter(tr("Show only CPU %1").arg(cpu), withCpus(filter_, *session_->profile, {cpu}));
    });
    connect(timeline, &TimelineWidget::showThreadRequested, this,
            [this](uint32_t pid, uint32_t tid, const QString &label) {
                if (session_)
                    pushFilter(tr("Show thread %1").arg(label),
                               withThread(filter_, *session_->profile, pid, tid));
            });
}

void MainWindow::addTransform(const Transform &transform, const QString &text) {
    if (const auto filter = withTransform(filter_, transform)) pushFilter(text, *filter);
}

void MainWindow::setHideKernel(bool hide) {
    if (hide == hidesKernel(filter_)) return;
    if (hide)
        addTransform(Transform::hideKernel(), tr("Hide kernel frames"));
    else
        pushFilter(tr("Show kernel frames"), withoutKernelHiding(filter_));
}

void MainWindow::updateFilterUi() {
    clearFilterAction_->setEnabled(filter_.startTime || filter_.endTime || !filter_.pids.empty() ||
                                   !filter_.tids.empty() || !filter_.cpus.empty() ||
                                   !filter_.transforms.empty());
    frameActions_->hideKernelAction()->setChecked(hidesKernel(filter_));
    offCpuAction_->setChecked(filter_.cost == CostKind::OffCpu);
    filterBar_->setFilter(filter_);
}

void MainWindow::createStatusBar() {
    sessionLabel_ = new QLabel(this);
    sessionLabel_->setObjectName(QStringLiteral("sessionLabel"));
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(240);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("%p %"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop loading this session"));
    connect(cancel_, &QPushButton::clicked, loader_, &LoadJob::cancel);
    statusBar()->addPermanentWidget(sessionLabel_);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    setLoading(false);
}

void MainWindow::setLoading(bool loading) {
    progress_->setVisible(loading);
    cancel_->setVisible(loading);
    if (loading) progress_->setValue(0);
}

void MainWindow::showOpenDialog() {
    const QString start = session_ ? QFileInfo(session_->path).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Session"), start,
        tr("perf.data sessions and their archives (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst "
           "*.tar);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::openFile(const QString &path) {
    lastError_.clear();
    liveLoad_ = false;
    loader_->load(path);
}

void MainWindow::showAnalysis(std::shared_ptr<const LoadedSession> session) {
    session_ = std::move(session);
    callTreeModel_->setTree(session_->topDown, session_->costUnit);
    bottomUpModel_->setTree(session_->bottomUp, session_->costUnit);
    flameGraphModel_->setTrees(session_->topDown, session_->bottomUp, session_->costUnit);
    summaryView_->setSession(session_);
    timelineView_->setSession(session_);
    callerCalleeView_->setSession(session_);
    sourceView_->setSession(session_);
    searchEverywhere_->setSession(session_);
    filterBar_->setSession(session_);
    sessionLabel_->setText(
        session_->profile->countersOnly()
            ? tr("Counters only, no samples")
            : tr("%n sample(s) of %1", nullptr, static_cast<int>(session_->topDown->sampleCount()))
                  .arg(QString::fromStdString(session_->eventName)));
}

void MainWindow::onLoaded(std::shared_ptr<const LoadedSession> session) {
    setLoading(false);
    analyzer_->cancel();
    undoStack_->clear();
    filter_ = session->filter;
    callerCalleeView_->setSession({});
    sourceView_->setSession({});
    showAnalysis(std::move(session));
    updateFilterUi();
    updateEventPicker();
    countersView_->setSession(session_);
    fitFlameGraphDock();
    const QString name = QFileInfo(session_->path).fileName();
    setWindowTitle(tr("%1 — Perfglass").arg(name));
    setWindowFilePath(session_->path);
    const auto &diagnostics = session_->profile->diagnostics;
    if (diagnostics.lostSamples > 0)
        statusBar()->showMessage(tr("Opened %1; %n sample(s) were lost while recording.", nullptr,
                                    static_cast<int>(diagnostics.lostSamples))
                                     .arg(name));
    else
        statusBar()->showMessage(tr("Opened %1.").arg(name), 5000);
    if (!session_->openNotices.isEmpty())
        statusBar()->showMessage(
            tr("Opened %1: %2").arg(name, session_->openNotices.join(QStringLiteral("; "))), 10000);
    addRecentFile(session_->path);
    reviewExporter_->setSession(session_);
    updateSessionActions();
    StartupTiming::mark("session loaded");
    offCpuAction_->setVisible(session_->offCpuEvent >= 0);
    applyGrouping();
    emit sessionLoaded();
}

// A system-wide session opens grouped by process unless the user chose otherwise for such sessions.
void MainWindow::applyGrouping() {
    grouping_->setSystemWide(TimelineRows::isSystemWide(*session_->profile, *session_->timeline));
    const SampleFilter wanted = grouping_->applied(filter_);
    if (wanted.grouping != filter_.grouping || wanted.hideIdle != filter_.hideIdle) applyFilter(wanted);
}

void MainWindow::onFailed(const QString &message) {
    const QString path = loader_->currentPath();
    setLoading(false);
    if (liveLoad_) { // a live view of a recording: the next reload may succeed, the end surely will
        statusBar()->showMessage(tr("Live view: %1").arg(message), RecordingView::kLiveIntervalMs);
        return;
    }
    lastError_ = message;
    statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()));
    // Not exec(): the UI keeps running, and tests can find and close the box.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not open the session"),
                                tr("Perfglass could not open %1.").arg(path), QMessageBox::Ok, this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit loadFailed(message);
}

void MainWindow::onCancelled() {
    setLoading(false);
    statusBar()->showMessage(
        tr("Loading %1 was cancelled.").arg(QFileInfo(loader_->currentPath()).fileName()), 5000);
}

void MainWindow::showFunctionInFlameGraph(const QString &name) {
    flameGraphModel_->resetZoom();
    flameGraphView_->searchField()->setText(name);
    flameGraphDock_->show();
    flameGraphDock_->raise();
}

QStringList MainWindow::recentFiles() const {
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::addRecentFile(const QString &path) {
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecentKey, files);
    updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
    recentMenu_->clear();
    const QStringList files = recentFiles();
    for (qsizetype i = 0; i < files.size(); ++i) {
        const QString &path = files[i];
        const QString label = i < 9 ? QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName())
                                    : QFileInfo(path).fileName();
        QAction *action = recentMenu_->addAction(label, this, [this, path] { openFile(path); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("&Clear List"), this, [this] {
            QSettings().remove(kRecentKey);
            updateRecentMenu();
        });
    }
    recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::fitFlameGraphDock() {
    showDocksHiddenForCounters();
    if (flameGraphDock_->isFloating() || topDownDock_->isFloating()) return;
    // A session of counter series only (stat -o): the views of samples have nothing to show, so they are
    // hidden (until a session with samples opens, or View > Reset Layout) and the charts get their room;
    // the Summary stays below them. Docks the user floated are left alone.
    if (session_->profile->countersOnly()) {
        const int height = timelineDock_->height() + flameGraphDock_->height() + topDownDock_->height();
        for (QDockWidget *dock :
             {timelineDock_, flameGraphDock_, topDownDock_, bottomUpDock_, callerCalleeDock_}) {
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
    // A shallow flame graph keeps its height: its root row sits at the bottom, as in every flame graph.
}

// The docks a counters-only session hid come back: another session opens, it closes, or the window saves
// its layout.
void MainWindow::showDocksHiddenForCounters() {
    for (QDockWidget *dock : std::as_const(hiddenForCounters_))
        dock->show();
    if (!hiddenForCounters_.isEmpty()) {
        flameGraphDock_->raise();
        topDownDock_->raise();
    }
    hiddenForCounters_.clear();
}

void MainWindow::resetLayout() {
    hiddenForCounters_.clear();
    for (QDockWidget *dock : docks()) {
        dock->setFloating(false);
        dock->show();
    }
    restoreState(defaultState_, kStateVersion);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kStateVersion));
}

void MainWindow::restoreSettings() {
    QSettings settings;
    const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        QSize size(1400, 900);
        if (const QScreen *screen = QGuiApplication::primaryScreen())
            size = size.boundedTo(screen->availableSize() * 0.9);
        resize(size);
    }
    const QByteArray state = settings.value(kStateKey).toByteArray();
    if (!state.isEmpty()) restoreState(state, kStateVersion);
    setSymbolSettings(SymbolSettings::load(settings), false);
}

void MainWindow::showSymbolSettings() {
    auto *dialog = new SymbolSettingsDialog(symbolSettings_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { setSymbolSettings(dialog->settings(), true); });
    dialog->open();
}

void MainWindow::setSymbolSettings(const SymbolSettings &settings, bool persist) {
    if (persist) {
        QSettings stored;
        settings.save(stored);
    }
    // Source paths are read by the Source and Disassembly dock only: no need to load the session again.
    SymbolSettings withOldSources = settings;
    withOldSources.sourcePaths = symbolSettings_.sourcePaths;
    const bool changed = !(withOldSources == symbolSettings_);
    symbolSettings_ = settings;
    LoadOptions options = loader_->loadOptions();
    symbolSettings_.applyTo(options);
    // debuginfod downloads, said in the status bar as they go (from a loading thread); Cancel stops them.
    options.debuginfodProgress = [this](const std::string &module, long done, long total) {
        const QString name = QFileInfo(QString::fromStdString(module)).fileName();
        QMetaObject::invokeMethod(
            this,
            [this, name, done, total] {
                statusBar()->showMessage(
                    total > 0 ? tr("Downloading the debug file of %1 from debuginfod: %2 of %3 kB")
                                    .arg(name, QLocale().toString(qlonglong(done / 1024)),
                                         QLocale().toString(qlonglong(total / 1024)))
                              : tr("Downloading the debug file of %1 from debuginfod…").arg(name));
            },
            Qt::QueuedConnection);
        return true;
    };
    sourceView_->setSymbolOptions(options);
    loader_->setLoadOptions(std::move(options));
    if (changed && session_) reloadSession();
}

// A folder chosen in the Source and Disassembly dock serves this window; saved into the symbol settings, it
// serves the next sessions too.
void MainWindow::offerToSaveSourceFolder(const QString &folder) {
    if (symbolSettings_.sourcePaths.contains(folder)) return;
    auto *box =
        new QMessageBox(QMessageBox::Question, tr("Source Folder"),
                        tr("Add %1 to the source paths of the Symbol Settings, for later sessions too?")
                            .arg(QDir::toNativeSeparators(folder)),
                        QMessageBox::Save | QMessageBox::Discard, this);
    box->setObjectName(QStringLiteral("saveSourceFolder"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    connect(box, &QMessageBox::accepted, this, [this, folder] {
        SymbolSettings settings = symbolSettings_;
        settings.sourcePaths << folder;
        setSymbolSettings(settings, true);
    });
    box->open();
}

void MainWindow::closeEvent(QCloseEvent *event) {
    loader_->cancel();
    showDocksHiddenForCounters(); // the layout saved is the usual one
    saveSettings();
    event->accept();
}

void MainWindow::resizeEvent(QResizeEvent *event) {
    QMainWindow::resizeEvent(event);
    heightKeeper_->windowResized();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) openFile(urls.first().toLocalFile());
}

} // namespace perfglass
