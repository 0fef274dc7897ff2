// perfglass-cli annotate: one function's instructions and source lines with the share of its samples on
// each (as perf annotate counts them) and the inclusive share (samples passing through as a call site), as
// text or JSON (AnnotationReport).
#pragma once

#include "Command.h"
#include "SymbolOptions.h"

#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <string>
#include <vector>

namespace perfglass::cli {

class AnnotateCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    SampleFilter makeFilter(const Profile &profile) const;

    std::string input_ = "perf.data"; // as perf annotate
    std::string function_;
    bool asm_ = false;
    bool source_ = false;
    bool both_ = false;
    std::string format_ = "text";
    std::string syntax_ = "att";
    size_t limit_ = 0;
    std::string event_;
    std::string cost_ = "period";
    std::vector<uint32_t> pids_;
    std::vector<uint32_t> tids_;
    SymbolOptions symbols_;
    bool inline_ = true;
    bool timing_ = false;
};

} // namespace perfglass::cli
