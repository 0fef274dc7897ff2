// Readable names for mangled C++ and Rust (legacy and v0) symbols, by libiberty's demangler: the one perf and
// binutils use, with Rust's own output for Rust names.
#pragma once

#include <string>
#include <string_view>

namespace perfglass {

// Returns the demangled name, or the input when it is not a mangled name (or one that cannot be read).
std::string demangle(std::string_view symbol);

} // namespace perfglass
