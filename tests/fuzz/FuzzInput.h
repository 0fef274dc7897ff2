// What the fuzz targets share: the fuzz input as a file the reader can open (a memfd, or the read end of a
// pipe whose writer has finished), and a walk over every record a reader yields that touches every decoded
// field, so that the sanitizers see each byte the decoder points at.
#pragma once

#include "base/Error.h"
#include "base/UniqueFd.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/RecordDecoder.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace perfglass::fuzz {

// Stops the run: the harness itself cannot work (not a finding in the code under test).
[[noreturn]] inline void harnessFailure(const char *what) {
    std::perror(what);
    std::abort();
}

// The path under which the reader opens fd: /proc/self/fd/N opens the memfd itself, or the pipe.
inline std::string pathOf(const UniqueFd &fd) {
    return "/proc/self/fd/" + std::to_string(fd.get());
}

inline void writeAll(int fd, const uint8_t *data, size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n <= 0) harnessFailure("fuzz: write");
        data += n;
        size -= static_cast<size_t>(n);
    }
}

// A regular file in memory holding the input: the reader sees its size and maps its data section.
inline UniqueFd memoryFile(const uint8_t *data, size_t size) {
    UniqueFd fd(::memfd_create("fuzz-input", MFD_CLOEXEC));
    if (!fd.valid()) harnessFailure("fuzz: memfd_create");
    writeAll(fd.get(), data, size);
    return fd;
}

// The read end of a pipe that holds the input (at most the pipe's capacity, 1 MiB) and whose write end is
// closed: the reader sees no size, reads until the end of the stream and cannot seek.
inline UniqueFd pipeHolding(const uint8_t *data, size_t &size) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) harnessFailure("fuzz: pipe2");
    UniqueFd readEnd(ends[0]);
    UniqueFd writeEnd(ends[1]);
    const int capacity = ::fcntl(writeEnd.get(), F_SETPIPE_SZ, 1 << 20);
    if (capacity <= 0) harnessFailure("fuzz: F_SETPIPE_SZ");
    size = std::min(size, static_cast<size_t>(capacity));
    writeAll(writeEnd.get(), data, size);
    return readEnd;
}

// Reads every field of a decoded sample, so that a span pointing outside the record is caught.
inline uint64_t touch(const Sample &sample) {
    uint64_t sum =
        sample.ip + sample.pid + sample.tid + sample.time + sample.addr + sample.cpu + sample.period;
    for (const uint64_t value : sample.callchain)
        sum += value;
    for (const uint64_t value : sample.userRegs)
        sum += value;
    for (const uint8_t value : sample.userStack)
        sum += value;
    for (const uint8_t value : sample.raw)
        sum += value;
    return sum + sample.userStackSize + sample.userStackOffsetInRecord;
}

// Decodes one record as the loader does: a sample's fields, or the sample_id trailer and time of any other.
inline uint64_t decodeRecord(const RecordDecoder &decoder, const perf_event_header *record) {
    uint64_t sum = 0;
    if (record->type == PERF_RECORD_SAMPLE) {
        Sample sample;
        const SampleDecode result = decoder.decodeSample(record, sample);
        if (result == SampleDecode::Decoded)
            sum += touch(sample);
        else
            sum += decoder.sampleDecodeMessage(result, record, sample).size();
    } else {
        SampleId id;
        if (decoder.decodeSampleId(record, id))
            sum += id.pid + id.tid + id.cpu + id.time + id.id + id.eventIndex;
    }
    uint64_t time = 0;
    if (decoder.recordTime(record, time)) sum += time;
    return sum;
}

// Reads the session at path to its end as the loader does (dropping mapped pages behind it), decoding every
// record with the events known at that point. Errors the reader reports are expected; anything else is a
// finding.
inline void readSession(const std::string &path) {
    try {
        PerfDataReader reader(path);
        RecordDecoder decoder(reader.events());
        size_t knownEvents = reader.events().size();
        uint64_t sum = 0;
        while (const perf_event_header *record = reader.next()) {
            if (reader.events().size() != knownEvents) { // pipe mode: attributes arrive as records
                decoder.setEvents(reader.events());
                knownEvents = reader.events().size();
            }
            sum += decodeRecord(decoder, record);
            if (reader.lastRecordIsMapped()) reader.discardBefore(record);
            sum += reader.bytesConsumed() + reader.recordOffset();
        }
        sum += reader.metadata().cmdline.size() + reader.metadata().buildIds.size() +
               reader.notices().size() + reader.bytesTotal();
        if (sum == 1) std::fputc(' ', stderr); // keeps the reads from being optimised away
    } catch (const Error &) {
    }
}

} // namespace perfglass::fuzz
