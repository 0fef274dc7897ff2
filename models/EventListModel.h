// Every event this machine offers, as a tree for the Events dock: generic hardware, software and cache
// events, each PMU of sysfs with its named events (and its format fields in the details), tracepoints by
// subsystem, and the raw and breakpoint syntaxes. Each event says whether it opens now and why not. Events
// can be checked; the checked ones, in the order they were checked, make an event list in perf's syntax
// ("cpu-clock,page-faults") for recording. Listing and probing run off the UI thread (reload()).
#pragma once

#include "events/EventCatalog.h"

#include <QAbstractItemModel>
#include <QStringList>

#include <string>
#include <vector>

namespace perfglass {

class BackgroundJob;

// What one listing found (built by EventListModel::list, on any thread).
struct EventListing {
    std::vector<CatalogEntry> entries;
    std::vector<ProbedEntry> availability; // one per entry
    std::vector<Pmu> pmus;
    std::string pmuRoot;
    std::vector<std::string> pmuWarnings;
    std::string tracefsRoot;
    std::string tracefsUnavailable; // why tracepoints cannot be listed, empty when they can
    int paranoid = 2;               // kernel.perf_event_paranoid when listed
};

class EventListModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, StatusColumn, DescriptionColumn, ColumnCount };
    enum class Kind { Group, Pmu, Subsystem, Event, Note };
    enum Role {
        FilterRole = Qt::UserRole + 1, // what a search matches: name, aliases, PMU, description
        EventNameRole,                 // the name to write in -e (events only), else empty
        KindRole,                      // Kind, as int
        AvailableRole, // bool: an event that opens now; a group, PMU or subsystem with such an event
        DetailsRole,   // rich text for a details pane
    };

    explicit EventListModel(QObject *parent = nullptr);
    ~EventListModel() override;

    // Lists the events of sysfsRoot (PMUs) and tracefsRoot (empty: the mounted tracefs) and probes them.
    static EventListing list(const std::string &sysfsRoot = PmuCatalog::kDefaultRoot,
                             const std::string &tracefsRoot = {});

    // Lists off the UI thread; loaded() follows. Checked events that still exist stay checked.
    void reload(const QString &sysfsRoot = QString::fromLatin1(PmuCatalog::kDefaultRoot),
                const QString &tracefsRoot = {});
    bool isLoading() const;
    // Shows a listing (what reload() does when it is ready).
    void setListing(EventListing listing);
    const EventListing &listing() const { return listing_; }

    // Events listed, and how many of them open now.
    int eventCount() const { return nodes_.front().events; }
    int availableCount() const { return nodes_.front().available; }

    // The checked events in the order they were checked, and the same as perf's event list.
    QStringList checkedEvents() const;
    QString selectedEvents() const { return checkedEvents().join(QLatin1Char(',')); }
    // Checks or unchecks the event named NAME (as written in -e). False when there is no such checkable
    // event.
    bool setChecked(const QString &name, bool checked);
    void clearChecked();
    // The index of the event named NAME in column 0, or an invalid index.
    QModelIndex indexOfEvent(const QString &name) const;
    // The catalog entry of an event row, or nullptr.
    const CatalogEntry *entryAt(const QModelIndex &index) const;
    Kind kindAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void loadingChanged(bool loading);
    void loaded();
    // The checked events changed; events is selectedEvents().
    void selectionChanged(const QString &events);

private:
    struct Node {
        Kind kind = Kind::Group;
        int parent = -1;
        int row = 0;
        std::vector<int> children;
        QString label;       // groups, PMUs, subsystems and notes
        QString description; // groups: where their events come from
        int entry = -1;      // events: index into listing_.entries
        int pmu = -1;        // PMUs and PMU events: index into listing_.pmus
        int events = 0;      // groups, PMUs and subsystems: the events below
        int available = 0;   // ... and how many of them open now
    };

    int addNode(int parent, Node node);
    void buildTree();
    void summarize(int node);
    QString summaryText(const Node &node) const;
    int nodeOf(const QModelIndex &index) const;
    bool isCheckable(int entry) const;
    bool isAvailable(int entry) const;
    QString statusText(int entry) const;
    QString descriptionText(const Node &node) const;
    QString toolTip(const Node &node) const;
    QString details(const Node &node) const;
    QString pmuDetails(const Pmu &pmu) const;
    QString filterText(const Node &node) const;

    EventListing listing_;
    std::vector<Node> nodes_;    // nodes_[0] is the invisible root
    std::vector<int> eventNode_; // node of each entry, -1 for entries not shown
    std::vector<int> checked_;   // entries, in the order they were checked
    BackgroundJob *job_;
};

} // namespace perfglass
