#include "HeatmapView.h"

#include "BackgroundJob.h"
#include "HeatmapWidget.h"
#include "analysis/FunctionNodes.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLinearGradient>
#include <QPainter>
#include <QVBoxLayout>

namespace perfglass {

namespace {

constexpr int kBucketsMs[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000};
constexpr int kDefaultBucketIndex = 4; // 20 ms

} // namespace

HeatmapView::HeatmapView(QWidget *parent)
    : QWidget(parent)
    , widget_(new HeatmapWidget(this))
    , bucket_(new QComboBox(this))
    , colour_(new QComboBox(this))
    , legend_(new QLabel(this))
    , legendMax_(new QLabel(this))
    , job_(new BackgroundJob(this)) {
    widget_->setObjectName(QStringLiteral("heatmapWidget"));
    bucket_->setObjectName(QStringLiteral("heatmapBucket"));
    colour_->setObjectName(QStringLiteral("heatmapColour"));
    legend_->setObjectName(QStringLiteral("heatmapLegend"));
    for (const int ms : kBucketsMs)
        bucket_->addItem(tr("%1 ms").arg(ms), ms);
    bucket_->setCurrentIndex(kDefaultBucketIndex);
    bucket_->setToolTip(
        tr("The time each cell covers: one column is one second (or a fraction of a second in "
           "short sessions, several seconds in sessions longer than an hour)"));
    colour_->addItem(tr("Samples"));
    colour_->addItem(tr("Cost"));
    colour_->setToolTip(tr("Colour the cells by their samples, or by the cost every view counts (CPU time, "
                           "events or off-CPU time)"));
    auto *bucketLabel = new QLabel(tr("&Bucket:"), this);
    bucketLabel->setBuddy(bucket_);
    auto *colourLabel = new QLabel(tr("C&olour by:"), this);
    colourLabel->setBuddy(colour_);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 2);
    bar->addWidget(bucketLabel);
    bar->addWidget(bucket_);
    bar->addSpacing(12);
    bar->addWidget(colourLabel);
    bar->addWidget(colour_);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(QStringLiteral("0"), this));
    bar->addWidget(legend_);
    bar->addWidget(legendMax_);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(widget_, 1);
    legend_->setPixmap(legendPixmap());
    connect(widget_, &HeatmapWidget::timesSelected, this, &HeatmapView::timesSelected);
    connect(widget_, &HeatmapWidget::compareTimesSelected, this, &HeatmapView::compareTimesSelected);
    connect(bucket_, &QComboBox::currentIndexChanged, this, &HeatmapView::recompute);
    connect(colour_, &QComboBox::currentIndexChanged, this, [this](int index) {
        widget_->setColourByCost(index == 1);
        updateLegend();
    });
    updateLegend();
}

bool HeatmapView::isComputing() const {
    return job_->isRunning();
}

uint64_t HeatmapView::bucketNs() const {
    return static_cast<uint64_t>(bucket_->currentData().toInt()) * 1'000'000;
}

void HeatmapView::setSession(const std::shared_ptr<const SessionAnalysis> &session) {
    // Another file: the function marked was one of the old profile's (a later snapshot of the same growing
    // profile keeps its functions).
    const bool sameProfile =
        session && session_ &&
        (session->profile() == session_->profile() || session->file->sharesLineageWith(*session_->file));
    if (!sameProfile) {
        function_.reset();
        shown_.functionNodes.reset(); // another profile's stacks: never extended, not kept while hidden
    }
    session_ = session;
    if (!session) {
        job_->abandon();
        shown_ = {};
        showResult({}, {});
        return;
    }
    const SampleFilter &filter = session->filter;
    widget_->setFilteredTimes(filter.startTime, filter.endTime, filter.slice);
    recompute();
}

void HeatmapView::setFunction(std::optional<FunctionId> function) {
    if (function_ == function) return;
    function_ = function;
    recompute();
}

void HeatmapView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (stale_) recompute();
}

void HeatmapView::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    if (stale_ && isSeen()) recompute();
}

bool HeatmapView::isSeen() const {
    return isVisible() && !visibleRegion().isEmpty();
}

// Off the UI thread: the matrix of the analysis' filter without its time range, and the cells of the
// function marked. Not while hidden (a dock behind another, or closed): every live refresh and every filter
// would compute a matrix nobody sees, on the cores the views shown need.
void HeatmapView::recompute() {
    if (!session_) return;
    stale_ = !isSeen();
    if (stale_) return;
    SampleFilter filter = session_->filter;
    filter.clearTimeSelection();
    const auto &profile = session_->profile();
    Basis wanted{profile->samples.size(),
                 session_->file->lineage,
                 filter,
                 bucketNs(),
                 function_,
                 nullptr,
                 {},
                 nullptr};
    std::optional<Basis> earlier;
    if (const Basis *basis = extensibleBasis(*session_, filter)) earlier = *basis;
    // The call tree's stacks carry the same transforms; grouped by process they are the groups' own.
    std::shared_ptr<const TransformedStacks> stacks;
    if (session_->topDown && filter.grouping == ProcessGrouping::None)
        stacks = session_->topDown->sharedStacks();
    job_->start(
        [profile, stacks = std::move(stacks), wanted = std::move(wanted),
         earlier = std::move(earlier)](const std::stop_token &stop, const BackgroundJob::ReportProgress &) {
            return computeOrExtend(*profile, stacks, wanted, earlier ? &*earlier : nullptr, stop);
        },
        [this](Basis computed) {
            shown_ = std::move(computed);
            showResult(shown_.map, shown_.highlight);
        });
}

const HeatmapView::Basis *HeatmapView::extensibleBasis(const SessionAnalysis &session,
                                                       const SampleFilter &filter) const {
    const bool grown = shown_.map && shown_.lineage != 0 && shown_.lineage == session.file->lineage &&
                       shown_.samples <= session.profile()->samples.size();
    const bool alike =
        shown_.bucketNs == bucketNs() && shown_.function == function_ && shown_.filter == filter;
    return grown && alike && Heatmap::canExtend(filter) ? &shown_ : nullptr;
}

HeatmapView::Basis HeatmapView::computeOrExtend(const Profile &profile,
                                                std::shared_ptr<const TransformedStacks> stacks, Basis wanted,
                                                const Basis *earlier, const std::stop_token &stop) {
    AggregationControl control;
    control.stop = stop;
    HeatmapOptions options;
    options.bucketNs = wanted.bucketNs;
    const size_t earlierSamples = earlier ? earlier->samples : 0;
    // Grouped by process, the call tree's stacks are the groups': the plain ones of the earlier snapshot
    // extend, where no transform is set.
    if (!stacks && wanted.filter.transforms.empty() && earlier && earlier->functionNodes)
        stacks = TransformedStacks::extend(earlier->functionNodes->stacks(), profile);
    if (!stacks && (wanted.function || !wanted.filter.transforms.empty()))
        stacks = TransformedStacks::build(profile, wanted.filter.transforms);
    auto map = std::make_shared<const Heatmap>(
        earlier ? Heatmap::extend(*earlier->map, earlierSamples, profile, wanted.filter, options, control,
                                  stacks.get())
                : Heatmap::compute(profile, wanted.filter, options, control, stacks.get()));
    if (wanted.function) {
        wanted.functionNodes = FunctionNodes::of(std::move(stacks), *wanted.function,
                                                 earlier ? earlier->functionNodes.get() : nullptr);
        const FunctionNodes &nodes = *wanted.functionNodes;
        wanted.highlight = earlier
                               ? map->extendFunctionSamples(*earlier->map, earlier->highlight, earlierSamples,
                                                            profile, wanted.filter, nodes, control)
                               : map->functionSamples(profile, wanted.filter, nodes, control);
    }
    wanted.map = std::move(map);
    return wanted;
}

void HeatmapView::showResult(std::shared_ptr<const Heatmap> map, std::vector<uint32_t> highlight) {
    widget_->setHeatmap(std::move(map), session_ ? session_->costUnit : CostUnit::Count);
    widget_->setHighlight(std::move(highlight));
    updateLegend();
    emit heatmapShown();
}

void HeatmapView::updateLegend() {
    const uint64_t most = widget_->colourScaleMax();
    const bool byCost = widget_->colourByCost();
    legendMax_->setText(byCost ? formatCost(most, session_ ? session_->costUnit : CostUnit::Count)
                               : tr("%n sample(s) in a cell", nullptr, static_cast<int>(most)));
}

QPixmap HeatmapView::legendPixmap() const {
    QPixmap pixmap(120, 12);
    QPainter painter(&pixmap);
    for (int x = 0; x < pixmap.width(); ++x) {
        painter.setPen(HeatmapWidget::colourFor(static_cast<double>(x + 1) / pixmap.width()));
        painter.drawLine(x, 0, x, pixmap.height());
    }
    return pixmap;
}

} // namespace perfglass
