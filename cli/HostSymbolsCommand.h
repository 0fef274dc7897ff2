// perfglass-cli host-symbols (hidden; what a remote recording runs on its host after recording): reads a
// symbols request (SymbolsRequest.h) on standard input and writes an archive of those files (perf archive's
// layout, identity/SessionArchive.h; symbols-only unless --full) to standard output. What the host cannot
// provide is listed on standard error. The archive is made in a private temporary directory that is removed.
#pragma once

#include "Command.h"

namespace perfglass::cli {

class HostSymbolsCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    bool full_ = false;
};

} // namespace perfglass::cli
