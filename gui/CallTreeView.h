// The content of the Top-Down and Bottom-Up docks: a call tree (from the entry points down, or from the
// functions samples end in up through their callers), with a filter box that keeps the rows whose function
// or module matches (and their callers), sortable by every column, the heavy paths expanded. A right click
// on a row asks for that node's context menu (contextMenuRequested).
#pragma once

#include <QWidget>

#include <cstdint>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace perfglass {

class CallTreeModel;

class CallTreeView : public QWidget {
    Q_OBJECT
public:
    // ACCESSIBLENAME names the tree for screen readers ("Top-down call tree").
    CallTreeView(CallTreeModel *model, const QString &accessibleName, QWidget *parent = nullptr);

    QTreeView *treeView() const { return view_; }
    CallTreeModel *model() const { return model_; }
    QLineEdit *filterField() const { return filter_; }
    QSortFilterProxyModel *proxy() const { return proxy_; }

public slots:
    // Selects and shows the row of a CallTree node.
    void selectNode(uint32_t node);
    void focusFilter();

signals:
    // The user activated a row (double click, Enter).
    void nodeActivated(uint32_t node);
    // The current row changed to one of FUNCTION (a FunctionId of the tree).
    void functionSelected(uint32_t function);
    // The user asked for the context menu of a row (right click, the menu key): NODE of the model's tree.
    void contextMenuRequested(uint32_t node, const QPoint &globalPos);

private:
    void onModelReset();
    void applyFilter(const QString &text);
    void expandHotPath(const QModelIndex &parent, int depth);

    CallTreeModel *model_;
    QSortFilterProxyModel *proxy_;
    QTreeView *view_;
    QLineEdit *filter_;
};

} // namespace perfglass
