// The main window's tool bar: Record, Search Everywhere, Undo and Redo, and what every view of the page shown
// counts: the event (a picker shown for sessions with several sampled events), Off-CPU Time (for sessions
// recorded with --off-cpu), Latency (for sessions with context switches) and the process grouping.
#pragma once

#include "SessionAnalysis.h"

#include <QToolBar>

class QComboBox;
class QUndoGroup;

namespace perfglass {

class ProcessGroupingActions;

class SessionToolBar : public QToolBar {
    Q_OBJECT
public:
    SessionToolBar(QAction *record, QAction *searchEverywhere, QUndoGroup *undoGroup,
                   ProcessGroupingActions *grouping, QWidget *parent = nullptr);

    // The events ANALYSIS offers (null: no session), and whether it can count off-CPU time.
    void showSession(const SessionAnalysis *analysis, const SampleFilter &filter);
    // The event and cost FILTER counts.
    void showFilter(const SampleFilter &filter);

signals:
    void eventChosen(int event);
    // Off-CPU Time or Latency checked, or unchecked (Period).
    void costChosen(perfglass::CostKind cost);

private:
    void addUndoRedo(QUndoGroup *undoGroup);
    void addEventPicker();
    void addOffCpuAction();
    void showPickerWhenUseful();

    QComboBox *eventPicker_ = nullptr;
    QAction *eventLabelAction_ = nullptr;
    QAction *eventPickerAction_ = nullptr;
    QAction *offCpuAction_ = nullptr;
    QAction *latencyAction_ = nullptr;
};

} // namespace perfglass
