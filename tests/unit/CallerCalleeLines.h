// A caller/callee result as text lines, for tests that compare whole results: tst_aggregation and
// tst_sessions.
#pragma once

#include "analysis/CallerCallee.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace perfglass::test {

inline QStringList entryLines(const Profile &profile, const CallerCallee &result,
                              const std::vector<CallerCalleeEntry> &entries) {
    QStringList lines;
    for (const auto &entry : entries)
        lines << QStringLiteral("%1%2 %3")
                     .arg(QString::fromStdString(result.stacks->functionName(profile, entry.function)))
                     .arg(entry.inlined ? " [inlined]" : "")
                     .arg(entry.cost);
    return lines;
}

// Everything a caller/callee result holds, as lines: its costs, callers, callees and both sandwich halves.
inline QStringList callerCalleeLines(const Profile &profile, const CallerCallee &result) {
    QStringList lines{QStringLiteral("self %1 inclusive %2 inlinedSelf %3 total %4 samples %5")
                          .arg(result.self)
                          .arg(result.inclusive)
                          .arg(result.inlinedSelf)
                          .arg(result.total)
                          .arg(result.sampleCount)};
    lines << entryLines(profile, result, result.callers) << QStringLiteral("callees")
          << entryLines(profile, result, result.callees);
    for (const SandwichTree *tree : {&result.callerTree, &result.calleeTree})
        for (size_t n = 0; n < tree->size(); ++n)
            lines << QStringLiteral("%1 %2 %3")
                         .arg(QString::fromStdString(result.stacks->functionName(
                             profile, tree->node(static_cast<uint32_t>(n)).function)))
                         .arg(tree->node(static_cast<uint32_t>(n)).cost)
                         .arg(tree->node(static_cast<uint32_t>(n)).parent);
    return lines;
}

} // namespace perfglass::test
