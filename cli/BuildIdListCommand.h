// perfglass-cli buildid-list: the build ids a session lists (its BUILD_ID feature), one "HEX PATH" a line, as
// perf buildid-list prints them; with -k the running kernel's.
#pragma once

#include "Command.h"

#include <string>

namespace perfglass::cli {

class BuildIdListCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    std::string input_ = "perf.data";
    bool kernel_ = false;
};

} // namespace perfglass::cli
