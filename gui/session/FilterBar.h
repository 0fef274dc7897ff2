// The filter bar under the main toolbar: what the views count, as one removable chip per part of the
// filter (time range, processes, threads, CPUs, each transform such as "Merged: memcpy" or
// "Focus: main > run"), each with an × that removes just that part (an undoable step); the CPU chooser (a
// menu with one checkable entry per CPU the session has samples on); Clear Filter and Hide Kernel Frames.
// The bar shows the filter asked for last (setFilter) and asks for changes through filterRequested().
#pragma once

#include "SessionAnalysis.h"
#include "analysis/SampleFilter.h"

#include <QToolBar>

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QHBoxLayout;
class QLabel;
class QMenu;
class QToolButton;

namespace perfglass {

class FrameActions;

class FilterBar : public QToolBar {
    Q_OBJECT
public:
    FilterBar(FrameActions *frameActions, QAction *clearAction, QWidget *parent = nullptr);

    // The session whose profile the filter applies to (thread names, CPUs, names of collapsed libraries).
    void setSession(std::shared_ptr<const SessionAnalysis> session);
    // The filter to show as chips.
    void setFilter(const SampleFilter &filter);

    // The chips' texts, in order, and their × buttons.
    QStringList chipTexts() const;
    QList<QToolButton *> removeButtons() const;
    QToolButton *cpuButton() const { return cpuButton_; }
    QMenu *cpuMenu() const { return cpuMenu_; }

    // "Merged: memcpy", "Focus: main > run"... FUNCTIONNAME names a function id (also synthetic ones).
    static QString transformLabel(const Transform &transform, const Profile &profile,
                                  const std::function<QString(FunctionId)> &functionName);

signals:
    // Show FILTER instead; TEXT names the step for Edit ▸ Undo.
    void filterRequested(const QString &text, const perfglass::SampleFilter &filter);

private:
    struct Part {
        QString text;
        QString toolTip;
        std::function<SampleFilter(SampleFilter)> remove;
    };
    std::vector<Part> parts() const;
    QString functionName(FunctionId function) const;
    QString threadName(uint32_t tid) const;
    QString processName(uint32_t pid) const;
    QString timeText(uint64_t time) const;
    QString threadsText() const;
    QString cpusText(const std::vector<uint32_t> &cpus) const;
    void rebuildChips();
    void fitChips();
    QWidget *makeChip(const Part &part);
    void rebuildCpuMenu();
    void onCpuToggled();

    std::shared_ptr<const SessionAnalysis> session_;
    std::shared_ptr<const Profile> cpuMenuProfile_;
    std::vector<uint32_t> sessionThreads_;
    SampleFilter filter_;
    QWidget *chips_;
    std::vector<QWidget *> chipWidgets_; // owned by chips_
    QHBoxLayout *chipLayout_;
    QLabel *none_;
    QString noneText_;
    QToolButton *cpuButton_;
    QMenu *cpuMenu_;
};

} // namespace perfglass
