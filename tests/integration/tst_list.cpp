// perfglass-cli list: what it reports matches this machine (its PMUs, software events that open, hardware
// events this VM lacks), an unprivileged user is told which events need privileges, and record -e names
// the closest events for a misspelt one.
#include "TestSupport.h"

#include "base/PerfEventOpen.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>

using namespace perfglass::test;
using nlohmann::json;

namespace {

const json *findEvent(const json &root, const std::string &name) {
    for (const auto &event : root["events"])
        if (event["name"] == name) return &event;
    return nullptr;
}

bool machineHasHardwareCycles() {
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_HARDWARE;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    const perfglass::FdOrErrno fd = perfglass::perfEventOpen(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    return fd || (fd.error() != ENOENT && fd.error() != EOPNOTSUPP);
}

int paranoid() {
    std::ifstream file("/proc/sys/kernel/perf_event_paranoid");
    int value = 2;
    file >> value;
    return value;
}

json listJson(const QStringList &extra = {}, const QString &runAs = {}) {
    ProcessResult result;
    if (runAs.isEmpty())
        result = runCli(QStringList{"list", "--json"} + extra);
    else
        result = runProgram(
            QStringLiteral("setpriv"),
            QStringList{"--reuid=65534", "--regid=65534", "--clear-groups", PERFGLASS_CLI, "list", "--json"} +
                extra);
    if (result.exitCode != 0) throw std::runtime_error(("list failed: " + result.err).toStdString());
    return json::parse(result.out.toStdString());
}

} // namespace

class TestList : public QObject {
    Q_OBJECT

private slots:
    void softwareEventsOpen() {
        const json root = listJson();
        const json *clock = findEvent(root, "cpu-clock");
        QVERIFY(clock);
        QCOMPARE((*clock)["openable"].get<bool>(), true);
        QCOMPARE((*clock)["category"].get<std::string>(), std::string("software"));
        QCOMPARE((*clock)["reason"].get<std::string>(), std::string());
        const json *faults = findEvent(root, "page-faults");
        QVERIFY(faults);
        QCOMPARE((*faults)["aliases"][0].get<std::string>(), std::string("faults"));
        QVERIFY(findEvent(root, "L1-dcache-load-misses"));
        QVERIFY(findEvent(root, "mem:ADDR[/LEN][:rwx]"));
        QCOMPARE(root["paranoid"].get<int>(), paranoid());
    }

    void hardwareEventsOnThisMachine() {
        const json root = listJson();
        const json *cycles = findEvent(root, "cycles");
        QVERIFY(cycles);
        if (machineHasHardwareCycles()) {
            QCOMPARE((*cycles)["openable"].get<bool>(), true);
            QSKIP("this machine has a hardware PMU: cycles opens, so it cannot be reported as unsupported");
        }
        QCOMPARE((*cycles)["openable"].get<bool>(), false);
        QCOMPARE((*cycles)["reason"].get<std::string>(), std::string("not supported by the hardware"));
        QCOMPARE((*findEvent(root, "L1-dcache-load-misses"))["reason"].get<std::string>(),
                 std::string("not supported by the hardware"));
    }

    void pmusMatchSysfs() {
        const json root = listJson();
        const QDir devices(QStringLiteral("/sys/bus/event_source/devices"));
        const QStringList names = devices.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        if (names.isEmpty()) QSKIP("no PMUs under /sys/bus/event_source/devices");
        QCOMPARE(root["pmus"].size(), size_t(names.size()));
        for (size_t i = 0; i < size_t(names.size()); ++i) {
            const json &pmu = root["pmus"][i];
            QCOMPARE(QString::fromStdString(pmu["name"].get<std::string>()), names[int(i)]);
            QFile type(devices.filePath(names[int(i)] + "/type"));
            QVERIFY(type.open(QIODevice::ReadOnly));
            QCOMPARE(pmu["type"].get<unsigned>(), type.readAll().trimmed().toUInt());
            QStringList events;
            for (const QString &file :
                 QDir(devices.filePath(names[int(i)] + "/events")).entryList(QDir::Files))
                if (!file.endsWith(".scale") && !file.endsWith(".unit") && !file.endsWith(".per-pkg") &&
                    !file.endsWith(".snapshot"))
                    events.push_back(file);
            QCOMPARE(pmu["events"].size(), size_t(events.size()));
            for (const QString &event : events) {
                const std::string name = names[int(i)].toStdString() + "/" + event.toStdString() + "/";
                QVERIFY2(findEvent(root, name), name.c_str());
            }
        }
    }

    void tracepointsMatchTracefs() {
        const json root = listJson();
        const json &tracepoints = root["tracepoints"];
        const std::string events = tracepoints["root"].get<std::string>() + "/events";
        const bool readable = ::access(events.c_str(), R_OK | X_OK) == 0;
        QCOMPARE(tracepoints["available"].get<bool>(), readable);
        if (!readable) {
            QVERIFY(!tracepoints["reason"].get<std::string>().empty());
            QSKIP("tracefs is not mounted here: only its reason can be checked");
        }
        QVERIFY(tracepoints["count"].get<size_t>() > 0);
        const json filtered = listJson({"sched:sched_switch"});
        const json *sched = findEvent(filtered, "sched:sched_switch");
        QVERIFY(sched);
        QCOMPARE((*sched)["category"].get<std::string>(), std::string("tracepoint"));
        std::ifstream id(tracepoints["root"].get<std::string>() + "/events/sched/sched_switch/id");
        uint64_t expected = 0;
        QVERIFY(id >> expected);
        QCOMPARE((*sched)["config"].get<uint64_t>(), expected);
        QCOMPARE((*sched)["openable"].get<bool>(), isRoot() || paranoid() <= -1);
    }

    void fixtureTrees() {
        const QString fixtures = QStringLiteral(PERFGLASS_FIXTURES_DIR);
        const json root = listJson({"--sysfs-root", fixtures + "/sysfs-intel", "--tracefs-root",
                                    fixtures + "/tracefs", "--tracepoints"});
        QCOMPARE(root["pmus"].size(), size_t{10});
        const json *energy = findEvent(root, "power/energy-pkg/");
        QVERIFY(energy);
        QCOMPARE((*energy)["scale"].get<double>(), 2.3283064365386962890625e-10);
        QCOMPARE((*energy)["unit"].get<std::string>(), std::string("Joules"));
        QVERIFY((*energy)["cpus"] == json::array({0}));
        QCOMPARE((*energy)["type"].get<unsigned>(), 23u);
        QCOMPARE((*energy)["systemWideOnly"].get<bool>(), true);
        const json *loads = findEvent(root, "cpu/mem-loads/");
        QVERIFY(loads);
        QCOMPARE((*loads)["config"].get<uint64_t>(), uint64_t{0x1cd});
        QCOMPARE((*loads)["config1"].get<uint64_t>(), uint64_t{3});
        const json *sched = findEvent(root, "sched:sched_switch");
        QVERIFY(sched);
        QCOMPARE((*sched)["config"].get<uint64_t>(), uint64_t{316});
        QCOMPARE(root["tracepoints"]["count"].get<size_t>(), size_t{6});

        const ProcessResult text = runCli({"list", "--sysfs-root", fixtures + "/sysfs-intel",
                                           "--tracefs-root", fixtures + "/tracefs", "energy"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("power/energy-pkg/"), qPrintable(text.out));
        QVERIFY(text.out.contains("event=0x02; scale 2.3283064365386963e-10 Joules"));
        QVERIFY(text.out.contains("PMU power (type 23), system-wide only, CPUs 0"));
    }

    void filterSelects() {
        const json root = listJson({"clock"});
        QVERIFY(root["events"].size() >= 2);
        for (const auto &event : root["events"])
            QVERIFY(event["name"].get<std::string>().find("clock") != std::string::npos);
        QVERIFY(listJson({"no-such-event-anywhere"})["events"].empty());
    }

    void textOutput() {
        const ProcessResult result = runCli({"list"});
        QCOMPARE(result.exitCode, 0);
        QVERIFY(result.out.contains("Software events:"));
        QVERIFY(result.out.contains(QRegularExpression(R"(\n  cpu-clock +yes)")));
        QVERIFY(result.out.contains("kernel.perf_event_paranoid = "));
        QVERIFY(result.out.contains("PMU software (type 1)"));
    }

    void unprivilegedUserIsToldWhatNeedsPrivileges() {
        if (!isRoot()) QSKIP("needs root to switch to user nobody with setpriv");
        if (QStandardPaths::findExecutable("setpriv").isEmpty()) QSKIP("setpriv is not installed");
        if (paranoid() < 2) QSKIP("perf_event_paranoid < 2: unprivileged users may count kernel mode here");
        const json root = listJson({}, QStringLiteral("nobody"));
        const json *clock = findEvent(root, "cpu-clock");
        QVERIFY(clock);
        QCOMPARE((*clock)["openable"].get<bool>(), true);
        QCOMPARE((*clock)["kernel"].get<bool>(), false);
        const std::string expected =
            "needs privileges (perf_event_paranoid=" + std::to_string(paranoid()) + ")";
        bool checked = false;
        if (const json *tsc = findEvent(root, "msr/tsc/")) { // counts kernel mode only: it cannot exclude it
            QCOMPARE((*tsc)["openable"].get<bool>(), false);
            QCOMPARE((*tsc)["reason"].get<std::string>(), expected);
            checked = true;
        }
        const json &tracepoints = root["tracepoints"];
        if (QFileInfo::exists("/sys/kernel/tracing/events")) {
            QVERIFY(!tracepoints["available"].get<bool>());
            QVERIFY2(tracepoints["reason"].get<std::string>().find("needs privileges") == 0,
                     tracepoints["reason"].get<std::string>().c_str());
            checked = true;
        }
        if (!checked) QSKIP("neither an msr PMU nor a mounted tracefs here: no kernel-only event to check");
    }

    void recordSuggestsNames() {
        QTemporaryDir dir;
        const QString output = dir.filePath("x.data");
        const ProcessResult result = runCli({"record", "-e", "cpu-clock,cylces", "-o", output, "--", "true"});
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("unknown event 'cylces' at position 10 (did you mean: cycles"),
                 qPrintable(result.err));
        QVERIFY(!QFileInfo::exists(output));
    }
};

QTEST_GUILESS_MAIN(TestList)
#include "tst_list.moc"
