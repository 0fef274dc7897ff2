#include "MainWindow.h"

#include "EventsView.h"
#include "FilterEdits.h"
#include "FrameActions.h"
#include "FunctionNames.h"
#include "ProcessGroupingActions.h"
#include "RecordDialog.h"
#include "RecordingJob.h"
#include "RecordingView.h"
#include "ReviewExporter.h"
#include "SessionComparer.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "SourceDisassemblyView.h"
#include "StartupTiming.h"
#include "SymbolSettingsDialog.h"
#include "TimelineRows.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
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
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>

namespace perfglass {

namespace {
// 4: the session's docks are on a page of their own; the window keeps Events and Recording
constexpr int kStateVersion = 4;
constexpr int kMaxRecentFiles = 10;
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kPageStateKey = QStringLiteral("mainWindow/pageState");
const QString kReadableNamesKey = QStringLiteral("view/readableNames");
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , tabs_(new QTabWidget(this))
    , undoGroup_(new QUndoGroup(this))
    , frameActions_(new FrameActions(this))
    , grouping_(new ProcessGroupingActions(this))
    , reviewExporter_(new ReviewExporter(this)) {
    setWindowTitle(tr("Perfglass"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/perfglass.png")));
    setAcceptDrops(true);
    frameActions_->setObjectName(QStringLiteral("frameActions"));
    tabs_->setObjectName(QStringLiteral("sessionTabs"));
    tabs_->setDocumentMode(true);
    tabs_->setTabsClosable(true);
    tabs_->setMovable(true);
    tabs_->setTabBarAutoHide(true);
    setCentralWidget(tabs_);
    createEventsDock();
    createRecordingDock();
    createMenus();
    createToolBar();
    createStatusBar();
    connect(tabs_, &QTabWidget::currentChanged, this, &MainWindow::pageChanged);
    connect(tabs_, &QTabWidget::tabCloseRequested, this,
            [this](int index) { closePage(qobject_cast<SessionPage *>(tabs_->widget(index))); });
    connect(grouping_, &ProcessGroupingActions::changed, this, [this] {
        currentPage()->document()->setViewSettings(grouping_->grouping(),
                                                   grouping_->hideIdleAction()->isChecked());
    });
    connect(frameActions_, &FrameActions::transformRequested, this, &MainWindow::addTransform);
    connect(frameActions_, &FrameActions::hideKernelToggled, this, &MainWindow::setHideKernel);
    connect(frameActions_, &FrameActions::sourceRequested, this,
            [this](FunctionId function) { currentPage()->showSource(function); });
    defaultState_ = saveState(kStateVersion);
    restoreSettings();
    addPage();
}

MainWindow::~MainWindow() = default;

SessionPage *MainWindow::currentPage() const {
    return qobject_cast<SessionPage *>(tabs_->currentWidget());
}

QList<SessionPage *> MainWindow::pages() const {
    QList<SessionPage *> result;
    for (int i = 0; i < tabs_->count(); ++i)
        result << qobject_cast<SessionPage *>(tabs_->widget(i));
    return result;
}

const std::shared_ptr<const SessionAnalysis> &MainWindow::session() const {
    static const std::shared_ptr<const SessionAnalysis> none;
    const SessionPage *page = currentPage();
    return page ? page->document()->analysis() : none;
}

const SampleFilter &MainWindow::filter() const {
    return currentPage()->document()->filter();
}

SessionPage *MainWindow::addPage() {
    auto *page = new SessionPage(frameActions_, clearFilterAction_, tabs_);
    if (!pageLayout_.isEmpty()) page->restoreState(pageLayout_, SessionPage::kStateVersion);
    undoGroup_->addStack(page->document()->undoStack());
    connectPage(page);
    connectDocument(page);
    const LoadOptions options = loadOptions();
    page->document()->setLoadOptions(options, symbolSettings_);
    page->sourceView()->setSymbolOptions(options); // as setSymbolSettings gives the pages already open
    tabs_->addTab(page, tr("No session"));
    tabs_->setCurrentWidget(page);
    return page;
}

void MainWindow::connectPage(SessionPage *page) {
    connect(page, &SessionPage::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(page, &SessionPage::symbolSettingsRequested, this, &MainWindow::showSymbolSettings);
    connect(page, &SessionPage::compareTimeRangeRequested, this,
            [this, page](uint64_t start, uint64_t end) { compareTimeRange(page, start, end); });
    connect(page, &SessionPage::sourceFolderChosen, this, &MainWindow::offerToSaveSourceFolder);
}

void MainWindow::connectDocument(SessionPage *page) {
    SessionDocument *document = page->document();
    connect(document, &SessionDocument::loadStarted, this, [this, document] {
        setLoading(true);
        statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(document->loadingPath()).fileName()));
    });
    connect(document, &SessionDocument::loadProgress, this,
            [this](double fraction) { progress_->setValue(static_cast<int>(fraction * 1000)); });
    connect(document, &SessionDocument::loaded, this,
            [this, page](bool reloaded) { onLoaded(page, reloaded); });
    connect(document, &SessionDocument::loadFailed, this,
            [this, page](const QString &message) { onFailed(page, message); });
    connect(document, &SessionDocument::loadCancelled, this, [this, document] {
        setLoading(false);
        statusBar()->showMessage(
            tr("Loading %1 was cancelled.").arg(QFileInfo(document->loadingPath()).fileName()), 5000);
    });
    connect(document, &SessionDocument::analysisStarted, this,
            [this] { statusBar()->showMessage(tr("Applying the filter…")); });
    connect(document, &SessionDocument::analysisFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Could not apply the filter: %1").arg(message));
    });
    connect(document, &SessionDocument::analysisChanged, this, [this, page] {
        if (page != currentPage()) return;
        updateTitle();
        searchEverywhere_->setSession(session());
        reviewExporter_->setSession(session());
    });
    connect(document, &SessionDocument::filterApplied, this, [this, page] {
        if (page != currentPage()) return;
        statusBar()->showMessage(page->filterAppliedMessage(), 5000);
        emit filterApplied();
    });
    connect(document, &SessionDocument::filterChanged, this, [this, page] {
        if (page == currentPage()) updateFilterActions();
    });
    connect(document, &SessionDocument::filterCarried, this,
            [this](const QString &message) { statusBar()->showMessage(message, 10000); });
    ExportJob *exporter = document->exporter();
    connect(exporter, &ExportJob::started, this, [this] {
        updateSessionActions();
        statusBar()->showMessage(tr("Exporting…"));
    });
    connect(exporter, &ExportJob::exported, this, [this](const QString &path) {
        updateSessionActions();
        statusBar()->showMessage(tr("Exported %1.").arg(QDir::toNativeSeparators(path)), 8000);
        emit exportFinished(path);
    });
    connect(exporter, &ExportJob::failed, this, [this](const QString &message) {
        updateSessionActions();
        statusBar()->showMessage(tr("Export failed: %1").arg(message), 15000);
        emit exportFailed(message);
    });
}

SessionPage *MainWindow::pageShowing(const QString &path) const {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    for (SessionPage *page : pages())
        if (page->document()->isOpen() && page->document()->file()->path == absolute) return page;
    return nullptr;
}

// The page shown when it is empty (and loads nothing), else a new one.
SessionPage *MainWindow::pageForNewFile() {
    SessionPage *page = currentPage();
    if (page && !page->document()->isOpen() && !page->document()->isLoading()) return page;
    return addPage();
}

void MainWindow::openFile(const QString &path) {
    lastError_.clear();
    if (SessionPage *page = pageShowing(path)) {
        tabs_->setCurrentWidget(page);
        page->document()->reload();
        return;
    }
    pageForNewFile()->document()->open(path);
}

void MainWindow::showOpenDialog() {
    const QString start = session() ? QFileInfo(session()->file->path).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Session"), start,
        tr("perf.data sessions and their archives (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst "
           "*.tar);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::closeSession() {
    closePage(currentPage());
}

// The last page is not closed but emptied: the window always has one.
void MainWindow::closePage(SessionPage *page) {
    if (!page) return;
    page->document()->cancel();
    const bool wasOpen = page->document()->isOpen();
    if (livePage_ == page) livePage_.clear();
    const int index = tabs_->indexOf(page);
    if (tabs_->count() == 1) addPage();
    tabs_->removeTab(index);
    page->hide();
    page->setParent(nullptr); // gone from the window now; deleted once its signals are delivered
    page->deleteLater();
    if (wasOpen) statusBar()->showMessage(tr("Session closed."), 5000);
    emit sessionClosed();
}

void MainWindow::reloadSession() {
    if (session()) currentPage()->document()->reload();
}

void MainWindow::pageChanged() {
    SessionPage *page = currentPage();
    if (!page) return;
    undoGroup_->setActiveStack(page->document()->undoStack());
    searchEverywhere_->setSession(session());
    reviewExporter_->setSession(session());
    if (session()) applyGrouping();
    updateFilterActions();
    updateEventPicker();
    updateSessionActions();
    updateTitle();
    emit currentPageChanged();
}

void MainWindow::onLoaded(SessionPage *page, bool reloaded) {
    setLoading(false);
    const auto &file = page->document()->file();
    const QString name = QFileInfo(file->path).fileName();
    tabs_->setTabText(tabs_->indexOf(page), name);
    tabs_->setTabToolTip(tabs_->indexOf(page), QDir::toNativeSeparators(file->path));
    if (page == currentPage()) pageChanged();
    if (reloaded && page->document()->isLiveRefresh()) {
        emit sessionLoaded();
        return;
    }
    const auto &diagnostics = file->profile->diagnostics;
    if (diagnostics.lostSamples > 0)
        statusBar()->showMessage(tr("Opened %1; %n sample(s) were lost while recording.", nullptr,
                                    static_cast<int>(diagnostics.lostSamples))
                                     .arg(name));
    else
        statusBar()->showMessage(tr("Opened %1.").arg(name), 5000);
    if (!file->openNotices.isEmpty())
        statusBar()->showMessage(tr("Opened %1: %2").arg(name, file->openNotices.join(QStringLiteral("; "))),
                                 10000);
    addRecentFile(file->path);
    StartupTiming::mark("session loaded");
    emit sessionLoaded();
}

// A system-wide session is grouped by process unless the user chose otherwise for such sessions.
void MainWindow::applyGrouping() {
    const auto &analysis = session();
    grouping_->setSystemWide(TimelineRows::isSystemWide(*analysis->profile(), *analysis->timeline));
    currentPage()->document()->setViewSettings(grouping_->grouping(),
                                               grouping_->hideIdleAction()->isChecked());
}

void MainWindow::onFailed(SessionPage *page, const QString &message) {
    const QString path = page->document()->loadingPath();
    setLoading(false);
    if (page->document()->isLiveRefresh()) { // the next refresh may succeed, the end surely will
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

void MainWindow::updateTitle() {
    const auto &analysis = session();
    if (!analysis) {
        setWindowTitle(tr("Perfglass"));
        setWindowFilePath({});
        sessionLabel_->clear();
        return;
    }
    setWindowTitle(tr("%1 — Perfglass").arg(QFileInfo(analysis->file->path).fileName()));
    setWindowFilePath(analysis->file->path);
    sessionLabel_->setText(
        analysis->profile()->countersOnly()
            ? tr("Counters only, no samples")
            : tr("%n sample(s) of %1", nullptr, static_cast<int>(analysis->topDown->sampleCount()))
                  .arg(QString::fromStdString(analysis->eventName)));
}

void MainWindow::exportSession(ExportJob::Format format, const QString &path) {
    currentPage()->document()->exportTo(format, path);
}

void MainWindow::showExportDialog(ExportJob::Format format) {
    if (!session()) return;
    const QFileInfo source(session()->file->path);
    const QString proposed = source.absoluteDir().filePath(source.completeBaseName() + QLatin1Char('.') +
                                                           ExportJob::suffix(format));
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export"), proposed, ExportJob::fileFilter(format));
    if (!path.isEmpty()) exportSession(format, path);
}

void MainWindow::selectTimeRange(uint64_t start, uint64_t end) {
    currentPage()->selectTimeRange(start, end);
}

// The heat map's Ctrl-drag: what the views show now becomes the baseline (Edit ▸ Use Selection as Baseline),
// the dragged range the views' filter, and once it is applied the comparison window compares the two.
void MainWindow::compareTimeRange(SessionPage *page, uint64_t start, uint64_t end) {
    if (page != currentPage() || !session()) return;
    comparer_->pinSelection();
    connect(page->document(), &SessionDocument::filterApplied, comparer_, &SessionComparer::compareSelection,
            Qt::SingleShotConnection);
    page->selectTimeRange(start, end);
}

void MainWindow::selectEvent(int event) {
    currentPage()->selectEvent(event);
}

void MainWindow::clearFilter() {
    currentPage()->clearFilter();
}

void MainWindow::addTransform(const Transform &transform, const QString &text) {
    currentPage()->addTransform(transform, text);
}

void MainWindow::setHideKernel(bool hide) {
    currentPage()->setHideKernel(hide);
}

void MainWindow::setReadableNames(bool shown) {
    if (shown == readableNamesShown()) return;
    QSettings().setValue(kReadableNamesKey, shown);
    setReadableNamesShown(shown);
    for (SessionPage *page : pages())
        page->document()->refresh(); // every view names its functions anew
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
    livePage_.clear();
    recordingView_->start(options);
}

// The Events dock: every event this machine offers, to choose the events of a recording. Hidden until asked
// for (View ▸ Events); it lists and probes the events when first shown.
void MainWindow::createEventsDock() {
    eventsView_ = new EventsView(this);
    eventsView_->setObjectName(QStringLiteral("eventsView"));
    auto *dock = new QDockWidget(tr("Events"), this);
    dock->setObjectName(QStringLiteral("eventsDock"));
    dock->setWidget(eventsView_);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    dock->hide();
}

// The Recording dock, beside the Events dock and hidden until a recording starts. Its live view reads the
// partly written file into one page, which keeps its filter across refreshes.
void MainWindow::createRecordingDock() {
    recordingView_ = new RecordingView(this);
    recordingView_->setObjectName(QStringLiteral("recordingView"));
    recordingDock_ = new QDockWidget(tr("Recording"), this);
    recordingDock_->setObjectName(QStringLiteral("recordingDock"));
    recordingDock_->setWidget(recordingView_);
    addDockWidget(Qt::BottomDockWidgetArea, recordingDock_);
    recordingDock_->hide();
    connect(recordingView_, &RecordingView::activeChanged, this, [this](bool active) {
        recordAction_->setEnabled(!active);
        if (!active) return;
        statusBar()->showMessage(tr("Recording…"));
        recordingDock_->show();
        recordingDock_->raise();
    });
    connect(recordingView_, &RecordingView::sessionRecorded, this, [this](const QString &path) {
        statusBar()->showMessage(tr("Recorded %1.").arg(QFileInfo(path).fileName()), 5000);
        if (livePage_ && !livePage_->document()->isOpen())
            livePage_->document()->open(path);
        else
            openFile(path);
    });
    connect(recordingView_, &RecordingView::liveUpdate, this, [this](const QString &path) {
        lastError_.clear();
        if (!livePage_) livePage_ = pageShowing(path) ? pageShowing(path) : pageForNewFile();
        livePage_->document()->refreshLive(path);
    });
    connect(recordingView_, &RecordingView::recordingFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Recording failed: %1").arg(message));
    });
}

void MainWindow::createMenus() {
    createFileMenu();
    createEditMenu();
    createViewMenu();
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

void MainWindow::createFileMenu() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    comparer_ = new SessionComparer(this);
    createCompareMenu(file); // opens a second session, so beside Open
    recordAction_ = file->addAction(tr("&Record…"), this, &MainWindow::showRecordDialog);
    recordAction_->setObjectName(QStringLiteral("recordAction"));
    recordAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    recordAction_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    recordAction_->setToolTip(tr("Record a program, running processes or the whole system"));
    recentMenu_ = file->addMenu(tr("Open Rece&nt"));
    updateRecentMenu();
    createSessionActions(file);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
}

// File ▸ Compare With: another file, or any other open session.
void MainWindow::createCompareMenu(QMenu *file) {
    file->addAction(comparer_->compareAction());
    QMenu *openSessions = file->addMenu(tr("Compare with Open Sess&ion"));
    openSessions->setObjectName(QStringLiteral("compareOpenMenu"));
    connect(openSessions, &QMenu::aboutToShow, this, [this, openSessions] {
        openSessions->clear();
        for (SessionPage *page : pages()) {
            if (page == currentPage() || !page->document()->analysis()) continue;
            const auto analysis = page->document()->analysis();
            openSessions->addAction(tabs_->tabText(tabs_->indexOf(page)), this,
                                    [this, analysis] { comparer_->compareWithSession(analysis); });
        }
        if (openSessions->isEmpty())
            openSessions->addAction(tr("No other session is open"))->setEnabled(false);
    });
    sessionActions_ << openSessions->menuAction();
}

// File ▸ Close and Reload, and the Export submenu; enabled while a session is shown.
void MainWindow::createSessionActions(QMenu *file) {
    QAction *reload = file->addAction(tr("Re&load"), this, &MainWindow::reloadSession);
    reload->setObjectName(QStringLiteral("reloadAction"));
    reload->setShortcut(QKeySequence::Refresh);
    reload->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    reload->setToolTip(tr("Read the session's file again"));
    createExportMenu(file);
    file->addAction(reviewExporter_->action());
    connect(reviewExporter_, &ReviewExporter::statusMessage, statusBar(), &QStatusBar::showMessage);
    QAction *close = file->addAction(tr("&Close"), this, &MainWindow::closeSession);
    close->setObjectName(QStringLiteral("closeAction"));
    close->setShortcut(QKeySequence::Close);
    close->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    sessionActions_ << reload << close;
    updateSessionActions();
}

void MainWindow::createExportMenu(QMenu *file) {
    exportMenu_ = file->addMenu(tr("&Export"));
    exportMenu_->setObjectName(QStringLiteral("exportMenu"));
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
    const bool open = session() != nullptr;
    for (QAction *action : std::as_const(sessionActions_))
        action->setEnabled(open);
    exportMenu_->setEnabled(open && !currentPage()->document()->exporter()->isRunning());
}

void MainWindow::createEditMenu() {
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = undoGroup_->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = undoGroup_->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    clearFilterAction_ = edit->addAction(tr("&Clear Filter"), this, &MainWindow::clearFilter);
    clearFilterAction_->setObjectName(QStringLiteral("clearFilterAction"));
    clearFilterAction_->setToolTip(tr("Show the whole session in every view again"));
    clearFilterAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backspace));
    clearFilterAction_->setIcon(style()->standardIcon(QStyle::SP_DialogResetButton));
    clearFilterAction_->setEnabled(false);
    edit->addSeparator();
    edit->addAction(comparer_->pinAction());
    edit->addAction(comparer_->compareSelectionAction());
    QAction *symbols = edit->addAction(tr("Symbol &Settings…"), this, &MainWindow::showSymbolSettings);
    symbols->setObjectName(QStringLiteral("symbolSettingsAction"));
    symbols->setToolTip(tr("Where binaries, debug files, kernel symbols and sources are looked for"));
    edit->addSeparator();
    searchEverywhere_ = new SearchEverywhere(this);
    searchEverywhereAction_ = edit->addAction(tr("Search &Everywhere…"));
    searchEverywhereAction_->setObjectName(QStringLiteral("searchEverywhereAction"));
    searchEverywhereAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    searchEverywhereAction_->setIcon(style()->standardIcon(QStyle::SP_FileDialogContentsView));
    searchEverywhereAction_->setToolTip(
        tr("Find functions, modules and source files in every view, and how much of the profile they take "
           "(Ctrl+K)"));
    connect(searchEverywhereAction_, &QAction::triggered, searchEverywhere_, &SearchEverywhere::present);
    connect(searchEverywhere_, &SearchEverywhere::chosen, this,
            [this](SearchEverywhere::Kind kind, uint32_t id, const QString &text) {
                currentPage()->showSearchMatch(kind, id, text);
            });
}

void MainWindow::createViewMenu() {
    QMenu *view = menuBar()->addMenu(tr("&View"));
    // The docks of the page shown, listed when the menu opens (each page has its own).
    QMenu *docks = view->addMenu(tr("&Docks"));
    connect(docks, &QMenu::aboutToShow, this, [this, docks] {
        docks->clear();
        for (QDockWidget *dock : currentPage()->docks())
            docks->addAction(dock->toggleViewAction());
    });
    for (QDockWidget *dock : findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly))
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(frameActions_->hideKernelAction());
    QAction *names = view->addAction(tr("Readable Na&mes"));
    names->setObjectName(QStringLiteral("readableNames"));
    names->setCheckable(true);
    names->setToolTip(
        tr("Shorten C++ names: no default template arguments, template arguments as <…>, "
           "parameter lists only for overloads. Tooltips, copies and exports keep the full names."));
    const bool shown = QSettings().value(kReadableNamesKey, true).toBool();
    setReadableNamesShown(shown);
    names->setChecked(shown);
    connect(names, &QAction::toggled, this, &MainWindow::setReadableNames);
    view->addMenu(grouping_->createMenu(view));
    view->addAction(grouping_->hideIdleAction());
    view->addSeparator();
    view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
}

void MainWindow::createToolBar() {
    QToolBar *bar = addToolBar(tr("Session"));
    bar->setObjectName(QStringLiteral("sessionToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(recordAction_);
    bar->addSeparator();
    bar->addAction(searchEverywhereAction_);
    bar->addSeparator();
    QAction *undo = undoGroup_->createUndoAction(bar, tr("Undo"));
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = undoGroup_->createRedoAction(bar, tr("Redo"));
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    bar->addAction(undo);
    bar->addAction(redo); // Clear Filter is on the filter bar, next to what it clears
    bar->addSeparator();
    createEventPicker();
    offCpuAction_ = bar->addAction(tr("Off-CPU Time"));
    offCpuAction_->setObjectName(QStringLiteral("offCpuTime"));
    offCpuAction_->setCheckable(true);
    offCpuAction_->setToolTip(
        tr("Count the time threads were blocked (off the CPU), at the stacks where they "
           "blocked, instead of the event's samples"));
    offCpuAction_->setVisible(false); // for sessions recorded with --off-cpu
    connect(offCpuAction_, &QAction::triggered, this, [this](bool on) { currentPage()->setOffCpu(on); });
    bar->addSeparator();
    bar->addAction(grouping_->groupByProcessAction());
    bar->addAction(grouping_->hideIdleAction());
}

// The event every view counts; shown only for sessions with several events.
void MainWindow::createEventPicker() {
    auto *bar = findChild<QToolBar *>(QStringLiteral("sessionToolBar"));
    eventPicker_ = new QComboBox(bar);
    eventPicker_->setObjectName(QStringLiteral("eventPicker"));
    eventPicker_->setAccessibleName(tr("Event"));
    eventPicker_->setToolTip(
        tr("The event every view counts. Only events with samples are offered; events "
           "that were only counted (record --counters) are charted in the Counters dock."));
    eventPicker_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *label = new QLabel(tr(" Event: "), bar);
    label->setBuddy(eventPicker_);
    QAction *labelAction = bar->addWidget(label);
    QAction *pickerAction = bar->addWidget(eventPicker_);
    connect(eventPicker_, &QComboBox::activated, this,
            [this](int index) { selectEvent(eventPicker_->itemData(index).toInt()); });
    const auto showPicker = [this, labelAction, pickerAction] {
        const bool several = eventPicker_->count() > 1;
        labelAction->setVisible(several);
        pickerAction->setVisible(several);
    };
    connect(this, &MainWindow::currentPageChanged, this, showPicker);
    connect(this, &MainWindow::sessionClosed, this, showPicker);
    labelAction->setVisible(false);
    pickerAction->setVisible(false);
}

void MainWindow::updateEventPicker() {
    const QSignalBlocker blocker(eventPicker_);
    eventPicker_->clear();
    const auto &analysis = session();
    offCpuAction_->setVisible(analysis && analysis->file->offCpuEvent >= 0);
    if (!analysis) return;
    // Events without samples (counted only) would empty every view; the current one stays so the picker
    // never names another event than the views count.
    const auto &events = analysis->profile()->events;
    for (size_t i = 0; i < events.size(); ++i) {
        if (events[i].samples == 0 && static_cast<int>(i) != filter().event) continue;
        eventPicker_->addItem(QString::fromStdString(events[i].name), static_cast<int>(i));
        eventPicker_->setItemData(eventPicker_->count() - 1,
                                  tr("%n sample(s)", nullptr, static_cast<int>(events[i].samples)),
                                  Qt::ToolTipRole);
    }
    eventPicker_->setCurrentIndex(eventPicker_->findData(filter().event));
}

// The actions that show the filter of the page shown.
void MainWindow::updateFilterActions() {
    clearFilterAction_->setEnabled(currentPage()->filterNarrows());
    frameActions_->hideKernelAction()->setChecked(hidesKernel(filter()));
    offCpuAction_->setChecked(filter().cost == CostKind::OffCpu);
    const QSignalBlocker blocker(eventPicker_);
    if (const int index = eventPicker_->findData(filter().event); index >= 0)
        eventPicker_->setCurrentIndex(index);
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
    connect(cancel_, &QPushButton::clicked, this, [this] {
        for (SessionPage *page : pages())
            if (page->document()->isLoading()) page->document()->cancel();
    });
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

void MainWindow::resetLayout() {
    restoreState(defaultState_, kStateVersion);
    for (SessionPage *page : pages())
        page->resetLayout();
}

void MainWindow::saveSettings() {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState(kStateVersion));
    settings.setValue(kPageStateKey, currentPage()->layoutToSave());
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
    pageLayout_ = settings.value(kPageStateKey).toByteArray();
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

// The load options of every page and of comparisons: the symbol settings, and debuginfod downloads said in
// the status bar as they go (from a loading thread; Cancel stops them).
LoadOptions MainWindow::loadOptions() const {
    LoadOptions options;
    symbolSettings_.applyTo(options);
    options.debuginfodProgress = [bar = QPointer<QStatusBar>(statusBar())](const std::string &module,
                                                                           long done, long total) {
        const QString name = QFileInfo(QString::fromStdString(module)).fileName();
        const QString message = total > 0
                                    ? tr("Downloading the debug file of %1 from debuginfod: %2 of %3 kB")
                                          .arg(name, QLocale().toString(qlonglong(done / 1024)),
                                               QLocale().toString(qlonglong(total / 1024)))
                                    : tr("Downloading the debug file of %1 from debuginfod…").arg(name);
        // Queued on the status bar: nothing is shown once the window is gone.
        QMetaObject::invokeMethod(
            bar, [bar, message] { bar->showMessage(message); }, Qt::QueuedConnection);
        return true;
    };
    return options;
}

void MainWindow::setSymbolSettings(const SymbolSettings &settings, bool persist) {
    if (persist) {
        QSettings stored;
        settings.save(stored);
    }
    symbolSettings_ = settings;
    const LoadOptions options = loadOptions();
    comparer_->setLoadOptions(options, settings);
    for (SessionPage *page : pages()) {
        page->document()->setLoadOptions(options, settings);
        page->sourceView()->setSymbolOptions(options);
        // Source paths are read by the Source and Disassembly dock only: no need to read the session again.
        if (!page->document()->isOpen()) continue;
        SymbolSettings readWith = page->document()->file()->symbolSettings;
        readWith.sourcePaths = settings.sourcePaths;
        if (!(readWith == settings)) page->document()->reload();
    }
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
    for (SessionPage *page : pages())
        page->document()->cancel();
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile()) openFile(url.toLocalFile());
}

} // namespace perfglass
