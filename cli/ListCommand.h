// perfglass-cli list: every event this machine offers, and whether this user can open it now.
#pragma once

#include "Command.h"

#include <string>

namespace perfglass::cli {

class ListCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    bool json_ = false;
    bool tracepoints_ = false;
    std::string filter_;
    std::string sysfsRoot_;
    std::string tracefsRoot_;
};

} // namespace perfglass::cli
