// perfglass-cli script: every sample as text in perf script's default format (comm, tid, cpu, time, period,
// event, then one frame per line: address, symbol+offset, module), so that tools built on perf script
// (stackcollapse-perf.pl, the Firefox Profiler's and speedscope's importers) read any session without perf.
#pragma once

#include "Command.h"
#include "SymbolOptions.h"

#include <cstdint>
#include <string>

namespace perfglass::cli {

class ScriptCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    std::string input_ = "perf.data"; // as perf script
    std::string fields_;
    SymbolOptions symbolOptions_;
    bool inline_ = false;
    bool noInline_ = false;
};

} // namespace perfglass::cli
