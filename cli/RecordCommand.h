// perfglass-cli record: run a command under sampling and write a perf.data session.
#pragma once

#include "Command.h"

#include "record/Recorder.h"

#include <string>
#include <vector>

namespace perfglass::cli {

class RecordCommand : public Command {
public:
    RecordCommand(int argc, char **argv);
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    RecordOptions options_;
    std::string callGraph_;
    bool framePointers_ = false;
    std::string pids_;
    std::string tids_;
    std::string cpus_;
    bool compress_ = false;
    bool noCompress_ = false;
};

} // namespace perfglass::cli
