// perfglass-cli: record, report, count and list events from a terminal.
#include "AnnotateCommand.h"
#include "ArchiveCommand.h"
#include "BuildIdListCommand.h"
#include "Command.h"
#include "DiffCommand.h"
#include "HostSymbolsCommand.h"
#include "ListCommand.h"
#include "RecordCommand.h"
#include "ReportCommand.h"
#include "ScriptCommand.h"
#include "StatCommand.h"
#include "StdinArguments.h"
#include "UsageErrors.h"

#include "base/Error.h"
#include "load/LoadProfile.h"
#include "record/HelperConnection.h"

#include <fmt/format.h>

#include <malloc.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

// `perfglass-cli record --arguments-from-stdin` (what record --host runs on a host): the arguments come on
// standard input, so that no shell on the way reads them (StdinArguments.h).
bool argumentsFromStdin(int argc, char **argv) {
    return argc == 3 && std::string_view(argv[1]) == "record" &&
           std::string_view(argv[2]) == "--arguments-from-stdin";
}

} // namespace

int main(int argc, char **argv) {
    std::vector<std::string> stdinArguments;
    std::vector<char *> stdinArgv;
    if (argumentsFromStdin(argc, argv)) {
        try {
            stdinArguments = perfglass::cli::readArgumentBlock(STDIN_FILENO);
        } catch (const perfglass::Error &error) {
            fmt::print(stderr, "perfglass-cli: {}\n", error.what());
            return 129;
        }
        stdinArguments.insert(stdinArguments.begin(), {argv[0], "record"});
        for (auto &argument : stdinArguments)
            stdinArgv.push_back(argument.data());
        stdinArgv.push_back(nullptr);
        argc = static_cast<int>(stdinArguments.size());
        argv = stdinArgv.data();
    }
    // A run of this program is short, so allocations of up to 32 MiB come from the heap and freed ones stay
    // there to be reused, rather than each being mapped, faulted in page by page and unmapped again (glibc
    // raises its threshold only as such allocations are freed, each to its own size). That was 8% of the
    // CPU of opening a 10,000-sample recording; larger tables are still mapped.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    CLI::App app{"Perfglass: record and explore Linux performance profiles", "perfglass-cli"};
    app.require_subcommand(1);
    // The version, and where the privileged helper this program starts is (found from its own location).
    const std::string helper = perfglass::HelperConnection::expectedHelperPath();
    app.set_version_flag(
        "--version", std::string("perfglass-cli ") + PERFGLASS_VERSION + "\nprivileged helper: " + helper +
                         (perfglass::HelperConnection::findHelper().empty() ? " (missing)" : ""));

    std::vector<std::pair<CLI::App *, std::unique_ptr<perfglass::cli::Command>>> commands;
    auto add = [&](std::unique_ptr<perfglass::cli::Command> command) {
        CLI::App *sub = command->setup(app);
        commands.emplace_back(sub, std::move(command));
    };
    add(std::make_unique<perfglass::cli::RecordCommand>(argc, argv));
    add(std::make_unique<perfglass::cli::ReportCommand>());
    add(std::make_unique<perfglass::cli::ScriptCommand>());
    add(std::make_unique<perfglass::cli::AnnotateCommand>());
    add(std::make_unique<perfglass::cli::StatCommand>(argc, argv));
    add(std::make_unique<perfglass::cli::ListCommand>());
    add(std::make_unique<perfglass::cli::DiffCommand>());
    add(std::make_unique<perfglass::cli::ArchiveCommand>());
    add(std::make_unique<perfglass::cli::BuildIdListCommand>());
    add(std::make_unique<perfglass::cli::HostSymbolsCommand>());

    std::string helpTopic;
    CLI::App *help = app.add_subcommand("help", "Print the help of the program or of SUBCOMMAND");
    help->add_option("subcommand", helpTopic, "The subcommand to describe");

    if (const auto status = perfglass::cli::checkSubcommandName(app, argc, argv)) return *status;
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &error) {
        return perfglass::cli::reportParseError(app, error, argc, argv);
    }
    if (help->parsed()) return perfglass::cli::printHelp(app, helpTopic);
    try {
        for (auto &[sub, command] : commands)
            if (sub->parsed()) return command->run();
    } catch (const perfglass::Cancelled &) {
        fmt::print(stderr, "perfglass-cli: cancelled\n");
        return 130;
    } catch (const perfglass::Error &error) {
        fmt::print(stderr, "perfglass-cli: {}\n", error.what());
        return 1;
    } catch (const std::exception &error) {
        fmt::print(stderr, "perfglass-cli: internal error: {}\n", error.what());
        return 2;
    }
    return 1;
}
