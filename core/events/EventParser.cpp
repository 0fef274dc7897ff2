#include "events/EventParser.h"

#include "base/Error.h"
#include "base/NameSuggestions.h"
#include "base/PerfEventOpen.h"
#include "base/TextUtil.h"

#include <fmt/format.h>
#include <linux/hw_breakpoint.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <optional>

namespace perfglass {

namespace {

// A piece of the user's text and where it starts in the whole string (for error messages).
struct Token {
    std::string_view text;
    size_t offset = 0;
};

std::string at(const Token &token) {
    return fmt::format("'{}' at position {}", token.text, token.offset);
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// Splits a comma list at the commas that separate events: not those inside "pmu/.../" or "{...}".
std::vector<Token> splitList(std::string_view text, size_t base, bool allowGroups) {
    std::vector<Token> tokens;
    size_t start = 0;
    bool inTerms = false;
    size_t termsOpened = 0;
    bool inGroup = false;
    size_t groupOpened = 0;
    const auto push = [&](size_t end) {
        const std::string_view token = text.substr(start, end - start);
        if (trim(token).empty())
            throw Error(fmt::format("empty event at position {} of '{}'", base + start, text));
        tokens.push_back(Token{token, base + start});
        start = end + 1;
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '/' && !startsWith(text.substr(start), "mem:")) {
            inTerms = !inTerms;
            termsOpened = i;
        } else if (inTerms) {
            continue;
        } else if (c == '{') {
            if (!allowGroups || inGroup)
                throw Error(
                    fmt::format("groups cannot be nested: '{{' at position {} of '{}'", base + i, text));
            if (i != start)
                throw Error(fmt::format("'{{' at position {} of '{}' must start an event", base + i, text));
            inGroup = true;
            groupOpened = i;
        } else if (c == '}') {
            if (!inGroup) throw Error(fmt::format("unmatched '}}' at position {} of '{}'", base + i, text));
            inGroup = false;
        } else if (c == ',' && !inGroup) {
            push(i);
        }
    }
    if (inTerms)
        throw Error(fmt::format(
            "unterminated '/' at position {} of '{}' (terms are written pmu/terms/ or event/terms/)",
            base + termsOpened, text));
    if (inGroup)
        throw Error(fmt::format("unterminated '{{' at position {} of '{}'", base + groupOpened, text));
    push(text.size());
    return tokens;
}

struct Modifiers {
    bool user = false, kernel = false, hypervisor = false;
    unsigned precise = 0;
    bool guestOnly = false, hostOnly = false, sampleRead = false, excludeIdle = false, pinned = false,
         exclusive = false;
    bool privilegeLevels() const { return user || kernel || hypervisor; }
};

constexpr std::string_view kModifierLetters = "ukhpGHSIDe";

bool looksLikeModifiers(std::string_view text) {
    return !text.empty() && text.find_first_not_of(kModifierLetters) == std::string_view::npos;
}

Modifiers parseModifiers(std::string_view text, const Token &token) {
    Modifiers modifiers;
    for (char letter : text) {
        switch (letter) {
        case 'u':
            modifiers.user = true;
            break;
        case 'k':
            modifiers.kernel = true;
            break;
        case 'h':
            modifiers.hypervisor = true;
            break;
        case 'p':
            ++modifiers.precise;
            break;
        case 'G':
            modifiers.guestOnly = true;
            break;
        case 'H':
            modifiers.hostOnly = true;
            break;
        case 'S':
            modifiers.sampleRead = true;
            break;
        case 'I':
            modifiers.excludeIdle = true;
            break;
        case 'D':
            modifiers.pinned = true;
            break;
        case 'e':
            modifiers.exclusive = true;
            break;
        default:
            throw Error(fmt::format("event {}: unknown modifier '{}' in ':{}' (known: u user, k kernel, h "
                                    "hypervisor, p/pp/ppp precise, G guest, H host, S sample read, I exclude "
                                    "idle, D pinned, e exclusive)",
                                    at(token), letter, text));
        }
    }
    if (modifiers.precise > 3)
        throw Error(fmt::format("event {}: at most three 'p' modifiers (':ppp')", at(token)));
    return modifiers;
}

void applyModifiers(const Modifiers &modifiers, EventSpec &spec) {
    perf_event_attr &attr = spec.attr;
    if (modifiers.privilegeLevels()) {
        attr.exclude_user = !modifiers.user;
        attr.exclude_kernel = !modifiers.kernel;
        attr.exclude_hv = !modifiers.hypervisor;
        spec.explicitPrivilege = modifiers.kernel || modifiers.hypervisor;
    }
    attr.precise_ip = std::max<unsigned>(attr.precise_ip, modifiers.precise);
    if (modifiers.guestOnly) attr.exclude_host = 1;
    if (modifiers.hostOnly) attr.exclude_guest = 1;
    if (modifiers.excludeIdle) attr.exclude_idle = 1;
    if (modifiers.pinned) attr.pinned = 1;
    if (modifiers.exclusive) attr.exclusive = 1;
    if (modifiers.sampleRead) spec.sampleRead = true;
}

// A group's modifiers apply to each member, except the privilege levels a member chose itself.
void applyGroupModifiers(const Modifiers &group, const Modifiers &own, EventSpec &spec) {
    Modifiers merged = group;
    if (own.privilegeLevels()) merged.user = merged.kernel = merged.hypervisor = false;
    applyModifiers(merged, spec);
}

std::optional<uint64_t> parseNumber(std::string_view text) {
    text = trim(text);
    int base = 10;
    if (startsWith(text, "0x") || startsWith(text, "0X")) {
        base = 16;
        text.remove_prefix(2);
    }
    uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

EventSpec makeSpec(const Token &token, EventCategory category, uint32_t type, uint64_t config) {
    EventSpec spec;
    spec.name = std::string(trim(token.text));
    spec.attr.size = sizeof(perf_event_attr);
    spec.attr.type = type;
    spec.attr.config = config;
    spec.category = category;
    return spec;
}

bool isRawName(std::string_view name) {
    return name.size() > 1 && name[0] == 'r' &&
           name.find_first_not_of("0123456789abcdefABCDEF", 1) == std::string_view::npos;
}

// One term of a PMU event: "key=value" or "key", and where it came from.
struct Term {
    std::string key;
    std::string value; // empty for a bare term
    bool hasValue = false;
    Token token;           // the term's text in the user's string, or the event's whole token for alias terms
    std::string fromEvent; // the named event whose definition held this term, empty for the user's own
};

Term splitTerm(std::string_view text, const Token &where, std::string fromEvent) {
    Term term;
    const std::string_view trimmed = trim(text);
    const auto equals = trimmed.find('=');
    term.key = std::string(trim(trimmed.substr(0, equals)));
    if (equals != std::string_view::npos) {
        term.value = std::string(trim(trimmed.substr(equals + 1)));
        term.hasValue = true;
    }
    term.token = where;
    term.fromEvent = std::move(fromEvent);
    return term;
}

std::vector<Term> splitTerms(std::string_view text, size_t base, std::string fromEvent,
                             const Token *aliasToken) {
    std::vector<Term> terms;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view piece = text.substr(start, comma - start);
        if (!trim(piece).empty()) {
            const Token where = aliasToken ? *aliasToken : Token{piece, base + start};
            terms.push_back(splitTerm(piece, where, fromEvent));
        }
        start = comma + 1;
    }
    return terms;
}

std::string knownTerms(const Pmu &pmu) {
    std::string text;
    for (const auto &format : pmu.formats)
        text += fmt::format("{}{} ({})", text.empty() ? "" : ", ", format.name(), format.describe());
    for (const char *builtin : {"config", "config1", "config2", "period", "freq", "name"})
        text += fmt::format("{}{}", text.empty() ? "" : ", ", builtin);
    if (!pmu.events.empty()) {
        text += "; events: ";
        for (size_t i = 0; i < pmu.events.size(); ++i)
            text += (i ? ", " : "") + pmu.events[i].name;
    }
    return text;
}

// perf's config terms that Perfglass does not apply per event: they are set for the whole recording by
// record's options (-g/--call-graph, --no-inherit, ...) or concern AUX area tracing.
constexpr std::string_view kPerfOnlyTerms[] = {
    "time",      "call-graph", "stack-size",      "no-inherit", "inherit",
    "max-stack", "nr",         "no-overwrite",    "overwrite",  "driver-config",
    "percore",   "aux-output", "aux-sample-size", "metric-id",  "branch_type"};

// The terms that follow a symbolic, cache, raw or tracepoint name ("cpu-clock/period=10000/").
constexpr std::string_view kEventNameTerms[] = {"period", "freq", "name"};

std::string termPosition(const Term &term) {
    return fmt::format("term '{}' at position {}", trim(term.token.text), term.token.offset);
}

uint64_t termNumber(const Term &term, std::string_view where) {
    if (!term.hasValue) throw Error(fmt::format("{}: '{}' needs a value ({}=N)", where, term.key, term.key));
    const auto parsed = parseNumber(term.value);
    if (!parsed) throw Error(fmt::format("{}: '{}' is not a number (decimal or 0x hex)", where, term.value));
    return *parsed;
}

// period=, freq= and name=, shared by PMU events and event names with terms. False for other keys.
bool applyCommonTerm(const Term &term, std::string_view where, EventSpec &spec) {
    if (term.key == "name") {
        if (term.value.empty()) throw Error(fmt::format("{}: name= needs a value", where));
        spec.name = term.value;
        return true;
    }
    if (term.key == "period" || term.key == "freq") {
        const bool frequency = term.key == "freq";
        const uint64_t value = termNumber(term, where);
        if (value == 0) throw Error(fmt::format("{}: {} must be at least 1", where, term.key));
        spec.attr.freq = frequency ? 1 : 0;
        if (frequency)
            spec.attr.sample_freq = value;
        else
            spec.attr.sample_period = value;
        spec.termPeriod = frequency ? 0 : value;
        spec.termFrequency = frequency ? value : 0;
        return true;
    }
    return false;
}

// A term after an event name: period, freq or name; everything else is refused with the reason.
void applyEventNameTerm(const Term &term, std::string_view eventName, EventSpec &spec) {
    const std::string where = termPosition(term);
    if (applyCommonTerm(term, where, spec)) return;
    if (term.key == "config" || term.key == "config1" || term.key == "config2")
        throw Error(fmt::format("{}: '{}' cannot be set after the event name '{}', which chooses the "
                                "configuration itself (write a PMU event such as software/config=N/ or a "
                                "raw event rNNN instead)",
                                where, term.key, eventName));
    if (std::find(std::begin(kPerfOnlyTerms), std::end(kPerfOnlyTerms), term.key) != std::end(kPerfOnlyTerms))
        throw Error(fmt::format("{}: Perfglass does not apply perf's '{}' term per event (use record's "
                                "options, such as -g/--call-graph, for the whole recording); terms after an "
                                "event name: period, freq, name",
                                where, term.key));
    const std::vector<std::string> names(std::begin(kEventNameTerms), std::end(kEventNameTerms));
    throw Error(fmt::format("{}: unknown term '{}' for event '{}' (terms after an event name: period, freq, "
                            "name){}",
                            where, term.key, eventName, didYouMean(term.key, names)));
}

class ParseContext {
public:
    ParseContext(const EventParser &parser)
        : parser_(parser) {}

    std::vector<EventSpec> parseEvent(const Token &token, Modifiers &own) const {
        const std::string_view text = trim(token.text);
        if (startsWith(text, "mem:")) return {parseBreakpoint(token, own)};
        if (text.find('/') != std::string_view::npos) return parsePmuEvent(token, own);
        return parseNamed(token, own);
    }

private:
    [[noreturn]] void unknownEvent(std::string_view name, const Token &token) const {
        throw Error(fmt::format("unknown event '{}' at position {}{}", name, token.offset,
                                didYouMean(name, parser_.knownNames())));
    }

    std::optional<EventSpec> resolveName(std::string_view name, const Token &token) const {
        if (const GenericEvent *event = findSymbolicEvent(name))
            return makeSpec(token, event->category, event->type, event->config);
        if (const auto config = decodeCacheEvent(name))
            return makeSpec(token, EventCategory::Cache, PERF_TYPE_HW_CACHE, *config);
        if (isRawName(name)) {
            const auto config = parseNumber(fmt::format("0x{}", name.substr(1)));
            if (!config)
                throw Error(
                    fmt::format("event {}: raw event code '{}' does not fit in 64 bits", at(token), name));
            return makeSpec(token, EventCategory::Raw, PERF_TYPE_RAW, *config);
        }
        std::vector<const Pmu *> owners;
        for (const auto &pmu : parser_.pmus().pmus())
            if (pmu.findEvent(name)) owners.push_back(&pmu);
        if (owners.size() > 1) {
            std::string choices;
            for (const Pmu *pmu : owners)
                choices += fmt::format("{}{}/{}/", choices.empty() ? "" : ", ", pmu->name, name);
            throw Error(fmt::format("event {} is ambiguous: {} PMUs have it; write one of {}", at(token),
                                    owners.size(), choices));
        }
        if (owners.size() == 1) return pmuSpec(*owners.front(), name, token, token.offset);
        return std::nullopt;
    }

    std::vector<EventSpec> parseNamed(const Token &token, Modifiers &own) const {
        const std::string_view text = trim(token.text);
        std::vector<std::string_view> parts;
        for (size_t start = 0;;) {
            const size_t colon = text.find(':', start);
            parts.push_back(text.substr(start, colon - start));
            if (colon == std::string_view::npos) break;
            start = colon + 1;
        }
        if (parts.size() > 3)
            throw Error(fmt::format("event {}: too many ':' (expected name[:modifiers] or "
                                    "subsystem:tracepoint[:modifiers])",
                                    at(token)));
        if (parts.size() == 1) {
            if (auto spec = resolveName(parts[0], token)) return {std::move(*spec)};
            unknownEvent(parts[0], token);
        }
        if (parts.size() == 2 && looksLikeModifiers(parts[1])) {
            if (auto spec = resolveName(parts[0], token)) {
                own = parseModifiers(parts[1], token);
                applyModifiers(own, *spec);
                return {std::move(*spec)};
            }
            if (!parser_.tracepoints().id(parts[0], parts[1])) unknownEvent(parts[0], token);
        } else if (parts.size() == 2 && !parser_.tracepoints().id(parts[0], parts[1])) {
            // "cycles:z": a known event with a bad modifier rather than a tracepoint named "cycles:z".
            if (auto spec = resolveName(parts[0], token)) parseModifiers(parts[1], token);
        }
        auto specs = tracepointSpecs(parts[0], parts[1], token);
        if (parts.size() == 3) {
            own = parseModifiers(parts[2], token);
            for (auto &spec : specs)
                applyModifiers(own, spec);
        }
        return specs;
    }

    std::vector<EventSpec> tracepointSpecs(std::string_view subsystem, std::string_view name,
                                           const Token &token) const {
        const TracepointCatalog &catalog = parser_.tracepoints();
        const std::string full = fmt::format("{}:{}", subsystem, name);
        if (!catalog.available()) {
            const std::string message =
                fmt::format("tracepoint {}: {}", at(token), catalog.unavailableReason());
            if (catalog.refusedForPrivilege()) throw TracefsRefused(message);
            throw Error(message);
        }
        std::vector<EventSpec> specs;
        if (full.find_first_of("*?[") != std::string::npos) {
            for (const auto &tracepoint : catalog.match(full)) {
                const auto id = catalog.id(tracepoint.subsystem, tracepoint.name);
                if (!id) continue;
                EventSpec spec = makeSpec(token, EventCategory::Tracepoint, PERF_TYPE_TRACEPOINT, *id);
                spec.name = tracepoint.fullName();
                specs.push_back(std::move(spec));
            }
            if (specs.empty())
                throw Error(fmt::format("tracepoint pattern {} matches no tracepoint in {}/events", at(token),
                                        catalog.root()));
            return specs;
        }
        const auto id = catalog.id(subsystem, name);
        if (!id) {
            std::vector<std::string> names;
            for (const auto &tracepoint : catalog.list())
                names.push_back(tracepoint.fullName());
            throw Error(fmt::format("unknown tracepoint '{}' at position {} (no {}/events/{}/{}/id){}", full,
                                    token.offset, catalog.root(), subsystem, name, didYouMean(full, names)));
        }
        EventSpec spec = makeSpec(token, EventCategory::Tracepoint, PERF_TYPE_TRACEPOINT, *id);
        spec.name = full;
        specs.push_back(std::move(spec));
        return specs;
    }

    EventSpec parseBreakpoint(const Token &token, Modifiers &own) const {
        const std::string_view text = trim(token.text);
        std::string_view rest = text.substr(4);
        const auto colon = rest.find(':');
        const std::string_view location = rest.substr(0, colon);
        std::string_view access;
        std::string_view modifiers;
        if (colon != std::string_view::npos) {
            std::string_view after = rest.substr(colon + 1);
            const auto second = after.find(':');
            const std::string_view first = after.substr(0, second);
            if (!first.empty() && first.find_first_not_of("rwx") == std::string_view::npos) {
                access = first;
                if (second != std::string_view::npos) modifiers = after.substr(second + 1);
            } else if (second == std::string_view::npos) {
                modifiers = first;
            } else {
                throw Error(
                    fmt::format("breakpoint {}: '{}' is not an access type (r, w, x, rw)", at(token), first));
            }
        }
        const auto slash = location.find('/');
        const auto address = parseNumber(location.substr(0, slash));
        if (!address)
            throw Error(fmt::format("breakpoint {}: '{}' is not an address (write mem:0xADDR[/LEN][:rwx])",
                                    at(token), location.substr(0, slash)));
        uint32_t type = 0;
        for (char letter : access) {
            const uint32_t bit = letter == 'r'   ? uint32_t{HW_BREAKPOINT_R}
                                 : letter == 'w' ? uint32_t{HW_BREAKPOINT_W}
                                                 : uint32_t{HW_BREAKPOINT_X};
            if (type & bit)
                throw Error(
                    fmt::format("breakpoint {}: access '{}' repeats '{}'", at(token), access, letter));
            type |= bit;
        }
        if (type == 0) type = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
        if ((type & HW_BREAKPOINT_X) && type != HW_BREAKPOINT_X)
            throw Error(fmt::format("breakpoint {}: access '{}' mixes execute with read or write", at(token),
                                    access));
        uint64_t length = type == HW_BREAKPOINT_X ? uint64_t{sizeof(long)} : uint64_t{HW_BREAKPOINT_LEN_4};
        if (slash != std::string_view::npos) {
            const auto given = parseNumber(location.substr(slash + 1));
            if (!given || (*given != 1 && *given != 2 && *given != 4 && *given != 8))
                throw Error(fmt::format("breakpoint {}: length '{}' must be 1, 2, 4 or 8", at(token),
                                        location.substr(slash + 1)));
            if (type == HW_BREAKPOINT_X && *given != sizeof(long))
                throw Error(fmt::format("breakpoint {}: an execute breakpoint covers {} bytes, not {}",
                                        at(token), sizeof(long), *given));
            length = *given;
        }
        EventSpec spec = makeSpec(token, EventCategory::Breakpoint, PERF_TYPE_BREAKPOINT, 0);
        spec.attr.bp_type = type;
        spec.attr.bp_addr = *address;
        spec.attr.bp_len = length;
        spec.attr.sample_period = 1;
        if (!modifiers.empty()) {
            own = parseModifiers(modifiers, token);
            applyModifiers(own, spec);
        }
        return spec;
    }

    std::vector<EventSpec> parsePmuEvent(const Token &token, Modifiers &own) const {
        const std::string_view text = token.text;
        const size_t open = text.find('/');
        const size_t close = text.rfind('/');
        const std::string_view name = trim(text.substr(0, open));
        const Pmu *pmu = parser_.pmus().find(name);
        if (!pmu) {
            if (auto specs = eventNameWithTerms(token, name, open, close, own)) return std::move(*specs);
            std::vector<std::string> names;
            for (const auto &candidate : parser_.pmus().pmus())
                names.push_back(candidate.name);
            std::string known;
            for (const auto &candidate : names)
                known += (known.empty() ? "" : ", ") + candidate;
            const auto events = parser_.knownNames(false);
            names.insert(names.end(), events.begin(), events.end());
            throw Error(fmt::format("event {}: no PMU '{}' in {} and no event of that name{} (PMUs here: {})",
                                    at(token), name, parser_.pmus().root(), didYouMean(name, names),
                                    known.empty() ? "none" : known));
        }
        EventSpec spec =
            pmuSpec(*pmu, text.substr(open + 1, close - open - 1), token, token.offset + open + 1);
        applyTrailingModifiers(token, close, own, spec);
        return {std::move(spec)};
    }

    static void applyTrailingModifiers(const Token &token, size_t close, Modifiers &own, EventSpec &spec) {
        std::string_view modifiers = token.text.substr(close + 1);
        if (startsWith(modifiers, ":")) modifiers.remove_prefix(1);
        if (!modifiers.empty()) {
            own = parseModifiers(modifiers, token);
            applyModifiers(own, spec);
        }
    }

    // "cpu-clock/period=10000/", "L1-dcache-loads/name=x/u", "sched:sched_switch/period=2/": an event name
    // followed by terms. nullopt when the name before the '/' is no event (the caller then reports it as an
    // unknown PMU).
    std::optional<std::vector<EventSpec>> eventNameWithTerms(const Token &token, std::string_view name,
                                                             size_t open, size_t close,
                                                             Modifiers &own) const {
        std::vector<EventSpec> specs;
        const size_t colon = name.find(':');
        if (colon != std::string_view::npos) {
            if (name.find(':', colon + 1) != std::string_view::npos) return std::nullopt;
            specs = tracepointSpecs(name.substr(0, colon), name.substr(colon + 1), token);
        } else if (auto spec = resolveName(name, token)) {
            specs.push_back(std::move(*spec));
        } else {
            return std::nullopt;
        }
        const auto terms =
            splitTerms(token.text.substr(open + 1, close - open - 1), token.offset + open + 1, {}, nullptr);
        for (auto &spec : specs) {
            for (const Term &term : terms)
                applyEventNameTerm(term, name, spec);
            applyTrailingModifiers(token, close, own, spec);
        }
        return specs;
    }

    // Builds a PMU event from its terms ("event=0x3c,umask=1", "tsc", "energy-pkg,period=10").
    EventSpec pmuSpec(const Pmu &pmu, std::string_view termText, const Token &token,
                      size_t termsOffset) const {
        EventSpec spec = makeSpec(token, EventCategory::Pmu, pmu.type, 0);
        spec.pmu = pmu.name;
        if (pmu.systemWideOnly) spec.cpus = pmu.cpus;
        std::vector<Term> terms;
        for (auto &term : splitTerms(termText, termsOffset, {}, nullptr)) {
            const PmuEvent *event = term.hasValue ? nullptr : pmu.findEvent(term.key);
            if (!event) {
                terms.push_back(std::move(term));
                continue;
            }
            // A named event expands to its terms; the user's later terms override them.
            for (auto &inner : splitTerms(event->terms, 0, event->name, &token))
                terms.push_back(std::move(inner));
            spec.scale = event->scale;
            spec.unit = event->unit;
        }
        for (size_t i = 0; i < terms.size(); ++i) {
            const Term &term = terms[i];
            if (term.value == "?") {
                const bool supplied = std::any_of(terms.begin() + static_cast<long>(i) + 1, terms.end(),
                                                  [&](const Term &later) { return later.key == term.key; });
                if (!supplied)
                    throw Error(fmt::format("event {}: {}/{}/ needs a value for its parameter '{}' (write "
                                            "{}/{},{}=N/)",
                                            at(token), pmu.name, term.fromEvent, term.key, pmu.name,
                                            term.fromEvent, term.key));
                continue;
            }
            applyTerm(pmu, term, spec);
        }
        return spec;
    }

    void applyTerm(const Pmu &pmu, const Term &term, EventSpec &spec) const {
        const std::string where =
            term.fromEvent.empty()
                ? fmt::format("term '{}' at position {}", trim(term.token.text), term.token.offset)
                : fmt::format("term '{}{}{}' of {}/{}/ (event {})", term.key, term.hasValue ? "=" : "",
                              term.value, pmu.name, term.fromEvent, at(term.token));
        if (applyCommonTerm(term, where, spec)) return;
        const PmuFormat *format = pmu.findFormat(term.key);
        const bool builtin = term.key == "config" || term.key == "config1" || term.key == "config2";
        if (!format && !builtin)
            throw Error(fmt::format("{}: unknown term '{}' for PMU {} (known terms: {}){}", where, term.key,
                                    pmu.name, knownTerms(pmu), didYouMean(term.key, termNames(pmu))));
        uint64_t value = 1;
        if (term.hasValue) {
            const auto parsed = parseNumber(term.value);
            if (!parsed)
                throw Error(fmt::format("{}: '{}' is not a number (decimal or 0x hex)", where, term.value));
            value = *parsed;
        } else if (!format) {
            throw Error(fmt::format("{}: '{}' needs a value ({}=N)", where, term.key, term.key));
        }
        if (format) {
            if (!format->fits(value))
                throw Error(
                    fmt::format("{}: value {:#x} is out of range for '{}', which has {} bit{} ({}), so "
                                "at most {:#x}",
                                where, value, term.key, format->bitCount(),
                                format->bitCount() == 1 ? "" : "s", format->describe(), format->maxValue()));
            format->apply(value, spec.attr);
        } else if (term.key == "config") {
            spec.attr.config = value;
        } else if (term.key == "config1") {
            spec.attr.config1 = value;
        } else if (term.key == "config2") {
            spec.attr.config2 = value;
        }
    }

    static std::vector<std::string> termNames(const Pmu &pmu) {
        std::vector<std::string> names{"config", "config1", "config2", "period", "freq", "name"};
        for (const auto &format : pmu.formats)
            names.push_back(format.name());
        for (const auto &event : pmu.events)
            names.push_back(event.name);
        return names;
    }

    const EventParser &parser_;
};

} // namespace

EventParser::EventParser(std::string tracefsRoot, std::string sysfsRoot)
    : pmus_(PmuCatalog::load(sysfsRoot))
    , tracepoints_(std::move(tracefsRoot)) {}

EventParser::EventParser(PmuCatalog pmus, TracepointCatalog tracepoints)
    : pmus_(std::move(pmus))
    , tracepoints_(std::move(tracepoints)) {}

std::vector<std::string> EventParser::knownNames(bool withTracepoints) const {
    std::vector<std::string> names;
    for (const auto &event : symbolicEvents()) {
        names.push_back(event.name);
        names.insert(names.end(), event.aliases.begin(), event.aliases.end());
    }
    for (const auto &event : cacheEvents())
        names.push_back(event.name);
    for (const auto &pmu : pmus_.pmus()) {
        for (const auto &event : pmu.events) {
            names.push_back(event.name);
            names.push_back(fmt::format("{}/{}/", pmu.name, event.name));
        }
    }
    if (withTracepoints && tracepoints_.available())
        for (const auto &tracepoint : tracepoints_.list())
            names.push_back(tracepoint.fullName());
    return names;
}

std::vector<EventSpec> EventParser::parse(std::string_view text) const {
    const ParseContext context(*this);
    std::vector<EventSpec> specs;
    if (trim(text).empty()) throw Error("no event given (an empty event list)");
    for (const Token &token : splitList(text, 0, true)) {
        const std::string_view trimmed = trim(token.text);
        if (!startsWith(trimmed, "{")) {
            Modifiers own;
            for (auto &spec : context.parseEvent(token, own))
                specs.push_back(std::move(spec));
            continue;
        }
        const size_t leading = static_cast<size_t>(trimmed.data() - token.text.data());
        const size_t close = trimmed.rfind('}');
        std::string_view groupModifiers = trimmed.substr(close + 1);
        if (!groupModifiers.empty() && !startsWith(groupModifiers, ":"))
            throw Error(fmt::format("group {}: expected ':modifiers' after '}}', found '{}'", at(token),
                                    groupModifiers));
        if (!groupModifiers.empty()) groupModifiers.remove_prefix(1);
        const Modifiers group = parseModifiers(groupModifiers, token);
        const std::string_view inner = trimmed.substr(1, close - 1);
        if (trim(inner).empty()) throw Error(fmt::format("group {} is empty", at(token)));
        const int leader = static_cast<int>(specs.size());
        for (const Token &member : splitList(inner, token.offset + leading + 1, false)) {
            Modifiers own;
            for (auto &spec : context.parseEvent(member, own)) {
                applyGroupModifiers(group, own, spec);
                spec.groupLeader = leader;
                specs.push_back(std::move(spec));
            }
        }
    }
    return specs;
}

FdOrErrno probeEvent(const perf_event_attr &attr) {
    perf_event_attr probe = attr;
    probe.disabled = 1;
    probe.exclude_kernel = 1;
    probe.exclude_hv = 1;
    return perfEventOpen(probe, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

} // namespace perfglass
