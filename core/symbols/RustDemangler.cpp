#include "symbols/RustDemangler.h"

#include <cstdint>

namespace perfglass {

namespace {

class V0Parser {
public:
    explicit V0Parser(std::string_view input)
        : in_(input) {}

    bool symbol(std::string &out) {
        if (!eat('_') || !eat('R')) return false;
        start_ = pos_;
        if (pos_ < in_.size() && isDigit(in_[pos_])) decimal(); // encoding version
        if (!path(out)) return false;
        return true; // an instantiating crate or vendor suffix may follow; not shown
    }

private:
    static bool isDigit(char c) { return c >= '0' && c <= '9'; }
    static bool isLower(char c) { return c >= 'a' && c <= 'z'; }
    static bool isUpper(char c) { return c >= 'A' && c <= 'Z'; }

    bool eat(char c) {
        if (pos_ < in_.size() && in_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    char peek() const { return pos_ < in_.size() ? in_[pos_] : '\0'; }
    char next() { return pos_ < in_.size() ? in_[pos_++] : '\0'; }

    std::optional<uint64_t> decimal() {
        if (!isDigit(peek())) return std::nullopt;
        if (eat('0')) return 0; // no leading zeros: "00" is two numbers
        uint64_t value = 0;
        while (isDigit(peek())) {
            value = value * 10 + static_cast<uint64_t>(next() - '0');
            if (value > (1u << 20)) return std::nullopt;
        }
        return value;
    }

    std::optional<uint64_t> base62() {
        if (eat('_')) return 0;
        uint64_t value = 0;
        int digits = 0;
        while (true) {
            const char c = next();
            if (c == '_') return value + 1;
            int digit = 0;
            if (isDigit(c))
                digit = c - '0';
            else if (isLower(c))
                digit = c - 'a' + 10;
            else if (isUpper(c))
                digit = c - 'A' + 36;
            else
                return std::nullopt;
            value = value * 62 + static_cast<uint64_t>(digit); // crate hashes use all 64 bits: wrap
            if (++digits > 16) return std::nullopt;
        }
    }

    bool disambiguator() {
        if (eat('s')) return base62().has_value();
        return true;
    }

    bool identifier(std::string &out) {
        if (!disambiguator()) return false;
        const bool punycode = eat('u');
        const auto length = decimal();
        if (!length) return false;
        eat('_');
        if (*length > in_.size() - pos_) return false;
        if (punycode) out += "punycode{";
        out.append(in_.substr(pos_, *length));
        if (punycode) out += "}";
        pos_ += *length;
        return true;
    }

    template <typename F> bool backref(F &&parse) {
        const auto target = base62();
        if (!target || start_ + *target >= pos_ || ++depth_ > 64) return false;
        const size_t saved = pos_;
        pos_ = start_ + *target;
        const bool ok = parse();
        pos_ = saved;
        --depth_;
        return ok;
    }

    // "<T as Trait>"
    bool typeAsTrait(std::string &out) {
        out += "<";
        bool ok = type(out);
        out += " as ";
        ok = ok && path(out);
        out += ">";
        return ok;
    }

    bool path(std::string &out) {
        if (++depth_ > 200) return false;
        bool ok = false;
        const char tag = next();
        switch (tag) {
        case 'C': { // crate root: its name, without the disambiguator
            ok = identifier(out);
            break;
        }
        case 'N': {
            const char ns = next();
            if (!isLower(ns) && !isUpper(ns)) return false;
            if (!path(out)) return false;
            std::string name;
            if (!disambiguator()) return false;
            // The disambiguator was consumed by identifier() in other paths; here read the rest by hand.
            const bool punycode = eat('u');
            const auto length = decimal();
            if (!length) return false;
            eat('_');
            if (*length > in_.size() - pos_) return false;
            name = std::string(in_.substr(pos_, *length));
            pos_ += *length;
            if (punycode) name = "punycode{" + name + "}";
            if (ns == 'C')
                out += "::{closure" + (name.empty() ? std::string() : ":" + name) + "}";
            else if (ns == 'S')
                out += "::{shim" + (name.empty() ? std::string() : ":" + name) + "}";
            else if (isUpper(ns))
                out += "::{" + std::string(1, ns) + (name.empty() ? std::string() : ":" + name) + "}";
            else
                out += "::" + name;
            ok = true;
            break;
        }
        case 'M': { // <T>
            if (!disambiguator()) return false;
            std::string ignored;
            if (!path(ignored)) return false;
            out += "<";
            ok = type(out);
            out += ">";
            break;
        }
        case 'X': { // an impl of a trait: its own path, then <T as Trait>
            if (!disambiguator()) return false;
            std::string ignored;
            if (!path(ignored)) return false;
            ok = typeAsTrait(out);
            break;
        }
        case 'Y': // <T as Trait>
            ok = typeAsTrait(out);
            break;
        case 'I': {
            ok = path(out);
            out += "<";
            for (bool first = true; ok && !eat('E'); first = false) {
                if (!first) out += ", ";
                ok = genericArg(out);
            }
            out += ">";
            break;
        }
        case 'B':
            ok = backref([&] { return path(out); });
            break;
        default:
            ok = false;
        }
        --depth_;
        return ok;
    }

    bool genericArg(std::string &out) {
        if (eat('L')) {
            out += "'_";
            return base62().has_value();
        }
        if (eat('K')) return constant(out);
        return type(out);
    }

    bool constant(std::string &out) {
        if (eat('p')) {
            out += "_";
            return true;
        }
        if (eat('B')) return backref([&] { return constant(out); });
        const char kind = next(); // the type of the constant, a basic type
        if (!isLower(kind)) return false;
        const bool negative = eat('n');
        uint64_t value = 0;
        bool any = false;
        while (peek() != '_') {
            const char c = next();
            int digit = isDigit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
            if (digit < 0) return false;
            value = value << 4 | static_cast<uint64_t>(digit);
            any = true;
        }
        next();
        if (kind == 'b')
            out += value ? "true" : "false";
        else
            out += (negative ? "-" : "") + std::to_string(any ? value : 0);
        return true;
    }

    bool type(std::string &out) {
        if (++depth_ > 200) return false;
        bool ok = true;
        const char c = peek();
        static constexpr std::string_view kBasic[26] = {
            "i8",   "bool", "char", "f64", "str", "f32", "",    "u8", "isize", "usize", "",    "i32", "u32",
            "i128", "u128", "_",    "",    "",    "i16", "u16", "()", "...",   "",      "i64", "u64", "!"};
        if (isLower(c) && !kBasic[c - 'a'].empty()) {
            ++pos_;
            out += kBasic[c - 'a'];
        } else if (eat('R') || eat('Q')) {
            const bool mut = in_[pos_ - 1] == 'Q';
            if (eat('L') && !base62()) return false;
            out += mut ? "&mut " : "&";
            ok = type(out);
        } else if (eat('P') || eat('O')) {
            out += in_[pos_ - 1] == 'O' ? "*mut " : "*const ";
            ok = type(out);
        } else if (eat('A')) {
            out += "[";
            ok = type(out);
            out += "; ";
            ok = ok && constant(out);
            out += "]";
        } else if (eat('S')) {
            out += "[";
            ok = type(out);
            out += "]";
        } else if (eat('T')) {
            out += "(";
            size_t count = 0;
            for (; ok && !eat('E'); ++count) {
                if (count > 0) out += ", ";
                ok = type(out);
            }
            out += count == 1 ? ",)" : ")";
        } else if (eat('F')) {
            if (eat('G') && !base62()) return false;
            if (eat('U')) out += "unsafe ";
            if (eat('K')) {
                if (eat('C')) {
                    out += "extern \"C\" ";
                } else {
                    std::string abi;
                    if (!identifier(abi)) return false;
                    out += "extern \"" + abi + "\" ";
                }
            }
            out += "fn(";
            for (bool first = true; ok && !eat('E'); first = false) {
                if (!first) out += ", ";
                ok = type(out);
            }
            out += ")";
            std::string result;
            ok = ok && type(result);
            if (result != "()") out += " -> " + result;
        } else if (eat('D')) {
            if (eat('G') && !base62()) return false;
            out += "dyn ";
            for (bool first = true; ok && !eat('E'); first = false) {
                if (!first) out += " + ";
                ok = path(out);
                while (ok && eat('p')) {
                    std::string name;
                    ok = identifier(name);
                    out += "<" + name + " = ";
                    ok = ok && type(out);
                    out += ">";
                }
            }
            ok = ok && eat('L') && base62().has_value();
        } else if (eat('B')) {
            ok = backref([&] { return type(out); });
        } else {
            ok = path(out);
        }
        --depth_;
        return ok;
    }

    std::string_view in_;
    size_t pos_ = 0;
    size_t start_ = 0;
    int depth_ = 0;
};

bool isHashSuffix(std::string_view text) {
    // "::h" followed by 16 hex digits
    if (text.size() != 19 || text.substr(0, 3) != "::h") return false;
    for (char c : text.substr(3))
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

} // namespace

std::optional<std::string> demangleRustV0(std::string_view symbol) {
    if (!symbol.starts_with("_R")) return std::nullopt;
    std::string out;
    V0Parser parser(symbol);
    if (!parser.symbol(out)) return std::nullopt;
    return out;
}

std::optional<std::string> cleanRustLegacy(std::string_view name) {
    if (name.size() < 19 || !isHashSuffix(name.substr(name.size() - 19))) return std::nullopt;
    name.remove_suffix(19);
    static constexpr std::pair<std::string_view, std::string_view> kEscapes[] = {
        {"$SP$", "@"},  {"$BP$", "*"},  {"$RF$", "&"},  {"$LT$", "<"},  {"$GT$", ">"},  {"$LP$", "("},
        {"$RP$", ")"},  {"$C$", ","},   {"$u7e$", "~"}, {"$u20$", " "}, {"$u27$", "'"}, {"$u5b$", "["},
        {"$u5d$", "]"}, {"$u7b$", "{"}, {"$u7d$", "}"}, {"$u3b$", ";"}, {"$u2b$", "+"}, {"$u22$", "\""}};
    std::string out;
    for (size_t i = 0; i < name.size();) {
        bool replaced = false;
        const bool segmentStart = i == 0 || (i >= 2 && name[i - 1] == ':' && name[i - 2] == ':') ||
                                  name[i - 1] == '<' || name[i - 1] == ' ' || name[i - 1] == ',';
        if (segmentStart && name[i] == '_' && i + 1 < name.size() && name[i + 1] == '$') {
            ++i; // an identifier that starts with an escape carries a leading underscore
            continue;
        }
        if (name[i] == '$') {
            for (const auto &[from, to] : kEscapes) {
                if (name.substr(i).starts_with(from)) {
                    out += to;
                    i += from.size();
                    replaced = true;
                    break;
                }
            }
        } else if (name[i] == '.' && i + 1 < name.size() && name[i + 1] == '.') {
            out += "::";
            i += 2;
            replaced = true;
        }
        if (!replaced) out += name[i++];
    }
    return out;
}

} // namespace perfglass
