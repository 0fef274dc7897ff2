#include "HostSymbolsCommand.h"

#include "SymbolsRequest.h"

#include "base/Error.h"
#include "base/UniqueFd.h"
#include "export/ReviewArchive.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>

namespace perfglass::cli {

namespace {

constexpr size_t kMaxRequestBytes = size_t{64} << 20;

std::string readStandardInput() {
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = ::read(STDIN_FILENO, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw Error(systemErrorMessage("host-symbols: cannot read the request", errno));
        if (got == 0) return text;
        text.append(buffer, static_cast<size_t>(got));
        if (text.size() > kMaxRequestBytes) throw Error("host-symbols: the request is larger than 64 MiB");
    }
}

void copyToStandardOutput(const std::string &path) {
    UniqueFd file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!file.valid()) throw Error(systemErrorMessage("host-symbols: cannot read " + path, errno));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = ::read(file.get(), buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return;
        for (ssize_t done = 0; done < got;) {
            const ssize_t wrote = ::write(STDOUT_FILENO, buffer + done, static_cast<size_t>(got - done));
            if (wrote < 0 && errno == EINTR) continue;
            if (wrote <= 0) throw Error(systemErrorMessage("host-symbols: cannot write the archive", errno));
            done += wrote;
        }
    }
}

// A private directory under $TMPDIR (else /tmp), removed with what it holds when this goes.
class TemporaryDirectory {
public:
    TemporaryDirectory() {
        const char *base = std::getenv("TMPDIR");
        std::string pattern = std::string(base && *base ? base : "/tmp") + "/perfglass-symbols-XXXXXX";
        if (!::mkdtemp(pattern.data()))
            throw Error(systemErrorMessage("host-symbols: cannot make a directory in " + pattern, errno));
        path_ = pattern;
    }
    ~TemporaryDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TemporaryDirectory(const TemporaryDirectory &) = delete;
    TemporaryDirectory &operator=(const TemporaryDirectory &) = delete;
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

} // namespace

CLI::App *HostSymbolsCommand::setup(CLI::App &app) {
    CLI::App *sub = app.add_subcommand(
        "host-symbols", "Archive the files a remote recording asks for (read on standard input) to standard "
                        "output; run by record --host on the host");
    sub->group(""); // hidden: not a command for people
    sub->add_flag("--full", full_, "Whole files, not the symbols-only form");
    return sub;
}

int HostSymbolsCommand::run() {
    if (::isatty(STDOUT_FILENO))
        throw Error("host-symbols: standard output is a terminal; this command is run by record --host");
    const SymbolsRequest request = SymbolsRequest::parse(readStandardInput());
    SessionArchiveOptions options;
    options.entries = request.files;
    options.symbolsOnly = !full_;
    options.measureFullSize = false;
    options.sampledAddresses = request.sampledAddresses;
    useRunningKernel(options);
    const TemporaryDirectory directory;
    options.outputPath = directory.path() + "/symbols.tar.bz2";
    const SessionArchiveResult result = SessionArchive::write(options);
    for (const auto &line : result.missing)
        fmt::print(stderr, "perfglass-cli: host-symbols: missing: {}\n", line);
    copyToStandardOutput(result.path);
    return 0;
}

} // namespace perfglass::cli
