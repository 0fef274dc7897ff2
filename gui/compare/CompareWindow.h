// A window comparing two sessions (File ▸ Compare With…, `perfglass BASELINE --compare COMPARISON`) or two
// selections of one session (two time ranges or two sets of threads picked in the timeline): a differential
// flame graph (DiffFlameGraphModel: the comparison's shape, red where a frame grew and blue where it shrank,
// or the baseline's shape with the frames that vanished), the top-down and bottom-up diff trees with the
// baseline's, the comparison's and the change's columns (sortable; by Delta, what grew most comes first), and
// both sessions' Summaries side by side. The trees first put the largest change first, whichever its sign (as
// `perfglass-cli diff --sort delta`); a click on a column's header sorts by its signed value. Seconds (for
// time events on both sides) shows the costs and changes in seconds instead of shares, as `--normalize time`.
// The flame graph zooms like the main one (click, Enter, Escape, Home, arrows) and its frames' context menu
// zooms, shows the frame in the diff tree, copies the name or resets the zoom; a double click on a tree row
// shows it in the flame graph. Comparing sessions, the main window's filter applies to both: the comparison
// is re-aggregated off the UI thread with the filter carried over (FilterTransfer: event and transforms by
// name, threads and processes by name, CPUs; not the time range), which a line above the views spells out;
// the trees are merged off the UI thread too.
#pragma once

#include "SessionAnalysis.h"
#include "analysis/FilterTransfer.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QTabWidget;

namespace perfglass {

class AnalysisJob;
class BackgroundJob;
class CallTreeDiff;
class CallTreeView;
class DiffFlameGraphModel;
class DiffTreeModel;
class FlameGraphView;
class SummaryView;

class CompareWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit CompareWindow(QWidget *parent = nullptr);

    // Compares BASELINE (as the main window aggregated it) with the session COMPARISONBASE, aggregated for
    // the baseline's filter carried over by name.
    void compareSessions(std::shared_ptr<const SessionAnalysis> baseline,
                         std::shared_ptr<const SessionAnalysis> comparisonBase);
    // The baseline's filter changed: compare again (sessions only; selections keep theirs).
    void setBaseline(std::shared_ptr<const SessionAnalysis> baseline);
    // Compares two aggregations of one session, as they are (e.g. two time ranges), named by the labels.
    void compareSelections(std::shared_ptr<const SessionAnalysis> baseline,
                           std::shared_ptr<const SessionAnalysis> comparison, const QString &baselineLabel,
                           const QString &comparisonLabel);

    bool comparesSessions() const { return comparisonBase_ != nullptr; }
    const std::shared_ptr<const SessionAnalysis> &baseline() const { return baseline_; }
    const std::shared_ptr<const SessionAnalysis> &comparison() const { return comparison_; }
    DiffFlameGraphModel *flameGraphModel() const { return flameModel_; }
    FlameGraphView *flameGraphView() const { return flameView_; }
    DiffTreeModel *topDownModel() const { return topDownModel_; }
    DiffTreeModel *bottomUpModel() const { return bottomUpModel_; }
    // The diff trees, as the main window's trees are shown (search, cost bars, readable names).
    CallTreeView *topDownView() const { return topDownView_; }
    CallTreeView *bottomUpView() const { return bottomUpView_; }
    QAction *baselineShapeAction() const { return baselineShape_; }
    // Checkable: costs and changes in seconds (enabled when both sides count a time event by its period).
    QAction *secondsAction() const { return seconds_; }
    // What of the main window's filter the comparison carries, and what not.
    QLabel *carriedLabel() const { return carried_; }
    QTabWidget *tabs() const { return tabs_; }

signals:
    // The views show a new comparison.
    void compared();
    void failed(const QString &message);

private:
    void createToolBar();
    void createFlameGraph();
    CallTreeView *createTree(DiffTreeModel *model, const QString &name, const QString &accessibleName);
    QWidget *createSummaries();
    void showComparison(std::shared_ptr<const SessionAnalysis> baseline,
                        std::shared_ptr<const SessionAnalysis> comparison);
    void showDiffs(std::shared_ptr<const CallTreeDiff> topDown, std::shared_ptr<const CallTreeDiff> bottomUp);
    QString legendHtml() const;
    void setSeconds(bool seconds);
    void showCarried(const FilterTransfer::Carried &carried);
    void showFrameMenu(uint32_t node, const QPoint &globalPos);
    void showInTree(uint32_t node);
    void showInFlameGraph(bool bottomUp, uint32_t diffNode);

    AnalysisJob *analyzer_;
    BackgroundJob *differ_;
    DiffFlameGraphModel *flameModel_;
    DiffTreeModel *topDownModel_;
    DiffTreeModel *bottomUpModel_;
    FlameGraphView *flameView_ = nullptr;
    CallTreeView *topDownView_ = nullptr;
    CallTreeView *bottomUpView_ = nullptr;
    SummaryView *baselineSummary_ = nullptr;
    SummaryView *comparisonSummary_ = nullptr;
    QLabel *sides_ = nullptr;
    QLabel *carried_ = nullptr;
    QAction *baselineShape_ = nullptr;
    QAction *seconds_ = nullptr;
    QTabWidget *tabs_ = nullptr;
    QString baselineLabel_;
    QString comparisonLabel_;
    std::shared_ptr<const SessionAnalysis> baseline_;
    std::shared_ptr<const SessionAnalysis> comparison_;
    std::shared_ptr<const SessionAnalysis> comparisonBase_;
    std::shared_ptr<const SessionAnalysis> pendingBaseline_; // the baseline the running analysis is for
};

} // namespace perfglass
