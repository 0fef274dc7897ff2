// perfglass-cli report: read a session and print a view of it (top-down or bottom-up call tree, flat
// per-function costs, callers and callees of one function, counter series) as text or JSON, after filters and
// transforms; optionally export collapsed stacks, a speedscope profile or an SVG flame graph.
#pragma once

#include "Command.h"

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <string>
#include <vector>

namespace perfglass::cli {

class ReportCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    SampleFilter makeFilter(const Profile &profile) const;
    void addTransforms(const Profile &profile, SampleFilter &filter) const;
    void writeExports(const std::shared_ptr<const Profile> &profile, const SampleFilter &filter) const;
    void setOffCpu(const Profile &profile, SampleFilter &filter) const;
    std::string unitName(const Profile &profile, const SampleFilter &filter) const;
    int printCounters(const Profile &profile) const;

    std::string input_ = "perfglass.data";
    std::string view_ = "top-down";
    std::string format_ = "text";
    std::string event_;
    std::string cost_ = "period";
    size_t limit_ = 0;
    double minPercent_ = 0.5;
    std::string kallsyms_;
    std::string symfs_; // LoadOptions::sysroot
    std::vector<uint32_t> pids_;
    std::vector<uint32_t> tids_;
    std::string cpus_;
    std::string time_;
    std::vector<std::string> merge_;
    std::vector<std::string> drop_;
    std::string focus_;
    std::string focusPath_;
    std::vector<std::string> collapseLib_;
    bool collapseRecursion_ = false;
    bool collapseDirectRecursion_ = false;
    bool noKernel_ = false;
    int perProcess_ = 0; // --per-process given once: by process; twice: by process and thread
    bool noIdle_ = false;
    bool inline_ = true;
    bool inlineDebugFiles_ = false;
    unsigned threads_ = 0; // 0: one per CPU
    std::vector<std::string> exports_;
};

} // namespace perfglass::cli
