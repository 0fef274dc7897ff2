// Rust symbol names: legacy mangling (_ZN...17h<hash>E, demangled as C++ with the hash and $-escapes removed)
// and v0 mangling (_R..., RFC 2603). Only what a profiler shows: paths, generic arguments and types; no
// hashes (crate disambiguators are dropped), punycode identifiers are shown in their encoded form.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace perfglass {

// The readable form of a v0 symbol, nullopt when symbol is not one or is malformed.
std::optional<std::string> demangleRustV0(std::string_view symbol);
// Cleans a legacy Rust name already demangled as C++: "core::ptr::drop_in_place$LT$T$GT$::h0123456789abcdef"
// becomes "core::ptr::drop_in_place<T>". Returns nullopt when name does not end with a Rust hash.
std::optional<std::string> cleanRustLegacy(std::string_view name);

} // namespace perfglass
