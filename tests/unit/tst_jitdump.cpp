// JitDump (symbols/JitDump.h): a jitdump written here by hand, as runtimes write them: loads with names and
// code, a move, debug info before its load (with the "same file as before" marker), an unwinding-info record,
// an address reused by a later function, a record cut short at the end; and files that are not jitdumps.
// JitSymbols' perf maps of /tmp (known by process id alone): when a session may take names from them.
#include "base/ProcFs.h"
#include "base/WallClock.h"
#include "load/JitSymbols.h"
#include "load/ProfileInterner.h"
#include "symbols/JitDump.h"
#include "unwind/DwarfUnwinder.h"

#include <elfutils/libdw.h>

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>

#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace perfglass;

namespace {

// Appends little-endian fields and records in the jitdump layout.
class JitDumpWriter {
public:
    explicit JitDumpWriter(uint64_t flags = 0) {
        put32(0x4A695444);
        put32(1);
        put32(40);
        put32(62); // EM_X86_64
        put32(0);
        put32(4242);
        put64(1000);
        put64(flags);
    }
    void load(uint64_t time, uint64_t address, const std::string &name, std::vector<uint8_t> code,
              uint64_t index) {
        const size_t start = beginRecord(0, time);
        put32(4242);
        put32(4243);
        put64(address);
        put64(address);
        put64(code.size());
        put64(index);
        putString(name);
        bytes.insert(bytes.end(), code.begin(), code.end());
        endRecord(start);
    }
    void move(uint64_t time, uint64_t from, uint64_t to, uint64_t size, uint64_t index) {
        const size_t start = beginRecord(1, time);
        put32(4242);
        put32(4243);
        put64(to);
        put64(from);
        put64(to);
        put64(size);
        put64(index);
        endRecord(start);
    }
    struct Entry {
        uint64_t address;
        uint32_t line;
        std::string file; // "\xff" for "the same as the previous entry"
    };
    void debugInfo(uint64_t time, uint64_t codeAddress, const std::vector<Entry> &entries) {
        const size_t start = beginRecord(2, time);
        put64(codeAddress);
        put64(entries.size());
        for (const Entry &entry : entries) {
            put64(entry.address);
            put32(entry.line);
            put32(0);
            putString(entry.file);
        }
        endRecord(start);
    }
    void unwindingInfo(uint64_t time) {
        const size_t start = beginRecord(4, time);
        put64(8);
        put64(0);
        put64(8);
        put64(0);
        endRecord(start);
    }
    // .eh_frame followed by .eh_frame_hdr, as V8 writes them.
    void unwindingInfo(uint64_t time, const std::vector<uint8_t> &ehFrame, const std::vector<uint8_t> &hdr) {
        const size_t start = beginRecord(4, time);
        put64(ehFrame.size() + hdr.size());
        put64(hdr.size());
        put64(ehFrame.size() + hdr.size());
        putBytes(ehFrame.data(), ehFrame.size());
        putBytes(hdr.data(), hdr.size());
        endRecord(start);
    }
    std::vector<uint8_t> bytes;

private:
    size_t beginRecord(uint32_t id, uint64_t time) {
        const size_t start = bytes.size();
        put32(id);
        put32(0);
        put64(time);
        return start;
    }
    void endRecord(size_t start) {
        while (bytes.size() % 8)
            bytes.push_back(0);
        const uint32_t size = static_cast<uint32_t>(bytes.size() - start);
        std::memcpy(bytes.data() + start + 4, &size, 4);
    }
    void put32(uint32_t value) { putBytes(&value, 4); }
    void put64(uint64_t value) { putBytes(&value, 8); }
    void putString(const std::string &text) { putBytes(text.c_str(), text.size() + 1); }
    void putBytes(const void *data, size_t size) {
        const auto *begin = static_cast<const uint8_t *>(data);
        bytes.insert(bytes.end(), begin, begin + size);
    }
};

// Little-endian bytes of the call frame information of a code of codeSize bytes whose .eh_frame lies right
// after it (pc-relative pointers, as V8 writes them). A framed function: push %rbp (1 byte), mov %rsp,%rbp
// (3 bytes), then CFA = rbp + 16; an outermost one: CFA = rsp + 8 and no return address.
struct EhFrame {
    std::vector<uint8_t> frame;
    std::vector<uint8_t> hdr;
};

void put32(std::vector<uint8_t> &bytes, uint32_t value) {
    const auto *begin = reinterpret_cast<const uint8_t *>(&value);
    bytes.insert(bytes.end(), begin, begin + 4);
}

void set32(std::vector<uint8_t> &bytes, size_t at, uint32_t value) {
    std::memcpy(bytes.data() + at, &value, 4);
}

EhFrame ehFrameFor(uint32_t codeSize, bool outermost) {
    std::vector<uint8_t> frame;
    // CIE: version 1, "zR", code alignment 1, data alignment -8, return address r16, pointers pcrel|sdata4;
    // CFA = rsp + 8, return address at CFA - 8.
    put32(frame, 0);
    put32(frame, 0);
    const std::vector<uint8_t> cie{1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1b, 0x0c, 7, 8, 0x90, 1, 0, 0};
    frame.insert(frame.end(), cie.begin(), cie.end());
    set32(frame, 0, static_cast<uint32_t>(frame.size() - 4));
    const size_t fde = frame.size();
    put32(frame, 0);
    put32(frame, static_cast<uint32_t>(fde + 4)); // back to the CIE
    const size_t location = frame.size();
    put32(frame, static_cast<uint32_t>(-static_cast<int64_t>(codeSize + location)));
    put32(frame, codeSize);
    frame.push_back(0); // no augmentation data
    const std::vector<uint8_t> framed{0x41, 0x0e, 16, 0x86, 2, 0x43, 0x0d, 6};
    const std::vector<uint8_t> outer{0x07, 16}; // DW_CFA_undefined r16
    const auto &program = outermost ? outer : framed;
    frame.insert(frame.end(), program.begin(), program.end());
    while ((frame.size() - fde) % 8 != 4)
        frame.push_back(0);
    set32(frame, fde, static_cast<uint32_t>(frame.size() - fde - 4));
    put32(frame, 0); // terminator

    std::vector<uint8_t> hdr{1, 0x1b, 0x03, 0x3b};
    const auto size = static_cast<int64_t>(frame.size());
    put32(hdr, static_cast<uint32_t>(-(size + 4))); // .eh_frame, from this field
    put32(hdr, 1);
    put32(hdr, static_cast<uint32_t>(-(static_cast<int64_t>(codeSize) + size))); // from the header's start
    put32(hdr, static_cast<uint32_t>(static_cast<int64_t>(fde) - size));
    return {frame, hdr};
}

// What JIT code of process pid at 0x7f0000001010 is named, with the map directory dir's perf-PID.map, the
// session's kept maps complete or not, and the notices that come with it.
struct MapNaming {
    std::string name; // empty: unnamed
    std::vector<std::string> notices;
};
MapNaming nameFromMapDirectory(const QString &dir, uint32_t pid, bool keptComplete,
                               const JitSymbols::LocalFiles &local, bool keptTooLarge = false) {
    Profile profile;
    ProfileInterner interner(profile);
    JitSymbols jit(profile, interner);
    jit.setMapDirectory(dir.toStdString());
    std::map<int32_t, std::string> kept;
    if (keptTooLarge) kept[static_cast<int32_t>(pid)] = ""; // the recorder's mark: look in /tmp
    jit.setKeptMaps(kept, keptComplete);
    jit.setLocalFiles([local] { return local; });
    MapNaming naming;
    if (const auto frame = jit.frame(pid, 0x7f0000001010, 0))
        naming.name = profile.functionName(profile.frames[*frame].function);
    jit.addNotices(profile);
    for (const Message &notice : profile.diagnostics.notices)
        naming.notices.push_back(notice.english());
    return naming;
}

// Writes dir's perf map of pid, naming 0x7f0000001000-0x7f0000001040 jitted_function.
bool writePerfMap(const QString &dir, uint32_t pid, QIODevice::OpenMode mode = QIODevice::WriteOnly) {
    QFile map(QStringLiteral("%1/perf-%2.map").arg(dir).arg(pid));
    return map.open(mode) && map.write("7f0000001000 40 jitted_function\n") > 0;
}

// A process id the kernel never hands out (above PID_MAX_LIMIT): no process holds it.
constexpr uint32_t kNoProcess = 4194400;
constexpr int64_t kHourNs = int64_t{3600} * 1'000'000'000;

bool mentions(const MapNaming &naming, const char *text) {
    return naming.notices.size() == 1 && naming.notices[0].find(text) != std::string::npos;
}

} // namespace

class TestJitDump : public QObject {
    Q_OBJECT
private slots:
    void loadsMovesAndDebugInfo() {
        JitDumpWriter writer;
        // V8 writes its entries 0x40 bytes past their instructions.
        writer.debugInfo(2000, 0x1000, {{0x1040, 10, "/app/hot.js"}, {0x1044, 12, "\xff"}});
        writer.load(2000, 0x1000, "LazyCompile:*fib /app/hot.js:1", {0x55, 0x48, 0x89, 0xe5, 0xc3}, 1);
        writer.unwindingInfo(2100);
        writer.load(2200, 0x2000, "Builtin:ArgumentsAdaptorTrampoline (1)", std::vector<uint8_t>(32, 0x90),
                    2);
        writer.move(3000, 0x1000, 0x5000, 5, 1);
        const auto dump = JitDump::parse(writer.bytes, "jit-4242.dump");
        QVERIFY2(dump, dump ? "" : dump.error().c_str());
        QCOMPARE(dump->pid(), 4242u);
        QCOMPARE(dump->size(), size_t(3));
        QVERIFY(!dump->truncated());

        const JitCode *fib = dump->find(0x1003, 2500);
        QVERIFY(fib);
        QCOMPARE(fib->name, std::string("LazyCompile:*fib /app/hot.js:1"));
        QCOMPARE(fib->code, (std::vector<uint8_t>{0x55, 0x48, 0x89, 0xe5, 0xc3}));
        QVERIFY(!dump->find(0x1005, 2500)); // past the code's 5 bytes
        QVERIFY(!dump->find(0x1003, 1500)); // before it was compiled

        const JitLine *line = JitDump::lineAt(*fib, 0x1003);
        QVERIFY(line);
        QCOMPARE(line->line, 10u);
        QCOMPARE(line->file, std::string("/app/hot.js"));
        QCOMPARE(JitDump::lineAt(*fib, 0x1004)->line, 12u);
        QCOMPARE(JitDump::lineAt(*fib, 0x1004)->file, std::string("/app/hot.js"));
        // The names stay as the runtime wrote them, parentheses and spaces included.
        QCOMPARE(dump->find(0x201f, 2500)->name, std::string("Builtin:ArgumentsAdaptorTrampoline (1)"));

        const JitCode *moved = dump->find(0x5001, 3500);
        QVERIFY(moved);
        QCOMPARE(moved->name, fib->name);
        QCOMPARE(JitDump::lineAt(*moved, 0x5000)->line, 10u); // lines move with the code
        QVERIFY(!dump->find(0x5001, 2999));
    }

    void aReusedAddressNamesTheCodeOfTheSampleTime() {
        JitDumpWriter writer;
        writer.load(2000, 0x1000, "first", std::vector<uint8_t>(16, 0x90), 1);
        writer.load(5000, 0x1000, "second", std::vector<uint8_t>(16, 0x90), 2);
        const auto dump = JitDump::parse(writer.bytes, "jit.dump");
        QVERIFY(dump);
        QCOMPARE(dump->find(0x1004, 4999)->name, std::string("first"));
        QCOMPARE(dump->find(0x1004, 5000)->name, std::string("second"));
        QCOMPARE(dump->find(0x1004)->name, std::string("second")); // no time: the latest
    }

    void cycleCounterTimestampsAreNotComparedWithSampleTimes() {
        JitDumpWriter writer(1); // JITDUMP_FLAGS_ARCH_TIMESTAMP
        writer.load(9'000'000, 0x1000, "tsc", std::vector<uint8_t>(16, 0x90), 1);
        const auto dump = JitDump::parse(writer.bytes, "jit.dump");
        QVERIFY(dump && dump->archTimestamps());
        QVERIFY(dump->find(0x1000, 10));
    }

    void aRecordCutShortKeepsWhatCameBefore() {
        JitDumpWriter writer;
        writer.load(2000, 0x1000, "whole", std::vector<uint8_t>(16, 0x90), 1);
        writer.load(2100, 0x2000, "cut", std::vector<uint8_t>(64, 0x90), 2);
        writer.bytes.resize(writer.bytes.size() - 20);
        const auto dump = JitDump::parse(writer.bytes, "jit.dump");
        QVERIFY(dump);
        QVERIFY(dump->truncated());
        QCOMPARE(dump->size(), size_t(1));
        QVERIFY(dump->find(0x1000));
    }

    // The format as a real runtime writes it: node --perf-prof (V8) in a directory of the test's.
    void nodesJitdumpIsRead() {
        const QString node = QStandardPaths::findExecutable("node");
        if (node.isEmpty()) QSKIP("node is not installed (Debian's nodejs)");
        QTemporaryDir dir;
        QFile script(dir.filePath("hot.js"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("function fibonacci(n) { return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2); }\n"
                     "let sum = 0; for (let i = 0; i < 30; ++i) sum += fibonacci(20);\n");
        script.close();
        QProcess process;
        process.setWorkingDirectory(dir.path());
        process.start(node, {"--perf-prof", "hot.js"});
        QVERIFY(process.waitForStarted());
        const qint64 pid = process.processId();
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        const QString file = dir.filePath(QStringLiteral("jit-%1.dump").arg(pid));
        const auto dump = JitDump::load(file.toStdString());
        QVERIFY2(dump, dump ? "" : dump.error().c_str());
        QCOMPARE(qint64(dump->pid()), pid);
        QVERIFY(dump->size() > 100); // V8's builtins and the compiled functions
        const auto fib = std::find_if(dump->codes().begin(), dump->codes().end(), [](const JitCode &code) {
            return code.name.find("fibonacci") != std::string::npos;
        });
        QVERIFY(fib != dump->codes().end());
        QCOMPARE(fib->code.size(), size_t(fib->size));
        QCOMPARE(dump->find(fib->start + fib->size / 2, fib->loadTime), &*fib);
    }

    // JIT_CODE_UNWINDING_INFO: a framed function, moved after its load, called by an outermost one; the
    // unwinder goes from the moved code into its caller with the .eh_frame of each, and a stack that needs a
    // code without unwinding information ends there.
    void unwindingInfoUnwindsThroughJitCode() {
        JitDumpWriter writer;
        const EhFrame outer = ehFrameFor(0x40, true);
        writer.unwindingInfo(1000, outer.frame, outer.hdr);
        writer.load(1000, 0x10000, "entry", std::vector<uint8_t>(0x40, 0x90), 1);
        const EhFrame framed = ehFrameFor(0x40, false);
        writer.unwindingInfo(1100, framed.frame, framed.hdr);
        writer.debugInfo(1100, 0x20000, {{0x20000, 3, "/app/jit.js"}});
        writer.load(1100, 0x20000, "framed", std::vector<uint8_t>(0x40, 0x90), 2);
        writer.move(2000, 0x20000, 0x30000, 0x40, 2);
        writer.unwindingInfo(2100, {}, std::vector<uint8_t>(20, 0)); // V8's record for code without any
        writer.load(2100, 0x40000, "bare", std::vector<uint8_t>(0x40, 0x90), 3);
        const auto dump = JitDump::parse(writer.bytes, "jit-4242.dump");
        QVERIFY2(dump, dump ? "" : dump.error().c_str());
        const JitCode *moved = dump->find(0x30010, 2500);
        QVERIFY(moved && moved->unwinding);
        QVERIFY(dump->cfiOf(*moved));
        QVERIFY(dump->cfiOf(*dump->find(0x20010, 1500))); // the same bytes at the first address
        QVERIFY(!dump->find(0x40000, 2500)->unwinding);

        // rsp = S, rbp = S + 8: the saved rbp at S + 8, the return address into "entry" at S + 16.
        const uint64_t stackBase = 0x7ffd0000;
        const std::vector<uint64_t> stack{0, 0x1234, 0x10020, 0};
        auto locate = [&](uint64_t address, CodeLocation &location) {
            const JitCode *code = dump->find(address, 2500);
            if (!code) return false;
            location.elfAddress = address;
            location.jitDump = code->unwinding ? &*dump : nullptr;
            location.jitCode = code->unwinding ? code : nullptr;
            return true;
        };
        const std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t *>(stack.data()),
                                             stack.size() * 8);
        DwarfUnwinder unwinder;
        std::vector<uint64_t> registers{stackBase + 8, stackBase, 0x30010}; // bp, sp, ip
        std::vector<uint64_t> pcs;
        const uint64_t mask = 1u << 6 | 1u << 7 | 1u << 8;
        QCOMPARE(unwinder.unwind(UnalignedWords(registers), mask, bytes, locate, pcs), UnwindEnd::Complete);
        QCOMPARE(pcs, (std::vector<uint64_t>{0x30010, 0x10020}));

        registers[2] = 0x40010; // in "bare"
        pcs.clear();
        QCOMPARE(unwinder.unwind(UnalignedWords(registers), mask, bytes, locate, pcs),
                 UnwindEnd::NoUnwindInfo);
        QCOMPARE(pcs, (std::vector<uint64_t>{0x40010}));
        QCOMPARE(unwinder.framePointerSteps(), uint64_t{0}); // the saved rbp lies below its frame record

        // Code without unwinding information that keeps a frame record (V8's builtins, JIT code): the
        // frame-pointer chain goes on into "entry", checked at each step.
        const std::vector<uint64_t> withRecord{0, 0, 0x10020,
                                               0}; // [rbp] = 0 (the chain's end), [rbp + 8] = entry
        const std::span<const uint8_t> framedBytes(reinterpret_cast<const uint8_t *>(withRecord.data()),
                                                   withRecord.size() * 8);
        pcs.clear();
        QCOMPARE(unwinder.unwind(UnalignedWords(registers), mask, framedBytes, locate, pcs),
                 UnwindEnd::Complete);
        QCOMPARE(pcs, (std::vector<uint64_t>{0x40010, 0x10020}));
        QCOMPARE(unwinder.framePointerSteps(), uint64_t{1});
        // A return address in no known code, or a frame record outside the copied stack, ends the stack.
        const std::vector<uint64_t> nowhere{0, 0, 0x99999, 0};
        pcs.clear();
        QCOMPARE(unwinder.unwind(UnalignedWords(registers), mask,
                                 std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(nowhere.data()),
                                                          nowhere.size() * 8),
                                 locate, pcs),
                 UnwindEnd::NoUnwindInfo);
        registers[0] = stackBase + 0x1000;
        pcs.clear();
        QCOMPARE(unwinder.unwind(UnalignedWords(registers), mask, framedBytes, locate, pcs),
                 UnwindEnd::NoUnwindInfo);
        QCOMPARE(pcs, (std::vector<uint64_t>{0x40010}));
        QCOMPARE(unwinder.framePointerSteps(), uint64_t{1});
    }

    // Unwinding records that lie about their sizes are named with their offset.
    void aBadUnwindingRecordIsNamed() {
        JitDumpWriter writer;
        const EhFrame framed = ehFrameFor(0x40, false);
        writer.unwindingInfo(1000, framed.frame, framed.hdr);
        std::vector<uint8_t> bytes = writer.bytes;
        const uint64_t huge = 1u << 20;
        std::memcpy(bytes.data() + 40 + 16, &huge, 8); // unwinding size
        auto bad = JitDump::parse(bytes, "u.dump");
        QVERIFY(!bad);
        QVERIFY2(QString::fromStdString(bad.error()).contains("at byte 56: unwinding data"),
                 bad.error().c_str());
        bytes = writer.bytes;
        std::memcpy(bytes.data() + 40 + 24, &huge, 8); // .eh_frame_hdr size
        bad = JitDump::parse(bytes, "u.dump");
        QVERIFY(!bad);
        QVERIFY2(QString::fromStdString(bad.error()).contains("at byte 64: .eh_frame_hdr"),
                 bad.error().c_str());
        // Garbage in place of .eh_frame: no rule, no crash.
        std::vector<uint8_t> garbage(framed.frame.size(), 0xff);
        JitDumpWriter hostile;
        hostile.unwindingInfo(1000, garbage, framed.hdr);
        hostile.load(1000, 0x20000, "garbage", std::vector<uint8_t>(0x40, 0x90), 1);
        const auto parsed = JitDump::parse(hostile.bytes, "g.dump");
        QVERIFY(parsed);
        Dwarf_CFI *cfi = parsed->cfiOf(*parsed->find(0x20010));
        Dwarf_Frame *frame = nullptr;
        QVERIFY(!cfi || dwarf_cfi_addrframe(cfi, 0x20010, &frame) != 0);
        std::free(frame);
    }

    void badInputIsNamedWithItsOffset() {
        const auto notJit = JitDump::parse(std::vector<uint8_t>(64, 0x41), "x.dump");
        QVERIFY(!notJit);
        QVERIFY(QString::fromStdString(notJit.error()).contains("x.dump: at byte 0: magic"));
        QVERIFY(!JitDump::parse(std::vector<uint8_t>(8, 0), "short.dump"));

        JitDumpWriter writer;
        writer.load(2000, 0x1000, "f", std::vector<uint8_t>(8, 0x90), 1);
        std::vector<uint8_t> bytes = writer.bytes;
        const uint64_t hugeSize = 1u << 30;
        std::memcpy(bytes.data() + 40 + 16 + 24, &hugeSize, 8); // code_size past the record's end
        const auto tooBig = JitDump::parse(bytes, "big.dump");
        QVERIFY(!tooBig);
        QVERIFY2(QString::fromStdString(tooBig.error()).contains("at byte 80: code size"),
                 tooBig.error().c_str());

        bytes = writer.bytes;
        const uint32_t tiny = 8;
        std::memcpy(bytes.data() + 44, &tiny, 4);
        QVERIFY(!JitDump::parse(bytes, "tiny.dump"));
    }

    // A perf map of /tmp names a session's JIT code only when it can be the recorded process's: never for a
    // session whose recorder kept every map there was, nor for another machine's recording; when it does, a
    // notice says the match is by process id alone.
    void perfMapsOfTheMapDirectoryNeedTheSession() {
        QTemporaryDir dir;
        QVERIFY(writePerfMap(dir.path(), kNoProcess));
        MapNaming named =
            nameFromMapDirectory(dir.path(), kNoProcess, false, {true, {}, wallClockNanoseconds() + kHourNs});
        QCOMPARE(named.name, std::string("jitted_function"));
        QVERIFY2(mentions(named, "matched by process id alone"), named.notices.front().c_str());
        QVERIFY(named.notices[0].find(QStringLiteral("perf-%1.map").arg(kNoProcess).toStdString()) !=
                std::string::npos);
        named = nameFromMapDirectory(dir.path(), kNoProcess, false, {true, {}, 0}); // a stream: no end yet
        QCOMPARE(named.name, std::string("jitted_function"));

        named =
            nameFromMapDirectory(dir.path(), kNoProcess, true, {true, {}, wallClockNanoseconds() + kHourNs});
        QCOMPARE(named.name, std::string());
        QVERIFY(named.notices.empty()); // the recorder found none for it: nothing to say
        named = nameFromMapDirectory(dir.path(), kNoProcess, true,
                                     {true, {}, wallClockNanoseconds() + kHourNs}, true);
        QCOMPARE(named.name, std::string("jitted_function")); // too large to keep: /tmp, with the notice
        QVERIFY(mentions(named, "matched by process id alone"));

        named = nameFromMapDirectory(dir.path(), kNoProcess, false,
                                     {false, "the recording comes from host elsewhere", 0});
        QCOMPARE(named.name, std::string());
        QVERIFY(mentions(named, "stays unnamed") && mentions(named, "host elsewhere"));
    }

    // The process holding the id now decides: one that started after the session ended is a later process;
    // one that ran before may have written its map after the recording (jcmd PID Compiler.perfmap).
    void aPerfMapIsJudgedByTheProcessHoldingItsId() {
        QTemporaryDir dir;
        const auto self = static_cast<uint32_t>(QCoreApplication::applicationPid());
        QVERIFY(writePerfMap(dir.path(), self));
        MapNaming named =
            nameFromMapDirectory(dir.path(), self, false, {true, {}, wallClockNanoseconds() - kHourNs});
        QCOMPARE(named.name, std::string());
        QVERIFY2(mentions(named, "started after the recording ended"), named.notices.front().c_str());
        const int64_t started = processStartNs(static_cast<pid_t>(self));
        QVERIFY(started > wallClockNanoseconds() - kHourNs && started <= wallClockNanoseconds());
        // An end just after its start (10 ms: two readings of the start differ by the clocks' drift).
        named = nameFromMapDirectory(dir.path(), self, false, {true, {}, started + 10'000'000});
        QCOMPARE(named.name, std::string("jitted_function"));
    }

    // With no process holding the id, the file's birth decides, not its last change: a map made after the
    // session ended is a later process's; one made before and written to since is not.
    void aPerfMapOfNoProcessIsJudgedByItsBirth() {
        QTemporaryDir dir;
        QVERIFY(writePerfMap(dir.path(), kNoProcess));
        struct statx status {};
        const QByteArray path = dir.filePath(QStringLiteral("perf-%1.map").arg(kNoProcess)).toUtf8();
        QCOMPARE(::statx(AT_FDCWD, path.constData(), 0, STATX_BTIME, &status), 0);
        if (!(status.stx_mask & STATX_BTIME)) QSKIP("this file system keeps no birth times");
        MapNaming named =
            nameFromMapDirectory(dir.path(), kNoProcess, false, {true, {}, wallClockNanoseconds() - kHourNs});
        QCOMPARE(named.name, std::string());
        QVERIFY2(mentions(named, "made after the recording ended"), named.notices.front().c_str());
        const int64_t end = wallClockNanoseconds();
        QThread::msleep(20);
        QVERIFY(writePerfMap(dir.path(), kNoProcess, QIODevice::Append));
        named = nameFromMapDirectory(dir.path(), kNoProcess, false, {true, {}, end});
        QCOMPARE(named.name, std::string("jitted_function"));
    }

    // A jitdump at the path the session names is held to the same as a perf map: not for another machine's
    // recording (a copy beside the session still is), and named when it can be the recorded process's.
    void aJitdumpAtItsRecordedPathNeedsTheSession() {
        QTemporaryDir dir;
        QTemporaryDir sessionDir;
        JitDumpWriter writer;
        writer.load(1000, 0x7f0000002000, "jitted_from_dump", std::vector<uint8_t>(16, 0x90), 1);
        const std::string path = dir.filePath(QStringLiteral("jit-%1.dump").arg(kNoProcess)).toStdString();
        {
            QFile file(QString::fromStdString(path));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(reinterpret_cast<const char *>(writer.bytes.data()), qint64(writer.bytes.size()));
        }
        const auto dumpUsed = [&](const JitSymbols::LocalFiles &local, std::vector<std::string> *notices) {
            Profile profile;
            ProfileInterner interner(profile);
            JitSymbols jit(profile, interner);
            jit.setSessionDirectory(sessionDir.path().toStdString());
            jit.setLocalFiles([local] { return local; });
            jit.noteMmap(kNoProcess, path);
            jit.addNotices(profile);
            for (const Message &notice : profile.diagnostics.notices)
                notices->push_back(notice.english());
            return jit.hasJitDump(kNoProcess);
        };
        std::vector<std::string> notices;
        QVERIFY(dumpUsed({true, {}, wallClockNanoseconds() + kHourNs}, &notices));
        QVERIFY(notices.empty());
        QVERIFY(!dumpUsed({false, "the recording comes from host elsewhere", 0}, &notices));
        QCOMPARE(notices.size(), size_t{1});
        QVERIFY2(notices[0].find("stays unnamed: " + path +
                                 " is this machine's, and the recording comes from "
                                 "host elsewhere") != std::string::npos,
                 notices[0].c_str());
        QVERIFY(QFile::copy(QString::fromStdString(path),
                            sessionDir.filePath(QStringLiteral("jit-%1.dump").arg(kNoProcess))));
        notices.clear();
        QVERIFY(dumpUsed({false, "the recording comes from host elsewhere", 0}, &notices)); // the copy beside
        QVERIFY(notices.empty());
    }

    // processStartNs: a child started now, started now (to the clock tick; a second's leeway for a slow
    // start).
    void processStartIsWallClockTime() {
        QProcess child;
        const int64_t before = wallClockNanoseconds();
        child.start(QStringLiteral("sleep"), {QStringLiteral("5")});
        QVERIFY(child.waitForStarted());
        const int64_t started = processStartNs(static_cast<pid_t>(child.processId()));
        child.kill();
        child.waitForFinished();
        QVERIFY2(started > before - 1'000'000'000 && started < wallClockNanoseconds() + 1'000'000'000,
                 qPrintable(QStringLiteral("%1 ns from the start").arg(started - before)));
        QCOMPARE(processStartNs(static_cast<pid_t>(kNoProcess)), int64_t{0});
    }
};

QTEST_GUILESS_MAIN(TestJitDump)
#include "tst_jitdump.moc"
