#include "EventListModel.h"

#include "BackgroundJob.h"
#include "CoreMessages.h"
#include "base/Error.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>
#include <cerrno>
#include <map>

namespace perfglass {

namespace {

QString qs(const std::string &text) {
    return QString::fromStdString(text);
}

QString hex(uint64_t value) {
    return QStringLiteral("0x") + QString::number(value, 16);
}

QString escaped(const std::string &text) {
    return qs(text).toHtmlEscaped();
}

QString row(const QString &key, const QString &value) {
    return QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key, value);
}

} // namespace

EventListModel::EventListModel(QObject *parent)
    : QAbstractItemModel(parent)
    , job_(new BackgroundJob(this)) {
    buildTree();
}

EventListModel::~EventListModel() = default;

EventListing EventListModel::list(const std::string &sysfsRoot, const std::string &tracefsRoot) {
    EventListing listing;
    try {
        const EventParser parser(tracefsRoot, sysfsRoot);
        listing.entries = catalogEvents(parser, CatalogOptions{true});
        listing.availability = probeCatalog(listing.entries);
        listing.pmus = parser.pmus().pmus();
        listing.pmuRoot = parser.pmus().root();
        listing.pmuWarnings = parser.pmus().warnings();
        listing.tracefsRoot = parser.tracepoints().root();
        listing.tracefsUnavailable = parser.tracepoints().unavailableReason();
    } catch (const std::exception &error) {
        listing.pmuWarnings.push_back(error.what());
        listing.availability.resize(listing.entries.size());
    }
    listing.paranoid = perfEventParanoid();
    return listing;
}

bool EventListModel::isLoading() const {
    return job_->isRunning();
}

void EventListModel::reload(const QString &sysfsRoot, const QString &tracefsRoot) {
    // A listing still running is dropped when it ends.
    job_->start(
        [sysfs = sysfsRoot.toStdString(), tracefs = tracefsRoot.toStdString()](
            const std::stop_token &, const BackgroundJob::ReportProgress &) { return list(sysfs, tracefs); },
        [this](EventListing listing) {
            setListing(std::move(listing));
            emit loadingChanged(false);
        });
    emit loadingChanged(true);
}

void EventListModel::setListing(EventListing listing) {
    const QStringList wasChecked = checkedEvents();
    beginResetModel();
    listing_ = std::move(listing);
    listing_.availability.resize(listing_.entries.size());
    checked_.clear();
    buildTree();
    for (const QString &name : wasChecked) {
        const QModelIndex index = indexOfEvent(name);
        const int node = nodeOf(index);
        if (index.isValid() && isCheckable(nodes_[static_cast<size_t>(node)].entry))
            checked_.push_back(nodes_[static_cast<size_t>(node)].entry);
    }
    endResetModel();
    emit loaded();
    if (checkedEvents() != wasChecked) emit selectionChanged(selectedEvents());
}

int EventListModel::addNode(int parent, Node node) {
    const int id = static_cast<int>(nodes_.size());
    node.parent = parent;
    node.row = static_cast<int>(nodes_[static_cast<size_t>(parent)].children.size());
    nodes_[static_cast<size_t>(parent)].children.push_back(id);
    nodes_.push_back(std::move(node));
    return id;
}

void EventListModel::buildTree() {
    nodes_.assign(1, Node{});
    eventNode_.assign(listing_.entries.size(), -1);
    const auto group = [this](const QString &label, const std::string &description = {}) {
        Node node;
        node.label = label;
        node.description = qs(description);
        return addNode(0, std::move(node));
    };
    const int hardware = group(tr("Hardware events"));
    const int software = group(tr("Software events"));
    const int cache = group(tr("Hardware cache events"));
    const int pmus = group(tr("PMUs"), listing_.pmuRoot);
    const int tracepoints = group(tr("Tracepoints"), listing_.tracefsRoot);
    const int other = group(tr("Raw events and breakpoints"));
    std::map<std::string, int> pmuNodes;
    for (size_t i = 0; i < listing_.pmus.size(); ++i) {
        Node node;
        node.kind = Kind::Pmu;
        node.label = qs(listing_.pmus[i].name);
        node.pmu = static_cast<int>(i);
        pmuNodes[listing_.pmus[i].name] = addNode(pmus, std::move(node));
    }
    for (const auto &warning : listing_.pmuWarnings) {
        Node note;
        note.kind = Kind::Note;
        note.label = qs(warning);
        addNode(pmus, std::move(note));
    }
    if (!listing_.tracefsUnavailable.empty()) {
        Node note;
        note.kind = Kind::Note;
        note.label = tr("Tracepoints cannot be listed: %1").arg(qs(listing_.tracefsUnavailable));
        addNode(tracepoints, std::move(note));
    }
    std::map<std::string, int> subsystems;
    for (size_t i = 0; i < listing_.entries.size(); ++i) {
        const CatalogEntry &entry = listing_.entries[i];
        int parent = other;
        Node node;
        node.kind = Kind::Event;
        node.entry = static_cast<int>(i);
        switch (entry.spec.category) {
        case EventCategory::Hardware:
            parent = hardware;
            break;
        case EventCategory::Software:
            parent = software;
            break;
        case EventCategory::Cache:
            parent = cache;
            break;
        case EventCategory::Pmu: {
            const auto found = pmuNodes.find(entry.spec.pmu);
            if (found != pmuNodes.end()) {
                parent = found->second;
                node.pmu = nodes_[static_cast<size_t>(parent)].pmu;
            }
            break;
        }
        case EventCategory::Tracepoint: {
            const std::string subsystem = entry.name.substr(0, entry.name.find(':'));
            auto found = subsystems.find(subsystem);
            if (found == subsystems.end()) {
                Node sub;
                sub.kind = Kind::Subsystem;
                sub.label = qs(subsystem);
                found = subsystems.emplace(subsystem, addNode(tracepoints, std::move(sub))).first;
            }
            parent = found->second;
            break;
        }
        case EventCategory::Raw:
        case EventCategory::Breakpoint:
            break;
        }
        eventNode_[i] = addNode(parent, std::move(node));
    }
    summarize(0);
}

// Counts the events under a node and the ones that open now, for the status column.
void EventListModel::summarize(int id) {
    Node &node = nodes_[static_cast<size_t>(id)];
    if (node.kind == Kind::Event) {
        node.events = 1;
        node.available = isAvailable(node.entry) ? 1 : 0;
        return;
    }
    for (int child : node.children) {
        summarize(child);
        // nodes_ does not grow here, so node stays valid.
        node.events += nodes_[static_cast<size_t>(child)].events;
        node.available += nodes_[static_cast<size_t>(child)].available;
    }
}

QString EventListModel::summaryText(const Node &node) const {
    if (node.kind == Kind::Note) return {};
    if (node.events == 0) return node.kind == Kind::Pmu ? tr("no named events") : tr("none");
    return tr("%1 of %2 open now").arg(node.available).arg(node.events);
}

int EventListModel::nodeOf(const QModelIndex &index) const {
    return index.isValid() ? static_cast<int>(index.internalId()) : 0;
}

bool EventListModel::isAvailable(int entry) const {
    return entry >= 0 && listing_.availability[static_cast<size_t>(entry)].availability.openable;
}

// Events that open now, and those that need privileges (the recorder can ask for them); not the syntax
// entries (rNNN, mem:ADDR) nor events the hardware or kernel lacks.
bool EventListModel::isCheckable(int entry) const {
    if (entry < 0) return false;
    const CatalogEntry &e = listing_.entries[static_cast<size_t>(entry)];
    if (e.spec.category == EventCategory::Raw || e.spec.category == EventCategory::Breakpoint) return false;
    const Availability &availability = listing_.availability[static_cast<size_t>(entry)].availability;
    return availability.openable || availability.error == EACCES || availability.error == EPERM;
}

QString EventListModel::statusText(int entry) const {
    const Availability &a = listing_.availability[static_cast<size_t>(entry)].availability;
    if (a.openable && a.systemWideOnly) return tr("yes, system-wide only");
    if (a.openable && a.kernel) return tr("yes");
    if (a.openable) return tr("yes, user mode only");
    return tr("no: %1").arg(CoreMessages::text(a.reason));
}

QString EventListModel::descriptionText(const Node &node) const {
    switch (node.kind) {
    case Kind::Event: {
        const CatalogEntry &entry = listing_.entries[static_cast<size_t>(node.entry)];
        QStringList parts;
        if (!entry.description.empty()) parts << qs(entry.description);
        if (!entry.aliases.empty()) {
            QStringList aliases;
            for (const auto &alias : entry.aliases)
                aliases << qs(alias);
            parts << tr("also written %1").arg(aliases.join(QStringLiteral(", ")));
        }
        if (!entry.spec.unit.empty())
            parts << tr("scale %1 %2").arg(entry.spec.scale).arg(qs(entry.spec.unit));
        return parts.join(QStringLiteral("; "));
    }
    case Kind::Pmu: {
        const Pmu &pmu = listing_.pmus[static_cast<size_t>(node.pmu)];
        QStringList fields;
        for (const auto &format : pmu.formats)
            fields << qs(format.name());
        QString text = tr("type %1").arg(pmu.type);
        if (pmu.systemWideOnly) text += tr(", system-wide only");
        if (!fields.isEmpty()) text += tr("; format fields: %1").arg(fields.join(QStringLiteral(", ")));
        return text;
    }
    case Kind::Group:
        return node.description;
    case Kind::Subsystem:
    case Kind::Note:
        return {};
    }
    return {};
}

QString EventListModel::toolTip(const Node &node) const {
    if (node.kind == Kind::Event) {
        const CatalogEntry &entry = listing_.entries[static_cast<size_t>(node.entry)];
        QString text = QStringLiteral("<b>%1</b><br>%2")
                           .arg(escaped(entry.name), statusText(node.entry).toHtmlEscaped());
        const QString description = descriptionText(node);
        if (!description.isEmpty()) text += QStringLiteral("<br>") + description.toHtmlEscaped();
        if (node.pmu >= 0) text += pmuDetails(listing_.pmus[static_cast<size_t>(node.pmu)]);
        return text;
    }
    if (node.kind == Kind::Pmu) return pmuDetails(listing_.pmus[static_cast<size_t>(node.pmu)]);
    if (node.kind == Kind::Note) return node.label.toHtmlEscaped();
    return {};
}

// A PMU's format fields: the raw terms one can write as pmu/field=value,.../.
QString EventListModel::pmuDetails(const Pmu &pmu) const {
    QString text = QStringLiteral("<p><b>%1</b> ").arg(tr("PMU %1").arg(escaped(pmu.name)));
    text += tr("(type %1)").arg(pmu.type);
    if (!pmu.cpus.empty()) {
        QStringList cpus;
        for (int cpu : pmu.cpus)
            cpus << QString::number(cpu);
        text += QStringLiteral(" ") + tr("on CPUs %1").arg(cpus.join(QLatin1Char(',')));
        if (pmu.systemWideOnly) text += QStringLiteral(" ") + tr("(system-wide only: record with -a or -C)");
    }
    text += QStringLiteral("</p>");
    if (pmu.formats.empty())
        return text + QStringLiteral("<p>") + tr("No format fields.") + QStringLiteral("</p>");
    text += QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th align=left>%1</th><th "
                           "align=left>%2</th><th align=left>%3</th></tr>")
                .arg(tr("Field"), tr("Bits"), tr("Largest value"));
    for (const auto &format : pmu.formats)
        text += QStringLiteral("<tr><td><tt>%1</tt></td><td><tt>%2</tt></td><td><tt>%3</tt></td></tr>")
                    .arg(escaped(format.name()), escaped(format.describe()), hex(format.maxValue()));
    text += QStringLiteral("</table>");
    const std::string example = pmu.name + "/" + pmu.formats.front().name() + "=0x1/";
    text += QStringLiteral("<p>") +
            tr("Write raw terms as %1, e.g. %2.")
                .arg(QStringLiteral("<tt>%1/field=value,…/</tt>").arg(escaped(pmu.name)),
                     QStringLiteral("<tt>%1</tt>").arg(escaped(example))) +
            QStringLiteral("</p>");
    return text;
}

QString EventListModel::details(const Node &node) const {
    switch (node.kind) {
    case Kind::Event: {
        const CatalogEntry &entry = listing_.entries[static_cast<size_t>(node.entry)];
        const EventSpec &spec = entry.spec;
        QString text = QStringLiteral("<h3><tt>%1</tt></h3><table cellspacing=0 cellpadding=2>")
                           .arg(escaped(entry.name));
        text += row(tr("Kind"), escaped(std::string(categoryName(spec.category))));
        text += row(tr("Opens now"), statusText(node.entry).toHtmlEscaped());
        text += row(tr("Attribute"), tr("type %1, config %2").arg(spec.attr.type).arg(hex(spec.attr.config)));
        if (spec.attr.config1 || spec.attr.config2)
            text += row(QString(),
                        tr("config1 %1, config2 %2").arg(hex(spec.attr.config1), hex(spec.attr.config2)));
        const QString description = descriptionText(node);
        if (!description.isEmpty()) text += row(tr("Description"), description.toHtmlEscaped());
        text += QStringLiteral("</table>");
        if (node.pmu >= 0) text += pmuDetails(listing_.pmus[static_cast<size_t>(node.pmu)]);
        if (spec.category == EventCategory::Tracepoint) {
            const auto colon = entry.name.find(':');
            try {
                const TracepointCatalog catalog(listing_.tracefsRoot);
                text += QStringLiteral("<pre>%1</pre>")
                            .arg(escaped(
                                catalog.format(entry.name.substr(0, colon), entry.name.substr(colon + 1))));
            } catch (const std::exception &error) {
                text += QStringLiteral("<p>%1</p>")
                            .arg(tr("Format not readable: %1").arg(qs(error.what())).toHtmlEscaped());
            }
        }
        if (spec.category != EventCategory::Raw && spec.category != EventCategory::Breakpoint) {
            // "msr/tsc/" takes its terms inside the slashes, "cpu-clock" after one.
            const std::string example = spec.category == EventCategory::Pmu
                                            ? entry.name.substr(0, entry.name.size() - 1) + ",period=100000/"
                                            : entry.name + "/period=100000/";
            text += QStringLiteral("<p>") +
                    tr("Terms: period=N, freq=N, name=TEXT, e.g. %1.")
                        .arg(QStringLiteral("<tt>%1</tt>").arg(escaped(example))) +
                    QStringLiteral("</p>");
        }
        return text;
    }
    case Kind::Pmu:
        return pmuDetails(listing_.pmus[static_cast<size_t>(node.pmu)]);
    case Kind::Group:
    case Kind::Subsystem:
        return QStringLiteral("<h3>%1</h3><p>%2</p><p>%3</p>")
            .arg(node.label.toHtmlEscaped(), summaryText(node).toHtmlEscaped(),
                 descriptionText(node).toHtmlEscaped());
    case Kind::Note:
        return QStringLiteral("<p>%1</p>").arg(node.label.toHtmlEscaped());
    }
    return {};
}

QString EventListModel::filterText(const Node &node) const {
    if (node.kind != Kind::Event) return node.label;
    const CatalogEntry &entry = listing_.entries[static_cast<size_t>(node.entry)];
    QString text = qs(entry.name);
    for (const auto &alias : entry.aliases)
        text += QLatin1Char(' ') + qs(alias);
    if (!entry.spec.pmu.empty()) text += QLatin1Char(' ') + qs(entry.spec.pmu);
    if (!entry.description.empty()) text += QLatin1Char(' ') + qs(entry.description);
    return text;
}

QStringList EventListModel::checkedEvents() const {
    QStringList names;
    for (int entry : checked_)
        names << qs(listing_.entries[static_cast<size_t>(entry)].name);
    return names;
}

bool EventListModel::setChecked(const QString &name, bool checked) {
    const QModelIndex index = indexOfEvent(name);
    return index.isValid() && (flags(index) & Qt::ItemIsUserCheckable) &&
           setData(index, checked ? Qt::Checked : Qt::Unchecked, Qt::CheckStateRole);
}

void EventListModel::clearChecked() {
    if (checked_.empty()) return;
    const std::vector<int> was = std::move(checked_);
    checked_.clear();
    for (int entry : was) {
        const int node = eventNode_[static_cast<size_t>(entry)];
        const QModelIndex index =
            createIndex(nodes_[static_cast<size_t>(node)].row, NameColumn, quintptr(node));
        emit dataChanged(index, index, {Qt::CheckStateRole});
    }
    emit selectionChanged(selectedEvents());
}

QModelIndex EventListModel::indexOfEvent(const QString &name) const {
    const std::string wanted = name.toStdString();
    for (size_t i = 0; i < listing_.entries.size(); ++i) {
        if (listing_.entries[i].name != wanted || eventNode_[i] < 0) continue;
        const int node = eventNode_[i];
        return createIndex(nodes_[static_cast<size_t>(node)].row, NameColumn, quintptr(node));
    }
    return {};
}

const CatalogEntry *EventListModel::entryAt(const QModelIndex &index) const {
    const Node &node = nodes_[static_cast<size_t>(nodeOf(index))];
    return node.kind == Kind::Event ? &listing_.entries[static_cast<size_t>(node.entry)] : nullptr;
}

EventListModel::Kind EventListModel::kindAt(const QModelIndex &index) const {
    return nodes_[static_cast<size_t>(nodeOf(index))].kind;
}

QModelIndex EventListModel::index(int row, int column, const QModelIndex &parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    const Node &node = nodes_[static_cast<size_t>(nodeOf(parent))];
    if (parent.isValid() && parent.column() != 0) return {};
    if (static_cast<size_t>(row) >= node.children.size()) return {};
    return createIndex(row, column, quintptr(node.children[static_cast<size_t>(row)]));
}

QModelIndex EventListModel::parent(const QModelIndex &child) const {
    if (!child.isValid()) return {};
    const int parent = nodes_[static_cast<size_t>(nodeOf(child))].parent;
    if (parent <= 0) return {};
    return createIndex(nodes_[static_cast<size_t>(parent)].row, 0, quintptr(parent));
}

int EventListModel::rowCount(const QModelIndex &parent) const {
    if (parent.isValid() && parent.column() != 0) return 0;
    return static_cast<int>(nodes_[static_cast<size_t>(nodeOf(parent))].children.size());
}

int EventListModel::columnCount(const QModelIndex &) const {
    return ColumnCount;
}

QVariant EventListModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid()) return {};
    const Node &node = nodes_[static_cast<size_t>(nodeOf(index))];
    const bool event = node.kind == Kind::Event;
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == NameColumn)
            return event ? qs(listing_.entries[static_cast<size_t>(node.entry)].name) : node.label;
        if (index.column() == StatusColumn) return event ? statusText(node.entry) : summaryText(node);
        return descriptionText(node);
    case Qt::ToolTipRole:
        return toolTip(node);
    case Qt::ForegroundRole:
        if ((event && !isAvailable(node.entry)) || node.kind == Kind::Note)
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::FontRole:
        if (node.kind == Kind::Group && index.column() == NameColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        if (node.kind == Kind::Note) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return {};
    case Qt::CheckStateRole:
        if (index.column() != NameColumn || !isCheckable(node.entry)) return {};
        return std::find(checked_.begin(), checked_.end(), node.entry) != checked_.end() ? Qt::Checked
                                                                                         : Qt::Unchecked;
    case FilterRole:
        return filterText(node);
    case EventNameRole:
        return event ? qs(listing_.entries[static_cast<size_t>(node.entry)].name) : QString();
    case KindRole:
        return static_cast<int>(node.kind);
    case AvailableRole:
        if (event) return isAvailable(node.entry);
        return node.kind == Kind::Note || node.available > 0;
    case DetailsRole:
        return details(node);
    default:
        return {};
    }
}

bool EventListModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (!index.isValid() || role != Qt::CheckStateRole || index.column() != NameColumn) return false;
    const Node &node = nodes_[static_cast<size_t>(nodeOf(index))];
    if (!isCheckable(node.entry)) return false;
    const bool checked = static_cast<Qt::CheckState>(value.toInt()) == Qt::Checked;
    const auto found = std::find(checked_.begin(), checked_.end(), node.entry);
    if (checked == (found != checked_.end())) return true;
    if (checked)
        checked_.push_back(node.entry);
    else
        checked_.erase(found);
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit selectionChanged(selectedEvents());
    return true;
}

Qt::ItemFlags EventListModel::flags(const QModelIndex &index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    const Node &node = nodes_[static_cast<size_t>(nodeOf(index))];
    Qt::ItemFlags result = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (node.kind == Kind::Event || node.kind == Kind::Note) result |= Qt::ItemNeverHasChildren;
    if (index.column() == NameColumn && isCheckable(node.entry)) result |= Qt::ItemIsUserCheckable;
    return result;
}

QVariant EventListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn:
        return tr("Event");
    case StatusColumn:
        return tr("Opens now");
    case DescriptionColumn:
        return tr("Description");
    default:
        return {};
    }
}

} // namespace perfglass
