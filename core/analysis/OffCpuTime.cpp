#include "analysis/OffCpuTime.h"

#include <algorithm>
#include <numeric>
#include <string>
#include <unordered_map>

namespace perfglass {

namespace {

// The samples of PROFILE by thread, then time (the file's order where times tie).
std::vector<size_t> byThreadAndTime(const Profile &profile) {
    std::vector<size_t> order(profile.samples.size());
    std::iota(order.begin(), order.end(), size_t{0});
    const auto &samples = profile.samples;
    std::stable_sort(order.begin(), order.end(), [&samples](size_t a, size_t b) {
        return samples.tid[a] != samples.tid[b] ? samples.tid[a] < samples.tid[b]
                                                : samples.time[a] < samples.time[b];
    });
    return order;
}

// For each sample of EVENT in ORDER: FOUND(sample, until), until being the thread's next sample's time, or
// its exit, or the session's end.
template <typename Found>
void forEachSwitch(const Profile &profile, int event, const std::vector<size_t> &order, Found found) {
    std::unordered_map<uint32_t, uint64_t> exits; // tid -> exit time
    for (const ThreadInfo &thread : profile.threads)
        if (thread.exitTime != 0) exits[thread.tid] = thread.exitTime;
    const auto &samples = profile.samples;
    for (size_t k = 0; k < order.size(); ++k) {
        const size_t i = order[k];
        if (samples.event[i] != event) continue;
        const auto exitOf = exits.find(samples.tid[i]);
        const bool exited = exitOf != exits.end() && exitOf->second > samples.time[i];
        uint64_t until = exited ? exitOf->second : std::max(profile.endTime, samples.time[i]);
        for (size_t next = k + 1; next < order.size() && samples.tid[order[next]] == samples.tid[i]; ++next) {
            if (samples.time[order[next]] > samples.time[i]) {
                until = samples.time[order[next]];
                break;
            }
        }
        found(i, until);
    }
}

} // namespace

int OffCpuTime::switchEvent(const Profile &profile) {
    for (const std::string name : {"sched:sched_switch", "context-switches", "cs"}) {
        for (size_t i = 0; i < profile.events.size(); ++i) {
            const std::string &event = profile.events[i].name; // "cs", "cs/period=1/", "cs:u"
            const bool named =
                event == name || event.starts_with(name + "/") || event.starts_with(name + ":");
            if (profile.events[i].samples > 0 && named) return static_cast<int>(i);
        }
    }
    return -1;
}

std::shared_ptr<const std::vector<uint64_t>> OffCpuTime::compute(const Profile &profile, int event) {
    auto result = std::make_shared<std::vector<uint64_t>>(profile.samples.size(), 0);
    if (event < 0) return result;
    forEachSwitch(profile, event, byThreadAndTime(profile), [&](size_t sample, uint64_t until) {
        (*result)[sample] = until - profile.samples.time[sample];
    });
    return result;
}

std::vector<OffCpuInterval> OffCpuTime::intervals(const Profile &profile, int event) {
    std::vector<OffCpuInterval> result;
    if (event < 0) return result;
    forEachSwitch(profile, event, byThreadAndTime(profile), [&](size_t sample, uint64_t until) {
        result.push_back({profile.samples.tid[sample], profile.samples.time[sample], until});
    });
    return result;
}

} // namespace perfglass
