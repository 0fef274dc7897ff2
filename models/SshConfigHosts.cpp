#include "SshConfigHosts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace perfglass {

namespace {

constexpr int kMaxIncludeDepth = 16;
constexpr qint64 kMaxConfigBytes = 4 * 1024 * 1024;

// A line's keyword and its arguments: "Keyword arg1 \"arg 2\"" or "Keyword=arg1 arg2".
QStringList wordsOf(const QString &line) {
    QStringList words;
    QString word;
    bool quoted = false;
    bool keywordDone = false;
    auto finish = [&] {
        if (!word.isEmpty()) words << word;
        word.clear();
    };
    for (const QChar c : line) {
        if (c == QLatin1Char('"')) {
            quoted = !quoted;
        } else if (!quoted && (c.isSpace() || (c == QLatin1Char('=') && !keywordDone))) {
            finish();
            keywordDone = !words.isEmpty();
        } else {
            word += c;
        }
    }
    finish();
    return words;
}

bool isPattern(const QString &host) {
    return host.contains(QLatin1Char('*')) || host.contains(QLatin1Char('?')) ||
           host.startsWith(QLatin1Char('!'));
}

} // namespace

QString SshConfigHosts::userConfigPath() {
    return QDir::homePath() + QStringLiteral("/.ssh/config");
}

QStringList SshConfigHosts::read(const QString &configPath) {
    QStringList hosts;
    readFile(configPath.isEmpty() ? userConfigPath() : configPath, 0, hosts);
    hosts.removeDuplicates();
    return hosts;
}

void SshConfigHosts::readFile(const QString &path, int depth, QStringList &hosts) {
    QFile file(path);
    if (depth > kMaxIncludeDepth || !QFileInfo(path).isFile() || file.size() > kMaxConfigBytes ||
        !file.open(QIODevice::ReadOnly))
        return;
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#'))) continue;
        const QStringList words = wordsOf(trimmed);
        const QString keyword = words.value(0).toLower();
        if (keyword == QLatin1String("host")) {
            for (const QString &host : words.mid(1))
                if (!isPattern(host)) hosts << host;
        } else if (keyword == QLatin1String("include")) {
            for (const QString &pattern : words.mid(1))
                for (const QString &included : includedFiles(pattern))
                    readFile(included, depth + 1, hosts);
        }
    }
}

// The files an Include names: ~ is home, a relative path is under ~/.ssh, and the file name may hold
// wildcards (sorted, as glob(3) gives them).
QStringList SshConfigHosts::includedFiles(const QString &pattern) {
    QString path = pattern;
    if (path.startsWith(QStringLiteral("~/"))) path = QDir::homePath() + path.mid(1);
    if (QDir::isRelativePath(path)) path = QDir::homePath() + QStringLiteral("/.ssh/") + path;
    const QFileInfo info(path);
    if (!isPattern(info.fileName())) return {path};
    QStringList files;
    const QDir dir = info.dir();
    for (const QString &name : dir.entryList({info.fileName()}, QDir::Files, QDir::Name))
        files << dir.filePath(name);
    return files;
}

} // namespace perfglass
