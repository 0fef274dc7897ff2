#include "FilterBar.h"

#include "CostFormat.h"
#include "FilterEdits.h"
#include "FrameActions.h"

#include <QAction>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace perfglass {

namespace {
// The sampled threads and CPUs LoadJob found off the UI thread; a session made by other means (a test's)
// has them from its samples.
std::vector<uint32_t> threadsOf(const SessionFile &file) {
    return file.sampledThreads.empty() ? sampledThreads(*file.profile) : file.sampledThreads;
}
std::vector<uint32_t> cpusOf(const SessionFile &file) {
    return file.sampledCpus.empty() ? sampledCpus(*file.profile) : file.sampledCpus;
}
} // namespace

namespace {
constexpr int kMaxListed = 3;          // ids named in a chip before it says "N of M"
constexpr int kMaxChipTextWidth = 360; // pixels; longer texts are elided in the middle
constexpr int kMinChipTextWidth = 48;  // ... and when the chips share too little room
constexpr int kMinChipAreaWidth = 160;

QString joined(const std::vector<uint32_t> &ids, const std::function<QString(uint32_t)> &name) {
    QStringList names;
    for (uint32_t id : ids)
        names << name(id);
    return names.join(QStringLiteral(", "));
}

// The chips' row: takes the toolbar's remaining width (a small size hint, expanding), and tells the bar its
// width so the chips can share it.
class ChipArea : public QWidget {
public:
    ChipArea(std::function<void()> resized, QWidget *parent)
        : QWidget(parent)
        , resized_(std::move(resized)) {
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    }
    QSize sizeHint() const override { return {kMinChipAreaWidth, QWidget::sizeHint().height()}; }
    QSize minimumSizeHint() const override {
        return {kMinChipAreaWidth, QWidget::minimumSizeHint().height()};
    }

protected:
    void resizeEvent(QResizeEvent *event) override {
        QWidget::resizeEvent(event);
        resized_();
    }

private:
    std::function<void()> resized_;
};

std::vector<uint32_t> missing(const std::vector<uint32_t> &all, const std::vector<uint32_t> &kept) {
    std::vector<uint32_t> result;
    for (uint32_t id : all)
        if (std::find(kept.begin(), kept.end(), id) == kept.end()) result.push_back(id);
    return result;
}
} // namespace

FilterBar::FilterBar(FrameActions *frameActions, QAction *clearAction, QWidget *parent)
    : QToolBar(tr("Filter"), parent)
    , chips_(new ChipArea([this] { fitChips(); }, this))
    , chipLayout_(new QHBoxLayout(chips_))
    , none_(new QLabel(this))
    , cpuButton_(new QToolButton(this))
    , cpuMenu_(new QMenu(this)) {
    setObjectName(QStringLiteral("filterToolBar"));
    setMovable(false);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setAccessibleName(tr("Filter"));

    addAction(clearAction);
    addAction(frameActions->hideKernelAction());
    cpuButton_->setMenu(cpuMenu_);
    cpuButton_->setPopupMode(QToolButton::InstantPopup);
    cpuButton_->setToolTip(tr("Count only the samples taken on the CPUs checked here"));
    cpuButton_->setAccessibleName(tr("CPUs"));
    addWidget(cpuButton_);
    addSeparator();

    auto *title = new QLabel(tr("Filter:"), this);
    title->setContentsMargins(4, 0, 4, 0);
    addWidget(title);
    chipLayout_->setContentsMargins(0, 0, 0, 0);
    chipLayout_->setSpacing(4);
    noneText_ = tr("none: the views show the whole session. Drag in the timeline, or right-click a "
                   "function, to filter.");
    none_->setText(noneText_);
    none_->setMinimumWidth(0);
    none_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    none_->setEnabled(false);
    chipLayout_->addWidget(none_, 100); // the hint takes the row; the stretch keeps chips to the left
    chipLayout_->addStretch(1);
    addWidget(chips_);
    rebuildCpuMenu();
}

void FilterBar::setSession(std::shared_ptr<const SessionAnalysis> session) {
    session_ = std::move(session);
    if (session_ && session_->profile() != cpuMenuProfile_) {
        sessionThreads_ = threadsOf(*session_->file);
        rebuildCpuMenu();
    }
    rebuildChips();
}

void FilterBar::setFilter(const SampleFilter &filter) {
    filter_ = filter;
    rebuildChips();
    const QSignalBlocker blocker(cpuMenu_);
    for (QAction *action : cpuMenu_->actions())
        if (action->isCheckable())
            action->setChecked(filter_.cpus.empty() ||
                               std::find(filter_.cpus.begin(), filter_.cpus.end(), action->data().toUInt()) !=
                                   filter_.cpus.end());
    cpuButton_->setText(filter_.cpus.empty() ? tr("CPUs: all") : tr("CPUs: %1").arg(cpusText(filter_.cpus)));
}

QString FilterBar::transformLabel(const Transform &transform, const Profile &profile,
                                  const std::function<QString(FunctionId)> &functionName) {
    const auto name = [&](FunctionId f) { return FrameActions::shortName(functionName(f)); };
    switch (transform.kind) {
    case TransformKind::MergeFunction:
        return tr("Merged: %1").arg(name(transform.function));
    case TransformKind::DropFunction:
        return tr("Dropped: %1").arg(name(transform.function));
    case TransformKind::FocusSubtree: {
        QStringList path;
        for (FunctionId f : transform.path)
            path << name(f);
        if (path.size() > 4)
            path = QStringList{path.front(), QStringLiteral("…"), path[path.size() - 2], path.back()};
        return tr("Focus: %1").arg(path.join(QStringLiteral(" > ")));
    }
    case TransformKind::FocusFunction:
        return tr("Focus on function: %1").arg(name(transform.function));
    case TransformKind::CollapseModule:
        return tr("Collapsed: %1").arg(QString::fromStdString(profile.moduleName(transform.module)));
    case TransformKind::CollapseRecursion:
        return transform.function == kAnyFunction
                   ? tr("Collapsed recursion")
                   : tr("Collapsed recursion: %1").arg(name(transform.function));
    case TransformKind::CollapseDirectRecursion:
        return transform.function == kAnyFunction
                   ? tr("Collapsed direct recursion")
                   : tr("Collapsed direct recursion: %1").arg(name(transform.function));
    case TransformKind::HideKernel:
        return tr("Kernel frames hidden");
    }
    return {};
}

QString FilterBar::functionName(FunctionId function) const {
    if (!session_) return {};
    const Profile &profile = *session_->profile();
    if (function < profile.functions.size()) return QString::fromStdString(profile.functionName(function));
    if (session_->topDown && function < session_->topDown->stacks().functionCount())
        return QString::fromStdString(session_->topDown->functionName(function));
    return tr("[collapsed library]");
}

QString FilterBar::threadName(uint32_t tid) const {
    if (session_)
        for (const ThreadInfo &thread : session_->profile()->threads)
            if (thread.tid == tid && thread.name != 0)
                return tr("%1 (%2)")
                    .arg(QString::fromStdString(session_->profile()->strings[thread.name]))
                    .arg(tid);
    return QString::number(tid);
}

QString FilterBar::processName(uint32_t pid) const {
    return threadName(pid);
}

QString FilterBar::timeText(uint64_t time) const {
    const uint64_t origin = session_ ? session_->profile()->startTime : 0;
    return QLocale().toString(static_cast<double>(time - std::min(time, origin)) / 1e9, 'f', 3);
}

QString FilterBar::cpusText(const std::vector<uint32_t> &cpus) const {
    QStringList names;
    for (uint32_t cpu : cpus)
        names << QString::number(cpu);
    return names.join(QStringLiteral(", "));
}

QString FilterBar::threadsText() const {
    const auto name = [this](uint32_t tid) { return threadName(tid); };
    const std::vector<uint32_t> hidden = missing(sessionThreads_, filter_.tids);
    if (!hidden.empty() && hidden.size() < filter_.tids.size() && hidden.size() <= kMaxListed)
        return hidden.size() == 1 ? tr("Hidden thread: %1").arg(joined(hidden, name))
                                  : tr("Hidden threads: %1").arg(joined(hidden, name));
    if (filter_.tids.size() <= kMaxListed)
        return filter_.tids.size() == 1 ? tr("Thread: %1").arg(joined(filter_.tids, name))
                                        : tr("Threads: %1").arg(joined(filter_.tids, name));
    return tr("Threads: %1 of %2").arg(filter_.tids.size()).arg(sessionThreads_.size());
}

std::vector<FilterBar::Part> FilterBar::parts() const {
    std::vector<Part> result;
    if (!session_) return result;
    if (filter_.hasTimeSelection()) {
        const uint64_t start = filter_.startTime.value_or(session_->profile()->startTime);
        const uint64_t end = filter_.endTime.value_or(session_->profile()->endTime);
        QString text = tr("Time: %1 s – %2 s").arg(timeText(start), timeText(end));
        if (filter_.slice) text = tr("%1, %2").arg(text, formatTimeSlice(*filter_.slice));
        result.push_back({text,
                          filter_.slice ? tr("Only the samples taken in these heat map cells: the same part "
                                             "of each column in this time range")
                                        : tr("Only the samples taken in this time range"),
                          [](SampleFilter f) {
                              f.clearTimeSelection();
                              return f;
                          }});
    }
    if (!filter_.pids.empty()) {
        const auto name = [this](uint32_t pid) { return processName(pid); };
        const QString text = filter_.pids.size() == 1 ? tr("Process: %1").arg(joined(filter_.pids, name))
                             : filter_.pids.size() <= kMaxListed
                                 ? tr("Processes: %1").arg(joined(filter_.pids, name))
                                 : tr("Processes: %1").arg(filter_.pids.size());
        result.push_back({text, tr("Only the samples of these processes"), [](SampleFilter f) {
                              f.pids.clear();
                              return f;
                          }});
    }
    if (!filter_.tids.empty())
        result.push_back({threadsText(), tr("Only the samples of these threads"), [](SampleFilter f) {
                              f.tids.clear();
                              return f;
                          }});
    if (!filter_.cpus.empty())
        result.push_back({filter_.cpus.size() == 1 ? tr("CPU: %1").arg(cpusText(filter_.cpus))
                                                   : tr("CPUs: %1").arg(cpusText(filter_.cpus)),
                          tr("Only the samples taken on these CPUs"), [](SampleFilter f) {
                              f.cpus.clear();
                              return f;
                          }});
    const auto firstSynthetic = static_cast<FunctionId>(session_->profile()->functions.size());
    const auto name = [this](FunctionId f) { return functionName(f); };
    for (size_t i = 0; i < filter_.transforms.size(); ++i) {
        const Transform &transform = filter_.transforms[i];
        QString toolTip;
        if (transform.function != kAnyFunction) toolTip = functionName(transform.function);
        for (FunctionId f : transform.path)
            toolTip += (toolTip.isEmpty() ? QString() : QStringLiteral("\n> ")) + functionName(f);
        result.push_back({transformLabel(transform, *session_->profile(), name), toolTip,
                          [i, firstSynthetic](SampleFilter f) {
                              return withoutTransform(std::move(f), i, firstSynthetic);
                          }});
    }
    return result;
}

QWidget *FilterBar::makeChip(const Part &part) {
    auto *chip = new QFrame(chips_);
    chip->setObjectName(QStringLiteral("filterChip"));
    chip->setFrameShape(QFrame::StyledPanel);
    chip->setAutoFillBackground(true);
    QPalette palette = chip->palette();
    QColor fill = palette.color(QPalette::Highlight);
    fill.setAlpha(40);
    palette.setColor(QPalette::Window, fill);
    chip->setPalette(palette);
    chip->setToolTip(part.toolTip.isEmpty() ? part.text : part.text + QStringLiteral("\n") + part.toolTip);
    auto *layout = new QHBoxLayout(chip);
    layout->setContentsMargins(6, 0, 0, 0);
    layout->setSpacing(0);
    auto *label = new QLabel(chip);
    label->setAccessibleName(part.text); // the full text; fitChips() shows as much as fits
    label->setObjectName(QStringLiteral("chipText"));
    label->setTextFormat(Qt::PlainText);
    auto *remove = new QToolButton(chip);
    remove->setObjectName(QStringLiteral("removeChip"));
    remove->setText(QStringLiteral("×"));
    remove->setAutoRaise(true);
    remove->setToolTip(tr("Remove this filter"));
    remove->setAccessibleName(tr("Remove filter: %1").arg(part.text));
    connect(remove, &QToolButton::clicked, this, [this, text = part.text, removeFrom = part.remove] {
        emit filterRequested(tr("Remove %1").arg(text), removeFrom(filter_));
    });
    layout->addWidget(label);
    layout->addWidget(remove);
    return chip;
}

void FilterBar::rebuildChips() {
    // deleteLater: this may run inside the click of a chip's own × button.
    for (QWidget *chip : chipWidgets_) {
        chipLayout_->removeWidget(chip);
        chip->hide();
        chip->deleteLater();
    }
    chipWidgets_.clear();
    const std::vector<Part> all = parts();
    none_->setVisible(all.empty());
    for (const Part &part : all) {
        QWidget *chip = makeChip(part);
        chipLayout_->insertWidget(chipLayout_->count() - 1, chip); // before the stretch
        chipWidgets_.push_back(chip);
    }
    fitChips();
}

void FilterBar::fitChips() {
    const int width = chips_->width();
    none_->setText(none_->fontMetrics().elidedText(noneText_, Qt::ElideRight, std::max(0, width - 8)));
    if (chipWidgets_.empty()) return;
    // Short chips show their whole text; the long ones share the rest of the row equally, within bounds.
    const int chrome = chipWidgets_.front()->findChild<QToolButton *>()->sizeHint().width() + 6 + 4 + 4;
    std::vector<std::pair<int, QLabel *>> labels; // (width of the whole text, label), narrowest first
    for (QWidget *chip : chipWidgets_) {
        auto *label = chip->findChild<QLabel *>(QStringLiteral("chipText"));
        labels.emplace_back(label->fontMetrics().horizontalAdvance(label->accessibleName()) + 2, label);
    }
    std::sort(labels.begin(), labels.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    int budget = width - static_cast<int>(labels.size()) * chrome;
    for (size_t i = 0; i < labels.size(); ++i) {
        const int share =
            std::clamp(budget / static_cast<int>(labels.size() - i), kMinChipTextWidth, kMaxChipTextWidth);
        const int given = std::min(labels[i].first, share);
        QLabel *label = labels[i].second;
        label->setText(label->fontMetrics().elidedText(label->accessibleName(), Qt::ElideMiddle, given));
        budget -= given;
    }
}

QStringList FilterBar::chipTexts() const {
    QStringList texts;
    for (const QWidget *chip : chipWidgets_)
        texts << chip->findChild<QLabel *>(QStringLiteral("chipText"))->accessibleName();
    return texts;
}

QList<QToolButton *> FilterBar::removeButtons() const {
    QList<QToolButton *> buttons;
    for (const QWidget *chip : chipWidgets_)
        buttons << chip->findChild<QToolButton *>(QStringLiteral("removeChip"));
    return buttons;
}

void FilterBar::rebuildCpuMenu() {
    cpuMenu_->clear();
    cpuMenuProfile_ = session_ ? session_->profile() : nullptr;
    const std::vector<uint32_t> cpus = session_ ? cpusOf(*session_->file) : std::vector<uint32_t>{};
    cpuButton_->setEnabled(cpus.size() > 1);
    cpuButton_->setText(tr("CPUs: all"));
    QAction *all = cpuMenu_->addAction(tr("&All CPUs"));
    all->setObjectName(QStringLiteral("allCpus"));
    connect(all, &QAction::triggered, this, [this] {
        if (filter_.cpus.empty()) return;
        SampleFilter filter = filter_;
        filter.cpus.clear();
        emit filterRequested(tr("Show all CPUs"), filter);
    });
    cpuMenu_->addSeparator();
    for (uint32_t cpu : cpus) {
        QAction *action = cpuMenu_->addAction(tr("CPU %1").arg(cpu));
        action->setCheckable(true);
        action->setChecked(true);
        action->setData(cpu);
        connect(action, &QAction::triggered, this, &FilterBar::onCpuToggled);
    }
}

void FilterBar::onCpuToggled() {
    if (!session_) return;
    std::vector<uint32_t> checked;
    for (QAction *action : cpuMenu_->actions())
        if (action->isCheckable() && action->isChecked()) checked.push_back(action->data().toUInt());
    if (checked.empty()) { // at least one CPU stays: undo the click
        setFilter(filter_);
        return;
    }
    const SampleFilter filter = withCpus(filter_, *session_->profile(), checked);
    emit filterRequested(
        filter.cpus.empty() ? tr("Show all CPUs") : tr("Show CPUs %1").arg(cpusText(filter.cpus)), filter);
}

} // namespace perfglass
