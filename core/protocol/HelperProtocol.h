// The protocol between the unprivileged recorder and perfglass-helper, the privileged process that opens perf
// events and reads the few root-only files a recording needs.
//
// Transport: one AF_UNIX SOCK_SEQPACKET socket (a socketpair), so every message is one packet and a short or
// long packet is detected instead of desynchronising a stream. Every message is a 16-byte header followed by
// its payload, in host byte order (both ends run on the same machine):
//
//   u32 magic 'PGHP'   u16 version   u16 type   u32 payload length   u32 sequence (echoed in the reply)
//
// Requests (client -> helper)           Replies (helper -> client)
//   Hello        u32 version              HelloReply  u32 version, u32 peer uid, u32 max message size
//   OpenEvent    u32 attr size, attr,     EventFd     u32 index (the fd travels as SCM_RIGHTS)
//                i32 pid, i32 cpu,
//                i32 group index, u64 flags
//   ReadKallsyms (empty)                  Data        u8 final, bytes (repeated until final = 1)
//   ReadTracepoint u16 len, subsystem,    Tracepoint  u64 id, u32 len, format text
//                  u16 len, name
//   ReadProc     i32 pid, u32 which       Data        (as above)
//   RaiseMemlock u64 bytes                Done        (empty)
//   SetScope     u8 system-wide,          Done
//                u32 count, i32 pids[count]
//   ListTracepoints (empty)               Data        "subsystem/name\n" lines
//   ReadTracefsHeader u32 which           Data        events/header_page (0) or events/header_event (1)
//   OpenMappedFile i32 pid, u64 start,    MappedFile  u32 how (0 map_files, 1 root; the fd travels as
//                  u64 end                            SCM_RIGHTS)
//                                         Error       u32 code, i32 errno, u16 len, message (to any request)
//
// Every field and count has an explicit limit below; every violation has its own ErrorCode, and the helper
// keeps serving after any error. A group leader is named by the index of an fd the helper returned earlier,
// never by an fd number.
//
// OpenMappedFile hands out a read-only descriptor of the file an executable mapping of a task in scope maps,
// so that the recorder reads its build id and keeps it for the build-id cache as it does for its own
// processes (the ELF is parsed there, not in the helper). The helper takes the mapping's device, inode and
// path from /proc/PID/maps itself (the range must be one whole line of it, file-backed and executable), opens
// /proc/PID/map_files/START-END, else PATH inside /proc/PID/root (links resolved inside that root), and hands
// out the descriptor only when it is a regular file with that device and inode that starts with the ELF
// magic. An older helper answers UnknownRequest; the recorder then goes without.
//
// Scope: the recording's targets are told once (SetScope), before any OpenEvent or ReadProc: either the
// whole system, or a list of processes and threads. Afterwards the helper opens events and reads /proc only
// for those tasks and the threads of those processes (pid -1, a CPU-wide event, only for the whole system),
// and refuses everything else with OutOfScope. kallsyms and tracefs describe the kernel, not a task: they
// need no scope.
#pragma once

#include "base/UniqueFd.h"

#include <linux/perf_event.h>
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace perfglass::helper {

inline constexpr uint32_t kMagic = 0x50484750; // "PGHP" in memory on little-endian machines
inline constexpr uint16_t kVersion = 2;
inline constexpr size_t kHeaderSize = 16;
inline constexpr size_t kMaxMessageSize = 65536; // header and payload, one packet
inline constexpr size_t kMaxPayloadSize = kMaxMessageSize - kHeaderSize;
inline constexpr size_t kMaxOpenEvents = 4096;         // fds one helper hands out over its lifetime
inline constexpr size_t kMaxNameLength = 128;          // tracepoint subsystem and event names
inline constexpr size_t kMaxErrorMessageLength = 1024; // error texts are cut to this
inline constexpr uint64_t kMaxKallsymsSize = 64ull << 20;
inline constexpr uint64_t kMaxProcFileSize = 16ull << 20;
inline constexpr size_t kMaxTracepointFormatSize = 32u << 10;
inline constexpr uint64_t kMaxSampleFreq = 1000000;       // Hz, in frequency mode
inline constexpr uint64_t kMaxSamplePeriod = 1ull << 62;  // events, in period mode
inline constexpr uint32_t kMaxSampleStackUser = 65528;    // bytes, a multiple of 8 (the kernel's limit)
inline constexpr uint16_t kMaxSampleMaxStack = 1024;      // call-chain entries
inline constexpr uint32_t kMaxWakeupEvents = 1u << 20;    // events per wakeup
inline constexpr uint32_t kMaxWakeupWatermark = 1u << 30; // bytes, in watermark mode
inline constexpr int32_t kMaxPid = 4194304;               // PID_MAX_LIMIT on 64-bit kernels
inline constexpr int32_t kMaxCpu = 8191;                  // NR_CPUS at most 8192
inline constexpr uint64_t kMaxMemlockBytes = 4ull << 30;  // RaiseMemlock ceiling
inline constexpr uint32_t kMaxTracepointId = 0xffffffffu;
inline constexpr size_t kMaxScopeTargets = 4096;             // pids in one SetScope
inline constexpr uint64_t kMaxTracepointListSize = 1u << 20; // ListTracepoints reply
inline constexpr size_t kMaxTracepoints = 65536;             // entries in that list
inline constexpr uint64_t kMaxTracefsHeaderSize = 64u << 10;
inline constexpr uint64_t kMappingAlignment = 4096;    // start and end of OpenMappedFile: page multiples
inline constexpr uint64_t kMaxMappingEnd = 1ull << 57; // above every user address (5-level paging)

enum class MessageType : uint16_t {
    Hello = 1,
    OpenEvent = 2,
    ReadKallsyms = 3,
    ReadTracepoint = 4,
    ReadProc = 5,
    RaiseMemlock = 6,
    SetScope = 7,
    ListTracepoints = 8,
    ReadTracefsHeader = 9,
    OpenMappedFile = 10,
    HelloReply = 0x81,
    EventFd = 0x82,
    Data = 0x83,
    Tracepoint = 0x84,
    Done = 0x85,
    MappedFile = 0x86,
    Error = 0xff,
};

// Which /proc/PID entry ReadProc returns. TaskList is the names in /proc/PID/task, one per line.
enum class ProcEntry : uint32_t { Maps = 0, Status = 1, Comm = 2, TaskList = 3 };
// Which tracefs header ReadTracefsHeader returns (events/header_page, events/header_event).
enum class TracefsHeader : uint32_t { Page = 0, Event = 1 };

enum class ErrorCode : uint32_t {
    Ok = 0,
    // framing
    Truncated = 1,     // packet shorter than the header, or than the length the header declares
    Oversized = 2,     // packet or declared length above kMaxMessageSize
    TrailingBytes = 3, // packet longer than the length the header declares
    BadMagic = 4,
    BadVersion = 5,
    UnknownRequest = 6,
    NotGreeted = 7, // a request before Hello
    AlreadyGreeted = 8,
    BadPayloadSize = 9, // payload size does not match what the request type needs
    UnexpectedFd = 10,  // the client sent file descriptors; the helper accepts none
    // perf_event_attr
    AttrSizeInvalid = 20,  // not one of the PERF_ATTR_SIZE_VER* values this helper knows
    AttrSizeMismatch = 21, // attr.size differs from the declared size
    TypeForbidden = 22,
    ConfigInvalid = 23,
    SampleFreqOutOfRange = 24,
    SamplePeriodOutOfRange = 25,
    SampleTypeForbidden = 26,
    ReadFormatForbidden = 27,
    AttrFlagForbidden = 28,
    ClockIdForbidden = 29,
    BranchSampleTypeForbidden = 30,
    StackUserOutOfRange = 31,
    MaxStackOutOfRange = 32,
    WakeupOutOfRange = 33,
    ReservedNotZero = 34,
    AuxForbidden = 35,
    BreakpointInvalid = 36,
    RegsMaskForbidden = 37,
    // targets
    PidOutOfRange = 40,
    PidNotFound = 41,
    CpuOutOfRange = 42,
    PidAndCpuBothAny = 43,
    GroupIndexOutOfRange = 44,
    OpenFlagsForbidden = 45,
    TooManyEvents = 46,
    OpenFailed = 47, // perf_event_open refused; errno carries the kernel's reason
    // files
    NameInvalid = 50, // tracepoint names: [A-Za-z0-9_-]{1,kMaxNameLength}
    ProcEntryInvalid = 51,
    SymlinkRefused = 52,
    FileNotFound = 53,
    ReadFailed = 54,
    ContentTooLarge = 55,
    TracefsUnavailable = 56,
    TracefsHeaderInvalid = 57,
    MappingInvalid = 58,  // OpenMappedFile: start or end not page-aligned, start >= end, end too high
    MappingNotFound = 59, // no executable file mapping with exactly that range in /proc/PID/maps
    FileChanged = 62,     // neither map_files nor the root's path is the mapped file (device, inode, ELF)
    // resources
    MemlockOutOfRange = 60,
    MemlockFailed = 61,
    // scope
    ScopeNotSet = 70,     // OpenEvent or ReadProc before SetScope
    ScopeAlreadySet = 71, // a second SetScope
    ScopeInvalid = 72,    // system-wide with pids, or neither
    OutOfScope = 73,      // a task or CPU-wide event outside the recording's targets
    // client side
    ConnectionClosed = 80,
    ProtocolViolation = 81,
};

// "Truncated", "AttrFlagForbidden", ... for messages and tests.
const char *errorCodeName(ErrorCode code);

struct Status {
    ErrorCode code = ErrorCode::Ok;
    std::string message;
    int sysErrno = 0;

    bool ok() const { return code == ErrorCode::Ok; }
    static Status success() { return {}; }
};

Status makeStatus(ErrorCode code, std::string message, int sysErrno = 0);

using perfglass::UniqueFd;

// Appends fixed-size fields in host byte order.
class PayloadWriter {
public:
    PayloadWriter &u8(uint8_t value) { return raw(&value, sizeof value); }
    PayloadWriter &u16(uint16_t value) { return raw(&value, sizeof value); }
    PayloadWriter &u32(uint32_t value) { return raw(&value, sizeof value); }
    PayloadWriter &i32(int32_t value) { return raw(&value, sizeof value); }
    PayloadWriter &u64(uint64_t value) { return raw(&value, sizeof value); }
    PayloadWriter &raw(const void *data, size_t size);
    // A u16 length and the bytes.
    PayloadWriter &shortString(std::string_view text);
    const std::vector<uint8_t> &bytes() const { return bytes_; }
    std::vector<uint8_t> take() { return std::move(bytes_); }

private:
    std::vector<uint8_t> bytes_;
};

// Reads fixed-size fields; any read past the end sets failed() and yields zeros.
class PayloadReader {
public:
    PayloadReader(const uint8_t *data, size_t size)
        : data_(data)
        , size_(size) {}
    uint8_t u8() { return read<uint8_t>(); }
    uint16_t u16() { return read<uint16_t>(); }
    uint32_t u32() { return read<uint32_t>(); }
    int32_t i32() { return read<int32_t>(); }
    uint64_t u64() { return read<uint64_t>(); }
    bool raw(void *out, size_t size);
    std::string shortString(size_t maxLength);
    size_t remaining() const { return size_ - offset_; }
    bool failed() const { return failed_; }
    bool atEnd() const { return !failed_ && offset_ == size_; }

private:
    template <typename T> T read() {
        T value{};
        raw(&value, sizeof value);
        return value;
    }
    const uint8_t *data_;
    size_t size_;
    size_t offset_ = 0;
    bool failed_ = false;
};

struct Header {
    uint32_t magic = kMagic;
    uint16_t version = kVersion;
    uint16_t type = 0;
    uint32_t length = 0;
    uint32_t sequence = 0;
};

// One whole message: header and payload.
std::vector<uint8_t> encodeMessage(MessageType type, uint32_t sequence, const std::vector<uint8_t> &payload);
std::vector<uint8_t> encodeMessage(uint16_t type, uint32_t sequence, const uint8_t *payload, size_t size);

// One packet read from a SOCK_SEQPACKET socket, with the descriptors that came with it (close-on-exec).
struct ReceivedPacket {
    ssize_t size = -1;         // the packet's real size (MSG_TRUNC), 0 at the end of the stream, -1 on error
    int error = 0;             // errno when size is -1
    std::vector<UniqueFd> fds; // owned: dropping them closes them
    bool controlTruncated =
        false; // more descriptors came than fit (MSG_CTRUNC); those were closed by the kernel
};
// Receives one packet into buffer (retrying on EINTR), accepting up to maxFds descriptors.
ReceivedPacket receivePacket(int socket, uint8_t *buffer, size_t bufferSize, size_t maxFds);

// Checks a received packet of packetSize bytes (its real size, also when it was longer than the buffer) and
// parses its header. On success payload points into data. Checks framing only (magic, lengths, version), not
// the type: the type is the dispatcher's business. header.sequence is filled whenever the packet held a
// header.
Status decodeHeader(const uint8_t *data, size_t packetSize, Header &header, const uint8_t *&payload);

// --- Requests ---

struct OpenEventRequest {
    perf_event_attr attr{};
    int32_t pid = -1;
    int32_t cpu = -1;
    int32_t groupIndex = -1; // -1: no group; otherwise the index of an fd the helper returned
    uint64_t flags = 0;      // PERF_FLAG_*
};

struct TracepointRequest {
    std::string subsystem;
    std::string name;
};

struct ProcRequest {
    int32_t pid = 0;
    uint32_t which = 0;
};

struct TracepointInfo {
    uint64_t id = 0;
    std::string format;
};

std::vector<uint8_t> encodeHello(uint32_t version);
Status decodeHello(const uint8_t *payload, size_t size, uint32_t &version);

// Encodes attr.size bytes of the attribute (the caller sets attr.size).
std::vector<uint8_t> encodeOpenEvent(const OpenEventRequest &request);
// Checks the declared attribute size and the payload length, then copies the attribute.
Status decodeOpenEvent(const uint8_t *payload, size_t size, OpenEventRequest &request);

std::vector<uint8_t> encodeTracepoint(const TracepointRequest &request);
Status decodeTracepoint(const uint8_t *payload, size_t size, TracepointRequest &request);
// [A-Za-z0-9_-], 1 to kMaxNameLength characters; what names the field in the message.
Status validateTracepointName(std::string_view name, const char *what);

std::vector<uint8_t> encodeProc(const ProcRequest &request);
Status decodeProc(const uint8_t *payload, size_t size, ProcRequest &request);

// The recording's targets: the whole system, or these processes and threads.
struct ScopeRequest {
    bool systemWide = false;
    std::vector<int32_t> pids;
};
std::vector<uint8_t> encodeScope(const ScopeRequest &request);
// Checks the count against kMaxScopeTargets and the payload, each pid against 1..kMaxPid, and that exactly
// one of system-wide and a non-empty pid list is given.
Status decodeScope(const uint8_t *payload, size_t size, ScopeRequest &request);

std::vector<uint8_t> encodeTracefsHeader(TracefsHeader which);
Status decodeTracefsHeader(const uint8_t *payload, size_t size, TracefsHeader &which);

// The mapping [start, end) of task pid whose file OpenMappedFile asks for.
struct MappedFileRequest {
    int32_t pid = 0;
    uint64_t start = 0;
    uint64_t end = 0;
};
// How the helper reached the file: the process's map_files entry, or its path inside the process's root.
enum class MappedFileVia : uint32_t { MapFiles = 0, Root = 1 };
std::vector<uint8_t> encodeMappedFile(const MappedFileRequest &request);
// Checks the pid against 1..kMaxPid, and start and end: multiples of kMappingAlignment, start < end <=
// kMaxMappingEnd.
Status decodeMappedFile(const uint8_t *payload, size_t size, MappedFileRequest &request);

std::vector<uint8_t> encodeRaiseMemlock(uint64_t bytes);
Status decodeRaiseMemlock(const uint8_t *payload, size_t size, uint64_t &bytes);

// --- Replies ---

std::vector<uint8_t> encodeError(const Status &status);
Status decodeError(const uint8_t *payload, size_t size);

std::vector<uint8_t> encodeTracepointInfo(const TracepointInfo &info);
Status decodeTracepointInfo(const uint8_t *payload, size_t size, TracepointInfo &info);

// --- Validation of an OpenEvent request ---

// What the helper knows about the machine when it checks a request.
struct MachineLimits {
    int32_t pidMax = kMaxPid;              // /proc/sys/kernel/pid_max
    int32_t cpuCount = 1;                  // configured CPUs
    std::vector<uint32_t> dynamicPmuTypes; // types of the PMUs in sysfs that may be opened
    size_t openEvents = 0;                 // fds handed out so far
};

// Every field of the attribute against its limit, the pid and cpu ranges, the group index and the open flags.
// Does not check that the pid exists (the helper does, on the live system).
Status validateOpenEvent(const OpenEventRequest &request, const MachineLimits &limits);

// The attribute sizes this build knows: PERF_ATTR_SIZE_VER0 .. sizeof(perf_event_attr).
bool isKnownAttrSize(uint32_t size);

} // namespace perfglass::helper
