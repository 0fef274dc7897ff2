#include "RemoteProcessList.h"

#include <QProcess>
#include <QTimer>

#include <unistd.h>

#include <algorithm>
#include <limits>

namespace perfglass {

namespace {
const QString kPsCommand = QStringLiteral("ps -e -o pid= -o user= -o args=");
constexpr int kSshFailed = 255;
constexpr int kCommandNotFound = 127;
} // namespace

RemoteProcessList::RemoteProcessList(QObject *parent)
    : QObject(parent) {}

RemoteProcessList::~RemoteProcessList() {
    drop();
}

void RemoteProcessList::drop() {
    if (!process_) return;
    process_->disconnect(this);
    process_->kill();
    process_->waitForFinished(1000);
    delete process_;
}

void RemoteProcessList::fetch(const RemoteTarget &target) {
    drop();
    host_ = target.hosts().value(0);
    QStringList arguments;
    if (const QString problem = target.hostProblem(); !problem.isEmpty()) {
        QTimer::singleShot(0, this, [this, problem] { emit failed(problem); });
        return;
    }
    arguments = target.sshArguments(kPsCommand);
    auto *process = new QProcess(this);
    process_ = process;
    // A session of its own: ssh has no terminal to prompt on, so it asks through SSH_ASKPASS when the
    // desktop has one, and never on the terminal Perfglass was started from.
    process->setChildProcessModifier([] { ::setsid(); });
    process->setStandardInputFile(QProcess::nullDevice());
    connect(process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        finish(status == QProcess::NormalExit ? exitCode : kSshFailed);
    });
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return;
        emit failed(tr("Cannot run ssh: %1").arg(process_->errorString()));
        process_->deleteLater();
    });
    QTimer::singleShot(kTimeoutMs, process, [process] { process->kill(); });
    process->start(QStringLiteral("ssh"), arguments);
}

void RemoteProcessList::finish(int exitStatus) {
    const QByteArray output = process_->readAllStandardOutput();
    const QString errors = QString::fromLocal8Bit(process_->readAllStandardError()).trimmed();
    process_->deleteLater();
    process_ = nullptr;
    if (exitStatus != 0) {
        emit failed(failureMessage(host_, exitStatus, errors));
        return;
    }
    emit fetched(parse(output));
}

QVector<ProcessInfo> RemoteProcessList::parse(const QByteArray &psOutput) {
    QVector<ProcessInfo> processes;
    for (const QByteArray &line : psOutput.split('\n')) {
        const QString text = QString::fromLocal8Bit(line).trimmed();
        const qsizetype pidEnd = text.indexOf(QLatin1Char(' '));
        bool numeric = false;
        const long long pid = text.left(pidEnd).toLongLong(&numeric);
        if (pidEnd <= 0 || !numeric || pid <= 0 || pid > std::numeric_limits<pid_t>::max()) continue;
        const QString rest = text.mid(pidEnd).trimmed();
        const qsizetype userEnd = rest.indexOf(QLatin1Char(' '));
        ProcessInfo info;
        info.pid = static_cast<pid_t>(pid);
        info.user = userEnd < 0 ? rest : rest.left(userEnd);
        info.commandLine = userEnd < 0 ? QStringLiteral("[?]") : rest.mid(userEnd).trimmed();
        if (info.user.isEmpty()) continue;
        processes.push_back(std::move(info));
    }
    std::sort(processes.begin(), processes.end(),
              [](const ProcessInfo &a, const ProcessInfo &b) { return a.pid < b.pid; });
    return processes;
}

QString RemoteProcessList::failureMessage(const QString &host, int exitStatus, const QString &errorOutput) {
    if (errorOutput.contains(QLatin1String("Host key verification failed")))
        return tr("%1: the host's key is not known here, and an unknown host key is never accepted: connect "
                  "once with ssh %1 in a terminal, or add the key to ~/.ssh/known_hosts with ssh-keyscan.")
            .arg(host);
    if (exitStatus == kCommandNotFound)
        return tr("%1: the host has no ps to list its processes (%2).").arg(host, errorOutput);
    if (exitStatus == kSshFailed)
        return errorOutput.isEmpty() ? tr("%1: ssh could not connect.").arg(host)
                                     : tr("%1: ssh could not connect: %2").arg(host, errorOutput);
    return tr("%1: listing the processes failed (status %2): %3").arg(host).arg(exitStatus).arg(errorOutput);
}

} // namespace perfglass
