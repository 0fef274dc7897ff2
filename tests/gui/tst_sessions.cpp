// Session documents in the desktop application (issue 31): several sessions open at once as tabs, each with
// its own filter and undo stack; a reload and the live view keep the filter and the undo stack, and say what
// no longer applies; any two open sessions compare; a comparison reads its file with the symbol settings.
// Runs on the golden recordings of tests/fixtures: nothing is recorded, so it runs where recording is
// refused.
#include "AnalysisJob.h"
#include "CallTreeView.h"
#include "CallerCalleeView.h"
#include "CompareWindow.h"
#include "FlameGraphModel.h"
#include "GuiTestSupport.h"
#include "LoadJob.h"
#include "MainWindow.h"
#include "SandwichWidget.h"
#include "SessionComparer.h"
#include "SessionDocument.h"
#include "SessionPage.h"
#include "TestSupport.h"
#include "TreeModelBase.h"
#include "base/UniqueFd.h"
#include "unit/CallerCalleeLines.h"
#include "unit/ManySamplesSession.h"
#include "unit/TreeLines.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QMouseEvent>
#include <QScopeGuard>
#include <QScrollArea>
#include <QSettings>
#include <QSignalSpy>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include <cerrno>
#include <csignal>
#include <set>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace perfglass;
using namespace perfglass::test;

namespace {

const QString kFp = QStringLiteral(PERFGLASS_FIXTURES_DIR "/golden/perf-fp.data");
const QString kDwarf = QStringLiteral(PERFGLASS_FIXTURES_DIR "/golden/perfglass-dwarf.data");
constexpr int kLoadTimeoutMs = 120000;

// Drags the splitter above DOCK (the handle between it and the docks above it) down by DOWN pixels, with
// the mouse, as a user does.
void dragSplitterAbove(SessionPage &page, const QDockWidget &dock, int down) {
    const int handle = page.style()->pixelMetric(QStyle::PM_DockWidgetSeparatorExtent, nullptr, &page);
    const QPoint from(dock.geometry().center().x(), dock.geometry().top() - 1 - handle / 2);
    const QPoint to = from + QPoint(0, down);
    const auto send = [&page](QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
        QMouseEvent event(type, at, page.mapToGlobal(at),
                          type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, Qt::NoModifier);
        QCoreApplication::sendEvent(&page, &event);
    };
    // The main window applies the moves a timer later, as it does for a real mouse.
    send(QEvent::MouseButtonPress, from, Qt::LeftButton);
    send(QEvent::MouseMove, from + QPoint(0, down / 2), Qt::LeftButton);
    QTest::qWait(20);
    send(QEvent::MouseMove, to, Qt::LeftButton);
    QTest::qWait(20);
    send(QEvent::MouseButtonRelease, to, Qt::NoButton);
}

// DOCK is the tab in front of its tabbed docks: the others are moved out of sight, not hidden.
bool inFront(const QDockWidget &dock) {
    return dock.isVisible() && !dock.visibleRegion().isEmpty();
}

// Drags the splitter above DOCK until DOCK is HEIGHT px high (within 2 px), as a user does.
bool dragToHeight(SessionPage &page, const QDockWidget &dock, int height) {
    dragSplitterAbove(page, dock, dock.height() - height);
    return QTest::qWaitFor([&dock, height] { return std::abs(dock.height() - height) <= 2; });
}

// Brings DOCK forward in its tabs, as its tab clicked does, and waits until the page gave it its height.
bool bringForward(QDockWidget &dock) {
    dock.raise();
    if (!QTest::qWaitFor([&dock] { return inFront(dock); })) return false;
    QTest::qWait(50); // the page's deferred adjustment of the height
    return true;
}

// "HEIGHT px, wanted WANTED" for a failing height comparison.
QByteArray heights(int height, int wanted) {
    return QStringLiteral("%1 px, wanted %2").arg(height).arg(wanted).toUtf8();
}

// Opens PATH in WINDOW and waits until its page shows it.
bool openAndWait(MainWindow &window, const QString &path) {
    QSignalSpy loaded(&window, &MainWindow::sessionLoaded);
    window.openFile(path);
    return loaded.wait(kLoadTimeoutMs) || !loaded.isEmpty();
}

// Waits until DOCUMENT shows an analysis of its filter.
bool analysisFollowsFilter(const SessionDocument &document) {
    return QTest::qWaitFor(
        [&document] { return document.analysis() && document.analysis()->filter == document.filter(); },
        kLoadTimeoutMs);
}

// The middle third of the session.
std::pair<uint64_t, uint64_t> middleThird(const SessionAnalysis &analysis) {
    const Profile &profile = *analysis.profile();
    const uint64_t third = (profile.endTime - profile.startTime) / 3;
    return {profile.startTime + third, profile.endTime - third};
}

// Filters DOCUMENT's views to the middle third of its session, an undoable step; returns that range.
std::pair<uint64_t, uint64_t> selectMiddleThird(SessionDocument &document) {
    SampleFilter filter = document.filter();
    const auto range = middleThird(*document.analysis());
    filter.startTime = range.first;
    filter.endTime = range.second;
    document.pushFilter(QStringLiteral("Select Time Range"), filter);
    return range;
}

// Writes a session of 120,000 samples into DIR and has DOCUMENT open it in steps of 1 ms and more.
void openLargeFileInSteps(SessionDocument &document, const QTemporaryDir &dir) {
    const QString path = dir.filePath(QStringLiteral("large.data"));
    writeManySamples(path, 120'000);
    // No limit from the analyses' cost: the tests want several snapshots of a file read in well under a
    // second.
    document.setSteps(0, {std::chrono::milliseconds(1), 1.0});
    document.open(path);
}

// Why the analyses shown while a file opened in steps do not each extend the one before, or empty when they
// do: EXTENDEDFROM holds the samples each was extended from (0 for the first, SIZE_MAX for one made afresh).
QString extensionGap(const std::vector<size_t> &extendedFrom) {
    if (extendedFrom.size() < 3)
        return QStringLiteral("only %1 analyses were shown").arg(extendedFrom.size());
    if (extendedFrom.front() != 0) return QStringLiteral("the first analysis was extended");
    for (size_t i = 1; i < extendedFrom.size(); ++i)
        if (extendedFrom[i] <= extendedFrom[i - 1] || extendedFrom[i] == SIZE_MAX)
            return QStringLiteral("analysis %1 did not extend the one before").arg(i);
    return {};
}

// TIMELINE's rows, a line per thread and CPU with its counts by bucket, for comparisons that show the
// difference.
QStringList timelineLines(const TimelineBuckets &timeline) {
    QStringList lines{
        QStringLiteral("%1..%2 in %3").arg(timeline.start).arg(timeline.end).arg(timeline.bucketCount)};
    const auto series = [](const TimelineSeries &row) {
        QStringList counts;
        for (size_t bucket = 0; bucket < row.samples.size(); ++bucket)
            counts << QStringLiteral("%1/%2").arg(row.samples[bucket]).arg(row.cost[bucket]);
        return counts.join(QLatin1Char(' '));
    };
    for (const ThreadTimeline &thread : timeline.threads)
        lines << QStringLiteral("thread %1/%2: %3").arg(thread.pid).arg(thread.tid).arg(series(thread));
    for (const CpuTimeline &cpu : timeline.cpus)
        lines << QStringLiteral("cpu %1: %2").arg(cpu.cpu).arg(series(cpu));
    return lines;
}

// Whether this process has PATH open or mapped (/proc/self/fd, /proc/self/maps).
bool processHoldsFile(const QString &path) {
    const QString target = QFileInfo(path).canonicalFilePath();
    for (const QFileInfo &fd :
         QDir(QStringLiteral("/proc/self/fd")).entryInfoList(QDir::Files | QDir::System))
        if (fd.symLinkTarget() == target) return true;
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly)) return false;
    const QByteArray mapped = ' ' + target.toUtf8() + '\n'; // a line's last field, the file's path
    return maps.readAll().contains(mapped);
}

} // namespace

class TestSessions : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { useTestSettings(QStringLiteral("tst_sessions")); }

    void twoSessionsKeepTheirOwnFilters() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *tabs = part<QTabWidget>(window, "sessionTabs");
        QVERIFY(openAndWait(window, kFp));
        QCOMPARE(tabs->count(), 1);
        QVERIFY2(!tabs->tabBar()->isVisible(), "one session: no tab bar");
        SessionPage *first = window.currentPage();
        QVERIFY(openAndWait(window, kDwarf));
        QCOMPARE(window.pages().size(), 2);
        QVERIFY(tabs->tabBar()->isVisible());
        SessionPage *second = window.currentPage();
        QVERIFY(second != first);
        QCOMPARE(second->document()->file()->path, QFileInfo(kDwarf).absoluteFilePath());

        const auto [start, end] = middleThird(*window.session());
        window.selectTimeRange(start, end);
        QVERIFY(analysisFollowsFilter(*second->document()));
        QCOMPARE(second->document()->undoStack()->count(), 1);
        QCOMPARE(first->document()->undoStack()->count(), 0);
        QVERIFY(!first->document()->filter().startTime);

        tabs->setCurrentWidget(first);
        QCOMPARE(window.currentPage(), first);
        QVERIFY2(!window.filter().startTime, "the first session's filter is its own");
        window.setHideKernel(true);
        QVERIFY(analysisFollowsFilter(*first->document()));
        QCOMPARE(first->document()->undoStack()->count(), 1);
        first->document()->undoStack()->undo();
        QVERIFY(analysisFollowsFilter(*first->document()));
        QVERIFY(first->document()->filter().transforms.empty());
        QCOMPARE(second->document()->filter().startTime, std::optional<uint64_t>(start));
        saveScreenshot(&window, QStringLiteral("sessions-two-tabs.png"));

        window.closeSession();
        QCOMPARE(window.pages().size(), 1);
        QCOMPARE(window.currentPage(), second);
    }

    // Three sessions (perf's frame-pointer and DWARF recordings, ours), at a large size and at the minimum:
    // the tabs name their files, the page shown keeps its flame graph and trees, every page's session is
    // named.
    void threeSessionsLargeAndSmall() {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setSymbolSettings(goldenSymbols(), false);
        const QString perfDwarf = QStringLiteral(PERFGLASS_FIXTURES_DIR "/golden/perf-dwarf.data");
        for (const QString &path : {kFp, perfDwarf, kDwarf})
            QVERIFY(openAndWait(window, path));
        auto *tabs = part<QTabWidget>(window, "sessionTabs");
        QCOMPARE(tabs->count(), 3);
        QCOMPARE(tabs->tabText(2), QStringLiteral("perfglass-dwarf.data"));
        for (SessionPage *page : window.pages())
            QVERIFY(page->document()->analysis() && page->document()->analysis()->topDown->sampleCount() > 0);
        saveScreenshot(&window, QStringLiteral("sessions-three-1600x1000.png"));
        window.resize(window.minimumSizeHint());
        QTRY_VERIFY(window.height() <= window.minimumSizeHint().height() + 1);
        QVERIFY(part<QDockWidget>(window.currentPage(), "flameGraphDock")->isVisible());
        saveScreenshot(&window, QStringLiteral("sessions-three-minimum.png"));
    }

    void reloadKeepsFilterAndUndo() {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, kFp));
        SessionDocument *document = window.currentPage()->document();
        const auto [start, end] = middleThird(*window.session());
        window.selectTimeRange(start, end);
        window.setHideKernel(true);
        QVERIFY(analysisFollowsFilter(*document));
        const size_t shown = window.session()->topDown->sampleCount();
        QSignalSpy loaded(document, &SessionDocument::loaded);
        window.reloadSession();
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(loaded.first().first().toBool(), true);
        QVERIFY(analysisFollowsFilter(*document));
        QCOMPARE(document->filter().startTime, std::optional<uint64_t>(start));
        QCOMPARE(document->filter().endTime, std::optional<uint64_t>(end));
        QCOMPARE(document->filter().transforms.size(), size_t(1));
        QCOMPARE(window.session()->topDown->sampleCount(), shown);
        QCOMPARE(document->undoStack()->count(), 2);
        document->undoStack()->undo(); // the kernel frames back, on the profile read again
        QVERIFY(analysisFollowsFilter(*document));
        QVERIFY(document->filter().transforms.empty());
        QCOMPARE(document->filter().startTime, std::optional<uint64_t>(start));
    }

    // What the user was looking at stays after a reload: the flame graph's zoom, the call tree's selected row
    // and the text searched in it.
    void reloadKeepsZoomAndSelection() {
        MainWindow window;
        window.show();
        window.setSymbolSettings(goldenSymbols(), false); // names its binaries
        QVERIFY(openAndWait(window, kFp));
        SessionDocument *document = window.currentPage()->document();
        auto *flameGraph = part<FlameGraphModel>(window, "flameGraphModel");
        const uint32_t warm = flameGraph->findNode(QStringLiteral("warm"));
        QVERIFY(warm != CallTree::kRoot);
        flameGraph->zoomTo(warm);
        const auto zoomedPath = [flameGraph] {
            QStringList names;
            for (const uint32_t node : flameGraph->pathTo(flameGraph->zoomRoot()))
                names << flameGraph->fullName(node);
            return names;
        };
        const QStringList zoomedBefore = zoomedPath();
        auto *topDown = part<CallTreeView>(window, "topDownView");
        topDown->filterField()->setText(QStringLiteral("spin"));
        const QAbstractItemModel *rows = topDown->treeView()->model();
        QTRY_VERIFY(rows->rowCount() > 0);
        QModelIndex deep = rows->index(0, 0); // a row a few calls down, under the search
        for (int depth = 0; depth < 3 && rows->rowCount(deep) > 0; ++depth)
            deep = rows->index(0, 0, deep);
        topDown->treeView()->setCurrentIndex(deep);
        const QModelIndex selected = topDown->treeView()->currentIndex();
        QVERIFY(selected.isValid());
        const QString selectedRow = selected.data(TreeModelBase::FilterRole).toString();

        QSignalSpy loaded(document, &SessionDocument::loaded);
        window.reloadSession();
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QVERIFY(analysisFollowsFilter(*document));
        QCOMPARE(flameGraph->fullName(flameGraph->zoomRoot()), QStringLiteral("warm"));
        QCOMPARE(zoomedPath(), zoomedBefore);
        QVERIFY(flameGraph->canGoBack());
        QCOMPARE(topDown->filterField()->text(), QStringLiteral("spin"));
        QCOMPARE(topDown->treeView()->currentIndex().data(TreeModelBase::FilterRole).toString(), selectedRow);
    }

    // A stream (perfglass -, here a file) is read in steps, refreshed until its input ends; then it stops,
    // holding every sample of the file.
    void streamStopsAtItsEnd() {
        SessionDocument document;
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        document.openStream(kFp);
        QVERIFY(document.isStreaming());
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(!document.isStreaming(), kLoadTimeoutMs);
        QVERIFY(!document.isLoading());
        QCOMPARE(document.loader()->liveState(), LoadJob::LiveState::Ended);
        QCOMPARE(document.file()->profile->samples.size(), loadProfile(kFp.toStdString())->samples.size());
    }

    // A stream from a FIFO nobody writes to yet waits for its writer; Stop and Cancel each end the wait (and
    // the read) rather than leave a thread blocked until a writer comes, which closing the window would wait
    // for.
    void streamWaitingForItsWriterStops() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("stream.fifo"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        for (const bool byStop : {true, false}) {
            SessionDocument document;
            QSignalSpy cancelled(&document, &SessionDocument::loadCancelled);
            document.openStream(fifo);
            QTest::qWait(100);
            QVERIFY(document.isLoading());
            if (byStop)
                document.stopFollowing();
            else
                document.cancel();
            QVERIFY2(cancelled.wait(kLoadTimeoutMs), byStop ? "after Stop" : "after Cancel");
            QVERIFY(!document.isLoading());
            QVERIFY(!document.isStreaming());
            QVERIFY(!document.isOpen());
        }
    }

    // A stream on standard input (perfglass -) that the user stops following: what was read is kept, marked
    // stopped, and standard input is closed, so that its writer (perf record -o -) gets EPIPE rather than
    // waiting on a full pipe that nobody reads.
    void stoppedStreamLetsGoOfStandardInput() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("stream.data"));
        writeManySamples(session, 30'000, SessionMode::Pipe);
        QFile file(session);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        int ends[2];
        QCOMPARE(::pipe2(ends, O_CLOEXEC), 0);
        UniqueFd writer(ends[1]);
        const int savedInput = ::dup(STDIN_FILENO);
        QVERIFY(savedInput >= 0 && ::dup2(ends[0], STDIN_FILENO) == STDIN_FILENO);
        ::close(ends[0]);
        const auto restore = qScopeGuard([savedInput] {
            ::dup2(savedInput, STDIN_FILENO);
            ::close(savedInput);
        });
        const auto previousHandler = std::signal(SIGPIPE, SIG_IGN);
        const auto restoreHandler = qScopeGuard([previousHandler] { std::signal(SIGPIPE, previousHandler); });

        SessionDocument document;
        document.openStream(QStringLiteral("-"));
        // A third of the stream, cut inside a record; the document drains the pipe as it arrives.
        const qsizetype third = bytes.size() / 3 + 5;
        std::jthread([&writer, &bytes, third] {
            for (qsizetype written = 0; written < third;) {
                const ssize_t wrote =
                    ::write(writer.get(), bytes.constData() + written, static_cast<size_t>(third - written));
                if (wrote <= 0) return;
                written += wrote;
            }
        }).join();
        QTRY_VERIFY_WITH_TIMEOUT(document.file() && document.file()->profile->samples.size() > 0,
                                 kLoadTimeoutMs);
        QCOMPARE(document.file()->growth, SessionFile::Growth::Growing);
        QVERIFY(document.isStreaming());
        // A filter set while the stream grows stays on what was read (from the 101st sample on).
        SampleFilter filter = document.filter();
        const uint64_t start = 1'000'000'000 + 100 * 1'000'000;
        filter.startTime = start;
        document.pushFilter(QStringLiteral("Select Time Range"), filter);
        QSignalSpy streaming(&document, &SessionDocument::streamingChanged);
        document.stopFollowing();
        QVERIFY(!document.isStreaming());
        QCOMPARE(streaming.count(), 1);
        document.cancel(); // the status bar's Cancel while the stop's last step runs: what was read stays
        QTRY_VERIFY_WITH_TIMEOUT(document.file()->growth == SessionFile::Growth::Stopped, kLoadTimeoutMs);
        const size_t kept = document.file()->profile->samples.size();
        QVERIFY2(kept > 0 && kept < 30'000, qPrintable(QString::number(kept)));
        QCOMPARE(document.filter().startTime, std::optional<uint64_t>(start));
        QCOMPARE(document.undoStack()->count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(document.analysis()->file == document.file(), kLoadTimeoutMs);
        QCOMPARE(document.analysis()->topDown->sampleCount(), kept - 100);
        QVERIFY(document.isStream());
        QCOMPARE(document.loader()->liveState(), LoadJob::LiveState::Ended);
        errno = 0;
        QCOMPARE(::write(writer.get(), bytes.constData() + third, 1), ssize_t{-1});
        QCOMPARE(errno, EPIPE);
    }

    // A large file opens in steps: partial snapshots first, each holding more of the file and saying how
    // much, a filter set on one of them kept, and last the complete profile, the same as a load in one go.
    void largeFileShowsItselfWhileLoading() {
        QTemporaryDir dir;
        SessionDocument document;
        std::vector<double> shares;
        std::set<uint64_t> lineages;
        connect(&document, &SessionDocument::loaded, this, [&] {
            shares.push_back(document.file()->partialShare);
            lineages.insert(document.file()->lineage);
        });
        openLargeFileInSteps(document, dir);
        QVERIFY(document.isOpeningInSteps());
        QTRY_VERIFY_WITH_TIMEOUT(!shares.empty(), kLoadTimeoutMs);
        QVERIFY2(shares.front() > 0 && shares.front() < 1, qPrintable(QString::number(shares.front())));
        SampleFilter filter = document.filter();
        const uint64_t start = 1'000'000'000 + 100 * 1'000'000; // from the 101st sample on
        filter.startTime = start;
        document.pushFilter(QStringLiteral("Select Time Range"), filter);
        QTRY_VERIFY_WITH_TIMEOUT(!document.isOpeningInSteps() && !document.isLoading(), kLoadTimeoutMs);
        // The analysis of the filter on the complete profile, not the last snapshot's, still shown meanwhile.
        QTRY_VERIFY_WITH_TIMEOUT(document.analysis()->file == document.file(), kLoadTimeoutMs);
        QVERIFY(analysisFollowsFilter(document));
        QVERIFY2(shares.size() >= 3, qPrintable(QString::number(shares.size())));
        QCOMPARE(shares.back(), 0.0); // the complete profile
        for (size_t i = 1; i + 1 < shares.size(); ++i)
            QVERIFY(shares[i] > shares[i - 1]);
        QCOMPARE(document.filter().startTime, std::optional<uint64_t>(start));
        QCOMPARE(document.undoStack()->count(), 1);
        const auto whole = loadProfile(dir.filePath(QStringLiteral("large.data")).toStdString());
        QCOMPARE(document.file()->profile->samples.size(), whole->samples.size());
        QCOMPARE(document.analysis()->topDown->sampleCount(), size_t(119'900));
        QCOMPARE(lineages.size(), size_t{1}); // every snapshot and the complete profile: one growing profile
        QVERIFY(*lineages.begin() != 0);
        // The loader was released when it finished, with its file and buffers, before the last analysis.
        QVERIFY(!processHoldsFile(dir.filePath(QStringLiteral("large.data"))));
    }

    // Where the next snapshot's analysis would take the snapshots' analyses past the plan's share of the
    // whole load, the next step reads the rest of the file at once: with a share of 0, only the first
    // snapshot is partial.
    void dearAnalysisLengthensTheNextStep() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.data"));
        writeManySamples(path, 120'000);
        SessionDocument document;
        std::vector<double> shares;
        connect(&document, &SessionDocument::loaded, this,
                [&] { shares.push_back(document.file()->partialShare); });
        document.setSteps(0, {std::chrono::milliseconds(1), 0.0});
        document.open(path);
        QTRY_VERIFY_WITH_TIMEOUT(!document.isOpeningInSteps() && !document.isLoading(), kLoadTimeoutMs);
        QCOMPARE(shares.size(), size_t{2});
        QVERIFY(shares.front() > 0 && shares.front() < 1);
        QCOMPARE(shares.back(), 0.0);
        QCOMPARE(document.file()->profile->samples.size(), size_t{120'000});
    }

    // Without a filter each snapshot's own analysis is shown: every one after the first extends the one
    // before by the samples it added (the complete profile's too), and equals the analysis of the whole
    // snapshot made afresh.
    void snapshotAnalysesExtendTheOneBefore() {
        QTemporaryDir dir;
        SessionDocument document;
        std::vector<size_t> extendedFrom; // by shown analysis: the samples it was extended from (0: afresh)
        int differentAnalyses = 0;
        connect(&document, &SessionDocument::analysisChanged, this, [&] {
            const auto analysis = document.analysis();
            extendedFrom.push_back(analysis->sums ? analysis->sums->extendedFrom : SIZE_MAX);
            const auto fresh = AnalysisJob::compute(analysis->file, analysis->filter, {});
            if (test::treeLines(*analysis->topDown) != test::treeLines(*fresh->topDown) ||
                test::treeLines(*analysis->bottomUp) != test::treeLines(*fresh->bottomUp))
                ++differentAnalyses;
        });
        openLargeFileInSteps(document, dir);
        QTRY_VERIFY_WITH_TIMEOUT(!document.isOpeningInSteps() && !document.isLoading(), kLoadTimeoutMs);
        const QString gap = extensionGap(extendedFrom);
        QVERIFY2(gap.isEmpty(), qPrintable(gap));
        QCOMPARE(differentAnalyses, 0);
        QCOMPARE(document.analysis()->sums->samplesSummed, size_t{120'000});
    }

    // Grouped by process and thread (a system-wide session's default), each snapshot's analysis extends the
    // grouped sums of the one before and continues its fold, into the trees a fresh analysis makes;
    // caller/callee from its tree equals their computation from the samples; the timeline extends too. The
    // loader analyses each snapshot grouped, as it is shown: no second analysis follows.
    void groupedAnalysesExtendTheOneBefore() {
        QTemporaryDir dir;
        SessionDocument document;
        document.setViewSettings(ProcessGrouping::ProcessThread, false);
        auto *analyzer = document.findChild<AnalysisJob *>(QStringLiteral("analysisJob"));
        QVERIFY(analyzer);
        QSignalSpy analysedAgain(analyzer, &AnalysisJob::analyzed);
        std::vector<size_t> extendedFrom; // by shown analysis: the samples it was extended from (0: afresh)
        std::vector<size_t> timelineExtendedFrom; // the same for its timeline
        int differentAnalyses = 0;
        int foldsContinued = 0;
        connect(&document, &SessionDocument::analysisChanged, this, [&] {
            const auto analysis = document.analysis();
            QVERIFY(!analysis->sums);
            extendedFrom.push_back(analysis->groupedSums ? analysis->groupedSums->extendedFrom() : SIZE_MAX);
            if (analysis->groupedFold && analysis->groupedFold->continued()) ++foldsContinued;
            timelineExtendedFrom.push_back(analysis->growingTimeline->extendedFrom());
            const auto fresh = AnalysisJob::compute(analysis->file, analysis->filter, {});
            if (test::treeLines(*analysis->topDown) != test::treeLines(*fresh->topDown)) ++differentAnalyses;
            const Profile &profile = *analysis->profile();
            const FunctionId hottest = analysis->flat.functions.front().function;
            if (test::callerCalleeLines(profile, CallerCallee::fromTree(*analysis->topDown, hottest)) !=
                test::callerCalleeLines(profile, CallerCallee::compute(profile, analysis->filter, hottest)))
                ++differentAnalyses;
        });
        openLargeFileInSteps(document, dir);
        QTRY_VERIFY_WITH_TIMEOUT(!document.isOpeningInSteps() && !document.isLoading(), kLoadTimeoutMs);
        const QString gap = extensionGap(extendedFrom);
        QVERIFY2(gap.isEmpty(), qPrintable(gap));
        QCOMPARE(differentAnalyses, 0);
        const QString timelineGap = extensionGap(timelineExtendedFrom);
        QVERIFY2(timelineGap.isEmpty(), qPrintable(timelineGap));
        QCOMPARE(document.analysis()->groupedSums->samplesSummed(), size_t{120'000});
        QVERIFY2(foldsContinued > 0, "every grouped fold started afresh");
        QCOMPARE(analysedAgain.size(), 0);
    }

    // Cancelled while it opens in steps, a large file keeps the snapshot shown, marked partial.
    void cancelledLoadInStepsKeepsWhatWasRead() {
        QTemporaryDir dir;
        SessionDocument document;
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        QSignalSpy cancelled(&document, &SessionDocument::loadCancelled);
        connect(&document, &SessionDocument::loaded, &document, &SessionDocument::cancel);
        openLargeFileInSteps(document, dir);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QTRY_VERIFY_WITH_TIMEOUT(!document.isLoading(), kLoadTimeoutMs);
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(loaded.size(), 1);
        QVERIFY(!document.isOpeningInSteps());
        QVERIFY(document.file()->isPartial());
        QVERIFY(document.file()->profile->samples.size() < 120'000);
    }

    // No view shows the bottom-up tree: loads and filters leave it out. Once one does, the analysis shown
    // gets it (the trees of a fresh analysis with it), and the next analyses make it with the rest.
    void bottomUpTreeIsMadeWhileShown() {
        SessionDocument document;
        document.setBottomUpShown(false);
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        QSignalSpy made(&document, &SessionDocument::bottomUpMade);
        document.open(kDwarf);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QVERIFY(document.analysis()->topDown);
        QVERIFY(!document.analysis()->bottomUp);
        selectMiddleThird(document);
        QVERIFY(analysisFollowsFilter(document));
        QVERIFY(!document.analysis()->bottomUp);
        QVERIFY(made.isEmpty());

        const auto filtered = document.analysis();
        document.setBottomUpShown(true);
        QVERIFY(made.wait(kLoadTimeoutMs));
        const auto shown = document.analysis();
        QVERIFY(shown->bottomUp);
        QCOMPARE(shown->topDown, filtered->topDown); // the same analysis, with its bottom-up tree
        const auto fresh = AnalysisJob::compute(shown->file, shown->filter, {});
        QCOMPARE(test::treeLines(*shown->bottomUp), test::treeLines(*fresh->bottomUp));

        document.undoStack()->undo();
        QVERIFY(analysisFollowsFilter(document));
        QVERIFY(document.analysis()->bottomUp);
        QCOMPARE(made.size(), 1);
        QCOMPARE(test::treeLines(*document.analysis()->bottomUp),
                 test::treeLines(*CallTree::bottomUp(shown->profile(), document.filter())));
    }

    // Cancel (the status bar's, while a step or a refresh reads) leaves the bottom-up tree the views wait
    // for.
    void cancelKeepsTheBottomUpTreeBeingMade() {
        SessionDocument document;
        document.setBottomUpShown(false);
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        document.open(kDwarf);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QSignalSpy made(&document, &SessionDocument::bottomUpMade);
        document.setBottomUpShown(true);
        document.cancel(); // before the tree can arrive: it comes through the event loop
        QVERIFY(made.wait(kLoadTimeoutMs));
        QVERIFY(document.analysis()->bottomUp);
    }

    // The timeline follows the trees: a file's first analysis comes without it, then the same analysis with
    // the timeline an analysis made in one go has. A filter that keeps the timeline (a time range) reuses it.
    void timelineFollowsTheTrees() {
        SessionDocument document;
        std::vector<std::shared_ptr<const SessionAnalysis>> shown;
        connect(&document, &SessionDocument::analysisChanged, &document,
                [&] { shown.push_back(document.analysis()); });
        QSignalSpy made(&document, &SessionDocument::timelineMade);
        document.open(kDwarf);
        QVERIFY(made.wait(kLoadTimeoutMs));
        QCOMPARE(shown.size(), size_t{1});
        QVERIFY(!shown.front()->timeline);
        const auto withTimeline = document.analysis();
        QVERIFY(withTimeline->timeline);
        QCOMPARE(withTimeline->topDown, shown.front()->topDown);
        const auto inOneGo = AnalysisJob::compute(withTimeline->file, withTimeline->filter, {});
        QVERIFY(!inOneGo->timeline->threads.empty());
        QCOMPARE(timelineLines(*withTimeline->timeline), timelineLines(*inOneGo->timeline));

        selectMiddleThird(document);
        QVERIFY(analysisFollowsFilter(document));
        QCOMPARE(document.analysis()->timeline, withTimeline->timeline);
        QCOMPARE(made.size(), 1);
    }

    // A filter applied while the timeline is made (the grouping a system-wide file gets as it opens) comes
    // without it, as its analysis started before: it gets the timeline made, not a second one.
    void filterAppliedMeanwhileGetsTheTimelineMade() {
        SessionDocument document;
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        QSignalSpy made(&document, &SessionDocument::timelineMade);
        connect(&document, &SessionDocument::loaded, &document,
                [&document] { document.setViewSettings(ProcessGrouping::Process, false); });
        document.open(kDwarf);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QVERIFY(analysisFollowsFilter(document));
        QTRY_VERIFY_WITH_TIMEOUT(document.analysis()->timeline, kLoadTimeoutMs);
        QTest::qWait(200); // a second timeline job, were one started, ends
        QCOMPARE(made.size(), 1);
        QVERIFY(document.analysis()->timeline);
        QCOMPARE(document.analysis()->filter.grouping, ProcessGrouping::Process);
    }

    // The live view reads a file again and again: a filter set between two refreshes stays.
    void liveRefreshKeepsFilter() {
        SessionDocument document;
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        document.refreshLive(kFp);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        QCOMPARE(loaded.takeFirst().first().toBool(), false);
        const uint64_t start = selectMiddleThird(document).first;
        QVERIFY(analysisFollowsFilter(document));
        for (int refresh = 0; refresh < 2; ++refresh) {
            document.refreshLive(kFp);
            QVERIFY(loaded.wait(kLoadTimeoutMs));
            QCOMPARE(loaded.takeFirst().first().toBool(), true);
            QVERIFY(analysisFollowsFilter(document));
            QCOMPARE(document.filter().startTime, std::optional<uint64_t>(start));
            QCOMPARE(document.undoStack()->count(), 1);
        }
    }

    // Another recording at the same path: the time range of the old one is outside it, which is said.
    void reloadSaysWhatNoLongerApplies() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("session.data"));
        QVERIFY(QFile::copy(kFp, path));
        SessionDocument document;
        QSignalSpy loaded(&document, &SessionDocument::loaded);
        document.open(path);
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        SampleFilter filter = document.filter();
        filter.startTime = document.file()->profile->endTime - 1;
        filter.endTime = document.file()->profile->endTime;
        document.pushFilter(QStringLiteral("Select Time Range"), filter);
        QVERIFY(analysisFollowsFilter(document));
        const uint64_t oldEnd = document.file()->profile->endTime;
        QVERIFY(QFile::remove(path));
        QVERIFY(QFile::copy(kDwarf, path));
        QSignalSpy carried(&document, &SessionDocument::filterCarried);
        document.reload();
        QVERIFY(loaded.wait(kLoadTimeoutMs));
        if (document.file()->profile->endTime > oldEnd - 1 && document.file()->profile->startTime < oldEnd)
            QSKIP("the two golden recordings overlap in time; the range still applies");
        QVERIFY(carried.wait(5000) || !carried.isEmpty());
        QVERIFY2(carried.first().first().toString().contains(QLatin1String("time range")),
                 qPrintable(carried.first().first().toString()));
        QVERIFY(!document.filter().startTime);
        QCOMPARE(document.undoStack()->count(), 1);
    }

    void anyTwoOpenSessionsCompare() {
        MainWindow window;
        window.show();
        QVERIFY(openAndWait(window, kFp));
        const auto baseline = window.session();
        QVERIFY(openAndWait(window, kDwarf));
        QSignalSpy compared(window.comparer(), &SessionComparer::compared);
        window.comparer()->compareWithSession(baseline);
        QVERIFY(compared.wait(kLoadTimeoutMs) || !compared.isEmpty());
        CompareWindow *compare = window.comparer()->compareWindow();
        QVERIFY(compare);
        QCOMPARE(compare->baseline()->file->path, QFileInfo(kDwarf).absoluteFilePath());
        QCOMPARE(compare->comparison()->file->path, QFileInfo(kFp).absoluteFilePath());
    }

    // At 1600x1000 the tabs below the flame graph used to get about 130 px: Caller/Callee brought forward now
    // gets at least half of the height it shares with the flame graph.
    void viewBroughtForwardGetsRoom() {
        const auto window = openGoldenWindow(QStringLiteral("perf-fp"), kLoadTimeoutMs, QSize(1600, 1000));
        QVERIFY(window);
        auto *flame = part<QDockWidget>(window, "flameGraphDock");
        auto *callers = part<QDockWidget>(window, "callerCalleeDock");
        const int before = callers->height();
        callers->raise();
        QTRY_VERIFY2(callers->height() * 2 >= flame->height() + callers->height() - 2,
                     qPrintable(QStringLiteral("%1 px of %2").arg(callers->height()).arg(flame->height())));
        QVERIFY(callers->height() > before);
        // Each part of Caller/Callee has room for eight rows, whatever it has to show.
        auto *view = part<CallerCalleeView>(window, "callerCalleeView");
        const Profile &profile = *window->session()->profile();
        for (FunctionId function = 0; function < profile.functions.size(); ++function)
            if (profile.functionName(function) == "work") view->showFunction(function);
        QTRY_VERIFY(view->result() && !view->isBusy());
        QTest::qWait(50); // the layout settles
        for (QTreeView *table : {view->callersView(), view->calleesView()}) {
            const int row = table->visualRect(table->model()->index(0, 0)).height();
            QVERIFY(row > 0);
            QVERIFY2(
                table->viewport()->height() >= CallerCalleeView::kReadableRows * row,
                qPrintable(
                    QStringLiteral("%1 px for rows of %2 px").arg(table->viewport()->height()).arg(row)));
        }
        const auto *sandwichArea =
            qobject_cast<QScrollArea *>(view->sandwich()->parentWidget()->parentWidget());
        QVERIFY(sandwichArea);
        QVERIFY2(sandwichArea->viewport()->height() >=
                     CallerCalleeView::kReadableRows * view->sandwich()->rowHeight(),
                 qPrintable(QStringLiteral("sandwich: %1 px").arg(sandwichArea->viewport()->height())));
        saveScreenshot(window.get(), QStringLiteral("sessions-caller-callee-1600x1000.png"));
    }

    // The user's own splitter position is kept per view: Caller/Callee dragged smaller than the room the page
    // gives it gets that height back when it is brought forward again; the Summary in between gets its own
    // room; another session's page computes its own; a saved layout keeps the height, Reset Layout forgets
    // it.
    void userHeightsAreKeptPerView() {
        auto window = openGoldenWindow(QStringLiteral("perf-fp"), kLoadTimeoutMs, QSize(1600, 1000));
        QVERIFY(window);
        auto *flame = part<QDockWidget>(window->currentPage(), "flameGraphDock");
        auto *callers = part<QDockWidget>(window->currentPage(), "callerCalleeDock");
        auto *summary = part<QDockWidget>(window->currentPage(), "summaryDock");
        callers->raise();
        QTRY_VERIFY(callers->height() * 2 >= flame->height() + callers->height() - 2);
        QTest::qWait(50);
        const int both = flame->height() + callers->height();
        const int computed = callers->height();
        // The user drags the splitter down to leave Caller/Callee a third of the height.
        dragSplitterAbove(*window->currentPage(), *callers, computed - both / 3);
        QTRY_VERIFY2(std::abs(callers->height() - both / 3) <= 2,
                     qPrintable(QStringLiteral("%1 px of %2").arg(callers->height()).arg(both)));
        const int dragged = callers->height();
        QCOMPARE(flame->height() + dragged, both);
        saveScreenshot(window.get(), QStringLiteral("sessions-caller-callee-dragged.png"));

        summary->raise();
        QTRY_VERIFY(inFront(*summary) && !inFront(*callers));
        QTRY_VERIFY2(summary->height() * 2 >= flame->height() + summary->height() - 2,
                     qPrintable(QStringLiteral("summary: %1 px").arg(summary->height())));
        saveScreenshot(window.get(), QStringLiteral("sessions-summary-after-drag.png"));
        callers->raise();
        QTRY_VERIFY(inFront(*callers));
        QTRY_COMPARE(callers->height(), dragged);
        saveScreenshot(window.get(), QStringLiteral("sessions-caller-callee-kept.png"));

        // Another session's page has heights of its own.
        QVERIFY(openAndWait(*window, kDwarf));
        auto *otherCallers = part<QDockWidget>(window->currentPage(), "callerCalleeDock");
        QVERIFY(otherCallers != callers);
        otherCallers->raise();
        QTRY_VERIFY(inFront(*otherCallers));
        QTRY_VERIFY2(otherCallers->height() > dragged + 20,
                     qPrintable(QStringLiteral("%1 px").arg(otherCallers->height())));
        auto *tabs = part<QTabWidget>(window, "sessionTabs");
        tabs->setCurrentIndex(0);
        QTRY_COMPARE(callers->height(), dragged);

        // Saved with the layout (the page in front is the one saved), and read back by the next window.
        window->close();
        window = openGoldenWindow(QStringLiteral("perf-fp"), kLoadTimeoutMs, QSize(1600, 1000));
        QVERIFY(window);
        callers = part<QDockWidget>(window->currentPage(), "callerCalleeDock");
        flame = part<QDockWidget>(window->currentPage(), "flameGraphDock");
        part<QDockWidget>(window->currentPage(), "summaryDock")->raise();
        callers->raise();
        QTRY_VERIFY(inFront(*callers));
        QTRY_VERIFY2(std::abs(callers->height() - dragged) <= 2,
                     qPrintable(QStringLiteral("%1 px, %2 dragged").arg(callers->height()).arg(dragged)));

        // Reset Layout forgets it: the computed room again.
        window->resetLayout();
        part<QDockWidget>(window->currentPage(), "summaryDock")->raise();
        callers->raise();
        QTRY_VERIFY(inFront(*callers));
        QTRY_VERIFY2(callers->height() * 2 >= flame->height() + callers->height() - 2,
                     qPrintable(QStringLiteral("%1 px after Reset Layout").arg(callers->height())));
    }

    // Dragged smaller or larger, each view below the flame graph gets its own height back when brought
    // forward again; a view never dragged gets the room it needs; the timeline above keeps its height through
    // all of it (it grew by part of the tab bars' height each time a view got its height back).
    void draggedHeightsStayWithTheirView() {
        QSettings().clear(); // no heights saved by the tests before
        auto window = openGoldenWindow(QStringLiteral("perf-fp"), kLoadTimeoutMs, QSize(1600, 1000));
        QVERIFY(window);
        SessionPage &page = *window->currentPage();
        auto *timeline = part<QDockWidget>(&page, "timelineDock");
        auto *flame = part<QDockWidget>(&page, "flameGraphDock");
        auto *callers = part<QDockWidget>(&page, "callerCalleeDock");
        auto *summary = part<QDockWidget>(&page, "summaryDock");
        auto *bottomUp = part<QDockWidget>(&page, "bottomUpDock");
        QVERIFY(bringForward(*callers));
        const int timelineHeight = timeline->height();
        const int both = flame->height() + callers->height();
        QVERIFY2(dragToHeight(page, *callers, both / 3), heights(callers->height(), both / 3));
        const int callersDragged = callers->height();

        // Never dragged: Bottom-Up gets half of the height again, Summary too before the user drags it
        // larger.
        QVERIFY(bringForward(*bottomUp));
        QVERIFY2(std::abs(bottomUp->height() - both / 2) <= 2, heights(bottomUp->height(), both / 2));
        QVERIFY(bringForward(*summary));
        QVERIFY2(summary->height() >= both / 2 - 2, heights(summary->height(), both / 2));
        QVERIFY2(dragToHeight(page, *summary, both * 2 / 3), heights(summary->height(), both * 2 / 3));
        const int summaryDragged = summary->height();

        for (int round = 0; round < 2; ++round) {
            QVERIFY(bringForward(*callers));
            QVERIFY2(std::abs(callers->height() - callersDragged) <= 2,
                     heights(callers->height(), callersDragged));
            QVERIFY(bringForward(*summary));
            QVERIFY2(std::abs(summary->height() - summaryDragged) <= 2,
                     heights(summary->height(), summaryDragged));
            QVERIFY2(std::abs(timeline->height() - timelineHeight) <= 2,
                     heights(timeline->height(), timelineHeight));
            QVERIFY(std::abs(flame->height() + summary->height() - both) <= 2);
        }
        QVERIFY(bringForward(*callers));
        saveScreenshot(window.get(), QStringLiteral("sessions-view-heights-1600x1000.png"));

        // The smallest window squeezes the views; grown again, each view gets its own height back.
        window->resize(window->minimumSizeHint());
        QTRY_VERIFY(window->height() <= window->minimumSizeHint().height() + 1);
        QVERIFY(bringForward(*summary));
        QVERIFY(flame->height() >= flame->minimumSizeHint().height());
        QVERIFY(summary->height() >= summary->minimumSizeHint().height());
        QVERIFY(summary->geometry().bottom() < page.height());
        saveScreenshot(window.get(), QStringLiteral("sessions-view-heights-minimum.png"));
        window->resize(1600, 1000);
        QTRY_COMPARE(window->height(), 1000);
        for (QDockWidget *dock : {callers, summary}) {
            const int dragged = dock == callers ? callersDragged : summaryDragged;
            QVERIFY(bringForward(*dock));
            QVERIFY2(std::abs(dock->height() - dragged) <= 2, heights(dock->height(), dragged));
        }
        QVERIFY2(std::abs(timeline->height() - timelineHeight) <= 2,
                 heights(timeline->height(), timelineHeight));
    }

    // Another session tab keeps heights of its own: dragging a view in one tab leaves the same view in the
    // other as it was, and switching tabs gives each page's view its own height.
    void draggedHeightsStayWithTheirTab() {
        QSettings().clear(); // no heights saved by the tests before
        auto window = openGoldenWindow(QStringLiteral("perf-fp"), kLoadTimeoutMs, QSize(1600, 1000));
        QVERIFY(window);
        SessionPage *first = window->currentPage();
        auto *firstFlame = part<QDockWidget>(first, "flameGraphDock");
        auto *firstCallers = part<QDockWidget>(first, "callerCalleeDock");
        QVERIFY(bringForward(*firstCallers));
        const int both = firstFlame->height() + firstCallers->height();
        QVERIFY(dragToHeight(*first, *firstCallers, both / 3));
        const int firstDragged = firstCallers->height();

        QVERIFY(openAndWait(*window, kDwarf));
        SessionPage *second = window->currentPage();
        QVERIFY(second != first);
        auto *secondCallers = part<QDockWidget>(second, "callerCalleeDock");
        auto *secondSummary = part<QDockWidget>(second, "summaryDock");
        QVERIFY(bringForward(*secondCallers));
        QVERIFY2(secondCallers->height() >= both / 2 - 2, heights(secondCallers->height(), both / 2));
        QVERIFY2(dragToHeight(*second, *secondCallers, both * 3 / 5),
                 heights(secondCallers->height(), both * 3 / 5));
        const int secondDragged = secondCallers->height();
        saveScreenshot(window.get(), QStringLiteral("sessions-view-heights-second-tab.png"));

        auto *tabs = part<QTabWidget>(window, "sessionTabs");
        for (int round = 0; round < 2; ++round) {
            tabs->setCurrentIndex(0);
            QTRY_VERIFY2(std::abs(firstCallers->height() - firstDragged) <= 2,
                         heights(firstCallers->height(), firstDragged));
            tabs->setCurrentIndex(1);
            QTRY_VERIFY2(std::abs(secondCallers->height() - secondDragged) <= 2,
                         heights(secondCallers->height(), secondDragged));
        }
        // The second page's Summary was never dragged in either page: it keeps the larger height it finds.
        QVERIFY(bringForward(*secondSummary));
        QVERIFY2(std::abs(secondSummary->height() - secondDragged) <= 2,
                 heights(secondSummary->height(), secondDragged));
        tabs->setCurrentIndex(0);
        QTRY_VERIFY(inFront(*firstCallers));
        QVERIFY2(std::abs(firstCallers->height() - firstDragged) <= 2,
                 heights(firstCallers->height(), firstDragged));
    }

    // A page layout of another version or another kind is refused whole, not half applied.
    void foreignPageLayoutIsRefused() {
        MainWindow window;
        SessionPage *page = window.currentPage();
        const QByteArray saved = page->layoutToSave();
        QVERIFY(page->restoreLayout(saved));
        QVERIFY(!page->restoreLayout(page->saveState(SessionPage::kStateVersion))); // version 4's format
        QVERIFY(!page->restoreLayout(saved.left(saved.size() / 2)));
        QVERIFY(!page->restoreLayout(QByteArray()));
    }

    void comparisonUsesSymbolSettings() {
        MainWindow window;
        SymbolSettings settings = window.symbolSettings();
        settings.sysroot = QStringLiteral("/nonexistent-sysroot");
        settings.libraryPaths = {QStringLiteral("/opt/lib-for-the-comparison")};
        window.setSymbolSettings(settings, false);
        const auto *loader = window.comparer()->findChild<LoadJob *>();
        QVERIFY(loader);
        QCOMPARE(loader->loadOptions().sysroot, std::string("/nonexistent-sysroot"));
        QCOMPARE(loader->symbolSettings(), settings);
        QCOMPARE(window.currentPage()->document()->loader()->symbolSettings(), settings);
    }
};

QTEST_MAIN(TestSessions)
#include "tst_sessions.moc"
