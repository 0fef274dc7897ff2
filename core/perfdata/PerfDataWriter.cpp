#include "perfdata/PerfDataWriter.h"

#include "base/Error.h"
#include "perfdata/FeatureCodec.h"
#include "perfdata/PerfFileFormat.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace perfglass {

namespace {
// Records are written in 2 MiB blocks that start and end on 2 MiB boundaries of the file, from a thread of
// their own and past the page cache where the file system allows it (BlockFileWriter).
constexpr size_t kBufferSize = BlockFileWriter::kBlockSize;
constexpr uint16_t kBuildIdSizeFlag = 1 << 15; // PERF_RECORD_MISC_BUILD_ID_SIZE
} // namespace

PerfDataWriter::PerfDataWriter(std::string path, std::vector<EventAttr> events)
    : path_(std::move(path))
    , events_(std::move(events)) {
    // Owner only, as perf writes them: sessions hold raw stack bytes and command lines. O_CREAT's mode does
    // not apply to a file that exists, so an older session overwritten here is narrowed too; a file of
    // another user's that we may write keeps the mode its owner chose (fchmod refuses).
    file_.reset(::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600));
    fd_ = file_.get();
    if (fd_ < 0) throw Error(systemErrorMessage("cannot create " + path_, errno));
    struct stat status {};
    if (::fstat(fd_, &status) == 0 && S_ISREG(status.st_mode) && (status.st_mode & 0077) != 0)
        (void)::fchmod(fd_, status.st_mode & 0700);
    blocks_.emplace(fd_, path_);
    writeHeaderAndAttrs();
    waitUntilWritten(); // a reader that opens the file from now on finds a header
}

PerfDataWriter::PerfDataWriter(PipeOutput output, std::vector<EventAttr> events, const SessionMetadata &known)
    : path_("-")
    , events_(std::move(events))
    , fd_(output.fd)
    , pipe_(true) {
    // The drain loop hands the stream to a thread of its own, so that a reader slower than the ring buffers
    // fill (for a moment or for long) holds up the thread, not the draining.
    blocks_.emplace(fd_, "the pipe-mode session's output", BlockFileWriter::Target::Stream);
    writePipeHeader(known);
}

PerfDataWriter::~PerfDataWriter() {
    if (fd_ < 0) return;
    if (!finished_) {
        try {
            flush(); // keep what was recorded; the header's data size stays 0, which readers accept
            waitUntilWritten();
        } catch (const Error &) {
        }
    }
}

void PerfDataWriter::writeHeaderAndAttrs() {
    format::FileHeader header{};
    std::memcpy(header.magic, format::kMagic, sizeof header.magic);
    header.size = sizeof header;
    header.attrSize = sizeof(perf_event_attr) + sizeof(format::FileSection);
    append(&header, sizeof header);

    std::vector<format::FileSection> idSections;
    for (const auto &event : events_) {
        idSections.push_back({fileOffset_ + blockFill_, event.ids.size() * sizeof(uint64_t)});
        append(event.ids.data(), event.ids.size() * sizeof(uint64_t));
    }
    attrsOffset_ = fileOffset_ + blockFill_;
    for (size_t i = 0; i < events_.size(); ++i) {
        perf_event_attr attr = events_[i].attr;
        attr.size = sizeof attr;
        append(&attr, sizeof attr);
        append(&idSections[i], sizeof idSections[i]);
    }
    const uint64_t end = fileOffset_ + blockFill_;
    dataOffset_ = format::alignUp(end, 8);
    std::memset(block_.get() + blockFill_, 0, dataOffset_ - end);
    blockFill_ += dataOffset_ - end;

    header.attrs = {attrsOffset_, events_.size() * header.attrSize};
    header.data = {dataOffset_, 0};
    std::memcpy(block_.get(), &header, sizeof header);
    flush();
}

void PerfDataWriter::append(const void *bytes, size_t size) {
    const auto *cursor = static_cast<const uint8_t *>(bytes);
    while (size > 0) {
        const size_t toBoundary = kBufferSize - (fileOffset_ + blockFill_) % kBufferSize;
        const size_t part = std::min(size, toBoundary);
        std::memcpy(block_.get() + blockFill_, cursor, part);
        blockFill_ += part;
        cursor += part;
        size -= part;
        if (part == toBoundary) flush();
    }
}

uint64_t PerfDataWriter::bytesDelivered() const {
    const std::optional<uint64_t> failedAt = pipe_ && blocks_ ? blocks_->failedAt() : std::nullopt;
    return failedAt.value_or(bytesWritten());
}

void PerfDataWriter::flush() {
    if (blockFill_ == 0) return;
    blocks_->write(std::move(block_), blockFill_, fileOffset_);
    block_ = blocks_->take();
    fileOffset_ += blockFill_;
    blockFill_ = 0;
}

void PerfDataWriter::waitUntilWritten() {
    if (blocks_) blocks_->wait();
}

void PerfDataWriter::writeRecord(const void *record, size_t size) {
    append(record, size);
    dataSize_ += size;
}

void PerfDataWriter::writeRecord(std::span<const std::span<const uint8_t>> parts) {
    for (const auto part : parts) {
        append(part.data(), part.size());
        dataSize_ += part.size();
    }
}

void PerfDataWriter::finishRound() {
    perf_event_header header{format::kRecordFinishedRound, 0, sizeof(perf_event_header)};
    writeRecord(&header, sizeof header);
}

namespace {
// One build id as perf stores it, both in the BUILD_ID feature section and as a PERF_RECORD_HEADER_BUILD_ID
// record in pipe mode: header, pid, the id padded to 24 bytes with its size in byte 20, the path.
void encodeBuildId(FeatureEncoder &encoder, const BuildIdEntry &entry) {
    const auto nameSize = format::alignUp(entry.path.size() + 1, format::kStringAlign);
    perf_event_header header{};
    header.type = format::kRecordHeaderBuildId;
    header.misc = static_cast<uint16_t>((entry.kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER) |
                                        kBuildIdSizeFlag);
    header.size = static_cast<uint16_t>(sizeof header + 4 + 24 + nameSize);
    uint8_t buildId[24] = {};
    const size_t idSize = std::min<size_t>(entry.buildId.size(), 20);
    if (idSize > 0) std::memcpy(buildId, entry.buildId.data(), idSize);
    buildId[20] = static_cast<uint8_t>(idSize);
    encoder.raw(&header, sizeof header);
    encoder.raw(&entry.pid, sizeof entry.pid);
    encoder.raw(buildId, sizeof buildId);
    std::vector<char> name(nameSize, '\0');
    std::memcpy(name.data(), entry.path.data(), entry.path.size());
    encoder.raw(name.data(), name.size());
}

// HEADER_CPU_TOPOLOGY as perf writes it: sockets' and cores' sibling lists, core and socket id of every
// available CPU, then, where known, the dies' sibling lists and die ids.
std::vector<uint8_t> cpuTopologySection(const SessionMetadata &metadata) {
    const CpuTopologyFeature &topology = metadata.cpuTopology;
    FeatureEncoder encoder;
    encoder.stringList(topology.socketSiblings);
    encoder.stringList(topology.threadSiblings);
    for (const auto &cpu : topology.cpus) {
        encoder.u32(cpu.core);
        encoder.u32(cpu.socket);
    }
    if (!topology.dieSiblings.empty()) {
        encoder.stringList(topology.dieSiblings);
        for (const auto &cpu : topology.cpus)
            encoder.u32(cpu.die);
    }
    return encoder.take();
}
// kFeatPerfMaps: u32 count, then per file u32 pid, u32 flags, u64 length and the text, padded to 8 bytes.
// Flags 1 with no text: the map was not kept (too large), readers may look in /tmp.
std::vector<uint8_t> perfMapsSection(const SessionMetadata &metadata) {
    FeatureEncoder encoder;
    encoder.u32(static_cast<uint32_t>(metadata.perfMaps.size()));
    for (const auto &[pid, text] : metadata.perfMaps) {
        encoder.u32(static_cast<uint32_t>(pid));
        encoder.u32(text.empty() ? format::kPerfMapNotKept : 0);
        encoder.u64(text.size());
        encoder.raw(text.data(), text.size());
        static constexpr uint8_t kZeros[8] = {};
        encoder.raw(kZeros, format::alignUp(text.size(), 8) - text.size());
    }
    return encoder.take();
}
} // namespace

std::vector<std::pair<unsigned, std::vector<uint8_t>>>
PerfDataWriter::featureSections(const SessionMetadata &metadata) const {
    std::vector<std::pair<unsigned, std::vector<uint8_t>>> sections;
    auto addString = [&](unsigned feature, const std::string &text) {
        FeatureEncoder encoder;
        encoder.string(text);
        sections.emplace_back(feature, encoder.take());
    };

    if (!metadata.tracingData.empty()) sections.emplace_back(format::kFeatTracingData, metadata.tracingData);
    if (!metadata.buildIds.empty()) {
        FeatureEncoder encoder;
        for (const auto &entry : metadata.buildIds)
            encodeBuildId(encoder, entry);
        sections.emplace_back(format::kFeatBuildId, encoder.take());
    }
    addString(format::kFeatHostname, metadata.hostname);
    addString(format::kFeatOsRelease, metadata.osRelease);
    addString(format::kFeatVersion, metadata.version);
    addString(format::kFeatArch, metadata.arch);
    {
        FeatureEncoder encoder;
        encoder.u32(metadata.cpusAvailable);
        encoder.u32(metadata.cpusOnline);
        sections.emplace_back(format::kFeatNrCpus, encoder.take());
    }
    if (!metadata.cpuTopology.empty())
        sections.emplace_back(format::kFeatCpuTopology, cpuTopologySection(metadata));
    if (!metadata.cpuDescription.empty()) addString(format::kFeatCpuDesc, metadata.cpuDescription);
    if (!metadata.cpuId.empty()) addString(format::kFeatCpuId, metadata.cpuId);
    if (metadata.totalMemoryKb > 0) {
        FeatureEncoder encoder;
        encoder.u64(metadata.totalMemoryKb);
        sections.emplace_back(format::kFeatTotalMem, encoder.take());
    }
    {
        FeatureEncoder encoder;
        encoder.stringList(metadata.cmdline);
        sections.emplace_back(format::kFeatCmdline, encoder.take());
    }
    {
        FeatureEncoder encoder;
        encoder.u32(static_cast<uint32_t>(events_.size()));
        encoder.u32(sizeof(perf_event_attr));
        for (const auto &event : events_) {
            perf_event_attr attr = event.attr;
            attr.size = sizeof attr;
            encoder.raw(&attr, sizeof attr);
            encoder.u32(static_cast<uint32_t>(event.ids.size()));
            encoder.string(event.name);
            encoder.raw(event.ids.data(), event.ids.size() * sizeof(uint64_t));
        }
        sections.emplace_back(format::kFeatEventDesc, encoder.take());
    }
    if (metadata.lastSampleTime > 0) {
        FeatureEncoder encoder;
        encoder.u64(metadata.firstSampleTime);
        encoder.u64(metadata.lastSampleTime);
        sections.emplace_back(format::kFeatSampleTime, encoder.take());
    }
    if (metadata.hasClockId) {
        FeatureEncoder encoder;
        encoder.u64(metadata.clockResolutionNs);
        sections.emplace_back(format::kFeatClockId, encoder.take());
    }
    if (metadata.compressionLevel > 0) {
        FeatureEncoder encoder;
        encoder.u32(0); // version
        encoder.u32(1); // PERF_COMP_ZSTD
        encoder.u32(metadata.compressionLevel);
        encoder.u32(0); // ratio, informational
        encoder.u32(metadata.compressionMmapLen);
        sections.emplace_back(format::kFeatCompressed, encoder.take());
    }
    if (!metadata.sampleCpus.empty())
        sections.emplace_back(format::kFeatSampleCpus, metadata.sampleCpus.encode());
    if (metadata.perfMapsKept || !metadata.perfMaps.empty())
        sections.emplace_back(format::kFeatPerfMaps, perfMapsSection(metadata));
    if (!metadata.jitDumps.empty()) sections.emplace_back(format::kFeatJitDumps, metadata.jitDumps.encode());
    return sections;
}

void PerfDataWriter::finish(const SessionMetadata &metadata) {
    if (pipe_) return finishPipe(metadata);
    flush();
    auto sections = featureSections(metadata);
    for (unsigned feature : emptyFeatures_)
        sections.emplace_back(feature, std::vector<uint8_t>{});
    std::stable_sort(sections.begin(), sections.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    // The index of feature sections follows the data, one FileSection per set bit in bit order; the
    // sections' contents follow the index.
    const uint64_t indexOffset = dataOffset_ + dataSize_;
    uint64_t contentOffset = indexOffset + sections.size() * sizeof(format::FileSection);
    std::vector<format::FileSection> index;
    format::FileHeader header{};
    std::memcpy(header.magic, format::kMagic, sizeof header.magic);
    header.size = sizeof header;
    header.attrSize = sizeof(perf_event_attr) + sizeof(format::FileSection);
    header.attrs = {attrsOffset_, events_.size() * header.attrSize};
    header.data = {dataOffset_, dataSize_};
    for (const auto &[feature, bytes] : sections) {
        index.push_back({contentOffset, bytes.size()});
        contentOffset += bytes.size();
        header.features[feature / 64] |= uint64_t{1} << (feature % 64);
    }
    fileOffset_ = indexOffset;
    append(index.data(), index.size() * sizeof(format::FileSection));
    for (const auto &section : sections)
        append(section.second.data(), section.second.size());
    flush();
    waitUntilWritten();
    if (::ftruncate(fd_, static_cast<off_t>(contentOffset)) != 0)
        throw Error(systemErrorMessage("cannot truncate " + path_, errno));
    blocks_->writeNow(&header, sizeof header, 0);
    finished_ = true;
}

// Pipe mode: what perf writes before the first record (tools/perf's perf_event__synthesize_for_pipe), in its
// order: attributes, features and their end mark, tracing data; then the build ids known so far.
void PerfDataWriter::writePipeHeader(const SessionMetadata &known) {
    format::PipeHeader header{};
    std::memcpy(header.magic, format::kMagic, sizeof header.magic);
    header.size = sizeof header;
    append(&header, sizeof header);
    for (const auto &event : events_) {
        perf_event_attr attr = event.attr;
        attr.size = sizeof attr;
        const size_t size = sizeof(perf_event_header) + sizeof attr + event.ids.size() * sizeof(uint64_t);
        if (size > UINT16_MAX)
            throw Error("pipe mode: event " + event.name + " has too many ids for one attribute record (" +
                        std::to_string(event.ids.size()) + ")");
        const perf_event_header record{format::kRecordHeaderAttr, 0, static_cast<uint16_t>(size)};
        append(&record, sizeof record);
        append(&attr, sizeof attr);
        append(event.ids.data(), event.ids.size() * sizeof(uint64_t));
    }
    for (const auto &[feature, bytes] : featureSections(known))
        if (feature != format::kFeatBuildId && feature != format::kFeatTracingData &&
            feature != format::kFeatSampleTime)
            appendPipeFeature(feature, bytes);
    appendPipeFeature(format::kFeatLastKnown, {}); // HEADER_LAST_FEATURE: the features end here
    if (!known.tracingData.empty()) {
        const uint32_t padded = static_cast<uint32_t>(format::alignUp(known.tracingData.size(), 8));
        const perf_event_header record{format::kRecordHeaderTracingData, 0, 16};
        const uint32_t fields[2] = {padded, 0};
        append(&record, sizeof record);
        append(fields, sizeof fields);
        append(known.tracingData.data(), known.tracingData.size());
        const std::vector<uint8_t> zeros(padded - known.tracingData.size(), 0);
        append(zeros.data(), zeros.size());
    }
    appendPipeBuildIds(known.buildIds);
    flush();
}

// A PERF_RECORD_HEADER_FEATURE record: header, the feature's number, its section's bytes, padded to 8 bytes
// (perf's records need not be; ours keep the stream aligned). A feature too large for one record is left out.
void PerfDataWriter::appendPipeFeature(unsigned feature, const std::vector<uint8_t> &bytes) {
    const size_t size = format::alignUp(sizeof(perf_event_header) + 8 + bytes.size(), 8);
    if (size > UINT16_MAX) return;
    const perf_event_header record{format::kRecordHeaderFeature, 0, static_cast<uint16_t>(size)};
    const uint64_t id = feature;
    append(&record, sizeof record);
    append(&id, sizeof id);
    append(bytes.data(), bytes.size());
    const uint8_t zeros[8] = {};
    append(zeros, size - sizeof record - sizeof id - bytes.size());
}

void PerfDataWriter::appendPipeBuildIds(const std::vector<BuildIdEntry> &entries) {
    for (const auto &entry : entries) {
        if (entry.buildId.empty() || std::find(pipeBuildIdPaths_.begin(), pipeBuildIdPaths_.end(),
                                               entry.path) != pipeBuildIdPaths_.end())
            continue;
        FeatureEncoder encoder;
        encodeBuildId(encoder, entry);
        const std::vector<uint8_t> record = encoder.take();
        append(record.data(), record.size());
        pipeBuildIdPaths_.push_back(entry.path);
    }
}

// The end of a pipe-mode stream: the build ids learnt while recording and the sample times; nothing before
// them is revisited.
void PerfDataWriter::finishPipe(const SessionMetadata &metadata) {
    appendPipeBuildIds(metadata.buildIds);
    if (metadata.lastSampleTime > 0) {
        FeatureEncoder encoder;
        encoder.u64(metadata.firstSampleTime);
        encoder.u64(metadata.lastSampleTime);
        appendPipeFeature(format::kFeatSampleTime, encoder.take());
    }
    flush();
    waitUntilWritten();
    finished_ = true;
}

} // namespace perfglass
