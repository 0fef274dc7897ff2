#include "SessionStatusBar.h"

#include "ExportJob.h"
#include "LiveRefreshInterval.h"
#include "LoadJob.h"
#include "SessionDocument.h"
#include "base/MonotonicClock.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>

namespace perfglass {

namespace {
QString fileNameOf(const QString &path) {
    return QFileInfo(path).fileName();
}

// Seconds from the first sample shown to the last.
double recordedSeconds(const Profile &profile) {
    return profile.endTime > profile.startTime
               ? static_cast<double>(profile.endTime - profile.startTime) / 1e9
               : 0;
}

// How long a live view's message stays: until the next refresh says something new.
int liveIntervalMs() {
    return static_cast<int>(LiveRefreshInterval::interval().count());
}
} // namespace

SessionStatusBar::SessionStatusBar(QWidget *parent)
    : QStatusBar(parent)
    , sessionLabel_(new QLabel(this))
    , progress_(new QProgressBar(this))
    , cancel_(new QPushButton(tr("Cancel"), this)) {
    sessionLabel_->setObjectName(QStringLiteral("sessionLabel"));
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(240);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("%p %"));
    cancel_->setToolTip(tr("Stop loading this session"));
    connect(cancel_, &QPushButton::clicked, this, &SessionStatusBar::cancelRequested);
    addPermanentWidget(sessionLabel_);
    addPermanentWidget(progress_);
    addPermanentWidget(cancel_);
    setLoading(false);
}

void SessionStatusBar::addStopFollowingButton(QAction *action) {
    auto *button = new QToolButton(this);
    button->setObjectName(QStringLiteral("stopFollowingButton"));
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setVisible(action->isEnabled());
    connect(action, &QAction::enabledChanged, button, &QWidget::setVisible);
    addPermanentWidget(button);
}

void SessionStatusBar::follow(SessionDocument *document) {
    followLoad(document);
    followAnalysis(document);
    followExport(document);
}

void SessionStatusBar::followLoad(SessionDocument *document) {
    connect(document, &SessionDocument::loadStarted, this, [this, document] {
        // A refresh of the live view or of a stream, every second or so, reads for a quarter of a second at
        // most and may find nothing new: no progress bar, and its last message (sayLive) stays.
        if (document->isLiveRefresh()) return;
        // The next step of a file opened in steps: the progress bar goes on from where it is.
        if (document->isOpeningInSteps() && progress_->isVisible()) return;
        setLoading(true);
        showMessage(tr("Loading %1…").arg(fileNameOf(document->loadingPath())));
    });
    connect(document, &SessionDocument::loadProgress, this,
            [this](double fraction) { progress_->setValue(static_cast<int>(fraction * 1000)); });
    connect(document, &SessionDocument::loaded, this, [this, document] {
        if (document->file()->isPartial()) {
            showMessage(tr("Showing the first %1 % of %2; reading the rest…")
                            .arg(document->file()->partialShare * 100, 0, 'f', 0)
                            .arg(fileNameOf(document->file()->path)));
            return;
        }
        setLoading(false);
        sayOpened(document);
    });
    connect(document, &SessionDocument::loadFailed, this, [this, document](const QString &message) {
        setLoading(false);
        if (document->isLiveRefresh()) // the next refresh may succeed, the end surely will
            showMessage(tr("Live view: %1").arg(message), liveIntervalMs());
        else
            showMessage(tr("Could not open %1").arg(fileNameOf(document->loadingPath())));
    });
    connect(document, &SessionDocument::loadCancelled, this, [this, document] {
        setLoading(false);
        const auto &file = document->file();
        if (file && file->isPartial()) // a file opened in steps
            showMessage(tr("Loading %1 was cancelled: the views show the first %2 % of it.")
                            .arg(fileNameOf(document->loadingPath()))
                            .arg(file->partialShare * 100, 0, 'f', 0));
        else
            showMessage(tr("Loading %1 was cancelled.").arg(fileNameOf(document->loadingPath())), 5000);
    });
    // After the step's loaded(), once the document has seen whether its input ended.
    connect(document->loader(), &LoadJob::stepEnded, this, [this, document] {
        if (document->isLiveRefresh() && document->file() &&
            document->loader()->liveState() == LoadJob::LiveState::Ended)
            sayEnded(document);
    });
}

// What opening a file found worth saying: samples lost while recording, an archive unpacked.
void SessionStatusBar::sayOpened(const SessionDocument *document) {
    if (document->isLiveRefresh()) {
        sayLive(document);
        return;
    }
    const auto &file = document->file();
    const QString name = file->shownName();
    if (const uint64_t lost = file->profile->diagnostics.lostSamples; lost > 0)
        showMessage(tr("Opened %1; %n sample(s) were lost while recording.", nullptr, static_cast<int>(lost))
                        .arg(name));
    else
        showMessage(tr("Opened %1.").arg(name), 5000);
    if (!file->openNotices.isEmpty())
        showMessage(tr("Opened %1: %2").arg(name, file->openNotices.join(QStringLiteral("; "))), 10000);
}

// The live view's refresh: how long the samples shown span, and how far the last of them lies behind now
// (samples carry CLOCK_MONOTONIC times, the recorder's clock; an older file's clock says nothing of now).
void SessionStatusBar::sayLive(const SessionDocument *document) {
    const Profile &profile = *document->file()->profile;
    const double recorded = recordedSeconds(profile);
    const auto lag = nanosecondsSince(profile.endTime);
    const QString behind =
        lag ? tr("%1 s behind").arg(static_cast<double>(*lag) / 1e9, 0, 'f', 1) : tr("lag unknown");
    showMessage(
        tr("Live view: %1 s recorded, %Ln sample(s), %2", nullptr, static_cast<int>(profile.samples.size()))
            .arg(recorded, 0, 'f', 1)
            .arg(behind),
        3 * liveIntervalMs());
}

// A stream (or the file of a live view) read to its end, or no longer followed: the view shows all that was
// read and follows it no more.
void SessionStatusBar::sayEnded(const SessionDocument *document) {
    const Profile &profile = *document->file()->profile;
    if (document->file()->growth == SessionFile::Growth::Stopped) {
        showMessage(tr("Stopped following %1: %2 s recorded, %Ln sample(s) kept; the rest of the stream was "
                       "not read.",
                       nullptr, static_cast<int>(profile.samples.size()))
                        .arg(document->file()->shownName())
                        .arg(recordedSeconds(profile), 0, 'f', 1));
        return;
    }
    showMessage(
        tr("End of %1: %2 s recorded, %Ln sample(s).", nullptr, static_cast<int>(profile.samples.size()))
            .arg(document->file()->shownName())
            .arg(recordedSeconds(profile), 0, 'f', 1));
}

void SessionStatusBar::followAnalysis(SessionDocument *document) {
    connect(document, &SessionDocument::analysisStarted, this,
            [this] { showMessage(tr("Applying the filter…")); });
    connect(document, &SessionDocument::analysisFailed, this, [this](const QString &message) {
        showMessage(tr("Could not apply the filter: %1").arg(message));
    });
    connect(document, &SessionDocument::filterCarried, this,
            [this](const QString &message) { showMessage(message, 10000); });
}

void SessionStatusBar::followExport(SessionDocument *document) {
    const ExportJob *exporter = document->exporter();
    connect(exporter, &ExportJob::started, this, [this] { showMessage(tr("Exporting…")); });
    connect(exporter, &ExportJob::exported, this, [this](const QString &path) {
        showMessage(tr("Exported %1.").arg(QDir::toNativeSeparators(path)), 8000);
    });
    connect(exporter, &ExportJob::failed, this,
            [this](const QString &message) { showMessage(tr("Export failed: %1").arg(message), 15000); });
}

void SessionStatusBar::showSession(const SessionAnalysis *analysis) {
    if (!analysis) {
        sessionLabel_->clear();
        return;
    }
    sessionLabel_->setText(
        analysis->profile()->countersOnly()
            ? tr("Counters only, no samples")
            : tr("%Ln sample(s) of %1", nullptr, static_cast<int>(analysis->topDown->sampleCount()))
                  .arg(QString::fromStdString(analysis->eventName)));
}

void SessionStatusBar::setLoading(bool loading) {
    progress_->setVisible(loading);
    cancel_->setVisible(loading);
    if (loading) progress_->setValue(0);
}

DebuginfodProgress SessionStatusBar::debuginfodProgress() {
    return [bar = QPointer<SessionStatusBar>(this)](const std::string &module, long done, long total) {
        const QString name = fileNameOf(QString::fromStdString(module));
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
}

} // namespace perfglass
