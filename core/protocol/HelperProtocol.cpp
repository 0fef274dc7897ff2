#include "protocol/HelperProtocol.h"

#include "base/X86_64Registers.h"

#include <linux/hw_breakpoint.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <ctime>
#include <iterator>

namespace perfglass::helper {

namespace {

// The one u64 of single-bit flags that follows read_format in perf_event_attr.
constexpr size_t kFlagsOffset = offsetof(perf_event_attr, read_format) + sizeof(uint64_t);

uint64_t flagWord(const perf_event_attr &attr) {
    uint64_t word = 0;
    std::memcpy(&word, reinterpret_cast<const unsigned char *>(&attr) + kFlagsOffset, sizeof word);
    return word;
}

struct FlagBit {
    const char *name;
    void (*set)(perf_event_attr &);
    bool allowed;
};

// Every named flag of the attribute and whether the helper lets a client set it. sigtrap sends SIGTRAP to the
// monitored task and aux_output needs an AUX area: both refused.
const std::array<FlagBit, 37> &flagBits() {
    static const std::array<FlagBit, 37> bits = {{
        {"disabled", [](perf_event_attr &a) { a.disabled = 1; }, true},
        {"inherit", [](perf_event_attr &a) { a.inherit = 1; }, true},
        {"pinned", [](perf_event_attr &a) { a.pinned = 1; }, true},
        {"exclusive", [](perf_event_attr &a) { a.exclusive = 1; }, true},
        {"exclude_user", [](perf_event_attr &a) { a.exclude_user = 1; }, true},
        {"exclude_kernel", [](perf_event_attr &a) { a.exclude_kernel = 1; }, true},
        {"exclude_hv", [](perf_event_attr &a) { a.exclude_hv = 1; }, true},
        {"exclude_idle", [](perf_event_attr &a) { a.exclude_idle = 1; }, true},
        {"mmap", [](perf_event_attr &a) { a.mmap = 1; }, true},
        {"comm", [](perf_event_attr &a) { a.comm = 1; }, true},
        {"freq", [](perf_event_attr &a) { a.freq = 1; }, true},
        {"inherit_stat", [](perf_event_attr &a) { a.inherit_stat = 1; }, true},
        {"enable_on_exec", [](perf_event_attr &a) { a.enable_on_exec = 1; }, true},
        {"task", [](perf_event_attr &a) { a.task = 1; }, true},
        {"watermark", [](perf_event_attr &a) { a.watermark = 1; }, true},
        {"precise_ip", [](perf_event_attr &a) { a.precise_ip = 3; }, true},
        {"mmap_data", [](perf_event_attr &a) { a.mmap_data = 1; }, true},
        {"sample_id_all", [](perf_event_attr &a) { a.sample_id_all = 1; }, true},
        {"exclude_host", [](perf_event_attr &a) { a.exclude_host = 1; }, true},
        {"exclude_guest", [](perf_event_attr &a) { a.exclude_guest = 1; }, true},
        {"exclude_callchain_kernel", [](perf_event_attr &a) { a.exclude_callchain_kernel = 1; }, true},
        {"exclude_callchain_user", [](perf_event_attr &a) { a.exclude_callchain_user = 1; }, true},
        {"mmap2", [](perf_event_attr &a) { a.mmap2 = 1; }, true},
        {"comm_exec", [](perf_event_attr &a) { a.comm_exec = 1; }, true},
        {"use_clockid", [](perf_event_attr &a) { a.use_clockid = 1; }, true},
        {"context_switch", [](perf_event_attr &a) { a.context_switch = 1; }, true},
        {"write_backward", [](perf_event_attr &a) { a.write_backward = 1; }, true},
        {"namespaces", [](perf_event_attr &a) { a.namespaces = 1; }, true},
        {"ksymbol", [](perf_event_attr &a) { a.ksymbol = 1; }, true},
        {"bpf_event", [](perf_event_attr &a) { a.bpf_event = 1; }, true},
        {"aux_output", [](perf_event_attr &a) { a.aux_output = 1; }, false},
        {"cgroup", [](perf_event_attr &a) { a.cgroup = 1; }, true},
        {"text_poke", [](perf_event_attr &a) { a.text_poke = 1; }, true},
        {"build_id", [](perf_event_attr &a) { a.build_id = 1; }, true},
        {"inherit_thread", [](perf_event_attr &a) { a.inherit_thread = 1; }, true},
        {"remove_on_exec", [](perf_event_attr &a) { a.remove_on_exec = 1; }, true},
        {"sigtrap", [](perf_event_attr &a) { a.sigtrap = 1; }, false},
    }};
    return bits;
}

uint64_t bitsOf(const FlagBit &bit) {
    perf_event_attr attr{};
    bit.set(attr);
    return flagWord(attr);
}

uint64_t allowedFlagMask() {
    uint64_t mask = 0;
    for (const FlagBit &bit : flagBits())
        if (bit.allowed) mask |= bitsOf(bit);
    return mask;
}

std::string describeForbiddenFlags(uint64_t forbidden) {
    for (const FlagBit &bit : flagBits()) {
        if (!bit.allowed && (bitsOf(bit) & forbidden)) return bit.name;
    }
    for (int i = 0; i < 64; ++i)
        if (forbidden & (1ull << i)) return "reserved bit " + std::to_string(i);
    return "?";
}

std::string hex(uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "%#llx", static_cast<unsigned long long>(value));
    return text;
}

constexpr uint64_t kAllowedSampleType = (PERF_SAMPLE_MAX - 1) & ~static_cast<uint64_t>(PERF_SAMPLE_AUX);
constexpr uint64_t kAllowedReadFormat = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
                                        PERF_FORMAT_ID | PERF_FORMAT_GROUP | PERF_FORMAT_LOST;
constexpr uint64_t kAllowedBranchSampleType = PERF_SAMPLE_BRANCH_MAX - 1;
constexpr uint64_t kAllowedOpenFlags = PERF_FLAG_FD_CLOEXEC | PERF_FLAG_FD_NO_GROUP;

bool typeIsDynamic(uint32_t type, const MachineLimits &limits) {
    return std::find(limits.dynamicPmuTypes.begin(), limits.dynamicPmuTypes.end(), type) !=
           limits.dynamicPmuTypes.end();
}

Status checkExtendedType(uint64_t config, const MachineLimits &limits) {
    const auto extended = static_cast<uint32_t>(config >> 32);
    if (extended != 0 && !typeIsDynamic(extended, limits))
        return makeStatus(ErrorCode::ConfigInvalid, "attr.config names PMU type " + std::to_string(extended) +
                                                        " in its upper 32 bits, "
                                                        "which is not a PMU of this machine");
    return Status::success();
}

Status checkTypeAndConfig(const perf_event_attr &attr, const MachineLimits &limits) {
    const uint64_t config = attr.config;
    switch (attr.type) {
    case PERF_TYPE_HARDWARE:
        if ((config & 0xffffffffu) >= PERF_COUNT_HW_MAX)
            return makeStatus(ErrorCode::ConfigInvalid, "attr.config " + hex(config) +
                                                            " is not a generic hardware event (below " +
                                                            std::to_string(PERF_COUNT_HW_MAX) + ")");
        return checkExtendedType(config, limits);
    case PERF_TYPE_HW_CACHE: {
        const uint64_t cache = config & 0xff, op = (config >> 8) & 0xff, result = (config >> 16) & 0xff;
        if (cache >= PERF_COUNT_HW_CACHE_MAX || op >= PERF_COUNT_HW_CACHE_OP_MAX ||
            result >= PERF_COUNT_HW_CACHE_RESULT_MAX || ((config >> 24) & 0xff) != 0)
            return makeStatus(ErrorCode::ConfigInvalid,
                              "attr.config " + hex(config) + " is not a cache event (cache, op, result)");
        return checkExtendedType(config, limits);
    }
    case PERF_TYPE_SOFTWARE:
        if (config >= PERF_COUNT_SW_MAX)
            return makeStatus(ErrorCode::ConfigInvalid, "attr.config " + hex(config) +
                                                            " is not a software event (below " +
                                                            std::to_string(PERF_COUNT_SW_MAX) + ")");
        return Status::success();
    case PERF_TYPE_TRACEPOINT:
        if (config == 0 || config > kMaxTracepointId)
            return makeStatus(ErrorCode::ConfigInvalid,
                              "attr.config " + hex(config) + " is not a tracepoint id (1 to 2^32-1)");
        return Status::success();
    case PERF_TYPE_BREAKPOINT: {
        const uint32_t bp = attr.bp_type;
        if (bp != HW_BREAKPOINT_R && bp != HW_BREAKPOINT_W && bp != HW_BREAKPOINT_RW && bp != HW_BREAKPOINT_X)
            return makeStatus(ErrorCode::BreakpointInvalid,
                              "attr.bp_type " + std::to_string(bp) + " is not r, w, rw or x");
        const uint64_t len = attr.bp_len;
        if (len != 1 && len != 2 && len != 4 && len != 8)
            return makeStatus(ErrorCode::BreakpointInvalid,
                              "attr.bp_len " + std::to_string(len) + " is not 1, 2, 4 or 8");
        return Status::success();
    }
    case PERF_TYPE_RAW:
        return Status::success();
    default:
        if (typeIsDynamic(attr.type, limits)) return Status::success();
        return makeStatus(ErrorCode::TypeForbidden,
                          "attr.type " + std::to_string(attr.type) +
                              " is neither a generic type nor a PMU the helper allows");
    }
}

Status checkSampling(const perf_event_attr &attr) {
    if (attr.freq) {
        if (attr.sample_freq < 1 || attr.sample_freq > kMaxSampleFreq)
            return makeStatus(ErrorCode::SampleFreqOutOfRange,
                              "attr.sample_freq " + std::to_string(attr.sample_freq) + " is outside 1 to " +
                                  std::to_string(kMaxSampleFreq) + " Hz");
    } else if (attr.sample_period > kMaxSamplePeriod) {
        return makeStatus(ErrorCode::SamplePeriodOutOfRange,
                          "attr.sample_period " + std::to_string(attr.sample_period) + " is above 2^62");
    }
    if (attr.sample_type & ~kAllowedSampleType)
        return makeStatus(ErrorCode::SampleTypeForbidden, "attr.sample_type has bits " +
                                                              hex(attr.sample_type & ~kAllowedSampleType) +
                                                              " that are unknown or not allowed (AUX)");
    if (attr.read_format & ~kAllowedReadFormat)
        return makeStatus(ErrorCode::ReadFormatForbidden,
                          "attr.read_format has unknown bits " + hex(attr.read_format & ~kAllowedReadFormat));
    if (attr.branch_sample_type & ~kAllowedBranchSampleType)
        return makeStatus(ErrorCode::BranchSampleTypeForbidden,
                          "attr.branch_sample_type has unknown bits " +
                              hex(attr.branch_sample_type & ~kAllowedBranchSampleType));
    return Status::success();
}

Status checkFlags(const perf_event_attr &attr) {
    const uint64_t forbidden = flagWord(attr) & ~allowedFlagMask();
    if (forbidden)
        return makeStatus(ErrorCode::AttrFlagForbidden,
                          "attr flag " + describeForbiddenFlags(forbidden) + " is not allowed");
    if (attr.use_clockid) {
        const int32_t id = attr.clockid;
        if (id != CLOCK_MONOTONIC && id != CLOCK_MONOTONIC_RAW && id != CLOCK_REALTIME &&
            id != CLOCK_BOOTTIME && id != CLOCK_TAI)
            return makeStatus(ErrorCode::ClockIdForbidden,
                              "attr.clockid " + std::to_string(id) +
                                  " is not monotonic, monotonic_raw, realtime, boottime or tai");
    } else if (attr.clockid != 0) {
        return makeStatus(ErrorCode::ClockIdForbidden, "attr.clockid is set without use_clockid");
    }
    return Status::success();
}

Status checkSizes(const perf_event_attr &attr) {
    if (attr.sample_stack_user > kMaxSampleStackUser || attr.sample_stack_user % 8 != 0)
        return makeStatus(ErrorCode::StackUserOutOfRange,
                          "attr.sample_stack_user " + std::to_string(attr.sample_stack_user) +
                              " is not a multiple of 8 up to " + std::to_string(kMaxSampleStackUser));
    if (attr.sample_max_stack > kMaxSampleMaxStack)
        return makeStatus(ErrorCode::MaxStackOutOfRange,
                          "attr.sample_max_stack " + std::to_string(attr.sample_max_stack) + " is above " +
                              std::to_string(kMaxSampleMaxStack));
    const uint32_t wakeupLimit = attr.watermark ? kMaxWakeupWatermark : kMaxWakeupEvents;
    if (attr.wakeup_events > wakeupLimit)
        return makeStatus(ErrorCode::WakeupOutOfRange,
                          std::string(attr.watermark ? "attr.wakeup_watermark " : "attr.wakeup_events ") +
                              std::to_string(attr.wakeup_events) + " is above " +
                              std::to_string(wakeupLimit));
#if defined(__x86_64__)
    const uint64_t regsLimit = x86_64::kGeneralRegistersMask;
    if (attr.sample_regs_user & ~regsLimit)
        return makeStatus(ErrorCode::RegsMaskForbidden, "attr.sample_regs_user " +
                                                            hex(attr.sample_regs_user) +
                                                            " names registers beyond the general ones");
#endif
    return Status::success();
}

Status checkReservedAndAux(const perf_event_attr &attr) {
    if (attr.__reserved_2 != 0 || attr.__reserved_3 != 0)
        return makeStatus(ErrorCode::ReservedNotZero, "attr.__reserved_2 and __reserved_3 must be 0");
    if (attr.aux_watermark != 0 || attr.aux_sample_size != 0)
        return makeStatus(ErrorCode::AuxForbidden,
                          "attr.aux_watermark and aux_sample_size must be 0 (no AUX area)");
    if (attr.sig_data != 0)
        return makeStatus(ErrorCode::AuxForbidden, "attr.sig_data must be 0 (no sigtrap)");
    return Status::success();
}

Status checkTarget(const OpenEventRequest &request, const MachineLimits &limits) {
    const int32_t pidMax = std::min(limits.pidMax, kMaxPid);
    if (request.pid != -1 && (request.pid < 1 || request.pid > pidMax))
        return makeStatus(ErrorCode::PidOutOfRange, "pid " + std::to_string(request.pid) +
                                                        " is neither -1 nor 1 to " + std::to_string(pidMax));
    const int32_t cpuMax = std::min(limits.cpuCount - 1, kMaxCpu);
    if (request.cpu != -1 && (request.cpu < 0 || request.cpu > cpuMax))
        return makeStatus(ErrorCode::CpuOutOfRange, "cpu " + std::to_string(request.cpu) +
                                                        " is neither -1 nor 0 to " + std::to_string(cpuMax));
    if (request.pid == -1 && request.cpu == -1)
        return makeStatus(ErrorCode::PidAndCpuBothAny, "pid and cpu are both -1 (any process on any cpu)");
    if (request.groupIndex != -1 &&
        (request.groupIndex < 0 || static_cast<size_t>(request.groupIndex) >= limits.openEvents))
        return makeStatus(ErrorCode::GroupIndexOutOfRange,
                          "group index " + std::to_string(request.groupIndex) + " is not -1 or one of the " +
                              std::to_string(limits.openEvents) + " events opened so far");
    if (request.flags & ~kAllowedOpenFlags)
        return makeStatus(ErrorCode::OpenFlagsForbidden,
                          "open flags " + hex(request.flags & ~kAllowedOpenFlags) +
                              " are not allowed (only PERF_FLAG_FD_CLOEXEC and PERF_FLAG_FD_NO_GROUP)");
    if (limits.openEvents >= kMaxOpenEvents)
        return makeStatus(ErrorCode::TooManyEvents,
                          "this helper already opened " + std::to_string(kMaxOpenEvents) + " events");
    return Status::success();
}

bool isNameCharacter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

Status payloadSize(const char *what, size_t size, size_t expected) {
    if (size == expected) return Status::success();
    return makeStatus(ErrorCode::BadPayloadSize, std::string(what) + " payload has " + std::to_string(size) +
                                                     " bytes, expected " + std::to_string(expected));
}

} // namespace

const char *errorCodeName(ErrorCode code) {
    struct Name {
        ErrorCode code;
        const char *name;
    };
    static constexpr Name kNames[] = {
        {ErrorCode::Ok, "Ok"},
        {ErrorCode::Truncated, "Truncated"},
        {ErrorCode::Oversized, "Oversized"},
        {ErrorCode::TrailingBytes, "TrailingBytes"},
        {ErrorCode::BadMagic, "BadMagic"},
        {ErrorCode::BadVersion, "BadVersion"},
        {ErrorCode::UnknownRequest, "UnknownRequest"},
        {ErrorCode::NotGreeted, "NotGreeted"},
        {ErrorCode::AlreadyGreeted, "AlreadyGreeted"},
        {ErrorCode::BadPayloadSize, "BadPayloadSize"},
        {ErrorCode::UnexpectedFd, "UnexpectedFd"},
        {ErrorCode::AttrSizeInvalid, "AttrSizeInvalid"},
        {ErrorCode::AttrSizeMismatch, "AttrSizeMismatch"},
        {ErrorCode::TypeForbidden, "TypeForbidden"},
        {ErrorCode::ConfigInvalid, "ConfigInvalid"},
        {ErrorCode::SampleFreqOutOfRange, "SampleFreqOutOfRange"},
        {ErrorCode::SamplePeriodOutOfRange, "SamplePeriodOutOfRange"},
        {ErrorCode::SampleTypeForbidden, "SampleTypeForbidden"},
        {ErrorCode::ReadFormatForbidden, "ReadFormatForbidden"},
        {ErrorCode::AttrFlagForbidden, "AttrFlagForbidden"},
        {ErrorCode::ClockIdForbidden, "ClockIdForbidden"},
        {ErrorCode::BranchSampleTypeForbidden, "BranchSampleTypeForbidden"},
        {ErrorCode::StackUserOutOfRange, "StackUserOutOfRange"},
        {ErrorCode::MaxStackOutOfRange, "MaxStackOutOfRange"},
        {ErrorCode::WakeupOutOfRange, "WakeupOutOfRange"},
        {ErrorCode::ReservedNotZero, "ReservedNotZero"},
        {ErrorCode::AuxForbidden, "AuxForbidden"},
        {ErrorCode::BreakpointInvalid, "BreakpointInvalid"},
        {ErrorCode::RegsMaskForbidden, "RegsMaskForbidden"},
        {ErrorCode::PidOutOfRange, "PidOutOfRange"},
        {ErrorCode::PidNotFound, "PidNotFound"},
        {ErrorCode::CpuOutOfRange, "CpuOutOfRange"},
        {ErrorCode::PidAndCpuBothAny, "PidAndCpuBothAny"},
        {ErrorCode::GroupIndexOutOfRange, "GroupIndexOutOfRange"},
        {ErrorCode::OpenFlagsForbidden, "OpenFlagsForbidden"},
        {ErrorCode::TooManyEvents, "TooManyEvents"},
        {ErrorCode::OpenFailed, "OpenFailed"},
        {ErrorCode::NameInvalid, "NameInvalid"},
        {ErrorCode::ProcEntryInvalid, "ProcEntryInvalid"},
        {ErrorCode::SymlinkRefused, "SymlinkRefused"},
        {ErrorCode::FileNotFound, "FileNotFound"},
        {ErrorCode::ReadFailed, "ReadFailed"},
        {ErrorCode::ContentTooLarge, "ContentTooLarge"},
        {ErrorCode::TracefsUnavailable, "TracefsUnavailable"},
        {ErrorCode::TracefsHeaderInvalid, "TracefsHeaderInvalid"},
        {ErrorCode::MappingInvalid, "MappingInvalid"},
        {ErrorCode::MappingNotFound, "MappingNotFound"},
        {ErrorCode::FileChanged, "FileChanged"},
        {ErrorCode::MemlockOutOfRange, "MemlockOutOfRange"},
        {ErrorCode::MemlockFailed, "MemlockFailed"},
        {ErrorCode::ScopeNotSet, "ScopeNotSet"},
        {ErrorCode::ScopeAlreadySet, "ScopeAlreadySet"},
        {ErrorCode::ScopeInvalid, "ScopeInvalid"},
        {ErrorCode::OutOfScope, "OutOfScope"},
        {ErrorCode::ConnectionClosed, "ConnectionClosed"},
        {ErrorCode::ProtocolViolation, "ProtocolViolation"},
    };
    const auto *found = std::find_if(std::begin(kNames), std::end(kNames),
                                     [code](const Name &entry) { return entry.code == code; });
    return found != std::end(kNames) ? found->name : "Unknown";
}

Status makeStatus(ErrorCode code, std::string message, int sysErrno) {
    Status status;
    status.code = code;
    status.message = std::move(message);
    status.sysErrno = sysErrno;
    return status;
}

PayloadWriter &PayloadWriter::raw(const void *data, size_t size) {
    const auto *bytes = static_cast<const uint8_t *>(data);
    bytes_.insert(bytes_.end(), bytes, bytes + size);
    return *this;
}

PayloadWriter &PayloadWriter::shortString(std::string_view text) {
    const size_t size = std::min<size_t>(text.size(), 0xffff);
    u16(static_cast<uint16_t>(size));
    return raw(text.data(), size);
}

bool PayloadReader::raw(void *out, size_t size) {
    if (failed_ || size > size_ - offset_) {
        failed_ = true;
        std::memset(out, 0, size);
        return false;
    }
    std::memcpy(out, data_ + offset_, size);
    offset_ += size;
    return true;
}

std::string PayloadReader::shortString(size_t maxLength) {
    const uint16_t size = u16();
    if (failed_ || size > maxLength || size > remaining()) {
        failed_ = true;
        return {};
    }
    std::string text(reinterpret_cast<const char *>(data_ + offset_), size);
    offset_ += size;
    return text;
}

std::vector<uint8_t> encodeMessage(uint16_t type, uint32_t sequence, const uint8_t *payload, size_t size) {
    Header header;
    header.type = type;
    header.length = static_cast<uint32_t>(size);
    header.sequence = sequence;
    PayloadWriter writer;
    writer.u32(header.magic).u16(header.version).u16(header.type).u32(header.length).u32(header.sequence);
    writer.raw(payload, size);
    return writer.take();
}

std::vector<uint8_t> encodeMessage(MessageType type, uint32_t sequence, const std::vector<uint8_t> &payload) {
    return encodeMessage(static_cast<uint16_t>(type), sequence, payload.data(), payload.size());
}

Status decodeHeader(const uint8_t *data, size_t packetSize, Header &header, const uint8_t *&payload) {
    header = Header{};
    header.magic = 0;
    if (packetSize > kMaxMessageSize)
        return makeStatus(ErrorCode::Oversized, "message of " + std::to_string(packetSize) +
                                                    " bytes is above the limit of " +
                                                    std::to_string(kMaxMessageSize));
    if (packetSize < kHeaderSize)
        return makeStatus(ErrorCode::Truncated, "message of " + std::to_string(packetSize) +
                                                    " bytes is shorter than the " +
                                                    std::to_string(kHeaderSize) + "-byte header");
    PayloadReader reader(data, packetSize);
    header.magic = reader.u32();
    header.version = reader.u16();
    header.type = reader.u16();
    header.length = reader.u32();
    header.sequence = reader.u32();
    if (header.magic != kMagic)
        return makeStatus(ErrorCode::BadMagic, "message does not start with the magic " + hex(kMagic) +
                                                   " but " + hex(header.magic));
    if (header.length > kMaxPayloadSize)
        return makeStatus(ErrorCode::Oversized, "declared payload length " + std::to_string(header.length) +
                                                    " is above the limit of " +
                                                    std::to_string(kMaxPayloadSize));
    const size_t received = packetSize - kHeaderSize;
    if (header.length > received)
        return makeStatus(ErrorCode::Truncated, "message declares " + std::to_string(header.length) +
                                                    " payload bytes but carries " + std::to_string(received));
    if (header.length < received)
        return makeStatus(ErrorCode::TrailingBytes, "message declares " + std::to_string(header.length) +
                                                        " payload bytes but carries " +
                                                        std::to_string(received));
    if (header.version != kVersion)
        return makeStatus(ErrorCode::BadVersion, "protocol version " + std::to_string(header.version) +
                                                     " is not this helper's version " +
                                                     std::to_string(kVersion));
    payload = data + kHeaderSize;
    return Status::success();
}

std::vector<uint8_t> encodeHello(uint32_t version) {
    return PayloadWriter().u32(version).take();
}

Status decodeHello(const uint8_t *payload, size_t size, uint32_t &version) {
    if (Status status = payloadSize("Hello", size, 4); !status.ok()) return status;
    PayloadReader reader(payload, size);
    version = reader.u32();
    if (version != kVersion)
        return makeStatus(ErrorCode::BadVersion, "client speaks protocol version " + std::to_string(version) +
                                                     ", this helper speaks " + std::to_string(kVersion));
    return Status::success();
}

bool isKnownAttrSize(uint32_t size) {
    static constexpr std::array<uint32_t, 8> sizes = {
        PERF_ATTR_SIZE_VER0, PERF_ATTR_SIZE_VER1, PERF_ATTR_SIZE_VER2, PERF_ATTR_SIZE_VER3,
        PERF_ATTR_SIZE_VER4, PERF_ATTR_SIZE_VER5, PERF_ATTR_SIZE_VER6, PERF_ATTR_SIZE_VER7};
    return size <= sizeof(perf_event_attr) && std::find(sizes.begin(), sizes.end(), size) != sizes.end();
}

std::vector<uint8_t> encodeOpenEvent(const OpenEventRequest &request) {
    PayloadWriter writer;
    const uint32_t size = std::min<uint32_t>(request.attr.size, sizeof(perf_event_attr));
    writer.u32(request.attr.size).raw(&request.attr, size);
    writer.i32(request.pid).i32(request.cpu).i32(request.groupIndex).u64(request.flags);
    return writer.take();
}

Status decodeOpenEvent(const uint8_t *payload, size_t size, OpenEventRequest &request) {
    request = OpenEventRequest{};
    PayloadReader reader(payload, size);
    const uint32_t attrSize = reader.u32();
    if (reader.failed()) return payloadSize("OpenEvent", size, 4 + PERF_ATTR_SIZE_VER0 + 20);
    if (!isKnownAttrSize(attrSize))
        return makeStatus(ErrorCode::AttrSizeInvalid,
                          "attr size " + std::to_string(attrSize) + " is not one of the sizes 64 to " +
                              std::to_string(sizeof(perf_event_attr)) + " that perf_event_attr has had");
    if (Status status = payloadSize("OpenEvent", size, 4 + attrSize + 20); !status.ok()) return status;
    reader.raw(&request.attr, attrSize);
    request.pid = reader.i32();
    request.cpu = reader.i32();
    request.groupIndex = reader.i32();
    request.flags = reader.u64();
    if (request.attr.size != attrSize)
        return makeStatus(ErrorCode::AttrSizeMismatch, "attr.size " + std::to_string(request.attr.size) +
                                                           " differs from the declared size " +
                                                           std::to_string(attrSize));
    return Status::success();
}

std::vector<uint8_t> encodeTracepoint(const TracepointRequest &request) {
    return PayloadWriter().shortString(request.subsystem).shortString(request.name).take();
}

Status decodeTracepoint(const uint8_t *payload, size_t size, TracepointRequest &request) {
    PayloadReader reader(payload, size);
    for (auto [field, what] : {std::pair{&request.subsystem, "tracepoint subsystem"},
                               std::pair{&request.name, "tracepoint name"}}) {
        const uint16_t length = reader.u16();
        if (reader.failed()) break;
        if (length > kMaxNameLength)
            return makeStatus(ErrorCode::NameInvalid, std::string(what) + " of " + std::to_string(length) +
                                                          " bytes is above " +
                                                          std::to_string(kMaxNameLength));
        field->resize(length);
        reader.raw(field->data(), length);
    }
    if (!reader.atEnd())
        return makeStatus(ErrorCode::BadPayloadSize,
                          "ReadTracepoint payload of " + std::to_string(size) +
                              " bytes does not hold exactly two length-prefixed names");
    if (Status status = validateTracepointName(request.subsystem, "tracepoint subsystem"); !status.ok())
        return status;
    return validateTracepointName(request.name, "tracepoint name");
}

Status validateTracepointName(std::string_view name, const char *what) {
    if (name.empty() || name.size() > kMaxNameLength)
        return makeStatus(ErrorCode::NameInvalid, std::string(what) + " must have 1 to " +
                                                      std::to_string(kMaxNameLength) + " characters");
    for (size_t i = 0; i < name.size(); ++i) {
        if (!isNameCharacter(name[i]))
            return makeStatus(ErrorCode::NameInvalid,
                              std::string(what) + " has the character " +
                                  std::to_string(static_cast<unsigned char>(name[i])) + " at " +
                                  std::to_string(i) + "; only A-Z, a-z, 0-9, '_' and '-' are allowed");
    }
    return Status::success();
}

std::vector<uint8_t> encodeProc(const ProcRequest &request) {
    return PayloadWriter().i32(request.pid).u32(request.which).take();
}

Status decodeProc(const uint8_t *payload, size_t size, ProcRequest &request) {
    if (Status status = payloadSize("ReadProc", size, 8); !status.ok()) return status;
    PayloadReader reader(payload, size);
    request.pid = reader.i32();
    request.which = reader.u32();
    if (request.which > static_cast<uint32_t>(ProcEntry::TaskList))
        return makeStatus(ErrorCode::ProcEntryInvalid,
                          "proc entry " + std::to_string(request.which) +
                              " is not maps (0), status (1), comm (2) or the task list (3)");
    if (request.pid < 1 || request.pid > kMaxPid)
        return makeStatus(ErrorCode::PidOutOfRange,
                          "pid " + std::to_string(request.pid) + " is not 1 to " + std::to_string(kMaxPid));
    return Status::success();
}

std::vector<uint8_t> encodeScope(const ScopeRequest &request) {
    PayloadWriter writer;
    writer.u8(request.systemWide ? 1 : 0).u32(static_cast<uint32_t>(request.pids.size()));
    for (int32_t pid : request.pids)
        writer.i32(pid);
    return writer.take();
}

Status decodeScope(const uint8_t *payload, size_t size, ScopeRequest &request) {
    request = ScopeRequest{};
    PayloadReader reader(payload, size);
    const uint8_t systemWide = reader.u8();
    const uint32_t count = reader.u32();
    if (reader.failed()) return payloadSize("SetScope", size, 5);
    if (count > kMaxScopeTargets)
        return makeStatus(ErrorCode::ScopeInvalid, "scope of " + std::to_string(count) +
                                                       " tasks is above the limit of " +
                                                       std::to_string(kMaxScopeTargets));
    if (Status status = payloadSize("SetScope", size, 5 + size_t{count} * 4); !status.ok()) return status;
    if (systemWide > 1)
        return makeStatus(ErrorCode::ScopeInvalid,
                          "system-wide flag " + std::to_string(systemWide) + " is neither 0 nor 1");
    request.systemWide = systemWide == 1;
    for (uint32_t i = 0; i < count; ++i) {
        const int32_t pid = reader.i32();
        if (pid < 1 || pid > kMaxPid)
            return makeStatus(ErrorCode::PidOutOfRange,
                              "scope pid " + std::to_string(pid) + " is not 1 to " + std::to_string(kMaxPid));
        request.pids.push_back(pid);
    }
    if (request.systemWide == !request.pids.empty())
        return makeStatus(ErrorCode::ScopeInvalid,
                          request.systemWide ? "a system-wide scope names no processes"
                                             : "a scope is either the whole system or at least one process");
    return Status::success();
}

std::vector<uint8_t> encodeTracefsHeader(TracefsHeader which) {
    return PayloadWriter().u32(static_cast<uint32_t>(which)).take();
}

Status decodeTracefsHeader(const uint8_t *payload, size_t size, TracefsHeader &which) {
    if (Status status = payloadSize("ReadTracefsHeader", size, 4); !status.ok()) return status;
    const uint32_t value = PayloadReader(payload, size).u32();
    if (value > static_cast<uint32_t>(TracefsHeader::Event))
        return makeStatus(ErrorCode::TracefsHeaderInvalid, "tracefs header " + std::to_string(value) +
                                                               " is not header_page (0) or header_event (1)");
    which = static_cast<TracefsHeader>(value);
    return Status::success();
}

std::vector<uint8_t> encodeMappedFile(const MappedFileRequest &request) {
    return PayloadWriter().i32(request.pid).u64(request.start).u64(request.end).take();
}

Status decodeMappedFile(const uint8_t *payload, size_t size, MappedFileRequest &request) {
    if (Status status = payloadSize("OpenMappedFile", size, 20); !status.ok()) return status;
    PayloadReader reader(payload, size);
    request.pid = reader.i32();
    request.start = reader.u64();
    request.end = reader.u64();
    if (request.pid < 1 || request.pid > kMaxPid)
        return makeStatus(ErrorCode::PidOutOfRange,
                          "pid " + std::to_string(request.pid) + " is not 1 to " + std::to_string(kMaxPid));
    if (request.start % kMappingAlignment != 0 || request.end % kMappingAlignment != 0 ||
        request.start >= request.end || request.end > kMaxMappingEnd)
        return makeStatus(ErrorCode::MappingInvalid,
                          "mapping " + hex(request.start) + "-" + hex(request.end) +
                              " is not a page-aligned range below " + hex(kMaxMappingEnd));
    return Status::success();
}

std::vector<uint8_t> encodeRaiseMemlock(uint64_t bytes) {
    return PayloadWriter().u64(bytes).take();
}

Status decodeRaiseMemlock(const uint8_t *payload, size_t size, uint64_t &bytes) {
    if (Status status = payloadSize("RaiseMemlock", size, 8); !status.ok()) return status;
    bytes = PayloadReader(payload, size).u64();
    if (bytes == 0 || bytes > kMaxMemlockBytes)
        return makeStatus(ErrorCode::MemlockOutOfRange, "memlock limit of " + std::to_string(bytes) +
                                                            " bytes is not 1 to " +
                                                            std::to_string(kMaxMemlockBytes));
    return Status::success();
}

std::vector<uint8_t> encodeError(const Status &status) {
    std::string_view message = status.message;
    if (message.size() > kMaxErrorMessageLength) message = message.substr(0, kMaxErrorMessageLength);
    return PayloadWriter()
        .u32(static_cast<uint32_t>(status.code))
        .i32(status.sysErrno)
        .shortString(message)
        .take();
}

Status decodeError(const uint8_t *payload, size_t size) {
    PayloadReader reader(payload, size);
    Status status;
    status.code = static_cast<ErrorCode>(reader.u32());
    status.sysErrno = reader.i32();
    status.message = reader.shortString(kMaxErrorMessageLength);
    if (!reader.atEnd() || status.code == ErrorCode::Ok)
        return makeStatus(ErrorCode::ProtocolViolation, "the helper sent a malformed error reply");
    return status;
}

std::vector<uint8_t> encodeTracepointInfo(const TracepointInfo &info) {
    const size_t size = std::min(info.format.size(), kMaxTracepointFormatSize);
    return PayloadWriter().u64(info.id).u32(static_cast<uint32_t>(size)).raw(info.format.data(), size).take();
}

Status decodeTracepointInfo(const uint8_t *payload, size_t size, TracepointInfo &info) {
    PayloadReader reader(payload, size);
    info.id = reader.u64();
    const uint32_t length = reader.u32();
    if (reader.failed() || length > kMaxTracepointFormatSize || length != reader.remaining())
        return makeStatus(ErrorCode::ProtocolViolation, "the helper sent a malformed tracepoint reply");
    info.format.resize(length);
    reader.raw(info.format.data(), length);
    return Status::success();
}

Status validateOpenEvent(const OpenEventRequest &request, const MachineLimits &limits) {
    const perf_event_attr &attr = request.attr;
    if (!isKnownAttrSize(attr.size))
        return makeStatus(ErrorCode::AttrSizeInvalid,
                          "attr.size " + std::to_string(attr.size) + " is not known");
    for (auto check : {checkTypeAndConfig(attr, limits), checkSampling(attr), checkFlags(attr),
                       checkSizes(attr), checkReservedAndAux(attr), checkTarget(request, limits)}) {
        if (!check.ok()) return check;
    }
    return Status::success();
}

ReceivedPacket receivePacket(int socket, uint8_t *buffer, size_t bufferSize, size_t maxFds) {
    std::vector<char> control(CMSG_SPACE(sizeof(int) * maxFds));
    iovec iov{buffer, bufferSize};
    msghdr message{};
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = control.data();
    message.msg_controllen = control.size();
    ReceivedPacket packet;
    do {
        packet.size = ::recvmsg(socket, &message, MSG_TRUNC | MSG_CMSG_CLOEXEC);
    } while (packet.size < 0 && errno == EINTR);
    if (packet.size < 0) {
        packet.error = errno;
        return packet;
    }
    for (cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        const size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < count; ++i) {
            int fd;
            std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
            packet.fds.emplace_back(fd);
        }
    }
    packet.controlTruncated = (message.msg_flags & MSG_CTRUNC) != 0;
    return packet;
}

} // namespace perfglass::helper
