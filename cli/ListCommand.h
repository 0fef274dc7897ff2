// perfglass-cli list: every event this machine offers, and whether this user can open it now.
#pragma once

#include "Command.h"

#include <string>
#include <vector>

namespace perfglass::cli {

class ListCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    bool wantsClass(const char *name) const;
    bool nameMatches(std::string_view name) const;

    bool json_ = false;
    bool tracepoints_ = false;
    // Words of the command line: perf's class filters (hw, sw, cache, tracepoint, pmu) and name filters.
    std::vector<std::string> filters_;
    std::vector<std::string> classes_; // the class filters among filters_
    std::vector<std::string> names_;   // the others
    std::string sysfsRoot_;
    std::string tracefsRoot_;
};

} // namespace perfglass::cli
