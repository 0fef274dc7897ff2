#include "CallerCalleeView.h"

#include "BackgroundJob.h"
#include "CallerCalleeModel.h"
#include "CostBarDelegate.h"
#include "FrameDetails.h"
#include "FunctionColumnSizer.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

namespace perfglass {

CallerCalleeView::CallerCalleeView(QWidget *parent)
    : QWidget(parent)
    , heading_(new QLabel(this))
    , callers_(new CallerCalleeModel(CallerCalleeModel::Side::Callers, this))
    , callees_(new CallerCalleeModel(CallerCalleeModel::Side::Callees, this))
    , callersView_(makeTable(callers_, tr("Callers of the selected function")))
    , calleesView_(makeTable(callees_, tr("Callees of the selected function")))
    , job_(new BackgroundJob(this)) {
    // A function the filter no longer knows shows empty tables.
    connect(job_, &BackgroundJob::failed, this, [this] { showResult({}); });
    heading_->setTextFormat(Qt::RichText);
    heading_->setWordWrap(true);
    heading_->setContentsMargins(6, 4, 6, 4);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(callersView_);
    splitter->addWidget(calleesView_);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(heading_);
    layout->addWidget(splitter, 1);
    heading_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(heading_, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        if (function_ && result_) emit contextMenuRequested(*function_, heading_->mapToGlobal(pos));
    });
    updateHeading();
}

QTreeView *CallerCalleeView::makeTable(CallerCalleeModel *model, const QString &accessibleName) {
    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model);
    proxy->setSortRole(CallerCalleeModel::SortRole);
    auto *view = new QTreeView(this);
    view->setModel(proxy);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setAllColumnsShowFocus(true);
    view->setSortingEnabled(true);
    view->sortByColumn(CallerCalleeModel::ShareColumn, Qt::DescendingOrder);
    view->setAccessibleName(accessibleName);
    view->setItemDelegateForColumn(CallerCalleeModel::ShareColumn,
                                   new CostBarDelegate(CallerCalleeModel::ShareRole, view));
    QHeaderView *header = view->header();
    header->setStretchLastSection(false);
    header->resizeSection(CallerCalleeModel::ModuleColumn, 140);
    header->resizeSection(CallerCalleeModel::ShareColumn, 100);
    header->resizeSection(CallerCalleeModel::CostColumn, 100);
    header->resizeSection(CallerCalleeModel::LocationColumn, 170);
    view->setColumnHidden(CallerCalleeModel::LocationColumn, true); // until a profile has source locations
    new FunctionColumnSizer(view, CallerCalleeModel::FunctionColumn);
    connect(model, &QAbstractItemModel::modelReset, view, [model, view] {
        view->setColumnHidden(CallerCalleeModel::LocationColumn, !model->hasLocations());
    });
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(view, &QWidget::customContextMenuRequested, this, [this, view](const QPoint &pos) {
        const QModelIndex index = view->indexAt(pos);
        if (index.isValid())
            emit contextMenuRequested(index.data(CallerCalleeModel::FunctionRole).toUInt(),
                                      view->viewport()->mapToGlobal(pos));
    });
    connect(view, &QTreeView::activated, this, [this](const QModelIndex &index) {
        const uint32_t function = index.data(CallerCalleeModel::FunctionRole).toUInt();
        showFunction(function);
        emit functionActivated(function);
    });
    return view;
}

void CallerCalleeView::setSession(std::shared_ptr<const LoadedSession> session) {
    const bool sameProfile = session_ && session && session_->profile == session->profile;
    session_ = std::move(session);
    if (!sameProfile) function_.reset();
    recompute();
}

void CallerCalleeView::showFunction(uint32_t function) {
    if (function_ == function && (result_ || job_->isRunning())) return;
    function_ = function;
    recompute();
}

bool CallerCalleeView::isBusy() const {
    return job_->isRunning();
}

void CallerCalleeView::recompute() {
    job_->abandon();
    result_.reset();
    if (!session_ || !function_) {
        callers_->setResult({}, {}, CostUnit::Count);
        callees_->setResult({}, {}, CostUnit::Count);
        updateHeading();
        return;
    }
    job_->start(
        [session = session_, function = *function_](const std::stop_token &stop,
                                                    const BackgroundJob::ReportProgress &) {
            AggregationControl control;
            control.stop = stop;
            return std::make_shared<const CallerCallee>(
                CallerCallee::compute(*session->profile, session->filter, function, control));
        },
        [this](std::shared_ptr<const CallerCallee> result) { showResult(std::move(result)); });
    updateHeading();
}

void CallerCalleeView::showResult(std::shared_ptr<const CallerCallee> result) {
    result_ = std::move(result);
    callers_->setResult(result_, session_->profile, session_->costUnit);
    callees_->setResult(result_, session_->profile, session_->costUnit);
    updateHeading();
    emit updated();
}

void CallerCalleeView::updateHeading() {
    if (!session_ || !function_) {
        heading_->setText(tr("Select a function in the flame graph or a call tree to see its callers "
                             "and callees."));
        return;
    }
    if (!result_) {
        heading_->setText(job_->isRunning() ? tr("Computing…") : tr("This function has no samples here."));
        return;
    }
    const Profile &profile = *session_->profile;
    const QString name =
        QString::fromStdString(result_->stacks ? result_->stacks->functionName(profile, *function_)
                                               : profile.functionName(*function_));
    QString text =
        tr("<b>%1</b> — inclusive %2 (%3), self %4 (%5)")
            .arg(name.toHtmlEscaped(), formatPercent(result_->inclusive, result_->total),
                 formatCost(result_->inclusive, session_->costUnit),
                 formatPercent(result_->self, result_->total), formatCost(result_->self, session_->costUnit));
    if (result_->inlinedSelf > 0)
        text +=
            tr(", own code inlined into callers %1").arg(formatPercent(result_->inlinedSelf, result_->total));
    const QString location = locationText(profile, *sourceLocationsOf(session_->profile), *function_, false);
    if (!location.isEmpty()) text += QStringLiteral(" — ") + location.toHtmlEscaped();
    heading_->setText(text);
}

} // namespace perfglass
