// Synthetic sessions large enough to be read in several steps, for the tests of growing profiles, files that
// open in steps and streams: nothing is recorded, so they run where recording is refused.
#pragma once

#include "base/UniqueFd.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/StatRecords.h"

#include <QString>

#include <fcntl.h>
#include <linux/perf_event.h>

#include <memory>

namespace perfglass::test {

enum class SessionMode { File, Pipe };

// A session of SAMPLES cpu-clock samples of one thread, at four places in turn, a round per thousand: records
// enough for a load in steps to stop several times (a step looks at its clock every 4096 records). Written
// as a finished perf.data file, or in pipe mode (perf record -o -) into the file at PATH.
inline void writeManySamples(const QString &path, uint64_t samples, SessionMode mode = SessionMode::File) {
    EventAttr event;
    event.attr.size = sizeof event.attr;
    event.attr.type = PERF_TYPE_SOFTWARE;
    event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    event.attr.sample_period = 1000000;
    event.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
    event.name = "cpu-clock";
    const SessionMetadata metadata = SessionMetadata::fromThisMachine();
    UniqueFd pipeFile;
    std::unique_ptr<PerfDataWriter> writer;
    if (mode == SessionMode::Pipe) {
        pipeFile.reset(
            ::open(path.toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
        writer = std::make_unique<PerfDataWriter>(PerfDataWriter::PipeOutput{pipeFile.get()},
                                                  std::vector<EventAttr>{event}, metadata);
    } else {
        writer = std::make_unique<PerfDataWriter>(path.toStdString(), std::vector<EventAttr>{event});
    }
    struct Sample {
        perf_event_header header;
        uint64_t ip, pidTid, time, period;
    };
    for (uint64_t i = 0; i < samples; ++i) {
        const Sample sample{{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, sizeof(Sample)},
                            0x401000 + 0x100 * (i % 4),
                            (uint64_t{4242} << 32) | 4242,
                            1'000'000'000 + i * 1'000'000,
                            1'000'000};
        writer->writeRecord(&sample, sizeof sample);
        if (i % 1000 == 999) writer->finishRound();
    }
    writer->finish(metadata);
}

// A session counted and sampled at once, as `record --counters` writes it: SAMPLES cpu-clock samples (event
// 0, id 1) and a task-clock counter (event 1, id 2, not sampled) read every 1,000 samples (a round of
// STAT records ending in STAT_ROUND), its cumulative count growing by 1,000 + round each time.
inline void writeCountedSamples(const QString &path, uint64_t samples) {
    const uint64_t sampleType =
        PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD;
    EventAttr sampled;
    sampled.attr.size = sizeof sampled.attr;
    sampled.attr.type = PERF_TYPE_SOFTWARE;
    sampled.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    sampled.attr.sample_period = 1000000;
    sampled.attr.sample_type = sampleType;
    sampled.name = "cpu-clock";
    sampled.ids = {1};
    EventAttr counted = sampled;
    counted.attr.config = PERF_COUNT_SW_TASK_CLOCK;
    counted.attr.sample_period = 0;
    counted.name = "task-clock";
    counted.ids = {2};
    PerfDataWriter writer(path.toStdString(), {sampled, counted});
    const auto writeStat = [&writer](const stat::Bytes &bytes) {
        writer.writeRecord(bytes.data(), bytes.size());
    };
    writeStat(stat::encodeThreadMap({{-1, ""}}));
    writeStat(stat::encodeCpuMap({-1}));
    writeStat(stat::encodeStatConfig(stat::kAggrGlobal, 1, true));
    struct Sample {
        perf_event_header header;
        uint64_t identifier, ip, pidTid, time, period;
    };
    CounterValue cumulative;
    for (uint64_t i = 0; i < samples; ++i) {
        const uint64_t time = 1'000'000'000 + i * 1'000'000;
        const Sample sample{{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, sizeof(Sample)},
                            1,
                            0x401000 + 0x100 * (i % 4),
                            (uint64_t{4242} << 32) | 4242,
                            time,
                            1'000'000};
        writer.writeRecord(&sample, sizeof sample);
        if (i % 1000 != 999) continue;
        cumulative += CounterValue{1000 + i / 1000, 1'000'000'000, 1'000'000'000};
        writeStat(stat::encodeStat({2, -1, 0, cumulative}));
        writeStat(stat::encodeStatRound({stat::kRoundInterval, time}));
        writer.finishRound();
    }
    writer.finish(SessionMetadata::fromThisMachine());
}

} // namespace perfglass::test
