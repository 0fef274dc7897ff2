#include "Recorder.h"

#include "ChildProcess.h"
#include "CpuList.h"
#include "Error.h"
#include "EventParser.h"
#include "PerfDataWriter.h"
#include "PerfEventOpen.h"
#include "RecordDecoder.h"
#include "RingBuffer.h"
#include "SessionMetadata.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <utility>

namespace perfglass {

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint64_t kX86UserRegsMask = 0xff0fff; // AX..R15 without the segment registers, as perf samples them
constexpr uint16_t kMiscMmapBuildId = 1 << 14;  // PERF_RECORD_MISC_MMAP_BUILD_ID

uint64_t readProcValue(const char *path, uint64_t fallback) {
    std::ifstream file(path);
    uint64_t value = fallback;
    file >> value;
    return file ? value : fallback;
}

// Closes a file descriptor on scope exit.
struct FileDescriptor {
    int fd = -1;
    explicit FileDescriptor(int value)
        : fd(value) {}
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
    FileDescriptor(FileDescriptor &&other) noexcept
        : fd(std::exchange(other.fd, -1)) {}
    FileDescriptor(const FileDescriptor &) = delete;
    FileDescriptor &operator=(const FileDescriptor &) = delete;
    FileDescriptor &operator=(FileDescriptor &&) = delete;
};

// The events opened for one recording: one fd per event and CPU, the first of each CPU owning its ring
// buffer.
struct OpenedEvents {
    std::vector<EventAttr> attrs;
    std::vector<FileDescriptor> fds;
    std::vector<std::unique_ptr<RingBuffer>> buffers;
};

bool isPrivilegeError(int error) {
    return error == EACCES || error == EPERM;
}

std::string openErrorMessage(const EventSpec &spec, int error) {
    switch (error) {
    case ENOENT:
    case EOPNOTSUPP:
        return fmt::format("event '{}' is not supported by this machine (perf_event_open: {})", spec.name,
                           std::strerror(error));
    case EACCES:
    case EPERM:
        return fmt::format(
            "event '{}' needs privileges this user lacks (kernel.perf_event_paranoid = {}); run "
            "'sysctl -w kernel.perf_event_paranoid=1' or record as a privileged user",
            spec.name, readProcValue("/proc/sys/kernel/perf_event_paranoid", 2));
    case EMFILE:
        return fmt::format("too many open files while opening event '{}'; raise the limit with 'ulimit -n'",
                           spec.name);
    default:
        return fmt::format("cannot open event '{}': {}", spec.name, std::strerror(error));
    }
}

perf_event_attr samplingAttr(const EventSpec &spec, const RecordOptions &options, bool tracking) {
    perf_event_attr attr = spec.attr;
    attr.size = sizeof attr;
    attr.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
                       PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD;
    if (options.period > 0) {
        attr.sample_period = options.period;
    } else if (attr.type != PERF_TYPE_TRACEPOINT) {
        attr.freq = 1;
        attr.sample_freq = options.frequency;
    } else {
        attr.sample_period = 1;
    }
    if (options.callGraph != CallGraphMode::None) attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
    if (options.callGraph == CallGraphMode::Dwarf) {
        attr.sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        attr.sample_regs_user = kX86UserRegsMask;
        attr.sample_stack_user = options.dwarfStackSize;
        attr.exclude_callchain_user = 1;
    }
    attr.disabled = 1;
    attr.enable_on_exec = 1;
    attr.inherit = 1;
    attr.sample_id_all = 1;
    attr.use_clockid = 1;
    attr.clockid = CLOCK_MONOTONIC;
    attr.watermark = 1;
    if (tracking) {
        attr.mmap = 1;
        attr.mmap2 = 1;
        attr.comm = 1;
        attr.comm_exec = 1;
        attr.task = 1;
        attr.build_id = 1;
    }
    return attr;
}

size_t defaultMmapPages(const RecordOptions &options) {
    if (options.mmapPages > 0) return options.mmapPages;
    // Unprivileged users share kernel.perf_event_mlock_kb (516 KiB per CPU by default): 128 pages fit.
    const bool privileged = ::geteuid() == 0;
    if (!privileged) return 128;
    return options.callGraph == CallGraphMode::Dwarf ? 2048 : 512;
}

// Opens every event on every CPU for pid. Fails with the errno of the first refusal.
int openEvents(const std::vector<EventSpec> &specs, const RecordOptions &options, pid_t pid,
               const std::vector<int> &cpus, size_t pages, OpenedEvents &opened, const EventSpec *&failed) {
    opened = OpenedEvents{};
    const auto pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    for (size_t i = 0; i < specs.size(); ++i) {
        EventAttr event;
        event.attr = samplingAttr(specs[i], options, i == 0);
        event.attr.wakeup_watermark = static_cast<uint32_t>(pages * pageSize / 4);
        event.name = specs[i].name;
        opened.attrs.push_back(event);
    }
    for (int cpu : cpus) {
        int bufferFd = -1;
        for (size_t i = 0; i < specs.size(); ++i) {
            auto &attr = opened.attrs[i].attr;
            int fd = perfEventOpen(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
            if (fd < 0 && errno == EINVAL && attr.build_id) {
                attr.build_id = 0; // kernels before 5.12 cannot put build ids in MMAP2 records
                fd = perfEventOpen(attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
            }
            if (fd < 0) {
                failed = &specs[i];
                return errno;
            }
            opened.fds.emplace_back(fd);
            uint64_t id = 0;
            if (::ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0) {
                failed = &specs[i];
                return errno;
            }
            opened.attrs[i].ids.push_back(id);
            if (bufferFd < 0) {
                opened.buffers.push_back(std::make_unique<RingBuffer>(fd, pages));
                bufferFd = fd;
            } else if (::ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, bufferFd) != 0) {
                failed = &specs[i];
                return errno;
            }
        }
    }
    return 0;
}

// Rewrites a DWARF-mode sample so that its user stack holds only the bytes the kernel copied.
size_t trimUserStack(const perf_event_header *record, size_t stackSizeOffset, std::vector<uint8_t> &out) {
    const auto *bytes = reinterpret_cast<const uint8_t *>(record);
    uint64_t size = 0;
    std::memcpy(&size, bytes + stackSizeOffset, 8);
    if (size == 0 || stackSizeOffset + 8 + size + 8 > record->size) return 0;
    uint64_t dynSize = 0;
    std::memcpy(&dynSize, bytes + stackSizeOffset + 8 + size, 8);
    const uint64_t kept = (std::min(dynSize, size) + 7) & ~uint64_t{7};
    if (kept == size) return 0;
    const size_t tailOffset = stackSizeOffset + 8 + size; // dyn_size and the fields after it
    out.assign(bytes, bytes + stackSizeOffset);
    out.insert(out.end(), reinterpret_cast<const uint8_t *>(&kept),
               reinterpret_cast<const uint8_t *>(&kept) + 8);
    out.insert(out.end(), bytes + stackSizeOffset + 8, bytes + stackSizeOffset + 8 + kept);
    out.insert(out.end(), bytes + tailOffset, bytes + record->size);
    auto *header = reinterpret_cast<perf_event_header *>(out.data());
    header->size = static_cast<uint16_t>(out.size());
    return out.size();
}

struct RecordCounters {
    uint64_t samples = 0;
    uint64_t lostRecords = 0;
    uint64_t lostSamples = 0;
    uint64_t throttles = 0;
};

// Writes drained records, counting what the summary reports and collecting build ids.
class RecordSink {
public:
    RecordSink(PerfDataWriter &writer, const RecordOptions &options)
        : writer_(writer)
        , dwarf_(options.callGraph == CallGraphMode::Dwarf)
        , decoder_(writer.events()) {}

    void operator()(const perf_event_header *record) {
        switch (record->type) {
        case PERF_RECORD_SAMPLE:
            ++counters.samples;
            if (dwarf_ && writeTrimmed(record)) return;
            break;
        case PERF_RECORD_LOST: {
            uint64_t lost = 0;
            std::memcpy(&lost, reinterpret_cast<const uint8_t *>(record) + 16, 8);
            ++counters.lostRecords;
            counters.lostSamples += lost;
            break;
        }
        case PERF_RECORD_LOST_SAMPLES: {
            uint64_t lost = 0;
            std::memcpy(&lost, reinterpret_cast<const uint8_t *>(record) + 8, 8);
            counters.lostSamples += lost;
            break;
        }
        case PERF_RECORD_THROTTLE:
            ++counters.throttles;
            break;
        case PERF_RECORD_MMAP2:
            noteBuildId(record);
            break;
        default:
            break;
        }
        writer_.writeRecord(record, record->size);
        wroteSinceRound_ = true;
    }

    void endRound() {
        if (wroteSinceRound_) writer_.finishRound();
        wroteSinceRound_ = false;
    }

    std::vector<BuildIdEntry> buildIds() const {
        std::vector<BuildIdEntry> entries;
        for (const auto &[path, id] : buildIds_)
            entries.push_back({-1, false, id, path});
        return entries;
    }

    RecordCounters counters;

private:
    bool writeTrimmed(const perf_event_header *record) {
        Sample sample;
        if (!decoder_.decodeSample(record, sample).empty() || sample.userStackOffsetInRecord == 0)
            return false;
        const size_t size = trimUserStack(record, sample.userStackOffsetInRecord, scratch_);
        if (size == 0) return false;
        writer_.writeRecord(scratch_.data(), size);
        wroteSinceRound_ = true;
        return true;
    }

    void noteBuildId(const perf_event_header *record) {
        if (!(record->misc & kMiscMmapBuildId) || record->size < 80) return;
        const auto *bytes = reinterpret_cast<const uint8_t *>(record);
        const uint8_t idSize = std::min<uint8_t>(bytes[40], 20);
        const char *name = reinterpret_cast<const char *>(bytes + 72);
        std::string path(name, strnlen(name, record->size - 72));
        if (path.empty() || path[0] != '/' || buildIds_.count(path)) return;
        buildIds_.emplace(std::move(path), std::vector<uint8_t>(bytes + 44, bytes + 44 + idSize));
    }

    PerfDataWriter &writer_;
    bool dwarf_;
    RecordDecoder decoder_;
    bool wroteSinceRound_ = false;
    std::vector<uint8_t> scratch_;
    std::map<std::string, std::vector<uint8_t>> buildIds_;
};

} // namespace

Recorder::Recorder(RecordOptions options)
    : options_(std::move(options)) {
    if (::pipe2(stopPipe_, O_CLOEXEC | O_NONBLOCK) != 0)
        throw Error(systemErrorMessage("cannot create a pipe", errno));
}

Recorder::~Recorder() {
    ::close(stopPipe_[0]);
    ::close(stopPipe_[1]);
}

void Recorder::stop() {
    stopRequested_.store(true);
    const char byte = 1;
    [[maybe_unused]] auto ignored = ::write(stopPipe_[1], &byte, 1);
}

RecordSummary Recorder::run() {
    RecordSummary summary;
    const EventParser parser;
    std::vector<EventSpec> specs;
    if (options_.events.empty()) {
        specs = parser.parse("cycles");
        if (probeEvent(specs.front().attr) != 0) specs = parser.parse("cpu-clock");
    } else {
        specs = parser.parse(options_.events);
    }
    const uint64_t maxRate = readProcValue("/proc/sys/kernel/perf_event_max_sample_rate", 100000);
    if (options_.period == 0 && options_.frequency > maxRate) {
        summary.notices.push_back(fmt::format("frequency lowered from {} Hz to the kernel's maximum of {} Hz "
                                              "(kernel.perf_event_max_sample_rate)",
                                              options_.frequency, maxRate));
        options_.frequency = maxRate;
    }

    ChildProcess child(options_.command, options_.workingDirectory, options_.extraEnvironment);
    const std::vector<int> cpus = onlineCpus();
    const size_t pages = defaultMmapPages(options_);
    OpenedEvents opened;
    const EventSpec *failed = nullptr;
    int error = openEvents(specs, options_, child.pid(), cpus, pages, opened, failed);
    const bool anyExplicitKernel =
        std::any_of(specs.begin(), specs.end(), [](auto &s) { return s.explicitPrivilege; });
    if (isPrivilegeError(error) && !anyExplicitKernel) {
        for (auto &spec : specs) {
            spec.attr.exclude_kernel = 1;
            spec.attr.exclude_hv = 1;
        }
        error = openEvents(specs, options_, child.pid(), cpus, pages, opened, failed);
        if (error == 0)
            summary.notices.push_back(
                fmt::format("kernel samples need more privilege than this user has "
                            "(kernel.perf_event_paranoid = {}); recording user space only",
                            readProcValue("/proc/sys/kernel/perf_event_paranoid", 2)));
    }
    if (error != 0) throw Error(openErrorMessage(*failed, error));

    PerfDataWriter writer(options_.outputPath, opened.attrs);
    try {
        child.release();
    } catch (const Error &) {
        ::unlink(options_.outputPath.c_str());
        throw;
    }
    const auto start = Clock::now();
    const auto deadline = options_.durationSeconds > 0
                              ? start + std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(options_.durationSeconds))
                              : Clock::time_point::max();

    RecordSink sink(writer, options_);
    auto drainAll = [&] {
        for (auto &buffer : opened.buffers)
            buffer->drain(std::ref(sink));
        sink.endRound();
    };

    std::vector<pollfd> pollFds;
    for (auto &buffer : opened.buffers)
        pollFds.push_back({buffer->fd(), POLLIN, 0});
    pollFds.push_back({stopPipe_[0], POLLIN, 0});
    if (child.exitFd() >= 0) pollFds.push_back({child.exitFd(), POLLIN, 0});

    auto killDeadline = Clock::time_point::max();
    while (!child.tryWait()) {
        const auto now = Clock::now();
        if ((stopRequested_.load() || now >= deadline) && killDeadline == Clock::time_point::max()) {
            child.signal(SIGTERM);
            killDeadline = now + std::chrono::seconds(5);
        }
        if (now >= killDeadline) child.signal(SIGKILL);
        ::poll(pollFds.data(), pollFds.size(), 100);
        drainAll();
    }
    summary.exitCode = *child.tryWait();
    for (auto &fd : opened.fds)
        ::ioctl(fd.fd, PERF_EVENT_IOC_DISABLE, 0);
    drainAll();
    summary.seconds = std::chrono::duration<double>(Clock::now() - start).count();

    SessionMetadata metadata = SessionMetadata::fromThisMachine();
    metadata.cmdline = options_.cmdline;
    metadata.buildIds = sink.buildIds();
    metadata.hasClockId = true;
    timespec resolution{};
    ::clock_getres(CLOCK_MONOTONIC, &resolution);
    metadata.clockResolutionNs =
        static_cast<uint64_t>(resolution.tv_sec) * 1000000000u + static_cast<uint64_t>(resolution.tv_nsec);
    writer.finish(metadata);

    struct stat info {};
    if (::stat(options_.outputPath.c_str(), &info) == 0) summary.bytes = static_cast<uint64_t>(info.st_size);
    summary.samples = sink.counters.samples;
    summary.lostRecords = sink.counters.lostRecords;
    summary.lostSamples = sink.counters.lostSamples;
    summary.throttles = sink.counters.throttles;
    for (const auto &spec : specs)
        summary.eventNames.push_back(spec.name);
    return summary;
}

} // namespace perfglass
