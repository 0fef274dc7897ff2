// perfglass-cli diff: compare two sessions (what got slower, and where), as `perf diff` does but also as call
// trees: per-function self costs (flat) or merged top-down or bottom-up trees, with the baseline's, the
// comparison's and the change, in shares of each session's total or in seconds. report's filters and
// transforms apply to both sessions (names are looked up in each); `--export difffolded=FILE` writes
// difffolded.pl's format for a differential flame graph.
#pragma once

#include "ReportCommand.h"

#include "analysis/DiffScale.h"

#include <string>

namespace perfglass::cli {

class DiffCommand : public ReportCommand {
public:
    DiffCommand();
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    struct Side {
        std::string file;
        std::shared_ptr<const Profile> profile;
        SampleFilter filter;
    };

    Side load(const std::string &file);
    DiffNormalize normalize(const Side &baseline, const Side &comparison) const;
    void printFlat(const Side &baseline, const Side &comparison, DiffNormalize normalize) const;
    void printTree(const Side &baseline, const Side &comparison, DiffNormalize normalize) const;
    void writeDiffExports(const Side &baseline, const Side &comparison) const;

    std::string baselineFile_;
    std::string comparisonFile_;
    std::string sort_ = "delta";
    std::string normalize_ = "share";
};

} // namespace perfglass::cli
