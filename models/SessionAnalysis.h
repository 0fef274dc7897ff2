// One filter's view of an opened session: the trees, the flat profile and the timeline that the filter
// counts, computed off the UI thread (AnalysisJob) and immutable afterwards. The file's facts are in `file`,
// shared by every analysis of the same session.
#pragma once

#include "CostFormat.h"
#include "SessionFile.h"
#include "analysis/CallTree.h"
#include "analysis/FlatProfile.h"
#include "analysis/GroupedFold.h"
#include "analysis/GroupedSampleSums.h"
#include "analysis/GrowingTimeline.h"
#include "analysis/SampleFilter.h"
#include "analysis/StackSampleSums.h"
#include "analysis/TimelineBuckets.h"

#include <QMetaType>

#include <memory>
#include <string>

namespace perfglass {

// Whether an analysis makes its bottom-up tree. On deep stacks (DWARF) that tree costs more than the rest of
// the analysis together, so the desktop application makes it only while a view shows it (Later: bottomUp
// stays null until SessionDocument::setBottomUpShown asks for it).
enum class BottomUpTree { Make, Later };

// Whether an analysis makes its timeline with the trees. On ten million frame-pointer samples the timeline is
// a fifth of the desktop application's load, and no tree needs it: the application shows the flame graph
// first and makes the timeline after it (Later: timeline stays null until SessionDocument has made it).
enum class TimelineWhen { WithTrees, Later };

struct SessionAnalysis {
    std::shared_ptr<const SessionFile> file;
    std::shared_ptr<const CallTree> topDown;
    std::shared_ptr<const CallTree> bottomUp; // null when made Later and not asked for yet
    FlatProfile flat;                         // per-function costs, for the hotspot list
    // Per-thread and per-CPU sample density over the whole session (the filter without its time range,
    // processes, threads and CPUs: every thread and CPU keeps its row), for the timeline. Null while it is
    // made after the trees (TimelineWhen::Later).
    std::shared_ptr<const TimelineBuckets> timeline;
    // What the next snapshot of a growing profile extends: the filter's sums by Profile stack (null when
    // grouped by process), for a growing profile the sums by owner and stack when grouped and their fold
    // (null otherwise: a loaded session never extends them), and for a growing profile the timeline it was
    // cut from.
    std::shared_ptr<const StackSampleSums> sums;
    std::shared_ptr<const GroupedSampleSums> groupedSums;
    std::shared_ptr<const GroupedFold> groupedFold;
    std::shared_ptr<const GrowingTimeline> growingTimeline;
    SampleFilter filter; // what the trees and the flat profile count
    int event = 0;       // which event of the profile the trees count (filter.event)
    std::string eventName;
    CostUnit costUnit = CostUnit::Count;

    const std::shared_ptr<const Profile> &profile() const { return file->profile; }
};

} // namespace perfglass

Q_DECLARE_METATYPE(std::shared_ptr<const perfglass::SessionAnalysis>)
