// Usage errors as perf reports them: prefixed with the program's name, with "did you mean" for mistyped
// subcommands and options, and exit status 129. Also `perfglass-cli help SUBCOMMAND`.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace perfglass::cli {

// perf's exit status for a usage error (git's parse-options, which perf's follow).
inline constexpr int kUsageExitCode = 129;

// Before parsing: when argv's first argument names no subcommand (nor an option), says so with the closest
// subcommands and returns kUsageExitCode; otherwise nothing.
std::optional<int> checkSubcommandName(const CLI::App &app, int argc, char **argv);

// After CLI11 threw: help and version go to stdout with status 0; every other error is printed as
// "perfglass-cli: MESSAGE", with the closest option names for unknown options, and returns kUsageExitCode.
int reportParseError(const CLI::App &app, const CLI::ParseError &error, int argc, char **argv);

// `perfglass-cli help [SUBCOMMAND]`: prints the help of the program or of SUBCOMMAND.
int printHelp(const CLI::App &app, const std::string &subcommand);

} // namespace perfglass::cli
