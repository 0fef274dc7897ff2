#include "SessionToolBar.h"

#include "ProcessGroupingActions.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QStyle>
#include <QUndoGroup>

namespace perfglass {

SessionToolBar::SessionToolBar(QAction *record, QAction *searchEverywhere, QUndoGroup *undoGroup,
                               ProcessGroupingActions *grouping, QWidget *parent)
    : QToolBar(tr("Session"), parent) {
    setObjectName(QStringLiteral("sessionToolBar"));
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    addAction(record);
    addSeparator();
    addAction(searchEverywhere);
    addSeparator();
    addUndoRedo(undoGroup); // Clear Filter is on the filter bar, next to what it clears
    addSeparator();
    addEventPicker();
    addOffCpuAction();
    addSeparator();
    addAction(grouping->groupByProcessAction());
    addAction(grouping->hideIdleAction());
}

void SessionToolBar::addUndoRedo(QUndoGroup *undoGroup) {
    QAction *undo = undoGroup->createUndoAction(this, tr("Undo"));
    undo->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = undoGroup->createRedoAction(this, tr("Redo"));
    redo->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    addAction(undo);
    addAction(redo);
}

// The event every view counts; shown only for sessions with several events.
void SessionToolBar::addEventPicker() {
    eventPicker_ = new QComboBox(this);
    eventPicker_->setObjectName(QStringLiteral("eventPicker"));
    eventPicker_->setAccessibleName(tr("Event"));
    eventPicker_->setToolTip(
        tr("The event every view counts. Only events with samples are offered; events "
           "that were only counted (record --counters) are charted in the Counters dock."));
    eventPicker_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto *label = new QLabel(tr(" Event: "), this);
    label->setBuddy(eventPicker_);
    eventLabelAction_ = addWidget(label);
    eventPickerAction_ = addWidget(eventPicker_);
    connect(eventPicker_, &QComboBox::activated, this,
            [this](int index) { emit eventChosen(eventPicker_->itemData(index).toInt()); });
    showPickerWhenUseful();
}

void SessionToolBar::addOffCpuAction() {
    offCpuAction_ = addAction(tr("Off-CPU Time"));
    offCpuAction_->setObjectName(QStringLiteral("offCpuTime"));
    offCpuAction_->setCheckable(true);
    offCpuAction_->setToolTip(
        tr("Count the time threads were blocked (off the CPU), at the stacks where they "
           "blocked, instead of the event's samples"));
    offCpuAction_->setVisible(false); // for sessions recorded with --off-cpu
    connect(offCpuAction_, &QAction::triggered, this,
            [this](bool on) { emit costChosen(on ? CostKind::OffCpu : CostKind::Period); });
    latencyAction_ = addAction(tr("Latency"));
    latencyAction_->setObjectName(QStringLiteral("latency"));
    latencyAction_->setCheckable(true);
    latencyAction_->setToolTip(
        tr("Count wall-clock time: each sample's cost divided by the number of threads of its process "
           "running at that moment, so code that runs alone weighs more than code running in parallel "
           "(perf report --latency)"));
    latencyAction_->setVisible(false); // for sessions with context switches (record --latency, --off-cpu)
    connect(latencyAction_, &QAction::triggered, this,
            [this](bool on) { emit costChosen(on ? CostKind::Latency : CostKind::Period); });
}

void SessionToolBar::showPickerWhenUseful() {
    const bool several = eventPicker_->count() > 1;
    eventLabelAction_->setVisible(several);
    eventPickerAction_->setVisible(several);
}

void SessionToolBar::showSession(const SessionAnalysis *analysis, const SampleFilter &filter) {
    const QSignalBlocker blocker(eventPicker_);
    eventPicker_->clear();
    offCpuAction_->setVisible(analysis && analysis->file->offCpuEvent >= 0);
    latencyAction_->setVisible(analysis && analysis->file->latency);
    if (analysis) {
        // Events without samples (counted only) would empty every view; the current one stays so the picker
        // never names another event than the views count.
        const auto &events = analysis->profile()->events;
        for (size_t i = 0; i < events.size(); ++i) {
            if (events[i].samples == 0 && static_cast<int>(i) != filter.event) continue;
            eventPicker_->addItem(QString::fromStdString(events[i].name), static_cast<int>(i));
            eventPicker_->setItemData(eventPicker_->count() - 1,
                                      tr("%n sample(s)", nullptr, static_cast<int>(events[i].samples)),
                                      Qt::ToolTipRole);
        }
    }
    showFilter(filter);
    showPickerWhenUseful();
}

void SessionToolBar::showFilter(const SampleFilter &filter) {
    offCpuAction_->setChecked(filter.cost == CostKind::OffCpu);
    latencyAction_->setChecked(filter.cost == CostKind::Latency);
    const QSignalBlocker blocker(eventPicker_);
    if (const int index = eventPicker_->findData(filter.event); index >= 0)
        eventPicker_->setCurrentIndex(index);
}

} // namespace perfglass
