#include "TimelineView.h"

#include "TimelineWidget.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QToolButton>
#include <QVBoxLayout>

namespace perfglass {

TimelineView::TimelineView(QWidget *parent)
    : QWidget(parent)
    , timeline_(new TimelineWidget(this))
    , range_(new QLabel(this))
    , clear_(new QToolButton(this)) {
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(timeline_);
    scroll->setWidgetResizable(true);
    scroll->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
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
    layout->addWidget(scroll, 1);
    connect(timeline_, &TimelineWidget::rangeSelected, this, &TimelineView::rangeSelected);
    setSession({});
}

void TimelineView::setClearAction(QAction *action) {
    clear_->setDefaultAction(action);
    clear_->setVisible(true);
}

void TimelineView::setSession(const std::shared_ptr<const LoadedSession> &session) {
    if (!session) {
        timeline_->setData({}, {}, CostUnit::Count);
        range_->setText(tr("Drag across the timeline to show only that time range in every view."));
        return;
    }
    if (timeline_->buckets() != session->timeline)
        timeline_->setData(session->timeline, session->profile, session->costUnit);
    const SampleFilter &filter = session->filter;
    timeline_->setSelection(filter.startTime, filter.endTime);
    timeline_->setThreadFilter(filter.pids, filter.tids);
    if (!filter.startTime && !filter.endTime) {
        range_->setText(
            tr("Whole session. Drag across the timeline to show only that time range in every view."));
        return;
    }
    const uint64_t origin = session->timeline ? session->timeline->start : session->profile->startTime;
    auto seconds = [origin](uint64_t time) {
        return QLocale().toString(static_cast<double>(time - std::min(time, origin)) / 1e9, 'f', 3);
    };
    const uint64_t start = filter.startTime.value_or(origin);
    const uint64_t end = filter.endTime.value_or(session->profile->endTime);
    range_->setText(tr("Showing %1 s to %2 s (%3 s) of the session.")
                        .arg(seconds(start), seconds(end),
                             QLocale().toString(static_cast<double>(end - start) / 1e9, 'f', 3)));
}

} // namespace perfglass
