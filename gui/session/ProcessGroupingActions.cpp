#include "ProcessGroupingActions.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QSettings>

namespace perfglass {

namespace {

QString groupingName(ProcessGrouping grouping) {
    switch (grouping) {
    case ProcessGrouping::Process:
        return QStringLiteral("process");
    case ProcessGrouping::ProcessThread:
        return QStringLiteral("thread");
    case ProcessGrouping::None:
        break;
    }
    return QStringLiteral("none");
}

} // namespace

ProcessGroupingActions::ProcessGroupingActions(QObject *parent)
    : QObject(parent)
    , group_(new QActionGroup(this))
    , none_(new QAction(tr("&Not by Process"), this))
    , byProcess_(new QAction(tr("By &Process"), this))
    , byThread_(new QAction(tr("By Process and &Thread"), this))
    , hideIdle_(new QAction(tr("Hide &Idle"), this)) {
    none_->setObjectName(QStringLiteral("groupNone"));
    byProcess_->setObjectName(QStringLiteral("groupByProcess"));
    byThread_->setObjectName(QStringLiteral("groupByThread"));
    hideIdle_->setObjectName(QStringLiteral("hideIdle"));
    byProcess_->setToolTip(tr("One root box per process in the flame graph and the trees"));
    byThread_->setToolTip(tr("One root box per process, and one per thread below it"));
    hideIdle_->setToolTip(
        tr("Leave out the idle task (PID 0, swapper): the time the CPUs had nothing to run"));
    // Optional, so that the toolbar's By Process button also turns grouping off.
    group_->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
    for (QAction *action : {none_, byProcess_, byThread_}) {
        action->setCheckable(true);
        group_->addAction(action);
        connect(action, &QAction::triggered, this, [this] {
            if (!group_->checkedAction()) none_->setChecked(true);
            save();
            emit changed();
        });
    }
    none_->setChecked(true);
    hideIdle_->setCheckable(true);
    connect(hideIdle_, &QAction::triggered, this, [this] {
        save();
        emit changed();
    });
}

QString ProcessGroupingActions::settingsKey(bool systemWide, const char *name) {
    return QStringLiteral("grouping/%1/%2")
        .arg(systemWide ? QStringLiteral("systemWide") : QStringLiteral("program"), QLatin1String(name));
}

void ProcessGroupingActions::setSystemWide(bool systemWide) {
    systemWide_ = systemWide;
    const QSettings settings;
    const QString fallback = systemWide ? QStringLiteral("process") : QStringLiteral("none");
    const QString name = settings.value(settingsKey(systemWide, "stacks"), fallback).toString();
    ProcessGrouping grouping = ProcessGrouping::None;
    for (ProcessGrouping g : {ProcessGrouping::Process, ProcessGrouping::ProcessThread})
        if (name == groupingName(g)) grouping = g;
    setGrouping(grouping);
    hideIdle_->setChecked(settings.value(settingsKey(systemWide, "hideIdle"), false).toBool());
}

void ProcessGroupingActions::setGrouping(ProcessGrouping grouping) {
    none_->setChecked(grouping == ProcessGrouping::None);
    byProcess_->setChecked(grouping == ProcessGrouping::Process);
    byThread_->setChecked(grouping == ProcessGrouping::ProcessThread);
}

ProcessGrouping ProcessGroupingActions::grouping() const {
    if (byProcess_->isChecked()) return ProcessGrouping::Process;
    if (byThread_->isChecked()) return ProcessGrouping::ProcessThread;
    return ProcessGrouping::None;
}

void ProcessGroupingActions::save() const {
    QSettings settings;
    settings.setValue(settingsKey(systemWide_, "stacks"), groupingName(grouping()));
    settings.setValue(settingsKey(systemWide_, "hideIdle"), hideIdle_->isChecked());
}

SampleFilter ProcessGroupingActions::applied(SampleFilter filter) const {
    filter.grouping = grouping();
    filter.hideIdle = hideIdle_->isChecked();
    return filter;
}

QMenu *ProcessGroupingActions::createMenu(QWidget *parent) const {
    auto *menu = new QMenu(tr("&Group Stacks"), parent);
    menu->setToolTipsVisible(true);
    menu->addActions({none_, byProcess_, byThread_});
    return menu;
}

} // namespace perfglass
