// The Recording dock's content: the state of the recording in progress (what it targets, the elapsed time
// and the size of the file as it grows, where it goes), a Stop button, and once it ended either the summary
// (samples, lost samples, bytes, the recorder's notices, the launched program's exit code) or the reason it
// could not start. Owns the RecordingJob; asks for the finished session to be opened (sessionRecorded)
// and, with Live view checked, for the partly written file to be shown every few seconds (liveUpdate; the
// interval beside the check box, LiveRefreshInterval).
// On hosts it says what each host does (connecting, recording, ending, fetching symbols, stopped before
// it started), asks for each host's session (sessionRecorded with the host) and live file, and shows
// each host's summary; Stop asked a second time ends the recording forcibly.
#pragma once

#include "RemoteHostProgress.h"
#include "RemoteTarget.h"
#include "record/Recorder.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

namespace perfglass {

class RecordingJob;

class RecordingView : public QWidget {
    Q_OBJECT
public:
    explicit RecordingView(QWidget *parent = nullptr);

    RecordingJob *recording() const { return recording_; }
    QPushButton *stopButton() const { return stop_; }
    QLabel *stateLabel() const { return state_; }
    QLabel *elapsedLabel() const { return elapsed_; }
    QLabel *fileSizeLabel() const { return fileSize_; }
    QLabel *summaryLabel() const { return summary_; }
    QLabel *errorLabel() const { return error_; }
    QCheckBox *liveViewCheckBox() const { return live_; }
    QSpinBox *liveIntervalSpinBox() const { return liveInterval_; }

    // Starts recording (on the remote target's host, when it names one); false when one is already running.
    bool start(RecordOptions options, const RemoteTarget &remote = {});

signals:
    // A recording ended well; PATH is the complete session, recorded on HOST (empty: this computer).
    void sessionRecorded(const QString &path, const QString &host);
    // A recording could not start or failed; MESSAGE says why.
    void recordingFailed(const QString &message);
    // While recording with Live view on, at each live interval: PATH holds the records written so far (on
    // HOST; empty: this computer).
    void liveUpdate(const QString &path, const QString &host);
    // Starting, recording, finished or failed.
    void activeChanged(bool active);

private:
    void updateProgress();
    void showState();
    void showSummary();
    void emitLiveUpdates();
    void announceSessions();
    QString remoteStateText() const;
    QString finishedStateText() const;
    QString hostSummaryRows(const RemoteHostState &host, bool named) const;
    static QString lostText(const RecordSummary &summary);
    static QString formatBytes(qint64 bytes);

    RecordingJob *recording_;
    QTimer *timer_;
    QTimer *liveTimer_;
    QCheckBox *live_;
    QSpinBox *liveInterval_;
    QLabel *state_;
    QLabel *target_;
    QLabel *elapsed_;
    QLabel *output_;
    QLabel *fileSize_;
    QLabel *summary_;
    QLabel *error_;
    QPushButton *stop_;
};

} // namespace perfglass
