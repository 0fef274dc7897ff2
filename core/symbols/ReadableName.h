// Readable forms of demangled C++ names, for views that would otherwise fill the screen with template
// arguments and parameter lists. Each form keeps enough of the name to find it in the source:
//
//   full:       std::vector<int, std::allocator<int> >::_M_realloc_insert<int const&>(
//                   __gnu_cxx::__normal_iterator<int*, std::vector<int, std::allocator<int> > >, int const&)
//   simplified: std::vector<int>::_M_realloc_insert<int const&>(
//                   __gnu_cxx::__normal_iterator<int*, std::vector<int>>, int const&)
//   short:      std::vector<…>::_M_realloc_insert<…>
//
// simplifiedName drops the template arguments that equal their defaults (allocators, std::less, std::hash,
// std::equal_to, std::char_traits, std::default_delete), spells the standard typedefs as such (std::string,
// std::string_view, std::ostream, …), drops the libstdc++ and libc++ inline namespaces (std::__cxx11,
// std::__1) and writes "> >" as ">>". shortName then collapses every template argument list to "<…>", drops
// lambda parameter lists ("{lambda(int)#1}" -> "{lambda#1}"), the parameter list and what follows it ("
// const", " [clone .isra.0]"), the return type of function templates, and writes "(anonymous namespace)" as
// "(anon)". Operators (operator<, operator<<, operator->, operator()) are not taken for brackets.
// shortNameWithParameters is shortName keeping the (simplified, collapsed) parameter list, to tell overloads
// apart. Both keep a PLT stub's "@plt". Only demangled C++ names are shortened (isCppName): Rust's, those of
// JIT runtimes ("void Hot.main(java.lang.String[])", "StubRoutines (1)"), kernel and pseudo names
// ("[unknown]") come back as written.
#pragma once

#include <string>
#include <string_view>

namespace perfglass {

// Whether NAME reads as libiberty's C++ output (a plain C name does too): not Rust's ("::<", "{closure#0}",
// "<T as Trait>::f", legacy "<T,A>" and ">>"), not a JIT runtime's (a '.' inside a word, a " (" that opens no
// scope), not a pseudo name ("[unknown]"). Clone suffixes and "@plt" are not part of the reading.
bool isCppName(std::string_view name);
// NAME as perf (6.1, without -v) prints a demangled C++ name: without return type, parameter list, what
// follows it (" const", " [clone .cold]"), and with "@plt" kept: "operator new@plt". Other names unchanged.
std::string perfName(std::string_view name);
std::string simplifiedName(std::string_view name);
std::string shortName(std::string_view name);
std::string shortNameWithParameters(std::string_view name);
// The clone suffixes that end NAME (" [clone .isra.0] [clone .cold]"), or "".
std::string cloneSuffix(std::string_view name);
// Whether NAME ends in a parameter list (a demangled function, not a bare DWARF or C name).
bool hasParameterList(std::string_view name);

} // namespace perfglass
