// The helper protocol without a helper: encoding and decoding round trips, and every limit violation of a
// request yields its own error code and a message naming the field.
#include "protocol/HelperProtocol.h"

#include <QtTest>

#include <functional>
#include <set>

using namespace perfglass::helper;

namespace {

OpenEventRequest validRequest() {
    OpenEventRequest request;
    request.attr.size = sizeof(perf_event_attr);
    request.attr.type = PERF_TYPE_SOFTWARE;
    request.attr.config = PERF_COUNT_SW_CPU_CLOCK;
    request.attr.freq = 1;
    request.attr.sample_freq = 4000;
    request.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN;
    request.attr.read_format = PERF_FORMAT_ID;
    request.attr.disabled = 1;
    request.attr.exclude_kernel = 1;
    request.attr.inherit = 1;
    request.attr.enable_on_exec = 1;
    request.attr.use_clockid = 1;
    request.attr.clockid = CLOCK_MONOTONIC;
    request.pid = 1234;
    request.cpu = -1;
    request.flags = PERF_FLAG_FD_CLOEXEC;
    return request;
}

MachineLimits limits() {
    MachineLimits result;
    result.pidMax = 32768;
    result.cpuCount = 4;
    result.dynamicPmuTypes = {9, 10};
    result.openEvents = 2;
    return result;
}

} // namespace

class TestHelperProtocol : public QObject {
    Q_OBJECT

private slots:
    void headerRoundTrip() {
        const std::vector<uint8_t> payload = encodeHello(kVersion);
        const auto bytes = encodeMessage(MessageType::Hello, 77, payload);
        QCOMPARE(bytes.size(), kHeaderSize + 4);
        Header header;
        const uint8_t *body = nullptr;
        const Status status = decodeHeader(bytes.data(), bytes.size(), header, body);
        QVERIFY2(status.ok(), status.message.c_str());
        QCOMPARE(header.type, uint16_t(MessageType::Hello));
        QCOMPARE(header.sequence, 77u);
        uint32_t version = 0;
        QVERIFY(decodeHello(body, header.length, version).ok());
        QCOMPARE(version, uint32_t(kVersion));
        QCOMPARE(decodeHello(body, header.length - 1, version).code, ErrorCode::BadPayloadSize);
        const auto other = encodeHello(kVersion + 1);
        QCOMPARE(decodeHello(other.data(), other.size(), version).code, ErrorCode::BadVersion);
    }

    void framingViolations() {
        const auto good = encodeMessage(MessageType::ReadKallsyms, 1, std::vector<uint8_t>(8, 0));
        auto check = [](std::vector<uint8_t> bytes, size_t packetSize, ErrorCode expected) {
            Header header;
            const uint8_t *body = nullptr;
            const Status status = decodeHeader(bytes.data(), packetSize, header, body);
            QVERIFY2(status.code == expected,
                     (std::string(errorCodeName(status.code)) + ": " + status.message).c_str());
            QVERIFY(!status.message.empty());
        };
        check(good, 10, ErrorCode::Truncated);
        check(good, good.size() - 1, ErrorCode::Truncated);
        check(good, kMaxMessageSize + 1, ErrorCode::Oversized);
        auto trailing = good;
        trailing.push_back(0);
        check(trailing, trailing.size(), ErrorCode::TrailingBytes);
        auto magic = good;
        magic[0] ^= 0xff;
        check(magic, magic.size(), ErrorCode::BadMagic);
        auto version = good;
        version[4] = 9;
        check(version, version.size(), ErrorCode::BadVersion);
        auto declared = good;
        const uint32_t huge = kMaxMessageSize * 2;
        std::memcpy(declared.data() + 8, &huge, 4);
        check(declared, declared.size(), ErrorCode::Oversized);
    }

    void openEventRoundTrip() {
        OpenEventRequest request = validRequest();
        request.groupIndex = 1;
        request.attr.sample_stack_user = 8192;
        const auto payload = encodeOpenEvent(request);
        QCOMPARE(payload.size(), 4 + sizeof(perf_event_attr) + 20);
        OpenEventRequest decoded;
        const Status status = decodeOpenEvent(payload.data(), payload.size(), decoded);
        QVERIFY2(status.ok(), status.message.c_str());
        QCOMPARE(std::memcmp(&decoded.attr, &request.attr, sizeof request.attr), 0);
        QCOMPARE(decoded.pid, 1234);
        QCOMPARE(decoded.cpu, -1);
        QCOMPARE(decoded.groupIndex, 1);
        QCOMPARE(decoded.flags, uint64_t(PERF_FLAG_FD_CLOEXEC));
        QVERIFY(validateOpenEvent(decoded, limits()).ok());

        // An older, shorter attribute is accepted and zero-extended.
        request.attr.size = PERF_ATTR_SIZE_VER5;
        const auto shorter = encodeOpenEvent(request);
        QCOMPARE(shorter.size(), 4 + size_t(PERF_ATTR_SIZE_VER5) + 20);
        QVERIFY(decodeOpenEvent(shorter.data(), shorter.size(), decoded).ok());
        QCOMPARE(decoded.attr.aux_sample_size, 0u);
    }

    void openEventDecodingErrors() {
        OpenEventRequest decoded;
        auto payload = encodeOpenEvent(validRequest());
        QCOMPARE(decodeOpenEvent(payload.data(), 2, decoded).code, ErrorCode::BadPayloadSize);
        QCOMPARE(decodeOpenEvent(payload.data(), payload.size() - 1, decoded).code,
                 ErrorCode::BadPayloadSize);
        for (uint32_t size : {0u, 8u, 88u, 200u, 4096u}) {
            auto bad = payload;
            std::memcpy(bad.data(), &size, 4);
            const Status status = decodeOpenEvent(bad.data(), bad.size(), decoded);
            QCOMPARE(status.code, ErrorCode::AttrSizeInvalid);
            QVERIFY(status.message.find(std::to_string(size)) != std::string::npos);
        }
        auto mismatch = payload;
        const uint32_t inner = PERF_ATTR_SIZE_VER6;
        std::memcpy(mismatch.data() + 4 + offsetof(perf_event_attr, size), &inner, 4);
        QCOMPARE(decodeOpenEvent(mismatch.data(), mismatch.size(), decoded).code,
                 ErrorCode::AttrSizeMismatch);
    }

    void everyLimitHasItsOwnError() {
        struct Case {
            const char *name;
            std::function<void(OpenEventRequest &)> change;
            ErrorCode expected;
            const char *mentions;
        };
        const std::vector<Case> cases = {
            {"type", [](auto &r) { r.attr.type = 1000; }, ErrorCode::TypeForbidden, "attr.type 1000"},
            {"config", [](auto &r) { r.attr.config = 999; }, ErrorCode::ConfigInvalid, "attr.config"},
            {"freq", [](auto &r) { r.attr.sample_freq = kMaxSampleFreq + 1; },
             ErrorCode::SampleFreqOutOfRange, "sample_freq"},
            {"period",
             [](auto &r) {
                 r.attr.freq = 0;
                 r.attr.sample_period = ~0ull;
             },
             ErrorCode::SamplePeriodOutOfRange, "sample_period"},
            {"sample_type", [](auto &r) { r.attr.sample_type |= PERF_SAMPLE_AUX; },
             ErrorCode::SampleTypeForbidden, "sample_type"},
            {"read_format", [](auto &r) { r.attr.read_format |= 1u << 7; }, ErrorCode::ReadFormatForbidden,
             "read_format"},
            {"sigtrap", [](auto &r) { r.attr.sigtrap = 1; }, ErrorCode::AttrFlagForbidden, "sigtrap"},
            {"clockid", [](auto &r) { r.attr.clockid = 77; }, ErrorCode::ClockIdForbidden, "clockid 77"},
            {"branch", [](auto &r) { r.attr.branch_sample_type = 1ull << 40; },
             ErrorCode::BranchSampleTypeForbidden, "branch_sample_type"},
            {"stack", [](auto &r) { r.attr.sample_stack_user = 65536; }, ErrorCode::StackUserOutOfRange,
             "sample_stack_user"},
            {"max_stack", [](auto &r) { r.attr.sample_max_stack = 5000; }, ErrorCode::MaxStackOutOfRange,
             "sample_max_stack"},
            {"wakeup", [](auto &r) { r.attr.wakeup_events = kMaxWakeupEvents + 1; },
             ErrorCode::WakeupOutOfRange, "wakeup_events"},
            {"reserved", [](auto &r) { r.attr.__reserved_2 = 1; }, ErrorCode::ReservedNotZero,
             "__reserved_2"},
            {"aux", [](auto &r) { r.attr.aux_watermark = 4096; }, ErrorCode::AuxForbidden, "aux_watermark"},
            {"breakpoint",
             [](auto &r) {
                 r.attr.type = PERF_TYPE_BREAKPOINT;
                 r.attr.bp_type = 1;
                 r.attr.bp_len = 3;
             },
             ErrorCode::BreakpointInvalid, "bp_len 3"},
#if defined(__x86_64__)
            {"regs", [](auto &r) { r.attr.sample_regs_user = 1ull << 40; }, ErrorCode::RegsMaskForbidden,
             "sample_regs_user"},
#endif
            {"pid", [](auto &r) { r.pid = 0; }, ErrorCode::PidOutOfRange, "pid 0"},
            {"cpu", [](auto &r) { r.cpu = 4; }, ErrorCode::CpuOutOfRange, "cpu 4"},
            {"any",
             [](auto &r) {
                 r.pid = -1;
                 r.cpu = -1;
             },
             ErrorCode::PidAndCpuBothAny, "both -1"},
            {"group", [](auto &r) { r.groupIndex = 2; }, ErrorCode::GroupIndexOutOfRange, "group index 2"},
            {"flags", [](auto &r) { r.flags |= PERF_FLAG_PID_CGROUP; }, ErrorCode::OpenFlagsForbidden,
             "open flags"},
            {"attrsize", [](auto &r) { r.attr.size = 88; }, ErrorCode::AttrSizeInvalid, "88"},
        };
        std::set<ErrorCode> codes;
        for (const Case &c : cases) {
            OpenEventRequest request = validRequest();
            c.change(request);
            const Status status = validateOpenEvent(request, limits());
            const std::string what =
                std::string(c.name) + " -> " + errorCodeName(status.code) + ": " + status.message;
            QVERIFY2(status.code == c.expected, what.c_str());
            QVERIFY2(status.message.find(c.mentions) != std::string::npos, what.c_str());
            codes.insert(status.code);
        }
        QCOMPARE(codes.size(), cases.size());

        MachineLimits full = limits();
        full.openEvents = kMaxOpenEvents;
        QCOMPARE(validateOpenEvent(validRequest(), full).code, ErrorCode::TooManyEvents);
    }

    void typesTheHelperAllows() {
        for (uint32_t type : {uint32_t(PERF_TYPE_HARDWARE), uint32_t(PERF_TYPE_RAW), 9u, 10u}) {
            OpenEventRequest request = validRequest();
            request.attr.type = type;
            request.attr.config = 0;
            QVERIFY2(validateOpenEvent(request, limits()).ok(), std::to_string(type).c_str());
        }
        OpenEventRequest cache = validRequest();
        cache.attr.type = PERF_TYPE_HW_CACHE;
        cache.attr.config = PERF_COUNT_HW_CACHE_L1D | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
                            (PERF_COUNT_HW_CACHE_RESULT_MISS << 16);
        QVERIFY(validateOpenEvent(cache, limits()).ok());
        cache.attr.config |= 0x7full << 16;
        QCOMPARE(validateOpenEvent(cache, limits()).code, ErrorCode::ConfigInvalid);
        OpenEventRequest hybrid = validRequest();
        hybrid.attr.type = PERF_TYPE_HARDWARE;
        hybrid.attr.config = (11ull << 32) | PERF_COUNT_HW_CPU_CYCLES;
        QCOMPARE(validateOpenEvent(hybrid, limits()).code, ErrorCode::ConfigInvalid);
        hybrid.attr.config = (10ull << 32) | PERF_COUNT_HW_CPU_CYCLES;
        QVERIFY(validateOpenEvent(hybrid, limits()).ok());
        OpenEventRequest systemWide = validRequest();
        systemWide.pid = -1;
        systemWide.cpu = 3;
        systemWide.attr.exclude_kernel = 0;
        QVERIFY(validateOpenEvent(systemWide, limits()).ok());
    }

    void tracepointNames() {
        TracepointRequest decoded;
        auto payload = encodeTracepoint({"sched", "sched_switch"});
        QVERIFY(decodeTracepoint(payload.data(), payload.size(), decoded).ok());
        QCOMPARE(decoded.subsystem, std::string("sched"));
        QCOMPARE(decoded.name, std::string("sched_switch"));
        for (const char *bad : {"..", "../etc", "a/b", "", "a.b", "sched switch", "x\n"}) {
            auto bytes = encodeTracepoint({bad, "ok"});
            QCOMPARE(decodeTracepoint(bytes.data(), bytes.size(), decoded).code, ErrorCode::NameInvalid);
            bytes = encodeTracepoint({"ok", bad});
            QCOMPARE(decodeTracepoint(bytes.data(), bytes.size(), decoded).code, ErrorCode::NameInvalid);
        }
        auto tooLong = encodeTracepoint({std::string(kMaxNameLength + 1, 'a'), "x"});
        const Status status = decodeTracepoint(tooLong.data(), tooLong.size(), decoded);
        QCOMPARE(status.code, ErrorCode::NameInvalid);
        QVERIFY(status.message.find("129 bytes") != std::string::npos);
        payload.push_back(0);
        QCOMPARE(decodeTracepoint(payload.data(), payload.size(), decoded).code, ErrorCode::BadPayloadSize);
        QCOMPARE(decodeTracepoint(payload.data(), 3, decoded).code, ErrorCode::BadPayloadSize);
    }

    void procAndMemlockRequests() {
        ProcRequest proc;
        auto bytes = encodeProc({42, uint32_t(ProcEntry::TaskList)});
        QVERIFY(decodeProc(bytes.data(), bytes.size(), proc).ok());
        QCOMPARE(proc.pid, 42);
        bytes = encodeProc({42, 4});
        QCOMPARE(decodeProc(bytes.data(), bytes.size(), proc).code, ErrorCode::ProcEntryInvalid);
        bytes = encodeProc({0, 0});
        QCOMPARE(decodeProc(bytes.data(), bytes.size(), proc).code, ErrorCode::PidOutOfRange);
        QCOMPARE(decodeProc(bytes.data(), 7, proc).code, ErrorCode::BadPayloadSize);

        MappedFileRequest mapped;
        bytes = encodeMappedFile({42, 0x400000, 0x401000});
        QVERIFY(decodeMappedFile(bytes.data(), bytes.size(), mapped).ok());
        QCOMPARE(mapped.pid, 42);
        QCOMPARE(mapped.start, uint64_t(0x400000));
        QCOMPARE(mapped.end, uint64_t(0x401000));
        QCOMPARE(decodeMappedFile(bytes.data(), 19, mapped).code, ErrorCode::BadPayloadSize);
        for (const MappedFileRequest &bad :
             {MappedFileRequest{42, 0x400001, 0x401000}, MappedFileRequest{42, 0x400000, 0x400ff0},
              MappedFileRequest{42, 0x401000, 0x400000}, MappedFileRequest{42, 0x400000, 0x400000},
              MappedFileRequest{42, 0, kMaxMappingEnd + kMappingAlignment}}) {
            bytes = encodeMappedFile(bad);
            QCOMPARE(decodeMappedFile(bytes.data(), bytes.size(), mapped).code, ErrorCode::MappingInvalid);
        }
        bytes = encodeMappedFile({kMaxPid + 1, 0x400000, 0x401000});
        QCOMPARE(decodeMappedFile(bytes.data(), bytes.size(), mapped).code, ErrorCode::PidOutOfRange);
        QCOMPARE(std::string(errorCodeName(ErrorCode::FileChanged)), std::string("FileChanged"));

        uint64_t memlock = 0;
        bytes = encodeRaiseMemlock(1 << 20);
        QVERIFY(decodeRaiseMemlock(bytes.data(), bytes.size(), memlock).ok());
        QCOMPARE(memlock, uint64_t(1 << 20));
        bytes = encodeRaiseMemlock(kMaxMemlockBytes + 1);
        QCOMPARE(decodeRaiseMemlock(bytes.data(), bytes.size(), memlock).code, ErrorCode::MemlockOutOfRange);
    }

    void scopeAndTracefsHeaderRequests() {
        ScopeRequest scope;
        const auto pids = encodeScope({false, {1, 42}});
        QVERIFY(decodeScope(pids.data(), pids.size(), scope).ok());
        QVERIFY(!scope.systemWide);
        QCOMPARE(scope.pids, (std::vector<int32_t>{1, 42}));
        const auto all = encodeScope({true, {}});
        QVERIFY(decodeScope(all.data(), all.size(), scope).ok());
        QVERIFY(scope.systemWide && scope.pids.empty());
        for (const ScopeRequest &bad : {ScopeRequest{true, {1}}, ScopeRequest{false, {}}}) {
            const auto bytes = encodeScope(bad);
            QCOMPARE(decodeScope(bytes.data(), bytes.size(), scope).code, ErrorCode::ScopeInvalid);
        }
        const auto zero = encodeScope({false, {0}});
        QCOMPARE(decodeScope(zero.data(), zero.size(), scope).code, ErrorCode::PidOutOfRange);
        auto cut = pids;
        cut.pop_back();
        QCOMPARE(decodeScope(cut.data(), cut.size(), scope).code, ErrorCode::BadPayloadSize);
        auto flag = all;
        flag[0] = 2;
        QCOMPARE(decodeScope(flag.data(), flag.size(), scope).code, ErrorCode::ScopeInvalid);
        const auto many = PayloadWriter().u8(0).u32(uint32_t(kMaxScopeTargets + 1)).take();
        QCOMPARE(decodeScope(many.data(), many.size(), scope).code, ErrorCode::ScopeInvalid);
        QCOMPARE(decodeScope(pids.data(), 3, scope).code, ErrorCode::BadPayloadSize);

        TracefsHeader which{};
        const auto event = encodeTracefsHeader(TracefsHeader::Event);
        QVERIFY(decodeTracefsHeader(event.data(), event.size(), which).ok());
        QCOMPARE(which, TracefsHeader::Event);
        const auto unknown = PayloadWriter().u32(7).take();
        QCOMPARE(decodeTracefsHeader(unknown.data(), unknown.size(), which).code,
                 ErrorCode::TracefsHeaderInvalid);
        QCOMPARE(decodeTracefsHeader(unknown.data(), 2, which).code, ErrorCode::BadPayloadSize);
        QCOMPARE(std::string(errorCodeName(ErrorCode::OutOfScope)), std::string("OutOfScope"));
    }

    void replies() {
        const Status error = makeStatus(ErrorCode::OpenFailed, std::string(5000, 'x'), EACCES);
        const auto bytes = encodeError(error);
        const Status decoded = decodeError(bytes.data(), bytes.size());
        QCOMPARE(decoded.code, ErrorCode::OpenFailed);
        QCOMPARE(decoded.sysErrno, EACCES);
        QCOMPARE(decoded.message.size(), kMaxErrorMessageLength);
        QCOMPARE(decodeError(bytes.data(), bytes.size() - 1).code, ErrorCode::ProtocolViolation);

        TracepointInfo info{314, "name: sched_switch\nID: 314\n"};
        const auto tp = encodeTracepointInfo(info);
        TracepointInfo back;
        QVERIFY(decodeTracepointInfo(tp.data(), tp.size(), back).ok());
        QCOMPARE(back.id, uint64_t(314));
        QCOMPARE(back.format, info.format);
        QCOMPARE(decodeTracepointInfo(tp.data(), tp.size() - 1, back).code, ErrorCode::ProtocolViolation);
    }
};

QTEST_APPLESS_MAIN(TestHelperProtocol)
#include "tst_helperprotocol.moc"
