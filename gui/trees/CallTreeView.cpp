#include "CallTreeView.h"

#include "CallTreeModel.h"
#include "CostBarDelegate.h"
#include "FunctionColumnSizer.h"

#include <QAction>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <vector>

namespace perfglass {

namespace {
constexpr double kExpandShare = 0.05; // rows at least this heavy start expanded
constexpr int kExpandDepth = 24;
constexpr int kMaxFilterExpansions = 2000;
} // namespace

CallTreeView::CallTreeView(TreeModelBase *model, const QString &accessibleName, QWidget *parent)
    : QWidget(parent)
    , model_(model)
    , proxy_(new QSortFilterProxyModel(this))
    , view_(new QTreeView(this))
    , filter_(new QLineEdit(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(model_->defaultSortRole());
    proxy_->setFilterRole(TreeModelBase::FilterRole);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setRecursiveFilteringEnabled(true);
    proxy_->setAutoAcceptChildRows(true);

    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(model_->defaultSortColumn(), Qt::DescendingOrder);
    // A model may first sort by a role of its own (the size of a change); a column the user picks sorts by
    // its values.
    connect(view_->header(), &QHeaderView::sectionClicked, proxy_,
            [this] { proxy_->setSortRole(TreeModelBase::SortRole); });
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setAllColumnsShowFocus(true);
    view_->setAccessibleName(accessibleName);
    setUpColumns();

    filter_->setPlaceholderText(tr("Filter by function or module (Ctrl+F)"));
    filter_->setClearButtonEnabled(true);
    filter_->setAccessibleName(tr("Filter the call tree"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(filter_);
    layout->addWidget(view_, 1);
    setFocusProxy(view_);

    auto *find = new QAction(this);
    find->setShortcut(QKeySequence::Find);
    find->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(find, &QAction::triggered, this, &CallTreeView::focusFilter);
    addAction(find);

    connect(filter_, &QLineEdit::textChanged, this, &CallTreeView::applyFilter);
    connect(model_, &QAbstractItemModel::modelAboutToBeReset, this, &CallTreeView::rememberCurrentRow);
    connect(model_, &QAbstractItemModel::modelReset, this, &CallTreeView::onModelReset);
    // A double click shows the row's function elsewhere (nodeActivated); it leaves the row expanded or not.
    view_->setExpandsOnDoubleClick(false);
    connect(view_, &QTreeView::activated, this, [this](const QModelIndex &index) {
        emit nodeActivated(model_->nodeOf(proxy_->mapToSource(index)));
    });
    view_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view_, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        const QModelIndex index = view_->indexAt(pos);
        if (!index.isValid()) return;
        view_->setCurrentIndex(index);
        emit contextMenuRequested(model_->nodeOf(proxy_->mapToSource(index)),
                                  view_->viewport()->mapToGlobal(pos));
    });
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                const QVariant function = current.data(TreeModelBase::FunctionRole);
                if (function.isValid()) emit functionSelected(function.toUInt());
            });
}

// Bars behind the shares, widths by kind, the location column hidden until a tree has locations.
void CallTreeView::setUpColumns() {
    QHeaderView *header = view_->header();
    header->setStretchLastSection(false);
    for (int column = 0; column < model_->columnCount(); ++column) {
        switch (model_->columnKind(column)) {
        case TreeModelBase::ColumnKind::Name:
            new FunctionColumnSizer(view_, column);
            break;
        case TreeModelBase::ColumnKind::Text:
            header->resizeSection(column, 140);
            break;
        case TreeModelBase::ColumnKind::Share:
            view_->setItemDelegateForColumn(column, new CostBarDelegate(TreeModelBase::ShareRole, view_));
            header->resizeSection(column, 100);
            break;
        case TreeModelBase::ColumnKind::Number:
            header->resizeSection(column, 100);
            break;
        case TreeModelBase::ColumnKind::Location:
            header->resizeSection(column, 170);
            view_->setColumnHidden(column, true); // until a profile has source locations
            break;
        }
    }
}

CallTreeModel *CallTreeView::callTreeModel() const {
    return qobject_cast<CallTreeModel *>(model_);
}

void CallTreeView::focusFilter() {
    filter_->setFocus(Qt::ShortcutFocusReason);
    filter_->selectAll();
}

// A new tree (another filter, the file read again) keeps the search typed and the row selected, found
// again by the functions on its path (FilterRole: shown name, full name and module). A tree still being made
// (the bottom-up tree of a hidden dock: the model is empty meanwhile) keeps the row for the tree that
// follows.
void CallTreeView::rememberCurrentRow() {
    if (model_->rowCount() == 0) return;
    currentPath_.clear();
    for (QModelIndex index = view_->currentIndex(); index.isValid(); index = index.parent())
        currentPath_.prepend(index.data(TreeModelBase::FilterRole).toString());
}

void CallTreeView::onModelReset() {
    for (int column = 0; column < model_->columnCount(); ++column)
        if (model_->columnKind(column) == TreeModelBase::ColumnKind::Location)
            view_->setColumnHidden(column, !model_->hasLocations());
    applyFilter(filter_->text());
    restoreCurrentRow();
}

void CallTreeView::restoreCurrentRow() {
    if (model_->rowCount() == 0) return;
    QModelIndex found;
    for (const QString &step : std::as_const(currentPath_)) {
        const QModelIndexList matches =
            proxy_->match(proxy_->index(0, 0, found), TreeModelBase::FilterRole, step, 1, Qt::MatchExactly);
        if (matches.isEmpty()) break;
        found = matches.first();
    }
    currentPath_.clear();
    if (!found.isValid()) return;
    view_->setCurrentIndex(found);
    view_->scrollTo(found);
}

void CallTreeView::expandHotPath(const QModelIndex &parent, int depth) {
    if (depth >= kExpandDepth) return;
    for (int row = 0; row < proxy_->rowCount(parent); ++row) {
        const QModelIndex index = proxy_->index(row, 0, parent);
        if (index.data(TreeModelBase::ShareRole).toDouble() < kExpandShare) continue;
        view_->expand(index);
        expandHotPath(index, depth + 1);
    }
}

void CallTreeView::applyFilter(const QString &text) {
    proxy_->setFilterFixedString(text.trimmed());
    if (text.trimmed().isEmpty()) {
        expandHotPath({}, 0);
        return;
    }
    // Show the matches: expand the rows that remain, up to a bound, so huge trees stay responsive.
    int budget = kMaxFilterExpansions;
    std::vector<QModelIndex> pending{QModelIndex()};
    while (!pending.empty() && budget > 0) {
        const QModelIndex parent = pending.back();
        pending.pop_back();
        for (int row = 0; row < proxy_->rowCount(parent) && budget > 0; ++row) {
            const QModelIndex index = proxy_->index(row, 0, parent);
            if (proxy_->rowCount(index) == 0) continue;
            view_->expand(index);
            --budget;
            pending.push_back(index);
        }
    }
}

void CallTreeView::selectNode(uint32_t node) {
    const QModelIndex index = proxy_->mapFromSource(model_->indexForNode(node));
    if (!index.isValid()) return;
    view_->setCurrentIndex(index);
    view_->scrollTo(index);
}

} // namespace perfglass
