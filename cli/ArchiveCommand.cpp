#include "ArchiveCommand.h"

#include "base/Error.h"
#include "export/ReviewArchive.h"
#include "identity/ArchiveOpener.h"
#include "identity/BuildIdCache.h"
#include "load/LoadProfile.h"

#include <fmt/format.h>

namespace perfglass::cli {

namespace {

std::string megabytes(uint64_t bytes) {
    return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6);
}

} // namespace

CLI::App *ArchiveCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "archive",
        "Put the binaries, debug files and kernel symbols of a session in one tar.bz2, as perf archive");
    sub->add_option("file", input_, "The session (default: perf.data)");
    sub->add_option("-o,--output", output_,
                    "The archive to write (default: FILE.tar.bz2; with --all perf.all-HOST-DATE.tar.bz2)");
    sub->add_flag("--all", all_, "Put the session and its symbols in one archive, as perf archive --all");
    sub->add_flag("--symbols-only", symbolsOnly_,
                  "Keep only what names, unwinds, gives source lines and disassembles the sampled functions: "
                  "every other byte of the binaries is zeroed (same files, same layout, a smaller archive)");
    sub->add_option(
        "--unpack", unpack_,
        "Unpack ARCHIVE into the build-id cache ($PERF_BUILDID_DIR, else ~/.debug), as perf archive "
        "--unpack; the session of an --all archive goes into the current directory");
    symbolOptions_.add(sub);
    return sub;
}

int ArchiveCommand::unpack() const {
    const std::string root = BuildIdCache::userRoot();
    if (root.empty())
        throw Error("no build-id cache to unpack into: neither PERF_BUILDID_DIR nor HOME is set");
    for (const auto &line : ArchiveOpener().unpackIntoCache(unpack_, root, "."))
        fmt::print("{}\n", line);
    return 0;
}

std::map<std::string, std::vector<uint64_t>> ArchiveCommand::sampledAddresses() const {
    LoadOptions options;
    symbolOptions_.apply(options);
    return sampledAddressesByBuildId(*loadProfile(input_, options));
}

void ArchiveCommand::printResult(const SessionArchiveResult &result) const {
    for (const auto &line : result.missing)
        fmt::print(stderr, "perfglass-cli: archive: missing: {}\n", line);
    for (const auto &entry : result.entries)
        fmt::print("  {}\n", entry);
    fmt::print("wrote {} ({}, {} entries{})\n", result.path, megabytes(result.bytes), result.entries.size(),
               result.missing.empty() ? "" : fmt::format(", {} missing", result.missing.size()));
    if (symbolsOnly_ && result.fullBytes > 0)
        fmt::print("symbols only: {:.0f}% smaller than the full archive ({})\n",
                   100.0 * (1.0 - static_cast<double>(result.bytes) / static_cast<double>(result.fullBytes)),
                   megabytes(result.fullBytes));
    if (all_)
        fmt::print("Elsewhere: perfglass-cli report -i {0}, or perfglass-cli archive --unpack {0}\n",
                   result.path);
    else
        fmt::print("Elsewhere: perfglass-cli report -i {0} (with {1} beside it), or tar xf {0} -C ~/.debug "
                   "for perf\n",
                   result.path, input_);
}

int ArchiveCommand::run() {
    if (!unpack_.empty()) return unpack();
    SessionArchiveOptions options;
    options.sessionPath = input_;
    options.outputPath = output_;
    options.all = all_;
    options.symbolsOnly = symbolsOnly_;
    if (symbolsOnly_) options.sampledAddresses = sampledAddresses();
    useRunningKernel(options);
    printResult(SessionArchive::write(options));
    return 0;
}

} // namespace perfglass::cli
