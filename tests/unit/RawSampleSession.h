// Sessions of cpu-clock samples that carry PERF_SAMPLE_RAW bytes, for tests of compressed records: the raw
// bytes are random with a chosen number of bits of entropy per byte (8: incompressible, zstd stores them as
// they are; 2: about 4:1), so that the compressed size of a batch can be steered to the byte.
#pragma once

#include "events/EventAttr.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/RecordCompressor.h"

#include <linux/perf_event.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace perfglass::test {

inline EventAttr rawSampleEvent() {
    EventAttr event;
    event.attr.size = sizeof event.attr;
    event.attr.type = PERF_TYPE_SOFTWARE;
    event.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    event.attr.sample_period = 250000;
    event.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_RAW;
    event.name = "cpu-clock";
    return event;
}

// bytes (a multiple of 8, at least 40) of sample records of rawSampleEvent(), each at most 4 KiB, with times
// counting up from time.
inline std::vector<uint8_t> rawSampleBatch(size_t bytes, unsigned entropyBits, uint32_t seed,
                                           uint64_t &time) {
    std::mt19937 random(seed);
    const unsigned mask = (1u << entropyBits) - 1;
    std::vector<uint8_t> batch;
    batch.reserve(bytes);
    while (batch.size() < bytes) {
        size_t size = std::min<size_t>(4096, bytes - batch.size());
        if (bytes - batch.size() - size < 40 && bytes - batch.size() > size)
            size -= 40; // room for a last one
        const perf_event_header header{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER,
                                       static_cast<uint16_t>(size)};
        const uint64_t fields[3] = {0x401000, (uint64_t{42} << 32) | 42, time++};
        const uint32_t rawSize = static_cast<uint32_t>(size - sizeof header - sizeof fields - 4);
        const size_t start = batch.size();
        batch.resize(start + size);
        uint8_t *cursor = batch.data() + start;
        std::memcpy(cursor, &header, sizeof header);
        std::memcpy(cursor + sizeof header, fields, sizeof fields);
        std::memcpy(cursor + sizeof header + sizeof fields, &rawSize, 4);
        for (size_t i = start + size - rawSize; i < start + size; ++i)
            batch[i] = static_cast<uint8_t>(random() & mask);
    }
    return batch;
}

// Writes every batch through a RecordCompressor of level 1 into a session at path, each batch followed by
// PERF_RECORD_FINISHED_ROUND, as a recording does.
inline void writeCompressedSession(const std::string &path,
                                   const std::vector<std::vector<uint8_t>> &batches) {
    PerfDataWriter writer(path, {rawSampleEvent()});
    RecordCompressor compressor(1);
    for (const auto &batch : batches) {
        compressor.compress(batch.data(), batch.size(),
                            [&writer](const void *record, size_t size) { writer.writeRecord(record, size); });
        writer.finishRound();
    }
    SessionMetadata metadata = SessionMetadata::fromThisMachine();
    metadata.compressionLevel = 1;
    metadata.compressionMmapLen = RecordCompressor::mmapLen();
    writer.finish(metadata);
}

} // namespace perfglass::test
