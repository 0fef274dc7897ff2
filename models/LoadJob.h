// Opens a session file off the UI thread (or an archive of one, identity/ArchiveOpener: unpacked into a
// private build-id cache first): reads it into a Profile (perfglass::loadProfile), then builds the top-down
// call tree and the flat profile, reporting progress and honouring cancellation (BackgroundJob). loaded()
// hands the session over on the thread that owns the job.
#pragma once

#include "BackgroundJob.h"
#include "SessionAnalysis.h"
#include "SymbolSettings.h"
#include "identity/ArchiveOpener.h"
#include "load/LoadProfile.h"

#include <QString>

#include <memory>

namespace perfglass {

class LoadJob : public BackgroundJob {
    Q_OBJECT
public:
    explicit LoadJob(QObject *parent = nullptr);

    bool isLoading() const { return isRunning(); }
    // How the next loads read sessions (inline frames, symbol search paths...). Defaults to LoadOptions{},
    // so the core's defaults apply; progress and cancel are the job's own and are ignored here.
    void setLoadOptions(LoadOptions options) { options_ = std::move(options); }
    const LoadOptions &loadOptions() const { return options_; }
    // Where the next loads look for symbols (applied to the load options, and kept in each SessionFile).
    void setSymbolSettings(const SymbolSettings &settings) {
        settings_ = settings;
        settings_.applyTo(options_);
    }
    const SymbolSettings &symbolSettings() const { return settings_; }
    // The file the running or last load reads.
    QString currentPath() const { return path_; }

    // The facts computed once for a read PROFILE (unnamed frames, off-CPU time, names and source locations);
    // path and notices are the caller's to fill. Also for profiles in hand (tests, fixtures).
    static std::shared_ptr<SessionFile> sessionFileOf(std::shared_ptr<const Profile> profile);

    // Where the last loadLive() (below) stopped: everything that had arrived was read, records wait (it reads
    // for about a quarter of a second at a time), or the input ended (the recorder finished the file, the
    // pipe closed).
    enum class LiveState { CaughtUp, MoreToRead, Ended };
    LiveState liveState() const;

public slots:
    // Starts loading PATH (started() follows, then progress()); a load already running is dropped.
    void load(const QString &path);
    // The live view of PATH, a file being recorded: reads what was added to it since the last call for the
    // same file (a GrowingProfileLoader kept between calls; the first call reads it from the start), then
    // loaded() hands over a snapshot of the profile so far, whose sealed sample chunks it shares with the
    // previous one. Once the recorder has finished the file, the snapshot is the complete profile.
    void loadLive(const QString &path);

signals:
    void loaded(std::shared_ptr<const perfglass::SessionAnalysis> session);

private:
    static OpenedSession openSession(const QString &path, LoadOptions &options, const std::stop_token &stop,
                                     const ReportProgress &reportProgress);
    struct LiveLoad;
    static std::shared_ptr<const SessionAnalysis> readLive(const QString &path, LoadOptions options,
                                                           const SymbolSettings &symbolSettings,
                                                           const std::shared_ptr<LiveLoad> &live,
                                                           const std::stop_token &stop);
    static std::shared_ptr<const SessionAnalysis> analysed(std::shared_ptr<SessionFile> file,
                                                           const std::stop_token &stop,
                                                           const ReportProgress &reportProgress);
    static std::shared_ptr<const SessionAnalysis> read(const QString &path, LoadOptions options,
                                                       const SymbolSettings &symbolSettings,
                                                       const std::stop_token &stop,
                                                       const ReportProgress &reportProgress);

    QString path_;
    std::shared_ptr<LiveLoad> live_; // the growing profile of the file loadLive() follows
    LoadOptions options_;
    SymbolSettings settings_;
};

} // namespace perfglass
