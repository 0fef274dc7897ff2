// Event discovery: PMU format fields (including split ranges), PMUs with their types, CPUs, named events,
// scale and unit from fixture sysfs trees copied from real machines; tracepoints from a fixture tracefs; the
// generic cache events; availability probing on this machine.
#include "base/Error.h"
#include "events/EventAvailability.h"
#include "events/GenericEvents.h"
#include "events/PmuCatalog.h"
#include "events/PmuFormat.h"
#include "events/TracepointCatalog.h"

#include <QTest>

#include <linux/perf_event.h>

using namespace perfglass;

namespace {

std::string fixture(const char *name) {
    return std::string(PERFGLASS_FIXTURES_DIR "/") + name;
}

QString formatError(const char *text) {
    try {
        PmuFormat::parse("field", text);
    } catch (const Error &error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

bool hasWarning(const PmuCatalog &catalog, const char *part) {
    for (const auto &warning : catalog.warnings())
        if (warning.find(part) != std::string::npos) return true;
    return false;
}

} // namespace

class TestPmuDiscovery : public QObject {
    Q_OBJECT

private slots:
    void formatSimpleRange() {
        const PmuFormat umask = PmuFormat::parse("umask", "config:8-15\n");
        QCOMPARE(umask.word(), 0u);
        QCOMPARE(umask.mask(), uint64_t{0xff00});
        QCOMPARE(umask.bitCount(), 8u);
        QCOMPARE(umask.maxValue(), uint64_t{0xff});
        QCOMPARE(umask.describe(), std::string("config:8-15"));
        perf_event_attr attr{};
        attr.config = 0xffff0000;
        umask.apply(0x41, attr);
        QCOMPARE(attr.config, 0xffff4100ull);
        QCOMPARE(umask.extract(attr), uint64_t{0x41});
    }

    void formatSplitRange() {
        // AMD's event select: the low 8 bits in config:0-7, the next 4 in config:32-35.
        const PmuFormat event = PmuFormat::parse("event", "config:0-7,32-35");
        QCOMPARE(event.bitCount(), 12u);
        QCOMPARE(event.maxValue(), uint64_t{0xfff});
        QCOMPARE(event.describe(), std::string("config:0-7,32-35"));
        perf_event_attr attr{};
        event.apply(0x1d6, attr);
        QCOMPARE(attr.config, 0x1000000d6ull);
        QCOMPARE(event.extract(attr), uint64_t{0x1d6});
        QVERIFY(event.fits(0xfff));
        QVERIFY(!event.fits(0x1000));

        const PmuFormat bits = PmuFormat::parse("mixed", "config:0-7,21");
        QCOMPARE(bits.bitCount(), 9u);
        perf_event_attr other{};
        bits.apply(0x1ff, other);
        QCOMPARE(other.config, 0x2000ffull);
    }

    void formatSingleBitAndOtherWords() {
        const PmuFormat single = PmuFormat::parse("pc", "config1:5");
        QCOMPARE(single.word(), 1u);
        QCOMPARE(single.maxValue(), uint64_t{1});
        QCOMPARE(single.describe(), std::string("config1:5"));
        perf_event_attr attr{};
        single.apply(1, attr);
        QCOMPARE(attr.config1, 0x20ull);
        QCOMPARE(attr.config, 0ull);

        const PmuFormat whole = PmuFormat::parse("offcore_rsp", "config2:0-63");
        QCOMPARE(whole.maxValue(), ~uint64_t{0});
        QCOMPARE(whole.describe(), std::string("config2:0-63"));
        whole.apply(~uint64_t{0}, attr);
        QCOMPARE(attr.config2, ~0ull);
    }

    void formatErrors() {
        QVERIFY(formatError("config").contains("has no ':'"));
        QVERIFY(formatError("config9:0-3").contains("unknown attribute word 'config9'"));
        QVERIFY(formatError("config:7-3").contains("ends before it starts"));
        QVERIFY(formatError("config:0-64").contains("beyond bit 63"));
        QVERIFY(formatError("config:a-b").contains("is not a bit number"));
        QVERIFY(formatError("config:0-7,4").contains("overlaps"));
        QVERIFY(formatError("config:").contains("no bits"));
        QVERIFY(formatError("config:0-7").isEmpty());
    }

    void intelCatalog() {
        const PmuCatalog catalog = PmuCatalog::load(fixture("sysfs-intel"));
        QVERIFY(catalog.warnings().empty());
        const Pmu *cpu = catalog.find("cpu");
        QVERIFY(cpu);
        QCOMPARE(cpu->type, 4u);
        QVERIFY(!cpu->systemWideOnly);
        QVERIFY(cpu->cpus.empty());
        QVERIFY(cpu->findFormat("cmask"));
        QCOMPARE(cpu->findFormat("cmask")->describe(), std::string("config:24-31"));
        QCOMPARE(cpu->findFormat("ldlat")->word(), 1u);
        const PmuEvent *memLoads = cpu->findEvent("mem-loads");
        QVERIFY(memLoads);
        QCOMPARE(memLoads->terms, std::string("event=0xcd,umask=0x1,ldlat=3"));
        QCOMPARE(memLoads->scale, 1.0);

        const Pmu *power = catalog.find("power");
        QVERIFY(power);
        QCOMPARE(power->type, 23u);
        QVERIFY(power->systemWideOnly);
        QCOMPARE(power->cpus, std::vector<int>{0});
        const PmuEvent *energy = power->findEvent("energy-pkg");
        QVERIFY(energy);
        QCOMPARE(energy->terms, std::string("event=0x02"));
        QCOMPARE(energy->scale, 2.3283064365386962890625e-10);
        QCOMPARE(energy->unit, std::string("Joules"));
        // .scale and .unit files are annexes, not events of their own.
        QVERIFY(!power->findEvent("energy-pkg.scale"));
        QCOMPARE(power->events.size(), size_t{4});

        const Pmu *msr = catalog.find("msr");
        QVERIFY(msr);
        QCOMPARE(msr->type, 9u);
        QVERIFY(!msr->systemWideOnly);
        QCOMPARE(msr->findFormat("event")->maxValue(), ~uint64_t{0});
        QVERIFY(msr->findEvent("tsc"));
        QVERIFY(msr->findEvent("cpu_thermal_margin")->snapshot);
        QCOMPARE(msr->findEvent("cpu_thermal_margin")->unit, std::string("C"));

        QCOMPARE(catalog.findByType(14)->name, std::string("uncore_imc_1"));
        QCOMPARE(catalog.find("uncore_imc_0")->findEvent("cas_count_read")->unit, std::string("MiB"));
        QVERIFY(catalog.find("software"));
        QVERIFY(catalog.find("tracepoint"));
        QVERIFY(catalog.find("breakpoint"));
        QVERIFY(!catalog.find("nothere"));
    }

    void amdCatalog() {
        const PmuCatalog catalog = PmuCatalog::load(fixture("sysfs-amd"));
        QVERIFY(catalog.warnings().empty());
        QCOMPARE(catalog.find("cpu")->findFormat("event")->describe(), std::string("config:0-7,32-35"));
        QCOMPARE(catalog.find("power")->cpus, (std::vector<int>{0, 8}));
        QCOMPARE(catalog.find("amd_iommu_0")->findFormat("pasid_mask")->describe(),
                 std::string("config1:40-59"));
    }

    void brokenEntriesAreSkippedWithWarnings() {
        const PmuCatalog catalog = PmuCatalog::load(fixture("sysfs-broken"));
        QVERIFY(hasWarning(catalog, "notype: no readable type file"));
        QVERIFY(hasWarning(catalog, "badtype/type: 'four' is not a PMU type number"));
        QVERIFY(hasWarning(catalog, "format/weird"));
        QVERIFY(hasWarning(catalog, "unknown attribute word 'config9'"));
        QVERIFY(hasWarning(catalog, "ends before it starts"));
        QVERIFY(hasWarning(catalog, "ok.scale: 'not-a-number' is not a number"));
        const Pmu *good = catalog.find("good");
        QVERIFY(good);
        QCOMPARE(good->formats.size(), size_t{1});
        QCOMPARE(good->findEvent("ok")->scale, 1.0);
        QVERIFY(!catalog.find("notype"));
        QVERIFY(!catalog.find("badtype"));
    }

    void missingRootIsEmpty() {
        const PmuCatalog catalog = PmuCatalog::load("/nonexistent/sysfs");
        QVERIFY(catalog.pmus().empty());
    }

    void thisMachine() {
        const PmuCatalog catalog = PmuCatalog::load();
        const Pmu *software = catalog.find("software");
        if (!software) QSKIP("no /sys/bus/event_source/devices/software (sysfs not mounted?)");
        QCOMPARE(software->type, uint32_t{PERF_TYPE_SOFTWARE});
        QCOMPARE(catalog.find("tracepoint")->type, uint32_t{PERF_TYPE_TRACEPOINT});
        QCOMPARE(catalog.find("breakpoint")->type, uint32_t{PERF_TYPE_BREAKPOINT});
    }

    void tracepoints() {
        const TracepointCatalog catalog(fixture("tracefs"));
        QVERIFY(catalog.available());
        QVERIFY(catalog.unavailableReason().empty());
        const auto all = catalog.list();
        QCOMPARE(all.size(), size_t{6});
        QCOMPARE(all.front().fullName(), std::string("irq:irq_handler_entry"));
        QCOMPARE(catalog.id("sched", "sched_switch"), std::optional<uint64_t>(316));
        QVERIFY(!catalog.id("sched", "nothere"));
        QVERIFY(!catalog.id("..", "sched_switch"));
        QCOMPARE(catalog.match("sched:*").size(), size_t{3});
        QCOMPARE(catalog.match("*:sys_*_openat").size(), size_t{2});
        const std::string format = catalog.format("sched", "sched_switch");
        QVERIFY(format.find("field:pid_t next_pid;") != std::string::npos);
        QVERIFY_THROWS_EXCEPTION(Error, catalog.format("sched", "nothere"));
    }

    void tracefsMissing() {
        const TracepointCatalog catalog("/nonexistent/tracing");
        QVERIFY(!catalog.available());
        QVERIFY(QString::fromStdString(catalog.unavailableReason()).startsWith("needs tracefs"));
        QVERIFY(catalog.list().empty());
    }

    void cacheEvents() {
        using perfglass::decodeCacheEvent;
        // id | (op << 8) | (result << 16)
        QCOMPARE(decodeCacheEvent("L1-dcache-load-misses"), std::optional<uint64_t>(0x10000));
        QCOMPARE(decodeCacheEvent("L1-dcache-loads"), std::optional<uint64_t>(0x0));
        QCOMPARE(decodeCacheEvent("LLC-store-misses"), std::optional<uint64_t>(0x10102));
        QCOMPARE(decodeCacheEvent("dTLB-load-misses"), std::optional<uint64_t>(0x10003));
        QCOMPARE(decodeCacheEvent("iTLB-loads"), std::optional<uint64_t>(0x4));
        QCOMPARE(decodeCacheEvent("branch-load-misses"), std::optional<uint64_t>(0x10005));
        QCOMPARE(decodeCacheEvent("node-prefetches"), std::optional<uint64_t>(0x206));
        // Other spellings perf accepts, case-insensitive; op defaults to read, result to access.
        QCOMPARE(decodeCacheEvent("l1d-misses"), std::optional<uint64_t>(0x10000));
        QCOMPARE(decodeCacheEvent("L1-DCACHE-LOAD-MISSES"), std::optional<uint64_t>(0x10000));
        QCOMPARE(decodeCacheEvent("Data-TLB-miss-store"), std::optional<uint64_t>(0x10103));
        QCOMPARE(decodeCacheEvent("L2-speculative-read-access"), std::optional<uint64_t>(0x202));
        QCOMPARE(decodeCacheEvent("LLC"), std::optional<uint64_t>(0x2));
        // Combinations the kernel does not define, and nonsense.
        QVERIFY(!decodeCacheEvent("L1-icache-stores"));
        QVERIFY(!decodeCacheEvent("iTLB-prefetches"));
        QVERIFY(!decodeCacheEvent("L1-dcache-load-load"));
        QVERIFY(!decodeCacheEvent("L1-dcache-bogus"));
        QVERIFY(!decodeCacheEvent("L1-dcachex"));
        QCOMPARE(perfglass::cacheEvents().size(), size_t{32});
        for (const auto &event : perfglass::cacheEvents())
            QCOMPARE(decodeCacheEvent(event.name), std::optional<uint64_t>(event.config));
    }

    void symbolicEvents() {
        QCOMPARE(findSymbolicEvent("cycles")->config, uint64_t{PERF_COUNT_HW_CPU_CYCLES});
        QCOMPARE(findSymbolicEvent("cpu-cycles"), findSymbolicEvent("cycles"));
        QCOMPARE(findSymbolicEvent("faults"), findSymbolicEvent("page-faults"));
        QCOMPARE(findSymbolicEvent("cs")->type, uint32_t{PERF_TYPE_SOFTWARE});
        QVERIFY(!findSymbolicEvent("cycle"));
    }

    void availabilityOnThisMachine() {
        EventSpec clock;
        clock.category = EventCategory::Software;
        clock.attr.size = sizeof clock.attr;
        clock.attr.type = PERF_TYPE_SOFTWARE;
        clock.attr.config = PERF_COUNT_SW_CPU_CLOCK;
        const Availability available = probeAvailability(clock);
        QVERIFY2(available.openable, available.reason.english().c_str());
        QCOMPARE(available.error, 0);

        EventSpec cycles = clock;
        cycles.category = EventCategory::Hardware;
        cycles.attr.type = PERF_TYPE_HARDWARE;
        cycles.attr.config = PERF_COUNT_HW_CPU_CYCLES;
        const Availability hardware = probeAvailability(cycles);
        if (hardware.openable) QSKIP("this machine has a hardware PMU: cycles opens");
        QCOMPARE(hardware.reason.english(), std::string("not supported by the hardware"));
        QVERIFY(hardware.error == ENOENT || hardware.error == EOPNOTSUPP);
    }

    void reasons() {
        QCOMPARE(unavailableReason(ENOENT, EventCategory::Hardware),
                 std::string("not supported by the hardware"));
        QCOMPARE(unavailableReason(EOPNOTSUPP, EventCategory::Cache),
                 std::string("not supported by the hardware"));
        QVERIFY(QString::fromStdString(unavailableReason(EACCES, EventCategory::Pmu))
                    .startsWith("needs privileges (perf_event_paranoid="));
        QCOMPARE(unavailableReason(EPERM, EventCategory::Pmu), unavailableReason(EACCES, EventCategory::Pmu));
        QCOMPARE(unavailableReason(0, EventCategory::Pmu), std::string());
    }
};

QTEST_GUILESS_MAIN(TestPmuDiscovery)
#include "tst_pmudiscovery.moc"
