#include "export/SpeedscopeExporter.h"

#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "events/GenericEvents.h"
#include "profile/SourceLocations.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <map>
#include <optional>
#include <unordered_map>

namespace perfglass {

namespace {

std::string unitOf(const Profile &profile, const SampleFilter &filter) {
    if (filter.cost != CostKind::Period || filter.event < 0) return "none";
    const auto index = static_cast<size_t>(filter.event);
    if (index >= profile.events.size()) return "none";
    const EventInfo &event = profile.events[index];
    return isClockEvent(event.type, event.config) ? "nanoseconds" : "none";
}

} // namespace

nlohmann::json SpeedscopeExporter::toJson(const Profile &profile, const SampleFilter &filter,
                                          const std::string &name) {
    const auto stacks = TransformedStacks::build(profile, filter.transforms);
    std::optional<SourceLocations> locations; // computed when the first inline frame needs it
    nlohmann::json frames = nlohmann::json::array();
    std::unordered_map<uint64_t, size_t> frameOf; // (inlined, function)
    const auto frameIndex = [&](const TransformedStacks::Node &node) {
        const FunctionId function = node.function;
        auto [it, inserted] = frameOf.try_emplace(uint64_t{node.inlined} << 32 | function, frames.size());
        if (!inserted) return it->second;
        const ModuleId module = stacks->functionModule(profile, function);
        const std::string &functionName = stacks->functionName(profile, function);
        if (!node.inlined) {
            frames.push_back({{"name", functionName}, {"file", profile.modulePath(module)}});
            return it->second;
        }
        if (!locations) locations = SourceLocations::compute(profile);
        const SourceLocation location = locations->of(function);
        nlohmann::json frame = {
            {"name", functionName + kInlineSuffix},
            {"file", location.known() ? profile.strings[location.file] : profile.modulePath(module)}};
        if (location.known() && location.line > 0) frame["line"] = location.line;
        frames.push_back(std::move(frame));
        return it->second;
    };
    // Frame lists per transformed stack, outermost first, made once per stack.
    std::unordered_map<StackId, std::vector<size_t>> stackFrames;
    const auto framesOf = [&](StackId node) -> const std::vector<size_t> & {
        auto [it, inserted] = stackFrames.try_emplace(node);
        if (inserted && node != kNoStack) {
            for (StackId walk = node; walk != kNoStack; walk = stacks->node(walk).parent)
                it->second.push_back(frameIndex(stacks->node(walk)));
            std::reverse(it->second.begin(), it->second.end());
        }
        return it->second;
    };

    std::map<std::pair<uint32_t, uint32_t>, std::vector<size_t>> samplesByThread; // (pid, tid)
    for (size_t i = 0; i < profile.samples.size(); ++i) {
        if (!filter.accepts(profile, i) || stacks->map(profile.samples.stack[i]) == kDroppedStack) continue;
        samplesByThread[{profile.samples.pid[i], profile.samples.tid[i]}].push_back(i);
    }
    std::unordered_map<uint32_t, StringId> threadNames;
    for (const ThreadInfo &thread : profile.threads)
        threadNames[thread.tid] = thread.name;

    std::vector<std::pair<uint64_t, nlohmann::json>> weighed; // (total, profile)
    for (auto &[thread, indices] : samplesByThread) {
        std::stable_sort(indices.begin(), indices.end(), [&](size_t a, size_t b) {
            return profile.samples.time[a] < profile.samples.time[b];
        });
        nlohmann::json samples = nlohmann::json::array();
        nlohmann::json weights = nlohmann::json::array();
        uint64_t total = 0;
        for (size_t i : indices) {
            samples.push_back(framesOf(stacks->map(profile.samples.stack[i])));
            const uint64_t weight = filter.weight(profile, i);
            weights.push_back(weight);
            total += weight;
        }
        const auto nameIt = threadNames.find(thread.second);
        const std::string threadName = nameIt == threadNames.end() ? "" : profile.strings[nameIt->second];
        weighed.emplace_back(total, nlohmann::json{{"type", "sampled"},
                                                   {"name", fmt::format("{} (pid {}, tid {})", threadName,
                                                                        thread.first, thread.second)},
                                                   {"unit", unitOf(profile, filter)},
                                                   {"startValue", 0},
                                                   {"endValue", total},
                                                   {"samples", std::move(samples)},
                                                   {"weights", std::move(weights)}});
    }
    // The heaviest thread first: speedscope opens on the first profile (activeProfileIndex).
    std::stable_sort(weighed.begin(), weighed.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    nlohmann::json profiles = nlohmann::json::array();
    for (auto &[total, threadProfile] : weighed)
        profiles.push_back(std::move(threadProfile));
    return {{"$schema", "https://www.speedscope.app/file-format-schema.json"},
            {"shared", {{"frames", std::move(frames)}}},
            {"profiles", std::move(profiles)},
            {"name", name},
            {"activeProfileIndex", 0},
            {"exporter", "perfglass"}};
}

void SpeedscopeExporter::writeFile(const Profile &profile, const SampleFilter &filter,
                                   const std::string &name, const std::string &path) {
    const nlohmann::json json = toJson(profile, filter, name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write speedscope profile to " + path, errno));
    out << json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out.flush();
    if (!out) throw Error("cannot write speedscope profile to " + path + ": write failed");
}

} // namespace perfglass
