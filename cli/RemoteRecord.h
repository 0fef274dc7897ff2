// record --host: records on one host or several at once over ssh (RemoteRecording), one local session
// file each, then brings each session's symbols home (RemoteSymbols). Ctrl-C, SIGTERM and SIGHUP end every
// remote recording cleanly; each file is then complete.
#pragma once

#include <string>
#include <vector>

namespace perfglass::cli {

struct RemoteRecordRequest {
    std::vector<std::string> hosts;          // [USER@]HOST[:PORT] each
    std::string sshConfig;                   // ssh -F
    std::string remoteCli = "perfglass-cli"; // the recorder on the hosts
    std::string outputPath = "perf.data";    // with several hosts: FILE-HOST.data each
    std::string buildIdDir;                  // the local build-id cache; empty: $PERF_BUILDID_DIR or ~/.debug
    int compressionLevel = 0;                // the local files' zstd level (-z), 0: uncompressed
    bool deploy = false;                     // copy this build's perfglass-cli to the hosts (RemoteDeploy.h)
    bool fetchSymbols = true;
    bool fullBinaries = false;
    std::vector<std::string> recordArguments; // record's options and target, forwarded to each host
};

// Returns the exit status to leave with: the remote program's (a launch on one host), else 0, or 1 when a
// host failed. Throws Error when nothing could be recorded.
int recordOnHosts(const RemoteRecordRequest &request);

} // namespace perfglass::cli
