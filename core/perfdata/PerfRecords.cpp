#include "perfdata/PerfRecords.h"

#include <fmt/format.h>

#include <algorithm>

namespace perfglass {

void Mmap2Fields::setInode(uint32_t major, uint32_t minor, uint64_t inode, uint64_t generation) {
    std::memcpy(fileId.data(), &major, 4);
    std::memcpy(fileId.data() + 4, &minor, 4);
    std::memcpy(fileId.data() + 8, &inode, 8);
    std::memcpy(fileId.data() + 16, &generation, 8);
}

void Mmap2Fields::setBuildId(std::span<const uint8_t> buildId) {
    fileId.fill(0);
    const size_t size = std::min(buildId.size(), kMaxBuildIdSize);
    fileId[0] = static_cast<uint8_t>(size);
    std::copy_n(buildId.begin(), size, fileId.begin() + 4);
}

std::span<const uint8_t> Mmap2Fields::buildId() const {
    if (fileId[0] > kMaxBuildIdSize) return {}; // device and inode under a build-id flag the kernel left set
    return {fileId.data() + 4, fileId[0]};
}

std::optional<NamespaceLink> namespaceLink(const NamespacesRecord &record, size_t index) {
    const size_t room = (record.header().size - NamespacesRecord::kMinSize) / sizeof(NamespaceLink);
    if (index >= record->nrNamespaces || index >= room) return std::nullopt;
    NamespaceLink link;
    std::memcpy(&link,
                reinterpret_cast<const uint8_t *>(&record.header()) + NamespacesRecord::kMinSize +
                    index * sizeof link,
                sizeof link);
    return link;
}

std::string recordTypeName(uint32_t type) {
    switch (type) {
    case PERF_RECORD_MMAP:
        return "MMAP";
    case PERF_RECORD_LOST:
        return "LOST";
    case PERF_RECORD_COMM:
        return "COMM";
    case PERF_RECORD_EXIT:
        return "EXIT";
    case PERF_RECORD_THROTTLE:
        return "THROTTLE";
    case PERF_RECORD_UNTHROTTLE:
        return "UNTHROTTLE";
    case PERF_RECORD_FORK:
        return "FORK";
    case PERF_RECORD_SAMPLE:
        return "SAMPLE";
    case PERF_RECORD_MMAP2:
        return "MMAP2";
    case PERF_RECORD_LOST_SAMPLES:
        return "LOST_SAMPLES";
    case PERF_RECORD_SWITCH:
        return "SWITCH";
    case PERF_RECORD_SWITCH_CPU_WIDE:
        return "SWITCH_CPU_WIDE";
    case PERF_RECORD_NAMESPACES:
        return "NAMESPACES";
    default:
        return fmt::format("type {}", type);
    }
}

namespace {
std::string shortRecordMessage(const perf_event_header &record, size_t neededSize,
                               std::optional<uint64_t> fileOffset) {
    const std::string where = fileOffset ? fmt::format(" at file offset {}", *fileOffset) : "";
    return fmt::format("{} record{} has {} bytes, fewer than the {} its fields need",
                       recordTypeName(record.type), where, record.size, neededSize);
}
} // namespace

MalformedRecordError::MalformedRecordError(const perf_event_header &record, size_t neededSize,
                                           std::optional<uint64_t> fileOffset)
    : Error(shortRecordMessage(record, neededSize, fileOffset))
    , fileOffset_(fileOffset) {}

} // namespace perfglass
