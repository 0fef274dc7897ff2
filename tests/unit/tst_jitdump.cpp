// JitDump (symbols/JitDump.h): a jitdump written here by hand, as runtimes write them: loads with names and
// code, a move, debug info before its load (with the "same file as before" marker), an unwinding-info record,
// an address reused by a later function, a record cut short at the end; and files that are not jitdumps.
#include "symbols/JitDump.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include <cstring>
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

} // namespace

class TestJitDump : public QObject {
    Q_OBJECT
private slots:
    void loadsMovesAndDebugInfo() {
        JitDumpWriter writer;
        writer.debugInfo(2000, 0x1000, {{0x1000, 10, "/app/hot.js"}, {0x1010, 12, "\xff"}});
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
};

QTEST_GUILESS_MAIN(TestJitDump)
#include "tst_jitdump.moc"
