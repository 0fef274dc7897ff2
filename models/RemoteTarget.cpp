#include "RemoteTarget.h"

#include "base/Error.h"
#include "record/RemoteHost.h"

namespace perfglass {

QString RemoteTarget::hostProblem() const {
    try {
        RemoteHost::parse(host.trimmed().toStdString());
    } catch (const Error &error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

QStringList RemoteTarget::recordOptions() const {
    QStringList options{QStringLiteral("--host"), host.trimmed()};
    if (!sshConfig.trimmed().isEmpty()) options << QStringLiteral("--ssh-config") << sshConfig.trimmed();
    if (deploy)
        options << QStringLiteral("--deploy");
    else if (!remoteCli.trimmed().isEmpty())
        options << QStringLiteral("--remote-cli") << remoteCli.trimmed();
    return options;
}

QStringList RemoteTarget::sshArguments(const QString &remoteCommand) const {
    const RemoteHost remote = RemoteHost::parse(host.trimmed().toStdString());
    const std::vector<std::string> command =
        remote.sshCommand(sshConfig.trimmed().toStdString(), remoteCommand.toStdString());
    QStringList arguments;
    for (size_t i = 1; i < command.size(); ++i) // command[0] is "ssh"
        arguments << QString::fromStdString(command[i]);
    return arguments;
}

} // namespace perfglass
