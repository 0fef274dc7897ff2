// Shorter forms of demangled function names, for labels that do not fit:
// "(anonymous namespace)::spinFor(std::chrono::duration<long>)" -> "(anonymous namespace)::spinFor" ->
// "spinFor".
#pragma once

#include <QString>

namespace perfglass {

// Drops a trailing parameter list (and qualifiers such as " const" after it).
QString withoutParameters(const QString &name);
// The last component of a qualified name, ignoring "::" inside template arguments and parentheses.
QString unqualifiedName(const QString &name);

} // namespace perfglass
