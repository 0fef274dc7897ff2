// The Record dialog's Remote target and a recording on a host from the desktop application. Without any
// network: the host field completed from a given ssh configuration's Host entries (patterns left out,
// Include followed), the perfglass-cli record --host command shown for launch, attach and system-wide (a
// program that exists only on the host is not looked for here), a bad host named, the host's process list
// parsed from ps's output and shown for Attach, and screenshots of the Remote target at a normal and at the
// minimum size. Through the throwaway sshd of ThrowawaySshd.h (skipped where it cannot run): the host's
// processes fetched over ssh, a launched program recorded on the host with the live view following the
// file as it arrives, the dock saying what the host does (connecting, recording, fetching symbols), Stop
// ending it cleanly and opening the complete session, two hosts at once (one session and tab each, titled
// with the host), and an unknown host key shown as its message with no file left. Without a server (a host
// whose login hangs, through a ProxyCommand that never answers): Stop while connecting ends the CLI and its
// ssh with no process left and no tab, after a timeout or at once with a second Stop.
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "ProcessListModel.h"
#include "RecordDialog.h"
#include "RecordingDock.h"
#include "RecordingJob.h"
#include "RecordingView.h"
#include "RemoteHostProgress.h"
#include "RemoteProcessList.h"
#include "RemoteRecorder.h"
#include "SessionAnalysis.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "SshConfigHosts.h"
#include "TestSupport.h"
#include "ThrowawaySshd.h"
#include "base/Error.h"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStringListModel>
#include <QTabBar>
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

// The processes whose command line holds TEXT (not this test's own).
QList<pid_t> processesWith(const QByteArray &text) {
    QList<pid_t> found;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool isPid = false;
        const pid_t pid = static_cast<pid_t>(entry.toInt(&isPid));
        if (!isPid || pid == static_cast<pid_t>(QCoreApplication::applicationPid())) continue;
        QFile file(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (file.open(QIODevice::ReadOnly) && file.readAll().replace('\0', ' ').contains(text)) found << pid;
    }
    return found;
}

// Every text the dock's state line showed while a recording ran, in order.
struct StateHistory {
    explicit StateHistory(RecordingView *view) {
        auto note = [this, view] {
            const QString text = view->stateLabel()->text();
            if (texts.isEmpty() || texts.last() != text) texts << text;
        };
        note();
        connections << QObject::connect(view->recording(), &RecordingJob::hostsChanged, view, note);
        connections << QObject::connect(view->recording(), &RecordingJob::stateChanged, view, note);
    }
    ~StateHistory() {
        for (const auto &connection : connections)
            QObject::disconnect(connection);
    }
    StateHistory(const StateHistory &) = delete;
    StateHistory &operator=(const StateHistory &) = delete;
    // The index of the first text from FROM on that contains PART, or -1.
    qsizetype find(const QString &part, qsizetype from = 0) const {
        for (qsizetype i = from; i < texts.size(); ++i)
            if (texts[i].contains(part)) return i;
        return -1;
    }
    QStringList texts;
    QList<QMetaObject::Connection> connections;
};

// The summary's lost samples of a host: its count when the CLI's line had one, else "not reported".
bool showsLostAsReported(const RecordingView &view, const RemoteHostState &host) {
    const QString html = view.summaryLabel()->text();
    return host.lostReported ? !html.contains(QStringLiteral("not reported"))
                             : html.contains(QStringLiteral("Lost samples:</td><td><b>not reported"));
}

// Records on a host: the remote radio checked and the fields filled.
void chooseHost(RecordDialog &dialog, const QString &host, const QString &config) {
    part<QRadioButton>(dialog, "remoteHostRadio")->setChecked(true);
    part<QLineEdit>(dialog, "sshConfigEdit")->setText(config);
    emit part<QLineEdit>(dialog, "sshConfigEdit")->editingFinished();
    part<QLineEdit>(dialog, "hostEdit")->setText(host);
    emit part<QLineEdit>(dialog, "hostEdit")->editingFinished();
}
// A main window at a size that shows every dock, shown.
std::unique_ptr<MainWindow> shownWindow() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1200, 800);
    window->show();
    return window;
}

// The frame-pointer recording of the hotspots client the host recordings make (a run long enough to Stop).
RecordOptions hotspotsRecording() {
    RecordOptions options;
    options.command = {clientPath(QStringLiteral("hotspots-fp")).toStdString(), "120000", "1"};
    options.events = "cpu-clock";
    options.callGraph = CallGraphMode::FramePointer;
    return options;
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

    // A host whose login never answers: ssh's ProxyCommand is a sleep that holds the connection silent.
    RemoteTarget hangingTarget() const {
        const QString config = dir_.filePath(QStringLiteral("ssh_config_hang"));
        ThrowawaySshd::writeFile(config, "Host hang\n  ProxyCommand sleep 987.25\n  BatchMode yes\n"
                                         "  StrictHostKeyChecking yes\n  UserKnownHostsFile /dev/null\n");
        RemoteTarget target;
        target.host = QStringLiteral("hang");
        target.sshConfig = config;
        target.remoteCli = QStringLiteral(PERFGLASS_CLI);
        return target;
    }

    // Starts a launch on the hanging host in WINDOW's dock and waits until its ssh waits for the host.
    void startHanging(MainWindow &window, const QString &output) {
        if (QStandardPaths::findExecutable(QStringLiteral("ssh")).isEmpty())
            QSKIP("ssh is not installed (Debian: openssh-client)");
        RecordOptions options;
        options.command = {"true"};
        options.outputPath = output.toStdString();
        // The sleep of a test before may still be ending: only a new one is this launch's.
        const QList<pid_t> earlier = processesWith("sleep 987.25");
        const auto newSleep = [&earlier] {
            const QList<pid_t> now = processesWith("sleep 987.25");
            return std::any_of(now.begin(), now.end(),
                               [&earlier](pid_t pid) { return !earlier.contains(pid); });
        };
        part<RecordingDock>(&window, "recordingDock")->start(options, hangingTarget());
        RecordingView *view = part<RecordingView>(&window, "recordingView");
        // Latched: QTRY evaluates the condition again after its loop, and a process being exec'd (ssh's
        // `sh -c exec sleep …`) or ending can be missed in /proc for a moment.
        bool connecting = false;
        QTRY_VERIFY_WITH_TIMEOUT((connecting = connecting || newSleep() || !view->recording()->isActive()),
                                 kTimeoutMs);
        QVERIFY2(view->recording()->isActive(), qPrintable(view->recording()->errorMessage()));
        QCOMPARE(view->stateLabel()->text(), QStringLiteral("Connecting to hang…"));
    }

    // After a stop while connecting: nothing recorded, no file, no tab, no ssh or CLI left.
    void checkStoppedBeforeStart(MainWindow &window, const QString &output) {
        RecordingView *view = part<RecordingView>(&window, "recordingView");
        QTRY_VERIFY_WITH_TIMEOUT(!view->recording()->isActive(), kTimeoutMs);
        QVERIFY2(view->recording()->state() == RecordingJob::State::Finished,
                 qPrintable(view->recording()->errorMessage()));
        QVERIFY(view->recording()->hostProgress().allStoppedBeforeStart());
        QVERIFY(view->recording()->hostProgress().forced());
        QCOMPARE(view->stateLabel()->text(), QStringLiteral("Stopped before hang started recording"));
        QVERIFY2(view->summaryLabel()->text().contains(QStringLiteral(
                     "stopped before the host started recording; it did not answer, so the recording "
                     "was ended forcibly")),
                 qPrintable(view->summaryLabel()->text()));
        QVERIFY(!QFileInfo::exists(output));
        QVERIFY(processesWith("sleep 987.25").isEmpty());
        QVERIFY(processesWith(hangingTarget().sshConfig.toUtf8()).isEmpty()); // ssh and the CLI
        QCOMPARE(window.pages().size(), 1);
        QVERIFY(!window.pages().front()->document()->isOpen() &&
                !window.pages().front()->document()->isLoading());
        QVERIFY(view->errorLabel()->isHidden());
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
        auto *completer = part<QCompleter>(dialog, "hostCompleter");
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

    // Several hosts in the field: each completes on its own, the command records on all of them, and a
    // host named twice is refused (both would write the same file).
    void severalHostsAreCompletedAndListed() {
        const QString config = writeConfig();
        RecordDialog dialog;
        dialog.resize(1000, 760);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        chooseHost(dialog, QString(), config);
        auto *host = part<QLineEdit>(dialog, "hostEdit");
        host->setFocus();
        QTest::keyClicks(host, QStringLiteral("build, bo"));
        auto *completer = part<QCompleter>(dialog, "hostCompleter");
        QCOMPARE(completer->completionPrefix(), QStringLiteral("bo"));
        QCOMPARE(completer->currentCompletion(), QStringLiteral("board"));
        QVERIFY(completer->popup()->isVisible());
        emit completer->activated(completer->currentCompletion());
        QCOMPARE(host->text(), QStringLiteral("build, board"));
        QTest::keyClicks(host, QStringLiteral(" me@db1:2200"));
        part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::LaunchTarget);
        part<QLineEdit>(dialog, "programEdit")->setText(QStringLiteral("/srv/app"));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QCOMPARE(dialog.remoteTarget().hosts(), QStringList({QStringLiteral("build"), QStringLiteral("board"),
                                                             QStringLiteral("me@db1:2200")}));
        QVERIFY2(commandOf(dialog).startsWith(QStringLiteral(
                     "perfglass-cli record --host build --host board --host me@db1:2200 --ssh-config ")),
                 qPrintable(commandOf(dialog)));
        const RemoteTarget target = dialog.remoteTarget();
        QCOMPARE(target.outputPathFor(QStringLiteral("/r/s.data"), QStringLiteral("me@db1:2200")),
                 QStringLiteral("/r/s-db1.data"));
        QCOMPARE(RecordingJob::describeTarget(dialog.options(), target),
                 QStringLiteral("build, board, me@db1:2200: app"));
        saveScreenshot(&dialog, QStringLiteral("record-dialog-remote-hosts.png"));
        dialog.resize(dialog.minimumSizeHint());
        saveScreenshot(&dialog, QStringLiteral("record-dialog-remote-hosts-minimum.png"));
        host->setText(QStringLiteral("build,board build"));
        QVERIFY2(dialog.problem().contains(QStringLiteral("build is named twice")),
                 qPrintable(dialog.problem()));
        QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
        host->setText(QStringLiteral("build, -x"));
        QVERIFY2(dialog.problem().contains(QStringLiteral("may not start with '-'")),
                 qPrintable(dialog.problem()));
    }

    // The hosts' phases from the CLI's lines and their files; lost samples only when the line has them.
    void hostProgressFollowsTheCli() {
        RemoteTarget target;
        target.host = QStringLiteral("a, me@b:2200");
        RemoteHostProgress progress(target, QStringLiteral("/r/s.data"));
        using Phase = RemoteHostState::Phase;
        QCOMPARE(progress.hosts().size(), size_t(2));
        QCOMPARE(progress.hosts()[1].name, QStringLiteral("b"));
        QCOMPARE(progress.hosts()[1].outputPath, QStringLiteral("/r/s-b.data"));
        QVERIFY(progress.anyConnecting() && !progress.anyStarted());
        QVERIFY(progress.noteFileAppeared(0));
        QVERIFY(!progress.noteFileAppeared(0));
        QCOMPARE(progress.hosts()[0].phase, Phase::Recording);
        QVERIFY(progress.noteStopRequested());
        QCOMPARE(progress.hosts()[0].phase, Phase::Ending);
        QCOMPARE(progress.hosts()[1].phase, Phase::StoppedBeforeStart);
        QVERIFY(progress.noteLine(QStringLiteral("[ perfglass record --host a: 1200 samples, 7 lost in 2 "
                                                 "LOST records, 3 throttled, 1300 records, 0.2 MB "
                                                 "written to /r/s-a.data ]")));
        QCOMPARE(progress.hosts()[0].phase, Phase::FetchingSymbols);
        QVERIFY(progress.hosts()[0].lostReported);
        QCOMPARE(progress.hosts()[0].summary.samples, uint64_t(1200));
        QCOMPARE(progress.hosts()[0].summary.lostSamples, uint64_t(7));
        QCOMPARE(progress.hosts()[0].summary.lostRecords, uint64_t(2));
        QCOMPARE(progress.hosts()[0].summary.throttles, uint64_t(3));
        QVERIFY(!progress.noteLine(QStringLiteral("[ perfglass symbols from other: 1 build ids ]")));
        QVERIFY(
            progress.noteLine(QStringLiteral("[ perfglass symbols from a: 3 build ids, 1 already in /c ]")));
        QCOMPARE(progress.hosts()[0].phase, Phase::Done);
        QVERIFY(progress.noteLine(QStringLiteral("perfglass-cli: b: ssh could not connect or log in")));
        progress.noteEnd();
        QCOMPARE(progress.hosts()[1].phase, Phase::StoppedBeforeStart);
        QVERIFY(!progress.allStoppedBeforeStart());
        // Without "N lost" the line says nothing about lost samples: not reported, not 0.
        const auto line = RemoteHostProgress::parseSamplesLine(QStringLiteral(
            "[ perfglass record --host b: 5 samples, 9 records, 0.0 MB written to /r/s-b.data ]"));
        QVERIFY(line && line->name == QStringLiteral("b") && line->summary.samples == 5 &&
                !line->lostReported);
        QVERIFY(!RemoteHostProgress::parseSamplesLine(QStringLiteral("[ perfglass record: 1 samples ]")));
        // An IPv6 address is named as the CLI names it, colons and all.
        const auto ipv6 = RemoteHostProgress::parseSamplesLine(QStringLiteral(
            "[ perfglass record --host ::1: 3 samples, 0 lost, 4 records, 0.0 MB written to /r/x ]"));
        QVERIFY(ipv6 && ipv6->name == QStringLiteral("::1") && ipv6->lostReported &&
                ipv6->summary.samples == 3);
        // A host that never wrote its line failed, with the CLI's words about it.
        RemoteHostProgress failing(target, QStringLiteral("/r/s.data"));
        QVERIFY(
            failing.noteLine(QStringLiteral("perfglass-cli: a: the recorder on the host failed (status 2)")));
        failing.noteEnd();
        QCOMPARE(failing.hosts()[0].phase, Phase::Failed);
        QCOMPARE(failing.hosts()[0].error, QStringLiteral("the recorder on the host failed (status 2)"));
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
        const auto window = shownWindow();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        RecordOptions options = hotspotsRecording();
        const QString output = dir_.filePath(QStringLiteral("remote-live.data"));
        options.outputPath = output.toStdString();
        RecordingView *view = part<RecordingView>(window, "recordingView");
        QSignalSpy live(view, &RecordingView::liveUpdate);
        QSignalSpy started(view->recording(), &RecordingJob::recordingStarted);
        QSignalSpy failed(view->recording(), &RecordingJob::failed);
        part<RecordingDock>(window, "recordingDock")->start(options, loopTarget());
        const StateHistory states(view);
        QCOMPARE(view->stateLabel()->text(), QStringLiteral("Connecting to loop…"));
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
        // Connecting until the first records, recording, then the symbols brought home, then the summary.
        const qsizetype recording = states.find(QStringLiteral("Recording"));
        const qsizetype fetching = states.find(QStringLiteral("Fetching symbols from loop…"), recording);
        QVERIFY2(states.find(QStringLiteral("Connecting to loop…")) == 0 && recording > 0 &&
                     fetching > recording && states.texts.last() == QStringLiteral("Finished"),
                 qPrintable(states.texts.join(QStringLiteral(" | "))));
        QCOMPARE(view->recording()->hostProgress().hosts().size(), size_t(1));
        QVERIFY2(showsLostAsReported(*view, view->recording()->hostProgress().hosts().front()),
                 qPrintable(view->summaryLabel()->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!part<LoadJob>(window, "loadJob")->isLoading() &&
                                     window->session()->profile()->samples.size() ==
                                         view->recording()->summary().samples,
                                 kTimeoutMs);
        const auto report = runCli({QStringLiteral("report"), QStringLiteral("-i"), output,
                                    QStringLiteral("--view"), QStringLiteral("flat")});
        QVERIFY2(report.out.contains(QStringLiteral("hotLoop")), qPrintable(report.out.left(2000)));
        saveScreenshot(part<QWidget>(window, "recordingDock"), QStringLiteral("recording-remote-done.png"));
    }

    // Two hosts at once: one CLI run, each host's file opened in a tab of its own titled with the host.
    void recordsOnTwoHostsAtOnce() {
        requireSshd();
        const auto window = shownWindow();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        RecordOptions options = hotspotsRecording();
        const QString output = dir_.filePath(QStringLiteral("two.data"));
        options.outputPath = output.toStdString();
        RemoteTarget target = loopTarget();
        target.host = QStringLiteral("loop, loop2");
        QCOMPARE(RecordingJob::equivalentCommand(options, target).mid(2, 4),
                 QStringList({QStringLiteral("--host"), QStringLiteral("loop"), QStringLiteral("--host"),
                              QStringLiteral("loop2")}));
        RecordingView *view = part<RecordingView>(window, "recordingView");
        QSignalSpy recorded(view, &RecordingView::sessionRecorded);
        part<RecordingDock>(window, "recordingDock")->start(options, target);
        const StateHistory states(view);
        QCOMPARE(view->stateLabel()->text(), QStringLiteral("Connecting to loop, loop2…"));
        const auto &hosts = view->recording()->hostProgress().hosts();
        QTRY_VERIFY_WITH_TIMEOUT(
            !view->recording()->isActive() ||
                std::all_of(hosts.begin(), hosts.end(),
                            [](const auto &host) { return host.phase == RemoteHostState::Phase::Recording; }),
            kTimeoutMs);
        QVERIFY2(view->recording()->isActive(), qPrintable(view->recording()->errorMessage()));
        QCOMPARE(view->stateLabel()->text(), QStringLiteral("Recording on loop, loop2"));
        QTRY_VERIFY_WITH_TIMEOUT(window->pages().size() == 2, kTimeoutMs); // the live view: a page each
        view->stopButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!view->recording()->isActive(), kTimeoutMs);
        QVERIFY2(view->recording()->state() == RecordingJob::State::Finished,
                 qPrintable(view->recording()->errorMessage()));
        QVERIFY2(states.find(QStringLiteral("Fetching symbols from loop")) > 0,
                 qPrintable(states.texts.join(QStringLiteral(" | "))));
        QCOMPARE(recorded.size(), 2);
        const QStringList files{dir_.filePath(QStringLiteral("two-loop.data")),
                                dir_.filePath(QStringLiteral("two-loop2.data"))};
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(recorded[i][0].toString(), files[i]);
            QCOMPARE(recorded[i][1].toString(), i == 0 ? QStringLiteral("loop") : QStringLiteral("loop2"));
            QVERIFY(hosts[size_t(i)].written && hosts[size_t(i)].summary.samples > 0);
            QVERIFY2(showsLostAsReported(*view, hosts[size_t(i)]), qPrintable(view->summaryLabel()->text()));
        }
        QVERIFY(!QFileInfo::exists(output));
        auto *tabs = part<QTabWidget>(window, "sessionTabs");
        QCOMPARE(tabs->count(), 2);
        for (int i = 0; i < 2; ++i) {
            auto *page = qobject_cast<SessionPage *>(tabs->widget(i));
            const QString host = tabs->tabText(i);
            QVERIFY2(host == QStringLiteral("loop") || host == QStringLiteral("loop2"), qPrintable(host));
            const size_t index = host == QStringLiteral("loop") ? 0 : 1;
            // The live view's last refresh is followed by the whole file.
            QTRY_VERIFY_WITH_TIMEOUT(page->document()->isOpen() && !page->document()->isLoading() &&
                                         page->document()->file()->profile->samples.size() ==
                                             hosts[index].summary.samples,
                                     kTimeoutMs);
            QCOMPARE(page->document()->file()->path, files[int(index)]);
            QVERIFY(tabs->tabToolTip(i).startsWith(QStringLiteral("Recorded on ") + host));
        }
        QVERIFY(view->summaryLabel()->text().contains(QStringLiteral("two-loop2.data")));
        saveScreenshot(window.get(), QStringLiteral("recording-remote-two-hosts.png"));
        window->resize(window->minimumSizeHint());
        saveScreenshot(window.get(), QStringLiteral("recording-remote-two-hosts-minimum.png"));
    }

    // Stop while the host's login hangs: the CLI is asked to stop, and when the host still does not answer
    // a few seconds later the recording is ended forcibly: no process is left, no file, no tab.
    void stopWhileConnectingEnds() {
        const auto window = shownWindow();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        const QString output = dir_.filePath(QStringLiteral("hang.data"));
        startHanging(*window, output);
        if (QTest::currentTestFailed()) return;
        RecordingView *view = part<RecordingView>(window, "recordingView");
        QSignalSpy recorded(view, &RecordingView::sessionRecorded);
        QSignalSpy failed(view, &RecordingView::recordingFailed);
        const StateHistory states(view);
        view->stopButton()->click();
        const QString waiting =
            QStringLiteral("Stopping: hang had not started recording; Stop again to end it now");
        QTRY_VERIFY_WITH_TIMEOUT(states.find(waiting) >= 0 || !view->recording()->isActive(), kTimeoutMs);
        QVERIFY2(states.find(waiting) >= 0, qPrintable(states.texts.join(QStringLiteral(" | ")) +
                                                       QStringLiteral(" / ") + view->summaryLabel()->text()));
        QCOMPARE(view->stopButton()->text(), QStringLiteral("Stop &Now"));
        saveScreenshot(part<QWidget>(window, "recordingDock"),
                       QStringLiteral("recording-remote-stopping.png"));
        checkStoppedBeforeStart(*window, output);
        QVERIFY(recorded.isEmpty() && failed.isEmpty());
        saveScreenshot(window.get(), QStringLiteral("recording-remote-stopped-before-start.png"));
        window->resize(window->minimumSizeHint());
        saveScreenshot(window.get(), QStringLiteral("recording-remote-stopped-before-start-minimum.png"));
    }

    // A second Stop does not wait for the host: ssh and the CLI end at once.
    void secondStopEndsAtOnce() {
        auto window = std::make_unique<MainWindow>();
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        const QString output = dir_.filePath(QStringLiteral("hang2.data"));
        startHanging(*window, output);
        if (QTest::currentTestFailed()) return;
        RecordingView *view = part<RecordingView>(window, "recordingView");
        view->stopButton()->click();
        view->stopButton()->click();
        QVERIFY(view->recording()->isActive());
        QTRY_VERIFY_WITH_TIMEOUT(view->recording()->hostProgress().forced(), kTimeoutMs);
        QVERIFY2(view->stateLabel()->text().contains(QStringLiteral("ending it forcibly…")) ||
                     !view->recording()->isActive(),
                 qPrintable(view->stateLabel()->text()));
        checkStoppedBeforeStart(*window, output);
    }

    // Stop right after Record: the host had not started, so nothing is kept (a file the host's short
    // recording wrote after the stop is removed) and no process of the recording is left.
    void stopRightAfterRecord() {
        requireSshd();
        RecordingView view;
        RecordOptions options;
        options.command = {clientPath(QStringLiteral("hotspots-fp")).toStdString(), "120000", "1"};
        const QString output = dir_.filePath(QStringLiteral("at-once.data"));
        options.outputPath = output.toStdString();
        QSignalSpy recorded(&view, &RecordingView::sessionRecorded);
        QSignalSpy failed(&view, &RecordingView::recordingFailed);
        QVERIFY(view.start(options, loopTarget()));
        view.stopButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!view.recording()->isActive(), kTimeoutMs);
        QVERIFY2(failed.isEmpty(), qPrintable(view.recording()->errorMessage()));
        QVERIFY(recorded.isEmpty());
        QVERIFY(view.recording()->hostProgress().allStoppedBeforeStart());
        QCOMPARE(view.stateLabel()->text(), QStringLiteral("Stopped before loop started recording"));
        QVERIFY(!QFileInfo::exists(output));
        QVERIFY(processesWith(sshd_.path(QStringLiteral("ssh_config")).toUtf8()).isEmpty());
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
