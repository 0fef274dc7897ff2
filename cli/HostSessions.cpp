#include "HostSessions.h"

#include "JsonReport.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace perfglass::cli {

namespace {

const std::string &eventNameOf(const HostSession &session) {
    return session.profile->events[static_cast<size_t>(session.filter.event)].name;
}

std::string eventNames(const std::vector<HostSession> &sessions) {
    std::string names;
    std::set<std::string> seen;
    for (const auto &session : sessions)
        if (seen.insert(eventNameOf(session)).second)
            names += (names.empty() ? "" : ", ") + eventNameOf(session);
    return names;
}

TextReportOptions optionsFor(const HostSession &session, const TextReportOptions &options, uint64_t total) {
    TextReportOptions own = options;
    own.total = total;
    own.names = session.names.size() > 0 ? &session.names : nullptr;
    return own;
}

} // namespace

HostSessions::HostSessions(std::vector<HostSession> sessions)
    : sessions_(std::move(sessions)) {
    std::vector<std::pair<std::string, std::string>> hostsAndFiles;
    for (const auto &session : sessions_)
        hostsAndFiles.emplace_back(session.profile->hostname, session.file);
    const std::vector<std::string> names = labels(hostsAndFiles);
    for (size_t i = 0; i < sessions_.size(); ++i)
        sessions_[i].label = names[i];
}

std::vector<std::string>
HostSessions::labels(const std::vector<std::pair<std::string, std::string>> &hostsAndFiles) {
    std::map<std::string, size_t> sessionsOfHost;
    for (const auto &[host, file] : hostsAndFiles)
        ++sessionsOfHost[host];
    std::vector<std::string> result;
    for (const auto &[host, file] : hostsAndFiles) {
        if (host.empty())
            result.push_back(fmt::format("[host unnamed ({})]", file));
        else if (sessionsOfHost[host] > 1)
            result.push_back(fmt::format("[host {} ({})]", host, file));
        else
            result.push_back(fmt::format("[host {}]", host));
    }
    return result;
}

std::vector<HostSessions::HostTree> HostSessions::treesByCost(CallTree::Kind kind) const {
    std::vector<HostTree> trees;
    for (const auto &session : sessions_)
        trees.push_back({&session, kind == CallTree::Kind::TopDown
                                       ? CallTree::topDown(session.profile, session.filter)
                                       : CallTree::bottomUp(session.profile, session.filter)});
    std::stable_sort(trees.begin(), trees.end(),
                     [](const HostTree &a, const HostTree &b) { return a.tree->total() > b.tree->total(); });
    return trees;
}

void HostSessions::printHeader(std::FILE *out, const std::vector<HostTree> &trees) const {
    uint64_t samples = 0;
    for (const auto &host : trees)
        samples += host.tree->sampleCount();
    fmt::print(out, "# {} samples of {} in {} sessions, the host above the processes\n", samples,
               eventNames(sessions_), sessions_.size());
    for (const auto &session : sessions_) {
        const auto same = [&](const HostTree &host) { return host.session == &session; };
        const HostTree &host = *std::find_if(trees.begin(), trees.end(), same);
        const Profile &profile = *session.profile;
        // The file, unless the label names it already.
        const bool fileInLabel = session.label.ends_with("(" + session.file + ")]");
        fmt::print(out, "# {}{}{}: {} samples of {}", session.label, fileInLabel ? "" : " ",
                   fileInLabel ? "" : session.file, host.tree->sampleCount(), eventNameOf(session));
        if (!profile.osRelease.empty()) fmt::print(out, ", {}", profile.osRelease);
        fmt::print(out, "\n");
        printDiagnostics(out, profile.diagnostics, session.label + " ");
    }
}

void HostSessions::printTrees(std::FILE *out, CallTree::Kind kind, const TextReportOptions &options,
                              bool json) const {
    const std::vector<HostTree> trees = treesByCost(kind);
    uint64_t total = 0;
    uint64_t samples = 0;
    for (const auto &host : trees) {
        total += host.tree->total();
        samples += host.tree->sampleCount();
    }
    if (json) {
        nlohmann::json hosts = nlohmann::json::array();
        for (const auto &host : trees)
            hosts.push_back(hostTreeToJson(*host.tree, host.session->label, host.session->file,
                                           optionsFor(*host.session, options, total)));
        printJson(out, {{"view", kind == CallTree::Kind::TopDown ? "top-down" : "bottom-up"},
                        {"event", eventNames(sessions_)},
                        {"samples", samples},
                        {"total", total},
                        {"root", {{"self", 0}, {"inclusive", total}, {"children", std::move(hosts)}}}});
        return;
    }
    printHeader(out, trees);
    fmt::print(out, "#\n# Inclusive     Self  Call tree ({})\n",
               kind == CallTree::Kind::TopDown
                   ? "top-down, below each host"
                   : "bottom-up, below each host: functions samples end in, then their callers");
    std::vector<const HostTree *> shown;
    for (const auto &host : trees)
        if (total > 0 && 100.0 * static_cast<double>(host.tree->total()) / static_cast<double>(total) >=
                             options.minPercent)
            shown.push_back(&host);
    for (size_t i = 0; i < shown.size(); ++i)
        printTreeBelow(out, shown[i]->session->label, *shown[i]->tree,
                       optionsFor(*shown[i]->session, options, total), i + 1 == shown.size());
}

void HostSessions::printCollapsed(std::ostream &out) const {
    const std::string_view separator = ";";
    for (const auto &session : sessions_) {
        std::ostringstream stacks;
        CollapsedStacksExporter::write(session.profile, session.filter, session.collapsed, stacks);
        const std::string frame = CollapsedStacksExporter::frameText(session.label);
        std::istringstream lines(stacks.str());
        for (std::string line; std::getline(lines, line);)
            out << frame << separator << line << '\n';
    }
}

} // namespace perfglass::cli
