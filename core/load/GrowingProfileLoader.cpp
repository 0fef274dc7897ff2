#include "load/GrowingProfileLoader.h"

#include "load/SessionLoadSetup.h"
#include "unwind/ParallelUnwinder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace perfglass {

namespace {

PerfDataReader &readingIncrementally(PerfDataReader &reader, const LoadOptions &options) {
    reader.readIncrementally();
    reader.setPrefetching(coreSpareForPrefetching(reader.events(), options.unwindThreads));
    reader.setExpandingAhead(ParallelUnwinder::threadsFor(options.unwindThreads) >= 2);
    return reader;
}

LoadOptions withDebuginfodUrls(LoadOptions options) {
    if (!options.debuginfodUrls.empty()) ::setenv("DEBUGINFOD_URLS", options.debuginfodUrls.c_str(), 1);
    return options;
}

} // namespace

GrowingProfileLoader::GrowingProfileLoader(const std::string &path, LoadOptions options,
                                           const std::stop_token &opening)
    : options_(withDebuginfodUrls(std::move(options)))
    , reader_(path, opening)
    , builder_(KernelSymbols{})
    , feed_(readingIncrementally(reader_, options_), builder_) {
    const bool sameKernel = recordedOnThisKernel(reader_.metadata());
    kernelSymbols_ = kernelSymbolsFor(options_, sameKernel, reader_.metadata());
    configureBuilder(builder_, reader_, options_, sameKernel);
}

GrowingProfileLoader::~GrowingProfileLoader() = default;

GrowingProfileLoader::StepEnd GrowingProfileLoader::step(std::chrono::steady_clock::duration budget,
                                                         std::stop_token stop,
                                                         const std::function<void(double)> &progress) {
    if (ended_) return StepEnd::Ended;
    const auto deadline = std::chrono::steady_clock::now() + budget;
    bool stopped = false;
    const bool drained = feed_.feed([&] {
        if (progress) progress(shareRead());
        stopped = options_.stop.stop_requested() || stop.stop_requested();
        return !stopped && std::chrono::steady_clock::now() < deadline;
    });
    if (stopped) return StepEnd::Stopped;
    if (!drained) return StepEnd::Budget;
    if (reader_.caughtUp()) return StepEnd::CaughtUp;
    ended_ = true;
    return StepEnd::Ended;
}

// Kernel frames are named from the first snapshot on: the symbols load while the first records are read.
void GrowingProfileLoader::giveKernelSymbols() {
    if (kernelSymbols_.valid()) builder_.setKernelSymbols(kernelSymbols_.get());
}

std::shared_ptr<const Profile> GrowingProfileLoader::snapshot() {
    giveKernelSymbols();
    auto profile = builder_.snapshot();
    addSessionFacts(*profile, reader_); // the host, the machine and the reader's notices so far
    return profile;
}

double GrowingProfileLoader::shareRead() const {
    if (reader_.isPipe() || reader_.bytesTotal() == 0) return 0.0;
    return std::min(1.0,
                    static_cast<double>(reader_.bytesConsumed()) / static_cast<double>(reader_.bytesTotal()));
}

std::shared_ptr<const Profile> GrowingProfileLoader::finish() {
    feed_.flush();
    giveKernelSymbols();
    auto profile = builder_.finish();
    addSessionFacts(*profile, reader_);
    if (ended_) {
        noteSampleCpuMismatch(*profile, reader_, feed_.samples());
    } else {
        const std::string share =
            reader_.isPipe() ? std::string() : fmt::format(" ({:.0f}% of it)", 100.0 * shareRead());
        profile->diagnostics.notices.push_back(
            textMessage(fmt::format("{}: reading stopped after {} bytes of records{}: the profile is "
                                    "partial, it holds the {} samples "
                                    "read so far",
                                    reader_.path(), reader_.bytesConsumed(), share, feed_.samples())));
    }
    ended_ = true;
    return profile;
}

} // namespace perfglass
