// Saves a session that arrives in perf's pipe mode (`record -o -`, a remote recorder's stream over ssh) as a
// perf.data file that perf report reads with -i: the attributes and features the stream announces, its
// records in order (compressed ones expanded, and compressed again when the caller asks for it, as record -z
// writes them), its tracing data (the tracepoints' formats, HEADER_TRACING_DATA), and the build ids and
// features the stream sends at its end. The lost samples of LOST and LOST_SAMPLES records and the throttle
// records are counted as a local recording counts them. The file keeps a data size of 0 until the stream
// ends, so a file whose saver died still opens up to its last complete record; a stream cut inside a record,
// or one that turns malformed, is saved up to the last whole record, with a notice naming the byte it stopped
// at. Each round (FINISHED_ROUND) goes to the file when it arrives.
#pragma once

#include "base/Message.h"

#include <cstdint>
#include <string>
#include <vector>

namespace perfglass {

struct PipeStreamSaveResult {
    uint64_t records = 0;         // records written to the file (session records of the stream not counted)
    uint64_t samples = 0;         // of those, PERF_RECORD_SAMPLE
    uint64_t bytes = 0;           // the file's size
    std::vector<Message> notices; // what the reader noticed (a stream cut short)
    uint64_t lostSamples = 0;     // the larger of the counts of LOST and of LOST_SAMPLES records, as record's
    uint64_t lostRecords = 0;     // LOST records
    uint64_t throttles = 0;       // THROTTLE records
};

class PipeStreamSaver {
public:
    // inputPath is read as the stream ("/proc/self/fd/N" for a pipe this process holds); outputPath is
    // created or truncated, and only once the stream has delivered its first record. Throws Error (the
    // reader's FileFormatError naming the byte) when the stream fails before its first record, and Error
    // when it ends there (nothing is written then). compressionLevel > 0: the file's records are compressed
    // with zstd at that level (1-22; Error when zstd refuses it).
    static PipeStreamSaveResult save(const std::string &inputPath, const std::string &outputPath,
                                     int compressionLevel = 0);
};

} // namespace perfglass
