#include "ProcessListModel.h"

#include <QDir>
#include <QFile>

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <map>

namespace perfglass {

namespace {

QByteArray readSmallFile(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return file.read(64 * 1024);
}

QString userName(uid_t uid) {
    static thread_local std::map<uid_t, QString> cache; // login names do not change while we run
    const auto found = cache.find(uid);
    if (found != cache.end()) return found->second;
    passwd entry{};
    passwd *result = nullptr;
    std::array<char, 4096> buffer{};
    QString name = QString::number(uid);
    if (::getpwuid_r(uid, &entry, buffer.data(), buffer.size(), &result) == 0 && result)
        name = QString::fromLocal8Bit(result->pw_name);
    cache.emplace(uid, name);
    return name;
}

// The real uid from a status file's "Uid:\treal\teffective..." line; false when there is none.
bool parseUid(const QByteArray &status, uid_t &uid) {
    for (const QByteArray &line : status.split('\n')) {
        if (!line.startsWith("Uid:")) continue;
        const QList<QByteArray> fields = line.mid(4).simplified().split(' ');
        bool ok = false;
        uid = static_cast<uid_t>(fields.value(0).toUInt(&ok));
        return ok;
    }
    return false;
}

} // namespace

ProcessListModel::ProcessListModel(QObject *parent, QString procRoot)
    : QAbstractTableModel(parent)
    , procRoot_(std::move(procRoot)) {}

bool ProcessListModel::readProcess(const QString &procRoot, pid_t pid, ProcessInfo &info) {
    const QString dir = procRoot + QLatin1Char('/') + QString::number(pid);
    const QByteArray status = readSmallFile(dir + QStringLiteral("/status"));
    if (status.isEmpty() || !parseUid(status, info.uid)) return false;
    info.pid = pid;
    info.user = userName(info.uid);
    QByteArray cmdline = readSmallFile(dir + QStringLiteral("/cmdline"));
    while (cmdline.endsWith('\0'))
        cmdline.chop(1);
    if (!cmdline.isEmpty()) {
        cmdline.replace('\0', ' ');
        info.commandLine = QString::fromLocal8Bit(cmdline);
    } else {
        const QByteArray comm = readSmallFile(dir + QStringLiteral("/comm")).trimmed();
        info.commandLine = QLatin1Char('[') + QString::fromLocal8Bit(comm) + QLatin1Char(']');
    }
    return true;
}

void ProcessListModel::refresh() {
    QVector<ProcessInfo> processes;
    const QStringList entries = QDir(procRoot_).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const int pid = entry.toInt(&numeric);
        if (!numeric || pid <= 0) continue;
        ProcessInfo info;
        if (readProcess(procRoot_, pid, info)) processes.push_back(std::move(info));
    }
    setProcesses(std::move(processes));
}

void ProcessListModel::setProcesses(QVector<ProcessInfo> processes) {
    std::sort(processes.begin(), processes.end(),
              [](const ProcessInfo &a, const ProcessInfo &b) { return a.pid < b.pid; });
    beginResetModel();
    processes_ = std::move(processes);
    endResetModel();
}

int ProcessListModel::rowOf(pid_t pid) const {
    const auto found =
        std::lower_bound(processes_.begin(), processes_.end(), pid,
                         [](const ProcessInfo &info, pid_t value) { return info.pid < value; });
    return found != processes_.end() && found->pid == pid ? static_cast<int>(found - processes_.begin()) : -1;
}

int ProcessListModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(processes_.size());
}

int ProcessListModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProcessListModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const ProcessInfo &info = processes_[index.row()];
    if (role == PidRole) return static_cast<qint64>(info.pid);
    if (role == Qt::ToolTipRole && index.column() == CommandColumn) return info.commandLine;
    if (role == Qt::TextAlignmentRole && index.column() == PidColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case PidColumn:
        return static_cast<qint64>(info.pid);
    case UserColumn:
        return info.user;
    case CommandColumn:
        return info.commandLine;
    default:
        return {};
    }
}

QVariant ProcessListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case PidColumn:
        return tr("PID");
    case UserColumn:
        return tr("User");
    case CommandColumn:
        return tr("Command");
    default:
        return {};
    }
}

} // namespace perfglass
