// Where a recording of the desktop application runs when it is not this computer: a host reached with the
// system's ssh ([USER@]HOST[:PORT], an ssh configuration file or ssh's own), and the recorder used there (the
// host's perfglass-cli, one at a given path, or this build copied there). It turns into the options that
// perfglass-cli record --host takes, and into the ssh command of a fixed remote command (the host's process
// list), never with a user string that a shell would read.
#pragma once

#include <QString>
#include <QStringList>

namespace perfglass {

class RemoteTarget {
public:
    QString host;        // [USER@]HOST[:PORT]; empty: this computer
    QString sshConfig;   // ssh -F; empty: ssh's own (~/.ssh/config)
    QString remoteCli;   // the recorder on the host; empty: perfglass-cli in its PATH
    bool deploy = false; // copy this build's perfglass-cli to the host (record --deploy)

    bool isRemote() const { return !host.trimmed().isEmpty(); }
    // What is wrong with host, in words (the CLI's own check); empty when it can be used.
    QString hostProblem() const;
    // The options that select this host in perfglass-cli record: --host HOST [--ssh-config F]
    // [--remote-cli P | --deploy].
    QStringList recordOptions() const;
    // ssh's arguments (without "ssh") that run remoteCommand, a fixed text, on the host.
    QStringList sshArguments(const QString &remoteCommand) const;
};

} // namespace perfglass
