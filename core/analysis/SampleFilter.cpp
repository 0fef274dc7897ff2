#include "analysis/SampleFilter.h"

#include <algorithm>

namespace perfglass {

namespace {
bool listAccepts(const std::vector<uint32_t> &list, uint32_t value) {
    return list.empty() || std::find(list.begin(), list.end(), value) != list.end();
}
} // namespace

bool SampleFilter::accepts(const Profile &profile, size_t sample) const {
    const auto &samples = profile.samples;
    if (event >= 0 && samples.event[sample] != event) return false;
    if (hideIdle && samples.pid[sample] == 0) return false;
    if (startTime && samples.time[sample] < *startTime) return false;
    if (endTime && samples.time[sample] >= *endTime) return false;
    if (slice && !slice->contains(samples.time[sample])) return false;
    if (chosenSamples && (sample >= chosenSamples->size() || !(*chosenSamples)[sample])) return false;
    // The columns are packed (PackedColumn): read only those a list asks about.
    return (pids.empty() || listAccepts(pids, samples.pid[sample])) &&
           (tids.empty() || listAccepts(tids, samples.tid[sample])) &&
           (cpus.empty() || listAccepts(cpus, samples.cpu[sample]));
}

} // namespace perfglass
