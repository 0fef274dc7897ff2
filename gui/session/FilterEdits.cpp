#include "FilterEdits.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace perfglass {

namespace {
template <typename Column> std::vector<uint32_t> distinct(const Column &column) {
    std::unordered_set<uint32_t> seen(column.begin(), column.end());
    std::vector<uint32_t> result(seen.begin(), seen.end());
    std::sort(result.begin(), result.end());
    return result;
}

bool contains(const std::vector<uint32_t> &list, uint32_t value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

bool namesSynthetic(const Transform &transform, FunctionId firstSynthetic) {
    const auto synthetic = [firstSynthetic](FunctionId f) {
        return f != kAnyFunction && f >= firstSynthetic;
    };
    return synthetic(transform.function) ||
           std::any_of(transform.path.begin(), transform.path.end(), synthetic);
}
} // namespace

std::vector<uint32_t> sampledThreads(const Profile &profile) {
    return distinct(profile.samples.tid);
}

std::vector<uint32_t> sampledProcesses(const Profile &profile) {
    return distinct(profile.samples.pid);
}

std::vector<uint32_t> sampledCpus(const Profile &profile) {
    return distinct(profile.samples.cpu);
}

bool showsThread(const SampleFilter &filter, uint32_t pid, uint32_t tid) {
    return (filter.pids.empty() || contains(filter.pids, pid)) &&
           (filter.tids.empty() || contains(filter.tids, tid));
}

SampleFilter withOnlyThread(SampleFilter filter, uint32_t tid) {
    filter.pids.clear();
    filter.tids = {tid};
    return filter;
}

SampleFilter withOnlyProcess(SampleFilter filter, uint32_t pid) {
    filter.pids = {pid};
    filter.tids.clear();
    return filter;
}

std::optional<SampleFilter> withoutThread(SampleFilter filter, const Profile &profile, uint32_t tid) {
    // The threads shown now, each with its process (from the samples: a thread id belongs to one process).
    std::unordered_map<uint32_t, uint32_t> processOf;
    for (size_t i = 0; i < profile.samples.size(); ++i)
        processOf.emplace(profile.samples.tid[i], profile.samples.pid[i]);
    std::vector<uint32_t> shown;
    for (const auto &[thread, process] : processOf)
        if (thread != tid && showsThread(filter, process, thread)) shown.push_back(thread);
    if (shown.empty()) return std::nullopt;
    std::sort(shown.begin(), shown.end());
    filter.tids = std::move(shown);
    return filter;
}

SampleFilter withThread(SampleFilter filter, const Profile &profile, uint32_t pid, uint32_t tid) {
    if (!filter.pids.empty() && !contains(filter.pids, pid)) {
        // Widen the process filter to PID, but keep showing only the threads shown before, plus TID.
        if (filter.tids.empty()) {
            std::unordered_set<uint32_t> shown;
            for (size_t i = 0; i < profile.samples.size(); ++i)
                if (contains(filter.pids, profile.samples.pid[i])) shown.insert(profile.samples.tid[i]);
            filter.tids.assign(shown.begin(), shown.end());
        }
        filter.pids.push_back(pid);
        std::sort(filter.pids.begin(), filter.pids.end());
    }
    if (!filter.tids.empty() && !contains(filter.tids, tid)) filter.tids.push_back(tid);
    std::sort(filter.tids.begin(), filter.tids.end());
    if (filter.pids.size() >= sampledProcesses(profile).size()) filter.pids.clear();
    if (filter.tids.size() >= sampledThreads(profile).size()) filter.tids.clear();
    return filter;
}

SampleFilter withCpus(SampleFilter filter, const Profile &profile, std::vector<uint32_t> cpus) {
    const std::vector<uint32_t> all = sampledCpus(profile);
    const bool everyCpu =
        std::all_of(all.begin(), all.end(), [&cpus](uint32_t cpu) { return contains(cpus, cpu); });
    filter.cpus = everyCpu ? std::vector<uint32_t>{} : std::move(cpus);
    return filter;
}

std::optional<SampleFilter> withTransform(SampleFilter filter, const Transform &transform) {
    if (std::find(filter.transforms.begin(), filter.transforms.end(), transform) != filter.transforms.end())
        return std::nullopt;
    filter.transforms.push_back(transform);
    return filter;
}

SampleFilter withoutTransform(SampleFilter filter, size_t index, FunctionId firstSynthetic) {
    if (index >= filter.transforms.size()) return filter;
    const bool collapse = filter.transforms[index].kind == TransformKind::CollapseModule;
    filter.transforms.erase(filter.transforms.begin() + static_cast<std::ptrdiff_t>(index));
    if (collapse) {
        const auto later = filter.transforms.begin() + static_cast<std::ptrdiff_t>(index);
        filter.transforms.erase(std::remove_if(later, filter.transforms.end(),
                                               [firstSynthetic](const Transform &t) {
                                                   return namesSynthetic(t, firstSynthetic);
                                               }),
                                filter.transforms.end());
    }
    return filter;
}

SampleFilter withoutKernelHiding(SampleFilter filter) {
    std::erase_if(filter.transforms, [](const Transform &t) { return t.kind == TransformKind::HideKernel; });
    return filter;
}

bool hidesKernel(const SampleFilter &filter) {
    return std::any_of(filter.transforms.begin(), filter.transforms.end(),
                       [](const Transform &t) { return t.kind == TransformKind::HideKernel; });
}

} // namespace perfglass
