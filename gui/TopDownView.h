// The Top-Down dock's content: the call tree from the entry points down, with a filter box that keeps the
// rows whose function or module matches (and their callers), sortable by every column.
#pragma once

#include <QWidget>

#include <cstdint>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace perfglass {

class CallTreeModel;

class TopDownView : public QWidget {
    Q_OBJECT
public:
    explicit TopDownView(CallTreeModel *model, QWidget *parent = nullptr);

    QTreeView *treeView() const { return view_; }
    QLineEdit *filterField() const { return filter_; }
    QSortFilterProxyModel *proxy() const { return proxy_; }

public slots:
    // Selects and shows the row of a CallTree node.
    void selectNode(uint32_t node);
    void focusFilter();

signals:
    // The user activated a row (double click, Enter).
    void nodeActivated(uint32_t node);

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
