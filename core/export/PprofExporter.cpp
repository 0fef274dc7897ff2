#include "export/PprofExporter.h"

#include "analysis/FrameCategory.h"
#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "events/GenericEvents.h"
#include "export/ProtobufWriter.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace perfglass {

namespace {

// Field numbers of profile.proto's messages.
enum ProfileField : uint32_t {
    kSampleType = 1,
    kSample = 2,
    kMapping = 3,
    kLocation = 4,
    kFunction = 5,
    kStringTable = 6,
    kDurationNanos = 10,
    kPeriodType = 11,
    kComment = 13,
    kDefaultSampleType = 14,
};

// One frame of a stack as pprof sees it; stacks are listed leaf first.
struct StackItem {
    uint64_t key; // identity: a frame id, or a transformed function with its inline flag
    FunctionId function;
    ModuleId module;
    uint64_t address;
    StringId file;
    uint32_t line;
    bool inlined;
};

struct MappingState {
    uint64_t id = 0; // 0: not used yet
    uint64_t low = UINT64_MAX;
    uint64_t high = 0;
    bool lines = false;
    bool files = false;
    bool inlineFrames = false;
};

struct SampleSum {
    StackId stack;
    uint32_t pid;
    uint32_t tid;
    std::vector<uint64_t> values; // one per sample type
};

class PprofEncoding {
public:
    PprofEncoding(const Profile &profile, const SampleFilter &filter);
    void addSamples();
    std::string finish();

private:
    uint64_t str(const std::string &text);
    const std::string &functionName(FunctionId function) const {
        return stacks_ ? stacks_->functionName(profile_, function) : profile_.functionName(function);
    }
    std::vector<StackItem> itemsOf(StackId stack) const;
    const std::vector<uint64_t> &locationsOf(StackId stack);
    uint64_t locationId(std::span<const StackItem> group);
    uint64_t functionId(const StackItem &item);
    MappingState &mapping(ModuleId module);
    void mapMainModuleFirst();
    void writeSampleTypes();
    void writeSamples();
    void writeMappings();

    const Profile &profile_;
    const SampleFilter &filter_;
    std::shared_ptr<const TransformedStacks> stacks_; // null without transforms: frames are used directly
    std::vector<int> slotOfEvent_;                    // sample type of each event, -1: no samples
    std::vector<size_t> eventOfSlot_;
    std::vector<std::string> strings_{""};
    std::unordered_map<std::string, uint64_t> stringIds_{{"", 0}};
    std::unordered_map<StackId, std::vector<uint64_t>> locationsOfStack_;
    std::unordered_map<std::string, uint64_t> locationIds_;
    std::unordered_map<FunctionId, uint64_t> functionIds_;
    std::vector<MappingState> mappings_; // by module
    std::vector<ModuleId> mappedModules_;
    std::vector<SampleSum> samples_;
    ProtobufWriter out_;
    ProtobufWriter locations_;
    ProtobufWriter functions_;
};

PprofEncoding::PprofEncoding(const Profile &profile, const SampleFilter &filter)
    : profile_(profile)
    , filter_(filter)
    , slotOfEvent_(profile.events.size(), -1)
    , mappings_(profile.modules.size()) {
    if (!filter.transforms.empty()) stacks_ = TransformedStacks::build(profile, filter.transforms);
    for (size_t event = 0; event < profile.events.size(); ++event) {
        if (profile.events[event].samples == 0 && static_cast<int>(event) != filter.event) continue;
        slotOfEvent_[event] = static_cast<int>(eventOfSlot_.size());
        eventOfSlot_.push_back(event);
    }
}

uint64_t PprofEncoding::str(const std::string &text) {
    const auto [it, inserted] = stringIds_.try_emplace(text, strings_.size());
    if (inserted) strings_.push_back(text);
    return it->second;
}

std::vector<StackItem> PprofEncoding::itemsOf(StackId stack) const {
    std::vector<StackItem> items;
    if (stacks_) {
        for (StackId walk = stack; walk != kNoStack; walk = stacks_->node(walk).parent) {
            const TransformedStacks::Node &node = stacks_->node(walk);
            items.push_back({uint64_t{node.inlined} << 32 | node.function, node.function,
                             stacks_->functionModule(profile_, node.function), 0, 0, 0, node.inlined});
        }
        return items;
    }
    for (StackId walk = stack; walk != kNoStack; walk = profile_.stacks[walk].parent) {
        const FrameId id = profile_.stacks[walk].frame;
        const Frame &frame = profile_.frames[id];
        items.push_back(
            {id, frame.function, frame.module, frame.address, frame.sourceFile, frame.line, frame.inlined});
    }
    return items;
}

// A location per out-of-line frame, holding the inline frames called from it (innermost first).
const std::vector<uint64_t> &PprofEncoding::locationsOf(StackId stack) {
    auto [it, inserted] = locationsOfStack_.try_emplace(stack);
    if (!inserted) return it->second;
    const std::vector<StackItem> items = itemsOf(stack);
    std::vector<uint64_t> locations;
    size_t start = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i].inlined && i + 1 < items.size()) continue;
        locations.push_back(locationId(std::span(items).subspan(start, i - start + 1)));
        start = i + 1;
    }
    // The map may have grown (rehashed) while locationId ran: look the entry up again.
    return locationsOfStack_[stack] = std::move(locations);
}

MappingState &PprofEncoding::mapping(ModuleId module) {
    MappingState &state = mappings_[module];
    if (state.id == 0) {
        mappedModules_.push_back(module);
        state.id = mappedModules_.size();
    }
    return state;
}

uint64_t PprofEncoding::locationId(std::span<const StackItem> group) {
    std::string key;
    for (const StackItem &item : group)
        key.append(reinterpret_cast<const char *>(&item.key), sizeof item.key);
    const auto [it, inserted] = locationIds_.try_emplace(std::move(key), locationIds_.size() + 1);
    if (!inserted) return it->second;
    const StackItem &owner = group.back();
    MappingState &state = mapping(owner.module);
    state.low = std::min(state.low, owner.address);
    state.high = std::max(state.high, owner.address + 1);
    ProtobufWriter location;
    location.varint(1, it->second);
    location.varint(2, state.id);
    location.varintIfSet(3, owner.address);
    for (const StackItem &item : group) {
        ProtobufWriter line;
        line.varint(1, functionId(item));
        line.varintIfSet(2, item.line);
        location.message(4, line);
        state.lines = state.lines || item.line != 0;
        state.files = state.files || item.file != 0;
        state.inlineFrames = state.inlineFrames || item.inlined;
    }
    locations_.message(kLocation, location);
    return it->second;
}

uint64_t PprofEncoding::functionId(const StackItem &item) {
    const auto [it, inserted] = functionIds_.try_emplace(item.function, functionIds_.size() + 1);
    if (!inserted) return it->second;
    const uint64_t name = str(functionName(item.function));
    ProtobufWriter function;
    function.varint(1, it->second);
    function.varint(2, name);
    function.varint(3, name);
    if (item.file != 0) function.varint(4, str(profile_.strings[item.file]));
    functions_.message(kFunction, function);
    return it->second;
}

void PprofEncoding::addSamples() {
    SampleFilter anyEvent = filter_;
    anyEvent.event = -1;                        // every event is a sample type of its own
    std::unordered_map<uint64_t, size_t> sumOf; // (stack, tid)
    const SampleTable &table = profile_.samples;
    for (size_t i = 0; i < table.size(); ++i) {
        if (!anyEvent.accepts(profile_, i) || table.event[i] >= slotOfEvent_.size()) continue;
        const int slot = slotOfEvent_[table.event[i]];
        const StackId stack = stacks_ ? stacks_->map(table.stack[i]) : table.stack[i];
        if (slot < 0 || stack == kDroppedStack) continue;
        const auto [it, inserted] = sumOf.try_emplace(uint64_t{stack} << 32 | table.tid[i], samples_.size());
        if (inserted)
            samples_.push_back(
                {stack, table.pid[i], table.tid[i], std::vector<uint64_t>(eventOfSlot_.size())});
        samples_[it->second].values[static_cast<size_t>(slot)] += filter_.weight(profile_, i);
    }
}

void PprofEncoding::writeSampleTypes() {
    for (const size_t event : eventOfSlot_) {
        const EventInfo &info = profile_.events[event];
        const bool time = filter_.cost == CostKind::Period && isClockEvent(info.type, info.config);
        ProtobufWriter type;
        type.varint(1, str(info.name));
        type.varint(2, str(time ? "nanoseconds" : "count"));
        out_.message(kSampleType, type);
        if (static_cast<int>(event) == filter_.event ||
            (filter_.event < 0 && event == eventOfSlot_.front())) {
            out_.message(kPeriodType, type);
            out_.varint(kDefaultSampleType, str(info.name));
        }
    }
}

void PprofEncoding::writeSamples() {
    std::unordered_map<uint32_t, StringId> threadNames;
    for (const ThreadInfo &thread : profile_.threads)
        threadNames[thread.tid] = thread.name;
    const uint64_t pidKey = str("pid");
    const uint64_t tidKey = str("tid");
    const uint64_t threadKey = str("thread");
    for (const SampleSum &sum : samples_) {
        ProtobufWriter sample;
        sample.packed(1, locationsOf(sum.stack));
        sample.packed(2, sum.values);
        ProtobufWriter label;
        label.varint(1, pidKey);
        label.varint(3, sum.pid);
        sample.message(3, label);
        label.clear();
        label.varint(1, tidKey);
        label.varint(3, sum.tid);
        sample.message(3, label);
        const auto name = threadNames.find(sum.tid);
        if (name != threadNames.end() && !profile_.strings[name->second].empty()) {
            label.clear();
            label.varint(1, threadKey);
            label.varint(2, str(profile_.strings[name->second]));
            sample.message(3, label);
        }
        out_.message(kSample, sample);
    }
}

void PprofEncoding::writeMappings() {
    for (const ModuleId module : mappedModules_) {
        const MappingState &state = mappings_[module];
        ProtobufWriter mapping;
        mapping.varint(1, state.id);
        mapping.varintIfSet(2, state.low == UINT64_MAX ? 0 : state.low);
        mapping.varintIfSet(3, state.high);
        mapping.varintIfSet(5, str(profile_.modulePath(module)));
        mapping.varintIfSet(6, str(profile_.modules[module].buildId));
        mapping.varint(7, 1); // has_functions: the names are in the profile, nothing to symbolize
        mapping.varintIfSet(8, state.files);
        mapping.varintIfSet(9, state.lines);
        mapping.varintIfSet(10, state.inlineFrames);
        out_.message(kMapping, mapping);
    }
}

// pprof takes the first mapping for the profiled program ("File:" in its reports): the program's module
// where the most samples end, else any module with samples.
void PprofEncoding::mapMainModuleFirst() {
    std::unordered_map<ModuleId, uint64_t> leafSamples;
    for (const SampleSum &sum : samples_) {
        if (sum.stack == kNoStack) continue;
        const FunctionId function = stacks_ ? stacks_->node(sum.stack).function
                                            : profile_.frames[profile_.stacks[sum.stack].frame].function;
        const ModuleId module =
            stacks_ ? stacks_->functionModule(profile_, function) : profile_.functions[function].module;
        for (const uint64_t value : sum.values)
            leafSamples[module] += value;
    }
    std::optional<ModuleId> best;
    for (const auto &[module, weight] : leafSamples) {
        if (frameCategory(profile_, module) != FrameCategory::Application) continue;
        if (!best || weight > leafSamples.at(*best) || (weight == leafSamples.at(*best) && module < *best))
            best = module;
    }
    if (best) mapping(*best);
}

std::string PprofEncoding::finish() {
    mapMainModuleFirst();
    writeSampleTypes();
    writeSamples(); // makes the locations, functions and mappings the samples use
    writeMappings();
    out_.varintIfSet(kDurationNanos,
                     profile_.endTime > profile_.startTime ? profile_.endTime - profile_.startTime : 0);
    out_.varint(kComment, str("written by perfglass"));
    std::string data = out_.data() + locations_.data() + functions_.data();
    ProtobufWriter strings;
    for (const std::string &text : strings_)
        strings.bytes(kStringTable, text);
    return data + strings.data();
}

} // namespace

std::string PprofExporter::encode(const Profile &profile, const SampleFilter &filter) {
    PprofEncoding encoding(profile, filter);
    encoding.addSamples();
    return encoding.finish();
}

std::string PprofExporter::gzip(std::string_view data) {
    z_stream stream{};
    if (deflateInit2(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw Error("zlib: cannot start compressing");
    const std::unique_ptr<z_stream, int (*)(z_stream *)> end(&stream, deflateEnd);
    std::string out(deflateBound(&stream, data.size()), '\0');
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data.data()));
    stream.avail_in = static_cast<uInt>(data.size());
    stream.next_out = reinterpret_cast<Bytef *>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END) throw Error("zlib: compressing failed");
    out.resize(stream.total_out);
    return out;
}

void PprofExporter::writeFile(const Profile &profile, const SampleFilter &filter, const std::string &path) {
    const std::string data = gzip(encode(profile, filter));
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write pprof profile to " + path, errno));
    out.write(data.data(), static_cast<std::streamsize>(data.size()));
    out.flush();
    if (!out) throw Error("cannot write pprof profile to " + path + ": write failed");
}

} // namespace perfglass
