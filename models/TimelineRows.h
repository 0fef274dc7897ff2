// The rows of the timeline, in the order it shows them, with their labels and colours (no widgets, so the
// order, names and colours are tested without a window):
// - system-wide sessions first get one row per CPU: how busy it was (every thread but the idle task);
// - then one group per process, busiest first: a process row with the sum of its threads (when it has more
//   than one), then its threads, busiest first; processes of kernel threads only (no user-space frame in any
//   sample) come after the others, and the idle task (PID 0, "swapper") last;
// - a thread is named by the commands it had at its samples: "sh → tr" for a child that ran as its parent's
//   command until it exec'd tr;
// - a thread's colour depends on its TID alone, so it stays when the views are filtered, and none is one of
//   the flame graph's kernel (green) or system-library (blue) colours.
#pragma once

#include "analysis/TimelineBuckets.h"
#include "profile/Profile.h"

#include <QColor>
#include <QCoreApplication>
#include <QString>

#include <array>
#include <memory>
#include <vector>

class QFontMetrics;

namespace perfglass {

struct TimelineRow {
    enum Kind { Process, Thread, Cpu };
    Kind kind = Thread;
    uint32_t pid = 0;
    uint32_t tid = 0;          // Thread rows
    uint32_t cpu = 0;          // Cpu rows
    int depth = 0;             // 1: a thread under its process row
    QString name;              // the thread's or process's command name(s), "swapper (idle)", "CPU 3"
    QString id;                // the number that follows the name (TID, PID); never shortened
    bool idle = false;         // the idle task, PID 0
    bool kernelThread = false; // no sample with a user-space frame
    const TimelineSeries *series = nullptr;
    QColor colour;
};

class TimelineRows {
    Q_DECLARE_TR_FUNCTIONS(TimelineRows)
public:
    TimelineRows() = default;
    TimelineRows(std::shared_ptr<const TimelineBuckets> buckets, std::shared_ptr<const Profile> profile);

    const std::vector<TimelineRow> &rows() const { return rows_; }
    int size() const { return static_cast<int>(rows_.size()); }
    const TimelineRow &at(int row) const { return rows_[static_cast<size_t>(row)]; }
    bool systemWide() const { return systemWide_; }
    // The highest cost of one bucket among the rows of KIND: rows of a kind share their scale.
    uint64_t maxBucketCost(TimelineRow::Kind kind) const;
    // "name (tid)", "name (tid in pid)", "process name (pid)", "CPU n": for menus and filter chips.
    QString label(int row) const;
    // The name of process PID ("name (pid)"), from its main thread.
    QString processLabel(uint32_t pid) const;

    // A thread's colour: the same TID always gets the same one.
    static QColor threadColour(uint32_t tid);
    static QColor cpuColour();
    // The colours threadColour() picks from.
    static const std::vector<QColor> &threadPalette();
    // Whether the session recorded the whole system (or some CPUs): its command line says -a or -C, or it
    // has samples of the idle task (IDLESAMPLED; in BUCKETS: a thread of process 0).
    static bool isSystemWide(const Profile &profile, bool idleSampled);
    static bool isSystemWide(const Profile &profile, const TimelineBuckets &buckets);
    // NAME shortened at its end to fit WIDTH pixels, never in the middle of a number; empty if not even
    // its first letter fits.
    static QString elideName(const QString &name, const QFontMetrics &metrics, int width);

private:
    void addCpuRows();
    void addProcessRows();
    QString threadName(const ThreadTimeline &thread) const;
    uint64_t computeMaxBucketCost(TimelineRow::Kind kind) const;

    std::shared_ptr<const TimelineBuckets> buckets_;
    std::shared_ptr<const Profile> profile_;
    std::vector<std::unique_ptr<TimelineSeries>> processSums_;
    std::vector<TimelineRow> rows_;
    bool systemWide_ = false;
    std::array<uint64_t, 3> maxBucketCost_{}; // by TimelineRow::Kind
};

} // namespace perfglass
