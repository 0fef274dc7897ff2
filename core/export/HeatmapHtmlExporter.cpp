#include "export/HeatmapHtmlExporter.h"

#include "analysis/FrameCategory.h"
#include "analysis/TransformedStacks.h"
#include "base/Error.h"
#include "base/TextUtil.h"
#include "export/HeatmapHtmlScript.h"
#include "export/SvgFlameGraphExporter.h"

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <fstream>
#include <map>
#include <unordered_map>
#include <vector>

namespace perfglass {

namespace {

constexpr int64_t kEmptyStack = -1;

struct Counts {
    uint64_t samples = 0;
    uint64_t cost = 0;
};

// Per cell, the samples and cost of each transformed stack (node) that ran in it.
using CellStacks = std::map<size_t, std::map<StackId, Counts>>;

CellStacks cellStacks(const Profile &profile, const SampleFilter &filter, const Heatmap &map,
                      const TransformedStacks &stacks) {
    CellStacks cells;
    HeatmapCell cell;
    for (size_t i = 0; i < profile.samples.size(); ++i) {
        if (!map.cellOf(profile.samples.time[i], cell) || !filter.accepts(profile, i)) continue;
        const StackId node = stacks.map(profile.samples.stack[i]);
        if (node == kDroppedStack) continue;
        Counts &counts = cells[map.index(cell)][node];
        ++counts.samples;
        counts.cost += filter.weight(profile, i);
    }
    return cells;
}

// The nodes the cells use and their callers, numbered parents first, and the functions they run.
class NodeTable {
public:
    NodeTable(const Profile &profile, const TransformedStacks &stacks)
        : profile_(profile)
        , stacks_(stacks) {}

    int64_t add(StackId node) {
        if (node == kNoStack) return kEmptyStack;
        if (const auto found = ids_.find(node); found != ids_.end()) return found->second;
        const TransformedStacks::Node &entry = stacks_.node(node);
        const int64_t parent = add(entry.parent);
        const auto id = static_cast<int64_t>(nodes_.size());
        nodes_.push_back({parent, function(entry.function)});
        ids_[node] = id;
        return id;
    }
    nlohmann::json nodes() const { return nodes_; }
    nlohmann::json functions() const { return functions_; }

private:
    int64_t function(FunctionId function) {
        if (const auto found = functionIds_.find(function); found != functionIds_.end()) return found->second;
        const std::string &name = stacks_.functionName(profile_, function);
        const ModuleId module = stacks_.functionModule(profile_, function);
        const Rgb rgb = FramePalette::frameColour(frameCategory(profile_, module), name);
        const auto id = static_cast<int64_t>(functions_.size());
        functions_.push_back({name, fmt::format("#{:02x}{:02x}{:02x}", rgb.red, rgb.green, rgb.blue)});
        functionIds_[function] = id;
        return id;
    }

    const Profile &profile_;
    const TransformedStacks &stacks_;
    std::unordered_map<StackId, int64_t> ids_;
    std::unordered_map<FunctionId, int64_t> functionIds_;
    std::vector<std::array<int64_t, 2>> nodes_;
    std::vector<std::array<std::string, 2>> functions_;
};

nlohmann::json matrixJson(const Heatmap &map, const HeatmapHtmlOptions &options, const std::string &event) {
    nlohmann::json json;
    json["title"] = options.title;
    json["unit"] = options.unit;
    json["event"] = event;
    json["start"] = map.origin();
    json["columnNs"] = map.columnNs();
    json["bucketNs"] = map.bucketNs();
    json["columns"] = map.columns();
    json["rows"] = map.rows();
    json["samples"] = map.sampleCells();
    json["cost"] = map.costCells();
    return json;
}

} // namespace

nlohmann::json HeatmapHtmlExporter::toJson(const Profile &profile, const SampleFilter &filter,
                                           const HeatmapHtmlOptions &options) {
    const Heatmap map = Heatmap::compute(profile, filter, options.heatmap);
    const auto stacks = TransformedStacks::build(profile, filter.transforms);
    const std::string event = filter.event >= 0 && static_cast<size_t>(filter.event) < profile.events.size()
                                  ? profile.events[static_cast<size_t>(filter.event)].name
                                  : std::string("all events");
    nlohmann::json json = matrixJson(map, options, event);
    NodeTable table(profile, *stacks);
    nlohmann::json cells = nlohmann::json::object();
    for (const auto &[index, nodes] : cellStacks(profile, filter, map, *stacks)) {
        nlohmann::json entries = nlohmann::json::array();
        for (const auto &[node, counts] : nodes) {
            entries.push_back(table.add(node));
            entries.push_back(counts.samples);
            entries.push_back(counts.cost);
        }
        cells[std::to_string(index)] = std::move(entries);
    }
    json["cells"] = std::move(cells);
    json["nodes"] = table.nodes();
    json["functions"] = table.functions();
    return json;
}

std::string HeatmapHtmlExporter::scriptSafe(const std::string &json) {
    std::string out;
    out.reserve(json.size());
    for (const char c : json) {
        if (c == '<')
            out += "\\u003c";
        else if (c == '>')
            out += "\\u003e";
        else if (c == '&')
            out += "\\u0026";
        else
            out += c;
    }
    return out;
}

void HeatmapHtmlExporter::write(const Profile &profile, const SampleFilter &filter,
                                const HeatmapHtmlOptions &options, std::ostream &out) {
    const nlohmann::json json = toJson(profile, filter, options);
    const std::string title = SvgFlameGraphExporter::escape(options.title);
    out << "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
        << "<meta charset=\"utf-8\"/>\n<title>" << title << "</title>\n<style>" << kHeatmapHtmlStyle
        << "</style>\n</head>\n<body>\n<h1>" << title << "</h1>\n"
        << kHeatmapHtmlBody << "<script type=\"application/json\" id=\"heatmap-data\">"
        << scriptSafe(json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)) << "</script>\n"
        << "<script>//<![CDATA[\n"
        << kHeatmapHtmlScript << "\n//]]></script>\n</body>\n</html>\n";
}

void HeatmapHtmlExporter::writeFile(const Profile &profile, const SampleFilter &filter,
                                    const HeatmapHtmlOptions &options, const std::string &path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(systemErrorMessage("cannot write the heat map page to " + path, errno));
    write(profile, filter, options, out);
    out.flush();
    if (!out) throw Error("cannot write the heat map page to " + path + ": write failed");
}

} // namespace perfglass
