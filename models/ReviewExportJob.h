// Writes a session and the code it ran into one archive, off the UI thread, for review on another machine
// (File ▸ Export for Review): perf archive --all's form (identity/SessionArchive), which perfglass opens
// directly and `perfglass-cli archive --unpack` (or perf archive --unpack) unpacks for perf. written() ends
// each request with what the archive holds and its size; a symbols-only archive also tells the size of the
// full one, so the user can choose knowing both.
#pragma once

#include "BackgroundJob.h"
#include "SessionAnalysis.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <memory>

namespace perfglass {

struct ReviewArchiveInfo {
    QString path;
    bool symbolsOnly = false;
    quint64 bytes = 0;
    quint64 fullBytes = 0; // symbols-only: the size of the full archive of the same files
    QStringList entries;   // "PATH/BUILDID (from SOURCE)"
    QStringList missing;   // files that could not be archived, and why
};

class ReviewExportJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit ReviewExportJob(QObject *parent = nullptr);

    // Writes SESSION's archive to PATH (on the calling thread); throws Error when it cannot.
    static ReviewArchiveInfo write(const SessionAnalysis &session, const QString &path, bool symbolsOnly,
                                   const std::stop_token &stop = {}, const ReportProgress &progress = {});

    // Starts writing; a request still running is cancelled first.
    void exportSession(std::shared_ptr<const SessionAnalysis> session, const QString &path, bool symbolsOnly);

signals:
    void written(const perfglass::ReviewArchiveInfo &archive);
};

} // namespace perfglass

Q_DECLARE_METATYPE(perfglass::ReviewArchiveInfo)
