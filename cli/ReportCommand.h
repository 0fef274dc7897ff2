// perfglass-cli report: read a session and print its call tree or per-function costs.
#pragma once

#include "Command.h"

#include <string>

namespace perfglass::cli {

class ReportCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    std::string input_ = "perfglass.data";
    std::string view_ = "top-down";
    std::string event_;
    std::string cost_ = "period";
    size_t limit_ = 0;
    double minPercent_ = 0.5;
    std::string kallsyms_;
};

} // namespace perfglass::cli
