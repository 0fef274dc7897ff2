#include "MainWindow.h"

#include "EventsView.h"
#include "ExportMenu.h"
#include "FilterEdits.h"
#include "FrameActions.h"
#include "FunctionNames.h"
#include "ProcessGroupingActions.h"
#include "RecentFilesMenu.h"
#include "RecordingDock.h"
#include "ReviewExporter.h"
#include "SessionComparer.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "SessionStatusBar.h"
#include "SessionTabs.h"
#include "SessionToolBar.h"
#include "SourceDisassemblyView.h"
#include "StartupTiming.h"
#include "SymbolSettingsDialog.h"
#include "TimelineRows.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QUndoGroup>
#include <QUndoStack>

#include <algorithm>

namespace perfglass {

namespace {
// 4: the session's docks are on a page of their own; the window keeps Events and Recording
constexpr int kStateVersion = 4;
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kPageStateKey = QStringLiteral("mainWindow/pageState");
const QString kReadableNamesKey = QStringLiteral("view/readableNames");
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , undoGroup_(new QUndoGroup(this))
    , frameActions_(new FrameActions(this))
    , clearFilterAction_(new QAction(tr("&Clear Filter"), this))
    , tabs_(new SessionTabs(frameActions_, clearFilterAction_, this))
    , grouping_(new ProcessGroupingActions(this))
    , reviewExporter_(new ReviewExporter(this)) {
    setWindowTitle(tr("Perfglass"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/perfglass.png")));
    setAcceptDrops(true);
    frameActions_->setObjectName(QStringLiteral("frameActions"));
    setCentralWidget(tabs_);
    createStatusBar(); // first: the menus' actions report to it
    createEventsDock();
    createRecordingDock();
    createMenus();
    createToolBar();
    connect(tabs_, &SessionTabs::pageAdded, this, &MainWindow::connectPage);
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
    tabs_->addPage(QSettings().value(kPageStateKey).toByteArray());
}

MainWindow::~MainWindow() = default;

SessionPage *MainWindow::currentPage() const {
    return tabs_->currentPage();
}

QList<SessionPage *> MainWindow::pages() const {
    return tabs_->pages();
}

const std::shared_ptr<const SessionAnalysis> &MainWindow::session() const {
    static const std::shared_ptr<const SessionAnalysis> none;
    const SessionPage *page = currentPage();
    return page ? page->document()->analysis() : none;
}

const SampleFilter &MainWindow::filter() const {
    return currentPage()->document()->filter();
}

// A new page: its undo stack joins Edit ▸ Undo, its document loads with the symbol settings.
void MainWindow::connectPage(SessionPage *page) {
    undoGroup_->addStack(page->document()->undoStack());
    connect(page, &SessionPage::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(page, &SessionPage::symbolSettingsRequested, this, &MainWindow::showSymbolSettings);
    connect(page, &SessionPage::sourceFolderChosen, this, &MainWindow::offerToSaveSourceFolder);
    connect(page, &SessionPage::compareTimesRequested, comparer_, &SessionComparer::compareWithTimes);
    connectDocument(page);
    const LoadOptions options = loadOptions();
    page->document()->setLoadOptions(options, symbolSettings_);
    page->sourceView()->setSymbolOptions(options); // as setSymbolSettings gives the pages already open
}

// The window's part in a document's life; the status bar says the rest (SessionStatusBar::follow).
void MainWindow::connectDocument(SessionPage *page) {
    SessionDocument *document = page->document();
    sessionStatusBar()->follow(document);
    connect(document, &SessionDocument::loaded, this,
            [this, page](bool reloaded) { onLoaded(page, reloaded); });
    connect(document, &SessionDocument::loadFailed, this,
            [this, page](const QString &message) { onFailed(page, message); });
    connect(document, &SessionDocument::streamingChanged, this, [this, page] {
        if (page == currentPage()) updateSessionActions();
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
    ExportJob *exporter = document->exporter();
    connect(exporter, &ExportJob::started, this, &MainWindow::updateSessionActions);
    connect(exporter, &ExportJob::exported, this, [this](const QString &path) {
        updateSessionActions();
        emit exportFinished(path);
    });
    connect(exporter, &ExportJob::failed, this, [this](const QString &message) {
        updateSessionActions();
        emit exportFailed(message);
    });
}

void MainWindow::openFile(const QString &path) {
    lastError_.clear();
    if (path == QLatin1String("-")) { // standard input: shown as it arrives
        tabs_->pageForNewFile()->document()->openStream(path);
        return;
    }
    if (SessionPage *page = tabs_->pageShowing(path)) {
        tabs_->setCurrentWidget(page);
        page->document()->reload();
        return;
    }
    tabs_->pageForNewFile()->document()->open(path);
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
    const bool wasOpen = page->document()->isOpen();
    for (auto it = livePages_.begin(); it != livePages_.end();)
        it = it.value() == page ? livePages_.erase(it) : std::next(it);
    tabs_->closePage(page);
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
    toolBar_->showSession(session().get(), filter());
    updateSessionActions();
    updateTitle();
    emit currentPageChanged();
}

void MainWindow::onLoaded(SessionPage *page, bool reloaded) {
    const auto &file = page->document()->file();
    tabs_->nameAfterFile(page);
    if (page == currentPage()) pageChanged();
    if (!reloaded || !page->document()->isLiveRefresh()) {
        if (!page->document()->isStream()) recentMenu_->add(file->path);
        StartupTiming::mark(file->isPartial() ? "first partial session loaded" : "session loaded");
    }
    emit sessionLoaded();
}

// A system-wide session is grouped by process unless the user chose otherwise for such sessions.
void MainWindow::applyGrouping() {
    const auto &file = *session()->file;
    // The idle task is thread 0; the timeline, which would say so too, may not be made yet.
    const bool idleSampled = std::binary_search(file.sampledThreads.begin(), file.sampledThreads.end(), 0u);
    grouping_->setSystemWide(TimelineRows::isSystemWide(*file.profile, idleSampled));
    currentPage()->document()->setViewSettings(grouping_->grouping(),
                                               grouping_->hideIdleAction()->isChecked());
}

void MainWindow::onFailed(SessionPage *page, const QString &message) {
    // The next refresh may succeed, the end surely will; a stream from standard input has no next refresh.
    if (page->document()->isLiveRefresh() && !page->document()->isStream()) return;
    lastError_ = message;
    // Not exec(): the UI keeps running, and tests can find and close the box.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Could not open the session"),
                                tr("Perfglass could not open %1.").arg(page->document()->loadingPath()),
                                QMessageBox::Ok, this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    emit loadFailed(message);
}

void MainWindow::updateTitle() {
    const auto &analysis = session();
    sessionStatusBar()->showSession(analysis.get());
    setWindowTitle(analysis ? tr("%1 — Perfglass").arg(analysis->file->shownName()) : tr("Perfglass"));
    setWindowFilePath(analysis ? analysis->file->path : QString());
}

void MainWindow::exportSession(ExportJob::Format format, const QString &path) {
    currentPage()->document()->exportTo(format, path);
}

void MainWindow::showExportDialog(ExportJob::Format format) {
    if (!session()) return;
    const QString path = ExportMenu::askForPath(this, format, session()->file->path);
    if (!path.isEmpty()) exportSession(format, path);
}

void MainWindow::selectTimeRange(uint64_t start, uint64_t end) {
    currentPage()->selectTimeRange(start, end);
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
    recordingDock_->showRecordDialog();
}

void MainWindow::startRecording(const RecordOptions &options) {
    recordingDock_->start(options);
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
    recordingDock_ = new RecordingDock(eventsView_, this);
    addDockWidget(Qt::BottomDockWidgetArea, recordingDock_);
    recordingDock_->hide();
    connect(recordingDock_, &RecordingDock::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(recordingDock_, &RecordingDock::started, this, [this] { livePages_.clear(); });
    connect(recordingDock_, &RecordingDock::sessionRecorded, this, &MainWindow::openRecordedSession);
    connect(recordingDock_, &RecordingDock::liveUpdate, this, &MainWindow::showLiveRecording);
}

// Each file of the recording in progress (one per host) in a page of its own.
void MainWindow::showLiveRecording(const QString &path, const QString &host) {
    lastError_.clear();
    tabs_->setRecordedHost(path, host);
    QPointer<SessionPage> &page = livePages_[QFileInfo(path).absoluteFilePath()];
    if (!page) page = tabs_->pageFor(path);
    page->document()->refreshLive(path);
}

void MainWindow::openRecordedSession(const QString &path, const QString &host) {
    tabs_->setRecordedHost(path, host);
    const QPointer<SessionPage> page = livePages_.value(QFileInfo(path).absoluteFilePath());
    if (page && !page->document()->isOpen())
        page->document()->open(path);
    else
        openFile(path);
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
    // A named pipe or a growing file, read as it arrives (as `perfglass -` reads standard input).
    QAction *stream = file->addAction(tr("Open &Stream…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open Stream"));
        if (!path.isEmpty()) tabs_->pageForNewFile()->document()->openStream(path);
    });
    stream->setObjectName(QStringLiteral("openStreamAction"));
    stream->setToolTip(
        tr("Show a session as it arrives: a named pipe that perf record -o - writes into, or a "
           "file still being written"));
    stopFollowingAction_ = file->addAction(tr("S&top Following the Stream"), this,
                                           [this] { currentPage()->document()->stopFollowing(); });
    stopFollowingAction_->setObjectName(QStringLiteral("stopFollowingAction"));
    stopFollowingAction_->setToolTip(
        tr("Read no more of the stream shown: the views keep what was read, marked as stopped"));
    stopFollowingAction_->setEnabled(false);
    sessionStatusBar()->addStopFollowingButton(stopFollowingAction_);
    file->addAction(recordingDock_->recordAction());
    recentMenu_ = new RecentFilesMenu(tr("Open Rece&nt"), file);
    file->addMenu(recentMenu_);
    connect(recentMenu_, &RecentFilesMenu::fileChosen, this, &MainWindow::openFile);
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
    exportMenu_ = new ExportMenu(file);
    file->addMenu(exportMenu_);
    connect(exportMenu_, &ExportMenu::formatChosen, this, &MainWindow::showExportDialog);
    file->addAction(reviewExporter_->action());
    connect(reviewExporter_, &ReviewExporter::statusMessage, statusBar(), &QStatusBar::showMessage);
    QAction *close = file->addAction(tr("&Close"), this, &MainWindow::closeSession);
    close->setObjectName(QStringLiteral("closeAction"));
    close->setShortcut(QKeySequence::Close);
    close->setIcon(style()->standardIcon(QStyle::SP_DialogCloseButton));
    sessionActions_ << reload << close;
    updateSessionActions();
}

void MainWindow::updateSessionActions() {
    const bool open = session() != nullptr;
    for (QAction *action : std::as_const(sessionActions_))
        action->setEnabled(open);
    exportMenu_->setEnabled(open && !currentPage()->document()->exporter()->isRunning());
    stopFollowingAction_->setEnabled(currentPage() && currentPage()->document()->isStreaming());
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
    edit->addAction(clearFilterAction_);
    connect(clearFilterAction_, &QAction::triggered, this, &MainWindow::clearFilter);
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
    edit->addAction(searchEverywhere_->action());
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
    toolBar_ = new SessionToolBar(recordingDock_->recordAction(), searchEverywhere_->action(), undoGroup_,
                                  grouping_, this);
    addToolBar(toolBar_);
    connect(toolBar_, &SessionToolBar::eventChosen, this, &MainWindow::selectEvent);
    connect(toolBar_, &SessionToolBar::costChosen, this,
            [this](CostKind cost) { currentPage()->setCost(cost); });
}

// The actions that show the filter of the page shown.
void MainWindow::updateFilterActions() {
    clearFilterAction_->setEnabled(currentPage()->filterNarrows());
    frameActions_->hideKernelAction()->setChecked(hidesKernel(filter()));
    toolBar_->showFilter(filter());
}

void MainWindow::createStatusBar() {
    auto *bar = new SessionStatusBar(this);
    setStatusBar(bar);
    connect(bar, &SessionStatusBar::cancelRequested, this, [this] {
        for (SessionPage *page : pages())
            if (page->document()->isLoading()) page->document()->cancel();
    });
}

SessionStatusBar *MainWindow::sessionStatusBar() const {
    return static_cast<SessionStatusBar *>(statusBar());
}

QStringList MainWindow::recentFiles() const {
    return recentMenu_->files();
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
// the status bar as they go (Cancel stops them).
LoadOptions MainWindow::loadOptions() const {
    LoadOptions options;
    symbolSettings_.applyTo(options);
    options.debuginfodProgress = sessionStatusBar()->debuginfodProgress();
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
