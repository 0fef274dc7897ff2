// perfglass-cli stat: count events the way perf stat does, optionally writing the counter series to a
// session file.
#pragma once

#include "Command.h"

#include "counting/CountingRun.h"
#include "counting/StatFormatter.h"
#include "events/CounterValue.h"
#include "events/EventParser.h"
#include "record/HelperEventOpener.h"

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace perfglass::cli {

class StatCommand : public Command {
public:
    StatCommand(int argc, char **argv);
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    struct RunResult {
        std::vector<StatGroup> groups;
        double elapsedSeconds = 0;
        std::optional<double> userSeconds;
        std::optional<double> sysSeconds;
        int exitCode = 0;
        std::vector<StatEventInfo> events;
    };

    void validate();
    StatAggregation aggregation() const;
    // The table, CSV or JSON layout the options ask for.
    StatFormatOptions outputOptions() const;
    std::string targetDescription() const;
    CountingOptions countingOptions() const;
    std::vector<EventSpec> parseEvents(const std::string &text);
    RunResult runOnce(const std::vector<EventSpec> &specs, bool printIntervals);
    void print(const std::string &text) const;

    std::vector<std::string> cmdline_;
    std::vector<std::string> events_;
    bool systemWide_ = false;
    std::string cpuList_;
    bool noAggr_ = false;
    bool perCore_ = false;
    bool perSocket_ = false;
    bool perThread_ = false;
    std::vector<pid_t> pids_;
    std::vector<pid_t> tids_;
    double intervalOption_ = -1; // -I as given; -1 when absent
    int intervalMs_ = 0;
    int intervalCount_ = 0;
    int repeat_ = 1;
    bool noScale_ = false;
    std::string separator_;
    bool json_ = false;
    std::string outputPath_;
    bool noBigNum_ = false;
    std::vector<std::string> command_;
    // The privileged helper started to read tracefs (root's only) while parsing; the first run counts with
    // it.
    std::shared_ptr<std::unique_ptr<HelperEventOpener>> tracefsHelper_ =
        std::make_shared<std::unique_ptr<HelperEventOpener>>();
};

} // namespace perfglass::cli
