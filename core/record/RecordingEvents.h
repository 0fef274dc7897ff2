// The sampling events of one recording: their attributes, groups, and for every CPU and target thread one fd
// per event. The first fd of each CPU owns that CPU's ring buffer; the others write into it
// (PERF_EVENT_IOC_SET_OUTPUT).
#pragma once

#include "base/UniqueFd.h"
#include "events/EventAttr.h"
#include "events/EventOpenRouter.h"
#include "events/EventParser.h"
#include "record/RecordOptions.h"
#include "record/RingBuffer.h"

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace perfglass {

enum class RecordTargetKind { Launch, Attach, SystemWide };

// The tracepoint `--off-cpu` adds, with call chains.
inline constexpr const char *kOffCpuEvent = "sched:sched_switch";

class RecordingEvents {
public:
    struct OpenResult {
        int error = 0; // errno of the first refusal (failed() names the event); 0 when all opened
        // The router switched to the privileged opener after events of this set were opened directly: the
        // whole set must be opened again (a new RecordingEvents), so that no group mixes openers.
        bool reopen = false;
        bool ok() const { return error == 0 && !reopen; }
    };

    RecordingEvents(const std::vector<EventSpec> &specs, const RecordOptions &options, RecordTargetKind kind,
                    std::vector<int> cpus, size_t pages, EventOpenRouter &router);

    // Opens every event for target (a thread, or -1 for all) on every CPU. Events whose PMU has a cpumask
    // (EventSpec::cpus) are opened only on those CPUs, and only for all threads. Throws Error when a ring
    // buffer cannot be mapped.
    OpenResult open(pid_t target);
    void setEnabled(bool enabled);
    // The fields every sample of a recording of eventCount sampling events carries. PERF_SAMPLE_IDENTIFIER
    // only when the file will hold several attributes (as perf does): with one, readers take it for every
    // record, and each sample is 8 bytes smaller.
    static uint64_t baseSampleType(size_t eventCount, const RecordOptions &options);
    // Whether samples carry PERF_SAMPLE_CPU, as perf's do: asked for (--sample-cpu), system-wide, on a CPU
    // list, or in pipe mode (where the feature sections come before the samples). Otherwise the recorder
    // writes the CPUs of the drained buffers as SampleCpuRuns, 8 bytes fewer per sample.
    static bool samplesCarryCpu(const RecordOptions &options);
    const EventSpec *failed() const { return failed_; }

    // The attributes as opened, with the kernel's ids of their fds.
    const std::vector<EventAttr> &attrs() const { return attrs_; }
    // Hands every record the kernel has published to onRecord(record, cpu of its buffer): first the records
    // that give samples their meaning (mappings, names, forks) from every buffer, then the rest, buffer by
    // buffer. A round's samples may sit in an earlier CPU's buffer than the MMAP2 of the program they ran in
    // (it exec'd on another CPU); written in buffer order, a reader that stops partway (a cut pipe) or
    // follows the stream without sorting would see them before their mapping.
    template <typename OnRecord> void drainEach(OnRecord &&onRecord) {
        heads_.resize(buffers_.size());
        for (size_t i = 0; i < buffers_.size(); ++i)
            heads_[i] = buffers_[i] ? buffers_[i]->publishedHead() : 0;
        for (size_t i = 0; i < buffers_.size(); ++i)
            if (buffers_[i])
                buffers_[i]->peekEach(heads_[i], [&](const perf_event_header *record) {
                    if (describesTasks(record->type)) onRecord(record, cpus_[i]);
                });
        for (size_t i = 0; i < buffers_.size(); ++i)
            if (buffers_[i])
                buffers_[i]->drainEach(heads_[i], [&](const perf_event_header *record) {
                    if (!describesTasks(record->type)) onRecord(record, cpus_[i]);
                });
    }
    // The fds that own a ring buffer: readable when it has passed its watermark.
    std::vector<int> bufferFds() const;

private:
    // The records that say what a task is and where its code lies: a reader needs them before its samples.
    static constexpr bool describesTasks(uint32_t type) {
        return type == PERF_RECORD_MMAP || type == PERF_RECORD_MMAP2 || type == PERF_RECORD_COMM ||
               type == PERF_RECORD_FORK || type == PERF_RECORD_KSYMBOL;
    }
    bool onCpu(size_t event, pid_t target, size_t cpuIndex) const;
    OpenResult openOne(size_t event, pid_t target, size_t cpuIndex, int groupFd, int &fdOut);
    FdOrErrno openWithFallbacks(perf_event_attr &attr, pid_t target, int cpu, int groupFd);
    OpenResult attachToBuffer(int fd, size_t cpuIndex);
    std::unique_ptr<RingBuffer> mapBuffer(int fd);

    const std::vector<EventSpec> &specs_;
    std::vector<int> cpus_;
    size_t pages_;
    EventOpenRouter &router_;
    std::vector<EventAttr> attrs_;
    std::vector<UniqueFd> fds_;
    std::vector<std::unique_ptr<RingBuffer>> buffers_; // by CPU index; null for CPUs without events
    std::vector<uint64_t> heads_;                      // drainEach's published heads, kept for its capacity
    const EventSpec *failed_ = nullptr;
    bool memlockRaised_ = false;
};

} // namespace perfglass
