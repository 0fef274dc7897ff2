// The host names an ssh client configuration names: the Host entries of ~/.ssh/config (or a given file)
// and of the files it includes (Include, relative paths from ~/.ssh, wildcards in the file name, nested up
// to 16 deep as ssh allows), in the order they come, each once. Patterns (with '*', '?' or a negation '!')
// name no host and are left out. The Record dialog completes its host field with them.
#pragma once

#include <QString>
#include <QStringList>

namespace perfglass {

class SshConfigHosts {
public:
    // ~/.ssh/config.
    static QString userConfigPath();
    // The hosts of configPath (empty: userConfigPath()); a missing or unreadable file names none.
    static QStringList read(const QString &configPath = {});

private:
    static void readFile(const QString &path, int depth, QStringList &hosts);
    static QStringList includedFiles(const QString &pattern);
};

} // namespace perfglass
