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
    void applyPerfForms();
    int runOnHosts() const;
    std::vector<std::string> forwardedArguments() const;
    void addRemoteOptions(CLI::App *sub);

    RecordOptions options_;
    std::vector<std::string> events_; // -e, repeatable; joined with commas
    std::string frequency_;           // a number or "max"
    std::string mmapPages_;           // pages, or a size with a unit (16M, 512K)
    std::string userRegs_;
    std::string callGraph_;
    bool framePointers_ = false;
    std::string pids_;
    std::string tids_;
    std::string cpus_;
    bool compress_ = false;
    bool noCompress_ = false;
    bool noBuildId_ = false;      // -B
    bool noBuildIdCache_ = false; // -N
    std::string clockId_;         // -k: accepted for perf's habits; recordings are on CLOCK_MONOTONIC
    CLI::App *sub_ = nullptr;
    // --host: recording on other machines over ssh (RemoteRecord.h)
    std::vector<std::string> hosts_;
    std::string sshConfig_;
    std::string remoteCli_ = "perfglass-cli";
    std::string buildIdDir_;
    bool fullBinaries_ = false;
    bool deploy_ = false;
    bool stopOnStdinClose_ = false; // what the remote side runs with (StdinStopWatcher.h)
};

} // namespace perfglass::cli
