// The per-process level of every view (SampleFilter::grouping) and hiding the idle task (hideIdle): View ▸
// Group Stacks (none, by process, by process and thread) and Hide Idle, also on the session toolbar. These
// are view settings, not filters: they stay as chosen across undo and redo, and are remembered per session
// kind (QSettings "grouping/systemWide/..." and "grouping/program/..."), so system-wide sessions open grouped
// by process and one-program sessions ungrouped until the user decides otherwise.
#pragma once

#include "analysis/SampleFilter.h"

#include <QObject>

class QAction;
class QActionGroup;
class QMenu;

namespace perfglass {

class ProcessGroupingActions : public QObject {
    Q_OBJECT

public:
    explicit ProcessGroupingActions(QObject *parent = nullptr);

    // The kind of the session now shown: loads the choices remembered for it.
    void setSystemWide(bool systemWide);
    bool systemWide() const { return systemWide_; }
    // FILTER with the chosen grouping and idle setting.
    SampleFilter applied(SampleFilter filter) const;

    QMenu *createMenu(QWidget *parent) const;
    QAction *groupByProcessAction() const { return byProcess_; }
    QAction *hideIdleAction() const { return hideIdle_; }
    ProcessGrouping grouping() const;

    static QString settingsKey(bool systemWide, const char *name);

signals:
    // The user changed the grouping or the idle setting.
    void changed();

private:
    void setGrouping(ProcessGrouping grouping);
    void save() const;

    bool systemWide_ = false;
    QActionGroup *group_ = nullptr;
    QAction *none_ = nullptr;
    QAction *byProcess_ = nullptr;
    QAction *byThread_ = nullptr;
    QAction *hideIdle_ = nullptr;
};

} // namespace perfglass
