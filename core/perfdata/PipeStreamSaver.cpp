#include "perfdata/PipeStreamSaver.h"

#include "base/Error.h"
#include "perfdata/PerfDataReader.h"
#include "perfdata/PerfDataWriter.h"
#include "perfdata/PerfFileFormat.h"
#include "perfdata/PerfRecords.h"
#include "perfdata/RecordCompressor.h"

#include <sys/stat.h>

#include <algorithm>
#include <memory>
#include <optional>

namespace perfglass {

namespace {

uint64_t fileSize(const std::string &path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 ? static_cast<uint64_t>(info.st_size) : 0;
}

// The file being written: its records as they come, or (compressing) gathered into batches that go out as
// compressed records at each round's end, as record -z writes them.
class SavedFile {
public:
    SavedFile(const std::string &path, std::vector<EventAttr> events, int compressionLevel)
        : writer_(path, std::move(events))
        , level_(compressionLevel) {
        if (compressionLevel <= 0) return;
        compressor_ = std::make_unique<RecordCompressor>(compressionLevel);
        batch_.reserve(RecordCompressor::kMaxBatchBytes);
    }

    void add(const perf_event_header *record) {
        if (record->type == format::kRecordFinishedRound) {
            flushBatch();
            writer_.writeRecord(record, record->size);
            writer_
                .flush(); // a round's records go to the file as they come, so that it grows with the stream
            return;
        }
        if (!compressor_) {
            writer_.writeRecord(record, record->size);
            return;
        }
        if (batch_.size() + record->size > RecordCompressor::kMaxBatchBytes) flushBatch();
        const auto *bytes = reinterpret_cast<const uint8_t *>(record);
        batch_.insert(batch_.end(), bytes, bytes + record->size);
    }

    void finish(SessionMetadata metadata) {
        flushBatch();
        metadata.compressionLevel = compressor_ ? static_cast<uint32_t>(level_) : 0;
        metadata.compressionMmapLen = compressor_ ? RecordCompressor::mmapLen() : 0;
        writer_.finish(metadata);
        writer_.waitUntilWritten();
    }

private:
    void flushBatch() {
        if (!compressor_ || batch_.empty()) return;
        compressor_->compress(batch_.data(), batch_.size(),
                              [this](const void *record, size_t size) { writer_.writeRecord(record, size); });
        batch_.clear();
    }

    PerfDataWriter writer_;
    std::unique_ptr<RecordCompressor> compressor_;
    std::vector<uint8_t> batch_;
    int level_ = 0;
};

void countLosses(const perf_event_header &record, PipeStreamSaveResult &result, uint64_t &inLostRecords,
                 uint64_t &inLostSamplesRecords) {
    if (record.type == PERF_RECORD_LOST) {
        if (const auto lost = LostRecord::from(record)) {
            ++result.lostRecords;
            inLostRecords += (*lost)->lost;
        }
    } else if (record.type == PERF_RECORD_LOST_SAMPLES) {
        if (const auto lost = LostSamplesRecord::from(record)) inLostSamplesRecords += (*lost)->lost;
    } else if (record.type == PERF_RECORD_THROTTLE) {
        ++result.throttles;
    }
    result.lostSamples = std::max(inLostRecords, inLostSamplesRecords);
}

} // namespace

PipeStreamSaveResult PipeStreamSaver::save(const std::string &inputPath, const std::string &outputPath,
                                           int compressionLevel) {
    PerfDataReader reader(inputPath);
    if (!reader.isPipe()) throw Error(inputPath + ": the stream is a perf.data file, not perf's pipe mode");
    PipeStreamSaveResult result;
    uint64_t inLostRecords = 0;
    uint64_t inLostSamplesRecords = 0;
    std::optional<SavedFile> file;
    try {
        // The attributes all come before the first record: the file is made there, with all of them.
        while (const perf_event_header *record = reader.next()) {
            if (!file) file.emplace(outputPath, reader.events(), compressionLevel);
            file->add(record);
            ++result.records;
            if (record->type == PERF_RECORD_SAMPLE) ++result.samples;
            countLosses(*record, result, inLostRecords, inLostSamplesRecords);
        }
    } catch (const Error &error) {
        if (!file) throw;
        result.notices.push_back(Message{MessageKind::Text, {error.what()}}); // what came before is kept
    }
    result.notices.insert(result.notices.begin(), reader.notices().begin(), reader.notices().end());
    if (!file)
        throw Error(inputPath + ": the stream ended before its first record (" +
                    std::to_string(reader.events().size()) + " events announced); nothing was saved");
    file->finish(reader.metadata()); // the reader expanded the stream's compressed records
    file.reset();
    result.bytes = fileSize(outputPath);
    return result;
}

} // namespace perfglass
