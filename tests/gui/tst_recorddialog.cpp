// Recording from the desktop application: the Record dialog (File ▸ Record…) with its three targets, the
// inline check of the events naming the bad term, the remembered settings; the Recording dock driving a real
// in-process recording of tests/clients/hotspots-fp (launch, stop, attach) that opens in the main window when
// it ends; errors (unknown program, unknown event) shown in the dock with no session opened or left behind;
// and screenshots of each tab and of the dock for a person to look at.
#include "EventListModel.h"
#include "EventsView.h"
#include "FlameGraphModel.h"
#include "FunctionNames.h"
#include "GuiTestSupport.h"
#include "LiveRefreshInterval.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "ProcessListModel.h"
#include "RecordDialog.h"
#include "RecordingJob.h"
#include "RecordingView.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "TestSupport.h"
#include "Translations.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

#include <signal.h>

using namespace perfglass;
using namespace perfglass::test;

namespace {
constexpr int kTimeoutMs = 120000;

double shareOf(const FlameGraphModel &model, const QString &name) {
    if (!model.tree() || model.totalCost() == 0) return 0;
    uint64_t cost = 0;
    const auto &tree = *model.tree();
    for (uint32_t n = 1; n < tree.nodes().size(); ++n)
        if (unqualifiedName(withoutParameters(model.name(n))) == name) cost += model.cost(n);
    return static_cast<double>(cost) / static_cast<double>(model.totalCost());
}

// The permission problem that keeps this machine from recording, or empty.
QString recordingRefused(const QString &message) {
    return message.contains(QLatin1String("perf_event_paranoid")) ? message : QString();
}

// Whether the window loaded a session after VIEW announced the recorded one: the live view's snapshots,
// loaded while the recording runs, do not count, and the recorded session may load within the same wait
// that sees the recording end.
class SessionAfterTheRecording {
public:
    SessionAfterTheRecording(MainWindow &window, RecordingView *view)
        : loaded_(&window, &MainWindow::sessionLoaded)
        , ended_(QObject::connect(view, &RecordingView::sessionRecorded, view,
                                  [this] { loadedBeforeTheEnd_ = loaded_.count(); })) {}
    ~SessionAfterTheRecording() { QObject::disconnect(ended_); }
    SessionAfterTheRecording(const SessionAfterTheRecording &) = delete;
    SessionAfterTheRecording &operator=(const SessionAfterTheRecording &) = delete;

    bool arrived() const { return loadedBeforeTheEnd_ >= 0 && loaded_.count() > loadedBeforeTheEnd_; }

private:
    QSignalSpy loaded_;
    qsizetype loadedBeforeTheEnd_ = -1;
    QMetaObject::Connection ended_;
};
} // namespace

class TestRecordDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void dialogStartsWithAProgram();
    void badEventNamesTheTerm();
    void attachListsAChild();
    void systemWideCpus();
    void launchRecordsAndOpens();
    void stopEndsTheRecording();
    void attachRecords();
    void destroyingStopsTheRecording();
    void liveViewFollowsTheRecording();
    void liveViewKeepsItsFilterAsItGrows();
    void unknownProgramFails();
    void unknownEventFails();
    void settingsAreRemembered();
    void liveIntervalIsASetting();
    void eventsComeFromTheEventsDock();
    void layoutDoesNotJump();
    void defaultOutputHasNoDoubledFolder();

private:
    std::unique_ptr<MainWindow> newWindow();
    RecordDialog *openDialog(MainWindow &window);
    RecordOptions endlessRecording(const QString &fileName) const;
    // Records with the dialog's settings; says why not where recording is refused (the caller skips).
    QString recordAndWait(MainWindow &window, RecordDialog *dialog);

    QTemporaryDir dir_;
};

void TestRecordDialog::initTestCase() {
    useTestSettings(QStringLiteral("tst_recorddialog"));
    QVERIFY(dir_.isValid());
}

void TestRecordDialog::init() {
    QSettings().remove(QStringLiteral("record"));
}

std::unique_ptr<MainWindow> TestRecordDialog::newWindow() {
    auto window = std::make_unique<MainWindow>();
    window->resize(1200, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
    return window;
}

// The test program for a minute, with frame-pointer call chains, into FILENAME: stopped by the test.
RecordOptions TestRecordDialog::endlessRecording(const QString &fileName) const {
    RecordOptions options;
    options.command = {clientPath(QStringLiteral("hotspots-fp")).toStdString(), "60000", "1"};
    options.callGraph = CallGraphMode::FramePointer;
    options.outputPath = dir_.filePath(fileName).toStdString();
    return options;
}

RecordDialog *TestRecordDialog::openDialog(MainWindow &window) {
    part<QAction>(window, "recordAction")->trigger();
    auto *dialog = window.findChild<RecordDialog *>();
    if (dialog && !QTest::qWaitForWindowExposed(dialog)) return nullptr;
    return dialog;
}

// Records with the dialog's settings and waits for the session of the finished recording: the live view's
// snapshots of it, loaded while it runs, do not count.
QString TestRecordDialog::recordAndWait(MainWindow &window, RecordDialog *dialog) {
    auto *view = part<RecordingView>(window, "recordingView");
    QSignalSpy failed(view, &RecordingView::recordingFailed);
    const SessionAfterTheRecording recorded(window, view);
    [&] {
        QVERIFY2(part<QPushButton>(dialog, "startButton")->isEnabled(), qPrintable(dialog->problem()));
        QTest::mouseClick(part<QPushButton>(dialog, "startButton"), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(recorded.arrived() || !failed.isEmpty(), kTimeoutMs);
    }();
    if (failed.isEmpty()) return {};
    const QString message = failed.first().first().toString();
    if (!recordingRefused(message).isEmpty()) return QStringLiteral("not permitted: ") + message;
    [&] { QFAIL(qPrintable(message)); }();
    return {};
}

void TestRecordDialog::dialogStartsWithAProgram() {
    auto window = newWindow();
    QVERIFY(window);
    QCOMPARE(part<QAction>(window, "recordAction")->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_R));
    QVERIFY(
        part<QToolBar>(window, "sessionToolBar")->actions().contains(part<QAction>(window, "recordAction")));
    RecordDialog *dialog = openDialog(*window);
    QVERIFY(dialog);
    QCOMPARE(part<QTabWidget>(dialog, "targetTabs")->currentIndex(), int(RecordDialog::LaunchTarget));
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
    QVERIFY(part<QLabel>(dialog, "problemLabel")->isVisible());
    QVERIFY(part<QLineEdit>(dialog, "outputEdit")->text().endsWith(QLatin1String(".data")));
    QCOMPARE(dialog->focusWidget(), part<QLineEdit>(dialog, "programEdit")); // the first thing to fill in

    QTest::keyClicks(part<QLineEdit>(dialog, "programEdit"), QStringLiteral("/no/such/program"));
    QVERIFY(dialog->problem().contains(QLatin1String("/no/such/program")));
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());

    part<QLineEdit>(dialog, "programEdit")->setText(clientPath(QStringLiteral("hotspots-fp")));
    QTest::keyClicks(part<QLineEdit>(dialog, "argumentsEdit"), QStringLiteral("200 1"));
    QVERIFY2(part<QPushButton>(dialog, "startButton")->isEnabled(), qPrintable(dialog->problem()));
    QTableWidget *environment = part<QTableWidget>(dialog, "environmentTable");
    environment->insertRow(0);
    environment->setItem(0, 0, new QTableWidgetItem(QStringLiteral("BAD NAME")));
    environment->setItem(0, 1, new QTableWidgetItem(QStringLiteral("1")));
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
    QVERIFY(dialog->problem().contains(QLatin1String("BAD NAME")));
    environment->item(0, 0)->setText(QStringLiteral("PERFGLASS_TEST"));
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());

    const RecordOptions options = dialog->options();
    QCOMPARE(options.command,
             (std::vector<std::string>{clientPath(QStringLiteral("hotspots-fp")).toStdString(), "200", "1"}));
    QCOMPARE(options.extraEnvironment, std::vector<std::string>{"PERFGLASS_TEST=1"});
    QCOMPARE(options.callGraph, CallGraphMode::FramePointer); // the default: stacks for the flame graph
    QVERIFY(options.events.empty());
    saveScreenshot(dialog, QStringLiteral("record-dialog-launch.png"));
    dialog->reject();
}

void TestRecordDialog::badEventNamesTheTerm() {
    auto window = newWindow();
    QVERIFY(window);
    RecordDialog *dialog = openDialog(*window);
    QVERIFY(dialog);
    part<QLineEdit>(dialog, "programEdit")->setText(clientPath(QStringLiteral("hotspots-fp")));
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
    QTest::keyClicks(part<QLineEdit>(dialog, "eventsEdit"), QStringLiteral("cpu-clock,cpu-clockz"));
    QVERIFY(part<QLabel>(dialog, "eventsError")->isVisible());
    QVERIFY2(part<QLabel>(dialog, "eventsError")->text().contains(QLatin1String("'cpu-clockz'")),
             qPrintable(part<QLabel>(dialog, "eventsError")->text()));
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
    saveScreenshot(dialog, QStringLiteral("record-dialog-bad-event.png"));
    part<QLineEdit>(dialog, "eventsEdit")->setText(QStringLiteral("cpu-clock,page-faults"));
    QVERIFY(!part<QLabel>(dialog, "eventsError")->isVisible());
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
    QCOMPARE(dialog->options().events, std::string("cpu-clock,page-faults"));
    dialog->reject();
}

void TestRecordDialog::attachListsAChild() {
    QProcess child;
    child.start(QStringLiteral("sleep"), {QStringLiteral("60")});
    QVERIFY(child.waitForStarted());
    const QString pid = QString::number(child.processId());

    RecordDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::AttachTarget);
    QVERIFY(part<ProcessListModel>(dialog, "processModel")->rowCount() > 1);
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled()); // nothing selected yet
    QTest::keyClicks(part<QLineEdit>(dialog, "processFilterEdit"), pid);
    QAbstractItemModel *shown = part<QTableView>(dialog, "processView")->model();
    int row = -1;
    for (int r = 0; r < shown->rowCount(); ++r)
        if (shown->index(r, ProcessListModel::PidColumn).data().toString() == pid) row = r;
    QVERIFY2(row >= 0, qPrintable(QStringLiteral("pid %1 is not listed").arg(pid)));
    QVERIFY(shown->index(row, ProcessListModel::CommandColumn)
                .data()
                .toString()
                .endsWith(QLatin1String("sleep 60")));
    part<QTableView>(dialog, "processView")->selectRow(row);
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
    QCOMPARE(dialog.options().pids, std::vector<pid_t>{static_cast<pid_t>(child.processId())});
    QVERIFY(dialog.options().command.empty());
    saveScreenshot(&dialog, QStringLiteral("record-dialog-attach.png"));

    // Refresh keeps the selection while the process lives, and drops it once it is gone.
    QPushButton *refresh = nullptr;
    for (auto *button : dialog.findChildren<QPushButton *>())
        if (button->text() == QLatin1String("&Refresh")) refresh = button;
    QVERIFY(refresh);
    refresh->click();
    QCOMPARE(dialog.options().pids, std::vector<pid_t>{static_cast<pid_t>(child.processId())});
    child.kill();
    QVERIFY(child.waitForFinished());
    refresh->click();
    QVERIFY(dialog.options().pids.empty());
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
}

void TestRecordDialog::systemWideCpus() {
    RecordDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::SystemWideTarget);
    QListWidget *cpus = part<QListWidget>(dialog, "cpuList");
    QVERIFY(cpus->count() >= 1);
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
    RecordOptions options = dialog.options();
    QVERIFY(options.systemWide);
    QVERIFY(options.cpus.empty()); // all CPUs
    saveScreenshot(&dialog, QStringLiteral("record-dialog-system-wide.png"));
    for (int i = 0; i < cpus->count(); ++i)
        cpus->item(i)->setCheckState(Qt::Unchecked);
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
    cpus->item(0)->setCheckState(Qt::Checked);
    options = dialog.options();
    if (cpus->count() > 1)
        QCOMPARE(options.cpus, std::vector<int>{cpus->item(0)->data(Qt::UserRole).toInt()});
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
}

void TestRecordDialog::launchRecordsAndOpens() {
    auto window = newWindow();
    QVERIFY(window);
    RecordDialog *dialog = openDialog(*window);
    QVERIFY(dialog);
    const QString output = dir_.filePath(QStringLiteral("launch.data"));
    part<QLineEdit>(dialog, "programEdit")->setText(clientPath(QStringLiteral("hotspots-fp")));
    part<QLineEdit>(dialog, "argumentsEdit")->setText(QStringLiteral("300 1"));
    part<QLineEdit>(dialog, "outputEdit")->setText(output);
    QSignalSpy started(part<RecordingView>(window, "recordingView")->recording(),
                       &RecordingJob::recordingStarted);
    if (const QString refused = recordAndWait(*window, dialog); !refused.isEmpty())
        QSKIP(qPrintable(refused));
    if (QTest::currentTestFailed()) return;
    QCOMPARE(started.count(), 1);

    // The session is the one recorded, with samples and the test program's hot function.
    QVERIFY(window->session());
    QCOMPARE(window->session()->file->path, output);
    QVERIFY(window->session()->profile()->samples.size() > 0);
    QVERIFY2(shareOf(*part<FlameGraphModel>(window, "flameGraphModel"), QStringLiteral("hotLoop")) > 0.2,
             "hotLoop should hold about 60 % of the samples");

    RecordingView *view = part<RecordingView>(window, "recordingView");
    QVERIFY(part<QDockWidget>(window, "recordingDock")->isVisible());
    QCOMPARE(view->recording()->state(), RecordingJob::State::Finished);
    QCOMPARE(view->recording()->summary().exitCode, 3); // the test program's own status
    QVERIFY(view->recording()->summary().samples > 0);
    QVERIFY(view->summaryLabel()->text().contains(QLatin1String("Samples:")));
    QVERIFY(!view->errorLabel()->isVisible());
    QVERIFY(!view->stopButton()->isEnabled());
    QVERIFY(view->fileSizeLabel()->text().contains(QLatin1String("B")));
    QVERIFY(part<QAction>(window, "recordAction")->isEnabled());
    saveScreenshot(part<QDockWidget>(window, "recordingDock"), QStringLiteral("recording-dock-finished.png"));
    saveScreenshot(window.get(), QStringLiteral("recording-opened.png"));
}

void TestRecordDialog::stopEndsTheRecording() {
    auto window = newWindow();
    QVERIFY(window);
    const RecordOptions options = endlessRecording(QStringLiteral("stopped.data"));
    RecordingView *view = part<RecordingView>(window, "recordingView");
    QSignalSpy started(view->recording(), &RecordingJob::recordingStarted);
    QSignalSpy failed(view->recording(), &RecordingJob::failed);
    const SessionAfterTheRecording recorded(*window, view);
    window->startRecording(options);
    QVERIFY(!part<QAction>(window, "recordAction")->isEnabled()); // one recording at a time
    QTRY_VERIFY_WITH_TIMEOUT(!started.isEmpty() || !failed.isEmpty(), kTimeoutMs);
    if (!failed.isEmpty() && !recordingRefused(failed.first().first().toString()).isEmpty())
        QSKIP(qPrintable(QStringLiteral("not permitted: ") + failed.first().first().toString()));
    if (!failed.isEmpty()) QFAIL(qPrintable(failed.first().first().toString()));
    QVERIFY(view->stopButton()->isEnabled());
    QCOMPARE(view->stateLabel()->text(), QStringLiteral("Recording"));
    // The file grows while the program runs; wait for some of it, then stop.
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(QString::fromStdString(options.outputPath)).size() > 4096, kTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(!view->fileSizeLabel()->text().endsWith(QLatin1String("bytes")) &&
                                 view->fileSizeLabel()->text() != QStringLiteral("—"),
                             kTimeoutMs);
    QVERIFY(view->elapsedLabel()->text() != QStringLiteral("0:00.0"));
    saveScreenshot(part<QDockWidget>(window, "recordingDock"), QStringLiteral("recording-dock-running.png"));
    QTest::mouseClick(view->stopButton(), Qt::LeftButton);
    // A live refresh may load the partial file after the click: the session that counts is the one opened
    // once the recording has ended.
    QTRY_VERIFY_WITH_TIMEOUT(recorded.arrived() || !failed.isEmpty(), kTimeoutMs);
    if (!failed.isEmpty()) QFAIL(qPrintable(failed.first().first().toString()));
    QVERIFY(!view->recording()->isActive());
    QCOMPARE(view->recording()->summary().exitCode, 128 + SIGTERM); // asked to exit
    QVERIFY(window->session()->profile()->samples.size() > 0);
}

void TestRecordDialog::destroyingStopsTheRecording() {
    // Closing the application mid-recording ends the launched program and the worker, right away or before
    // it started.
    for (const bool waitForStart : {false, true}) {
        auto session = std::make_unique<RecordingJob>();
        RecordOptions options;
        options.command = {clientPath(QStringLiteral("hotspots-fp")).toStdString(), "60000", "1"};
        options.outputPath = dir_.filePath(QStringLiteral("destroyed.data")).toStdString();
        QSignalSpy started(session.get(), &RecordingJob::recordingStarted);
        QSignalSpy failed(session.get(), &RecordingJob::failed);
        QVERIFY(session->start(options));
        if (waitForStart) {
            QTRY_VERIFY_WITH_TIMEOUT(!started.isEmpty() || !failed.isEmpty(), kTimeoutMs);
            if (!failed.isEmpty() && !recordingRefused(failed.first().first().toString()).isEmpty())
                QSKIP(qPrintable(QStringLiteral("not permitted: ") + failed.first().first().toString()));
            QVERIFY(!started.isEmpty());
        }
        session.reset(); // returns once the program was stopped and the session written
        QVERIFY(QFileInfo::exists(QString::fromStdString(options.outputPath)) || !waitForStart);
    }
}

void TestRecordDialog::liveViewFollowsTheRecording() {
    auto window = newWindow();
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    QWidget *focused = window->findChild<QLineEdit *>(); // the flame graph's search field
    QVERIFY(focused);
    focused->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), focused);

    const QString output = dir_.filePath(QStringLiteral("live.data"));
    const RecordOptions options = endlessRecording(QStringLiteral("live.data"));
    RecordingView *view = part<RecordingView>(window, "recordingView");
    QVERIFY(view->liveViewCheckBox()->isChecked());
    QSignalSpy live(view, &RecordingView::liveUpdate);
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    QSignalSpy started(view->recording(), &RecordingJob::recordingStarted);
    QSignalSpy failed(view->recording(), &RecordingJob::failed);
    window->startRecording(options);
    QTRY_VERIFY_WITH_TIMEOUT(!started.isEmpty() || !failed.isEmpty(), kTimeoutMs);
    if (!failed.isEmpty() && !recordingRefused(failed.first().first().toString()).isEmpty())
        QSKIP(qPrintable(QStringLiteral("not permitted: ") + failed.first().first().toString()));
    // The live view reads the file as it is written: its samples carry their CPUs (the recorder writes the
    // CPUs of samples without one only at the end).
    QVERIFY(view->recording()->options().sampleCpu);
    // While the program still runs, the views show what was recorded so far, more with every reload.
    uint64_t firstSamples = 0;
    QTRY_VERIFY_WITH_TIMEOUT(window->session() && window->session()->profile()->samples.size() > 0,
                             kTimeoutMs);
    QVERIFY(view->recording()->isActive());
    QCOMPARE(window->session()->file->path, output);
    QVERIFY(!live.isEmpty());
    firstSamples = window->session()->profile()->samples.size();
    const auto loadsBefore = loaded.count();
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loadsBefore, kTimeoutMs);
    QVERIFY(view->recording()->isActive());
    QVERIFY(window->session()->profile()->samples.size() > firstSamples);
    QCOMPARE(QApplication::focusWidget(), focused); // reloading took no focus
    QVERIFY(window->findChildren<QMessageBox *>().isEmpty());
    saveScreenshot(window.get(), QStringLiteral("recording-live.png"));

    // Once stopped, the complete session replaces the partial one (a live load still running is dropped).
    view->stopButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(view->recording()->state() == RecordingJob::State::Finished &&
                                 !part<LoadJob>(window, "loadJob")->isLoading() &&
                                 window->session()->profile()->samples.size() ==
                                     view->recording()->summary().samples,
                             kTimeoutMs);
}

// The live view reads only what was added (LoadJob::loadLive): a filter set on it stays over the next
// refreshes while the sample count grows, and the status bar says how much was recorded and the lag.
void TestRecordDialog::liveViewKeepsItsFilterAsItGrows() {
    auto window = newWindow();
    QVERIFY(window);
    const RecordOptions options = endlessRecording(QStringLiteral("live-filter.data"));
    RecordingView *view = part<RecordingView>(window, "recordingView");
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    QSignalSpy started(view->recording(), &RecordingJob::recordingStarted);
    QSignalSpy failed(view->recording(), &RecordingJob::failed);
    window->startRecording(options);
    QTRY_VERIFY_WITH_TIMEOUT(!started.isEmpty() || !failed.isEmpty(), kTimeoutMs);
    if (!failed.isEmpty() && !recordingRefused(failed.first().first().toString()).isEmpty())
        QSKIP(qPrintable(QStringLiteral("not permitted: ") + failed.first().first().toString()));
    QTRY_VERIFY_WITH_TIMEOUT(window->session() && window->session()->profile()->samples.size() > 0,
                             kTimeoutMs);
    SessionDocument *document = window->currentPage()->document();
    QVERIFY(document->isLiveRefresh());
    SampleFilter filter = document->filter();
    const Profile &shown = *window->session()->profile();
    const uint64_t start = shown.startTime + (shown.endTime - shown.startTime) / 2;
    filter.startTime = start; // from the middle of what was shown, with no end: new samples fall in it
    document->pushFilter(QStringLiteral("Select Time Range"), filter);
    const uint64_t samplesBefore = document->file()->profile->samples.size();
    QSignalSpy messages(window->statusBar(), &QStatusBar::messageChanged);
    for (int refresh = 0; refresh < 2; ++refresh) {
        const auto loadsBefore = loaded.count();
        QTRY_VERIFY_WITH_TIMEOUT(loaded.count() > loadsBefore, kTimeoutMs);
    }
    QVERIFY(view->recording()->isActive());
    QVERIFY(document->isLiveRefresh());
    QVERIFY(document->file()->profile->samples.size() > samplesBefore);
    QCOMPARE(document->filter().startTime, std::optional<uint64_t>(start));
    QCOMPARE(document->undoStack()->count(), 1);
    QTRY_VERIFY_WITH_TIMEOUT(document->analysis()->filter.startTime == std::optional<uint64_t>(start),
                             kTimeoutMs);
    // "Live view: 2.5 s recorded, 8,673 samples, 0.4 s behind"
    QVERIFY(std::any_of(messages.begin(), messages.end(), [](const QList<QVariant> &message) {
        const QString text = message.first().toString();
        return text.contains(QStringLiteral(" s recorded, ")) && text.contains(QStringLiteral(" s behind"));
    }));
    saveScreenshot(window.get(), QStringLiteral("recording-live-filter.png"));
    view->stopButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(view->recording()->state() == RecordingJob::State::Finished, kTimeoutMs);
}

void TestRecordDialog::attachRecords() {
    RunningProgram program({QStringLiteral("60000"), QStringLiteral("1")});
    auto window = newWindow();
    QVERIFY(window);
    RecordDialog *dialog = openDialog(*window);
    QVERIFY(dialog);
    part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::AttachTarget);
    part<QLineEdit>(dialog, "processFilterEdit")->setText(QString::number(program.pid()));
    QAbstractItemModel *shown = part<QTableView>(dialog, "processView")->model();
    int row = -1;
    for (int r = 0; r < shown->rowCount(); ++r)
        if (shown->index(r, ProcessListModel::PidColumn).data().toLongLong() == program.pid()) row = r;
    QVERIFY(row >= 0);
    part<QTableView>(dialog, "processView")->selectRow(row);
    // The duration ends an attached recording (the process keeps running).
    const auto durationBox = dialog->findChildren<QCheckBox *>();
    for (QCheckBox *box : durationBox)
        if (box->text() == QLatin1String("Stop after")) box->setChecked(true);
    auto *spin = dialog->findChild<QDoubleSpinBox *>();
    QVERIFY(spin);
    spin->setValue(1.0);
    QCOMPARE(dialog->options().durationSeconds, 1.0);
    part<QLineEdit>(dialog, "outputEdit")->setText(dir_.filePath(QStringLiteral("attach.data")));
    if (const QString refused = recordAndWait(*window, dialog); !refused.isEmpty())
        QSKIP(qPrintable(refused));
    if (QTest::currentTestFailed()) return;
    QVERIFY(program.running());
    QVERIFY(window->session()->profile()->samples.size() > 0);
    QVERIFY(shareOf(*part<FlameGraphModel>(window, "flameGraphModel"), QStringLiteral("hotLoop")) > 0.2);
}

void TestRecordDialog::unknownProgramFails() {
    auto window = newWindow();
    QVERIFY(window);
    RecordOptions options;
    options.command = {"/no/such/program", "1"};
    const QString output = dir_.filePath(QStringLiteral("never.data"));
    options.outputPath = output.toStdString();
    QSignalSpy failed(part<RecordingView>(window, "recordingView"), &RecordingView::recordingFailed);
    QSignalSpy loaded(window.get(), &MainWindow::sessionLoaded);
    window->startRecording(options);
    QVERIFY(failed.wait(kTimeoutMs));
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains(QLatin1String("/no/such/program")), qPrintable(message));
    RecordingView *view = part<RecordingView>(window, "recordingView");
    QVERIFY(view->errorLabel()->isVisible());
    QCOMPARE(view->errorLabel()->text(), message);
    QCOMPARE(view->stateLabel()->text(), QStringLiteral("Recording failed"));
    QVERIFY(!QFileInfo::exists(output)); // no half session left behind
    QTest::qWait(100);
    QVERIFY(loaded.isEmpty()); // and none opened
    QVERIFY(!window->session());
    QVERIFY(part<QAction>(window, "recordAction")->isEnabled());
    saveScreenshot(part<QDockWidget>(window, "recordingDock"), QStringLiteral("recording-dock-failed.png"));
}

void TestRecordDialog::unknownEventFails() {
    // The dialog refuses such events before Start; a session started otherwise fails with the same words.
    RecordingJob session;
    RecordOptions options;
    options.command = {clientPath(QStringLiteral("hotspots-fp")).toStdString(), "10", "1"};
    options.events = "cpu-clock,bogus-event";
    const QString output = dir_.filePath(QStringLiteral("bogus.data"));
    options.outputPath = output.toStdString();
    QSignalSpy failed(&session, &RecordingJob::failed);
    QSignalSpy finished(&session, &RecordingJob::finished);
    QVERIFY(session.start(options));
    QVERIFY(!session.start(options)); // one at a time
    QVERIFY(failed.wait(kTimeoutMs));
    QVERIFY2(failed.first().first().toString().contains(QLatin1String("'bogus-event'")),
             qPrintable(failed.first().first().toString()));
    QVERIFY(finished.isEmpty());
    QCOMPARE(session.state(), RecordingJob::State::Failed);
    QVERIFY(!QFileInfo::exists(output));
}

void TestRecordDialog::settingsAreRemembered() {
    {
        RecordDialog dialog;
        part<QLineEdit>(dialog, "programEdit")->setText(clientPath(QStringLiteral("hotspots-fp")));
        part<QLineEdit>(dialog, "argumentsEdit")->setText(QStringLiteral("100 \"two words\""));
        part<QLineEdit>(dialog, "eventsEdit")->setText(QStringLiteral("task-clock"));
        part<QComboBox>(dialog, "callGraphCombo")->setCurrentIndex(2);
        part<QLineEdit>(dialog, "outputEdit")->setText(dir_.filePath(QStringLiteral("sub/remembered.data")));
        QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
        QCOMPARE(dialog.options().command.back(), std::string("two words"));
        QCOMPARE(dialog.options().callGraph, CallGraphMode::Dwarf);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(QFileInfo(dir_.filePath(QStringLiteral("sub"))).isDir()); // made for the recorder
    }
    RecordDialog again;
    QCOMPARE(part<QLineEdit>(again, "programEdit")->text(), clientPath(QStringLiteral("hotspots-fp")));
    QCOMPARE(part<QLineEdit>(again, "argumentsEdit")->text(), QStringLiteral("100 \"two words\""));
    QCOMPARE(part<QLineEdit>(again, "eventsEdit")->text(), QStringLiteral("task-clock"));
    QCOMPARE(again.options().callGraph, CallGraphMode::Dwarf);
    // A new timestamped file in the directory used last.
    QCOMPARE(QFileInfo(part<QLineEdit>(again, "outputEdit")->text()).absolutePath(),
             dir_.filePath(QStringLiteral("sub")));
    QVERIFY(QFileInfo(part<QLineEdit>(again, "outputEdit")->text())
                .fileName()
                .startsWith(QLatin1String("perfglass-")));
}

// The Recording dock's interval beside Live view: 1 s by default, kept in the settings, the live timer's
// interval at once and the next dock's value; `perfglass --refresh` overrides it for one run.
void TestRecordDialog::liveIntervalIsASetting() {
    QSettings().remove(QStringLiteral("liveView/refreshSeconds"));
    const auto restore =
        qScopeGuard([] { LiveRefreshInterval::setSeconds(LiveRefreshInterval::kDefaultSeconds); });
    RecordingView view;
    QSpinBox *interval = view.liveIntervalSpinBox();
    QCOMPARE(interval->value(), 1);
    QCOMPARE(interval->text(), QStringLiteral("every second"));
    QCOMPARE(part<QTimer>(view, "liveTimer")->interval(), 1000);
    interval->setValue(4);
    QCOMPARE(QSettings().value(QStringLiteral("liveView/refreshSeconds")).toInt(), 4);
    QCOMPARE(part<QTimer>(view, "liveTimer")->interval(), 4000);
    QCOMPARE(interval->text(), QStringLiteral("every 4 s"));
    QCOMPARE(RecordingView().liveIntervalSpinBox()->value(), 4);
    view.liveViewCheckBox()->setChecked(false);
    QVERIFY(!interval->isEnabled());
    LiveRefreshInterval::overrideSeconds(7);
    QCOMPARE(RecordingView().liveIntervalSpinBox()->value(), 7);
    LiveRefreshInterval::overrideSeconds(600); // clamped
    QCOMPARE(LiveRefreshInterval::seconds(), LiveRefreshInterval::kMaxSeconds);
    interval->setValue(2); // the user's choice ends the override
    QCOMPARE(LiveRefreshInterval::seconds(), 2);
}

// Events checked in the Events dock fill the dialog's events, when it opens and while it is open.
void TestRecordDialog::eventsComeFromTheEventsDock() {
    auto window = newWindow();
    QVERIFY(window);
    EventListModel *events = part<EventsView>(window, "eventsView")->model();
    part<QDockWidget>(window, "eventsDock")->show();
    part<QDockWidget>(window, "eventsDock")->raise();
    // The listing runs off the UI thread once the dock is shown; an event can be checked when it is done.
    QTRY_VERIFY_WITH_TIMEOUT(events->setChecked(QStringLiteral("cpu-clock"), true), kTimeoutMs);
    RecordDialog *dialog = openDialog(*window);
    QVERIFY(dialog);
    QCOMPARE(part<QLineEdit>(dialog, "eventsEdit")->text(), QStringLiteral("cpu-clock"));
    QVERIFY(events->setChecked(QStringLiteral("page-faults"), true));
    QCOMPARE(part<QLineEdit>(dialog, "eventsEdit")->text(), QStringLiteral("cpu-clock,page-faults"));
    QVERIFY2(part<QLabel>(dialog, "eventsError")->text().isEmpty() ||
                 !part<QLabel>(dialog, "eventsError")->isVisible(),
             qPrintable(part<QLabel>(dialog, "eventsError")->text()));
    // Once the user types in the field, the dock no longer overwrites it; a button takes the dock's choice.
    QLineEdit *field = part<QLineEdit>(dialog, "eventsEdit");
    auto *fromDock = part<QToolButton>(dialog, "useEventsDockButton");
    QVERIFY(!fromDock->isEnabled()); // the field holds the dock's choice
    field->selectAll();
    QTest::keyClicks(field, QStringLiteral("task-clock"));
    QCOMPARE(field->text(), QStringLiteral("task-clock"));
    QVERIFY(events->setChecked(QStringLiteral("page-faults"), false));
    QCOMPARE(field->text(), QStringLiteral("task-clock"));
    QVERIFY(fromDock->isEnabled());
    QVERIFY(fromDock->toolTip().contains(QLatin1String("cpu-clock")));
    QTest::mouseClick(fromDock, Qt::LeftButton);
    QCOMPARE(field->text(), QStringLiteral("cpu-clock"));
    QVERIFY(!fromDock->isEnabled());
    // Following the dock again until the next time the user types.
    QVERIFY(events->setChecked(QStringLiteral("page-faults"), true));
    QCOMPARE(field->text(), QStringLiteral("cpu-clock,page-faults"));
    dialog->reject();
}

// The fields stay where they are while messages come and go, the command changes or a selection changes.
void TestRecordDialog::layoutDoesNotJump() {
    RecordDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QList<QWidget *> watched = {
        part<QWidget>(dialog, "targetTabs"), part<QWidget>(dialog, "eventsEdit"),
        part<QWidget>(dialog, "callGraphCombo"), part<QWidget>(dialog, "outputEdit"),
        part<QWidget>(dialog, "startButton")};
    const auto positions = [&dialog, &watched] {
        QCoreApplication::processEvents();
        QList<QRect> rects;
        for (QWidget *widget : watched)
            rects << QRect(widget->mapTo(&dialog, QPoint()), widget->size());
        return rects;
    };
    const QList<QRect> start = positions(); // no program: a problem is shown
    QVERIFY(part<QLabel>(dialog, "problemLabel")->isVisible());
    part<QLineEdit>(dialog, "programEdit")->setText(clientPath(QStringLiteral("hotspots-fp")));
    QVERIFY(part<QPushButton>(dialog, "startButton")->isEnabled());
    QCOMPARE(positions(), start); // the command replaced the problem
    part<QLineEdit>(dialog, "argumentsEdit")
        ->setText(QStringLiteral("a much longer list of arguments ").repeated(8));
    QCOMPARE(positions(), start); // a command over several lines
    part<QLineEdit>(dialog, "eventsEdit")->setText(QStringLiteral("cpu-clock,no-such-event-at-all"));
    QVERIFY(part<QLabel>(dialog, "eventsError")->isVisible());
    QCOMPARE(positions(), start); // the events' error under their field
    saveScreenshot(&dialog, QStringLiteral("record-dialog-event-error.png"));
    part<QLineEdit>(dialog, "eventsEdit")->setText(QStringLiteral("cpu-clock"));
    QVERIFY(!part<QLabel>(dialog, "eventsError")->isVisible());
    QCOMPARE(positions(), start);
    saveScreenshot(&dialog, QStringLiteral("record-dialog-long-command.png"));
    // Attach: selecting a process replaces the problem with the command.
    part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::AttachTarget);
    QCOMPARE(positions(), start);
    part<QTableView>(dialog, "processView")->selectRow(0);
    QVERIFY2(part<QPushButton>(dialog, "startButton")->isEnabled(), qPrintable(dialog.problem()));
    QCOMPARE(positions(), start);
    part<QTableView>(dialog, "processView")->clearSelection();
    QVERIFY(!part<QPushButton>(dialog, "startButton")->isEnabled());
    QCOMPARE(positions(), start);
    // System-wide: unchecking every CPU.
    part<QTabWidget>(dialog, "targetTabs")->setCurrentIndex(RecordDialog::SystemWideTarget);
    QListWidget *cpus = part<QListWidget>(dialog, "cpuList");
    for (int i = 0; i < cpus->count(); ++i)
        cpus->item(i)->setCheckState(Qt::Unchecked);
    QCOMPARE(positions(), start);
}

// Qt puts the application's data under DATA/ORGANIZATION/APPLICATION, both "perfglass" for the application:
// the default output is DATA/perfglass/recordings/perfglass-STAMP.data, not DATA/perfglass/perfglass/...
void TestRecordDialog::defaultOutputHasNoDoubledFolder() {
    const QString organization = QCoreApplication::organizationName();
    const QString application = QCoreApplication::applicationName();
    QCoreApplication::setOrganizationName(QStringLiteral("perfglass"));
    QCoreApplication::setApplicationName(QStringLiteral("perfglass"));
    const QString doubledDefault = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                                   QStringLiteral("/recordings");
    const QString path = RecordDialog::defaultOutputPath();
    const QString directory = RecordDialog::recordingsDirectory();
    QSettings().remove(QStringLiteral("record"));
    QSettings().setValue(QStringLiteral("record/outputDirectory"),
                         doubledDefault); // saved by earlier versions
    const QString remembered = RecordDialog().options().outputPath.c_str();
    QSettings().remove(QStringLiteral("record"));
    QCoreApplication::setOrganizationName(organization);
    QCoreApplication::setApplicationName(application);
    QVERIFY2(!path.contains(QLatin1String("perfglass/perfglass")), qPrintable(path));
    QVERIFY2(directory.endsWith(QLatin1String("/perfglass/recordings")), qPrintable(directory));
    QCOMPARE(QFileInfo(path).absolutePath(), directory);
    QVERIFY(QFileInfo(path).fileName().startsWith(QLatin1String("perfglass-")));
    QVERIFY2(!remembered.contains(QLatin1String("perfglass/perfglass")), qPrintable(remembered));
    const QStringList parts = QFileInfo(path).absolutePath().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (int i = 1; i < parts.size(); ++i)
        QVERIFY2(parts[i] != parts[i - 1], qPrintable(path));
}

QTEST_MAIN(TestRecordDialog)
#include "tst_recorddialog.moc"
