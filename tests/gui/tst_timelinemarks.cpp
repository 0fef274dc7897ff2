// Tracepoint marks on the timeline: a session of sched:sched_switch and sched:sched_wakeup (plus cpu-clock)
// of a program that sleeps and blocks on a pipe shows each tracepoint sample as a mark in its thread's row,
// and the tooltip over a mark names the event and its fields decoded from the sample's raw data
// (prev_comm=..., pid=...). Screenshots of the dock and of the tooltip for a person to look at.
#include "GuiTestSupport.h"
#include "MainWindow.h"
#include "TestSupport.h"
#include "TimelineView.h"
#include "TimelineWidget.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QHelpEvent>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

using namespace perfglass;
using namespace perfglass::test;

class TestTimelineMarks : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        useTestSettings(QStringLiteral("tst_timelinemarks-%1").arg(QCoreApplication::applicationPid()));
        QVERIFY(dir_.isValid());
        if (!QFileInfo(QStringLiteral("/sys/kernel/tracing/events/sched/sched_switch")).exists()) return;
        path_ = dir_.filePath(QStringLiteral("marks.data"));
        const ProcessResult result =
            runCli({QStringLiteral("record"), QStringLiteral("-e"),
                    QStringLiteral("cpu-clock,sched:sched_switch,sched:sched_wakeup"), QStringLiteral("-o"),
                    path_, QStringLiteral("--"), clientPath(QStringLiteral("blocker"))});
        if (result.exitCode != 0 || !QFileInfo::exists(path_)) {
            qWarning("recording failed: %s", qPrintable(result.err));
            path_.clear();
        }
    }

    void marksWithFields() {
        if (path_.isEmpty()) QSKIP("tracepoints cannot be recorded here (tracefs missing or not permitted)");
        auto window = openSessionWindow(path_, 120000);
        QVERIFY(window);
        part<QDockWidget>(*window, "timelineDock")->raise();
        TimelineWidget *timeline = part<TimelineView>(*window, "timelineView")->timeline();
        QTest::qWait(50);
        // Find the first thread row with a sched_switch mark; its tooltip has the decoded fields.
        int markRow = -1;
        double markX = 0;
        for (int row = 0; row < timeline->rowCount() && markRow < 0; ++row) {
            const QRect plot = timeline->rowRect(row);
            for (int x = plot.left(); x <= plot.right(); ++x) {
                const auto marks = timeline->marksNear(row, x, 0.5);
                if (!marks.empty() &&
                    timeline->describeMark(marks.front()).contains(QLatin1String("prev_comm="))) {
                    markRow = row;
                    markX = x;
                    break;
                }
            }
        }
        QVERIFY2(markRow >= 0, "no sched_switch mark with decoded fields in any thread row");
        const QString described = timeline->describeMark(timeline->marksNear(markRow, markX, 0.5).front());
        QVERIFY2(described.contains(QLatin1String("sched:sched_switch")), qPrintable(described));
        QVERIFY2(described.contains(QLatin1String("next_pid=")), qPrintable(described));
        QVERIFY2(described.contains(QLatin1String("prev_pid=")), qPrintable(described));
        saveScreenshot(part<QDockWidget>(*window, "timelineDock"), QStringLiteral("timeline-marks-dock.png"));
        const QPoint at(static_cast<int>(markX), timeline->rowRect(markRow).center().y());
        QHelpEvent help(QEvent::ToolTip, at, timeline->mapToGlobal(at));
        QApplication::sendEvent(timeline, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QLatin1String("prev_comm=")), qPrintable(QToolTip::text()));
        for (QWidget *top : QApplication::topLevelWidgets())
            if (top->inherits("QTipLabel") && top->isVisible())
                saveScreenshot(top, QStringLiteral("timeline-marks-tooltip.png"));
        saveScreenshot(window.get(), QStringLiteral("timeline-marks.png"));
    }

private:
    QTemporaryDir dir_;
    QString path_;
};

QTEST_MAIN(TestTimelineMarks)
#include "tst_timelinemarks.moc"
