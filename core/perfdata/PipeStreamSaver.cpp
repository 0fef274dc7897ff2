#include "perfdata/PipeStreamSaver.h"

#include "base/Error.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfFileFormat.h"

#include <sys/stat.h>

#include <optional>

namespace perfglass {

namespace {

uint64_t fileSize(const std::string &path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 ? static_cast<uint64_t>(info.st_size) : 0;
}

} // namespace

PipeStreamSaveResult PipeStreamSaver::save(const std::string &inputPath, const std::string &outputPath) {
    PerfDataReader reader(inputPath);
    if (!reader.isPipe()) throw Error(inputPath + ": the stream is a perf.data file, not perf's pipe mode");
    PipeStreamSaveResult result;
    std::optional<PerfDataWriter> writer;
    try {
        // The attributes all come before the first record: the writer is made there, with all of them.
        while (const perf_event_header *record = reader.next()) {
            if (!writer) writer.emplace(outputPath, reader.events());
            writer->writeRecord(record, record->size);
            ++result.records;
            if (record->type == PERF_RECORD_SAMPLE) ++result.samples;
            // A round's records go to the file as they come, so that it grows while the stream does.
            if (record->type == format::kRecordFinishedRound) writer->flush();
        }
    } catch (const Error &error) {
        if (!writer) throw;
        result.notices.push_back(Message{MessageKind::Text, {error.what()}}); // what came before is kept
    }
    result.notices.insert(result.notices.begin(), reader.notices().begin(), reader.notices().end());
    if (!writer)
        throw Error(inputPath + ": the stream ended before its first record (" +
                    std::to_string(reader.events().size()) + " events announced); nothing was saved");
    SessionMetadata metadata = reader.metadata();
    metadata.compressionLevel = 0; // the reader expanded the compressed records
    metadata.compressionMmapLen = 0;
    writer->finish(metadata);
    writer->waitUntilWritten();
    writer.reset();
    result.bytes = fileSize(outputPath);
    return result;
}

} // namespace perfglass
