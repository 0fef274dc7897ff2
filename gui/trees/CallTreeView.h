// The content of the Top-Down and Bottom-Up docks and of the comparison's trees: a call tree (from the entry
// points down, or from the functions samples end in up through their callers; CallTreeModel or DiffTreeModel)
// with a filter box that keeps the rows whose function or module matches (and their callers), sortable by
// every column, shares drawn as bars (the model's ColumnKind::Share columns), the heavy paths expanded. A
// right click on a row asks for that node's context menu (contextMenuRequested).
#pragma once

#include <QStringList>
#include <QWidget>

#include <cstdint>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace perfglass {

class CallTreeModel;
class TreeModelBase;

class CallTreeView : public QWidget {
    Q_OBJECT
public:
    // ACCESSIBLENAME names the tree for screen readers ("Top-down call tree").
    CallTreeView(TreeModelBase *model, const QString &accessibleName, QWidget *parent = nullptr);

    QTreeView *treeView() const { return view_; }
    TreeModelBase *model() const { return model_; }
    // The model as a CallTreeModel, or null for a comparison's tree.
    CallTreeModel *callTreeModel() const;
    QLineEdit *filterField() const { return filter_; }
    QSortFilterProxyModel *proxy() const { return proxy_; }

public slots:
    // Selects and shows the row of a CallTree node.
    void selectNode(uint32_t node);
    void focusFilter();

signals:
    // The user activated a row (double click, Enter).
    void nodeActivated(uint32_t node);
    // The current row changed to one of FUNCTION (a FunctionId of the tree; not for a comparison's tree).
    void functionSelected(uint32_t function);
    // The user asked for the context menu of a row (right click, the menu key): NODE of the model's tree.
    void contextMenuRequested(uint32_t node, const QPoint &globalPos);

private:
    void setUpColumns();
    void rememberCurrentRow();
    void onModelReset();
    void restoreCurrentRow();
    void applyFilter(const QString &text);
    void expandHotPath(const QModelIndex &parent, int depth);

    TreeModelBase *model_;
    QSortFilterProxyModel *proxy_;
    QTreeView *view_;
    QLineEdit *filter_;
    QStringList currentPath_; // the selected row's path while the model resets
};

} // namespace perfglass
