#include "JsonReport.h"

#include <fmt/format.h>

namespace perfglass::cli {

namespace {

double percent(uint64_t part, uint64_t total) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(total);
}

nlohmann::json functionJson(const Profile &profile, const TransformedStacks &stacks, FunctionId function) {
    return {{"function", stacks.functionName(profile, function)},
            {"module", profile.moduleName(stacks.functionModule(profile, function))}};
}

nlohmann::json nodeJson(const CallTree &tree, uint32_t index, const TextReportOptions &options) {
    const CallTreeNode &node = tree.node(index);
    nlohmann::json json = index == CallTree::kRoot
                              ? nlohmann::json::object()
                              : functionJson(tree.profile(), tree.stacks(), node.function);
    if (index != CallTree::kRoot) json["inlined"] = node.inlined;
    json["self"] = node.self;
    json["inclusive"] = node.inclusive;
    const uint64_t total = percentBase(tree, options);
    json["selfPercent"] = percent(node.self, total);
    json["inclusivePercent"] = percent(node.inclusive, total);
    nlohmann::json children = nlohmann::json::array();
    for (uint32_t child : node.children) {
        if (percent(tree.node(child).inclusive, total) < options.minPercent) break;
        if (options.limit > 0 && children.size() >= options.limit) break;
        children.push_back(nodeJson(tree, child, options));
    }
    json["children"] = std::move(children);
    return json;
}

nlohmann::json entriesJson(const Profile &profile, const CallerCallee &result,
                           const std::vector<CallerCalleeEntry> &entries, const TextReportOptions &options) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto &entry : entries) {
        if (options.limit > 0 && list.size() >= options.limit) break;
        nlohmann::json json = functionJson(profile, *result.stacks, entry.function);
        json["cost"] = entry.cost;
        json["percent"] = percent(entry.cost, result.total);
        json["inlined"] = entry.inlined;
        list.push_back(std::move(json));
    }
    return list;
}

} // namespace

nlohmann::json treeToJson(const CallTree &tree, const std::string &eventName,
                          const TextReportOptions &options) {
    return {{"view", tree.kind() == CallTree::Kind::TopDown ? "top-down" : "bottom-up"},
            {"event", eventName},
            {"samples", tree.sampleCount()},
            {"total", tree.total()},
            {"root", nodeJson(tree, CallTree::kRoot, options)}};
}

nlohmann::json hostTreeToJson(const CallTree &tree, const std::string &label, const std::string &file,
                              const TextReportOptions &options) {
    nlohmann::json json = nodeJson(tree, CallTree::kRoot, options);
    json["function"] = label;
    json["module"] = "";
    json["file"] = file;
    json["inlined"] = false;
    json["self"] = 0;
    json["selfPercent"] = 0.0;
    return json;
}

nlohmann::json flatToJson(const Profile &profile, const FlatProfile &flat, const std::string &eventName,
                          const TextReportOptions &options) {
    nlohmann::json functions = nlohmann::json::array();
    for (const auto &cost : flat.functions) {
        if (options.limit > 0 && functions.size() >= options.limit) break;
        nlohmann::json json = functionJson(profile, *flat.stacks, cost.function);
        json["self"] = cost.self;
        json["inclusive"] = cost.inclusive;
        json["selfPercent"] = percent(cost.self, flat.total);
        json["inclusivePercent"] = percent(cost.inclusive, flat.total);
        json["inlinedSelf"] = cost.inlinedSelf;
        json["inlinedSelfPercent"] = percent(cost.inlinedSelf, flat.total);
        json["inlined"] = cost.inlinedOnly;
        functions.push_back(std::move(json));
    }
    return {{"view", "flat"},
            {"event", eventName},
            {"samples", flat.sampleCount},
            {"total", flat.total},
            {"functions", std::move(functions)}};
}

nlohmann::json callerCalleeToJson(const Profile &profile, const CallerCallee &result,
                                  const std::string &eventName, const TextReportOptions &options) {
    nlohmann::json json = functionJson(profile, *result.stacks, result.function);
    json["view"] = "caller-callee";
    json["event"] = eventName;
    json["samples"] = result.sampleCount;
    json["total"] = result.total;
    json["self"] = result.self;
    json["inclusive"] = result.inclusive;
    json["selfPercent"] = percent(result.self, result.total);
    json["inclusivePercent"] = percent(result.inclusive, result.total);
    json["inlinedSelf"] = result.inlinedSelf;
    json["inlinedSelfPercent"] = percent(result.inlinedSelf, result.total);
    json["callers"] = entriesJson(profile, result, result.callers, options);
    json["callees"] = entriesJson(profile, result, result.callees, options);
    return json;
}

void printJson(std::FILE *out, const nlohmann::json &json) {
    fmt::print(out, "{}\n", json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace perfglass::cli
