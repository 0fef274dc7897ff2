// Readable names for mangled C++ symbols.
#pragma once

#include <string>
#include <string_view>

namespace perfglass {

// Returns the demangled name, or the input when it is not a mangled name.
std::string demangle(std::string_view symbol);

} // namespace perfglass
