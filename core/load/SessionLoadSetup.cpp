#include "load/SessionLoadSetup.h"

#include "base/Error.h"
#include "base/WallClock.h"
#include "perfdata/PerfFileFormat.h"
#include "record/HostBuildIds.h"
#include "unwind/ParallelUnwinder.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <algorithm>
#include <fstream>

namespace perfglass {

namespace {

// The build id the session gives its kernel ([kernel.kallsyms] in BUILD_ID), empty when none.
std::vector<uint8_t> recordedKernelBuildId(const SessionMetadata &metadata) {
    for (const BuildIdEntry &entry : metadata.buildIds)
        if (entry.path == "[kernel.kallsyms]" && !entry.buildId.empty()) return entry.buildId;
    return {};
}

// When the session was recorded, as far as can be told (its header holds no wall-clock time): its file's last
// change, the recorder's end; nanoseconds since the epoch.
int64_t recordingTimeNs(const std::string &path) {
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return 0; // a pipe: no end known
    return nanosecondsOf(status.st_mtim);
}

// Starts loading the kernel symbols on a second thread: from the given file, or from /proc/kallsyms when the
// session was recorded on this kernel.
// A copy of kallsyms kept in this boot for the session's kernel (by its build id) by a recording through the
// privileged helper; empty when there is none.
KernelSymbols kernelSymbolsFromFile(const std::string &path) {
    std::ifstream input(path);
    return input && !path.empty() ? KernelSymbols::fromStream(input) : KernelSymbols{};
}

// Whether this machine's perf maps (/tmp) and jitdumps (at their recorded paths) may name a session's JIT
// code: only one recorded here (its host name, and its kernel) and only by files made before it ended (the
// file's last change; a stream, a pipe or a file still being written has not ended).
JitSymbols::LocalFiles localFilesPolicy(const PerfDataReader &reader) {
    const SessionMetadata &metadata = reader.metadata();
    JitSymbols::LocalFiles local;
    utsname names{}; // as SessionMetadata::fromThisMachine names this machine
    const bool named = ::uname(&names) == 0;
    if (named && !metadata.hostname.empty() && metadata.hostname != names.nodename) {
        local.allowed = false;
        local.refusal = fmt::format("the recording comes from host {}", metadata.hostname);
    } else if (!recordedOnThisKernel(metadata)) {
        local.allowed = false;
        local.refusal = metadata.osRelease.empty() || (named && metadata.osRelease == names.release)
                            ? std::string("the recording comes from another build of this kernel")
                            : fmt::format("the recording comes from another kernel ({})", metadata.osRelease);
    }
    if (!reader.isFollowing() && !reader.drainsPipe() && !reader.isPipe())
        local.sessionEndNs = recordingTimeNs(reader.path());
    return local;
}

// JIT code's names: perf maps kept in the session, else in options.jitMapDirectory (/tmp) when they can be
// the recorded processes'; jitdumps at their recorded path or beside the session, compared by time when the
// session's clock is the runtimes' (CLOCK_MONOTONIC).
void configureJit(JitSymbols &jit, const PerfDataReader &reader, const LoadOptions &options) {
    if (!options.jitMapDirectory.empty()) jit.setMapDirectory(options.jitMapDirectory);
    jit.setKeptMaps(reader.metadata().perfMaps, reader.metadata().perfMapsKept);
    jit.setLocalFiles([&reader] { return localFilesPolicy(reader); }); // the builder ends before the reader
    jit.setKeptDumps(&reader.metadata().jitDumps);
    const std::string &path = reader.path();
    if (path != "-")
        jit.setSessionDirectory(path.find('/') == std::string::npos ? "." : path.substr(0, path.rfind('/')));
    const auto &events = reader.events();
    jit.setTimesComparable(!events.empty() && events.front().attr.use_clockid &&
                           events.front().attr.clockid == CLOCK_MONOTONIC);
}

} // namespace

// Whether the session was recorded on the running kernel: then /proc/kallsyms and this process's [vdso]
// are the recorded ones. The kernel's build id says, where the session and the machine give one (perf's
// rule); else its release. A session that does not say is taken to be from here.
bool recordedOnThisKernel(const SessionMetadata &metadata) {
    const std::vector<uint8_t> recorded = recordedKernelBuildId(metadata);
    if (!recorded.empty())
        if (const auto running = kernelBuildIdEntry())
            return ModuleFinder::sameBuildId(recorded, running->buildId);
    utsname names{};
    return ::uname(&names) == 0 && (metadata.osRelease.empty() || metadata.osRelease == names.release);
}

// The kernel symbols of the session's kernel: the file given, else /proc/kallsyms on this kernel (the copy
// kept in this boot where its addresses are hidden), else the build-id caches' kallsyms of the recorded
// kernel ([kernel.kallsyms]/HEX/kallsyms, which perf record keeps).
std::future<KernelSymbols> kernelSymbolsFor(const LoadOptions &options, bool sameKernel,
                                            const SessionMetadata &metadata) {
    if (!options.kallsymsPath.empty()) {
        auto input = std::make_shared<std::ifstream>(options.kallsymsPath);
        if (!*input) throw Error(coreMessage(MessageKind::CannotOpenKernelSymbols, options.kallsymsPath));
        return std::async(std::launch::async, [input] { return KernelSymbols::fromStream(*input); });
    }
    const std::vector<uint8_t> kernelId = recordedKernelBuildId(metadata);
    const std::string cached = ModuleFinder(moduleSearchFor(options)).cached(kernelId, "kallsyms");
    if (!sameKernel)
        return std::async(cached.empty() ? std::launch::deferred : std::launch::async,
                          [cached] { return kernelSymbolsFromFile(cached); });
    return std::async(std::launch::async, [kernelId, cached] {
        KernelSymbols symbols = KernelSymbols::fromProc();
        if (symbols.empty()) symbols = kernelSymbolsFromFile(keptKallsymsPath(kernelId)); // hidden addresses
        return symbols.empty() ? kernelSymbolsFromFile(cached) : symbols;
    });
}

void configureBuilder(ProfileBuilder &builder, const PerfDataReader &reader, const LoadOptions &options,
                      bool sameKernel) {
    ModuleSearch search = moduleSearchFor(options);
    search.vdsoOfThisMachine = sameKernel;
    search.recordingTimeNs = recordingTimeNs(reader.path());
    builder.setModuleSearch(std::move(search));
    builder.setBuildIds(reader.metadata().buildIds);
    if (!reader.metadata().tracingData.empty()) {
        try {
            builder.setTracingFormats(TracingFormats::parse(reader.metadata().tracingData));
        } catch (const Error &) {
            // Without formats, tracepoint marks have no fields; the samples themselves are unaffected.
        }
    }
    configureJit(builder.jit(), reader, options);
    builder.setInlineFrames(options.inlineFrames, options.inlineFramesFromDebugFiles);
    builder.setUnwindThreads(options.unwindThreads);
    builder.setEvents(reader.events());
}

// Whether a core is left for the reader's prefetching thread: the unwinding workers take every core of the
// thread budget when the session has user stacks to unwind, and `--threads 1` means one thread.
bool coreSpareForPrefetching(const std::vector<EventAttr> &events, unsigned requestedThreads) {
    if (ParallelUnwinder::threadsFor(requestedThreads) < 2) return false;
    return std::none_of(events.begin(), events.end(), [](const EventAttr &event) {
        return (event.attr.sample_type & PERF_SAMPLE_STACK_USER) != 0;
    });
}

// The CPU table of a session whose samples carry no CPU should cover exactly its samples; when it does not
// (a tool rewrote the file and kept the table), the CPUs shown may be wrong, and the user is told.
void noteSampleCpuMismatch(Profile &profile, const PerfDataReader &reader, uint64_t samples) {
    const SampleCpuRuns &runs = reader.metadata().sampleCpus;
    if (runs.empty() || runs.sampleCount() == samples) return;
    profile.diagnostics.notices.push_back(textMessage(fmt::format(
        "{}: the CPU table of the samples (feature section {}) covers {} samples, the data section "
        "holds {}: their CPUs may be wrong, and samples past the table show CPU 0",
        reader.path(), static_cast<unsigned>(format::kFeatSampleCpus), runs.sampleCount(), samples)));
}

void addSessionFacts(Profile &profile, const PerfDataReader &reader) {
    profile.hostname = reader.metadata().hostname;
    profile.osRelease = reader.metadata().osRelease;
    profile.cmdline = reader.metadata().cmdline;
    const SessionMetadata &metadata = reader.metadata();
    profile.machine.recorder = metadata.version;
    profile.machine.arch = metadata.arch;
    profile.machine.cpuDescription = metadata.cpuDescription;
    profile.machine.cpuId = metadata.cpuId;
    profile.machine.cpusOnline = metadata.cpusOnline;
    profile.machine.cpusAvailable = metadata.cpusAvailable;
    profile.machine.sockets = static_cast<uint32_t>(metadata.cpuTopology.socketSiblings.size());
    profile.machine.cores = static_cast<uint32_t>(metadata.cpuTopology.threadSiblings.size());
    profile.machine.totalMemoryKb = metadata.totalMemoryKb;
    // Event names come from EVENT_DESC, which is read before the data; refresh them.
    for (size_t i = 0; i < profile.events.size() && i < reader.events().size(); ++i)
        profile.events[i].name = reader.events()[i].name;
    for (const auto &notice : reader.notices())
        profile.diagnostics.notices.push_back(notice);
}

} // namespace perfglass
