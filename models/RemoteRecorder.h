// A recording on other hosts, for RecordingJob: this build's perfglass-cli runs `record --host A [--host
// B ...] ...` as a child process (in a session of its own, so that ssh prompts through the desktop's
// SSH_ASKPASS and never on a terminal), which saves each host's stream into its local file as it arrives and
// brings the symbols home afterwards. A host counts as started once its file appears (its first record
// arrived); what each host does is followed in a RemoteHostProgress and reported as it changes. A stop
// request sends the CLI SIGINT, which ends the hosts' recorders cleanly (it closes the channels' input).
// A host still connecting then may not answer (a login that hangs): a second request (force), or
// kForceAfterMs after the stop, sends the second SIGINT (the CLI ends ssh), and kKillAfterMs later the CLI
// and everything it started are killed. Nothing the CLI started outlives it: what is left of its process
// group is killed when it ends. What the CLI prints becomes the summary: its samples lines, its notes, and
// on failure its messages (an unknown host key, no recorder on the host, a refused login, a dropped
// connection).
#pragma once

#include "RemoteHostProgress.h"
#include "record/Recorder.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <stop_token>

namespace perfglass {

class RemoteRecorder {
public:
    // The perfglass-cli of this build: beside this program (installed), in ../cli (the build tree), or in
    // PATH.
    static QString cliPath();
    static constexpr int kForceAfterMs = 5000;
    static constexpr int kKillAfterMs = 3000;

    struct Control {
        std::stop_token stop;                                       // the first stop: SIGINT
        std::shared_ptr<std::atomic<bool>> force;                   // a second stop: end it forcibly
        std::function<void()> onStarted;                            // the first host's file appeared
        std::function<void(const RemoteHostProgress &)> onProgress; // a host's phase changed
    };

    // Runs cliPath() with arguments (record --host ... -o ...) until it exits, following the hosts of
    // progress; the callbacks run on this thread. The summary adds up the hosts' samples lines; it is empty
    // when every host was stopped before it started recording. Throws Error with the CLI's messages when
    // nothing was recorded otherwise.
    static RecordSummary run(const QStringList &arguments, RemoteHostProgress &progress,
                             const Control &control);
    // The summary that the CLI's output (log) and exit status give; throws Error with its messages when
    // the log says no file was written.
    static RecordSummary summaryOf(const QString &log, int exitStatus);
};

} // namespace perfglass
