#include "SessionComparer.h"

#include "CompareWindow.h"
#include "CostFormat.h"
#include "HeapRetention.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "SessionDocument.h"
#include "SessionPage.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QStatusBar>
#include <QStringList>

namespace perfglass {

namespace {

QString idList(const std::vector<uint32_t> &ids) {
    QStringList parts;
    for (size_t i = 0; i < ids.size() && i < 3; ++i)
        parts << QString::number(ids[i]);
    if (ids.size() > 3) parts << QStringLiteral("…");
    return parts.join(QStringLiteral(", "));
}

// What a selection of the session counts, in a few words: "0.50–1.20 s, threads 12, 13".
QString selectionLabel(const SessionAnalysis &session) {
    const SampleFilter &filter = session.filter;
    const uint64_t origin = session.profile()->startTime;
    QStringList parts;
    if (filter.hasTimeSelection()) {
        auto seconds = [origin](std::optional<uint64_t> time, uint64_t fallback) {
            const uint64_t t = time.value_or(fallback);
            return QString::number(static_cast<double>(t > origin ? t - origin : 0) / 1e9, 'f', 2);
        };
        parts << SessionComparer::tr("%1–%2 s").arg(seconds(filter.startTime, origin),
                                                    seconds(filter.endTime, session.profile()->endTime));
        if (filter.slice) parts << formatTimeSlice(*filter.slice);
    }
    if (!filter.pids.empty()) parts << SessionComparer::tr("processes %1").arg(idList(filter.pids));
    if (!filter.tids.empty()) parts << SessionComparer::tr("threads %1").arg(idList(filter.tids));
    if (!filter.cpus.empty()) parts << SessionComparer::tr("CPUs %1").arg(idList(filter.cpus));
    if (parts.isEmpty()) parts << SessionComparer::tr("whole session");
    return parts.join(QStringLiteral(", "));
}

} // namespace

SessionComparer::SessionComparer(MainWindow *window)
    : QObject(window)
    , main_(window)
    , loader_(new LoadJob(this)) {
    compareAction_ = new QAction(tr("Compare &With…"), this);
    connect(compareAction_, &QAction::triggered, this, &SessionComparer::showCompareDialog);
    compareAction_->setObjectName(QStringLiteral("compareWithAction"));
    compareAction_->setToolTip(tr("Compare the open session with another one: what got slower, and where"));
    pinAction_ = new QAction(tr("Use Selection as &Baseline"), this);
    connect(pinAction_, &QAction::triggered, this, &SessionComparer::pinSelection);
    pinAction_->setObjectName(QStringLiteral("pinSelectionAction"));
    pinAction_->setToolTip(tr("Keep what the views show now (a time range or threads picked in the timeline) "
                              "to compare another selection with"));
    compareSelectionAction_ = new QAction(tr("Compare Selection with Baseline"), this);
    connect(compareSelectionAction_, &QAction::triggered, this, &SessionComparer::compareSelection);
    compareSelectionAction_->setObjectName(QStringLiteral("compareSelectionAction"));
    connect(loader_, &LoadJob::loaded, this, [this](std::shared_ptr<const SessionAnalysis> comparison) {
        if (!main_->session()) return;
        openWindow()->compareSessions(main_->session(), std::move(comparison));
    });
    connect(loader_, &LoadJob::failed, this, &SessionComparer::failed);
    connect(this, &SessionComparer::failed, main_, [this](const QString &message) {
        main_->statusBar()->showMessage(tr("Could not compare: %1").arg(message));
    });
    connect(main_, &MainWindow::filterApplied, this, &SessionComparer::sessionChanged);
    connect(main_, &MainWindow::sessionLoaded, this, &SessionComparer::sessionChanged);
    connect(main_, &MainWindow::sessionClosed, this, &SessionComparer::sessionChanged);
    connect(main_, &MainWindow::currentPageChanged, this, &SessionComparer::sessionChanged);
    updateActions();
}

CompareWindow *SessionComparer::compareWindow() const {
    return compareWindow_.data();
}

CompareWindow *SessionComparer::openWindow() {
    if (!compareWindow_) {
        compareWindow_ = new CompareWindow(main_);
        connect(compareWindow_, &CompareWindow::failed, this, &SessionComparer::failed);
        connect(compareWindow_, &CompareWindow::compared, this, &SessionComparer::compared);
        // The heap keeps freed memory (HeapRetention): a closed comparison gives its own back, once the jobs
        // still holding its sessions have let go of them.
        connect(compareWindow_, &QObject::destroyed, this, &HeapRetention::returnFreedMemorySoon);
    }
    compareWindow_->show();
    compareWindow_->raise();
    return compareWindow_;
}

void SessionComparer::showCompareDialog() {
    const QString path = QFileDialog::getOpenFileName(main_, tr("Compare With"),
                                                      QFileInfo(main_->session()->file->path).path(),
                                                      tr("Sessions (*.data perf.data*);;All files (*)"));
    if (!path.isEmpty()) compareWith(path);
}

void SessionComparer::compareWith(const QString &path) {
    if (!main_->session()) return;
    loader_->load(path);
}

void SessionComparer::setLoadOptions(LoadOptions options, const SymbolSettings &settings) {
    loader_->setLoadOptions(std::move(options));
    loader_->setSymbolSettings(settings);
}

void SessionComparer::compareWithSession(std::shared_ptr<const SessionAnalysis> other) {
    if (!main_->session() || !other) return;
    openWindow()->compareSessions(main_->session(), std::move(other));
}

void SessionComparer::pinSelection() {
    if (!main_->session()) return;
    pinned_ = main_->session();
    pinnedLabel_ = selectionLabel(*pinned_);
    updateActions();
}

void SessionComparer::compareWithTimes(const TimeSelection &times) {
    SessionPage *page = main_->currentPage();
    if (!page || !main_->session()) return;
    pinSelection();
    connect(page->document(), &SessionDocument::filterApplied, this, &SessionComparer::compareSelection,
            Qt::SingleShotConnection);
    page->selectTimes(times);
}

void SessionComparer::compareSelection() {
    const auto &current = main_->session();
    if (!pinned_ || !current || current->profile() != pinned_->profile()) return;
    openWindow()->compareSelections(pinned_, current, pinnedLabel_, selectionLabel(*current));
}

void SessionComparer::sessionChanged() {
    const auto &current = main_->session();
    if (pinned_ && (!current || current->profile() != pinned_->profile())) pinned_.reset();
    if (compareWindow_ && compareWindow_->comparesSessions() && current && compareWindow_->baseline() &&
        current->profile() == compareWindow_->baseline()->profile())
        compareWindow_->setBaseline(current);
    updateActions();
}

void SessionComparer::updateActions() {
    const bool open = main_->session() != nullptr;
    compareAction_->setEnabled(open);
    pinAction_->setEnabled(open);
    compareSelectionAction_->setEnabled(open && pinned_ != nullptr);
    compareSelectionAction_->setToolTip(
        pinned_ ? tr("Compare what the views show with the baseline (%1)").arg(pinnedLabel_)
                : tr("First use a selection as the baseline"));
}

} // namespace perfglass
