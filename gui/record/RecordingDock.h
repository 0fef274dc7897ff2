// The Recording dock: File ▸ Record… (the Record dialog, offered the events checked in the Events dock) and
// the recording in progress (RecordingView), shown when a recording starts. One recording at a time: Record
// is disabled while one runs.
#pragma once

#include "RemoteTarget.h"
#include "record/Recorder.h"

#include <QDockWidget>

namespace perfglass {

class EventsView;
class RecordingView;

class RecordingDock : public QDockWidget {
    Q_OBJECT
public:
    RecordingDock(EventsView *events, QWidget *parent = nullptr);

    QAction *recordAction() const { return recordAction_; }
    RecordingView *view() const { return view_; }

public slots:
    void showRecordDialog();
    // Records off the UI thread (on the remote target's host, when it names one).
    void start(const RecordOptions &options, const RemoteTarget &remote = {});

signals:
    // A recording began.
    void started();
    // The partly written file at PATH has grown (the live view), and PATH is the whole recording; HOST is
    // where it was recorded (empty: this computer). A recording on several hosts gives one PATH each.
    void liveUpdate(const QString &path, const QString &host);
    void sessionRecorded(const QString &path, const QString &host);
    void statusMessage(const QString &message, int timeoutMs);

private:
    void createRecordAction();
    void followView();

    EventsView *events_;
    RecordingView *view_;
    QAction *recordAction_;
};

} // namespace perfglass
