// record --host --deploy: this build's perfglass-cli copied to the host, into a private cache directory
// there (${XDG_CACHE_HOME:-~/.cache}/perfglass/deploy/SHA256/perfglass-cli, the directory only the host user
// may read), reused by its SHA-256 the next time. The host must have this machine's architecture (uname -m),
// and the copy's libraries must resolve there (ldd): otherwise the message names what is missing. The
// privileged helper is not copied: the host's recording runs with the host user's own rights.
#pragma once

#include "record/RemoteHost.h"

#include <string>

namespace perfglass::cli {

struct DeployedRecorder {
    std::string path;    // on the host, absolute
    bool copied = false; // false: the copy of an earlier run was reused
};

class RemoteDeploy {
public:
    RemoteDeploy(const RemoteHost &host, std::string sshConfig);
    // Throws Error naming what failed (ssh, another architecture, unresolved libraries).
    DeployedRecorder deploy() const;

private:
    struct Output {
        int status = 0;
        std::string text;
    };
    Output runOnHost(const std::string &script, const std::string &inputPath = {}) const;
    void checkLibraries(const std::string &path) const;

    const RemoteHost &host_;
    std::string sshConfig_;
};

// SHA-256 of a file's bytes, in lowercase hex. Throws Error when it cannot be read.
std::string sha256OfFile(const std::string &path);

} // namespace perfglass::cli
