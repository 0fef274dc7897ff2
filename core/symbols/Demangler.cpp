#include "symbols/Demangler.h"

#include <libiberty/demangle.h>

#include <cstdlib>
#include <memory>
#include <optional>

namespace perfglass {

namespace {

// libiberty keeps its parse on the stack, about 70 bytes per character of the name: longer names, which no
// real program has, stay mangled rather than risk a thread's stack.
constexpr size_t kMaxMangledLength = 16384;
constexpr int kOptions = DMGL_PARAMS | DMGL_ANSI;
constexpr size_t kNone = std::string_view::npos;

using DemangledText = std::unique_ptr<char, decltype(&std::free)>;

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

// The length of the nested name "_ZN<length><identifier>...E" that SYMBOL begins with (legacy Rust mangling,
// and C++ names of that form), or kNone. Legacy Rust writes "::" inside a component as "..", so the end of
// the mangling is found by the components' lengths, not at the first '.': what follows it is a suffix.
size_t nestedNameLength(std::string_view symbol) {
    constexpr std::string_view kNested = "_ZN";
    if (!symbol.starts_with(kNested)) return kNone;
    size_t i = kNested.size();
    while (i < symbol.size() && isDigit(symbol[i])) {
        size_t length = 0;
        for (; i < symbol.size() && isDigit(symbol[i]); ++i) {
            length = length * 10 + static_cast<size_t>(symbol[i] - '0');
            if (length > symbol.size()) return kNone;
        }
        i += length;
    }
    return i < symbol.size() && symbol[i] == 'E' ? i + 1 : kNone;
}

// SUFFIX (".cold.1", ".llvm.123", ".cold.llvm.4") without LLVM's ".llvm.N" part: LTO-promoted locals are
// not distinct functions for the reader, so Rust's demangler drops it too.
std::string_view withoutLlvmSuffix(std::string_view suffix) {
    const size_t llvm = suffix.find(".llvm.");
    return llvm == kNone ? suffix : suffix.substr(0, llvm);
}

// A Rust name (v0 "_R..." or legacy "_ZN...17h<hash>E") without its hash, or nothing when SYMBOL is no Rust
// name. A suffix such as ".cold.1" is kept as Rust's own demangler shows it (libiberty refuses names that
// carry one), so that distinct symbols keep distinct names.
std::optional<std::string> demangleRust(std::string_view symbol) {
    const size_t end = symbol.starts_with("_R") ? symbol.find('.') : nestedNameLength(symbol);
    if (end == kNone && !symbol.starts_with("_R")) return std::nullopt;
    const std::string mangled(symbol.substr(0, end));
    DemangledText text(rust_demangle(mangled.c_str(), kOptions), &std::free);
    if (!text) return std::nullopt;
    std::string name(text.get());
    if (end != kNone) name += withoutLlvmSuffix(symbol.substr(end));
    return name;
}

} // namespace

std::string demangle(std::string_view symbol) {
    const bool mangled = symbol.starts_with("_R") || symbol.starts_with("_Z");
    if (!mangled || symbol.size() > kMaxMangledLength) return std::string(symbol);
    if (auto rust = demangleRust(symbol)) return *rust;
    // Itanium C++ mangling has no '.': LLVM's ".llvm.N" is a suffix, which libiberty would show as a clone.
    if (const size_t llvm = symbol.find(".llvm."); llvm != kNone) symbol = symbol.substr(0, llvm);
    const std::string text(symbol);
    DemangledText cpp(cplus_demangle(text.c_str(), kOptions | DMGL_GNU_V3), &std::free);
    return cpp ? std::string(cpp.get()) : text;
}

} // namespace perfglass
