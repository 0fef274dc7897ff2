#include "Demangler.h"

#include <cxxabi.h>

#include <cstdlib>
#include <memory>

namespace perfglass {

std::string demangle(std::string_view symbol) {
    if (symbol.size() < 2 || symbol[0] != '_' || symbol[1] != 'Z') return std::string(symbol);
    const std::string text(symbol);
    int status = 0;
    std::unique_ptr<char, decltype(&std::free)> result(
        abi::__cxa_demangle(text.c_str(), nullptr, nullptr, &status), &std::free);
    return status == 0 && result ? std::string(result.get()) : text;
}

} // namespace perfglass
