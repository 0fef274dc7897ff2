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

CallTreeView::CallTreeView(CallTreeModel *model, const QString &accessibleName, QWidget *parent)
    : QWidget(parent)
    , model_(model)
    , proxy_(new QSortFilterProxyModel(this))
    , view_(new QTreeView(this))
    , filter_(new QLineEdit(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(CallTreeModel::SortRole);
    proxy_->setFilterRole(CallTreeModel::FilterRole);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setRecursiveFilteringEnabled(true);
    proxy_->setAutoAcceptChildRows(true);

    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(CallTreeModel::InclusiveColumn, Qt::DescendingOrder);
    view_->setUniformRowHeights(true);
    view_->setAlternatingRowColors(true);
    view_->setAllColumnsShowFocus(true);
    view_->setItemDelegateForColumn(CallTreeModel::InclusiveColumn,
                                    new CostBarDelegate(CallTreeModel::ShareRole, view_));
    view_->setItemDelegateForColumn(CallTreeModel::SelfColumn,
                                    new CostBarDelegate(CallTreeModel::ShareRole, view_));
    view_->setAccessibleName(accessibleName);
    QHeaderView *header = view_->header();
    header->setStretchLastSection(false);
    header->resizeSection(CallTreeModel::ModuleColumn, 140);
    for (int column = CallTreeModel::InclusiveColumn; column < CallTreeModel::ColumnCount; ++column)
        header->resizeSection(column, 100);
    header->resizeSection(CallTreeModel::LocationColumn, 170);
    view_->setColumnHidden(CallTreeModel::LocationColumn, true); // until a profile has source locations
    new FunctionColumnSizer(view_, CallTreeModel::FunctionColumn);

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
                if (current.isValid())
                    emit functionSelected(current.data(CallTreeModel::FunctionRole).toUInt());
            });
}

void CallTreeView::focusFilter() {
    filter_->setFocus(Qt::ShortcutFocusReason);
    filter_->selectAll();
}

void CallTreeView::onModelReset() {
    view_->setColumnHidden(CallTreeModel::LocationColumn, !model_->hasLocations());
    filter_->clear();
    expandHotPath({}, 0);
}

void CallTreeView::expandHotPath(const QModelIndex &parent, int depth) {
    if (depth >= kExpandDepth) return;
    for (int row = 0; row < proxy_->rowCount(parent); ++row) {
        const QModelIndex index = proxy_->index(row, 0, parent);
        if (index.data(CallTreeModel::ShareRole).toDouble() < kExpandShare) continue;
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
