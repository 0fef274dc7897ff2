// perfglass-cli archive: a session's symbols in one tar.bz2, as perf archive makes it
// (identity/SessionArchive.h), optionally with the session (--all) and in the symbols-only form
// (--symbols-only); --unpack puts an archive into the user's build-id cache (~/.debug), as perf archive
// --unpack.
#pragma once

#include "Command.h"
#include "SymbolOptions.h"

#include "identity/SessionArchive.h"

#include <string>

namespace perfglass::cli {

class ArchiveCommand : public Command {
public:
    CLI::App *setup(CLI::App &app) override;
    int run() override;

private:
    int unpack() const;
    // The ELF addresses of the frames with samples, by module build id: the code --symbols-only keeps.
    std::map<std::string, std::vector<uint64_t>> sampledAddresses() const;
    void printResult(const SessionArchiveResult &result) const;

    std::string input_ = "perf.data";
    std::string output_;
    std::string unpack_;
    bool all_ = false;
    bool symbolsOnly_ = false;
    SymbolOptions symbolOptions_;
};

} // namespace perfglass::cli
