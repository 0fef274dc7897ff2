#include "TimelineRows.h"

#include <QFontMetrics>
#include <QStringList>

#include <algorithm>
#include <map>
#include <unordered_map>

namespace perfglass {

namespace {

struct ProcessGroup {
    uint32_t pid = 0;
    std::vector<const ThreadTimeline *> threads;
    uint64_t cost = 0;
    bool userSpace = false;
};

// 0: processes with user-space code, 1: kernel threads only, 2: the idle task.
int groupRank(const ProcessGroup &group) {
    if (group.pid == 0) return 2;
    return group.userSpace ? 0 : 1;
}

std::vector<ProcessGroup> processGroups(const TimelineBuckets &buckets) {
    std::map<uint32_t, ProcessGroup> byPid;
    for (const ThreadTimeline &thread : buckets.threads) {
        ProcessGroup &group = byPid[thread.pid];
        group.pid = thread.pid;
        group.threads.push_back(&thread);
        group.cost += thread.totalCost;
        group.userSpace = group.userSpace || thread.userSpace;
    }
    std::vector<ProcessGroup> groups;
    for (auto &[pid, group] : byPid) {
        std::stable_sort(
            group.threads.begin(), group.threads.end(), [](const ThreadTimeline *a, const ThreadTimeline *b) {
                return a->totalCost != b->totalCost ? a->totalCost > b->totalCost : a->tid < b->tid;
            });
        groups.push_back(std::move(group));
    }
    std::stable_sort(groups.begin(), groups.end(), [](const ProcessGroup &a, const ProcessGroup &b) {
        if (groupRank(a) != groupRank(b)) return groupRank(a) < groupRank(b);
        return a.cost != b.cost ? a.cost > b.cost : a.pid < b.pid;
    });
    return groups;
}

bool isDigit(QChar c) {
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

bool systemWideOption(const std::string &word) {
    return word == "-a" || word == "--all-cpus" || word == "-C" || word == "--cpu" || word == "-ag" ||
           word == "-ga" || word.starts_with("--cpu=") ||
           (word.size() > 2 && word.starts_with("-C") && word[2] >= '0' && word[2] <= '9');
}

} // namespace

TimelineRows::TimelineRows(std::shared_ptr<const TimelineBuckets> buckets,
                           std::shared_ptr<const Profile> profile)
    : buckets_(std::move(buckets))
    , profile_(std::move(profile)) {
    if (!buckets_) return;
    systemWide_ = profile_ && isSystemWide(*profile_, *buckets_);
    if (systemWide_) addCpuRows();
    addProcessRows();
    for (const TimelineRow::Kind kind : {TimelineRow::Process, TimelineRow::Thread, TimelineRow::Cpu})
        maxBucketCost_[static_cast<size_t>(kind)] = computeMaxBucketCost(kind);
}

void TimelineRows::addCpuRows() {
    for (const CpuTimeline &cpu : buckets_->cpus) {
        TimelineRow row;
        row.kind = TimelineRow::Cpu;
        row.cpu = cpu.cpu;
        row.name = tr("CPU %1").arg(cpu.cpu);
        row.series = &cpu;
        row.colour = cpuColour();
        rows_.push_back(std::move(row));
    }
}

void TimelineRows::addProcessRows() {
    for (const ProcessGroup &group : processGroups(*buckets_)) {
        const bool header = group.threads.size() > 1;
        if (header) {
            auto sum = std::make_unique<TimelineSeries>();
            sum->samples.assign(buckets_->bucketCount, 0);
            sum->cost.assign(buckets_->bucketCount, 0);
            for (const ThreadTimeline *thread : group.threads)
                sum->merge(*thread);
            TimelineRow row;
            row.kind = TimelineRow::Process;
            row.pid = group.pid;
            row.tid = group.pid;
            row.idle = group.pid == 0;
            row.kernelThread = !group.userSpace;
            const auto main = std::find_if(group.threads.begin(), group.threads.end(),
                                           [&group](const ThreadTimeline *t) { return t->tid == group.pid; });
            row.name = threadName(main != group.threads.end() ? **main : *group.threads.front());
            row.id = QString::number(group.pid);
            row.series = sum.get();
            row.colour = threadColour(group.pid).lighter(125);
            processSums_.push_back(std::move(sum));
            rows_.push_back(std::move(row));
        }
        for (const ThreadTimeline *thread : group.threads) {
            TimelineRow row;
            row.kind = TimelineRow::Thread;
            row.pid = thread->pid;
            row.tid = thread->tid;
            row.depth = header ? 1 : 0;
            row.idle = thread->pid == 0;
            row.kernelThread = !thread->userSpace;
            row.name = threadName(*thread);
            row.id = row.idle ? QString() : QString::number(thread->tid);
            row.series = thread;
            row.colour = threadColour(thread->tid);
            rows_.push_back(std::move(row));
        }
    }
}

QString TimelineRows::threadName(const ThreadTimeline &thread) const {
    if (thread.pid == 0 && thread.tid == 0) return tr("swapper (idle)");
    if (!profile_) return tr("[unknown]");
    if (thread.commands.size() > 1) { // it exec'd (or was renamed) within the range: each command in turn
        QStringList names;
        for (const CommandChange &command : thread.commands)
            names << QString::fromStdString(profile_->strings[command.name]);
        return names.join(QStringLiteral(" \u2192 "));
    }
    if (thread.name != 0) return QString::fromStdString(profile_->strings[thread.name]);
    // A thread starts with the name of the thread that made it: its process's, as far as we know.
    for (const ThreadInfo &info : profile_->threads)
        if (info.tid == thread.pid && info.name != 0)
            return QString::fromStdString(profile_->strings[info.name]);
    return tr("[unknown]");
}

uint64_t TimelineRows::maxBucketCost(TimelineRow::Kind kind) const {
    return maxBucketCost_[static_cast<size_t>(kind)];
}

uint64_t TimelineRows::computeMaxBucketCost(TimelineRow::Kind kind) const {
    uint64_t most = 0;
    for (const TimelineRow &row : rows_)
        if (row.kind == kind && !row.idle)
            for (uint64_t cost : row.series->cost)
                most = std::max(most, cost);
    if (most == 0) // only the idle task: its own scale
        for (const TimelineRow &row : rows_)
            if (row.kind == kind)
                for (uint64_t cost : row.series->cost)
                    most = std::max(most, cost);
    return most;
}

QString TimelineRows::label(int index) const {
    const TimelineRow &row = at(index);
    switch (row.kind) {
    case TimelineRow::Cpu:
        return row.name;
    case TimelineRow::Process:
        return tr("%1 (%2)").arg(row.name).arg(row.pid);
    case TimelineRow::Thread:
        break;
    }
    if (row.idle) return row.name;
    return row.pid == row.tid ? tr("%1 (%2)").arg(row.name).arg(row.tid)
                              : tr("%1 (%2 in %3)").arg(row.name).arg(row.tid).arg(row.pid);
}

QString TimelineRows::processLabel(uint32_t pid) const {
    if (pid == 0) return tr("swapper (idle)");
    if (profile_)
        for (const ThreadInfo &info : profile_->threads)
            if (info.tid == pid && info.name != 0)
                return tr("%1 (%2)").arg(QString::fromStdString(profile_->strings[info.name])).arg(pid);
    return QString::number(pid);
}

const std::vector<QColor> &TimelineRows::threadPalette() {
    // Reds, oranges, browns, plums and magentas: far from the flame graph's kernel greens (hue 90 to
    // 130), system-library blues (195 to 220) and JIT violets (265 to 290), dark enough to read as bars on a
    // light row.
    static const std::vector<QColor> palette = {
        QColor::fromHsl(5, 170, 115),  QColor::fromHsl(28, 200, 105), QColor::fromHsl(318, 140, 120),
        QColor::fromHsl(330, 150, 95), QColor::fromHsl(45, 190, 95),  QColor::fromHsl(0, 60, 110),
        QColor::fromHsl(350, 120, 80), QColor::fromHsl(20, 120, 75),  QColor::fromHsl(305, 90, 85),
        QColor::fromHsl(12, 200, 145),
    };
    return palette;
}

QColor TimelineRows::threadColour(uint32_t tid) {
    const auto &palette = threadPalette();
    return palette[tid % palette.size()]; // consecutive TIDs (one program's threads) differ
}

QColor TimelineRows::cpuColour() {
    return QColor::fromHsl(0, 0, 95); // a neutral dark grey: a CPU is no thread
}

bool TimelineRows::isSystemWide(const Profile &profile, bool idleSampled) {
    for (size_t i = 1; i < profile.cmdline.size() && profile.cmdline[i] != "--"; ++i)
        if (systemWideOption(profile.cmdline[i])) return true;
    return idleSampled;
}

bool TimelineRows::isSystemWide(const Profile &profile, const TimelineBuckets &buckets) {
    return isSystemWide(profile, std::any_of(buckets.threads.begin(), buckets.threads.end(),
                                             [](const ThreadTimeline &thread) { return thread.pid == 0; }));
}

QString TimelineRows::elideName(const QString &name, const QFontMetrics &metrics, int width) {
    if (metrics.horizontalAdvance(name) <= width) return name;
    const QString ellipsis(QChar(0x2026));
    int keep = static_cast<int>(name.size()) - 1;
    while (keep > 0 && metrics.horizontalAdvance(name.left(keep) + ellipsis) > width)
        --keep;
    // Never cut a number in two: drop its digits instead.
    while (keep > 0 && keep < name.size() && isDigit(name[keep]) && isDigit(name[keep - 1]))
        --keep;
    return keep > 0 ? name.left(keep) + ellipsis : QString();
}

} // namespace perfglass
