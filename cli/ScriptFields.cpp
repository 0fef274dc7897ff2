#include "ScriptFields.h"

#include "base/Error.h"
#include "base/NameSuggestions.h"

#include <fmt/format.h>

#include <array>
#include <utility>
#include <vector>

namespace perfglass::cli {

namespace {

constexpr std::array<std::pair<const char *, uint32_t>, 11> kFields{{
    {"comm", FieldComm},
    {"pid", FieldPid},
    {"tid", FieldTid},
    {"cpu", FieldCpu},
    {"time", FieldTime},
    {"period", FieldPeriod},
    {"event", FieldEvent},
    {"ip", FieldIp},
    {"sym", FieldSym},
    {"symoff", FieldSymOffset},
    {"dso", FieldDso},
}};

uint32_t fieldBit(const std::string &name, const std::string &whole) {
    std::vector<std::string> names;
    for (const auto &[known, bit] : kFields) {
        if (name == known) return bit;
        names.emplace_back(known);
    }
    throw Error(fmt::format("-F {}: unknown or unsupported field '{}'{} (supported: {})", whole, name,
                            didYouMean(name, names), fmt::join(names, ",")));
}

} // namespace

uint32_t parseScriptFields(const std::string &text) {
    std::string list = text;
    for (const char *prefix : {"hw:", "sw:", "trace:"})
        if (list.rfind(prefix, 0) == 0) list = list.substr(std::string_view(prefix).size());
    std::vector<std::string> items;
    size_t start = 0;
    while (start <= list.size()) {
        const size_t comma = std::min(list.find(',', start), list.size());
        items.push_back(list.substr(start, comma - start));
        start = comma + 1;
    }
    const bool relative = !items.empty() && (items[0].starts_with('+') || items[0].starts_with('-'));
    uint32_t fields = relative ? kDefaultScriptFields : 0;
    for (const auto &item : items) {
        const bool signedItem = item.starts_with('+') || item.starts_with('-');
        if (signedItem != relative)
            throw Error(fmt::format("-F {}: either every field has + or - before it, or none", text));
        const uint32_t bit = fieldBit(relative ? item.substr(1) : item, text);
        fields = item.starts_with('-') ? fields & ~bit : fields | bit;
    }
    if (fields == 0) throw Error(fmt::format("-F {}: no fields left to print", text));
    return fields;
}

} // namespace perfglass::cli
