#include "symbols/ReadableName.h"

#include <algorithm>
#include <array>
#include <vector>

namespace perfglass {

namespace {

constexpr std::string_view kEllipsis = "\u2026";
constexpr size_t kNone = std::string_view::npos;

bool isIdentifierChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The length of an "operator…" token at I ("operator<<", "operator()", "operator new"), or 0.
size_t operatorLength(std::string_view s, size_t i) {
    constexpr std::string_view kOperator = "operator";
    if (s[i] != 'o' || s.substr(i, kOperator.size()) != kOperator) return 0;
    if (i > 0 && isIdentifierChar(s[i - 1])) return 0;
    const size_t after = i + kOperator.size();
    if (after < s.size() && isIdentifierChar(s[after])) return 0;
    static constexpr std::array<std::string_view, 40> kSymbols = {
        "<=>", "<<=", ">>=", "->*", "()", "[]", "<<", ">>", "<=", ">=", "==", "!=",  "&&", "||",
        "++",  "--",  "->",  "+=",  "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<",   ">",  "+",
        "-",   "*",   "/",   "%",   "^",  "&",  "|",  "~",  "!",  "=",  ",",  "\"\""};
    for (std::string_view symbol : kSymbols)
        if (s.substr(after, symbol.size()) == symbol) return kOperator.size() + symbol.size();
    return kOperator.size(); // "operator new", "operator bool": the word that follows is plain text
}

char closerOf(char open) {
    switch (open) {
    case '<':
        return '>';
    case '(':
        return ')';
    case '[':
        return ']';
    case '{':
        return '}';
    default:
        return 0;
    }
}

// The index of the bracket that closes the one at OPEN ('<', '(', '[' or '{'), or kNone.
size_t matchBracket(std::string_view s, size_t open) {
    const char close = closerOf(s[open]);
    for (size_t j = open + 1; j < s.size(); ++j) {
        if (const size_t length = operatorLength(s, j)) {
            j += length - 1;
        } else if (s[j] == close) {
            return j;
        } else if (closerOf(s[j]) != 0) {
            const size_t end = matchBracket(s, j);
            if (end == kNone) {
                if (s[j] != '<') return kNone; // a lone '<' is a comparison; other brackets must match
            } else {
                j = end;
            }
        } else if (s[j] == ')' || s[j] == ']' || s[j] == '}') {
            return kNone; // closes an outer bracket first
        }
    }
    return kNone;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    return s;
}

// The arguments of a template argument list (the text between its brackets), split at top-level commas.
std::vector<std::string_view> splitArguments(std::string_view inner) {
    std::vector<std::string_view> arguments;
    size_t start = 0;
    for (size_t j = 0; j < inner.size(); ++j) {
        if (const size_t length = operatorLength(inner, j)) {
            j += length - 1;
        } else if (closerOf(inner[j]) != 0) {
            const size_t end = matchBracket(inner, j);
            if (end != kNone) j = end;
        } else if (inner[j] == ',') {
            arguments.push_back(trimmed(inner.substr(start, j - start)));
            start = j + 1;
        }
    }
    arguments.push_back(trimmed(inner.substr(start)));
    return arguments;
}

// The qualified name that ends TEXT ("std::vector" of "foo(std::vector"), where a template list begins.
std::string_view trailingName(std::string_view text) {
    size_t start = text.size();
    while (start > 0) {
        if (isIdentifierChar(text[start - 1])) {
            --start;
        } else if (start >= 2 && text[start - 1] == ':' && text[start - 2] == ':') {
            start -= 2;
        } else {
            break;
        }
    }
    return text.substr(start);
}

std::string templateOf(std::string_view name, const std::string &argument) {
    return std::string(name) + "<" + argument + ">";
}

// The default of template TEMPLATE's argument POSITION given the arguments before it, or "" when the
// argument has no default we know of.
std::string defaultArgument(std::string_view name, size_t position, const std::vector<std::string> &args) {
    constexpr std::string_view kStd = "std::";
    if (name.substr(0, kStd.size()) != kStd) return "";
    const std::string_view base = name.substr(kStd.size());
    const auto among = [base](std::initializer_list<std::string_view> names) {
        return std::find(names.begin(), names.end(), base) != names.end();
    };
    const std::string &first = args[0];
    const auto allocator = [&] { return templateOf("std::allocator", first); };
    const auto pairAllocator = [&] {
        return templateOf("std::allocator", "std::pair<" + first + " const, " + args[1] + ">");
    };
    const auto traits = [&] { return templateOf("std::char_traits", first); };
    if (among({"vector", "deque", "list", "forward_list"})) return position == 1 ? allocator() : "";
    if (among({"set", "multiset"})) return position == 1 ? templateOf("std::less", first) : allocator();
    if (among({"map", "multimap"}))
        return position == 2 ? templateOf("std::less", first) : position == 3 ? pairAllocator() : "";
    if (among({"unordered_set", "unordered_multiset", "unordered_map", "unordered_multimap"})) {
        const bool isMap = base.find("map") != std::string_view::npos;
        const size_t hash = isMap ? 2 : 1;
        if (position == hash) return templateOf("std::hash", first);
        if (position == hash + 1) return templateOf("std::equal_to", first);
        if (position == hash + 2) return isMap ? pairAllocator() : allocator();
        return "";
    }
    if (among({"unique_ptr"})) return position == 1 ? templateOf("std::default_delete", first) : "";
    if (among({"basic_string", "basic_stringstream", "basic_istringstream", "basic_ostringstream",
               "basic_stringbuf"}))
        return position == 1 ? traits() : position == 2 ? allocator() : "";
    if (base.substr(0, 6) == "basic_" || among({"istreambuf_iterator", "ostreambuf_iterator"}))
        return position == 1 ? traits() : "";
    if (among({"stack", "queue"})) return position == 1 ? templateOf("std::deque", first) : "";
    if (among({"priority_queue"}))
        return position == 1   ? templateOf("std::vector", first)
               : position == 2 ? templateOf("std::less", first)
                               : "";
    if (base == "chrono::duration" && position == 1) return "std::ratio<1l, 1l>";
    return "";
}

// "std::basic_string<char>" -> "std::string", "std::basic_ostream<wchar_t>" -> "std::wostream".
std::string standardTypedef(std::string_view name, const std::vector<std::string> &args) {
    constexpr std::string_view kBasic = "std::basic_";
    if (args.size() != 1 || name.substr(0, kBasic.size()) != kBasic) return "";
    const std::string_view base = name.substr(kBasic.size());
    const bool stringLike = base == "string" || base == "string_view";
    if (args[0] == "char") return "std::" + std::string(base);
    if (args[0] == "wchar_t") return "std::w" + std::string(base);
    if (stringLike && args[0] == "char8_t") return "std::u8" + std::string(base);
    if (stringLike && args[0] == "char16_t") return "std::u16" + std::string(base);
    if (stringLike && args[0] == "char32_t") return "std::u32" + std::string(base);
    return "";
}

void replaceAll(std::string &text, std::string_view from, std::string_view to) {
    for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

std::string simplify(std::string_view s);

// Appends the template argument list INNER, of the template whose name ends OUT, simplified.
void appendTemplateArguments(std::string &out, std::string_view inner) {
    std::vector<std::string> args;
    for (std::string_view argument : splitArguments(inner))
        args.push_back(simplify(argument));
    const std::string name(trailingName(out));
    while (args.size() > 1) {
        const std::string expected = defaultArgument(name, args.size() - 1, args);
        if (expected.empty() || expected != args.back()) break;
        args.pop_back();
    }
    if (const std::string alias = standardTypedef(name, args); !alias.empty()) {
        out.replace(out.size() - name.size(), name.size(), alias);
        return;
    }
    out += '<';
    for (size_t i = 0; i < args.size(); ++i)
        out += (i > 0 ? ", " : "") + args[i];
    out += '>';
}

std::string simplify(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (const size_t length = operatorLength(s, i)) {
            out.append(s.substr(i, length));
            i += length - 1;
            continue;
        }
        const size_t close = s[i] == '<' ? matchBracket(s, i) : kNone;
        if (close == kNone) {
            out += s[i];
            continue;
        }
        appendTemplateArguments(out, s.substr(i + 1, close - i - 1));
        i = close;
    }
    return out;
}

// NAME with every template argument list collapsed to "<…>" and lambda parameter lists dropped.
std::string collapseTemplates(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    constexpr std::string_view kLambda = "{lambda(";
    for (size_t i = 0; i < s.size(); ++i) {
        if (const size_t length = operatorLength(s, i)) {
            out.append(s.substr(i, length));
            i += length - 1;
        } else if (s.substr(i, kLambda.size()) == kLambda) {
            const size_t open = i + kLambda.size() - 1;
            const size_t close = matchBracket(s, open);
            out += close != kNone ? "{lambda" : "{lambda(";
            i = close != kNone ? close : open;
        } else if (const size_t close = s[i] == '<' ? matchBracket(s, i) : kNone; close != kNone) {
            out += '<';
            out += kEllipsis;
            out += '>';
            i = close;
        } else {
            out += s[i];
        }
    }
    return out;
}

// The index after the qualifiers of a function type that follow its parameter list at AT (" const",
// " volatile", " &", " &&", " noexcept"), or AT when none does.
size_t afterQualifiers(std::string_view s, size_t at) {
    static constexpr std::array<std::string_view, 5> kQualifiers = {" const", " volatile", " &&", " &",
                                                                    " noexcept"};
    for (bool more = true; more;) {
        more = false;
        for (std::string_view qualifier : kQualifiers) {
            const size_t end = at + qualifier.size();
            if (s.substr(at, qualifier.size()) != qualifier || (end < s.size() && isIdentifierChar(s[end])))
                continue;
            at = end;
            more = true;
            break;
        }
    }
    return at;
}

// Where the parameter list of S begins: the last top-level "(…)" that is not a scope such as
// "(anonymous namespace)" (at the start or after "::") nor followed by "::" (a local entity of a function,
// such as a lambda: "f(int) const::{lambda()#1}::operator()()").
size_t parameterListStart(std::string_view s) {
    size_t found = kNone;
    for (size_t i = 0; i < s.size(); ++i) {
        if (const size_t length = operatorLength(s, i)) {
            i += length - 1;
            continue;
        }
        if (closerOf(s[i]) == 0) continue;
        const size_t close = matchBracket(s, i);
        if (close == kNone) continue;
        const bool scope = i == 0 || (i >= 2 && s.substr(i - 2, 2) == "::") || s[i - 1] == ' ';
        const bool local = s.substr(afterQualifiers(s, close + 1), 2) == "::";
        if (s[i] == '(' && !scope && !local) found = i;
        i = close;
    }
    return found;
}

// S without the return type that demangled function templates begin with ("int foo<…>" -> "foo<…>"): the
// text up to the last top-level space before the name's operator token, if any.
std::string_view withoutReturnType(std::string_view s, size_t end) {
    size_t cut = kNone;
    for (size_t i = 0; i < end; ++i) {
        if (operatorLength(s, i) != 0) break;
        if (closerOf(s[i]) != 0) {
            const size_t close = matchBracket(s, i);
            if (close != kNone) i = s[i] == '(' ? afterQualifiers(s, close + 1) - 1 : close;
        } else if (s[i] == ' ') {
            cut = i;
        }
    }
    return cut == kNone ? s : s.substr(cut + 1);
}

std::string abbreviated(std::string text) {
    replaceAll(text, "(anonymous namespace)", "(anon)");
    return text;
}

constexpr std::string_view kPlt = "@plt";
constexpr std::string_view kClone = " [clone ";

// NAME split into the name itself and what the symbolizer appended to it: "@plt" (a PLT stub), and the
// clone suffixes the demangler wrote (" [clone .isra.0] [clone .cold]").
struct NameParts {
    std::string_view special; // "non-virtual thunk to ", "transaction clone for ", …: what the name names
    std::string_view name;
    std::string_view clones;
    std::string_view plt;
};

// The demangler's words before names that are not functions' own (thunks, clones, tables of a class).
constexpr std::array<std::string_view, 14> kSpecialNames = {"non-virtual thunk to ",
                                                            "virtual thunk to ",
                                                            "covariant return thunk to ",
                                                            "transaction clone for ",
                                                            "non-transaction clone for ",
                                                            "construction vtable for ",
                                                            "vtable for ",
                                                            "VTT for ",
                                                            "typeinfo name for ",
                                                            "typeinfo fn for ",
                                                            "typeinfo for ",
                                                            "guard variable for ",
                                                            "TLS init function for ",
                                                            "TLS wrapper function for "};

NameParts partsOf(std::string_view full) {
    NameParts parts;
    for (std::string_view special : kSpecialNames)
        if (full.starts_with(special)) {
            parts.special = full.substr(0, special.size());
            full.remove_prefix(special.size());
            break;
        }
    if (full.ends_with(kPlt)) {
        parts.plt = full.substr(full.size() - kPlt.size());
        full.remove_suffix(kPlt.size());
    }
    size_t end = full.size();
    while (end > 0 && full[end - 1] == ']') {
        const size_t open = full.rfind(kClone, end - 1);
        if (open == kNone ||
            full.substr(open + kClone.size(), end - 1 - open - kClone.size()).find(']') != kNone)
            break;
        end = open;
    }
    parts.name = full.substr(0, end);
    parts.clones = full.substr(end);
    return parts;
}

bool containsAny(std::string_view s, std::initializer_list<std::string_view> needles) {
    return std::any_of(needles.begin(), needles.end(),
                       [s](std::string_view needle) { return s.find(needle) != kNone; });
}

// Whether the character at I of S is one that C++ demangler output never has there: a '.' between words
// (Java's, Go's or Python's qualified names, file names of JIT code), "," without a space and ">>" (Rust's
// legacy generics), a top-level " (" that opens no scope ("StubRoutines (1)").
bool foreignAt(std::string_view s, size_t i, int depth) {
    const char c = s[i];
    const char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (c == '.')
        return i > 0 && (isIdentifierChar(s[i - 1]) || s[i - 1] == ')') &&
               (isIdentifierChar(next) || next == '(');
    if (c == ',') return next != ' ';
    if (c == '>') return next == '>';
    if (c == ' ' && next == '(')
        return depth == 0 && !s.substr(i + 1).starts_with("(anonymous namespace)") &&
               !s.substr(0, i).ends_with("decltype");
    return false;
}

} // namespace

bool isCppName(std::string_view full) {
    const std::string_view s = partsOf(full).name;
    if (s.empty() || s.front() == '[' || s.front() == '<') return false; // "[unknown]", Rust's "<T as Trait>"
    if (containsAny(s, {"::<", "{closure", "{{", "{shim", "<impl "})) return false; // Rust's
    int depth = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if (const size_t length = operatorLength(s, i)) {
            i += length - 1;
            continue;
        }
        if (foreignAt(s, i, depth)) return false;
        depth += closerOf(s[i]) != 0                                          ? 1
                 : (s[i] == '>' || s[i] == ')' || s[i] == ']' || s[i] == '}') ? -1
                                                                              : 0;
    }
    return true;
}

std::string perfName(std::string_view full) {
    if (!isCppName(full)) return std::string(full);
    const NameParts parts = partsOf(full);
    // perf prints what a thunk or a table is for with its parameters, as the demangler does.
    if (!parts.special.empty())
        return std::string(parts.special) + std::string(parts.name) + std::string(parts.plt);
    const size_t parameters = parameterListStart(parts.name);
    const size_t end = parameters == kNone ? parts.name.size() : parameters;
    return std::string(withoutReturnType(parts.name.substr(0, end), end)) + std::string(parts.plt);
}

std::string simplifiedName(std::string_view name) {
    if (!isCppName(name)) return std::string(name);
    std::string text(name);
    replaceAll(text, "std::__cxx11::", "std::");
    replaceAll(text, "std::__1::", "std::");
    return simplify(text);
}

std::string shortName(std::string_view name) {
    if (!isCppName(name)) return std::string(name);
    const NameParts parts = partsOf(name);
    const std::string collapsed = collapseTemplates(simplifiedName(parts.name));
    const size_t parameters = parameterListStart(collapsed);
    const size_t end = parameters == kNone ? collapsed.size() : parameters;
    const std::string_view kept = withoutReturnType(std::string_view(collapsed).substr(0, end), end);
    return std::string(parts.special) + abbreviated(std::string(kept)) + std::string(parts.plt);
}

std::string shortNameWithParameters(std::string_view name) {
    if (!isCppName(name)) return std::string(name);
    const NameParts parts = partsOf(name);
    const std::string collapsed = collapseTemplates(simplifiedName(parts.name));
    const size_t parameters = parameterListStart(collapsed);
    const size_t end = parameters == kNone ? collapsed.size() : parameters;
    return std::string(parts.special) + abbreviated(std::string(withoutReturnType(collapsed, end))) +
           std::string(parts.plt);
}

std::string cloneSuffix(std::string_view name) {
    return std::string(partsOf(name).clones);
}

bool hasParameterList(std::string_view name) {
    return parameterListStart(partsOf(name).name) != kNone;
}

} // namespace perfglass
