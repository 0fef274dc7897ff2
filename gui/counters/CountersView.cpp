#include "CountersView.h"

#include "CounterChartWidget.h"

#include <QLabel>
#include <QScrollArea>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace perfglass {

CountersView::CountersView(QWidget *parent)
    : QWidget(parent)
    , stack_(new QStackedWidget(this))
    , note_(new QLabel(this))
    , chart_(new CounterChartWidget(this)) {
    note_->setTextFormat(Qt::RichText);
    note_->setWordWrap(true);
    note_->setAlignment(Qt::AlignCenter);
    note_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    note_->setContentsMargins(24, 24, 24, 24);
    note_->setText(
        tr("<p>This session has no counter series.</p>"
           "<p>Counter series are counts read every interval, per CPU or per thread. Record a session with "
           "them using<br><tt>perfglass-cli stat -o FILE -a -I 100 -e task-clock,context-switches -- "
           "COMMAND</tt><br>and open FILE here.</p>"));
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(chart_);
    scroll->setWidgetResizable(true);
    scroll->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    stack_->addWidget(note_);
    stack_->addWidget(scroll);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);
}

bool CountersView::showsCharts() const {
    return stack_->currentIndex() == 1;
}

void CountersView::setSession(const std::shared_ptr<const SessionAnalysis> &session) {
    setProfile(session ? session->profile().get() : nullptr);
}

void CountersView::setProfile(const Profile *profile) {
    std::vector<CounterChart> charts;
    if (profile) charts = CounterChart::build(*profile);
    const bool any = !charts.empty();
    chart_->setCharts(std::move(charts));
    stack_->setCurrentIndex(any ? 1 : 0);
}

} // namespace perfglass
