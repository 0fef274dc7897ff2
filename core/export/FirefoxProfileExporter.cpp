#include "export/FirefoxProfileExporter.h"

#include "analysis/FrameCategory.h"
#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "events/GenericEvents.h"
#include "export/SpeedscopeExporter.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <map>
#include <memory>
#include <unordered_map>
#include <vector>

namespace perfglass {

namespace {

// The profiler's categories, indexed by FrameCategory (and the broken-stack frame last).
nlohmann::json categories() {
    const auto category = [](const char *name, const char *colour) {
        return nlohmann::json{{"name", name}, {"color", colour}, {"subcategories", {"Other"}}};
    };
    return nlohmann::json::array({category("Application", "yellow"), category("System library", "blue"),
                                  category("Kernel", "green"), category("JIT", "purple"),
                                  category("Unknown", "grey"), category("Broken stack", "red")});
}
constexpr int kBrokenCategory = 5;

// One thread's tables as the Gecko format has them: strings, frames, stacks, samples.
class GeckoThread {
public:
    GeckoThread(const Profile &profile, const TransformedStacks &stacks)
        : profile_(profile)
        , stacks_(stacks) {}

    // CPU_NANOSECONDS: the period of a clock event (the CPU time the sample stands for), or negative.
    void addSample(StackId stack, double milliseconds, int64_t cpuNanoseconds) {
        nlohmann::json row = {stack == kNoStack ? nlohmann::json(nullptr) : nlohmann::json(stackIndex(stack)),
                              milliseconds, 0};
        if (cpuNanoseconds >= 0) row.push_back(cpuNanoseconds);
        cpuDeltas_ = cpuNanoseconds >= 0;
        samples_.push_back(std::move(row));
    }
    nlohmann::json toJson(const ThreadInfo &thread, const std::string &processName) const;

private:
    size_t string(const std::string &text) {
        const auto [it, inserted] = stringIds_.try_emplace(text, strings_.size());
        if (inserted) strings_.push_back(text);
        return it->second;
    }
    size_t frameIndex(const TransformedStacks::Node &node);
    size_t stackIndex(StackId stack);

    const Profile &profile_;
    const TransformedStacks &stacks_;
    std::vector<std::string> strings_;
    std::unordered_map<std::string, size_t> stringIds_;
    std::unordered_map<uint64_t, size_t> frameIds_; // (inlined, function)
    std::unordered_map<StackId, size_t> stackIds_;
    nlohmann::json frames_ = nlohmann::json::array();
    nlohmann::json stackRows_ = nlohmann::json::array();
    nlohmann::json samples_ = nlohmann::json::array();
    bool cpuDeltas_ = false;
};

size_t GeckoThread::frameIndex(const TransformedStacks::Node &node) {
    const auto [it, inserted] =
        frameIds_.try_emplace(uint64_t{node.inlined} << 32 | node.function, frames_.size());
    if (!inserted) return it->second;
    const std::string &name = stacks_.functionName(profile_, node.function);
    const ModuleId module = stacks_.functionModule(profile_, node.function);
    const int category =
        name == kBrokenStackName ? kBrokenCategory : static_cast<int>(frameCategory(profile_, module));
    const std::string location = name + (node.inlined ? SpeedscopeExporter::kInlineSuffix : "") + " (in " +
                                 profile_.moduleName(module) + ")";
    // location, relevantForJS, innerWindowID, implementation, line, column, category, subcategory
    frames_.push_back({string(location), false, 0, nullptr, nullptr, nullptr, category, 0});
    return it->second;
}

size_t GeckoThread::stackIndex(StackId stack) {
    const auto found = stackIds_.find(stack);
    if (found != stackIds_.end()) return found->second;
    // Outermost first, so that every prefix has its index before the stacks that use it.
    std::vector<StackId> chain;
    for (StackId walk = stack; walk != kNoStack && !stackIds_.count(walk); walk = stacks_.node(walk).parent)
        chain.push_back(walk);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        const TransformedStacks::Node &node = stacks_.node(*it);
        const nlohmann::json prefix =
            node.parent == kNoStack ? nlohmann::json(nullptr) : nlohmann::json(stackIds_.at(node.parent));
        stackIds_[*it] = stackRows_.size();
        stackRows_.push_back({prefix, frameIndex(node)});
    }
    return stackIds_.at(stack);
}

nlohmann::json GeckoThread::toJson(const ThreadInfo &thread, const std::string &processName) const {
    return {
        {"name", profile_.strings[thread.name].empty() ? processName : profile_.strings[thread.name]},
        {"processName", processName},
        {"processType", "default"},
        {"registerTime", 0},
        {"unregisterTime", nullptr},
        {"pid", thread.pid},
        {"tid", thread.tid},
        {"markers",
         {{"schema",
           {{"name", 0}, {"startTime", 1}, {"endTime", 2}, {"phase", 3}, {"category", 4}, {"data", 5}}},
          {"data", nlohmann::json::array()}}},
        {"samples",
         {{"schema", cpuDeltas_
                         ? nlohmann::json{{"stack", 0}, {"time", 1}, {"eventDelay", 2}, {"threadCPUDelta", 3}}
                         : nlohmann::json{{"stack", 0}, {"time", 1}, {"eventDelay", 2}}},
          {"data", samples_}}},
        {"frameTable",
         {{"schema",
           {{"location", 0},
            {"relevantForJS", 1},
            {"innerWindowID", 2},
            {"implementation", 3},
            {"line", 4},
            {"column", 5},
            {"category", 6},
            {"subcategory", 7}}},
          {"data", frames_}}},
        {"stackTable", {{"schema", {{"prefix", 0}, {"frame", 1}}}, {"data", stackRows_}}},
        {"stringTable", strings_},
    };
}

nlohmann::json meta(const Profile &profile, const std::string &name, double intervalMs, double endMs,
                    bool cpuDeltas) {
    nlohmann::json meta = {{"version", FirefoxProfileExporter::kGeckoFormatVersion},
                           {"startTime", 0},
                           {"shutdownTime", nullptr},
                           {"profilingStartTime", 0},
                           {"profilingEndTime", endMs},
                           {"interval", intervalMs},
                           {"stackwalk", 1},
                           {"debug", 0},
                           {"gcpoison", 0},
                           {"asyncstack", 0},
                           {"processType", 0},
                           {"product", name},
                           {"abi", profile.machine.arch},
                           {"oscpu", profile.osRelease},
                           {"platform", "Linux"},
                           {"misc", "perfglass"},
                           {"toolkit", "perfglass"},
                           {"presymbolicated", true},
                           {"logicalCPUs", profile.machine.cpusOnline},
                           {"CPUName", profile.machine.cpuDescription},
                           {"categories", categories()},
                           {"markerSchema", nlohmann::json::array()}};
    if (cpuDeltas) meta["sampleUnits"] = {{"time", "ms"}, {"eventDelay", "ms"}, {"threadCPUDelta", "ns"}};
    return meta;
}

// Whether the samples the filter counts are of one clock event, whose periods are CPU time.
bool clockSamples(const Profile &profile, const SampleFilter &filter) {
    if (filter.event < 0 || static_cast<size_t>(filter.event) >= profile.events.size()) return false;
    const EventInfo &event = profile.events[static_cast<size_t>(filter.event)];
    return isClockEvent(event.type, event.config);
}

} // namespace

nlohmann::json FirefoxProfileExporter::toJson(const Profile &profile, const SampleFilter &filter,
                                              const std::string &name) {
    const auto stacks = TransformedStacks::build(profile, filter.transforms);
    std::map<std::pair<uint32_t, uint32_t>, std::vector<size_t>> samplesByThread; // (pid, tid)
    for (size_t i = 0; i < profile.samples.size(); ++i)
        if (filter.accepts(profile, i) && stacks->map(profile.samples.stack[i]) != kDroppedStack)
            samplesByThread[{profile.samples.pid[i], profile.samples.tid[i]}].push_back(i);
    std::unordered_map<uint32_t, StringId> threadNames;
    for (const ThreadInfo &thread : profile.threads)
        threadNames[thread.tid] = thread.name;
    const uint64_t origin = profile.samples.size() == 0 ? 0 : profile.startTime;
    nlohmann::json threads = nlohmann::json::array();
    uint64_t count = 0;
    const bool clock = clockSamples(profile, filter);
    for (auto &[key, indices] : samplesByThread) {
        std::stable_sort(indices.begin(), indices.end(), [&](size_t a, size_t b) {
            return profile.samples.time[a] < profile.samples.time[b];
        });
        GeckoThread thread(profile, *stacks);
        for (const size_t i : indices) {
            const uint64_t time = profile.samples.time[i];
            thread.addSample(stacks->map(profile.samples.stack[i]),
                             static_cast<double>(time > origin ? time - origin : 0) / 1e6,
                             clock ? static_cast<int64_t>(profile.samples.period[i]) : -1);
        }
        count += indices.size();
        const auto threadName = threadNames.find(key.second);
        const ThreadInfo info{key.first, key.second,
                              threadName == threadNames.end() ? 0 : threadName->second};
        threads.push_back(thread.toJson(info, profile.processName(key.first)));
    }
    const double endMs = profile.endTime > profile.startTime
                             ? static_cast<double>(profile.endTime - profile.startTime) / 1e6
                             : 0;
    const double intervalMs = count > 0 && endMs > 0 ? endMs / static_cast<double>(count) : 1;
    return {
        {"meta", meta(profile, name, std::max(intervalMs, 0.001), endMs, clock)},
        {"libs", nlohmann::json::array()},
        {"pausedRanges", nlohmann::json::array()},
        {"processes", nlohmann::json::array()},
        {"sources",
         {{"schema", {{"id", 0}, {"filename", 1}, {"startLine", 2}, {"startColumn", 3}, {"sourceMapURL", 4}}},
          {"data", nlohmann::json::array()}}},
        {"threads", std::move(threads)}};
}

void FirefoxProfileExporter::writeFile(const Profile &profile, const SampleFilter &filter,
                                       const std::string &name, const std::string &path) {
    const nlohmann::json json = toJson(profile, filter, name);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write Firefox Profiler profile to " + path, errno));
    out << json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out.flush();
    if (!out) throw Error("cannot write Firefox Profiler profile to " + path + ": write failed");
}

} // namespace perfglass
