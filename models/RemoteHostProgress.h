// What each host of a remote recording is doing, followed from the outside of perfglass-cli record --host:
// a host is connecting until its session file appears (its first records arrived), then recording; after a
// stop (or the end of the program or the duration) its stream ends, and once its samples line
// `[ perfglass record --host HOST: N samples, [N lost, ]N records, SIZE written to FILE ]` is printed the CLI
// fetches its symbols until its symbols line (or the note that they were not fetched). A host still
// connecting when the stop was asked for never started recording: its file, if one appears after the stop,
// is not the user's recording. The samples line gives the host's summary; lost samples count only when the
// line names them (older CLIs did not: lostReported is false then, not 0).
#pragma once

#include "RemoteTarget.h"
#include "record/Recorder.h"

#include <QString>

#include <optional>
#include <vector>

namespace perfglass {

struct RemoteHostState {
    enum class Phase { Connecting, Recording, Ending, FetchingSymbols, Done, StoppedBeforeStart, Failed };

    QString host;       // as given: [USER@]HOST[:PORT]
    QString name;       // the CLI's name for it in its lines: HOST
    QString outputPath; // its session file
    Phase phase = Phase::Connecting;
    bool written = false;      // its samples line arrived: the file is complete
    bool lostReported = false; // that line said how many samples were lost
    RecordSummary summary;     // from that line, with the CLI's notes about this host
    QString error;             // why nothing was recorded on it
};

class RemoteHostProgress {
public:
    RemoteHostProgress() = default;
    RemoteHostProgress(const RemoteTarget &target, const QString &outputPath);

    const std::vector<RemoteHostState> &hosts() const { return hosts_; }
    bool stopRequested() const { return stopRequested_; }
    // The recorder was ended forcibly (a second Stop, or a host that did not answer a stop).
    bool forced() const { return forced_; }
    bool anyConnecting() const { return any(RemoteHostState::Phase::Connecting); }
    bool anyStarted() const;
    bool allStoppedBeforeStart() const;

    // Each returns whether anything changed.
    bool noteFileAppeared(size_t host);
    bool noteStopRequested();
    bool noteForced();
    bool noteLine(const QString &line);
    // perfglass-cli ended: hosts without a samples line failed (or never started), the others are done.
    void noteEnd();

    // A samples line of the CLI: the host's name and what the line says, or nothing for another line.
    struct SamplesLine {
        QString name;
        RecordSummary summary;
        bool lostReported = false;
    };
    static std::optional<SamplesLine> parseSamplesLine(const QString &line);

private:
    bool any(RemoteHostState::Phase phase) const;
    RemoteHostState *byName(const QString &name);
    bool noteHostMessage(const QString &text);

    std::vector<RemoteHostState> hosts_;
    bool stopRequested_ = false;
    bool forced_ = false;
};

} // namespace perfglass
