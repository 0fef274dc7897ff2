#include "ReviewExportJob.h"

#include "export/ReviewArchive.h"

namespace perfglass {

namespace {

QStringList toStringList(const std::vector<std::string> &lines) {
    QStringList list;
    for (const auto &line : lines)
        list.push_back(QString::fromStdString(line));
    return list;
}

} // namespace

ReviewExportJob::ReviewExportJob(QObject *parent)
    : BackgroundJob(parent) {
    qRegisterMetaType<ReviewArchiveInfo>();
}

ReviewArchiveInfo ReviewExportJob::write(const SessionAnalysis &session, const QString &path,
                                         bool symbolsOnly, const std::stop_token &stop,
                                         const ReportProgress &progress) {
    SessionArchiveOptions options;
    options.sessionPath =
        (session.file->dataPath.isEmpty() ? session.file->path : session.file->dataPath).toStdString();
    options.outputPath = path.toStdString();
    options.all = true; // one file to send: the session and its symbols
    options.symbolsOnly = symbolsOnly;
    if (symbolsOnly) options.sampledAddresses = sampledAddressesByBuildId(*session.profile());
    useRunningKernel(options);
    options.stop = stop;
    if (progress)
        options.progress = [&progress](uint64_t done, uint64_t total) {
            if (total > 0) progress(static_cast<double>(done) / static_cast<double>(total));
        };
    const SessionArchiveResult result = SessionArchive::write(options);
    ReviewArchiveInfo info;
    info.path = QString::fromStdString(result.path);
    info.symbolsOnly = symbolsOnly;
    info.bytes = result.bytes;
    info.fullBytes = result.fullBytes;
    info.entries = toStringList(result.entries);
    info.missing = toStringList(result.missing);
    return info;
}

void ReviewExportJob::exportSession(std::shared_ptr<const SessionAnalysis> session, const QString &path,
                                    bool symbolsOnly) {
    start([session = std::move(session), path, symbolsOnly](
              const std::stop_token &stop,
              const ReportProgress &report) { return write(*session, path, symbolsOnly, stop, report); },
          [this](ReviewArchiveInfo info) { emit written(info); });
}

} // namespace perfglass
