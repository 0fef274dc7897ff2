// Keeps the function column of a tree view as wide as the other columns leave room for, but never narrower
// than a minimum: in a narrow dock the view scrolls sideways instead of eliding every name to "...".
#pragma once

#include <QObject>

class QTreeView;
class QWidget;

namespace perfglass {

class FunctionColumnSizer : public QObject {
    Q_OBJECT
public:
    // Sizes column of view from now on (the view owns the sizer).
    FunctionColumnSizer(QTreeView *view, int column, int minimumWidth = 320);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fit();

    QTreeView *view_;
    QWidget *viewport_;
    int column_;
    int minimumWidth_;
};

} // namespace perfglass
