// Saves a session that arrives in perf's pipe mode (`record -o -`, a remote recorder's stream over ssh) as a
// perf.data file that perf report reads with -i: the attributes and features the stream announces, its
// records in order (compressed ones expanded, so the file is uncompressed), and the build ids and features
// the stream sends at its end. The file keeps a data size of 0 until the stream ends, so a file whose
// saver died still opens up to its last complete record; a stream cut inside a record, or one that turns
// malformed, is saved up to the last whole record, with a notice naming the byte it stopped at. Each round
// (FINISHED_ROUND) goes to the file when it arrives.
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
};

class PipeStreamSaver {
public:
    // inputPath is read as the stream ("/proc/self/fd/N" for a pipe this process holds); outputPath is
    // created or truncated, and only once the stream has delivered its first record. Throws Error (the
    // reader's FileFormatError naming the byte) when the stream fails before its first record, and Error
    // when it ends there (nothing is written then).
    static PipeStreamSaveResult save(const std::string &inputPath, const std::string &outputPath);
};

} // namespace perfglass
