// The names views give functions. Readable names (core/profile/ReadableNames.h) are shown everywhere unless
// switched off (View menu, persisted by MainWindow); tooltips, copies and exports keep the full names. And
// shorter forms of a name, for labels that do not fit:
// "(anonymous namespace)::spinFor(std::chrono::duration<long>)" -> "(anonymous namespace)::spinFor" ->
// "spinFor".
#pragma once

#include "profile/ReadableNames.h"

#include <QString>

#include <memory>

namespace perfglass {

// Whether views show readable names (the default) or the full demangled names. UI thread only.
bool readableNamesShown();
void setReadableNamesShown(bool shown);
// The readable names of PROFILE's functions, computed on first use and kept while the profile lives.
// Thread-safe.
std::shared_ptr<const ReadableNames> readableNamesOf(const std::shared_ptr<const Profile> &profile);
// The same for a snapshot of a growing profile: extended from those of EARLIER, an earlier snapshot.
std::shared_ptr<const ReadableNames> readableNamesOf(const std::shared_ptr<const Profile> &profile,
                                                     const std::shared_ptr<const Profile> &earlier);
// What views call FUNCTION: its readable name in NAMES while readableNamesShown(), else FULLNAME (which
// functions NAMES does not know, such as a collapsed library's, always keep).
QString displayName(const ReadableNames *names, FunctionId function, const std::string &fullName);

// Drops a trailing parameter list (and qualifiers such as " const" after it).
QString withoutParameters(const QString &name);
// The last component of a qualified name, ignoring "::" inside template arguments and parentheses.
QString unqualifiedName(const QString &name);

} // namespace perfglass
