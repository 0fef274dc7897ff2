#include "RecordingDock.h"

#include "EventsView.h"
#include "RecordDialog.h"
#include "RecordingJob.h"
#include "RecordingView.h"

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QStyle>

namespace perfglass {

RecordingDock::RecordingDock(EventsView *events, QWidget *parent)
    : QDockWidget(tr("Recording"), parent)
    , events_(events)
    , view_(new RecordingView(this))
    , recordAction_(new QAction(tr("&Record…"), this)) {
    setObjectName(QStringLiteral("recordingDock"));
    view_->setObjectName(QStringLiteral("recordingView"));
    setWidget(view_);
    createRecordAction();
    followView();
}

void RecordingDock::createRecordAction() {
    recordAction_->setObjectName(QStringLiteral("recordAction"));
    recordAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    recordAction_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    recordAction_->setToolTip(tr("Record a program, running processes or the whole system"));
    connect(recordAction_, &QAction::triggered, this, &RecordingDock::showRecordDialog);
}

void RecordingDock::followView() {
    connect(view_, &RecordingView::activeChanged, this, [this](bool active) {
        recordAction_->setEnabled(!active);
        if (!active) {
            emit statusMessage(view_->stateLabel()->text(), 5000); // replaced by what follows, if anything
            return;
        }
        emit statusMessage(tr("Recording…"), 0);
        show();
        raise();
    });
    connect(view_, &RecordingView::sessionRecorded, this, [this](const QString &path, const QString &host) {
        emit statusMessage(tr("Recorded %1.").arg(QFileInfo(path).fileName()), 5000);
        emit sessionRecorded(path, host);
    });
    connect(view_, &RecordingView::liveUpdate, this, &RecordingDock::liveUpdate);
    connect(view_, &RecordingView::recordingFailed, this, [this](const QString &message) {
        emit statusMessage(tr("Recording failed: %1").arg(message), 0);
    });
}

void RecordingDock::showRecordDialog() {
    if (view_->recording()->isActive()) return;
    auto *dialog = new RecordDialog(parentWidget());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // The events checked in the Events dock are the recording's, while the dialog is open too (until the
    // user types other events).
    dialog->offerEvents(events_->selectedEvents());
    connect(events_, &EventsView::selectionChanged, dialog, &RecordDialog::offerEvents);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { start(dialog->options(), dialog->remoteTarget()); });
    dialog->open();
}

void RecordingDock::start(const RecordOptions &options, const RemoteTarget &remote) {
    emit started();
    view_->start(options, remote);
}

} // namespace perfglass
