#include "perfdata/PerfDataReader.h"

#include "base/Cancellation.h"
#include "base/Error.h"
#include "base/Prefetch.h"
#include "events/GenericEvents.h"
#include "perfdata/FeatureCodec.h"
#include "perfdata/MappedPrefetcher.h"
#include "perfdata/PerfFileFormat.h"
#include "perfdata/PipeSpool.h"
#include "perfdata/RecordDecompressor.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <thread>
#include <utility>

namespace perfglass {

namespace {
constexpr size_t kReadChunk = 1 << 20;
constexpr size_t kHeaderChunk = 64 << 10;
constexpr uint64_t kMaxEvents = 4096;
// A pipe's tracing data larger than this is skipped, not kept (perf's, with kallsyms, is a few MB).
constexpr uint64_t kMaxKeptTracingData = uint64_t{64} << 20;
constexpr uint64_t kMaxIdsPerEvent = 1 << 20;
constexpr uint64_t kMaxAttrSize = 4096;
constexpr uint64_t kMaxFeatureSize = 256 << 20;

// An event's name until EVENT_DESC names it (a file whose writer has not finished has no features yet).
std::string fallbackName(const perf_event_attr &attr, size_t index) {
    std::string name = genericEventName(attr.type, attr.config);
    return name.empty() ? fmt::format("event{}", index) : name;
}

// HEADER_CPU_TOPOLOGY (see CpuTopologyFeature). Old perf versions stop after the sibling lists, files without
// die information after the CPU ids; the CPU ids need NRCPUS, which comes first. Returns false if malformed.
bool readCpuTopology(FeatureDecoder &decoder, SessionMetadata &metadata) {
    constexpr uint32_t kMaxLists = 1 << 16;
    CpuTopologyFeature topology;
    auto sockets = decoder.stringList(kMaxLists);
    auto threads = decoder.stringList(kMaxLists);
    if (!sockets || !threads) return false;
    topology.socketSiblings = std::move(*sockets);
    topology.threadSiblings = std::move(*threads);
    const uint32_t cpus = metadata.cpusAvailable;
    if (cpus > 0 && decoder.remaining() >= uint64_t{cpus} * 8) {
        topology.cpus.resize(cpus);
        for (auto &cpu : topology.cpus) {
            cpu.core = decoder.u32().value_or(~0u);
            cpu.socket = decoder.u32().value_or(~0u);
        }
        if (decoder.remaining() > 0) {
            auto dies = decoder.stringList(kMaxLists);
            if (!dies || decoder.remaining() < uint64_t{cpus} * 4) return false;
            topology.dieSiblings = std::move(*dies);
            for (auto &cpu : topology.cpus)
                cpu.die = decoder.u32().value_or(~0u);
        }
    }
    metadata.cpuTopology = std::move(topology);
    return true;
}

// kFeatPerfMaps (PerfDataWriter): false when the section is malformed.
bool readPerfMaps(FeatureDecoder &decoder, std::map<int32_t, std::string> &maps) {
    const auto count = decoder.u32();
    if (!count) return false;
    for (uint32_t i = 0; i < *count; ++i) {
        const auto pid = decoder.u32();
        const auto flags = decoder.u32();
        const auto length = decoder.u64();
        if (!pid || !flags || !length || *length > decoder.remaining()) return false;
        if (*flags == format::kPerfMapNotKept && *length == 0) {
            maps[static_cast<int32_t>(*pid)].clear();
            continue;
        }
        if (*flags != 0 || *length == 0) return false;
        const char *text = reinterpret_cast<const char *>(decoder.current());
        maps[static_cast<int32_t>(*pid)].assign(text, static_cast<size_t>(*length));
        if (!decoder.skip(std::min<uint64_t>(format::alignUp(*length, 8), decoder.remaining()))) return false;
    }
    return true;
}

// Reads a feature section that describes the recording machine or command into metadata. Returns the
// section's name when it is malformed, "" when it was read, nullptr for a feature it does not handle.
const char *readMachineFeature(unsigned feature, FeatureDecoder &decoder, SessionMetadata &metadata) {
    auto readString = [&decoder](std::string &out, const char *name) -> const char * {
        auto text = decoder.string();
        if (!text) return name;
        out = std::move(*text);
        return "";
    };
    switch (feature) {
    case format::kFeatHostname:
        return readString(metadata.hostname, "HOSTNAME");
    case format::kFeatOsRelease:
        return readString(metadata.osRelease, "OSRELEASE");
    case format::kFeatVersion:
        return readString(metadata.version, "VERSION");
    case format::kFeatArch:
        return readString(metadata.arch, "ARCH");
    case format::kFeatCpuDesc:
        return readString(metadata.cpuDescription, "CPUDESC");
    case format::kFeatCpuId:
        return readString(metadata.cpuId, "CPUID");
    case format::kFeatTotalMem: {
        const auto kb = decoder.u64();
        if (!kb) return "TOTAL_MEM";
        metadata.totalMemoryKb = *kb;
        return "";
    }
    case format::kFeatSampleTime: {
        const auto first = decoder.u64();
        const auto last = decoder.u64();
        if (!first || !last) return "SAMPLE_TIME";
        metadata.firstSampleTime = *first;
        metadata.lastSampleTime = *last;
        return "";
    }
    case format::kFeatCpuTopology:
        return readCpuTopology(decoder, metadata) ? "" : "CPU_TOPOLOGY";
    case format::kFeatNrCpus: {
        const auto available = decoder.u32();
        const auto online = decoder.u32();
        if (!available || !online) return "NRCPUS";
        metadata.cpusAvailable = *available;
        metadata.cpusOnline = *online;
        return "";
    }
    case format::kFeatCmdline: {
        auto list = decoder.stringList(65536);
        if (!list) return "CMDLINE";
        metadata.cmdline = std::move(*list);
        return "";
    }
    default:
        return nullptr;
    }
}

struct AuxtraceRecord {
    perf_event_header header;
    uint64_t size;
    uint64_t offset;
    uint64_t reference;
    uint32_t idx;
    uint32_t tid;
    uint32_t cpu;
    uint32_t reserved;
};
} // namespace

PerfDataReader::PerfDataReader(std::string path, const std::stop_token &stop)
    : path_(std::move(path)) {
    if (path_ == "-") {
        fd_ = STDIN_FILENO;
    } else {
        // Without O_NONBLOCK, opening a FIFO would block until a writer opens it, where no stop can reach.
        ownedFd_.reset(::open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
        fd_ = ownedFd_.get();
        if (fd_ < 0) throw Error(coreMessage(MessageKind::CannotOpenFile, path_, std::strerror(errno)));
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0) throw Error(systemErrorMessage("cannot stat " + path_, errno));
    if (S_ISDIR(info.st_mode)) throw Error(coreMessage(MessageKind::IsADirectory, path_));
    fileSize_ = S_ISREG(info.st_mode) ? static_cast<uint64_t>(info.st_size) : kUnknownEnd;
    if (fileSize_ == 0) throw Error(coreMessage(MessageKind::EmptyFile, path_));
    if (fileSize_ == kUnknownEnd) waitForInput(stop);
    // Reads block from here on (until the writer ends), as for any file.
    if (ownedFd_.get() >= 0) ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
    readFileHeader();
}

// Waits, in slices that STOP can end (throwing Cancelled), until a pipe or FIFO has something to read or its
// writer has come and gone (a FIFO nobody opened for writing yet reads as ended, not as empty).
void PerfDataReader::waitForInput(const std::stop_token &stop) const {
    constexpr int kSliceMs = 50;
    pollfd input{fd_, POLLIN, 0};
    for (;;) {
        throwIfCancelled(stop);
        const int ready = ::poll(&input, 1, kSliceMs);
        if (ready > 0 || (ready < 0 && errno != EINTR)) return; // a failure is for the read to say
    }
}

PerfDataReader::~PerfDataReader() = default;

// A finished file is read through a read-only mapping of its data section instead of read() copies: records
// are used where they lie (and stay valid until discardBefore() passes them), and the pages behind the
// reader are dropped, so memory stays bounded by what the caller still holds.
void PerfDataReader::mapData() {
    mapTried_ = true;
    if (pipeMode_ || following_ || dataEnd_ == kUnknownEnd || fileSize_ == kUnknownEnd ||
        dataEnd_ <= dataBegin_ || position_ != dataBegin_)
        return;
    const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
    const uint64_t base = dataBegin_ & ~(page - 1);
    const size_t size = static_cast<size_t>(dataEnd_ - base);
    void *map = mapBelowDecompressionSpace(size, base);
    if (map == MAP_FAILED) map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd_, static_cast<off_t>(base));
    if (map == MAP_FAILED) return; // read() as before
    ::madvise(map, size, MADV_SEQUENTIAL);
    // A file read from disk through this mapping comes into the page cache in 2 MiB folios, read ahead 2 MiB
    // at a time, which are then mapped whole (see mapBelowDecompressionSpace): a cold open of a 628 MB file
    // took 360 ms instead of 660 (cat: 300), and every later open maps it five times faster. Files already
    // in the page cache keep their folios; without transparent huge pages this does nothing.
    ::madvise(map, size, MADV_HUGEPAGE);
    mapping_ = MappedRegion(map, size);
    map_ = static_cast<uint8_t *>(map);
    mapSize_ = size;
    mapOffset_ = base;
    discarded_ = 0;
    data_ = map_;
    bufferPos_ = static_cast<size_t>(dataBegin_ - base);
    bufferEnd_ = size;
    eof_ = true;
    buffer_ = {};
    // The header says the records are compressed: expanding starts at once, ahead of the reader's first
    // compressed record, and its thread reads the file ahead in the prefetching thread's place.
    if (metadata_.compressionLevel > 0) startDecompressing(map_ + bufferPos_);
    if (prefetch_ && !(decompressor_ && decompressor_->expandingAhead()))
        prefetcher_ = std::make_unique<MappedPrefetcher>(map_, size);
}

// The file is mapped at the start of a reservation whose rest becomes the decompressor's region if
// compressed records come, so that decompressed records lie above the mapped ones (their addresses keep the
// stream's order). Every file, since HEADER_COMPRESSED is not always there and a region asked for later may
// not fit above the mapping (without address-space randomization the mapping sits near the top); the
// reservation is PROT_NONE, so it costs no memory. MAP_FAILED when there is no room.
// The mapping starts at an address congruent to its file offset modulo 2 MiB: the kernel then maps each
// 2 MiB folio of the page cache (ext4 and xfs read large files into them) with one page-middle-directory
// entry, instead of faulting 512 page-table entries in and out. Touching every page of a 628 MB file took
// 7 ms this way and 40 ms without.
void *PerfDataReader::mapBelowDecompressionSpace(size_t size, uint64_t offset) {
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const size_t mapped = (size + page - 1) & ~(page - 1);
    MappedRegion reservation = RecordDecompressor::reserveWithRegion(mapped + kHugePage);
    if (!reservation.valid()) return MAP_FAILED;
    auto *reserved = static_cast<uint8_t *>(reservation.get());
    const size_t reservedSize = reservation.size();
    static_cast<void>(reservation.release());
    const size_t slack =
        (offset % kHugePage + kHugePage - reinterpret_cast<uintptr_t>(reserved) % kHugePage) % kHugePage;
    uint8_t *start = reserved + slack;
    const size_t space =
        reservedSize - kHugePage - mapped; // the region's size, as reserveWithRegion chose it
    MappedRegion below(slack > 0 ? reserved : nullptr, slack); // unmapped now: nothing lies below the file
    MappedRegion above(start + mapped + space, kHugePage - slack);
    MappedRegion head(start, mapped);
    MappedRegion tail(start + mapped, space);
    void *map = ::mmap(start, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd_, static_cast<off_t>(offset));
    if (map != start) return MAP_FAILED;
    static_cast<void>(head.release());
    decompressionSpace_ = std::move(tail);
    return map;
}

bool PerfDataReader::expandingAhead() const {
    return decompressor_ && decompressor_->expandingAhead();
}

void PerfDataReader::discardBefore(const void *address) {
    if (decompressor_) decompressor_->discardBefore(address);
    if (!map_) return;
    if (prefetcher_) prefetcher_->readerAt(bufferPos_);
    const auto *byte = static_cast<const uint8_t *>(address);
    size_t end =
        byte && byte >= map_ && byte < map_ + mapSize_ ? static_cast<size_t>(byte - map_) : bufferPos_;
    end = std::min(end, bufferPos_);
    // In 2 MiB steps that end on 2 MiB boundaries of the address space: each madvise costs a TLB flush, and
    // a huge page dropped in part would be split into small ones first.
    const auto mapStart = reinterpret_cast<uintptr_t>(map_);
    const uintptr_t boundary = (mapStart + end) & ~uintptr_t{kHugePage - 1};
    if (boundary < mapStart) return;
    end = boundary - mapStart;
    if (end < discarded_ + kHugePage) return;
    if (prefetcher_)
        prefetcher_->dropBefore(end); // MADV_DONTNEED on the prefetching thread
    else
        ::madvise(map_ + discarded_, end - discarded_, MADV_DONTNEED);
    discarded_ = end;
}

bool PerfDataReader::fill(size_t bytes) {
    while (bufferEnd_ - bufferPos_ < bytes) {
        if (eof_ || map_) return false;
        if (bufferPos_ > 0) {
            std::memmove(buffer_.data(), buffer_.data() + bufferPos_, bufferEnd_ - bufferPos_);
            data_ = buffer_.data();
            bufferEnd_ -= bufferPos_;
            bufferPos_ = 0;
        }
        // Small until the records start: a file in file mode is then mapped and this buffer freed.
        const size_t chunk = mapTried_ ? kReadChunk : kHeaderChunk;
        if (buffer_.size() - bufferEnd_ < chunk) buffer_.resize(bufferEnd_ + chunk);
        data_ = buffer_.data();
        size_t want = buffer_.size() - bufferEnd_;
        if (dataEnd_ != kUnknownEnd) {
            const uint64_t left = dataEnd_ - (position_ + (bufferEnd_ - bufferPos_));
            want = static_cast<size_t>(std::min<uint64_t>(want, left));
            if (want == 0) {
                eof_ = true;
                return false;
            }
        }
        if (spool_) {
            if (!takeFromSpool(want)) return false;
            continue;
        }
        const ssize_t got = ::read(fd_, buffer_.data() + bufferEnd_, want);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw Error(systemErrorMessage("cannot read " + path_, errno));
        }
        if (got == 0 && following_ && waitForGrowth()) continue;
        if (caughtUp_) return false;
        if (got == 0) eof_ = true;
        bufferEnd_ += static_cast<size_t>(got);
    }
    return true;
}

void PerfDataReader::follow(std::stop_token stop, std::chrono::milliseconds pollInterval) {
    if (pipeMode_ || dataEnd_ != fileSize_)
        return; // a pipe waits anyway; a finished file has nothing to wait for
    following_ = true;
    stop_ = std::move(stop);
    if (!notices_.empty() && notices_.back().kind == MessageKind::DataSizeZero)
        notices_.pop_back(); // expected while the file is being written
    pollInterval_ = pollInterval;
    dataEnd_ = kUnknownEnd;
}

void PerfDataReader::readIncrementally() {
    incremental_ = true;
    // A pipe-mode session in a regular file (perf record -o - > file) is read as a file is: a spool would
    // say "caught up" whenever its thread lagged behind the reader, and a file opened in steps would end.
    struct stat input {};
    if (pipeMode_ && ::fstat(fd_, &input) == 0 && !S_ISREG(input.st_mode))
        spool_ = std::make_unique<PipeSpool>(fd_, path_);
    if (!pipeMode_ && dataEnd_ == fileSize_) follow({}, std::chrono::milliseconds(0));
}

// Moves up to want bytes that the spool drained from the pipe into the buffer: false, with caughtUp_ or eof_
// set, when none wait.
bool PerfDataReader::takeFromSpool(size_t want) {
    const size_t got = spool_->take(buffer_.data() + bufferEnd_, want);
    bufferEnd_ += got;
    if (got > 0) return true;
    if (spool_->ended())
        eof_ = true;
    else
        caughtUp_ = true;
    return false;
}

// Whether the writer has set the final data size in the header: reading then continues to it.
bool PerfDataReader::writerFinished() {
    format::FileHeader header{};
    if (readAt(&header, sizeof header, 0) != sizeof header || header.data.size == 0) return false;
    following_ = false;
    dataEnd_ = header.data.offset + header.data.size;
    fileSize_ = std::max(fileSize_, dataEnd_);
    return true;
}

// At the end of a followed file: returns true when reading should be retried (after a pause), false when the
// stream ended (stop requested) or, reading incrementally, when nothing more has arrived (caughtUp_).
bool PerfDataReader::waitForGrowth() {
    if (writerFinished()) return dataEnd_ > position_ + (bufferEnd_ - bufferPos_);
    if (!incremental_) {
        if (stop_.stop_requested()) return false;
        std::this_thread::sleep_for(pollInterval_);
    }
    struct stat info {};
    if (::fstat(fd_, &info) == 0)
        fileSize_ = std::max<uint64_t>(fileSize_, static_cast<uint64_t>(info.st_size));
    if (incremental_) caughtUp_ = true;
    return !incremental_;
}

size_t PerfDataReader::readAt(void *out, size_t size, uint64_t offset) {
    size_t done = 0;
    while (done < size) {
        const ssize_t got =
            ::pread(fd_, static_cast<uint8_t *>(out) + done, size - done, static_cast<off_t>(offset + done));
        if (got < 0) {
            if (errno == EINTR) continue;
            throw Error(systemErrorMessage("cannot read " + path_, errno));
        }
        if (got == 0) break;
        done += static_cast<size_t>(got);
    }
    return done;
}

// Throws, naming the header field at fieldOffset, when [offset, offset + size) is not inside the file.
void PerfDataReader::checkInFile(uint64_t offset, uint64_t size, const char *what,
                                 uint64_t fieldOffset) const {
    if (offset > fileSize_ || size > fileSize_ - offset)
        throw FileFormatError(
            path_, fieldOffset,
            fmt::format("{} (offset {}, {} bytes) extends past the end of the file ({} bytes)", what, offset,
                        size, fileSize_));
}

void PerfDataReader::readExactlyAt(void *out, size_t size, uint64_t offset, const char *what) {
    checkInFile(offset, size, what, offset);
    if (readAt(out, size, offset) != size)
        throw FileFormatError(path_, offset, fmt::format("{} could not be read completely", what));
}

void PerfDataReader::seekTo(uint64_t offset) {
    if (::lseek(fd_, static_cast<off_t>(offset), SEEK_SET) < 0)
        throw Error(systemErrorMessage("cannot seek in " + path_, errno));
    position_ = offset;
    bufferPos_ = bufferEnd_ = 0;
    eof_ = false;
}

void PerfDataReader::readFileHeader() {
    if (!fill(sizeof(format::PipeHeader)))
        throw FileFormatError(
            path_, 0,
            fmt::format("file is too short for a perf.data header ({} bytes, need at least {})", bufferEnd_,
                        sizeof(format::PipeHeader)));
    format::PipeHeader pipe{};
    std::memcpy(&pipe, data_, sizeof pipe);
    if (std::memcmp(pipe.magic, format::kMagic, sizeof pipe.magic) != 0) {
        if (std::memcmp(pipe.magic, "2ELIFREP", 8) == 0)
            throw FileFormatError(path_, 0, "big-endian perf.data files are not supported");
        if (std::memcmp(pipe.magic, "PERFFILE", 8) == 0)
            throw FileFormatError(path_, 0, "version 1 perf.data files (magic PERFFILE) are not supported");
        throw FileFormatError(coreMessage(MessageKind::NotAPerfDataFile, path_), 0);
    }
    if (pipe.size == sizeof(format::PipeHeader)) {
        pipeMode_ = true;
        bufferPos_ = sizeof pipe;
        position_ = dataBegin_ = sizeof pipe;
        return;
    }
    if (pipe.size != sizeof(format::FileHeader))
        throw FileFormatError(path_, 8,
                              fmt::format("header size is {}, expected {} (file) or {} (pipe)", pipe.size,
                                          sizeof(format::FileHeader), sizeof(format::PipeHeader)));
    if (fileSize_ == kUnknownEnd)
        throw Error(path_ +
                    ": a perf.data file in file mode cannot be read from a pipe; pass its path instead");

    format::FileHeader header{};
    readExactlyAt(&header, sizeof header, 0, "file header");
    if (header.attrSize < PERF_ATTR_SIZE_VER0 + sizeof(format::FileSection) || header.attrSize > kMaxAttrSize)
        throw FileFormatError(path_, 16, fmt::format("attribute size {} is impossible", header.attrSize));
    readAttrs(header.attrs.offset, header.attrs.size, header.attrSize);

    if (header.data.offset > fileSize_ || header.data.size > fileSize_ - header.data.offset)
        throw FileFormatError(
            path_, 40,
            fmt::format("data section (offset {}, size {}) extends past the end of the file "
                        "({} bytes); the file is truncated",
                        header.data.offset, header.data.size, fileSize_));
    dataBegin_ = header.data.offset;
    if (header.data.size == 0) {
        dataEnd_ = fileSize_;
        if (fileSize_ > dataBegin_) notices_.push_back(coreMessage(MessageKind::DataSizeZero, path_));
    } else {
        dataEnd_ = header.data.offset + header.data.size;
        readFeatures(header.features, dataEnd_);
    }
    seekTo(dataBegin_);
}

void PerfDataReader::readAttrs(uint64_t offset, uint64_t size, uint64_t attrSize) {
    if (size % attrSize != 0)
        throw FileFormatError(
            path_, 32,
            fmt::format("attribute section size {} is not a multiple of the attribute size {}", size,
                        attrSize));
    const uint64_t count = size / attrSize;
    if (count > kMaxEvents)
        throw FileFormatError(path_, 32,
                              fmt::format("{} attributes is more than the limit of {}", count, kMaxEvents));
    checkInFile(offset, size, "attribute section", 24);
    std::vector<uint8_t> bytes(static_cast<size_t>(size));
    readExactlyAt(bytes.data(), bytes.size(), offset, "attribute section");
    const uint64_t attrStructSize = attrSize - sizeof(format::FileSection);
    std::vector<format::FileSection> idSections(static_cast<size_t>(count));
    for (uint64_t i = 0; i < count; ++i)
        std::memcpy(&idSections[i], bytes.data() + i * attrSize + attrStructSize,
                    sizeof(format::FileSection));
    checkIdSections(idSections, offset + attrStructSize, attrSize);
    for (uint64_t i = 0; i < count; ++i) {
        EventAttr event;
        std::memcpy(&event.attr, bytes.data() + i * attrSize,
                    std::min<uint64_t>(attrStructSize, sizeof(perf_event_attr)));
        event.attr.size = sizeof(perf_event_attr);
        const format::FileSection &ids = idSections[i];
        event.ids.resize(ids.size / sizeof(uint64_t));
        readExactlyAt(event.ids.data(), ids.size, ids.offset, "id section");
        event.name = fallbackName(event.attr, i);
        events_.push_back(std::move(event));
    }
}

// Every id section must lie in the file, hold whole ids and share no byte with another: then all of them
// together hold at most the file's size, whatever a crafted header claims. Checked before anything is
// allocated for them. firstField: the file offset of attribute 0's id section field; stride: attribute size.
void PerfDataReader::checkIdSections(const std::vector<format::FileSection> &sections, uint64_t firstField,
                                     uint64_t stride) const {
    std::vector<size_t> order;
    for (size_t i = 0; i < sections.size(); ++i) {
        const format::FileSection &ids = sections[i];
        const uint64_t field = firstField + i * stride;
        if (ids.size % sizeof(uint64_t) != 0 || ids.size / sizeof(uint64_t) > kMaxIdsPerEvent)
            throw FileFormatError(
                path_, field, fmt::format("id section size {} of attribute {} is impossible", ids.size, i));
        checkInFile(ids.offset, ids.size, fmt::format("id section of attribute {}", i).c_str(), field);
        if (ids.size > 0) order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return sections[a].offset < sections[b].offset; });
    for (size_t k = 1; k < order.size(); ++k) {
        const format::FileSection &before = sections[order[k - 1]];
        const format::FileSection &after = sections[order[k]];
        if (after.offset < before.offset + before.size)
            throw FileFormatError(
                path_, firstField + order[k] * stride,
                fmt::format("id section of attribute {} (offset {}, size {}) overlaps the id section of "
                            "attribute {} (offset {}, size {}); a file holds each id once",
                            order[k], after.offset, after.size, order[k - 1], before.offset, before.size));
    }
}

void PerfDataReader::readFeatures(const uint64_t features[4], uint64_t indexOffset) {
    std::vector<unsigned> present;
    for (unsigned bit = 1; bit < 256; ++bit)
        if (features[bit / 64] & (uint64_t{1} << (bit % 64))) present.push_back(bit);
    if (present.empty()) return;
    std::vector<format::FileSection> index(present.size());
    const size_t indexSize = index.size() * sizeof(format::FileSection);
    if (readAt(index.data(), indexSize, indexOffset) != indexSize) {
        notices_.push_back(coreMessage(MessageKind::FeatureIndexCutShort, path_, indexOffset));
        return;
    }
    for (size_t i = 0; i < present.size(); ++i) {
        const auto &section = index[i];
        const uint64_t where = indexOffset + i * sizeof(format::FileSection);
        if (section.offset > fileSize_ || section.size > fileSize_ - section.offset ||
            section.size > kMaxFeatureSize) {
            notices_.push_back(coreMessage(MessageKind::FeatureSectionOutsideFile, path_, where, present[i],
                                           section.offset, section.size));
            continue;
        }
        std::vector<uint8_t> bytes(static_cast<size_t>(section.size));
        readExactlyAt(bytes.data(), bytes.size(), section.offset, "feature section");
        parseFeature(present[i], bytes.data(), bytes.size(), section.offset);
    }
}

void PerfDataReader::parseFeature(unsigned feature, const uint8_t *bytes, size_t size, uint64_t offset) {
    FeatureDecoder decoder(bytes, size);
    auto bad = [&](const char *name) {
        notices_.push_back(
            coreMessage(MessageKind::FeatureSectionMalformed, path_, offset + decoder.position(), name));
    };
    if (const char *malformed = readMachineFeature(feature, decoder, metadata_)) {
        if (*malformed != '\0') bad(malformed);
        return;
    }
    switch (feature) {
    case format::kFeatEventDesc: {
        const auto count = decoder.u32();
        const auto attrSize = decoder.u32();
        if (!count || !attrSize || *count > kMaxEvents || *attrSize > kMaxAttrSize) return bad("EVENT_DESC");
        for (uint32_t i = 0; i < *count; ++i) {
            if (!decoder.skip(*attrSize)) return bad("EVENT_DESC");
            const auto idCount = decoder.u32();
            auto name = decoder.string();
            if (!idCount || !name || *idCount > kMaxIdsPerEvent) return bad("EVENT_DESC");
            // The ids repeat the attribute section's: skipped, so a crafted count allocates nothing.
            if (!decoder.skip(uint64_t{*idCount} * sizeof(uint64_t))) return bad("EVENT_DESC");
            // Matched by position; perf writes the descriptions in attribute order.
            if (i < events_.size()) events_[i].name = *name;
        }
        break;
    }
    case format::kFeatBuildId:
        while (decoder.remaining() >= sizeof(perf_event_header)) {
            perf_event_header header{};
            const uint8_t *start = decoder.current();
            decoder.raw(&header, sizeof header);
            const size_t fixed = sizeof header + 4 + 24;
            if (header.size < fixed || header.size - sizeof header > decoder.remaining())
                return bad("BUILD_ID");
            BuildIdEntry entry;
            std::memcpy(&entry.pid, start + sizeof header, 4);
            const uint8_t *id = start + sizeof header + 4;
            const size_t idSize = (header.misc & (1 << 15)) ? std::min<size_t>(id[20], 20) : 20;
            entry.buildId.assign(id, id + idSize);
            entry.kernel = (header.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL;
            const char *name = reinterpret_cast<const char *>(start + fixed);
            entry.path.assign(name, strnlen(name, header.size - fixed));
            decoder.skip(header.size - sizeof header);
            metadata_.buildIds.push_back(std::move(entry));
        }
        break;
    case format::kFeatCompressed: {
        decoder.u32();
        const auto type = decoder.u32();
        const auto level = decoder.u32();
        if (!type || !level) return bad("COMPRESSED");
        metadata_.compressionLevel = *level;
        break;
    }
    case format::kFeatSampleCpus: {
        auto runs = SampleCpuRuns::decode(decoder);
        if (!runs) return bad("SAMPLE_CPUS");
        metadata_.sampleCpus = std::move(*runs);
        break;
    }
    case format::kFeatPerfMaps:
        if (!readPerfMaps(decoder, metadata_.perfMaps)) return bad("PERF_MAPS");
        metadata_.perfMapsKept = true;
        break;
    case format::kFeatJitDumps: {
        auto dumps = KeptJitDumps::decode(decoder);
        if (!dumps) return bad("JIT_DUMPS");
        metadata_.jitDumps = std::move(*dumps);
        break;
    }
    case format::kFeatTracingData: // the tracepoint formats, decoded by TracingFormats
        metadata_.tracingData.assign(bytes, bytes + size);
        break;
    default:
        break;
    }
}

void PerfDataReader::addAttrRecord(const perf_event_header *header) {
    const auto *bytes = reinterpret_cast<const uint8_t *>(header);
    const size_t payload = header->size - sizeof *header;
    uint32_t attrSize = 0;
    if (payload >= 8)
        std::memcpy(&attrSize, bytes + sizeof *header + 4, sizeof attrSize); // perf_event_attr.size
    if (attrSize < PERF_ATTR_SIZE_VER0 || attrSize > payload || (payload - attrSize) % 8 != 0)
        throw FileFormatError(
            path_, recordOffset_,
            fmt::format("attribute record declares an attribute of {} bytes in a {}-byte payload", attrSize,
                        payload));
    if (events_.size() >= kMaxEvents)
        throw FileFormatError(path_, recordOffset_,
                              fmt::format("more than {} attribute records", kMaxEvents));
    EventAttr event;
    std::memcpy(&event.attr, bytes + sizeof *header, std::min<size_t>(attrSize, sizeof(perf_event_attr)));
    event.attr.size = sizeof(perf_event_attr);
    event.ids.resize((payload - attrSize) / 8);
    if (!event.ids.empty()) // memcpy from or to nullptr is undefined even for 0 bytes
        std::memcpy(event.ids.data(), bytes + sizeof *header + attrSize, event.ids.size() * 8);
    event.name = fallbackName(event.attr, events_.size());
    events_.push_back(std::move(event));
}

void PerfDataReader::skipPayload(uint64_t bytes, const char *what) {
    const uint64_t start = position_;
    while (bytes > 0) {
        if (!fill(1))
            throw FileFormatError(path_, start,
                                  fmt::format("{} payload extends past the end of the data", what));
        const size_t step = static_cast<size_t>(std::min<uint64_t>(bytes, bufferEnd_ - bufferPos_));
        bufferPos_ += step;
        position_ += step;
        bytes -= step;
    }
}

bool PerfDataReader::handleSessionRecord(const perf_event_header *header) {
    switch (header->type) {
    case format::kRecordHeaderAttr:
        addAttrRecord(header);
        return true;
    case format::kRecordHeaderFeature: {
        uint64_t feature = 0;
        if (header->size < sizeof *header + 8)
            throw FileFormatError(path_, recordOffset_, "feature record is too short for its feature id");
        std::memcpy(&feature, reinterpret_cast<const uint8_t *>(header) + sizeof *header, 8);
        const size_t fixed = sizeof *header + 8;
        parseFeature(static_cast<unsigned>(feature), reinterpret_cast<const uint8_t *>(header) + fixed,
                     header->size - fixed, recordOffset_ + fixed);
        return true;
    }
    case format::kRecordHeaderBuildId: // pipe mode: one entry of what file mode's BUILD_ID section lists
        parseFeature(format::kFeatBuildId, reinterpret_cast<const uint8_t *>(header), header->size,
                     recordOffset_);
        return true;
    case format::kRecordHeaderTracingData: {
        uint32_t size = 0;
        if (header->size >= sizeof *header + 4)
            std::memcpy(&size, reinterpret_cast<const uint8_t *>(header) + sizeof *header, 4);
        const uint64_t padded = format::alignUp(size, 8);
        if (padded > kMaxKeptTracingData) {
            skipPayload(padded, "tracing data");
            return true;
        }
        // Kept (padding included) for HEADER_TRACING_DATA of a file saved from the stream, and the
        // tracepoints' formats; copied as it arrives, so memory follows what the stream holds.
        std::vector<uint8_t> tracing;
        const uint64_t start = position_;
        for (uint64_t left = padded; left > 0;) {
            if (!fill(1))
                throw FileFormatError(path_, start, "tracing data payload extends past the end of the data");
            const size_t step = static_cast<size_t>(std::min<uint64_t>(left, bufferEnd_ - bufferPos_));
            tracing.insert(tracing.end(), data_ + bufferPos_, data_ + bufferPos_ + step);
            bufferPos_ += step;
            position_ += step;
            left -= step;
        }
        metadata_.tracingData = std::move(tracing);
        return true;
    }
    case format::kRecordAuxtrace: {
        AuxtraceRecord record{};
        if (header->size < sizeof record)
            throw FileFormatError(path_, recordOffset_, "AUXTRACE record is shorter than its fixed fields");
        std::memcpy(&record, header, sizeof record);
        skipPayload(record.size, "AUXTRACE");
        return false;
    }
    case format::kRecordCompressed: {
        compressedRecordSeen_ = true;
        if (!decompressor_) startDecompressing(reinterpret_cast<const uint8_t *>(header));
        try {
            decompressor_->feed(reinterpret_cast<const uint8_t *>(header) + sizeof *header,
                                header->size - sizeof *header);
        } catch (const Error &error) {
            throw FileFormatError(path_, recordOffset_, std::string("compressed record: ") + error.what());
        }
        return true;
    }
    default:
        return false;
    }
}

uint64_t PerfDataReader::compressedRecordsExpandedAhead() const {
    return decompressor_ ? decompressor_->payloadsExpandedAhead() : 0;
}

// When the data section is mapped (for a file that says it is compressed) or at the first compressed record.
// In a mapped file, the records are expanded ahead on a thread of their own from record on, which reads the
// file ahead too, so that it takes the prefetching thread's place.
void PerfDataReader::startDecompressing(const uint8_t *record) {
    decompressor_ = std::make_unique<RecordDecompressor>(map_ ? map_ + mapSize_ : nullptr,
                                                         std::move(decompressionSpace_));
    if (!expandAhead_ || !map_ || record < map_ || record >= map_ + mapSize_) return;
    decompressor_->expandAhead(record, map_ + mapSize_);
    if (decompressor_->expandingAhead()) prefetcher_.reset();
}

const perf_event_header *PerfDataReader::nextDecompressed() {
    try {
        return decompressor_->next();
    } catch (const Error &error) {
        throw FileFormatError(path_, recordOffset_, error.what());
    }
}

// The next record's header was itself prefetched one record earlier: reading it here costs little, and the
// lines of that record and the header after it are asked for while this record is queued and decoded.
void PerfDataReader::prefetchAhead() const {
    if (bufferEnd_ - bufferPos_ < sizeof(perf_event_header)) return;
    const uint8_t *next = data_ + bufferPos_; // not aligned after one of perf's records of odd size
    uint16_t size = 0;
    std::memcpy(&size, next + offsetof(perf_event_header, size), sizeof size);
    if (size < sizeof(perf_event_header) || size > bufferEnd_ - bufferPos_) return;
    prefetchRecordLines(next, size);
    if (bufferEnd_ - bufferPos_ - size >= sizeof(perf_event_header)) __builtin_prefetch(next + size);
}

const perf_event_header *PerfDataReader::nextFromStream() {
    if (!mapTried_) mapData();
    caughtUp_ = false;
    while (true) {
        if (decompressor_) {
            if (const auto *inner = nextDecompressed()) {
                lastMapped_ = decompressor_->lastStable();
                if (!handleSessionRecord(inner)) return inner;
                continue;
            }
        }
        if (dataEnd_ != kUnknownEnd && position_ >= dataEnd_) return nullptr;
        const bool cutShortAllowed =
            pipeMode_ || dataEnd_ == fileSize_ || following_ || stop_.stop_possible();
        if (!fill(sizeof(perf_event_header))) {
            if (caughtUp_) return nullptr;
            if (bufferEnd_ > bufferPos_ && !cutShortAllowed)
                throw FileFormatError(
                    path_, position_,
                    dataEnd_ == kUnknownEnd
                        ? std::string("the file ends inside a record header")
                        : fmt::format("record header overruns the data section, which ends at "
                                      "byte {}",
                                      dataEnd_));
            return endOfStream(nullptr);
        }
        perf_event_header head{}; // copied: after one of perf's records of odd size, it sits unaligned
        std::memcpy(&head, data_ + bufferPos_, sizeof head);
        const perf_event_header *header = &head;
        // The kernel's records are multiples of 8 bytes; perf's own (HEADER_FEATURE in pipe mode) need not
        // be.
        const bool badSize = header->size < sizeof(perf_event_header) ||
                             (header->size % 8 != 0 && header->type < format::kRecordHeaderAttr);
        if (badSize && following_) {
            // A writer appends the feature sections before it sets the data size in the header: what looks
            // like a bad record may be those. Wait for the header (or for stop) and look again.
            if (!waitForGrowth()) return nullptr;
            continue;
        }
        if (badSize)
            throw FileFormatError(
                path_, position_,
                fmt::format("record of type {} declares size {}, which is not a multiple of 8 of "
                            "at least 8 bytes",
                            header->type, header->size));
        if (dataEnd_ != kUnknownEnd && header->size > dataEnd_ - position_ && !cutShortAllowed)
            throw FileFormatError(
                path_, position_,
                fmt::format("record of type {} and size {} overruns the data section, which ends "
                            "at byte {}",
                            header->type, header->size, dataEnd_));
        if (!fill(header->size)) {
            if (caughtUp_) return nullptr;
            if (!cutShortAllowed) throw FileFormatError(path_, position_, "the file ends inside a record");
            return endOfStream(header);
        }
        header = reinterpret_cast<const perf_event_header *>(data_ + bufferPos_);
        // Once records are decompressed, mapped ones are copied: stable records then keep the stream's
        // order in their addresses (the region lies above the mapping).
        lastMapped_ = map_ != nullptr && !compressedRecordSeen_;
        if (bufferPos_ % 8 != 0) {
            lastMapped_ = false;
            // After one of perf's records of unaligned size: copy, so that decoders can read aligned u64s.
            aligned_.resize((head.size + 7) / 8);
            std::memcpy(aligned_.data(), data_ + bufferPos_, head.size);
            header = reinterpret_cast<const perf_event_header *>(aligned_.data());
        }
        recordOffset_ = position_;
        bufferPos_ += header->size;
        position_ += header->size;
        if (lastMapped_) prefetchAhead();
        if (handleSessionRecord(header)) continue;
        return header;
    }
}

// The end of the stream, where partial (nullptr: none, or only part of its header) is the record the stream
// ends inside: says where the file was cut. A pipe-mode stream that ends before any record describes an event
// holds no session at all, which is an error rather than an empty profile.
const perf_event_header *PerfDataReader::endOfStream(const perf_event_header *partial) {
    const uint64_t end = position_ + (bufferEnd_ - bufferPos_);
    const char *input = path_ == "-" ? "stream" : "file"; // standard input, or a file
    std::string cut;
    if (partial)
        cut =
            fmt::format("the {} ends at byte {}, inside a record of type {} and {} bytes that starts at byte "
                        "{}: it was cut short there",
                        input, end, partial->type, partial->size, position_);
    else if (end > position_)
        cut = fmt::format("the {} ends at byte {}, inside the header of a record that starts at byte {}: it "
                          "was cut short there",
                          input, end, position_);
    if (pipeMode_ && events_.empty())
        throw FileFormatError(path_, end,
                              (cut.empty() ? fmt::format("the stream ends at byte {}", end) : cut) +
                                  ", before any record describes an event (a pipe-mode session starts with "
                                  "its HEADER_ATTR records)");
    if (!cut.empty()) notices_.push_back(coreMessage(MessageKind::IncompleteRecordIgnored, path_, cut));
    return nullptr;
}

const perf_event_header *PerfDataReader::next() {
    return nextFromStream();
}

} // namespace perfglass
