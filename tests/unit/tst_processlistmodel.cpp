// ProcessListModel, the Record dialog's list of processes: it lists a process started here by pid, with its
// owner and command line, and drops it after it exited; kernel threads (empty cmdline) show as "[comm]";
// unreadable or vanished entries are skipped; the model passes QAbstractItemModelTester.
#include "ProcessListModel.h"
#include "TestSupport.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <unistd.h>

using namespace perfglass;

namespace {
void writeFile(const QString &path, const QByteArray &content) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

void fakeProcess(const QString &root, int pid, uid_t uid, const QByteArray &cmdline, const QByteArray &comm) {
    const QString dir = QStringLiteral("%1/%2").arg(root).arg(pid);
    QVERIFY(QDir().mkpath(dir));
    writeFile(dir + QStringLiteral("/status"), QByteArray("Name:\t") + comm + "\nUid:\t" +
                                                   QByteArray::number(uid) + "\t" + QByteArray::number(uid) +
                                                   "\t0\t0\n");
    writeFile(dir + QStringLiteral("/cmdline"), cmdline);
    writeFile(dir + QStringLiteral("/comm"), comm + "\n");
}
} // namespace

class TestProcessListModel : public QObject {
    Q_OBJECT
private slots:
    void listsARunningChild();
    void readsAFakeProcTree();
    void filterFindsByPidAndCommand();
};

void TestProcessListModel::listsARunningChild() {
    ProcessListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QProcess child;
    child.start(QStringLiteral("sleep"), {QStringLiteral("30")});
    QVERIFY(child.waitForStarted());
    const auto pid = static_cast<pid_t>(child.processId());
    model.refresh();
    const int row = model.rowOf(pid);
    QVERIFY2(row >= 0, qPrintable(QStringLiteral("pid %1 not listed").arg(pid)));
    QCOMPARE(model.index(row, ProcessListModel::PidColumn).data().toLongLong(), qint64(pid));
    const QString command = model.index(row, ProcessListModel::CommandColumn).data().toString();
    QVERIFY2(command.endsWith(QLatin1String("sleep 30")),
             qPrintable(command)); // QProcess runs /usr/bin/sleep
    const passwd *me = ::getpwuid(::getuid());
    QVERIFY(me);
    QCOMPARE(model.index(row, ProcessListModel::UserColumn).data().toString(),
             QString::fromLocal8Bit(me->pw_name));
    // Our own process is there too, and the rows are sorted by pid.
    QVERIFY(model.rowOf(::getpid()) >= 0);
    for (int r = 1; r < model.rowCount(); ++r)
        QVERIFY(model.processes()[r - 1].pid < model.processes()[r].pid);

    child.kill();
    QVERIFY(child.waitForFinished());
    model.refresh();
    QCOMPARE(model.rowOf(pid), -1);
}

void TestProcessListModel::readsAFakeProcTree() {
    QTemporaryDir root;
    QVERIFY(root.isValid());
    fakeProcess(root.path(), 42, 0, QByteArray("/usr/bin/app\0--flag\0x y\0", 24), "app");
    fakeProcess(root.path(), 7, 0, QByteArray(), "kworker/0:1");
    fakeProcess(root.path(), 4000000, 4000000, QByteArray("nameless\0", 9), "nameless");
    QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("99"))));  // vanished: no status file
    QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("sys")))); // not a process
    QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("12"))));
    writeFile(root.filePath(QStringLiteral("12/status")), "Name:\tbroken\n"); // no Uid line

    ProcessListModel model(nullptr, root.path());
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.refresh();
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.processes()[0].pid, 7);
    QCOMPARE(model.processes()[0].commandLine, QStringLiteral("[kworker/0:1]"));
    QCOMPARE(model.processes()[1].pid, 42);
    QCOMPARE(model.processes()[1].commandLine, QStringLiteral("/usr/bin/app --flag x y"));
    QCOMPARE(model.processes()[1].user, QStringLiteral("root"));
    QCOMPARE(model.processes()[2].user, QStringLiteral("4000000")); // no login name: the uid
    QCOMPARE(model.headerData(ProcessListModel::CommandColumn, Qt::Horizontal).toString(),
             QStringLiteral("Command"));
}

void TestProcessListModel::filterFindsByPidAndCommand() {
    QTemporaryDir root;
    QVERIFY(root.isValid());
    fakeProcess(root.path(), 42, 0, QByteArray("/usr/bin/app\0", 13), "app");
    fakeProcess(root.path(), 4242, 0, QByteArray("/usr/bin/other\0", 15), "other");
    fakeProcess(root.path(), 5, 0, QByteArray("editor\0", 7), "editor");
    ProcessListModel model(nullptr, root.path());
    model.refresh();
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setFilterKeyColumn(-1);
    proxy.setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy.setFilterFixedString(QStringLiteral("42"));
    QCOMPARE(proxy.rowCount(), 2);
    proxy.setFilterFixedString(QStringLiteral("OTHER"));
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data(ProcessListModel::PidRole).toLongLong(), 4242);
    proxy.setFilterFixedString(QString());
    proxy.sort(ProcessListModel::PidColumn, Qt::DescendingOrder);
    QCOMPARE(proxy.index(0, 0).data().toLongLong(), 4242); // numeric, not text order
    QCOMPARE(proxy.index(2, 0).data().toLongLong(), 5);
}

QTEST_GUILESS_MAIN(TestProcessListModel)
#include "tst_processlistmodel.moc"
