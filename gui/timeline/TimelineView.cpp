#include "TimelineView.h"

#include "CostFormat.h"
#include "TimelineAxis.h"
#include "TimelineWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace perfglass {

TimelineView::TimelineView(QWidget *parent)
    : QWidget(parent)
    , timeline_(new TimelineWidget(this))
    , range_(new QLabel(this))
    , clear_(new QToolButton(this))
    , axis_(new TimelineAxis(timeline_, this))
    , scroll_(new QScrollArea(this)) {
    scroll_->setObjectName(QStringLiteral("timelineScroll"));
    scroll_->setWidget(timeline_);
    scroll_->setWidgetResizable(true);
    scroll_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll_->setFrameShape(QFrame::NoFrame);
    axis_->setObjectName(QStringLiteral("timelineAxis"));
    clear_->setAutoRaise(true);
    clear_->setVisible(false);
    range_->setTextFormat(Qt::PlainText);
    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(6, 2, 6, 2);
    bar->addWidget(range_, 1);
    bar->addWidget(clear_);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(bar);
    layout->addWidget(axis_);
    layout->addWidget(scroll_, 1);
    connect(timeline_, &TimelineWidget::rangeSelected, this, &TimelineView::rangeSelected);
    setSession({});
}

void TimelineView::setClearAction(QAction *action) {
    clear_->setDefaultAction(action);
    clear_->setVisible(true);
}

int TimelineView::preferredHeight() const {
    const int rows = std::clamp(timeline_->rowCount(), 1, kMaxRowsShown);
    const int bar = std::max(range_->sizeHint().height(), clear_->sizeHint().height()) + 4;
    return bar + TimelineAxis::kHeight + rows * TimelineWidget::kRowHeight + 4;
}

QSize TimelineView::sizeHint() const {
    return {800, preferredHeight()};
}

void TimelineView::setSession(const std::shared_ptr<const SessionAnalysis> &session) {
    if (!session) {
        timeline_->setData({}, {}, CostUnit::Count);
        timeline_->setOffCpu({});
        timeline_->setParallelism({});
        shownPath_.clear();
        range_->setText(tr("Drag across the timeline to show only that time range in every view."));
        return;
    }
    // A session's timeline may come after its trees: until then the widget says it is being made.
    if (timeline_->buckets() != session->timeline || timeline_->profile() != session->profile())
        timeline_->setData(session->timeline, session->profile(), session->costUnit);
    timeline_->setOffCpu(session->file->offCpuIntervals);
    timeline_->setParallelism(session->file->parallelism);
    // Once a session's timeline is there (it may follow its trees), not at each reload of a live recording:
    // the user may resize.
    if (session->timeline && session->file->path != shownPath_) {
        shownPath_ = session->file->path;
        updateGeometry();
        emit preferredHeightChanged(preferredHeight());
    }
    const SampleFilter &filter = session->filter;
    timeline_->setSelection(filter.startTime, filter.endTime);
    timeline_->setThreadFilter(filter.pids, filter.tids, filter.cpus);
    if (!filter.hasTimeSelection()) {
        range_->setText(
            tr("Whole session. Drag across the timeline to show only that time range in every view."));
        return;
    }
    const uint64_t origin = session->timeline ? session->timeline->start : session->profile()->startTime;
    auto seconds = [origin](uint64_t time) {
        return QLocale().toString(static_cast<double>(time - std::min(time, origin)) / 1e9, 'f', 3);
    };
    const uint64_t start = filter.startTime.value_or(origin);
    const uint64_t end = filter.endTime.value_or(session->profile()->endTime);
    const QString duration = QLocale().toString(static_cast<double>(end - start) / 1e9, 'f', 3);
    if (filter.slice)
        range_->setText(tr("Showing %1 of %2 s to %3 s of the session (heat map cells).")
                            .arg(formatTimeSlice(*filter.slice), seconds(start), seconds(end)));
    else
        range_->setText(
            tr("Showing %1 s to %2 s (%3 s) of the session.").arg(seconds(start), seconds(end), duration));
}

} // namespace perfglass
