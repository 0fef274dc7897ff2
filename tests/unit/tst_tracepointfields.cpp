// Tracepoint fields decoded from raw sample payloads (TracingFormats): the tracing data section as
// buildTracingData writes it from a tracefs tree (a copy of sched_switch's and sched_process_exec's format
// files), read back, and payloads built by hand decoded field by field.
#include "perfdata/TracingData.h"
#include "perfdata/TracingFormats.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstring>
#include <filesystem>
#include <fstream>

using namespace perfglass;

namespace {

const char *const kSwitchFormat =
    "name: sched_switch\nID: 372\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
    "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
    "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
    "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
    "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"prev_comm=%s\", REC->prev_comm\n";

const char *const kExecFormat = "name: sched_process_exec\nID: 310\nformat:\n"
                                "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
                                "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
                                "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
                                "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
                                "\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
                                "\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
                                "\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n\n"
                                "print fmt: \"filename=%s\", __get_str(filename)\n";

void writeFile(const std::filesystem::path &path, const std::string &text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
}

template <typename T> void put(std::vector<uint8_t> &raw, size_t offset, T value) {
    if (raw.size() < offset + sizeof value) raw.resize(offset + sizeof value);
    std::memcpy(raw.data() + offset, &value, sizeof value);
}

void putText(std::vector<uint8_t> &raw, size_t offset, const char *text) {
    if (raw.size() < offset + std::strlen(text) + 1) raw.resize(offset + std::strlen(text) + 1);
    std::memcpy(raw.data() + offset, text, std::strlen(text) + 1);
}

} // namespace

class TestTracepointFields : public QObject {
    Q_OBJECT

private slots:
    void readsFormatsBackFromTracingData() {
        QTemporaryDir dir;
        const std::filesystem::path root = dir.path().toStdString();
        writeFile(root / "events/header_page", "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n");
        writeFile(root / "events/header_event", "# compressed entry header\n");
        writeFile(root / "events/sched/sched_switch/format", kSwitchFormat);
        writeFile(root / "events/sched/sched_switch/id", "372\n");
        writeFile(root / "events/sched/sched_process_exec/format", kExecFormat);
        writeFile(root / "events/sched/sched_process_exec/id", "310\n");
        const TracepointCatalog catalog(root.string());
        const auto section = buildTracingData({"sched:sched_switch", "sched:sched_process_exec"}, catalog);
        const TracingFormats formats = TracingFormats::parse(section);
        const TracepointFormat *switchFormat = formats.byId(372);
        QVERIFY(switchFormat != nullptr);
        QCOMPARE(QString::fromStdString(switchFormat->name), QStringLiteral("sched:sched_switch"));
        QCOMPARE(switchFormat->fields.size(), size_t{11});
        QCOMPARE(QString::fromStdString(switchFormat->fields[4].name), QStringLiteral("prev_comm"));
        QVERIFY(switchFormat->fields[4].isArray);
        QCOMPARE(switchFormat->fields[7].size, 8u);
        QVERIFY(switchFormat->fields[7].isSigned);
        QVERIFY(formats.byId(310) != nullptr);
        QVERIFY(formats.byId(999) == nullptr);
    }

    void decodesIntegersAndCharArrays() {
        const TracepointFormat format = TracingFormats::parseFormat("sched", kSwitchFormat);
        std::vector<uint8_t> raw(68, 0);
        put<uint16_t>(raw, 0, 372);
        putText(raw, 8, "blocker");
        put<int32_t>(raw, 24, 4242);
        put<int32_t>(raw, 28, 120);
        put<int64_t>(raw, 32, 1); // S
        putText(raw, 40, "swapper/1");
        put<int32_t>(raw, 56, 0);
        put<int32_t>(raw, 60, -1);
        QCOMPARE(QString::fromStdString(TracingFormats::decode(format, raw)),
                 QStringLiteral("prev_comm=blocker prev_pid=4242 prev_prio=120 prev_state=1 "
                                "next_comm=swapper/1 next_pid=0 next_prio=-1"));
    }

    void decodesDataLocStringsAndSkipsFieldsPastTheEnd() {
        const TracepointFormat format = TracingFormats::parseFormat("sched", kExecFormat);
        std::vector<uint8_t> raw(20, 0);
        putText(raw, 20, "/usr/bin/sleep");
        put<uint32_t>(raw, 8, (15u << 16) | 20u); // 15 bytes at offset 20
        put<int32_t>(raw, 12, 77);
        put<int32_t>(raw, 16, 76);
        QCOMPARE(QString::fromStdString(TracingFormats::decode(format, raw)),
                 QStringLiteral("filename=/usr/bin/sleep pid=77 old_pid=76"));
        raw.resize(14); // pid cut in half, old_pid and the string gone
        QCOMPARE(QString::fromStdString(TracingFormats::decode(format, raw)), QString());
    }

    void rejectsATruncatedSection() {
        const std::vector<uint8_t> section = {23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g', '0'};
        QVERIFY_THROWS_EXCEPTION(Error, TracingFormats::parse(section));
    }
};

QTEST_GUILESS_MAIN(TestTracepointFields)
#include "tst_tracepointfields.moc"
