#include "CompareWindow.h"

#include "AnalysisJob.h"
#include "DiffFlameGraphModel.h"
#include "DiffTreeModel.h"
#include "FlameGraphView.h"
#include "SummaryView.h"
#include "analysis/FilterTransfer.h"

#include <QAction>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QToolBar>
#include <QTreeView>
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
    , tabs_(new QTabWidget(this)) {
    setObjectName(QStringLiteral("compareWindow"));
    setAttribute(Qt::WA_DeleteOnClose, false);
    resize(1300, 850);
    QToolBar *bar = addToolBar(tr("Comparison"));
    bar->setObjectName(QStringLiteral("compareToolBar"));
    baselineShape_ = bar->addAction(tr("Baseline Shape"));
    baselineShape_->setObjectName(QStringLiteral("baselineShape"));
    baselineShape_->setCheckable(true);
    baselineShape_->setToolTip(tr("Draw the baseline's call stacks, with the frames that vanished in the "
                                  "comparison, instead of the comparison's"));
    connect(baselineShape_, &QAction::toggled, flameModel_, &DiffFlameGraphModel::setBaselineShape);
    bar->addSeparator();
    sides_->setObjectName(QStringLiteral("compareSides"));
    sides_->setTextFormat(Qt::RichText);
    bar->addWidget(sides_);

    flameView_ = new FlameGraphView(flameModel_, this);
    flameView_->setObjectName(QStringLiteral("diffFlameGraph"));
    flameView_->legend()->setText(legendHtml());
    flameView_->legend()->setToolTip(
        tr("The colour of a frame is the change of its share of all samples, "
           "relative to the largest change of any frame: red where it grew, blue "
           "where it shrank. Frames new in the comparison are full red, frames "
           "that vanished (Baseline Shape) full blue."));
    tabs_->addTab(flameView_, tr("Differential Flame Graph"));
    topDownView_ = createTree(topDownModel_, QStringLiteral("diffTopDown"));
    tabs_->addTab(topDownView_, tr("Top-Down"));
    bottomUpView_ = createTree(bottomUpModel_, QStringLiteral("diffBottomUp"));
    tabs_->addTab(bottomUpView_, tr("Bottom-Up"));
    tabs_->addTab(createSummaries(), tr("Summaries"));
    setCentralWidget(tabs_);

    connect(analyzer_, &AnalysisJob::analyzed, this, [this](std::shared_ptr<const LoadedSession> comparison) {
        showComparison(pendingBaseline_, std::move(comparison));
    });
    connect(analyzer_, &AnalysisJob::failed, this, &CompareWindow::failed);
    connect(differ_, &BackgroundJob::failed, this, &CompareWindow::failed);
}

QTreeView *CompareWindow::createTree(DiffTreeModel *model, const QString &name) {
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(DiffTreeModel::SortRole);
    auto *view = new QTreeView(this);
    view->setObjectName(name);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(DiffTreeModel::Delta, Qt::DescendingOrder);
    view->setUniformRowHeights(true);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(DiffTreeModel::Function, QHeaderView::Stretch);
    for (int column = DiffTreeModel::Baseline; column < DiffTreeModel::ColumnCount; ++column)
        view->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
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

void CompareWindow::compareSessions(std::shared_ptr<const LoadedSession> baseline,
                                    std::shared_ptr<const LoadedSession> comparisonBase) {
    comparisonBase_ = std::move(comparisonBase);
    baselineLabel_ = QFileInfo(baseline->path).fileName();
    comparisonLabel_ = QFileInfo(comparisonBase_->path).fileName();
    setBaseline(std::move(baseline));
}

void CompareWindow::setBaseline(std::shared_ptr<const LoadedSession> baseline) {
    if (!comparisonBase_ || !baseline) return;
    pendingBaseline_ = std::move(baseline);
    analyzer_->analyze(comparisonBase_,
                       FilterTransfer::apply(*pendingBaseline_->profile, pendingBaseline_->filter,
                                             *comparisonBase_->profile));
}

void CompareWindow::compareSelections(std::shared_ptr<const LoadedSession> baseline,
                                      std::shared_ptr<const LoadedSession> comparison,
                                      const QString &baselineLabel, const QString &comparisonLabel) {
    comparisonBase_.reset();
    analyzer_->cancel();
    baselineLabel_ = baselineLabel;
    comparisonLabel_ = comparisonLabel;
    showComparison(std::move(baseline), std::move(comparison));
}

// Merges the trees off the UI thread; the views change when both merges are done.
void CompareWindow::showComparison(std::shared_ptr<const LoadedSession> baseline,
                                   std::shared_ptr<const LoadedSession> comparison) {
    struct Diffs {
        std::shared_ptr<const CallTreeDiff> topDown;
        std::shared_ptr<const CallTreeDiff> bottomUp;
    };
    auto work = [baseline, comparison](const std::stop_token &, const BackgroundJob::ReportProgress &) {
        return Diffs{CallTreeDiff::compute(baseline->topDown, comparison->topDown),
                     CallTreeDiff::compute(baseline->bottomUp, comparison->bottomUp)};
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
    flameModel_->setDiffs(topDown, bottomUp, comparison_->costUnit);
    topDownModel_->setDiff(std::move(topDown));
    bottomUpModel_->setDiff(std::move(bottomUp));
    topDownView_->expandToDepth(2);
    baselineSummary_->setSession(baseline_);
    comparisonSummary_->setSession(comparison_);
    emit compared();
}

QString CompareWindow::legendHtml() const {
    auto swatch = [](const QColor &color, const QString &label) {
        return QStringLiteral("<span style=\"color:%1; font-size:large\">■</span>&nbsp;%2")
            .arg(color.name(), label.toHtmlEscaped());
    };
    return QStringList{swatch(DiffFlameGraphModel::changeColor(1.0), tr("Grew")),
                       swatch(DiffFlameGraphModel::changeColor(0.4), tr("A little")),
                       swatch(DiffFlameGraphModel::changeColor(0.0), tr("Unchanged")),
                       swatch(DiffFlameGraphModel::changeColor(-0.4), tr("A little")),
                       swatch(DiffFlameGraphModel::changeColor(-1.0), tr("Shrank"))}
        .join(QStringLiteral("&nbsp;&nbsp; "));
}

} // namespace perfglass
