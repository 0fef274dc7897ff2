// A subcommand of perfglass-cli: declares its options on a CLI11 app and runs when selected.
#pragma once

#include <CLI/CLI.hpp>

namespace perfglass::cli {

class Command {
public:
    virtual ~Command() = default;
    // Registers the subcommand and its options on app.
    virtual CLI::App *setup(CLI::App &app) = 0;
    // Runs the subcommand; returns the process exit code. May throw perfglass::Error.
    virtual int run() = 0;
};

} // namespace perfglass::cli
