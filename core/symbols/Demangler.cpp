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

using DemangledText = std::unique_ptr<char, decltype(&std::free)>;

// A Rust name (v0 "_R..." or legacy "_ZN...17h<hash>E") without its hash. A suffix such as ".cold.1" is kept
// as Rust's own demangler shows it (libiberty drops it), so that distinct symbols keep distinct names.
std::optional<std::string> demangleRust(std::string_view symbol) {
    const size_t dot = symbol.find('.');
    const std::string mangled(symbol.substr(0, dot));
    DemangledText text(rust_demangle(mangled.c_str(), kOptions), &std::free);
    if (!text) return std::nullopt;
    std::string name(text.get());
    if (dot != std::string_view::npos) name += symbol.substr(dot);
    return name;
}

} // namespace

std::string demangle(std::string_view symbol) {
    // LLVM's ".llvm.NNNN" suffixes (LTO-promoted locals) are not part of the mangling.
    if (const size_t llvm = symbol.find(".llvm."); llvm != std::string_view::npos && llvm > 0)
        symbol = symbol.substr(0, llvm);
    const bool mangled = symbol.starts_with("_R") || symbol.starts_with("_Z");
    if (!mangled || symbol.size() > kMaxMangledLength) return std::string(symbol);
    if (auto rust = demangleRust(symbol)) return *rust;
    const std::string text(symbol);
    DemangledText cpp(cplus_demangle(text.c_str(), kOptions | DMGL_GNU_V3), &std::free);
    return cpp ? std::string(cpp.get()) : text;
}

} // namespace perfglass
