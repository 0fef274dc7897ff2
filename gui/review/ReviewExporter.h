// File ▸ Export for Review: first writes the symbols-only archive of the open session into a temporary
// directory (off the UI thread), to learn its size and the full archive's; shows both with the files they
// hold (ReviewExportDialog); then saves the chosen form where the user says: the symbols-only file is copied,
// the full one written. The session must have been read from its perf.data file (or an archive of one).
#pragma once

#include "ReviewExportJob.h"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>

#include <memory>

class QAction;
class QWidget;

namespace perfglass {

class ReviewExporter : public QObject {
    Q_OBJECT
public:
    // window: where the dialogs open (window-modal) and the action lives.
    explicit ReviewExporter(QWidget *window);

    QAction *action() const { return action_; }
    // The session to export; nullptr when none is open (the action is disabled then).
    void setSession(std::shared_ptr<const SessionAnalysis> session);

public slots:
    // Measures, asks, saves (see above).
    void start();
    // Writes the archive to path without asking (tests, and the saving step of start()).
    void exportTo(const QString &path, bool symbolsOnly);

signals:
    void statusMessage(const QString &text, int timeoutMs);
    // The archive was written where the user asked (not the measuring one).
    void exported(const perfglass::ReviewArchiveInfo &archive);
    void failed(const QString &message);

private:
    void onWritten(const ReviewArchiveInfo &archive);
    void askAndSave(const ReviewArchiveInfo &measured);
    QString proposedPath() const;
    void updateAction();

    QWidget *window_;
    QAction *action_;
    ReviewExportJob *job_;
    std::shared_ptr<const SessionAnalysis> session_;
    std::unique_ptr<QTemporaryDir> scratch_;
    bool measuring_ = false;
};

} // namespace perfglass
