// Profiles that grow, seen in the window (issue 32): a large file opened in steps shows its first snapshot
// marked partial (the flame graph's "Partial: N % read", the status bar's "Showing the first N %"), then the
// complete profile without the mark; File ▸ Open Stream follows a named pipe that the test feeds, the flame
// graph growing as records arrive, until the stream ends. Screenshots of each state are saved.
#include "CounterChartWidget.h"
#include "CountersView.h"
#include "FlameGraphModel.h"
#include "GuiTestSupport.h"
#include "LiveRefreshInterval.h"
#include "MainWindow.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "SummaryView.h"
#include "analysis/CallTree.h"
#include "unit/ManySamplesSession.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QScopeGuard>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

using namespace perfglass;
using namespace perfglass::test;

namespace {

constexpr int kLoadTimeoutMs = 120000;

// What the window showed once an analysis had reached its views.
struct Shown {
    double partialShare = 0;
    bool partialLabelShown = false;
    QString partialLabel;
    QString status;
    QString summary;
    uint64_t flameGraphSamples = 0;
    uint64_t countersEnd = 0; // of the last interval the Counters dock charts
    QPixmap picture;
};

// Takes down what WINDOW shows after each analysis of DOCUMENT has reached the views: only pending layouts
// run first, so the next step's snapshot, queued for the UI thread meanwhile, cannot replace it.
void recordWhatIsShown(MainWindow &window, SessionDocument &document, std::vector<Shown> &shown) {
    QObject::connect(&document, &SessionDocument::analysisChanged, &window, [&window, &document, &shown] {
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const auto *label = part<QLabel>(window, "growthMarkLabel");
        const auto &tree = part<FlameGraphModel>(window, "flameGraphModel")->tree();
        const auto &charts = part<CountersView>(window, "countersView")->chart()->charts();
        shown.push_back(
            {document.file()->partialShare, !label->isHidden() && label->isVisible(), label->text(),
             window.statusBar()->currentMessage(), part<SummaryView>(window, "summaryView")->plainText(),
             tree ? tree->sampleCount() : 0, charts.empty() ? 0 : charts.front().end, window.grab()});
    });
}

void savePicture(const QPixmap &picture, const QString &name) {
    QDir().mkpath(screenshotDir());
    const QString path = screenshotDir() + QLatin1Char('/') + name;
    QVERIFY2(picture.save(path), qPrintable(QStringLiteral("cannot save ") + path));
    qInfo("screenshot: %s", qPrintable(path));
}

// Feeds BYTES into the named pipe at PATH from a thread of its own, as far as the test has released them,
// and closes its end (the end of the stream) once they are all released and written. The pipe is opened for
// reading and writing, so that opening it waits for no reader, and writes wait with a timeout, so that a
// failed test does not hang on a pipe nobody reads.
class PipeFeeder {
public:
    PipeFeeder(const QString &path, QByteArray bytes)
        : bytes_(std::move(bytes))
        , fd_(::open(path.toLocal8Bit().constData(), O_RDWR | O_NONBLOCK | O_CLOEXEC))
        , thread_([this](std::stop_token stop) { feed(stop); }) {}
    bool isOpen() const { return fd_.get() >= 0; }
    // The bytes before END may be written.
    void release(qsizetype end) { released_ = std::min(end, bytes_.size()); }
    void releaseAll() { release(bytes_.size()); }
    qsizetype size() const { return bytes_.size(); }

private:
    void feed(const std::stop_token &stop) {
        qsizetype written = 0;
        while (!stop.stop_requested() && written < bytes_.size()) {
            if (written >= released_.load()) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
                continue;
            }
            pollfd output{fd_.get(), POLLOUT, 0};
            if (::poll(&output, 1, 50) <= 0) continue;
            const ssize_t wrote = ::write(fd_.get(), bytes_.constData() + written,
                                          static_cast<size_t>(released_.load() - written));
            if (wrote > 0) written += wrote;
        }
        fd_.reset();
    }

    QByteArray bytes_;
    UniqueFd fd_;
    std::atomic<qsizetype> released_{0};
    std::jthread thread_;
};

// A pipe-mode session of 30,000 samples, 1 ms apart, for a PipeFeeder to write into the named pipe FIFO,
// made in DIR; null when the session or the pipe could not be made.
std::unique_ptr<PipeFeeder> streamOfManySamples(const QTemporaryDir &dir, const QString &fifo) {
    const QString session = dir.filePath(QStringLiteral("stream.data"));
    writeManySamples(session, 30'000, SessionMode::Pipe);
    QFile file(session);
    if (!file.open(QIODevice::ReadOnly) || ::mkfifo(fifo.toLocal8Bit().constData(), 0600) != 0)
        return nullptr;
    return std::make_unique<PipeFeeder>(fifo, file.readAll());
}

// Answers the next file dialog with PATH, as a user typing it and pressing Open does; again while the
// dialog stays open, for at most 30 s.
void answerFileDialogWith(const QString &path) {
    auto *poll = new QTimer;
    auto answered = std::make_shared<bool>(false);
    QObject::connect(poll, &QTimer::timeout, poll, [poll, path, answered] {
        QFileDialog *open = nullptr;
        for (QWidget *widget : QApplication::topLevelWidgets())
            if (auto *dialog = qobject_cast<QFileDialog *>(widget); dialog && dialog->isVisible())
                open = dialog;
        if (!open) {
            if (*answered) poll->deleteLater();
            return;
        }
        *answered = true;
        // Typed into the name field: selectFile() leaves the selection empty while the directory loads.
        if (auto *name = open->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"))) name->setText(path);
        static_cast<QDialog *>(open)->accept(); // QFileDialog::accept(), public in QDialog
    });
    QTimer::singleShot(30000, poll, &QObject::deleteLater);
    poll->start(50);
}

uint64_t flameGraphSamples(const MainWindow &window) {
    const auto &tree = part<FlameGraphModel>(window, "flameGraphModel")->tree();
    return tree ? tree->sampleCount() : 0;
}

} // namespace

class TestGrowingWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_growingwindow")); }

    // A large file (here made large by a first step of 1 ms) shows its first snapshot marked partial in the
    // flame graph's bar, the status bar and the Summary, then the complete profile without the mark. The
    // Counters dock charts the counter reads of each snapshot.
    void fileOpenedInStepsIsMarkedPartial() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.data"));
        writeCountedSamples(path, 120'000);
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SessionDocument *document = part<SessionPage>(window, "sessionPage")->document();
        document->setSteps(0, {std::chrono::milliseconds(1), 1.0}); // several snapshots, however dear
        std::vector<Shown> shown;
        recordWhatIsShown(window, *document, shown);
        window.openFile(path);
        QVERIFY(document->isOpeningInSteps()); // the page that was empty opens it
        QTRY_VERIFY_WITH_TIMEOUT(!document->isOpeningInSteps() && !document->isLoading(), kLoadTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!shown.empty() && shown.back().partialShare == 0, kLoadTimeoutMs);

        const Shown &first = shown.front();
        savePicture(first.picture, QStringLiteral("growing-partial.png"));
        QVERIFY2(first.partialShare > 0 && first.partialShare < 1,
                 qPrintable(QString::number(first.partialShare)));
        const QString percent = QString::number(first.partialShare * 100, 'f', 0);
        QVERIFY(first.partialLabelShown);
        QCOMPARE(first.partialLabel, QStringLiteral("Partial: %1 % read").arg(percent));
        QCOMPARE(first.status,
                 QStringLiteral("Showing the first %1 % of large.data; reading the rest…").arg(percent));
        QVERIFY2(first.flameGraphSamples > 0 && first.flameGraphSamples < 120'000,
                 qPrintable(QString::number(first.flameGraphSamples)));
        const QString samplesSoFar =
            QStringLiteral("%1 so far (%2 % of the file read)")
                .arg(QLocale().toString(qulonglong(first.flameGraphSamples)), percent);
        QVERIFY2(first.summary.contains(samplesSoFar), qPrintable(first.summary));

        const Shown &last = shown.back();
        savePicture(last.picture, QStringLiteral("growing-complete.png"));
        QVERIFY(!last.partialLabelShown);
        QCOMPARE(last.status, QStringLiteral("Opened large.data."));
        QCOMPARE(last.flameGraphSamples, uint64_t{120'000});
        // The counters of the snapshot shown, up to the whole file's last read (1 ms after each sample).
        constexpr uint64_t lastRead = 1'000'000'000 + uint64_t{119'999} * 1'000'000;
        QVERIFY2(first.countersEnd > 0 && first.countersEnd < lastRead,
                 qPrintable(QString::number(first.countersEnd)));
        QCOMPARE(last.countersEnd, lastRead);
        QVERIFY(!last.summary.contains(QStringLiteral("so far")));
    }

    // File ▸ Open Stream on a named pipe that perf record -o - would write into (here the test): the flame
    // graph shows the samples that arrived while the writer goes on, grows as more arrive, and the end of
    // the stream ends the following.
    void openStreamFollowsANamedPipe() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("perf.fifo"));
        const auto fed = streamOfManySamples(dir, fifo);
        QVERIFY(fed && fed->isOpen());
        PipeFeeder &feeder = *fed;
        feeder.release(feeder.size() / 3 + 5); // cut inside a record

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        answerFileDialogWith(fifo);
        part<QAction>(window, "openStreamAction")->trigger();
        SessionDocument *document = part<SessionPage>(window, "sessionPage")->document();
        QVERIFY(document->isStreaming());
        QTRY_VERIFY_WITH_TIMEOUT(flameGraphSamples(window) > 0, kLoadTimeoutMs);
        const uint64_t early = flameGraphSamples(window);
        QVERIFY2(early < 30'000, qPrintable(QString::number(early)));
        QVERIFY(document->isStreaming());
        QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Live view: ")));
        saveScreenshot(&window, QStringLiteral("stream-growing.png"));
        // The stream is read again at the live interval, a change of which applies from the next tick.
        auto *streamTimer = part<QTimer>(*document, "streamTimer");
        QCOMPARE(streamTimer->interval(), 1000);
        {
            const auto restore =
                qScopeGuard([] { LiveRefreshInterval::setSeconds(LiveRefreshInterval::kDefaultSeconds); });
            LiveRefreshInterval::setSeconds(2);
            QTRY_COMPARE_WITH_TIMEOUT(streamTimer->interval(), 2000, kLoadTimeoutMs);
        }

        feeder.release(feeder.size() * 2 / 3 + 5);
        QTRY_VERIFY_WITH_TIMEOUT(flameGraphSamples(window) > early, kLoadTimeoutMs);
        QVERIFY(flameGraphSamples(window) < 30'000);
        QVERIFY(document->isStreaming());

        feeder.releaseAll();
        QTRY_VERIFY_WITH_TIMEOUT(!document->isStreaming(), kLoadTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(flameGraphSamples(window), uint64_t{30'000}, kLoadTimeoutMs);
        QCOMPARE(document->file()->profile->samples.size(), size_t{30'000});
        // 30,000 samples 1 ms apart
        QTRY_COMPARE(window.statusBar()->currentMessage(),
                     QStringLiteral("End of perf.fifo: 30.0 s recorded, 30,000 samples."));
        saveScreenshot(&window, QStringLiteral("stream-ended.png"));
    }

    // File ▸ Stop Following the Stream (and its status bar button): the views keep everything read until
    // then, marked as stopped in the flame graph's bar, the Summary and the status bar, and read no more of
    // the stream, however much more arrives. While the stream is followed, the bar says it is live.
    void stoppingAStreamKeepsWhatWasRead() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("perf.fifo"));
        const auto fed = streamOfManySamples(dir, fifo);
        QVERIFY(fed && fed->isOpen());
        PipeFeeder &feeder = *fed;
        feeder.release(feeder.size() / 3 + 5); // cut inside a record

        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *stop = part<QAction>(window, "stopFollowingAction");
        auto *stopButton = part<QToolButton>(window, "stopFollowingButton");
        QVERIFY(!stop->isEnabled());
        QVERIFY(stopButton->isHidden());
        SessionDocument *document = part<SessionPage>(window, "sessionPage")->document();
        document->openStream(fifo);
        QTRY_VERIFY_WITH_TIMEOUT(flameGraphSamples(window) > 0, kLoadTimeoutMs);
        QVERIFY(document->isStreaming());
        QVERIFY(stop->isEnabled());
        QVERIFY(stopButton->isVisible());
        const auto *mark = part<QLabel>(window, "growthMarkLabel");
        QVERIFY(mark->isVisible());
        QVERIFY2(mark->text().startsWith(QStringLiteral("Live: ")) &&
                     mark->text().endsWith(QStringLiteral(" s recorded")),
                 qPrintable(mark->text()));
        QVERIFY2(part<SummaryView>(window, "summaryView")
                     ->plainText()
                     .contains(QStringLiteral("so far (still arriving)")),
                 qPrintable(part<SummaryView>(window, "summaryView")->plainText()));

        QTest::mouseClick(stopButton, Qt::LeftButton);
        QVERIFY(!document->isStreaming());
        QTRY_VERIFY_WITH_TIMEOUT(document->file()->growth == SessionFile::Growth::Stopped, kLoadTimeoutMs);
        QTRY_VERIFY(!document->isLoading());
        QVERIFY(!stop->isEnabled());
        QVERIFY(stopButton->isHidden());
        const size_t kept = document->file()->profile->samples.size();
        QVERIFY2(kept > 0 && kept < 30'000, qPrintable(QString::number(kept)));
        QTRY_COMPARE_WITH_TIMEOUT(flameGraphSamples(window), uint64_t{kept}, kLoadTimeoutMs);
        // finish()'s notice: reading stopped, the profile is partial
        const auto &notices = document->file()->profile->diagnostics.notices;
        QVERIFY(std::any_of(notices.begin(), notices.end(), [](const auto &notice) {
            return notice.english().find("reading stopped after") != std::string::npos;
        }));
        const QString seconds =
            QString::number(static_cast<double>(document->file()->durationNs()) / 1e9, 'f', 1);
        QCOMPARE(mark->text(), QStringLiteral("Stopped: %1 s read").arg(seconds));
        QVERIFY(mark->isVisible());
        QTRY_COMPARE(
            window.statusBar()->currentMessage(),
            QStringLiteral("Stopped following perf.fifo: %1 s recorded, %2 samples kept; the rest of the "
                           "stream was not read.")
                .arg(seconds, QLocale().toString(qulonglong(kept))));
        QVERIFY(part<SummaryView>(window, "summaryView")
                    ->plainText()
                    .contains(QStringLiteral("(the rest of the stream was not read)")));
        saveScreenshot(&window, QStringLiteral("stream-stopped.png"));

        // The rest arrives, and is not read: no refresh follows a stopped stream.
        feeder.releaseAll();
        QTest::qWait(2500);
        QCOMPARE(document->file()->profile->samples.size(), kept);
        QCOMPARE(flameGraphSamples(window), uint64_t{kept});
        QVERIFY(!document->isLoading());
    }
};

QTEST_MAIN(TestGrowingWindow)
#include "tst_growingwindow.moc"
