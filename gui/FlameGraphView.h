// The Flame Graph dock's content: a navigation bar (back, reset, breadcrumb of the zoomed call path), a
// search field that highlights matching frames and shows their share, the painted flame graph in a scroll
// area, and a status line describing the frame under the mouse, with a colour legend.
#pragma once

#include "FlameGraphModel.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QScrollArea;
class QToolButton;

namespace perfglass {

class FlameGraphWidget;

class FlameGraphView : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphView(FlameGraphModel *model, QWidget *parent = nullptr);

    FlameGraphWidget *graph() const { return graph_; }
    QLineEdit *searchField() const { return search_; }
    QToolButton *backButton() const { return back_; }
    QLabel *breadcrumb() const { return breadcrumb_; }
    QLabel *matchLabel() const { return matches_; }
    QLabel *legend() const { return legend_; }
    // The height that shows the whole graph with the bars above and below it.
    int preferredHeight() const;

public slots:
    void focusSearch();

private:
    void updateNavigation();
    void updateMatches();
    void showHovered(bool hovered, uint32_t node);
    void scrollToRoot();
    QString legendHtml() const;

    FlameGraphModel *model_;
    FlameGraphWidget *graph_;
    QScrollArea *scroll_;
    QToolButton *back_;
    QToolButton *reset_;
    QLabel *breadcrumb_;
    QLineEdit *search_;
    QLabel *matches_;
    QLabel *status_;
    QLabel *legend_;
};

} // namespace perfglass
