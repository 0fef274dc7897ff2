#include "RemoteTarget.h"

#include "base/Error.h"
#include "record/RemoteHost.h"

#include <QRegularExpression>
#include <QSet>

namespace perfglass {

QStringList RemoteTarget::hosts() const {
    static const QRegularExpression separators(QStringLiteral("[,\\s]+"));
    return host.split(separators, Qt::SkipEmptyParts);
}

QString RemoteTarget::hostProblem() const {
    if (hosts().isEmpty()) return QStringLiteral("no host given");
    QSet<QString> labels;
    for (const QString &oneHost : hosts()) {
        try {
            const RemoteHost parsed = RemoteHost::parse(oneHost.toStdString());
            const QString label = QString::fromStdString(parsed.fileLabel());
            if (labels.contains(label))
                return QStringLiteral("%1 is named twice: each host records into a file named after it")
                    .arg(QString::fromStdString(parsed.host));
            labels.insert(label);
        } catch (const Error &error) {
            return QString::fromStdString(error.what());
        }
    }
    return {};
}

QString RemoteTarget::nameOf(const QString &oneHost) {
    try {
        return QString::fromStdString(RemoteHost::parse(oneHost.toStdString()).host);
    } catch (const Error &) {
        return oneHost;
    }
}

QString RemoteTarget::outputPathFor(const QString &outputPath, const QString &oneHost) const {
    if (hosts().size() <= 1) return outputPath;
    const std::string label = RemoteHost::parse(oneHost.toStdString()).fileLabel();
    return QString::fromStdString(sessionPathForHost(outputPath.toStdString(), label));
}

QStringList RemoteTarget::recordOptions() const {
    QStringList options;
    for (const QString &oneHost : hosts())
        options << QStringLiteral("--host") << oneHost;
    if (!sshConfig.trimmed().isEmpty()) options << QStringLiteral("--ssh-config") << sshConfig.trimmed();
    if (deploy)
        options << QStringLiteral("--deploy");
    else if (!remoteCli.trimmed().isEmpty())
        options << QStringLiteral("--remote-cli") << remoteCli.trimmed();
    return options;
}

QStringList RemoteTarget::sshArguments(const QString &remoteCommand) const {
    const RemoteHost remote = RemoteHost::parse(hosts().value(0).toStdString());
    const std::vector<std::string> command =
        remote.sshCommand(sshConfig.trimmed().toStdString(), remoteCommand.toStdString());
    QStringList arguments;
    for (size_t i = 1; i < command.size(); ++i) // command[0] is "ssh"
        arguments << QString::fromStdString(command[i]);
    return arguments;
}

} // namespace perfglass
