#include "analysis/FilterTransfer.h"

#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace perfglass {

namespace {

class Lookup {
public:
    Lookup(const Profile &from, const Profile &to)
        : from_(from) {
        for (FunctionId id = 0; id < to.functions.size(); ++id)
            functions_.try_emplace(key(to, id), id);
        for (ModuleId id = 0; id < to.modules.size(); ++id)
            modules_.try_emplace(to.moduleName(id), id);
    }

    std::optional<FunctionId> function(FunctionId id) const {
        if (id == kAnyFunction) return id;
        if (id >= from_.functions.size()) return std::nullopt;
        const auto found = functions_.find(key(from_, id));
        return found == functions_.end() ? std::nullopt : std::optional<FunctionId>(found->second);
    }
    std::optional<ModuleId> module(ModuleId id) const {
        if (id >= from_.modules.size()) return std::nullopt;
        const auto found = modules_.find(from_.moduleName(id));
        return found == modules_.end() ? std::nullopt : std::optional<ModuleId>(found->second);
    }

private:
    static std::string key(const Profile &profile, FunctionId id) {
        return profile.functionName(id) + '\0' + profile.moduleName(profile.functions[id].module);
    }

    const Profile &from_;
    std::unordered_map<std::string, FunctionId> functions_;
    std::unordered_map<std::string, ModuleId> modules_;
};

// The transform for the other profile; nothing for one that changes nothing there; sets unsatisfiable for a
// focus on a function the other profile lacks.
std::optional<Transform> transfer(const Transform &transform, const Lookup &lookup, bool &unsatisfiable) {
    Transform result = transform;
    switch (transform.kind) {
    case TransformKind::HideKernel:
        return result;
    case TransformKind::CollapseModule: {
        const auto module = lookup.module(transform.module);
        if (!module) return std::nullopt;
        result.module = *module;
        return result;
    }
    case TransformKind::FocusSubtree:
        for (FunctionId &function : result.path) {
            const auto found = lookup.function(function);
            if (!found) unsatisfiable = true;
            function = found.value_or(0);
        }
        return result;
    case TransformKind::FocusFunction: {
        const auto found = lookup.function(transform.function);
        if (!found) unsatisfiable = true;
        result.function = found.value_or(0);
        return result;
    }
    default:
        break;
    }
    const auto function = lookup.function(transform.function);
    if (!function) return std::nullopt; // merge, drop, collapse recursion of a function it lacks: no-op
    result.function = *function;
    return result;
}

// The ids (pids or tids, as PROCESSES says) of TO whose names are those of IDS in FROM; counts the names
// found and missing.
std::vector<uint32_t> sameNames(const Profile &from, const std::vector<uint32_t> &ids, const Profile &to,
                                bool processes, size_t &found, size_t &missing) {
    auto idOf = [processes](const ThreadInfo &thread) { return processes ? thread.pid : thread.tid; };
    auto names = [&](const Profile &profile) {
        std::unordered_map<uint32_t, std::string> result; // a process is named by its main thread
        for (const ThreadInfo &thread : profile.threads)
            if (!processes || thread.tid == thread.pid) result[idOf(thread)] = profile.strings[thread.name];
        return result;
    };
    const auto fromNames = names(from);
    std::set<std::string> wanted;
    for (uint32_t id : ids) {
        const auto name = fromNames.find(id);
        if (name != fromNames.end()) wanted.insert(name->second);
    }
    std::set<uint32_t> result;
    std::set<std::string> seen;
    for (const auto &[id, name] : names(to))
        if (wanted.count(name)) {
            result.insert(id);
            seen.insert(name);
        }
    found = seen.size();
    missing = wanted.size() - seen.size();
    return {result.begin(), result.end()};
}

// IDS of FROM that TO has under the same name (the threads of one session read again); empty when any is not
// there, so that the caller matches them by name instead.
std::vector<uint32_t> sameIds(const Profile &from, const std::vector<uint32_t> &ids, const Profile &to,
                              bool processes) {
    auto nameOf = [processes](const Profile &profile, uint32_t id) -> const std::string * {
        for (const ThreadInfo &thread : profile.threads)
            if ((processes ? thread.pid == id && thread.tid == id : thread.tid == id))
                return &profile.strings[thread.name];
        return nullptr;
    };
    for (uint32_t id : ids) {
        const std::string *before = nameOf(from, id);
        const std::string *after = nameOf(to, id);
        if (!before || !after || *before != *after) return {};
    }
    return ids;
}

} // namespace

FilterTransfer::Carried FilterTransfer::reload(const Profile &from, const SampleFilter &filter,
                                               const Profile &to) {
    SampleFilter withoutSelection = filter;
    withoutSelection.clearTimeSelection();
    Carried carried = carry(from, withoutSelection, to);
    SampleFilter &result = carried.filter;
    result.grouping = filter.grouping;
    result.hideIdle = filter.hideIdle;
    if (filter.hasTimeSelection()) {
        const uint64_t start = filter.startTime.value_or(0);
        const bool covered = to.endTime > start && (!filter.endTime || *filter.endTime > to.startTime);
        if (covered && !result.startTime) { // not made unsatisfiable by carry()
            result.startTime = filter.startTime;
            result.endTime = filter.endTime;
            result.slice = filter.slice;
        }
        carried.timeRangeDropped = !covered;
    }
    const auto keep = [&](const std::vector<uint32_t> &ids, std::vector<uint32_t> &into, bool processes) {
        if (ids.empty()) return;
        if (auto same = sameIds(from, ids, to, processes); !same.empty()) into = std::move(same);
    };
    keep(filter.pids, result.pids, true);
    keep(filter.tids, result.tids, false);
    return carried;
}

FilterTransfer::Carried FilterTransfer::carry(const Profile &from, const SampleFilter &filter,
                                              const Profile &to) {
    Carried carried;
    SampleFilter &result = carried.filter;
    result.cost = filter.cost;
    result.event = to.firstSampledEvent();
    if (filter.event >= 0 && static_cast<size_t>(filter.event) < from.events.size())
        for (size_t i = 0; i < to.events.size(); ++i)
            if (to.events[i].name == from.events[static_cast<size_t>(filter.event)].name &&
                to.events[i].samples > 0)
                result.event = static_cast<int>(i);
    const Lookup lookup(from, to);
    bool unsatisfiable = false;
    for (const Transform &transform : filter.transforms)
        if (auto moved = transfer(transform, lookup, unsatisfiable))
            result.transforms.push_back(std::move(*moved));
    carried.transforms = result.transforms.size();
    carried.transformsDropped = filter.transforms.size() - result.transforms.size();
    carried.timeRangeDropped = filter.hasTimeSelection();
    if (!filter.pids.empty()) {
        result.pids =
            sameNames(from, filter.pids, to, true, carried.processNames, carried.processNamesMissing);
        unsatisfiable |= result.pids.empty();
    }
    if (!filter.tids.empty()) {
        result.tids =
            sameNames(from, filter.tids, to, false, carried.threadNames, carried.threadNamesMissing);
        unsatisfiable |= result.tids.empty();
    }
    result.cpus = filter.cpus;
    carried.cpus = result.cpus.size();
    if (unsatisfiable) { // an empty time range: no sample passes
        result.startTime = 0;
        result.endTime = 0;
    }
    return carried;
}

} // namespace perfglass
