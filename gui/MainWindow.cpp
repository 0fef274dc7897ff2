#include "MainWindow.h"

#include "CallTreeModel.h"
#include "FlameGraphModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "SessionLoader.h"
#include "SummaryView.h"
#include "TopDownView.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>

namespace perfglass {

namespace {
constexpr int kStateVersion = 1;
constexpr int kMaxRecentFiles = 10;
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , loader_(new SessionLoader(this))
    , callTreeModel_(new CallTreeModel(this))
    , flameGraphModel_(new FlameGraphModel(this)) {
    setWindowTitle(tr("Perfglass"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/perfglass.png")));
    setAcceptDrops(true);
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowNestedDocks |
                   QMainWindow::AllowTabbedDocks | QMainWindow::GroupedDragging);
    createDocks();
    createMenus();
    createStatusBar();
    defaultState_ = saveState(kStateVersion);
    restoreSettings();

    connect(loader_, &SessionLoader::started, this, [this](const QString &path) {
        setLoading(true);
        statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    });
    connect(loader_, &SessionLoader::progress, this,
            [this](double fraction) { progress_->setValue(static_cast<int>(fraction * 1000)); });
    connect(loader_, &SessionLoader::loaded, this, &MainWindow::onLoaded);
    connect(loader_, &SessionLoader::failed, this, &MainWindow::onFailed);
    connect(loader_, &SessionLoader::cancelled, this, &MainWindow::onCancelled);
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

void MainWindow::createDocks() {
    flameGraphView_ = new FlameGraphView(flameGraphModel_, this);
    topDownView_ = new TopDownView(callTreeModel_, this);
    summaryView_ = new SummaryView(this);
    flameGraphDock_ = addDock(tr("Flame Graph"), QStringLiteral("flameGraphDock"), flameGraphView_);
    topDownDock_ = addDock(tr("Top-Down"), QStringLiteral("topDownDock"), topDownView_);
    summaryDock_ = addDock(tr("Summary"), QStringLiteral("summaryDock"), summaryView_);
    // No central widget: the docks share the whole window. Flame graph above, tree and summary tabbed below.
    setCentralWidget(nullptr);
    splitDockWidget(flameGraphDock_, topDownDock_, Qt::Vertical);
    tabifyDockWidget(topDownDock_, summaryDock_);
    topDownDock_->raise();
    resizeDocks({flameGraphDock_, topDownDock_}, {560, 340}, Qt::Vertical);

    connect(topDownView_, &TopDownView::nodeActivated, this, [this](uint32_t node) {
        flameGraphModel_->zoomTo(node);
        flameGraphDock_->raise();
    });
    connect(flameGraphView_->graph(), &FlameGraphWidget::nodeActivated, topDownView_,
            &TopDownView::selectNode);
    connect(summaryView_, &SummaryView::functionActivated, this, &MainWindow::showFunctionInFlameGraph);
}

void MainWindow::createMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : {flameGraphDock_, topDownDock_, summaryDock_})
        view->addAction(dock->toggleViewAction());
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

void MainWindow::createStatusBar() {
    sessionLabel_ = new QLabel(this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(240);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("%p %"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop loading this session"));
    connect(cancel_, &QPushButton::clicked, loader_, &SessionLoader::cancel);
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
        this, tr("Open Session"), start, tr("perf.data sessions (*.data *.perf);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::openFile(const QString &path) {
    lastError_.clear();
    loader_->load(path);
}

void MainWindow::onLoaded(std::shared_ptr<const LoadedSession> session) {
    setLoading(false);
    session_ = std::move(session);
    callTreeModel_->setTree(session_->topDown, session_->costUnit);
    flameGraphModel_->setTree(session_->topDown, session_->costUnit);
    summaryView_->setSession(session_);
    const QString name = QFileInfo(session_->path).fileName();
    setWindowTitle(tr("%1 — Perfglass").arg(name));
    setWindowFilePath(session_->path);
    sessionLabel_->setText(
        tr("%n sample(s) of %1", nullptr, static_cast<int>(session_->topDown->sampleCount()))
            .arg(QString::fromStdString(session_->eventName)));
    const auto &diagnostics = session_->profile->diagnostics;
    if (diagnostics.lostSamples > 0)
        statusBar()->showMessage(tr("Opened %1; %n sample(s) were lost while recording.", nullptr,
                                    static_cast<int>(diagnostics.lostSamples))
                                     .arg(name));
    else
        statusBar()->showMessage(tr("Opened %1.").arg(name), 5000);
    addRecentFile(session_->path);
    emit sessionLoaded();
}

void MainWindow::onFailed(const QString &path, const QString &message) {
    setLoading(false);
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

void MainWindow::onCancelled(const QString &path) {
    setLoading(false);
    statusBar()->showMessage(tr("Loading %1 was cancelled.").arg(QFileInfo(path).fileName()), 5000);
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

void MainWindow::resetLayout() {
    for (QDockWidget *dock : {flameGraphDock_, topDownDock_, summaryDock_}) {
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
}

void MainWindow::closeEvent(QCloseEvent *event) {
    loader_->cancel();
    saveSettings();
    event->accept();
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
