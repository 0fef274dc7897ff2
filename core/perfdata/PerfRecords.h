// Typed, bounds-checked views of the perf records whose layout is fixed (perf_event_open(2), the kernel's
// include/uapi/linux/perf_event.h): MMAP, MMAP2, COMM, FORK/EXIT, LOST, LOST_SAMPLES, SWITCH_CPU_WIDE and
// THROTTLE/UNTHROTTLE. The fields after the header are one struct per record family, shared by the readers
// (through RecordView) and the writers (RecordBuilder). SAMPLE's layout depends on the event's sample_type:
// RecordDecoder decodes it.
#pragma once

#include "base/Error.h"

#include <linux/perf_event.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace perfglass {

// header.misc flags, spelled out for kernel headers older than the flags.
inline constexpr uint16_t kMiscCommExec = 1 << 13;    // PERF_RECORD_MISC_COMM_EXEC
inline constexpr uint16_t kMiscMmapBuildId = 1 << 14; // PERF_RECORD_MISC_MMAP_BUILD_ID

// PERF_RECORD_MMAP; the file name follows, NUL-terminated and padded to 8 bytes.
struct MmapFields {
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint64_t addr = 0;
    uint64_t len = 0;
    uint64_t pgoff = 0;
};

// PERF_RECORD_MMAP2; the file name follows, as for MMAP.
struct Mmap2Fields {
    static constexpr size_t kMaxBuildIdSize = 20;
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint64_t addr = 0;
    uint64_t len = 0;
    uint64_t pgoff = 0;
    // maj, min, ino, ino_generation; or with kMiscMmapBuildId: build_id_size, 3 reserved bytes, build_id[20].
    std::array<uint8_t, 24> fileId{};
    uint32_t prot = 0;
    uint32_t flags = 0;

    void setInode(uint32_t major, uint32_t minor, uint64_t inode, uint64_t generation = 0);
    void setBuildId(std::span<const uint8_t> buildId);
    // Meaningful when the record's misc has kMiscMmapBuildId; empty when the size byte is above 20, as in the
    // records that carry device and inode although the kernel set the flag (when another session's event on
    // the same mmap asked for build ids).
    std::span<const uint8_t> buildId() const;
};

// PERF_RECORD_COMM; the command name follows, as the file name of MMAP.
struct CommFields {
    uint32_t pid = 0;
    uint32_t tid = 0;
};

// PERF_RECORD_FORK and PERF_RECORD_EXIT.
struct ForkFields {
    uint32_t pid = 0;
    uint32_t ppid = 0;
    uint32_t tid = 0;
    uint32_t ptid = 0;
    uint64_t time = 0;
};

// PERF_RECORD_LOST: the ring buffer was full and `lost` records were dropped.
struct LostFields {
    uint64_t id = 0;
    uint64_t lost = 0;
};

// PERF_RECORD_LOST_SAMPLES: samples the kernel dropped (e.g. AUX or sample-read failures).
struct LostSamplesFields {
    uint64_t lost = 0;
};

// PERF_RECORD_SWITCH_CPU_WIDE (PERF_RECORD_SWITCH has only the header and the sample_id trailer).
struct SwitchCpuWideFields {
    uint32_t nextPrevPid = 0;
    uint32_t nextPrevTid = 0;
};

// PERF_RECORD_NAMESPACES; nrNamespaces NamespaceLink entries follow, in the kernel's order (NET, UTS, IPC,
// PID, USER, MNT, CGROUP: enum of NET_NS_INDEX.. in include/uapi/linux/perf_event.h).
struct NamespacesFields {
    static constexpr uint64_t kKnownNamespaces = 7; // NR_NAMESPACES
    uint32_t pid = 0;
    uint32_t tid = 0;
    uint64_t nrNamespaces = 0;
};

// One namespace of a NAMESPACES record: the device and inode of its nsfs file (/proc/PID/ns/NAME).
struct NamespaceLink {
    uint64_t dev = 0;
    uint64_t inode = 0;
};

// PERF_RECORD_THROTTLE and PERF_RECORD_UNTHROTTLE.
struct ThrottleFields {
    uint64_t time = 0;
    uint64_t id = 0;
    uint64_t streamId = 0;
};

static_assert(sizeof(MmapFields) == 32 && sizeof(Mmap2Fields) == 64 && sizeof(CommFields) == 8);
static_assert(sizeof(ForkFields) == 24 && sizeof(LostFields) == 16 && sizeof(ThrottleFields) == 24);
static_assert(sizeof(NamespacesFields) == 16 && sizeof(NamespaceLink) == 16);

// The name perf gives a record type ("MMAP2", "COMM"), or "type N" for one it does not name.
std::string recordTypeName(uint32_t type);

// A record too short for the fields of its type.
class MalformedRecordError : public Error {
public:
    MalformedRecordError(const perf_event_header &record, size_t neededSize,
                         std::optional<uint64_t> fileOffset);
    std::optional<uint64_t> fileOffset() const { return fileOffset_; }

private:
    std::optional<uint64_t> fileOffset_;
};

// A record checked to be large enough for Fields before any field is read. The fields are copied out
// (records in a stream need not be aligned for them); the view refers to the record for the text after them.
template <typename Fields> class RecordView {
    static_assert(std::is_trivially_copyable_v<Fields>);

public:
    static constexpr size_t kFieldsOffset = sizeof(perf_event_header);
    static constexpr size_t kMinSize = kFieldsOffset + sizeof(Fields);

    static bool fits(const perf_event_header &record) { return record.size >= kMinSize; }
    // The view, or nullopt when the record is too short.
    static std::optional<RecordView> from(const perf_event_header &record) {
        if (!fits(record)) return std::nullopt;
        return RecordView(record, Unchecked{});
    }
    // Throws MalformedRecordError, naming the record type and where it lies, when the record is too short.
    explicit RecordView(const perf_event_header &record, std::optional<uint64_t> fileOffset = std::nullopt)
        : record_(&record) {
        if (!fits(record)) throw MalformedRecordError(record, kMinSize, fileOffset);
        copyFields();
    }

    const Fields &fields() const { return fields_; }
    const Fields *operator->() const { return &fields_; }
    const perf_event_header &header() const { return *record_; }
    // The NUL-terminated text after the fields (COMM's name, MMAP's file name), bounded by the record.
    std::string_view text() const {
        const char *begin = reinterpret_cast<const char *>(record_) + kMinSize;
        return {begin, strnlen(begin, record_->size - kMinSize)};
    }

private:
    struct Unchecked {};
    RecordView(const perf_event_header &record, Unchecked)
        : record_(&record) {
        copyFields();
    }
    void copyFields() {
        std::memcpy(&fields_, reinterpret_cast<const uint8_t *>(record_) + kFieldsOffset, sizeof fields_);
    }

    const perf_event_header *record_;
    Fields fields_;
};

using MmapRecord = RecordView<MmapFields>;
using Mmap2Record = RecordView<Mmap2Fields>;
using CommRecord = RecordView<CommFields>;
using ForkRecord = RecordView<ForkFields>; // also EXIT
using LostRecord = RecordView<LostFields>;
using LostSamplesRecord = RecordView<LostSamplesFields>;
using SwitchCpuWideRecord = RecordView<SwitchCpuWideFields>;
using ThrottleRecord = RecordView<ThrottleFields>; // also UNTHROTTLE
using NamespacesRecord = RecordView<NamespacesFields>;

// Namespace index of a NAMESPACES record (copied out: records in a stream need not be aligned); nullopt past
// the count it declares or past its end.
std::optional<NamespaceLink> namespaceLink(const NamespacesRecord &record, size_t index);

} // namespace perfglass
