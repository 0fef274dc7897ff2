// One recording on one host over ssh: `perfglass-cli record --arguments-from-stdin` started there, the record
// options passed on the channel's input (no shell reads them), the stream (compressed pipe mode) saved as a
// local perf.data file as it arrives, and a clean stop by closing the channel's input (the remote recorder
// runs with --stop-on-stdin-close).
#pragma once

#include "SshProcess.h"
#include "record/RemoteHost.h"

#include "perfdata/PipeStreamSaver.h"

#include <memory>
#include <string>
#include <vector>

namespace perfglass::cli {

struct RemoteRecordingSetup {
    RemoteHost host;
    std::string sshConfig;                    // ssh -F; empty: ssh's own
    std::string remoteCli = "perfglass-cli";  // the recorder on the host: a path, or a name in its PATH
    std::vector<std::string> recordArguments; // record's options and target, as the user gave them
    std::string outputPath;
    int compressionLevel = 0; // the saved file's (-z, --compression-level); the stream is always compressed
};

struct RemoteRecordingResult {
    PipeStreamSaveResult saved;
    int exitStatus = 0; // the remote recorder's (the program's exit code for a launch)
};

class RemoteRecording {
public:
    explicit RemoteRecording(RemoteRecordingSetup setup);
    // Starts ssh and hands the host its arguments. Throws Error when ssh cannot be started.
    void start();
    // Ends the remote recording cleanly: the host's recorder stops and sends the rest of its stream.
    // Safe from any thread.
    void stop();
    // Ends ssh (SIGTERM) for a host that does not answer: the file keeps what arrived.
    void abort();
    // Saves the stream until it ends, then waits for ssh. Throws Error saying what failed (the connection,
    // no recorder on the host, the recorder's refusal: its own message is on standard error before).
    RemoteRecordingResult finish();
    const RemoteRecordingSetup &setup() const { return setup_; }

    // The command ssh runs on the host: fixed words and the recorder's path, single-quoted.
    static std::string remoteCommand(const std::string &remoteCli, const std::string &subcommand,
                                     const std::vector<std::string> &fixedArguments = {});

private:
    std::string failure(int status) const;

    RemoteRecordingSetup setup_;
    std::unique_ptr<SshProcess> ssh_;
};

} // namespace perfglass::cli
