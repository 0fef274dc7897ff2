// A throwaway ssh server for the remote recording tests: Debian's sshd started on loopback inside a private
// network namespace that the test process makes for itself (so nothing but loopback is ever talked to), with
// a host key and a user key made in a temporary directory and client configurations of its own (-F): "loop"
// and "loop2" name it, ssh_config knows its host key, ssh_config_unknown does not. No file of the user's ssh
// setup is read or written. start() says why the machine cannot run it (no sshd, not root, no namespace).
#pragma once

#include "TestSupport.h"

#include <QByteArray>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>
#include <QThread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace perfglass::test {

class ThrowawaySshd {
public:
    static constexpr int kPort = 2222;

    ThrowawaySshd() = default;
    ~ThrowawaySshd() {
        if (sshd_.state() != QProcess::Running) return;
        sshd_.kill();
        sshd_.waitForFinished(10000);
    }
    ThrowawaySshd(const ThrowawaySshd &) = delete;
    ThrowawaySshd &operator=(const ThrowawaySshd &) = delete;

    // Everything this needs, or why the machine cannot run it (empty when sshd listens).
    QString start() {
        if (!dir_.isValid()) return QStringLiteral("cannot make a temporary directory");
        const QString sshdPath =
            QStandardPaths::findExecutable(QStringLiteral("sshd"), {QStringLiteral("/usr/sbin")});
        if (sshdPath.isEmpty()) return QStringLiteral("sshd is not installed (Debian: openssh-server)");
        if (QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty())
            return QStringLiteral("ssh is not installed (Debian: openssh-client)");
        if (!isRoot())
            return QStringLiteral("needs root: a private network namespace, and sshd logs in as root");
        if (::unshare(CLONE_NEWNET) != 0)
            return QStringLiteral("cannot make a private network namespace: ") +
                   QString::fromLocal8Bit(strerror(errno));
        const QString ip = QStandardPaths::findExecutable(
            QStringLiteral("ip"), {QStringLiteral("/usr/sbin"), QStringLiteral("/sbin")});
        if (ip.isEmpty() || runProgram(ip, {QStringLiteral("link"), QStringLiteral("set"),
                                            QStringLiteral("lo"), QStringLiteral("up")})
                                    .exitCode != 0)
            return QStringLiteral("cannot bring loopback up in the private namespace (ip, Debian: iproute2)");
        QDir().mkpath(QStringLiteral("/run/sshd")); // sshd's privilege separation directory
        if (const QString problem = setUpKeysAndConfigs(); !problem.isEmpty()) return problem;
        sshd_.start(sshdPath, {QStringLiteral("-D"), QStringLiteral("-E"), path(QStringLiteral("sshd.log")),
                               QStringLiteral("-f"), path(QStringLiteral("sshd_config")),
                               QStringLiteral("-p"), QString::number(kPort)});
        if (!sshd_.waitForStarted()) return QStringLiteral("sshd did not start");
        QDeadlineTimer deadline(30000);
        while (!portAccepts(kPort) && !deadline.hasExpired() && sshd_.state() == QProcess::Running)
            QThread::msleep(50);
        if (!portAccepts(kPort))
            return QStringLiteral("sshd did not listen on 127.0.0.1:") + QString::number(kPort);
        return {};
    }

    // A file in the server's temporary directory (its configurations: ssh_config, ssh_config_unknown).
    QString path(const QString &name) const { return dir_.filePath(name); }
    qint64 processId() const { return sshd_.processId(); }

    static bool writeFile(const QString &path, const QByteArray &bytes) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
    }
    static QByteArray readFile(const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

private:
    static bool portAccepts(int port) {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) return false;
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        const bool connected = ::connect(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0;
        ::close(fd);
        return connected;
    }

    static bool keygen(const QString &file) {
        return runProgram(QStringLiteral("ssh-keygen"),
                          {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"),
                           QStringLiteral("-N"), QString(), QStringLiteral("-f"), file})
                   .exitCode == 0;
    }

    // The client's configuration: Host loop is this sshd, its key the one written here.
    bool writeClientConfig(const QString &name, const QString &knownHosts) const {
        const QString text = QStringLiteral("Host loop loop2\n  HostName 127.0.0.1\n  Port %1\n  User root\n"
                                            "  IdentityFile %2\n  IdentitiesOnly yes\n"
                                            "  UserKnownHostsFile %3\n  GlobalKnownHostsFile /dev/null\n"
                                            "  StrictHostKeyChecking yes\n  BatchMode yes\n"
                                            "  ConnectTimeout 20\n")
                                 .arg(kPort)
                                 .arg(path(QStringLiteral("userkey")), knownHosts);
        return writeFile(path(name), text.toUtf8());
    }

    QString setUpKeysAndConfigs() {
        if (!keygen(path(QStringLiteral("hostkey"))) || !keygen(path(QStringLiteral("userkey"))))
            return QStringLiteral("ssh-keygen failed");
        const QString sshd = QStringLiteral("HostKey %1\nAuthorizedKeysFile %2\nStrictModes no\nUsePAM no\n"
                                            "PidFile %3\nListenAddress 127.0.0.1\n"
                                            "PermitRootLogin prohibit-password\nSetEnv XDG_CACHE_HOME=%4\n")
                                 .arg(path(QStringLiteral("hostkey")), path(QStringLiteral("userkey.pub")),
                                      path(QStringLiteral("sshd.pid")), path(QStringLiteral("host-cache")));
        const QByteArray hostKey =
            readFile(path(QStringLiteral("hostkey.pub"))).split(' ').mid(0, 2).join(' ');
        const QByteArray known = QStringLiteral("[127.0.0.1]:%1 ").arg(kPort).toUtf8() + hostKey + '\n';
        if (!writeFile(path(QStringLiteral("sshd_config")), sshd.toUtf8()) ||
            !writeFile(path(QStringLiteral("known_hosts")), known) ||
            !writeFile(path(QStringLiteral("empty_known_hosts")), QByteArray()) ||
            !writeClientConfig(QStringLiteral("ssh_config"), path(QStringLiteral("known_hosts"))) ||
            !writeClientConfig(QStringLiteral("ssh_config_unknown"),
                               path(QStringLiteral("empty_known_hosts"))))
            return QStringLiteral("cannot write the ssh configuration into ") + dir_.path();
        return {};
    }

    QTemporaryDir dir_;
    QProcess sshd_;
};

} // namespace perfglass::test
