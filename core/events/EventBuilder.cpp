#include "events/EventBuilder.h"

#include "base/Error.h"
#include "base/TextUtil.h"

#include <fmt/format.h>

#include <charconv>
#include <optional>

namespace perfglass {

namespace {

bool isNameCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
}

std::optional<uint64_t> parseValue(std::string_view text) {
    int base = 10;
    if (text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        base = 16;
    }
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

void checkEvent(const Pmu &pmu, const BuiltEvent &event) {
    for (const auto &[field, value] : event.fields) {
        const PmuFormat *format = pmu.findFormat(field);
        if (!format) throw Error(fmt::format("PMU {} has no format field {}", pmu.name, field));
        if (!format->fits(value))
            throw Error(fmt::format("{}={:#x} does not fit the field ({}, at most {:#x})", field, value,
                                    format->describe(), format->maxValue()));
    }
    if (event.period != 0 && event.frequency != 0)
        throw Error("an event samples by period or by frequency, not both");
    if (event.precise > 3) throw Error(fmt::format("precise level {} is above 3 (ppp)", event.precise));
    if (!event.user && !event.kernel && !event.hypervisor)
        throw Error("count in user space, the kernel or the hypervisor, at least one");
    for (char c : event.name)
        if (!isNameCharacter(c))
            throw Error(
                fmt::format("the name '{}' may have letters, digits, '_', '-' and '.' only", event.name));
}

} // namespace

std::string EventBuilder::modifiers(const BuiltEvent &event) {
    std::string result;
    if (!(event.user && event.kernel && event.hypervisor)) {
        if (event.user) result += 'u';
        if (event.kernel) result += 'k';
        if (event.hypervisor) result += 'h';
    }
    result.append(event.precise, 'p');
    if (event.exclusive) result += 'e';
    if (event.pinned) result += 'D';
    return result;
}

std::string EventBuilder::text(const Pmu &pmu, const BuiltEvent &event) {
    checkEvent(pmu, event);
    std::vector<std::string> terms;
    for (const auto &[field, value] : event.fields)
        terms.push_back(value < 10 ? fmt::format("{}={}", field, value)
                                   : fmt::format("{}={:#x}", field, value));
    if (event.period != 0) terms.push_back(fmt::format("period={}", event.period));
    if (event.frequency != 0) terms.push_back(fmt::format("freq={}", event.frequency));
    if (!event.name.empty()) terms.push_back("name=" + event.name);
    // perf's syntax needs at least one term between the slashes.
    if (terms.empty()) {
        if (pmu.formats.empty()) throw Error(fmt::format("PMU {} has no format fields to set", pmu.name));
        terms.push_back(pmu.formats.front().name() + "=0");
    }
    return fmt::format("{}/{}/{}", pmu.name, fmt::join(terms, ","), modifiers(event));
}

std::vector<std::pair<std::string, uint64_t>> EventBuilder::prefill(const Pmu &pmu, const PmuEvent &event) {
    std::vector<std::pair<std::string, uint64_t>> fields;
    std::string_view rest = event.terms;
    while (!rest.empty()) {
        const size_t comma = rest.find(',');
        const std::string_view term = trim(rest.substr(0, comma));
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        const size_t equals = term.find('=');
        const std::string field(trim(term.substr(0, equals)));
        const std::optional<uint64_t> value = equals == std::string_view::npos
                                                  ? std::optional<uint64_t>(1)
                                                  : parseValue(trim(term.substr(equals + 1)));
        if (value && pmu.findFormat(field)) fields.emplace_back(field, *value);
    }
    return fields;
}

std::string EventBuilder::group(const std::vector<std::string> &members) {
    if (members.size() < 2) throw Error("a group needs at least two events");
    for (const std::string &member : members)
        if (member.starts_with('{'))
            throw Error(fmt::format("{} is a group already: groups do not nest", member));
    return fmt::format("{{{}}}", fmt::join(members, ","));
}

std::vector<std::string> EventBuilder::members(std::string_view text) {
    if (!text.starts_with('{') || !text.ends_with('}')) return {std::string(text)};
    text = text.substr(1, text.size() - 2);
    std::vector<std::string> result;
    std::string current;
    int slashes = 0; // commas between a PMU event's slashes separate its terms, not events
    for (char c : text) {
        if (c == ',' && slashes % 2 == 0) {
            result.push_back(current);
            current.clear();
            slashes = 0;
            continue;
        }
        if (c == '/') ++slashes;
        current += c;
    }
    result.push_back(current);
    return result;
}

} // namespace perfglass
