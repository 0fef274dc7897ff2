// The Record dialog's Remote target and a recording on a host from the desktop application. Without any
// network: the host field completed from a given ssh configuration's Host entries (patterns left out,
// Include followed), the perfglass-cli record --host command shown for launch, attach and system-wide (a
// program that exists only on the host is not looked for here), a bad host named, the host's process list
// parsed from ps's output and shown for Attach, and screenshots of the Remote target at a normal and at the
// minimum size. Through the throwaway sshd of ThrowawaySshd.h (skipped where it cannot run): the host's
// processes fetched over ssh, a launched program recorded on the host with the live view following the
// file as it arrives, Stop ending it cleanly and opening the complete session, and an unknown host key shown
// as its message with no file left.
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "ProcessListModel.h"
#include "RecordDialog.h"
#include "RecordingDock.h"
#include "RecordingJob.h"
#include "RecordingView.h"
#include "RemoteProcessList.h"
#include "RemoteRecorder.h"
#include "SessionAnalysis.h"
#include "SshConfigHosts.h"
#include "TestSupport.h"
#include "ThrowawaySshd.h"
#include "base/Error.h"

#include <QCheckBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStringListModel>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 180000;

QString commandOf(const RecordDialog &dialog) {
    return part<QPlainTextEdit>(dialog, "commandView")->toPlainText();
}

// Records on a host: the remote radio checked and the fields filled.
void chooseHost(RecordDialog &dialog, const QString &host, const QString &config) {
    part<QRadioButton>(dialog, "remoteHostRadio")->setChecked(true);
    part<QLineEdit>(dialog, "sshConfigEdit")->setText(config);
    emit part<QLineEdit>(dialog, "sshConfigEdit")->editingFinished();
    part<QLineEdit>(dialog, "hostEdit")->setText(host);
    emit part<QLineEdit>(dialog, "hostEdit")->editingFinished();
}
} // namespace

class TestRemoteRecordDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    ThrowawaySshd sshd_;
    QString skipReason_;

    QString writeConfig() const {
        const QString included = dir_.filePath(QStringLiteral("more-1.conf"));
        ThrowawaySshd::writeFile(included, "host db1 db2\n  User admin\n");
        const QString config = dir_.filePath(QStringLiteral("config"));
        const QByteArray text = "# a comment naming Host nothing\n"
                                "Host build server.lan\n  HostName 10.0.0.1\n"
                                "Host *.corp !bad web? \n  User x\n"
                                "Host=board\n"
                                "Include " +
                                dir_.filePath(QStringLiteral("more-*.conf")).toUtf8() +
                                "\nMatch host x\n  User y\nHost build\n";
        return ThrowawaySshd::writeFile(config, text) ? config : QString();
    }

    void requireSshd() {
        if (!skipReason_.isEmpty()) QSKIP(qPrintable(skipReason_));
    }

    RemoteTarget loopTarget(const QString &config = QStringLiteral("ssh_config")) const {
        RemoteTarget target;
        target.host = QStringLiteral("loop");
        target.sshConfig = sshd_.path(config);
        target.remoteCli = QStringLiteral(PERFGLASS_CLI);
        return target;
    }

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_remoterecorddialog"));
        QVERIFY(dir_.isValid());
        skipReason_ = sshd_.start();
        // The CLI that records keeps what it fetches in caches of the test's own.
        qputenv("PERF_BUILDID_DIR", dir_.filePath(QStringLiteral("buildid-cache")).toUtf8());
        qputenv("XDG_CACHE_HOME", dir_.filePath(QStringLiteral("xdg-cache")).toUtf8());
    }

    void init() { QSettings().remove(QStringLiteral("record")); }

    void hostsCompleteFromTheSshConfig() {
        const QString config = writeConfig();
        QVERIFY(!config.isEmpty());
        const QStringList expected{QStringLiteral("build"), QStringLiteral("server.lan"),
                                   QStringLiteral("board"), QStringLiteral("db1"), QStringLiteral("db2")};
        QCOMPARE(SshConfigHosts::read(config), expected);
        QVERIFY(SshConfigHosts::read(dir_.filePath(QStringLiteral("no-such-config"))).isEmpty());

        RecordDialog dialog;
        chooseHost(dialog, QString(), config);
        QCompleter *completer = part<QLineEdit>(dialog, "hostEdit")->completer();
        QVERIFY(completer);
        QCOMPARE(qobject_cast<QStringListModel *>(completer->model())->stringList(), expected);
        completer->setCompletionPrefix(QStringLiteral("bo"));
        QCOMPARE(completer->currentCompletion(), QStringLiteral("board"));
        QVERIFY(dialog.problem().contains(QStringLiteral("Enter the host")));
    }

    // The command shown for a launch on a host; the program is the host's, not looked for here.
    void launchCommandNamesTheHost() {
        const QString config = writeConfig();
        RecordDialog dialog;
        chooseHost(dialog, QStringLiteral("me@box:2200"), config);
        part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::LaunchTarget);
        part<QLineEdit>(dialog, "programEdit")->setText(QStringLiteral("/opt/only-on-the-host/server"));
        part<QLineEdit>(dialog, "argumentsEdit")->setText(QStringLiteral("--port 8080 'two words'"));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
        const QString command = commandOf(dialog);
        QVERIFY2(command.startsWith(QStringLiteral("perfglass-cli record --host me@box:2200 --ssh-config ") +
                                    config + QLatin1Char(' ')),
                 qPrintable(command));
        QVERIFY2(command.endsWith(QStringLiteral(" -- /opt/only-on-the-host/server --port 8080 'two words'")),
                 qPrintable(command));
        QCOMPARE(dialog.remoteTarget().host, QStringLiteral("me@box:2200"));
        QCOMPARE(dialog.options().command.front(), std::string("/opt/only-on-the-host/server"));
        // A bare name stays a name: the host's PATH finds it.
        part<QLineEdit>(dialog, "programEdit")->setText(QStringLiteral("sh"));
        QCOMPARE(dialog.options().command.front(), std::string("sh"));

        part<QLineEdit>(dialog, "remoteCliEdit")->setText(QStringLiteral("/opt/pg/perfglass-cli"));
        QVERIFY(commandOf(dialog).contains(QStringLiteral(" --remote-cli /opt/pg/perfglass-cli ")));
        part<QCheckBox>(dialog, "deployCheck")->setChecked(true);
        QVERIFY(commandOf(dialog).contains(QStringLiteral(" --deploy ")));
        QVERIFY(!commandOf(dialog).contains(QStringLiteral("--remote-cli")));
        QVERIFY(!part<QLineEdit>(dialog, "remoteCliEdit")->isEnabled());
        saveScreenshot(&dialog, QStringLiteral("record-dialog-remote-launch.png"));
        dialog.resize(dialog.minimumSizeHint());
        saveScreenshot(&dialog, QStringLiteral("record-dialog-remote-minimum.png"));

        // A host that would be an ssh option, and no host at all, are named instead.
        part<QLineEdit>(dialog, "hostEdit")->setText(QStringLiteral("-oProxyCommand=x"));
        QVERIFY2(dialog.problem().contains(QStringLiteral("may not start with '-'")),
                 qPrintable(dialog.problem()));
        QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
        part<QLineEdit>(dialog, "hostEdit")->clear();
        QVERIFY(dialog.problem().contains(QStringLiteral("Enter the host")));
        // Back on this computer the program must exist here again.
        part<QRadioButton>(dialog, "thisComputerRadio")->setChecked(true);
        part<QLineEdit>(dialog, "programEdit")->setText(QStringLiteral("/opt/only-on-the-host/server"));
        QVERIFY(dialog.problem().contains(QStringLiteral("Program not found")));
    }

    void systemWideTakesTheHostsCpus() {
        RecordDialog dialog;
        chooseHost(dialog, QStringLiteral("server"), writeConfig());
        part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::SystemWideTarget);
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY2(commandOf(dialog).contains(QStringLiteral(" -a -o ")), qPrintable(commandOf(dialog)));
        part<QLineEdit>(dialog, "remoteCpusEdit")->setText(QStringLiteral("0-2,7"));
        QVERIFY2(commandOf(dialog).contains(QStringLiteral(" -a -C 0,1,2,7 ")),
                 qPrintable(commandOf(dialog)));
        part<QLineEdit>(dialog, "remoteCpusEdit")->setText(QStringLiteral("two"));
        QVERIFY2(dialog.problem().startsWith(QStringLiteral("CPUs on the host: ")),
                 qPrintable(dialog.problem()));
        saveScreenshot(&dialog, QStringLiteral("record-dialog-remote-system-wide.png"));
    }

    void processListIsParsed() {
        const QByteArray ps = "    1 root     /sbin/init splash\n"
                              "    2 root     [kthreadd]\n"
                              "  345 www-data nginx: worker process  \n"
                              "not a row at all\n"
                              "   12 \n"
                              "   99 nobody\n"
                              "   -4 root bad\n";
        const QVector<ProcessInfo> rows = RemoteProcessList::parse(ps);
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows[0].pid, 1);
        QCOMPARE(rows[0].commandLine, QStringLiteral("/sbin/init splash"));
        QCOMPARE(rows[1].commandLine, QStringLiteral("[kthreadd]"));
        QCOMPARE(rows[2].pid, 99);
        QCOMPARE(rows[2].user, QStringLiteral("nobody"));
        QCOMPARE(rows[3].pid, 345);
        QCOMPARE(rows[3].user, QStringLiteral("www-data"));
        QCOMPARE(rows[3].commandLine, QStringLiteral("nginx: worker process"));
        QVERIFY(RemoteProcessList::failureMessage(QStringLiteral("h"), 255,
                                                  QStringLiteral("Host key verification failed."))
                    .contains(QStringLiteral("never accepted")));
        QVERIFY(RemoteProcessList::failureMessage(QStringLiteral("h"), 127, QStringLiteral("ps: not found"))
                    .contains(QStringLiteral("no ps")));
    }

    // The Attach list shows the host's rows (handed in as a fetch delivers them) and the command attaches.
    void attachShowsTheHostsProcesses() {
        const QString config = writeConfig(); // the real fetch that Attach starts reads only this
        RecordDialog dialog;
        chooseHost(dialog, QStringLiteral("server"), config);
        part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::AttachTarget);
        auto *list = part<RemoteProcessList>(dialog, "remoteProcessList");
        emit list->fetched(RemoteProcessList::parse("  1 root /sbin/init\n 4242 app /srv/app --serve\n"));
        auto *model = part<ProcessListModel>(dialog, "processModel");
        QCOMPARE(model->rowCount(), 2);
        QVERIFY(dialog.problem().contains(QStringLiteral("Select the processes")));
        auto *view = part<QTableView>(dialog, "processView");
        view->selectRow(0); // sorted by PID, descending: 4242
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QVERIFY2(commandOf(dialog).contains(QStringLiteral(" -p 4242 ")), qPrintable(commandOf(dialog)));
        saveScreenshot(&dialog, QStringLiteral("record-dialog-remote-attach.png"));
        emit list->failed(QStringLiteral("server: ssh could not connect: no route"));
        view->clearSelection();
        QCOMPARE(dialog.problem(), QStringLiteral("server: ssh could not connect: no route"));
        // Another host: the rows of the first are gone.
        chooseHost(dialog, QStringLiteral("other"), config);
        QTRY_COMPARE(model->rowCount(), 0);
    }

    void summaryComesFromTheCliOutput() {
        const QString log = QStringLiteral(
            "[ perfglass deploy: reusing box:/x/perfglass-cli ]\n"
            "hello from the program\n"
            "perfglass-cli: note: box: the connection ended with ssh's error (status 255)\n"
            "[ perfglass record --host box: 1234 samples, 2000 records, 0.5 MB written to /tmp/a.data ]\n"
            "[ perfglass symbols from box: 3 build ids, 1 already in /c, 2 fetched (symbols only), 2 files "
            "added ]\n");
        const RecordSummary summary = RemoteRecorder::summaryOf(log, 3);
        QCOMPARE(summary.samples, uint64_t(1234));
        QCOMPARE(summary.exitCode, 3);
        QCOMPARE(summary.notices.size(), size_t(3));
        QVERIFY(QString::fromStdString(summary.notices[1].english()).contains(QStringLiteral("status 255")));
        QString error;
        try {
            RemoteRecorder::summaryOf(QStringLiteral("perfglass-cli: box: no perfglass-cli there\n"), 1);
        } catch (const Error &e) {
            error = QString::fromStdString(e.what());
        }
        QCOMPARE(error, QStringLiteral("box: no perfglass-cli there"));
    }

    // Through the throwaway sshd: the host's processes, read with ssh, hold this test's own process.
    void processListComesOverSsh() {
        requireSshd();
        RemoteProcessList list;
        QSignalSpy fetched(&list, &RemoteProcessList::fetched);
        QSignalSpy failed(&list, &RemoteProcessList::failed);
        list.fetch(loopTarget());
        QTRY_VERIFY_WITH_TIMEOUT(!fetched.isEmpty() || !failed.isEmpty(), kTimeoutMs);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
        const auto rows = fetched.first().first().value<QVector<ProcessInfo>>();
        const pid_t self = static_cast<pid_t>(QCoreApplication::applicationPid());
        QVERIFY(std::any_of(rows.begin(), rows.end(), [self](const ProcessInfo &row) {
            return row.pid == self && row.commandLine.contains(QStringLiteral("tst_remoterecorddialog"));
        }));
        list.fetch(loopTarget(QStringLiteral("ssh_config_unknown")));
        QTRY_VERIFY_WITH_TIMEOUT(failed.size() == 1, kTimeoutMs);
        QVERIFY2(failed.first().first().toString().contains(QStringLiteral("never accepted")),
                 qPrintable(failed.first().first().toString()));
    }

    // A launched program recorded on the host: the live view shows the file as the stream fills it, Stop
    // ends the host's recorder cleanly and the complete session opens.
    void recordsOnTheHostLive() {
        requireSshd();
        auto window = std::make_unique<MainWindow>();
        window->resize(1200, 800);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        RecordOptions options;
        options.command = {clientPath(QStringLiteral("hotspots-fp")).toStdString(), "120000", "1"};
        options.events = "cpu-clock";
        options.callGraph = CallGraphMode::FramePointer;
        const QString output = dir_.filePath(QStringLiteral("remote-live.data"));
        options.outputPath = output.toStdString();
        RecordingView *view = part<RecordingView>(window, "recordingView");
        QSignalSpy live(view, &RecordingView::liveUpdate);
        QSignalSpy started(view->recording(), &RecordingJob::recordingStarted);
        QSignalSpy failed(view->recording(), &RecordingJob::failed);
        part<RecordingDock>(window, "recordingDock")->start(options, loopTarget());
        QTRY_VERIFY_WITH_TIMEOUT(!started.isEmpty() || !failed.isEmpty(), kTimeoutMs);
        QVERIFY2(failed.isEmpty(), qPrintable(failed.value(0).value(0).toString()));
        QVERIFY(view->recording()->options().sampleCpu); // the live view asks for it, on the host too
        QTRY_VERIFY_WITH_TIMEOUT(window->session() && window->session()->profile()->samples.size() > 0,
                                 kTimeoutMs);
        QVERIFY(view->recording()->isActive());
        QVERIFY(!live.isEmpty());
        saveScreenshot(window.get(), QStringLiteral("recording-remote-live.png"));
        view->stopButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!view->recording()->isActive(), kTimeoutMs);
        QVERIFY2(view->recording()->state() == RecordingJob::State::Finished,
                 qPrintable(view->recording()->errorMessage()));
        QVERIFY(view->recording()->summary().samples > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!part<LoadJob>(window, "loadJob")->isLoading() &&
                                     window->session()->profile()->samples.size() ==
                                         view->recording()->summary().samples,
                                 kTimeoutMs);
        const auto report = runCli({QStringLiteral("report"), QStringLiteral("-i"), output,
                                    QStringLiteral("--view"), QStringLiteral("flat")});
        QVERIFY2(report.out.contains(QStringLiteral("hotLoop")), qPrintable(report.out.left(2000)));
        saveScreenshot(part<QWidget>(window, "recordingDock"), QStringLiteral("recording-remote-done.png"));
    }

    // An unknown host key: the recording fails with ssh's refusal and the CLI's advice; no file is left.
    void unknownHostKeyIsShown() {
        requireSshd();
        RecordingView view;
        RecordOptions options;
        options.command = {"true"};
        const QString output = dir_.filePath(QStringLiteral("refused.data"));
        options.outputPath = output.toStdString();
        QSignalSpy failed(&view, &RecordingView::recordingFailed);
        QVERIFY(view.start(options, loopTarget(QStringLiteral("ssh_config_unknown"))));
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kTimeoutMs);
        QVERIFY2(view.errorLabel()->text().contains(QStringLiteral("unknown host key is never accepted")),
                 qPrintable(view.errorLabel()->text()));
        QVERIFY(!QFileInfo::exists(output));
    }
};

QTEST_MAIN(TestRemoteRecordDialog)
#include "tst_remoterecorddialog.moc"
