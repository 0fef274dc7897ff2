// The helper protocol as perfglass-helper reads it, without opening anything: a sequence of packets goes
// through decodeHeader, the greeting rule, each request's decoder and validateOpenEvent, as
// HelperServer::dispatch does, with a simulated count of opened events. Input layout (FuzzSeedWriter writes
// it): packets, each a u16 length and that many bytes.
//
// Beyond "no crash", it checks what the server relies on after a request was accepted: a group index names
// an fd handed out before, a pid and cpu lie in range, tracepoint names cannot leave their tracefs folder, a
// proc entry indexes the server's table; and that every accepted request encodes back to the same bytes and
// every error reply decodes back to the same error.
#include "protocol/HelperProtocol.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

using namespace perfglass::helper;

void require(bool condition, const char *what) {
    if (condition) return;
    std::fprintf(stderr, "fuzz_helper_protocol: broken invariant: %s\n", what);
    std::abort();
}

bool samePayload(const std::vector<uint8_t> &encoded, const uint8_t *payload, size_t size) {
    return encoded.size() == size && (size == 0 || std::memcmp(encoded.data(), payload, size) == 0);
}

bool isSafeName(const std::string &name) {
    if (name.empty() || name.size() > kMaxNameLength) return false;
    for (const char c : name) {
        const bool allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                             c == '_' || c == '-';
        if (!allowed) return false;
    }
    return true;
}

class SimulatedHelper {
public:
    SimulatedHelper() {
        limits_.pidMax = 32768;
        limits_.cpuCount = 8;
        limits_.dynamicPmuTypes = {9, 10};
    }

    void receive(const uint8_t *packet, size_t size) {
        Header header;
        const uint8_t *payload = nullptr;
        Status status = decodeHeader(packet, size, header, payload);
        if (status.ok()) {
            require(payload != nullptr && size == kHeaderSize + header.length,
                    "the payload fills the packet");
            status = dispatch(header, payload);
        }
        if (!status.ok()) replyError(status);
        // The client's decoders read the helper's replies: run them on the same bytes.
        if (payload == nullptr) return;
        TracepointInfo info;
        (void)decodeTracepointInfo(payload, header.length, info);
        (void)decodeError(payload, header.length);
    }

private:
    Status dispatch(const Header &header, const uint8_t *payload) {
        const auto type = static_cast<MessageType>(header.type);
        const size_t size = header.length;
        if (type == MessageType::Hello) {
            if (greeted_) return makeStatus(ErrorCode::AlreadyGreeted, "Hello was already exchanged");
            uint32_t version = 0;
            Status status = decodeHello(payload, size, version);
            if (status.ok()) require(samePayload(encodeHello(version), payload, size), "Hello round trip");
            greeted_ = status.ok();
            return status;
        }
        const bool isRequest = type == MessageType::OpenEvent || type == MessageType::ReadKallsyms ||
                               type == MessageType::ReadTracepoint || type == MessageType::ReadProc ||
                               type == MessageType::RaiseMemlock || type == MessageType::SetScope ||
                               type == MessageType::ListTracepoints ||
                               type == MessageType::ReadTracefsHeader || type == MessageType::OpenMappedFile;
        if (!isRequest) return makeStatus(ErrorCode::UnknownRequest, "unknown request");
        if (!greeted_) return makeStatus(ErrorCode::NotGreeted, "the first request must be Hello");
        switch (type) {
        case MessageType::OpenEvent:
            return openEvent(payload, size);
        case MessageType::ReadKallsyms:
            return size == 0 ? Status::success() : makeStatus(ErrorCode::BadPayloadSize, "payload");
        case MessageType::ReadTracepoint:
            return tracepoint(payload, size);
        case MessageType::ReadProc:
            return proc(payload, size);
        case MessageType::SetScope:
            return scope(payload, size);
        case MessageType::ListTracepoints:
            return size == 0 ? Status::success() : makeStatus(ErrorCode::BadPayloadSize, "payload");
        case MessageType::ReadTracefsHeader:
            return tracefsHeader(payload, size);
        case MessageType::OpenMappedFile:
            return mappedFile(payload, size);
        default:
            return raiseMemlock(payload, size);
        }
    }

    Status openEvent(const uint8_t *payload, size_t size) {
        OpenEventRequest request;
        if (Status status = decodeOpenEvent(payload, size, request); !status.ok()) return status;
        limits_.openEvents = opened_;
        if (Status status = validateOpenEvent(request, limits_); !status.ok()) return status;
        require(samePayload(encodeOpenEvent(request), payload, size), "OpenEvent round trip");
        require(request.groupIndex < 0 || static_cast<size_t>(request.groupIndex) < opened_,
                "a group index names an fd handed out before");
        require(request.pid >= -1 && request.pid <= limits_.pidMax, "pid within pid_max");
        require(request.cpu >= -1 && request.cpu < limits_.cpuCount, "cpu within the configured CPUs");
        require(opened_ < kMaxOpenEvents, "at most kMaxOpenEvents fds");
        ++opened_; // as if perf_event_open had succeeded
        return Status::success();
    }

    static Status tracepoint(const uint8_t *payload, size_t size) {
        TracepointRequest request;
        if (Status status = decodeTracepoint(payload, size, request); !status.ok()) return status;
        require(samePayload(encodeTracepoint(request), payload, size), "ReadTracepoint round trip");
        require(isSafeName(request.subsystem) && isSafeName(request.name),
                "tracepoint names stay inside their tracefs folder");
        return Status::success();
    }

    static Status scope(const uint8_t *payload, size_t size) {
        ScopeRequest request;
        if (Status status = decodeScope(payload, size, request); !status.ok()) return status;
        require(samePayload(encodeScope(request), payload, size), "SetScope round trip");
        require(request.systemWide == request.pids.empty(), "a scope is the whole system or some tasks");
        require(request.pids.size() <= kMaxScopeTargets, "at most kMaxScopeTargets tasks");
        for (int32_t pid : request.pids)
            require(pid >= 1 && pid <= kMaxPid, "scope pid in range");
        return Status::success();
    }

    static Status tracefsHeader(const uint8_t *payload, size_t size) {
        TracefsHeader which{};
        if (Status status = decodeTracefsHeader(payload, size, which); !status.ok()) return status;
        require(samePayload(encodeTracefsHeader(which), payload, size), "ReadTracefsHeader round trip");
        return Status::success();
    }

    static Status proc(const uint8_t *payload, size_t size) {
        ProcRequest request;
        if (Status status = decodeProc(payload, size, request); !status.ok()) return status;
        require(samePayload(encodeProc(request), payload, size), "ReadProc round trip");
        require(request.which <= static_cast<uint32_t>(ProcEntry::TaskList), "proc entry indexes the table");
        require(request.pid >= 1 && request.pid <= kMaxPid, "proc pid in range");
        return Status::success();
    }

    static Status mappedFile(const uint8_t *payload, size_t size) {
        MappedFileRequest request;
        if (Status status = decodeMappedFile(payload, size, request); !status.ok()) return status;
        require(samePayload(encodeMappedFile(request), payload, size), "OpenMappedFile round trip");
        require(request.pid >= 1 && request.pid <= kMaxPid, "mapped file pid in range");
        require(request.start < request.end && request.end <= kMaxMappingEnd &&
                    request.start % kMappingAlignment == 0 && request.end % kMappingAlignment == 0,
                "a mapping is a page-aligned range below kMaxMappingEnd");
        return Status::success();
    }

    static Status raiseMemlock(const uint8_t *payload, size_t size) {
        uint64_t bytes = 0;
        if (Status status = decodeRaiseMemlock(payload, size, bytes); !status.ok()) return status;
        require(samePayload(encodeRaiseMemlock(bytes), payload, size), "RaiseMemlock round trip");
        require(bytes >= 1 && bytes <= kMaxMemlockBytes, "memlock within its ceiling");
        return Status::success();
    }

    static void replyError(const Status &status) {
        require(status.code != ErrorCode::Ok && !status.message.empty(), "an error names its cause");
        const std::vector<uint8_t> reply = encodeError(status);
        require(reply.size() <= kMaxPayloadSize, "an error reply fits in one message");
        const Status decoded = decodeError(reply.data(), reply.size());
        require(decoded.code == status.code && decoded.sysErrno == status.sysErrno,
                "an error reply decodes to its code and errno");
        require(status.message.compare(0, decoded.message.size(), decoded.message) == 0,
                "an error reply decodes to its message");
    }

    MachineLimits limits_;
    size_t opened_ = 0;
    bool greeted_ = false;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    SimulatedHelper helper;
    std::vector<uint8_t> packet;
    size_t pos = 0;
    while (size - pos >= 2) {
        uint16_t length = 0;
        std::memcpy(&length, data + pos, 2);
        pos += 2;
        const size_t packetSize = std::min<size_t>(length, size - pos);
        packet.assign(data + pos, data + pos + packetSize); // exactly the packet: reads past it are caught
        helper.receive(packet.data(), packet.size());
        pos += packetSize;
    }
    return 0;
}
