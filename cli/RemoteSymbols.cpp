#include "RemoteSymbols.h"

#include "SymbolsRequest.h"

#include "base/Error.h"
#include "base/UniqueFd.h"
#include "export/ReviewArchive.h"
#include "identity/ArchiveOpener.h"
#include "identity/BuildIdCache.h"
#include "load/LoadProfile.h"
#include "perfdata/PerfDataReader.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <set>

namespace perfglass::cli {

namespace {

bool hasIdentity(const BuildIdEntry &entry) {
    return !entry.buildId.empty() &&
           std::any_of(entry.buildId.begin(), entry.buildId.end(), [](uint8_t byte) { return byte != 0; });
}

void copyAll(int from, int to, const std::string &what) {
    char buffer[1 << 16];
    for (;;) {
        const ssize_t got = ::read(from, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) throw Error(systemErrorMessage("cannot read " + what, errno));
        if (got == 0) return;
        for (ssize_t done = 0; done < got;) {
            const ssize_t wrote = ::write(to, buffer + done, static_cast<size_t>(got - done));
            if (wrote < 0 && errno == EINTR) continue;
            if (wrote <= 0) throw Error(systemErrorMessage("cannot write " + what, errno));
            done += wrote;
        }
    }
}

} // namespace

RemoteSymbols::RemoteSymbols(const RemoteRecordingSetup &setup, std::string cacheRoot, bool fullBinaries)
    : setup_(setup)
    , cacheRoot_(std::move(cacheRoot))
    , full_(fullBinaries) {}

SymbolsFetch RemoteSymbols::fetch(const std::string &sessionPath) const {
    SymbolsFetch fetch;
    SymbolsRequest request;
    {
        const PerfDataReader reader(sessionPath);
        const BuildIdCache cache(cacheRoot_);
        std::set<std::string> seen;
        for (const BuildIdEntry &entry : reader.metadata().buildIds) {
            if (!hasIdentity(entry) || !seen.insert(buildIdHex(entry.buildId)).second) continue;
            ++fetch.listed;
            if (!cache.findFor(entry.path, entry.buildId).empty()) {
                ++fetch.alreadyCached;
            } else if (entry.path.find('\n') != std::string::npos) {
                fetch.notes.push_back("not fetched (a newline in its path): " + entry.path);
            } else {
                request.files.push_back(entry);
            }
        }
    }
    fetch.requested = request.files.size();
    if (request.files.empty()) return fetch;
    if (!full_) {
        LoadOptions options;
        options.userBuildIdCacheRoot = cacheRoot_;
        const auto sampled = sampledAddressesByBuildId(*loadProfile(sessionPath, options));
        for (const BuildIdEntry &entry : request.files)
            if (const auto found = sampled.find(buildIdHex(entry.buildId)); found != sampled.end())
                request.sampledAddresses.insert(*found);
    }
    const std::string archive = sessionPath + ".host-symbols.tar.bz2";
    const std::string problem = fetchArchive(request.encode(), archive);
    if (!problem.empty()) {
        ::unlink(archive.c_str());
        fetch.notes.push_back(problem);
        return fetch;
    }
    std::filesystem::create_directories(cacheRoot_);
    try {
        const auto lines = ArchiveOpener().unpackIntoCache(archive, cacheRoot_, ".");
        // "N files unpacked into ROOT": the files the cache did not have.
        if (!lines.empty()) fetch.added = std::strtoul(lines.front().c_str(), nullptr, 10);
    } catch (...) {
        ::unlink(archive.c_str());
        throw;
    }
    ::unlink(archive.c_str());
    return fetch;
}

// Runs host-symbols on the host with request as its input and its output into archivePath. Returns why it
// failed, or an empty string.
std::string RemoteSymbols::fetchArchive(const std::string &request, const std::string &archivePath) const {
    const std::string command = RemoteRecording::remoteCommand(setup_.remoteCli, "host-symbols",
                                                               full_ ? std::vector<std::string>{"--full"}
                                                                     : std::vector<std::string>{});
    SshProcess ssh(setup_.host.sshCommand(setup_.sshConfig, command));
    ssh.write(request); // the host reads it whole before it writes anything
    ssh.closeInput();
    UniqueFd file(::open(archivePath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
    if (!file.valid()) throw Error(systemErrorMessage("cannot create " + archivePath, errno));
    copyAll(ssh.outputFd(), file.get(), "the symbols from " + setup_.host.host);
    const int status = ssh.wait();
    if (status != 0)
        return fmt::format(
            "symbols were not fetched from {}: host-symbols ended with status {} (its message is "
            "above{})",
            setup_.host.host, status,
            status == 1 || status == 129 ? "; the host's perfglass-cli may be older than this one" : "");
    return {};
}

} // namespace perfglass::cli
