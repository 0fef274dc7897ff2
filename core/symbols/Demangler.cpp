#include "symbols/Demangler.h"

#include "symbols/RustDemangler.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace perfglass {

std::string demangle(std::string_view symbol) {
    // LLVM's ".llvm.NNNN" suffixes (LTO-promoted locals) are not part of the mangling.
    if (const size_t llvm = symbol.find(".llvm."); llvm != std::string_view::npos && llvm > 0)
        symbol = symbol.substr(0, llvm);
    if (symbol.starts_with("_R")) {
        if (auto rust = demangleRustV0(symbol)) return *rust;
        return std::string(symbol);
    }
    if (symbol.size() < 2 || symbol[0] != '_' || symbol[1] != 'Z') return std::string(symbol);
    const std::string text(symbol);
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> result(
        abi::__cxa_demangle(text.c_str(), nullptr, nullptr, &status), &std::free);
    if (status != 0 || !result) return text;
    // Legacy Rust names are valid C++ manglings that end in a hash ("::h0123456789abcdef").
    if (auto rust = cleanRustLegacy(result.get())) return *rust;
    return std::string(result.get());
}

} // namespace perfglass
