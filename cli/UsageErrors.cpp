#include "UsageErrors.h"

#include "base/NameSuggestions.h"

#include <fmt/format.h>

#include <string_view>
#include <vector>

namespace perfglass::cli {

namespace {

std::vector<std::string> subcommandNames(const CLI::App &app) {
    std::vector<std::string> names;
    for (const CLI::App *sub : app.get_subcommands([](const CLI::App *) { return true; }))
        names.push_back(sub->get_name());
    return names;
}

// Every spelling of the options of app: --long and -s.
std::vector<std::string> optionNames(const CLI::App &app) {
    std::vector<std::string> names;
    for (const CLI::Option *option : app.get_options()) {
        for (const auto &name : option->get_lnames())
            names.push_back("--" + name);
        for (const auto &name : option->get_snames())
            names.push_back("-" + name);
    }
    return names;
}

bool knows(const std::vector<std::string> &names, std::string_view name) {
    for (const auto &known : names)
        if (known == name) return true;
    return false;
}

// The subcommand that was being parsed when the error came (the deepest one parsed), or app.
const CLI::App &parsedSubcommand(const CLI::App &app) {
    for (const CLI::App *sub : app.get_subcommands([](const CLI::App *) { return true; }))
        if (sub->parsed()) return *sub;
    return app;
}

// "unknown option '--sotr' (did you mean: --sort?)" for each option of argv that app does not know.
std::string unknownOptions(const CLI::App &app, int argc, char **argv) {
    std::vector<std::string> known = optionNames(app);
    if (app.get_parent() != nullptr)
        for (const auto &name : optionNames(*app.get_parent()))
            known.push_back(name);
    std::string text;
    for (int i = 1; i < argc; ++i) {
        const std::string_view argument = argv[i];
        if (argument == "--") break;
        if (argument.size() < 2 || argument[0] != '-' || (argument[1] != '-' && argument.size() > 2))
            continue;
        const std::string name(argument.substr(0, argument.find('=')));
        if (knows(known, name)) continue;
        text += fmt::format("\n{}: unknown option '{}'{}", app.get_parent() ? app.get_name() : "", name,
                            didYouMean(name, known));
    }
    return text;
}

} // namespace

std::optional<int> checkSubcommandName(const CLI::App &app, int argc, char **argv) {
    if (argc < 2 || argv[1][0] == '-') return std::nullopt;
    const std::string name = argv[1];
    const std::vector<std::string> names = subcommandNames(app);
    if (knows(names, name)) return std::nullopt;
    fmt::print(stderr, "{}: '{}' is not a {} command{}\nSee '{} --help'.\n", app.get_name(), name,
               app.get_name(), didYouMean(name, names), app.get_name());
    return kUsageExitCode;
}

int reportParseError(const CLI::App &app, const CLI::ParseError &error, int argc, char **argv) {
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(error);
    const CLI::App &sub = parsedSubcommand(app);
    std::string message = error.what();
    if (dynamic_cast<const CLI::ExtrasError *>(&error) != nullptr) {
        const std::string unknown = unknownOptions(sub, argc, argv);
        if (!unknown.empty()) message = unknown.substr(1);
    }
    const std::string command = &sub == &app ? app.get_name() : app.get_name() + " " + sub.get_name();
    fmt::print(stderr, "{}: {}\nSee '{} --help'.\n", app.get_name(), message, command);
    return kUsageExitCode;
}

int printHelp(const CLI::App &app, const std::string &subcommand) {
    if (subcommand.empty()) { // app.help() would describe the parsed subcommand, help itself
        fmt::print("{}", app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal));
        return 0;
    }
    for (const CLI::App *sub : app.get_subcommands([](const CLI::App *) { return true; }))
        if (sub->get_name() == subcommand) {
            fmt::print("{}", sub->help());
            return 0;
        }
    fmt::print(stderr, "{}: no help for '{}': it is not a {} command{}\n", app.get_name(), subcommand,
               app.get_name(), didYouMean(subcommand, subcommandNames(app)));
    return kUsageExitCode;
}

} // namespace perfglass::cli
