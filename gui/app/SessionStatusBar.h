// The main window's status bar: what the session documents are doing as they do it (loading, with its
// progress and Cancel; applying a filter; exporting; what a reload could not carry over), the session shown
// (its sample count and event) and debuginfod downloads.
#pragma once

#include "SessionAnalysis.h"
#include "symbols/DebuginfodClient.h"

#include <QStatusBar>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;

namespace perfglass {

class SessionDocument;

class SessionStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit SessionStatusBar(QWidget *parent = nullptr);

    // Says what DOCUMENT does, for as long as it lives.
    void follow(SessionDocument *document);
    // A button for ACTION (File ▸ Stop Following the Stream), shown while the action is enabled.
    void addStopFollowingButton(QAction *action);
    // The session shown (null: none), in the permanent label.
    void showSession(const SessionAnalysis *analysis);
    // For LoadOptions: says each debuginfod download as it goes, from a loading thread.
    DebuginfodProgress debuginfodProgress();

signals:
    // Cancel was clicked while a session loads.
    void cancelRequested();

private:
    void sayLive(const SessionDocument *document);
    void sayEnded(const SessionDocument *document);
    void followLoad(SessionDocument *document);
    void followAnalysis(SessionDocument *document);
    void followExport(SessionDocument *document);
    void sayOpened(const SessionDocument *document);
    void setLoading(bool loading);

    QLabel *sessionLabel_;
    QProgressBar *progress_;
    QPushButton *cancel_;
};

} // namespace perfglass
