// Where a recording's records go: counts what the summary reports (samples, LOST, LOST_SAMPLES, THROTTLE),
// trims DWARF-mode user stacks to the bytes the kernel copied within the stack's own mapping, follows which
// mapped files samples hit (SampledFiles) and keeps a descriptor of each file the kernel gave a build id for
// (MappedFiles), and writes to the session, in zstd-compressed batches when compression is on. When
// samples do not carry their CPU, it notes the CPU of each sample's ring buffer (SampleCpuRuns).
#pragma once

#include "perfdata/PerfDataWriter.h"
#include "perfdata/RecordCompressor.h"
#include "perfdata/RecordDecoder.h"
#include "perfdata/SampleCpuRuns.h"
#include "perfdata/SessionMetadata.h"
#include "record/MappedFiles.h"
#include "record/MappedRanges.h"
#include "record/SampledFiles.h"

#include <linux/perf_event.h>

#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

struct RecordCounters {
    uint64_t samples = 0;
    uint64_t lostRecords = 0; // PERF_RECORD_LOST records
    // Samples dropped: the larger of the sums of PERF_RECORD_LOST and PERF_RECORD_LOST_SAMPLES, which may
    // both tell of the same drops (as they do in perf's files).
    uint64_t lostSamples = 0;
    uint64_t throttles = 0;
    uint64_t firstSampleTime = 0; // of the samples' timestamps (0: no sample had one)
    uint64_t lastSampleTime = 0;
};

class RecordSink {
public:
    // compressionLevel 0 writes records as they are. noteSampleCpus: the samples lack PERF_SAMPLE_CPU.
    RecordSink(PerfDataWriter &writer, bool trimUserStacks, int compressionLevel, bool noteSampleCpus);

    // A record drained from the ring buffer of cpu.
    void operator()(const perf_event_header *record, int cpu);
    // A record made by the recorder (synthesized from /proc): written, not counted.
    void writeSynthesized(const perf_event_header *record);
    // Ends a drain round: writes the pending compressed batch and PERF_RECORD_FINISHED_ROUND.
    void endRound();

    // Follow which files samples hit (SampledFiles, with the kernel modules given) and keep the files the
    // kernel names by build id through files (may be null; must outlive this). Before the first record.
    void followSampledFiles(std::vector<SampledFiles::Module> modules, MappedFiles *files);
    // The files samples hit, when followed; else null.
    const SampledFiles *sampledFiles() const { return sampledFiles_ ? &*sampledFiles_ : nullptr; }
    // Whether a process mapped the vdso (its build id is the recorder's to add).
    bool sawVdso() const { return sawVdso_; }
    const RecordCounters &counters() const { return counters_; }
    const RecordCompressor *compressor() const { return compressor_.get(); }
    // The CPUs of the samples written, in order; empty unless noteSampleCpus.
    const SampleCpuRuns &sampleCpus() const { return sampleCpus_; }

private:
    void write(const void *record, size_t size);
    void write(std::span<const std::span<const uint8_t>> parts);
    void flushBatch();
    bool writeTrimmed(const perf_event_header *record, const Sample &sample);
    void noteSample(const perf_event_header *record);
    void noteMapping(const perf_event_header *record);
    uint64_t stackBytesToKeep(const Sample &sample) const;
    void followMappings(const perf_event_header *record);
    void applyHeldTaskRecords();
    std::optional<uint64_t> timeOf(const perf_event_header *record) const;
    void noteVdso(const perf_event_header *record);
    void noteSampleTime(const perf_event_header *record);

    PerfDataWriter &writer_;
    bool trimUserStacks_;
    MappedRanges mappedRanges_; // followed when trimming stacks
    struct HeldRecord {
        std::optional<uint64_t> time;
        size_t offset = 0; // in heldBytes_
    };
    std::vector<HeldRecord> heldTaskRecords_; // this drain's, until its first sample
    std::vector<uint8_t> heldBytes_;
    RecordDecoder decoder_;
    std::unique_ptr<RecordCompressor> compressor_;
    std::vector<uint8_t> batch_;
    bool wroteSinceRound_ = false;
    std::optional<SampledFiles> sampledFiles_;
    MappedFiles *mappedFiles_ = nullptr;
    bool sawVdso_ = false;
    RecordCounters counters_;
    bool noteSampleCpus_;
    SampleCpuRuns sampleCpus_;
    uint64_t lostInLostRecords_ = 0;
    uint64_t lostInLostSamplesRecords_ = 0;
};

} // namespace perfglass
