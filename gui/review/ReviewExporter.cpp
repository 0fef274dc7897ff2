#include "ReviewExporter.h"

#include "ReviewExportDialog.h"
#include "identity/SessionArchive.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QWidget>

namespace perfglass {

ReviewExporter::ReviewExporter(QWidget *window)
    : QObject(window)
    , window_(window)
    , action_(new QAction(tr("Export for Re&view…"), this))
    , job_(new ReviewExportJob(this)) {
    action_->setToolTip(tr("One archive with the session and the code it ran, to review it on another "
                           "machine with every function named"));
    connect(action_, &QAction::triggered, this, &ReviewExporter::start);
    connect(job_, &ReviewExportJob::written, this, &ReviewExporter::onWritten);
    connect(job_, &ReviewExportJob::failed, this, [this](const QString &message) {
        measuring_ = false;
        updateAction();
        emit statusMessage(tr("Export for review failed: %1").arg(message), 15000);
        emit failed(message);
    });
    connect(job_, &ReviewExportJob::cancelled, this, [this] {
        measuring_ = false;
        updateAction();
    });
    updateAction();
}

void ReviewExporter::setSession(std::shared_ptr<const SessionAnalysis> session) {
    if (session != session_) job_->abandon();
    session_ = std::move(session);
    measuring_ = false;
    updateAction();
}

void ReviewExporter::updateAction() {
    action_->setEnabled(session_ != nullptr && !job_->isRunning());
}

void ReviewExporter::start() {
    if (!session_) return;
    scratch_ = std::make_unique<QTemporaryDir>();
    if (!scratch_->isValid()) {
        emit statusMessage(tr("Export for review failed: no temporary directory"), 15000);
        return;
    }
    measuring_ = true;
    job_->exportSession(session_, scratch_->filePath(QStringLiteral("review.tar.bz2")), true);
    updateAction();
    emit statusMessage(tr("Gathering the code the session ran…"), 0);
}

void ReviewExporter::exportTo(const QString &path, bool symbolsOnly) {
    if (!session_) return;
    measuring_ = false;
    job_->exportSession(session_, path, symbolsOnly);
    updateAction();
    emit statusMessage(tr("Writing %1…").arg(QDir::toNativeSeparators(path)), 0);
}

void ReviewExporter::onWritten(const ReviewArchiveInfo &archive) {
    updateAction();
    if (measuring_) {
        measuring_ = false;
        askAndSave(archive);
        return;
    }
    emit statusMessage(tr("Exported %1 (%2).")
                           .arg(QDir::toNativeSeparators(archive.path),
                                QLocale().formattedDataSize(static_cast<qint64>(archive.bytes))),
                       10000);
    emit exported(archive);
}

QString ReviewExporter::proposedPath() const {
    const QString session =
        session_->file->dataPath.isEmpty() ? session_->file->path : session_->file->dataPath;
    const QString name =
        QFileInfo(QString::fromStdString(SessionArchive::defaultOutputPath(session.toStdString(), true)))
            .fileName();
    return QFileInfo(session_->file->path).absoluteDir().filePath(name);
}

// The measured (symbols-only) archive is copied when the user takes that form; the full one is written.
void ReviewExporter::askAndSave(const ReviewArchiveInfo &measured) {
    emit statusMessage(QString(), 0);
    ReviewExportDialog dialog(measured, window_);
    if (dialog.exec() != QDialog::Accepted) return;
    const QString path = QFileDialog::getSaveFileName(window_, tr("Export for Review"), proposedPath(),
                                                      tr("Archives (*.tar.bz2)"));
    if (path.isEmpty()) return;
    if (dialog.choice() == ReviewExportDialog::Choice::Full) {
        exportTo(path, false);
        return;
    }
    QFile::remove(path);
    if (!QFile::copy(measured.path, path)) {
        emit statusMessage(tr("Export for review failed: %1 could not be written").arg(path), 15000);
        emit failed(path);
        return;
    }
    ReviewArchiveInfo saved = measured;
    saved.path = path;
    onWritten(saved);
}

} // namespace perfglass
