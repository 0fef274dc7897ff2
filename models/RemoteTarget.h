// Where a recording of the desktop application runs when it is not this computer: a host reached with the
// system's ssh ([USER@]HOST[:PORT], an ssh configuration file or ssh's own), and the recorder used there (the
// host's perfglass-cli, one at a given path, or this build copied there). It turns into the options that
// perfglass-cli record --host takes, and into the ssh command of a fixed remote command (the host's process
// list), never with a user string that a shell would read. Several hosts record at once (one
// perfglass-cli record --host a --host b ... run, FILE-HOST.data each, as the CLI names them).
#pragma once

#include <QString>
#include <QStringList>

namespace perfglass {

class RemoteTarget {
public:
    QString host;        // [USER@]HOST[:PORT], or several separated by commas or spaces; empty: this computer
    QString sshConfig;   // ssh -F; empty: ssh's own (~/.ssh/config)
    QString remoteCli;   // the recorder on the host; empty: perfglass-cli in its PATH
    bool deploy = false; // copy this build's perfglass-cli to the host (record --deploy)

    bool isRemote() const { return !hosts().isEmpty(); }
    // The hosts named by host, in their order.
    QStringList hosts() const;
    // What is wrong with a host, in words (the CLI's own check), or two hosts that would write the same
    // file; empty when they can be used.
    QString hostProblem() const;
    // The options that select the hosts in perfglass-cli record: --host HOST (each) [--ssh-config F]
    // [--remote-cli P | --deploy].
    QStringList recordOptions() const;
    // ssh's arguments (without "ssh") that run remoteCommand, a fixed text, on the first host.
    QStringList sshArguments(const QString &remoteCommand) const;
    // The session file of one of the hosts when recording to outputPath: outputPath itself for one host,
    // FILE-HOST.data for several (as perfglass-cli record --host names them).
    QString outputPathFor(const QString &outputPath, const QString &oneHost) const;
    // The name perfglass-cli gives a host in its lines: HOST, without user and port.
    static QString nameOf(const QString &oneHost);
};

} // namespace perfglass
