// A recording on another host, for RecordingJob: this build's perfglass-cli runs `record --host ...` as a
// child process (in a session of its own, so that ssh prompts through the desktop's SSH_ASKPASS and never on
// a terminal), which saves the host's stream into the local file as it arrives and brings the symbols home
// afterwards. The recording counts as started once that file appears (the host's first record arrived);
// a stop request sends the CLI SIGINT, which ends the host's recorder cleanly (it closes the channel's
// input). What the CLI prints becomes the summary: its samples line, its notes, and on failure its messages
// (an unknown host key, no recorder on the host, a refused login, a dropped connection).
#pragma once

#include "record/Recorder.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <stop_token>

namespace perfglass {

class RemoteRecorder {
public:
    // The perfglass-cli of this build: beside this program (installed), in ../cli (the build tree), or in
    // PATH.
    static QString cliPath();
    // Runs cliPath() with arguments (record --host ... -o outputPath ...) until it exits; onStarted is
    // called, on this thread, when outputPath has appeared. Throws Error with the CLI's messages when
    // nothing was recorded.
    static RecordSummary run(const QStringList &arguments, const QString &outputPath,
                             const std::function<void()> &onStarted, const std::stop_token &stop);
    // The summary that the CLI's output (log) and exit status give; throws Error with its messages when
    // the log says no file was written.
    static RecordSummary summaryOf(const QString &log, int exitStatus);
};

} // namespace perfglass
