#include "RemoteRecord.h"

#include "RecordArguments.h"
#include "RemoteDeploy.h"
#include "RemoteRecording.h"
#include "RemoteSymbols.h"
#include "StopSignals.h"

#include "base/Error.h"
#include "identity/BuildIdCache.h"

#include "base/UniqueFd.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

namespace perfglass::cli {

namespace {

constexpr size_t kMaxHosts = 64;

struct HostOutcome {
    std::optional<RemoteRecordingResult> result;
    std::string error;
};

// Where the stop signals' handler writes a byte; the main thread then stops the recordings.
std::atomic<int> stopPipeInput{-1};

void onStopSignal(int) {
    const char byte = 1;
    if (const int fd = stopPipeInput.load(); fd >= 0) [[maybe_unused]]
        auto ignored = ::write(fd, &byte, 1);
}

// The stop signals' pipe, registered for onStopSignal while it lives.
class StopPipe {
public:
    StopPipe() {
        int ends[2];
        if (::pipe2(ends, O_CLOEXEC | O_NONBLOCK) != 0)
            throw Error(systemErrorMessage("cannot make a pipe for the stop signals", errno));
        output_.reset(ends[0]);
        input_.reset(ends[1]);
        stopPipeInput.store(input_.get());
    }
    ~StopPipe() { stopPipeInput.store(-1); }
    StopPipe(const StopPipe &) = delete;
    StopPipe &operator=(const StopPipe &) = delete;
    // Waits up to timeoutMs for a stop signal; true when one came.
    bool waitForSignal(int timeoutMs) const {
        pollfd watched{output_.get(), POLLIN, 0};
        if (::poll(&watched, 1, timeoutMs) <= 0) return false;
        char bytes[16];
        [[maybe_unused]] auto ignored = ::read(output_.get(), bytes, sizeof bytes);
        return true;
    }

private:
    UniqueFd output_;
    UniqueFd input_;
};

// Saves every host's stream on a thread of its own; a stop signal stops them all, cleanly.
void saveAll(const std::vector<std::unique_ptr<RemoteRecording>> &recordings,
             std::vector<HostOutcome> &outcomes) {
    const StopPipe stopPipe;
    const StopSignals signals(onStopSignal);
    for (const auto &recording : recordings)
        recording->start();
    std::atomic<size_t> finished{0};
    std::vector<std::jthread> savers;
    for (size_t i = 0; i < recordings.size(); ++i)
        savers.emplace_back([&, i] {
            try {
                outcomes[i].result = recordings[i]->finish();
            } catch (const Error &error) {
                outcomes[i].error = error.what();
            }
            ++finished;
        });
    int signalsSeen = 0;
    while (finished.load() < recordings.size()) {
        if (!stopPipe.waitForSignal(200)) continue;
        // The first signal ends the recordings cleanly; another one ends ssh, for a host that no longer
        // answers.
        const bool first = ++signalsSeen == 1;
        for (const auto &recording : recordings)
            first ? recording->stop() : recording->abort();
    }
}

std::string megabytes(uint64_t bytes) {
    return fmt::format("{:.1f} MB", static_cast<double>(bytes) / 1e6);
}

void reportSymbols(const RemoteRecordRequest &request, const RemoteRecordingSetup &setup) {
    const std::string root = request.buildIdDir.empty() ? BuildIdCache::userRoot() : request.buildIdDir;
    if (root.empty()) {
        fmt::print(stderr,
                   "perfglass-cli: {}: symbols not fetched: no build-id cache (set HOME, "
                   "PERF_BUILDID_DIR or --buildid-dir)\n",
                   setup.host.host);
        return;
    }
    const SymbolsFetch fetch = RemoteSymbols(setup, root, request.fullBinaries).fetch(setup.outputPath);
    for (const auto &note : fetch.notes)
        fmt::print(stderr, "perfglass-cli: {}\n", note);
    fmt::print(
        stderr,
        "[ perfglass symbols from {}: {} build ids, {} already in {}, {} fetched ({}), {} files added ]\n",
        setup.host.host, fetch.listed, fetch.alreadyCached, root, fetch.requested,
        request.fullBinaries ? "full" : "symbols only", fetch.added);
}

// "N lost[ in M LOST records][, T throttled]", as a local record says it.
std::string lostPart(const PipeStreamSaveResult &saved) {
    std::string lost = fmt::format("{} lost", saved.lostSamples);
    if (saved.lostRecords > 0) lost += fmt::format(" in {} LOST records", saved.lostRecords);
    if (saved.throttles > 0) lost += fmt::format(", {} throttled", saved.throttles);
    return lost;
}

// PATH as one word for a POSIX shell: as it is when nothing in it is special there, else single-quoted.
std::string shellWord(const std::string &path) {
    const bool plain = !path.empty() && std::all_of(path.begin(), path.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::strchr("._-/+:@,=%", c) != nullptr;
    });
    return plain ? path : shellQuoted(path);
}

// After a recording on several hosts: the command that reports their sessions together.
void printReportCommand(const std::vector<std::string> &sessions) {
    if (sessions.size() < 2) return;
    std::string command = "perfglass-cli report";
    for (const auto &session : sessions)
        command += " " + shellWord(session);
    fmt::print(stderr, "perfglass-cli: report the hosts together, each host above its processes: {}\n",
               command);
}

RemoteRecordingSetup setupFor(const RemoteRecordRequest &request, const std::string &host) {
    RemoteRecordingSetup setup;
    setup.host = RemoteHost::parse(host);
    setup.sshConfig = request.sshConfig;
    setup.remoteCli = request.remoteCli;
    setup.recordArguments = request.recordArguments;
    setup.compressionLevel = request.compressionLevel;
    if (request.deploy) {
        const DeployedRecorder deployed = RemoteDeploy(setup.host, setup.sshConfig).deploy();
        setup.remoteCli = deployed.path;
        fmt::print(stderr, "[ perfglass deploy: {} {}:{} ]\n",
                   deployed.copied ? "copied this build to" : "reusing", setup.host.host, deployed.path);
    }
    setup.outputPath = request.hosts.size() == 1
                           ? request.outputPath
                           : sessionPathForHost(request.outputPath, setup.host.fileLabel());
    return setup;
}

} // namespace

int recordOnHosts(const RemoteRecordRequest &request) {
    if (request.hosts.size() > kMaxHosts) throw Error(fmt::format("--host: at most {} hosts", kMaxHosts));
    if (request.outputPath == "-") throw Error("--host: -o - is not supported; give a file");
    std::vector<std::unique_ptr<RemoteRecording>> recordings;
    for (const auto &host : request.hosts)
        recordings.push_back(std::make_unique<RemoteRecording>(setupFor(request, host)));
    for (const auto &recording : recordings)
        if (const std::string kept = keepPreviousSession(recording->setup().outputPath); !kept.empty())
            fmt::print(stderr, "perfglass-cli: kept the previous session as {}\n", kept);
    ::signal(SIGPIPE, SIG_IGN); // a host that went away fails a write instead of ending this process
    std::vector<HostOutcome> outcomes(recordings.size());
    saveAll(recordings, outcomes);
    int status = 0;
    size_t failed = 0;
    std::vector<std::string> recorded;
    for (size_t i = 0; i < recordings.size(); ++i) {
        const RemoteRecordingSetup &setup = recordings[i]->setup();
        if (!outcomes[i].result) {
            fmt::print(stderr, "perfglass-cli: {}\n", outcomes[i].error);
            ++failed;
            continue;
        }
        const RemoteRecordingResult &result = *outcomes[i].result;
        recorded.push_back(setup.outputPath);
        for (const auto &notice : result.saved.notices)
            fmt::print(stderr, "perfglass-cli: note: {}\n", notice.english());
        fmt::print(stderr, "[ perfglass record --host {}: {} samples, {}, {} records, {} written to {} ]\n",
                   setup.host.host, result.saved.samples, lostPart(result.saved), result.saved.records,
                   megabytes(result.saved.bytes), setup.outputPath);
        try {
            if (request.fetchSymbols) reportSymbols(request, setup);
        } catch (const Error &error) {
            fmt::print(stderr, "perfglass-cli: {}: symbols not fetched: {}\n", setup.host.host, error.what());
        }
        if (recordings.size() == 1) status = result.exitStatus;
    }
    printReportCommand(recorded);
    if (failed == recordings.size())
        throw Error(failed == 1 ? "nothing was recorded" : "nothing was recorded on any host");
    return failed > 0 ? 1 : status;
}

} // namespace perfglass::cli
