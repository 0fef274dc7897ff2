// report FILE FILE...: several sessions (one per host of `record --host a --host b`) reported as one, with
// each session's host as the level above its processes: the outermost frame of the call trees and of the
// collapsed stacks is "[host NAME]" (NAME from the session's HOSTNAME feature, with the file beside it when
// two sessions share a host name or one has none), and percentages are of the total of all sessions.
// Every session keeps its own Profile and filter, so samples of different files are never merged (a pid of
// one host is not a pid of another) and no sample column is copied.
#pragma once

#include "TextReport.h"

#include "analysis/CallTree.h"
#include "analysis/SampleFilter.h"
#include "export/CollapsedStacksExporter.h"
#include "profile/Profile.h"
#include "profile/ReadableNames.h"

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace perfglass::cli {

struct HostSession {
    std::string file; // as given on the command line
    std::shared_ptr<const Profile> profile;
    SampleFilter filter;
    CollapsedOptions collapsed;
    ReadableNames names; // --names short; empty for the full names
    std::string label;   // "[host NAME]", set by HostSessions
};

class HostSessions {
public:
    explicit HostSessions(std::vector<HostSession> sessions);

    // "[host NAME]" for each of (host name, file), "[host NAME (FILE)]" where the name repeats or is empty.
    static std::vector<std::string>
    labels(const std::vector<std::pair<std::string, std::string>> &hostsAndFiles);

    const std::vector<HostSession> &sessions() const { return sessions_; }
    // The top-down or bottom-up tree of every session below its host, hosts by cost, highest first; text
    // (with a header naming each session) or JSON.
    void printTrees(std::FILE *out, CallTree::Kind kind, const TextReportOptions &options, bool json) const;
    // Every session's collapsed stacks, each line starting with its host's frame.
    void printCollapsed(std::ostream &out) const;

private:
    struct HostTree {
        const HostSession *session;
        std::shared_ptr<const CallTree> tree;
    };
    std::vector<HostTree> treesByCost(CallTree::Kind kind) const;
    void printHeader(std::FILE *out, const std::vector<HostTree> &trees) const;

    std::vector<HostSession> sessions_;
};

} // namespace perfglass::cli
