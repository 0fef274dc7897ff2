// A synthetic session large enough to be read in several steps, for the tests of files that open in steps
// and of streams: nothing is recorded, so they run where recording is refused.
#pragma once

#include "base/UniqueFd.h"
#include "perfdata/PerfDataWriter.h"

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

} // namespace perfglass::test
