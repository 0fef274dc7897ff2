#include "EventsView.h"

#include "EventBuilderView.h"

#include "EventFilterModel.h"
#include "EventListModel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

namespace perfglass {

EventsView::EventsView(QWidget *parent)
    : QWidget(parent)
    , model_(new EventListModel(this))
    , filter_(new EventFilterModel(this))
    , search_(new QLineEdit(this))
    , availableOnly_(new QCheckBox(tr("Only events that open now"), this))
    , status_(new QLabel(this))
    , tree_(new QTreeView(this))
    , details_(new QTextBrowser(this))
    , selection_(new QLineEdit(this))
    , builder_(new EventBuilderView(this)) {
    filter_->setSourceModel(model_);

    search_->setPlaceholderText(tr("Search events (name, PMU, description)"));
    search_->setClearButtonEnabled(true);
    search_->setAccessibleName(tr("Search events"));
    availableOnly_->setToolTip(tr("Hide the events this machine or this user cannot open now"));
    auto *reloadButton = new QToolButton(this);
    reloadButton->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    reloadButton->setToolTip(tr("List and probe the events again"));
    auto *top = new QHBoxLayout;
    top->addWidget(search_, 1);
    top->addWidget(availableOnly_);
    top->addWidget(reloadButton);

    tree_->setModel(filter_);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setAccessibleName(tr("Events"));
    tree_->header()->setStretchLastSection(true);
    details_->setOpenLinks(false);
    details_->setAccessibleName(tr("Event details"));
    details_->setPlaceholderText(tr("Select an event to see its attribute, description and terms."));
    // Side by side: the dock usually sits in the wide, low bottom area.
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(tree_);
    splitter->addWidget(details_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    selection_->setReadOnly(true);
    selection_->setPlaceholderText(tr("Check events above, or build them, to record them"));
    selection_->setAccessibleName(tr("Chosen events"));
    selection_->setToolTip(
        tr("The checked events in perf's syntax, in the order they were checked, then the built ones"));
    auto *chosen = new QLabel(tr("Chosen:"), this);
    chosen->setBuddy(selection_);
    auto *clear = new QPushButton(tr("Clear"), this);
    clear->setToolTip(tr("Uncheck every event"));
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(chosen);
    bottom->addWidget(selection_, 1);
    bottom->addWidget(clear);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(status_);
    auto *tabs = new QTabWidget(this);
    tabs->setObjectName(QStringLiteral("eventsTabs"));
    tabs->addTab(splitter, tr("&List"));
    // Scrolled: the builder's many rows must not make the dock (and the dock area it shares) taller.
    auto *builderScroll = new QScrollArea(tabs);
    builderScroll->setWidget(builder_);
    builderScroll->setWidgetResizable(true);
    builderScroll->setFrameShape(QFrame::NoFrame);
    // Small minimums: a dock area is as tall as the tallest minimum of its tabbed docks.
    for (QWidget *part : std::initializer_list<QWidget *>{tree_, details_, builderScroll})
        part->setMinimumHeight(fontMetrics().height() * 2);
    tabs->addTab(builderScroll, tr("&Builder"));
    tabs->setTabToolTip(1, tr("Build a PMU event from its format fields, and groups of events"));
    layout->addWidget(tabs, 1);
    layout->addLayout(bottom);

    connect(search_, &QLineEdit::textChanged, this, &EventsView::onSearchChanged);
    connect(availableOnly_, &QCheckBox::toggled, this, [this](bool only) {
        filter_->setAvailableOnly(only);
        if (only || !search_->text().isEmpty())
            tree_->expandAll();
        else
            expandDefaults();
    });
    connect(reloadButton, &QToolButton::clicked, this, &EventsView::reload);
    connect(clear, &QPushButton::clicked, this, &EventsView::clearSelection);
    connect(model_, &EventListModel::loadingChanged, this, [this](bool loading) {
        if (loading) status_->setText(tr("Listing and probing events…"));
    });
    connect(model_, &EventListModel::loaded, this, &EventsView::onLoaded);
    connect(model_, &EventListModel::selectionChanged, this, &EventsView::updateSelection);
    connect(builder_, &EventBuilderView::eventsChanged, this, &EventsView::updateSelection);
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, &EventsView::showDetails);
    // Enter or a double click toggles an event's checkbox.
    connect(tree_, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const QModelIndex name = filter_->mapToSource(index.siblingAtColumn(EventListModel::NameColumn));
        if (!(model_->flags(name) & Qt::ItemIsUserCheckable)) return;
        const bool checked = name.data(Qt::CheckStateRole).toInt() == Qt::Checked;
        model_->setData(name, checked ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole);
    });
}

QString EventsView::selectedEvents() const {
    QStringList events;
    for (const QString &part : {model_->selectedEvents(), builder_->events()})
        if (!part.isEmpty()) events << part;
    return events.join(QLatin1Char(','));
}

void EventsView::updateSelection() {
    const QString events = selectedEvents();
    selection_->setText(events);
    emit selectionChanged(events);
}

void EventsView::reload() {
    listed_ = true;
    model_->reload();
}

void EventsView::clearSelection() {
    model_->clearChecked();
}

void EventsView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (!listed_) reload();
}

void EventsView::onLoaded() {
    status_->setText(tr("%1 of %2 events open now for this user (kernel.perf_event_paranoid = %3)")
                         .arg(model_->availableCount())
                         .arg(model_->eventCount())
                         .arg(model_->listing().paranoid));
    if (search_->text().isEmpty() && !availableOnly_->isChecked())
        expandDefaults();
    else
        tree_->expandAll();
    tree_->resizeColumnToContents(EventListModel::NameColumn);
    tree_->resizeColumnToContents(EventListModel::StatusColumn);
}

void EventsView::onSearchChanged(const QString &text) {
    filter_->setSearchText(text.trimmed());
    if (text.trimmed().isEmpty() && !availableOnly_->isChecked()) {
        tree_->collapseAll();
        expandDefaults();
    } else {
        tree_->expandAll();
    }
}

// Short groups with events that open (software events, PMUs) start expanded; long ones do not.
void EventsView::expandDefaults() {
    for (int row = 0; row < filter_->rowCount(); ++row) {
        const QModelIndex group = filter_->index(row, 0);
        const QModelIndex source = filter_->mapToSource(group);
        const bool expand =
            model_->rowCount(source) <= 16 && source.data(EventListModel::AvailableRole).toBool();
        tree_->setExpanded(group, expand);
    }
}

void EventsView::showDetails(const QModelIndex &proxyIndex) {
    details_->setHtml(filter_->mapToSource(proxyIndex).data(EventListModel::DetailsRole).toString());
}

} // namespace perfglass
