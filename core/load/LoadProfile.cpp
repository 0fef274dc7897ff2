#include "load/LoadProfile.h"

#include "base/Error.h"
#include "identity/BuildIdCache.h"
#include "load/ProfileBuilder.h"
#include "load/RecordFeed.h"
#include "load/SessionLoadSetup.h"
#include "perfdata/PerfDataReader.h"
#include "unwind/ParallelUnwinder.h"

#include <cstdlib>

namespace perfglass {

namespace {

// Reads every record through the orderer into the builder. Returns how many samples it read.
uint64_t readRecords(PerfDataReader &reader, ProfileBuilder &builder, const LoadOptions &options) {
    RecordFeed feed(reader, builder);
    feed.feed([&] {
        throwIfCancelled(options.stop);
        if (options.progress && reader.bytesTotal() > 0)
            options.progress(static_cast<double>(reader.bytesConsumed()) / reader.bytesTotal());
        return true;
    });
    feed.flush();
    return feed.samples();
}

} // namespace

ModuleSearch moduleSearchFor(const LoadOptions &options) {
    ModuleSearch search;
    search.buildIdCaches = options.buildIdCaches;
    if (options.userBuildIdCache)
        search.buildIdCaches.push_back(options.userBuildIdCacheRoot.empty() ? BuildIdCache::userRoot()
                                                                            : options.userBuildIdCacheRoot);
    search.sysroot = options.sysroot;
    search.libraryPaths = options.libraryPaths;
    search.debugPaths = options.debugPaths;
    search.debuginfodProgress = [progress = options.debuginfodProgress,
                                 stop = options.stop](const std::string &module, long done, long total) {
        if (stop.stop_requested()) return false;
        return !progress || progress(module, done, total);
    };
    return search;
}

std::shared_ptr<const Profile> loadProfile(const std::string &path, const LoadOptions &options) {
    if (!options.debuginfodUrls.empty()) ::setenv("DEBUGINFOD_URLS", options.debuginfodUrls.c_str(), 1);
    PerfDataReader reader(path, options.stop);
    if (options.stopFollowing.stop_possible()) reader.follow(options.stopFollowing);
    reader.setPrefetching(coreSpareForPrefetching(reader.events(), options.unwindThreads));
    reader.setExpandingAhead(ParallelUnwinder::threadsFor(options.unwindThreads) >= 2);
    const bool sameKernel = recordedOnThisKernel(reader.metadata());
    // Kernel symbols load on a second thread while the records are read; frames are named at the end.
    auto kernelSymbols = kernelSymbolsFor(options, sameKernel, reader.metadata());
    ProfileBuilder builder{KernelSymbols{}};
    configureBuilder(builder, reader, options, sameKernel);
    const uint64_t samples = readRecords(reader, builder, options);
    builder.setKernelSymbols(kernelSymbols.get());
    auto profile = builder.finish();
    addSessionFacts(*profile, reader);
    noteSampleCpuMismatch(*profile, reader, samples);
    if (options.progress) options.progress(1.0);
    return profile;
}

} // namespace perfglass
