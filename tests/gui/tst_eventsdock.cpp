// The Events dock in the main window: it lists the machine's events when first shown, the search box filters
// the tree, Enter on an event checks it, the chosen events appear in perf's syntax (and as a signal for the
// Record dialog), the details pane shows a PMU's format fields, unavailable events are greyed with the reason
// in the tooltip; screenshots for a person to look at.
#include "EventFilterModel.h"
#include "EventListModel.h"
#include "EventsView.h"
#include "GuiTestSupport.h"
#include "MainWindow.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// The proxy index of the event named NAME, or an invalid index when the filter hides it.
QModelIndex shownEvent(const EventsView &view, const QString &name) {
    const QModelIndex source = view.model()->indexOfEvent(name);
    return view.filterModel()->mapFromSource(source);
}

} // namespace

class TestEventsDock : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void dock() {
        MainWindow window;
        EventsView *view = part<EventsView>(window, "eventsView");
        QVERIFY(view);
        QCOMPARE(part<QDockWidget>(window, "eventsDock")->widget(), view);
        QCOMPARE(part<QDockWidget>(window, "eventsDock")->windowTitle(), QStringLiteral("Events"));
        // Nothing is listed before the view is shown; then the listing runs off the UI thread.
        QCOMPARE(view->model()->eventCount(), 0);
        QSignalSpy loaded(view->model(), &EventListModel::loaded);
        QAbstractItemModelTester tester(view->filterModel(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        window.resize(1300, 850);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        part<QDockWidget>(window, "eventsDock")->show();
        part<QDockWidget>(window, "eventsDock")->raise();
        QVERIFY(loaded.size() == 1 || loaded.wait(60000));
        QVERIFY(view->model()->eventCount() > 0);
        QVERIFY(view->statusLabel()->text().contains(QStringLiteral("perf_event_paranoid")));
        // Software events start expanded where they open (cpu-clock is on screen); where perf_event_open is
        // refused, no group has events that open and all start collapsed.
        const QModelIndex software = shownEvent(*view, "cpu-clock").parent();
        QCOMPARE(view->tree()->isExpanded(software),
                 view->filterModel()->mapToSource(software).data(EventListModel::AvailableRole).toBool());

        // Search, then Enter on the event checks it.
        QSignalSpy chosen(view, &EventsView::selectionChanged);
        QTest::keyClicks(view->searchField(), QStringLiteral("cpu-clock"));
        QModelIndex clock = shownEvent(*view, "cpu-clock");
        QVERIFY(clock.isValid());
        QVERIFY(!shownEvent(*view, "page-faults").isValid());
        view->tree()->setCurrentIndex(clock);
        QTest::keyClick(view->tree(), Qt::Key_Return);
        QCOMPARE(view->selectedEvents(), QStringLiteral("cpu-clock"));
        QVERIFY(view->details()->toPlainText().contains(QStringLiteral("cpu-clock/period=100000/")));
        view->searchField()->clear();
        QTest::keyClicks(view->searchField(), QStringLiteral("page-faults"));
        const QModelIndex faults = shownEvent(*view, "page-faults");
        QVERIFY(faults.isValid());
        view->tree()->setCurrentIndex(faults);
        QTest::keyClick(view->tree(), Qt::Key_Return);
        QCOMPARE(view->selectedEvents(), QStringLiteral("cpu-clock,page-faults"));
        QCOMPARE(view->selectionField()->text(), QStringLiteral("cpu-clock,page-faults"));
        QCOMPARE(chosen.size(), 2);
        QCOMPARE(chosen.last().at(0).toString(), QStringLiteral("cpu-clock,page-faults"));
        saveScreenshot(part<QDockWidget>(window, "eventsDock"), QStringLiteral("events-dock-search.png"));

        // Without a search the whole tree is back, the checks stay.
        view->searchField()->clear();
        clock = shownEvent(*view, "cpu-clock");
        QCOMPARE(clock.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));

        // An unavailable event (hardware events on a VM without a PMU): greyed, the reason in its tooltip.
        // (Where perf_event_open is refused, every event is unavailable and stays checkable: the helper may
        // open it.)
        const QModelIndex cycles = shownEvent(*view, "cycles");
        if (!cycles.data(EventListModel::AvailableRole).toBool() &&
            clock.data(EventListModel::AvailableRole).toBool()) {
            QVERIFY(cycles.data(Qt::ForegroundRole).isValid());
            QVERIFY(cycles.data(Qt::ToolTipRole).toString().contains(QStringLiteral("no: ")));
            QVERIFY(!(cycles.flags() & Qt::ItemIsUserCheckable));
            view->tree()->expand(cycles.parent());
        }

        // Only events that open now.
        view->availableOnlyBox()->setChecked(true);
        const bool cyclesOpen =
            view->model()->indexOfEvent("cycles").data(EventListModel::AvailableRole).toBool();
        QCOMPARE(shownEvent(*view, "cycles").isValid(), cyclesOpen);
        QCOMPARE(shownEvent(*view, "cpu-clock").isValid(),
                 view->model()->indexOfEvent("cpu-clock").data(EventListModel::AvailableRole).toBool());
        view->availableOnlyBox()->setChecked(false);

        // Clear unchecks everything.
        view->clearSelection();
        QCOMPARE(view->selectedEvents(), QString());
        QCOMPARE(view->selectionField()->text(), QString());
        QCOMPARE(chosen.last().at(0).toString(), QString());
        QTest::keyClicks(view->searchField(), QStringLiteral("cpu-clock"));
        view->tree()->setCurrentIndex(shownEvent(*view, "cpu-clock"));
        QTest::keyClick(view->tree(), Qt::Key_Return);
        QTest::keyClicks(view->searchField(), QStringLiteral("x"));
        view->searchField()->clear();
        QTest::keyClicks(view->searchField(), QStringLiteral("page-faults"));
        view->tree()->setCurrentIndex(shownEvent(*view, "page-faults"));
        QTest::keyClick(view->tree(), Qt::Key_Return);
        view->searchField()->clear();

        // A PMU event shows its PMU's format fields in the details pane.
        const EventListModel &model = *view->model();
        QString pmuEvent;
        for (const auto &entry : model.listing().entries)
            if (entry.spec.category == EventCategory::Pmu) {
                pmuEvent = QString::fromStdString(entry.name);
                break;
            }
        if (!pmuEvent.isEmpty()) {
            const QModelIndex index = shownEvent(*view, pmuEvent);
            view->tree()->expand(index.parent());
            view->tree()->setCurrentIndex(index);
            const auto *entry = model.entryAt(view->filterModel()->mapToSource(index));
            QVERIFY(entry);
            const QString details = view->details()->toPlainText();
            for (const auto &pmu : model.listing().pmus)
                if (pmu.name == entry->spec.pmu)
                    for (const auto &format : pmu.formats)
                        QVERIFY2(details.contains(QString::fromStdString(format.describe())),
                                 qPrintable(details));
            view->tree()->scrollTo(index);
        }
        saveScreenshot(&window, QStringLiteral("mainwindow-events.png"));
        // Floating, at a size that shows more of the tree.
        part<QDockWidget>(window, "eventsDock")->setFloating(true);
        part<QDockWidget>(window, "eventsDock")->resize(1200, 700);
        view->tree()->expand(
            view->filterModel()->mapFromSource(view->model()->indexOfEvent("cycles").parent()));
        view->tree()->scrollTo(shownEvent(*view, pmuEvent.isEmpty() ? "cpu-clock" : pmuEvent));
        saveScreenshot(part<QDockWidget>(window, "eventsDock"), QStringLiteral("events-dock.png"));
        if (pmuEvent.isEmpty()) QSKIP("this machine has no PMU with named events for the details pane");
    }
};

QTEST_MAIN(TestEventsDock)
#include "tst_eventsdock.moc"
