// The processes of a remote host, for the Record dialog's Attach target when it records on a host: the
// system's ssh runs the fixed command `ps -e -o pid= -o user= -o args=` there (nothing of the user's reaches
// a shell), without a terminal (a password or passphrase prompt goes to the desktop's SSH_ASKPASS), and the
// output becomes rows as ProcessListModel has them. fetched() or failed(message) follows each fetch(); a new
// fetch() drops the one running.
#pragma once

#include "ProcessListModel.h"
#include "RemoteTarget.h"

#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QVector>

namespace perfglass {

class RemoteProcessList : public QObject {
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 60000;

    explicit RemoteProcessList(QObject *parent = nullptr);
    ~RemoteProcessList() override;

    void fetch(const RemoteTarget &target);
    bool isFetching() const { return process_ != nullptr; }
    // The rows of ps's output ("PID USER ARGS..." per line), sorted by PID; lines that are not such rows
    // are skipped. A process without arguments (a kernel thread) shows as "[?]".
    static QVector<ProcessInfo> parse(const QByteArray &psOutput);
    // Why ssh failed, from its exit status and what it wrote on standard error.
    static QString failureMessage(const QString &host, int exitStatus, const QString &errorOutput);

signals:
    void fetched(const QVector<perfglass::ProcessInfo> &processes);
    void failed(const QString &message);

private:
    void finish(int exitStatus);
    void drop();

    QPointer<QProcess> process_;
    QString host_;
};

} // namespace perfglass
