#include "CompareWindow.h"

#include "AnalysisJob.h"
#include "CallTreeView.h"
#include "DiffFlameGraphModel.h"
#include "DiffTreeModel.h"
#include "FlameGraphView.h"
#include "FlameGraphWidget.h"
#include "SummaryView.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

namespace perfglass {

CompareWindow::CompareWindow(QWidget *parent)
    : QMainWindow(parent)
    , analyzer_(new AnalysisJob(this))
    , differ_(new BackgroundJob(this))
    , flameModel_(new DiffFlameGraphModel(this))
    , topDownModel_(new DiffTreeModel(this))
    , bottomUpModel_(new DiffTreeModel(this))
    , sides_(new QLabel(this))
    , carried_(new QLabel(this))
    , tabs_(new QTabWidget(this)) {
    setObjectName(QStringLiteral("compareWindow"));
    // Closed, it goes with the comparison's profile and trees, and no longer re-aggregates the comparison for
    // each filter of the main window; the next comparison opens a new one.
    setAttribute(Qt::WA_DeleteOnClose);
    resize(1300, 850);
    createToolBar();
    createFlameGraph();
    topDownView_ = createTree(topDownModel_, QStringLiteral("diffTopDown"), tr("Top-down diff tree"));
    tabs_->addTab(topDownView_, tr("Top-Down"));
    bottomUpView_ = createTree(bottomUpModel_, QStringLiteral("diffBottomUp"), tr("Bottom-up diff tree"));
    tabs_->addTab(bottomUpView_, tr("Bottom-Up"));
    tabs_->addTab(createSummaries(), tr("Summaries"));
    carried_->setObjectName(QStringLiteral("compareCarried"));
    carried_->setWordWrap(true);
    carried_->setContentsMargins(6, 2, 6, 2);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(carried_);
    layout->addWidget(tabs_, 1);
    setCentralWidget(central);

    connect(analyzer_, &AnalysisJob::analyzed, this,
            [this](std::shared_ptr<const SessionAnalysis> comparison) {
                showComparison(pendingBaseline_, std::move(comparison));
            });
    connect(analyzer_, &AnalysisJob::failed, this, &CompareWindow::failed);
    connect(differ_, &BackgroundJob::failed, this, &CompareWindow::failed);
}

void CompareWindow::createToolBar() {
    QToolBar *bar = addToolBar(tr("Comparison"));
    bar->setObjectName(QStringLiteral("compareToolBar"));
    baselineShape_ = bar->addAction(tr("Baseline Shape"));
    baselineShape_->setObjectName(QStringLiteral("baselineShape"));
    baselineShape_->setCheckable(true);
    baselineShape_->setToolTip(tr("Draw the baseline's call stacks, with the frames that vanished in the "
                                  "comparison, instead of the comparison's"));
    connect(baselineShape_, &QAction::toggled, flameModel_, &DiffFlameGraphModel::setBaselineShape);
    seconds_ = bar->addAction(tr("Seconds"));
    seconds_->setObjectName(QStringLiteral("normalizeTime"));
    seconds_->setCheckable(true);
    seconds_->setEnabled(false);
    connect(seconds_, &QAction::toggled, this, &CompareWindow::setSeconds);
    bar->addSeparator();
    sides_->setObjectName(QStringLiteral("compareSides"));
    sides_->setTextFormat(Qt::RichText);
    bar->addWidget(sides_);
}

void CompareWindow::createFlameGraph() {
    flameView_ = new FlameGraphView(flameModel_, this);
    flameView_->setObjectName(QStringLiteral("diffFlameGraph"));
    flameView_->setHint(tr("Click a frame to zoom in, right-click it to show it in the diff tree or copy its "
                           "name; Escape goes back."));
    flameView_->legend()->setText(legendHtml());
    flameView_->legend()->setToolTip(
        tr("The colour of a frame is the change of its share of all samples, "
           "relative to the largest change of any frame: red where it grew, blue "
           "where it shrank. Frames new in the comparison are full red, frames "
           "that vanished (Baseline Shape) full blue."));
    connect(flameView_->graph(), &FlameGraphWidget::contextMenuRequested, this,
            &CompareWindow::showFrameMenu);
    tabs_->addTab(flameView_, tr("Differential Flame Graph"));
}

// The largest change comes first (the CLI's --sort delta); a click on a header sorts by signed values.
CallTreeView *CompareWindow::createTree(DiffTreeModel *model, const QString &name,
                                        const QString &accessibleName) {
    auto *view = new CallTreeView(model, accessibleName, this);
    view->setObjectName(name);
    const bool bottomUp = model == bottomUpModel_;
    connect(view, &CallTreeView::nodeActivated, this,
            [this, bottomUp](uint32_t node) { showInFlameGraph(bottomUp, node); });
    return view;
}

QWidget *CompareWindow::createSummaries() {
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("compareSummaries"));
    baselineSummary_ = new SummaryView(splitter);
    baselineSummary_->setObjectName(QStringLiteral("baselineSummary"));
    comparisonSummary_ = new SummaryView(splitter);
    comparisonSummary_->setObjectName(QStringLiteral("comparisonSummary"));
    splitter->addWidget(baselineSummary_);
    splitter->addWidget(comparisonSummary_);
    return splitter;
}

void CompareWindow::compareSessions(std::shared_ptr<const SessionAnalysis> baseline,
                                    std::shared_ptr<const SessionAnalysis> comparisonBase) {
    comparisonBase_ = std::move(comparisonBase);
    baselineLabel_ = QFileInfo(baseline->file->path).fileName();
    comparisonLabel_ = QFileInfo(comparisonBase_->file->path).fileName();
    setBaseline(std::move(baseline));
}

void CompareWindow::setBaseline(std::shared_ptr<const SessionAnalysis> baseline) {
    if (!comparisonBase_ || !baseline) return;
    pendingBaseline_ = std::move(baseline);
    const FilterTransfer::Carried carried = FilterTransfer::carry(
        *pendingBaseline_->profile(), pendingBaseline_->filter, *comparisonBase_->profile());
    showCarried(carried);
    analyzer_->analyze(comparisonBase_, carried.filter);
}

void CompareWindow::compareSelections(std::shared_ptr<const SessionAnalysis> baseline,
                                      std::shared_ptr<const SessionAnalysis> comparison,
                                      const QString &baselineLabel, const QString &comparisonLabel) {
    comparisonBase_.reset();
    analyzer_->cancel();
    baselineLabel_ = baselineLabel;
    comparisonLabel_ = comparisonLabel;
    carried_->setText(tr("Two selections of one session, each with its own filter."));
    showComparison(std::move(baseline), std::move(comparison));
}

// Merges the trees off the UI thread; the views change when both merges are done.
void CompareWindow::showComparison(std::shared_ptr<const SessionAnalysis> baseline,
                                   std::shared_ptr<const SessionAnalysis> comparison) {
    struct Diffs {
        std::shared_ptr<const CallTreeDiff> topDown;
        std::shared_ptr<const CallTreeDiff> bottomUp;
    };
    auto work = [baseline, comparison](const std::stop_token &stop, const BackgroundJob::ReportProgress &) {
        // A session's analysis has no bottom-up tree while no view of its own showed one.
        const auto bottomUpOf = [&stop](const SessionAnalysis &analysis) {
            return analysis.bottomUp ? analysis.bottomUp : CallTree::bottomUpOf(*analysis.topDown, stop);
        };
        return Diffs{CallTreeDiff::compute(baseline->topDown, comparison->topDown),
                     CallTreeDiff::compute(bottomUpOf(*baseline), bottomUpOf(*comparison))};
    };
    differ_->start(std::move(work), [this, baseline, comparison](Diffs diffs) {
        baseline_ = baseline;
        comparison_ = comparison;
        showDiffs(diffs.topDown, diffs.bottomUp);
    });
}

void CompareWindow::showDiffs(std::shared_ptr<const CallTreeDiff> topDown,
                              std::shared_ptr<const CallTreeDiff> bottomUp) {
    setWindowTitle(tr("Compare: %1 → %2").arg(baselineLabel_, comparisonLabel_));
    sides_->setText(tr("Baseline: <b>%1</b> (%2 samples) → Comparison: <b>%3</b> (%4 samples)")
                        .arg(baselineLabel_.toHtmlEscaped())
                        .arg(baseline_->topDown->sampleCount())
                        .arg(comparisonLabel_.toHtmlEscaped())
                        .arg(comparison_->topDown->sampleCount()));
    const bool time = measuresTime(*baseline_->profile(), baseline_->filter) &&
                      measuresTime(*comparison_->profile(), comparison_->filter);
    if (!time) seconds_->setChecked(false);
    seconds_->setEnabled(time);
    seconds_->setToolTip(time
                             ? tr("Costs and changes in seconds of %1 instead of shares of each side's total")
                                   .arg(QString::fromStdString(comparison_->eventName))
                             : tr("Seconds need a time event (such as cpu-clock) counted by its period on "
                                  "both sides"));
    flameModel_->setDiffs(topDown, bottomUp, comparison_->costUnit);
    topDownModel_->setDiff(std::move(topDown));
    bottomUpModel_->setDiff(std::move(bottomUp));
    baselineSummary_->setSession(baseline_);
    comparisonSummary_->setSession(comparison_);
    emit compared();
}

QString CompareWindow::legendHtml() const {
    auto swatch = [](const QColor &color, const QString &label) {
        return FlameGraphView::legendSwatch(color, label.toHtmlEscaped());
    };
    return QStringList{swatch(DiffFlameGraphModel::changeColor(1.0), tr("Grew")),
                       swatch(DiffFlameGraphModel::changeColor(0.4), tr("A little")),
                       swatch(DiffFlameGraphModel::changeColor(0.0), tr("Unchanged")),
                       swatch(DiffFlameGraphModel::changeColor(-0.4), tr("A little")),
                       swatch(DiffFlameGraphModel::changeColor(-1.0), tr("Shrank"))}
        .join(QStringLiteral("&nbsp;&nbsp; "));
}

void CompareWindow::setSeconds(bool seconds) {
    const DiffNormalize normalize = seconds ? DiffNormalize::Time : DiffNormalize::Share;
    flameModel_->setNormalize(normalize);
    topDownModel_->setNormalize(normalize);
    bottomUpModel_->setNormalize(normalize);
    flameView_->graph()->update();
}

void CompareWindow::showCarried(const FilterTransfer::Carried &carried) {
    QStringList kept{tr("the event")};
    QStringList dropped;
    if (carried.processNames > 0) kept << tr("processes by name");
    if (carried.processNamesMissing > 0) dropped << tr("processes whose names it lacks");
    if (carried.threadNames > 0) kept << tr("threads by name");
    if (carried.threadNamesMissing > 0) dropped << tr("threads whose names it lacks");
    if (carried.cpus > 0) kept << tr("CPUs");
    if (carried.transforms > 0) kept << tr("transforms");
    if (carried.transformsDropped > 0) dropped << tr("transforms about code it lacks");
    if (carried.timeRangeDropped) dropped << tr("the time range (it belongs to the baseline's timeline)");
    QString text = tr("Filter carried over to the comparison: %1.").arg(kept.join(QStringLiteral(", ")));
    if (!dropped.isEmpty())
        text += QLatin1Char(' ') + tr("Not carried over: %1.").arg(dropped.join(QStringLiteral(", ")));
    carried_->setText(text);
}

void CompareWindow::showFrameMenu(uint32_t node, const QPoint &globalPos) {
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("diffFrameMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    QAction *zoom = menu->addAction(tr("Zoom In"), this, [this, node] { flameModel_->zoomTo(node); });
    zoom->setObjectName(QStringLiteral("zoomIn"));
    const QString tree = flameModel_->isBottomUp() ? tr("Show in Bottom-Up") : tr("Show in Top-Down");
    menu->addAction(tree, this, [this, node] { showInTree(node); })
        ->setObjectName(QStringLiteral("showInTree"));
    const QString name = flameModel_->name(node);
    menu->addAction(tr("Copy Name"), this, [name] { QApplication::clipboard()->setText(name); })
        ->setObjectName(QStringLiteral("copyName"));
    menu->addSeparator();
    menu->addAction(tr("Reset Zoom"), flameModel_, &FlameGraphModel::resetZoom)
        ->setObjectName(QStringLiteral("resetZoom"));
    menu->popup(globalPos);
}

// Selects the diff tree row of NODE (a frame of the flame graph), expanding its callers.
void CompareWindow::showInTree(uint32_t node) {
    CallTreeView *view = flameModel_->isBottomUp() ? bottomUpView_ : topDownView_;
    const uint32_t diffNode = flameModel_->diffNode(node);
    if (!view->proxy()->mapFromSource(view->model()->indexForNode(diffNode)).isValid())
        view->filterField()->clear(); // the search hides the row
    view->selectNode(diffNode);
    tabs_->setCurrentWidget(view);
}

// Zooms the flame graph into the frame of a diff tree's row, drawing the tree's kind; a row only the other
// side has shows in that side's shape.
void CompareWindow::showInFlameGraph(bool bottomUp, uint32_t diffNode) {
    if (flameModel_->isBottomUp() != bottomUp) flameView_->setBottomUp(bottomUp);
    if (!flameModel_->shownNode(diffNode)) baselineShape_->toggle();
    const auto node = flameModel_->shownNode(diffNode);
    if (!node) return;
    flameModel_->zoomTo(*node);
    flameView_->graph()->selectNode(*node);
    tabs_->setCurrentWidget(flameView_);
}

} // namespace perfglass
