// Off-CPU time: how long a thread stayed blocked after each of its switch-out samples, the samples of
// sched:sched_switch (`record --off-cpu`) or of the context-switches software event (its stand-in where
// tracefs is missing), whose call stacks are where the thread blocked. A switch-out at time t of thread T
// lasts until T's next sample of any event (it ran again), else its exit (EXIT record), else the session's
// end; the time T then ran
// before that next sample counts as blocked too, so the figure is an upper bound, exact to within one
// sampling interval of the on-CPU event (the session's context-switch records, which would make it exact,
// are not kept in the Profile). Counted with SampleFilter::cost = CostKind::OffCpu.
#pragma once

#include "profile/Profile.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

struct OffCpuInterval {
    uint32_t tid = 0;
    uint64_t start = 0; // the switch-out
    uint64_t end = 0;   // the thread's next sample, or the session's end
};

class OffCpuTime {
public:
    // The sampled switch-out event of PROFILE (sched:sched_switch, else context-switches or cs), or -1.
    static int switchEvent(const Profile &profile);
    // Nanoseconds off the CPU by sample: set for the samples of EVENT, 0 for the others.
    static std::shared_ptr<const std::vector<uint64_t>> compute(const Profile &profile, int event);
    // The same as intervals of time, ordered by thread and start, for the timeline.
    static std::vector<OffCpuInterval> intervals(const Profile &profile, int event);
};

} // namespace perfglass
