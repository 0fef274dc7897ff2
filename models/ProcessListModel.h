// The processes of this machine, read from /proc, for the Record dialog's Attach target: one row per process
// with its id, its owner's name and its command line (the kernel's "[name]" for kernel threads, whose
// command line is empty). refresh() reads /proc again; rows of processes that exited in between are dropped
// silently; setProcesses() shows rows read elsewhere instead (another host's). Sort and filter it through a
// QSortFilterProxyModel (the PID column's data is a number).
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QVector>

#include <sys/types.h>

namespace perfglass {

struct ProcessInfo {
    pid_t pid = 0;
    uid_t uid = 0;
    QString user;        // the owner's login name, or the uid as text when it has none
    QString commandLine; // arguments joined by spaces; "[comm]" for kernel threads
};

class ProcessListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PidColumn, UserColumn, CommandColumn, ColumnCount };
    static constexpr int PidRole = Qt::UserRole + 1;

    // procRoot: where the process directories are (tests pass a directory of their own).
    explicit ProcessListModel(QObject *parent = nullptr, QString procRoot = QStringLiteral("/proc"));

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const QVector<ProcessInfo> &processes() const { return processes_; }
    // The row of PID, or -1.
    int rowOf(pid_t pid) const;

    // Reads one process's entry under procRoot; false when it is gone or unreadable.
    static bool readProcess(const QString &procRoot, pid_t pid, ProcessInfo &info);

public slots:
    void refresh();
    // Shows these rows (sorted by PID here) instead of this machine's.
    void setProcesses(QVector<perfglass::ProcessInfo> processes);

private:
    QString procRoot_;
    QVector<ProcessInfo> processes_;
};

} // namespace perfglass
