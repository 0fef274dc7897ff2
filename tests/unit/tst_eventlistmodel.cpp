// EventListModel and EventFilterModel: the Events dock's tree against the catalog it shows (fixture sysfs and
// tracefs trees, and this machine through the real kernel interface), availability (greyed with the reason),
// the search filter, and checked events making an event list that the event parser accepts.
#include "EventFilterModel.h"
#include "EventListModel.h"
#include "events/EventCatalog.h"

#include <QAbstractItemModelTester>
#include <QGuiApplication>
#include <QSignalSpy>
#include <QTest>

#include <map>

using namespace perfglass;

namespace {

std::string fixture(const char *name) {
    return std::string(PERFGLASS_FIXTURES_DIR "/") + name;
}

using Kind = EventListModel::Kind;

Kind kindOf(const QModelIndex &index) {
    return static_cast<Kind>(index.data(EventListModel::KindRole).toInt());
}

QModelIndex groupNamed(const QAbstractItemModel &model, const QString &label) {
    for (int row = 0; row < model.rowCount(); ++row)
        if (model.index(row, 0).data().toString() == label) return model.index(row, 0);
    return {};
}

// The events below index, recursively (column 0).
void collectEvents(const QAbstractItemModel &model, const QModelIndex &parent, QList<QModelIndex> &events) {
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex child = model.index(row, 0, parent);
        if (kindOf(child) == Kind::Event) events << child;
        collectEvents(model, child, events);
    }
}

QList<QModelIndex> eventsBelow(const QAbstractItemModel &model, const QModelIndex &parent = {}) {
    QList<QModelIndex> events;
    collectEvents(model, parent, events);
    return events;
}

int countCategory(const std::vector<CatalogEntry> &entries, EventCategory category) {
    return static_cast<int>(std::count_if(entries.begin(), entries.end(), [category](const CatalogEntry &e) {
        return e.spec.category == category;
    }));
}

// Every group holds the entries of its categories, every PMU its named events, and the tracepoints sit
// under their subsystems: compared with a catalog listed independently of the model.
void compareWithCatalog(const EventListModel &model, const EventParser &parser) {
    const auto entries = catalogEvents(parser);
    QCOMPARE(model.rowCount(), 6);
    QCOMPARE(model.eventCount(), static_cast<int>(entries.size()));
    QCOMPARE(model.rowCount(groupNamed(model, "Hardware events")),
             countCategory(entries, EventCategory::Hardware));
    QCOMPARE(model.rowCount(groupNamed(model, "Software events")),
             countCategory(entries, EventCategory::Software));
    QCOMPARE(model.rowCount(groupNamed(model, "Hardware cache events")),
             countCategory(entries, EventCategory::Cache));
    QCOMPARE(model.rowCount(groupNamed(model, "Raw events and breakpoints")),
             countCategory(entries, EventCategory::Raw) + countCategory(entries, EventCategory::Breakpoint));
    const QModelIndex pmus = groupNamed(model, "PMUs");
    const auto &catalogPmus = parser.pmus().pmus();
    QCOMPARE(model.rowCount(pmus), static_cast<int>(catalogPmus.size() + parser.pmus().warnings().size()));
    for (size_t i = 0; i < catalogPmus.size(); ++i) {
        const QModelIndex pmu = model.index(static_cast<int>(i), 0, pmus);
        QCOMPARE(pmu.data().toString(), QString::fromStdString(catalogPmus[i].name));
        QCOMPARE(kindOf(pmu), Kind::Pmu);
        QCOMPARE(model.rowCount(pmu), static_cast<int>(catalogPmus[i].events.size()));
        for (const auto &format : catalogPmus[i].formats)
            QVERIFY(pmu.data(Qt::ToolTipRole).toString().contains(QString::fromStdString(format.describe())));
    }
    const QModelIndex tracepoints = groupNamed(model, "Tracepoints");
    const TracepointCatalog &tracefs = parser.tracepoints();
    if (!tracefs.available()) {
        QCOMPARE(model.rowCount(tracepoints), 1);
        QCOMPARE(kindOf(model.index(0, 0, tracepoints)), Kind::Note);
        return;
    }
    std::map<QString, int> perSubsystem;
    for (const auto &tracepoint : tracefs.list())
        ++perSubsystem[QString::fromStdString(tracepoint.subsystem)];
    QCOMPARE(model.rowCount(tracepoints), static_cast<int>(perSubsystem.size()));
    for (int row = 0; row < model.rowCount(tracepoints); ++row) {
        const QModelIndex subsystem = model.index(row, 0, tracepoints);
        QCOMPARE(kindOf(subsystem), Kind::Subsystem);
        QCOMPARE(model.rowCount(subsystem), perSubsystem[subsystem.data().toString()]);
    }
    QCOMPARE(eventsBelow(model, tracepoints).size(), static_cast<int>(tracefs.list().size()));
}

} // namespace

class TestEventListModel : public QObject {
    Q_OBJECT

private slots:
    void fixtureTree() {
        EventListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setListing(EventListModel::list(fixture("sysfs-intel"), fixture("tracefs")));
        compareWithCatalog(model, EventParser(fixture("tracefs"), fixture("sysfs-intel")));
        // The fixture's PMUs and tracepoints by name.
        const QModelIndex loads = model.indexOfEvent("cpu/mem-loads/");
        QVERIFY(loads.isValid());
        QCOMPARE(model.parent(loads).data().toString(), QStringLiteral("cpu"));
        const QString details = loads.data(EventListModel::DetailsRole).toString();
        for (const char *part :
             {"umask", "config:8-15", "ldlat", "config1:0-15", "cpu/mem-loads,period=100000/"})
            QVERIFY2(details.contains(QLatin1String(part)), qPrintable(details));
        const QModelIndex energy = model.indexOfEvent("power/energy-cores/");
        QVERIFY(energy.sibling(energy.row(), EventListModel::DescriptionColumn)
                    .data()
                    .toString()
                    .contains("Joules"));
        const QModelIndex sw = model.indexOfEvent("sched:sched_switch");
        QCOMPARE(model.parent(sw).data().toString(), QStringLiteral("sched"));
        QVERIFY(sw.data(EventListModel::DetailsRole).toString().contains("prev_comm"));
        // Without tracefs, the group says why.
        model.setListing(EventListModel::list(fixture("sysfs-intel"), "/nonexistent/tracing"));
        const QModelIndex tracepoints = groupNamed(model, "Tracepoints");
        QCOMPARE(model.rowCount(tracepoints), 1);
        QVERIFY(model.index(0, 0, tracepoints).data().toString().contains("needs tracefs"));
    }

    void thisMachine() {
        EventListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&model, &EventListModel::loaded);
        QSignalSpy loading(&model, &EventListModel::loadingChanged);
        model.reload();
        QVERIFY(model.isLoading());
        QVERIFY(loaded.wait(60000));
        QVERIFY(!model.isLoading());
        QCOMPARE(loading.size(), 2);
        compareWithCatalog(model, EventParser());
        // cpu-clock opens for anyone allowed to profile itself; unavailable events are greyed, say why and
        // cannot be checked unless privileges are all they lack.
        const QModelIndex clock = model.indexOfEvent("cpu-clock");
        QVERIFY(clock.data(EventListModel::AvailableRole).toBool());
        QVERIFY(model.flags(clock) & Qt::ItemIsUserCheckable);
        QVERIFY(!clock.data(Qt::ForegroundRole).isValid());
        int unavailable = 0;
        for (const QModelIndex &event : eventsBelow(model)) {
            const auto &availability =
                model.listing()
                    .availability[static_cast<size_t>(model.entryAt(event) - model.listing().entries.data())]
                    .availability;
            QCOMPARE(event.data(EventListModel::AvailableRole).toBool(), availability.openable);
            if (availability.openable) continue;
            ++unavailable;
            QVERIFY(event.data(Qt::ForegroundRole).isValid());
            const QString reason = QString::fromStdString(availability.reason.english());
            QVERIFY(event.data(Qt::ToolTipRole).toString().contains(reason));
            QVERIFY(
                event.sibling(event.row(), EventListModel::StatusColumn).data().toString().contains(reason));
        }
        qInfo("%d events, %d open now, %d not", model.eventCount(), model.availableCount(), unavailable);
        QCOMPARE(model.availableCount() + unavailable, model.eventCount());
        // What can be checked is valid perf syntax, all of it at once.
        QStringList checkable;
        for (const QModelIndex &event : eventsBelow(model))
            if (model.flags(event) & Qt::ItemIsUserCheckable) checkable << event.data().toString();
        QVERIFY(checkable.contains("cpu-clock"));
        const auto specs = EventParser().parse(checkable.join(',').toStdString());
        QCOMPARE(specs.size(), static_cast<size_t>(checkable.size()));
    }

    void filter() {
        EventListModel model;
        model.setListing(EventListModel::list(fixture("sysfs-intel"), fixture("tracefs")));
        EventFilterModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(eventsBelow(proxy).size(), model.eventCount());
        proxy.setSearchText("CPU-clock");
        QList<QModelIndex> found = eventsBelow(proxy);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found[0].data().toString(), QStringLiteral("cpu-clock"));
        QCOMPARE(found[0].parent().data().toString(), QStringLiteral("Software events"));
        QCOMPARE(proxy.rowCount(), 1);
        // Aliases, PMU names and descriptions match; a subsystem or PMU that matches shows all its events.
        proxy.setSearchText("cpu-cycles");
        QVERIFY(eventsBelow(proxy).size() >= 2); // cycles (alias cpu-cycles) and cpu/cpu-cycles/
        proxy.setSearchText("sched");
        found = eventsBelow(proxy);
        QCOMPARE(found.size(), 3);
        proxy.setSearchText("msr");
        QCOMPARE(eventsBelow(proxy).size(), 6); // aperf, cpu_thermal_margin, mperf, pperf, smi, tsc
        proxy.setSearchText("no such event at all");
        QCOMPARE(proxy.rowCount(), 0);
        // Only events that open now: every event left is available.
        proxy.setSearchText({});
        proxy.setAvailableOnly(true);
        found = eventsBelow(proxy);
        QCOMPARE(found.size(), model.availableCount());
        for (const QModelIndex &event : found)
            QVERIFY(event.data(EventListModel::AvailableRole).toBool());
    }

    void checking() {
        EventListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setListing(EventListModel::list());
        QSignalSpy changed(&model, &EventListModel::selectionChanged);
        QCOMPARE(model.selectedEvents(), QString());
        QVERIFY(model.setData(model.indexOfEvent("cpu-clock"), Qt::Checked, Qt::CheckStateRole));
        QVERIFY(model.setChecked("page-faults", true));
        QCOMPARE(model.selectedEvents(), QStringLiteral("cpu-clock,page-faults"));
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.last().at(0).toString(), QStringLiteral("cpu-clock,page-faults"));
        QCOMPARE(model.indexOfEvent("page-faults").data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        // The order is the order of checking.
        QVERIFY(model.setChecked("cpu-clock", false));
        QVERIFY(model.setChecked("cpu-clock", true));
        QCOMPARE(model.selectedEvents(), QStringLiteral("page-faults,cpu-clock"));
        QCOMPARE(changed.size(), 4);
        // Checking twice changes nothing; syntax entries and unknown names cannot be checked.
        QVERIFY(model.setChecked("cpu-clock", true));
        QCOMPARE(changed.size(), 4);
        QVERIFY(!model.setChecked("rNNN", true));
        QVERIFY(!model.setChecked("no-such-event", true));
        QVERIFY(!model.setData(model.indexOfEvent("cpu-clock").siblingAtColumn(1), Qt::Unchecked,
                               Qt::CheckStateRole));
        // A new listing keeps the checks.
        model.setListing(EventListModel::list());
        QCOMPARE(model.selectedEvents(), QStringLiteral("page-faults,cpu-clock"));
        const auto specs = EventParser().parse(model.selectedEvents().toStdString());
        QCOMPARE(specs.size(), size_t{2});
        model.clearChecked();
        QCOMPARE(model.selectedEvents(), QString());
        QCOMPARE(changed.last().at(0).toString(), QString());
        QCOMPARE(model.indexOfEvent("cpu-clock").data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    }
};

QTEST_MAIN(TestEventListModel)
#include "tst_eventlistmodel.moc"
