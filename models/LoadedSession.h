// Everything the views show about one opened session, computed off the UI thread and immutable afterwards.
#pragma once

#include "CostFormat.h"
#include "analysis/CallTree.h"
#include "analysis/FlatProfile.h"
#include "analysis/OffCpuTime.h"
#include "analysis/SampleFilter.h"
#include "analysis/TimelineBuckets.h"
#include "analysis/UnresolvedFrames.h"
#include "profile/Profile.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace perfglass {

struct LoadedSession {
    QString path;        // what the user opened: a session file, or an archive holding one
    QString sessionFile; // the perf.data file read (inside the archive's private cache for an archive)
    uint64_t fileSize = 0;
    QStringList openNotices; // what opening did besides reading (an archive unpacked or reused)
    std::shared_ptr<const Profile> profile;
    std::shared_ptr<const CallTree> topDown;
    std::shared_ptr<const CallTree> bottomUp;
    FlatProfile flat; // per-function costs, for the hotspot list
    // Per-thread and per-CPU sample density over the whole session (the filter without its time range,
    // processes, threads and CPUs: every thread and CPU keeps its row), for the timeline.
    std::shared_ptr<const TimelineBuckets> timeline;
    // What could not be named, by module, over the whole session (computed once, when the file is read).
    std::shared_ptr<const UnresolvedFrames> unresolved;
    // Sessions with switch-out samples (record --off-cpu): their event and the time each such sample's thread
    // then stayed off the CPU (OffCpuTime), for the Off-CPU Time choice; -1 and null otherwise.
    int offCpuEvent = -1;
    std::shared_ptr<const std::vector<uint64_t>> offCpuTime;
    std::shared_ptr<const std::vector<OffCpuInterval>>
        offCpuIntervals; // the same by thread, for the timeline
    SampleFilter filter; // what the trees and the flat profile count
    int event = 0;       // which event of the profile the trees count (filter.event)
    std::string eventName;
    CostUnit costUnit = CostUnit::Count;
    uint64_t durationNs() const {
        return profile->endTime > profile->startTime ? profile->endTime - profile->startTime : 0;
    }
};

} // namespace perfglass

Q_DECLARE_METATYPE(std::shared_ptr<const perfglass::LoadedSession>)
