// Plain-text renderings of analysis results for terminals.
#pragma once

#include "analysis/CallTree.h"
#include "analysis/CallerCallee.h"
#include "analysis/FlatProfile.h"
#include "profile/Profile.h"
#include "profile/ReadableNames.h"

#include <cstdio>
#include <string>

namespace perfglass::cli {

struct TextReportOptions {
    double minPercent = 0.5; // hide tree nodes below this share of the total
    size_t limit = 0;        // at most this many rows (flat) or children per node (tree); 0: no limit
    const ReadableNames *names = nullptr; // readable names of the profile's functions (--names short), or
                                          // null for the full demangled names
    uint64_t total =
        0; // percentages of this total instead of the tree's own (several sessions in one report)
};

uint64_t percentBase(const CallTree &tree, const TextReportOptions &options);

void printHeader(std::FILE *out, const Profile &profile, const std::string &eventName, uint64_t sampleCount);
// The header's lines on lost samples, unmapped frames and notices, each after "# " and PREFIX (a host's label
// and a space when several sessions share the report; empty for one).
void printDiagnostics(std::FILE *out, const ProfileDiagnostics &diagnostics, const std::string &prefix);
// A top-down or bottom-up tree, by its kind.
void printTree(std::FILE *out, const CallTree &tree, const TextReportOptions &options);
void printTopDown(std::FILE *out, const CallTree &tree, const TextReportOptions &options);
// A frame named LABEL with the root's children of TREE below it (costs against options.total): one host's
// tree in a report of several sessions. LAST: the last of those frames.
void printTreeBelow(std::FILE *out, const std::string &label, const CallTree &tree,
                    const TextReportOptions &options, bool last);
void printFlat(std::FILE *out, const Profile &profile, const FlatProfile &flat,
               const TextReportOptions &options);
void printCallerCallee(std::FILE *out, const Profile &profile, const CallerCallee &result,
                       const TextReportOptions &options);

} // namespace perfglass::cli
