// The Flame Graph dock's content: a navigation bar (back, reset, breadcrumb of the zoomed call path), the
// view's options (Icicle: root on top; Bottom-Up: the functions samples end in at the root; the merge
// threshold below which frames become one "small frames" block; remembered between runs), a search field
// that highlights matching frames and shows their share (Escape and Home act on the graph from there too),
// the painted flame graph in a scroll area that keeps the root row in view whatever its height (tall graphs
// scroll away from the root), and a status line describing the frame under the mouse, with a colour legend.
#pragma once

#include "FlameGraphModel.h"
#include "GrowthMark.h"

#include <QWidget>

class QDoubleSpinBox;
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
    QToolButton *icicleButton() const { return icicle_; }
    QToolButton *bottomUpButton() const { return bottomUp_; }
    QDoubleSpinBox *thresholdBox() const { return threshold_; }
    QScrollArea *scrollArea() const { return scroll_; }
    QLabel *statusLabel() const { return status_; }
    // The status line's text while no frame is under the mouse (top-down); by default it names the main
    // window's frame actions.
    void setHint(const QString &hint);
    // A session that is not whole (GrowthMark: a large file still being read, a stream followed or stopped):
    // the bar says so in a badge; an empty MARK hides it. PARTIALFILE: the first paint of a large file's
    // first snapshot is timed as partial (StartupTiming).
    void setGrowthMark(const GrowthMark &mark, bool partialFile);
    // One entry of a colour legend: a square of COLOR, then LABELHTML (rich text, escaped by the caller).
    static QString legendSwatch(const QColor &color, const QString &labelHtml);

public slots:
    void focusSearch();
    void setIcicle(bool icicle);
    void setBottomUp(bool bottomUp);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createOptions();
    void createLayout();
    void connectScrolling();
    void restoreOptions();
    bool searchKey(int key);
    void keepRootInView();
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
    QLabel *growth_;
    QLabel *status_;
    QLabel *legend_;
    QToolButton *icicle_;
    QToolButton *bottomUp_;
    QDoubleSpinBox *threshold_;
    QString hint_;
    int distanceFromRoot_ = 0; // how far the user scrolled away from the root row, in pixels
};

} // namespace perfglass
