// EventParser: every element of perf's event syntax against fixture sysfs and tracefs trees, and the error
// message for each kind of mistake (naming the token, its position and the closest known names).
#include "base/Error.h"
#include "events/EventParser.h"

#include <QTest>

#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

using namespace perfglass;

namespace {

std::string fixture(const char *name) {
    return std::string(PERFGLASS_FIXTURES_DIR "/") + name;
}

EventParser intelParser() {
    return EventParser(fixture("tracefs"), fixture("sysfs-intel"));
}

EventSpec one(const EventParser &parser, const char *text) {
    const auto specs = parser.parse(text);
    if (specs.size() != 1) throw std::runtime_error("expected one event");
    return specs.front();
}

QString errorOf(const EventParser &parser, const char *text) {
    try {
        parser.parse(text);
    } catch (const Error &error) {
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("<no error>");
}

#define VERIFY_ERROR(parser, text, ...)                                                                      \
    do {                                                                                                     \
        const QString message = errorOf(parser, text);                                                       \
        for (const char *part : {__VA_ARGS__})                                                               \
            QVERIFY2(message.contains(QLatin1String(part)),                                                  \
                     qPrintable(QStringLiteral("'%1' lacks '%2'").arg(message, QLatin1String(part))));       \
    } while (0)

} // namespace

class TestEventParser : public QObject {
    Q_OBJECT

private slots:
    void symbolicNamesAndAliases() {
        const EventParser parser = intelParser();
        struct Case {
            const char *text;
            uint32_t type;
            uint64_t config;
        };
        for (const Case &c :
             {Case{"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
              Case{"cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
              Case{"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
              Case{"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
              Case{"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
              Case{"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
              Case{"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
              Case{"faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
              Case{"cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
              Case{"migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
              Case{"major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ}}) {
            const EventSpec spec = one(parser, c.text);
            QCOMPARE(spec.attr.type, c.type);
            QCOMPARE(spec.attr.config, c.config);
            QCOMPARE(spec.name, std::string(c.text));
            QCOMPARE(spec.attr.size, uint32_t{sizeof(perf_event_attr)});
            QCOMPARE(spec.groupLeader, -1);
            QVERIFY(!spec.explicitPrivilege);
            QVERIFY(!spec.attr.exclude_user && !spec.attr.exclude_kernel);
        }
    }

    void cacheEvents() {
        const EventParser parser = intelParser();
        const EventSpec misses = one(parser, "L1-dcache-load-misses");
        QCOMPARE(misses.attr.type, uint32_t{PERF_TYPE_HW_CACHE});
        QCOMPARE(misses.attr.config, 0x10000ull);
        QCOMPARE(misses.category, EventCategory::Cache);
        QCOMPARE(one(parser, "LLC-loads").attr.config, 0x2ull);
        QCOMPARE(one(parser, "dTLB-store-misses:u").attr.config, 0x10103ull);
        QVERIFY(one(parser, "dTLB-store-misses:u").attr.exclude_kernel);
        VERIFY_ERROR(parser, "L1-icache-stores", "unknown event 'L1-icache-stores' at position 0",
                     "did you mean", "L1-icache-loads");
    }

    void modifiers() {
        const EventParser parser = intelParser();
        const EventSpec user = one(parser, "cpu-clock:u");
        QVERIFY(!user.attr.exclude_user && user.attr.exclude_kernel && user.attr.exclude_hv);
        QVERIFY(!user.explicitPrivilege);
        QCOMPARE(user.name, std::string("cpu-clock:u"));
        const EventSpec kernel = one(parser, "cpu-clock:k");
        QVERIFY(kernel.attr.exclude_user && !kernel.attr.exclude_kernel && kernel.attr.exclude_hv);
        QVERIFY(kernel.explicitPrivilege);
        const EventSpec hypervisor = one(parser, "cycles:h");
        QVERIFY(hypervisor.attr.exclude_user && hypervisor.attr.exclude_kernel &&
                !hypervisor.attr.exclude_hv);
        const EventSpec both = one(parser, "cycles:uk");
        QVERIFY(!both.attr.exclude_user && !both.attr.exclude_kernel && both.attr.exclude_hv);
        QCOMPARE(one(parser, "cycles:p").attr.precise_ip, 1ull);
        QCOMPARE(one(parser, "cycles:pp").attr.precise_ip, 2ull);
        QCOMPARE(one(parser, "cycles:ppp").attr.precise_ip, 3ull);
        QCOMPARE(one(parser, "cycles:upp").attr.precise_ip, 2ull);
        QVERIFY(one(parser, "cycles:G").attr.exclude_host);
        QVERIFY(one(parser, "cycles:H").attr.exclude_guest);
        QVERIFY(one(parser, "cycles:S").sampleRead);
        QVERIFY(one(parser, "cycles:I").attr.exclude_idle);
        QVERIFY(one(parser, "cycles:D").attr.pinned);
        QVERIFY(one(parser, "cycles:e").attr.exclusive);
        const EventSpec combo = one(parser, "cycles:ukppGS");
        QVERIFY(!combo.attr.exclude_user && !combo.attr.exclude_kernel && combo.attr.exclude_host);
        QCOMPARE(combo.attr.precise_ip, 2ull);
        VERIFY_ERROR(parser, "cycles:pppp", "'cycles:pppp' at position 0", "at most three 'p'");
        VERIFY_ERROR(parser, "cycles:z", "event 'cycles:z' at position 0: unknown modifier 'z' in ':z'");
        VERIFY_ERROR(parser, "cpu-clock,cycles:uz", "event 'cycles:uz' at position 10: unknown modifier 'z'");
        // After a name that is no event, the suffix makes a tracepoint name, which tracefs lacks.
        VERIFY_ERROR(parser, "cycle:z", "unknown tracepoint 'cycle:z' at position 0");
        VERIFY_ERROR(parser, "cpu/event=1/z", "unknown modifier 'z'", "known: u user, k kernel");
    }

    void rawEvents() {
        const EventParser parser = intelParser();
        const EventSpec raw = one(parser, "r1a8");
        QCOMPARE(raw.attr.type, uint32_t{PERF_TYPE_RAW});
        QCOMPARE(raw.attr.config, 0x1a8ull);
        QCOMPARE(raw.category, EventCategory::Raw);
        QVERIFY(one(parser, "rC0:k").attr.exclude_user);
        QCOMPARE(one(parser, "rC0:k").attr.config, 0xc0ull);
        QCOMPARE(one(parser, "ref-cycles").attr.type, uint32_t{PERF_TYPE_HARDWARE});
        VERIFY_ERROR(parser, "r123456789abcdef01", "does not fit in 64 bits");
    }

    void pmuTerms() {
        const EventParser parser = intelParser();
        const EventSpec spec = one(parser, "cpu/event=0x3c,umask=0x1/");
        QCOMPARE(spec.attr.type, 4u);
        QCOMPARE(spec.attr.config, 0x13cull);
        QCOMPARE(spec.pmu, std::string("cpu"));
        QCOMPARE(spec.category, EventCategory::Pmu);
        QVERIFY(spec.cpus.empty());
        // Bare terms set the field to 1; decimal values; modifiers after the closing slash, with or without
        // ':'.
        const EventSpec flags = one(parser, "cpu/event=60,edge,inv,cmask=2/k");
        QCOMPARE(flags.attr.config, 0x3cull | (1ull << 18) | (1ull << 23) | (2ull << 24));
        QVERIFY(flags.attr.exclude_user && !flags.attr.exclude_kernel);
        QVERIFY(one(parser, "cpu/event=0x3c/:u").attr.exclude_kernel);
        // config, config1, config2, period, freq and name terms.
        const EventSpec raw = one(parser, "cpu/config=0x1234,config1=0x5,config2=7,period=1000,name=mine/");
        QCOMPARE(raw.attr.config, 0x1234ull);
        QCOMPARE(raw.attr.config1, 0x5ull);
        QCOMPARE(raw.attr.config2, 7ull);
        QCOMPARE(raw.attr.sample_period, 1000ull);
        QCOMPARE(raw.termPeriod, uint64_t{1000});
        QVERIFY(!raw.attr.freq);
        QCOMPARE(raw.name, std::string("mine"));
        const EventSpec freq = one(parser, "cpu/event=0x3c,freq=4000/");
        QVERIFY(freq.attr.freq);
        QCOMPARE(freq.attr.sample_freq, 4000ull);
        QCOMPARE(freq.termFrequency, uint64_t{4000});
        QCOMPARE(one(parser, "cpu/ event=0x3c , umask=1 /").attr.config, 0x13cull);
    }

    void pmuTermErrors() {
        const EventParser parser = intelParser();
        VERIFY_ERROR(parser, "cpu/event=0x3c,umask=0x100/", "term 'umask=0x100' at position 15",
                     "out of range for 'umask', which has 8 bits (config:8-15), so at most 0xff");
        VERIFY_ERROR(parser, "cpu-clock,cpu/edge=2/", "term 'edge=2' at position 14",
                     "which has 1 bit (config:18), so at most 0x1");
        VERIFY_ERROR(parser, "cpu/event=0x3c,umsk=1/", "unknown term 'umsk' for PMU cpu",
                     "known terms: any (config:21), cmask (config:24-31)", "umask (config:8-15)", "config1",
                     "events: branch-instructions", "did you mean: umask");
        VERIFY_ERROR(parser, "cpu/event=zz/", "term 'event=zz'", "'zz' is not a number");
        VERIFY_ERROR(parser, "cpu/period/", "'period' needs a value");
        VERIFY_ERROR(parser, "cpu/name=/", "name= needs a value");
        VERIFY_ERROR(parser, "cpu/event=0x3c", "unterminated '/' at position 3");
        VERIFY_ERROR(parser, "cpuu/event=1/", "no PMU 'cpuu'", "did you mean: cpu",
                     "PMUs here: breakpoint, cpu");
    }

    // perf's config terms after a symbolic, cache, raw, PMU-alias or tracepoint name.
    void eventNamesWithTerms() {
        const EventParser parser = intelParser();
        const EventSpec clock = one(parser, "cpu-clock/period=10000/");
        QCOMPARE(clock.attr.type, uint32_t{PERF_TYPE_SOFTWARE});
        QCOMPARE(clock.attr.config, uint64_t{PERF_COUNT_SW_CPU_CLOCK});
        QCOMPARE(clock.category, EventCategory::Software);
        QCOMPARE(clock.termPeriod, uint64_t{10000});
        QCOMPARE(clock.attr.sample_period, 10000ull);
        QVERIFY(!clock.attr.freq);
        QCOMPARE(clock.name, std::string("cpu-clock/period=10000/"));
        const EventSpec faults = one(parser, "page-faults/freq=100/");
        QCOMPARE(faults.attr.config, uint64_t{PERF_COUNT_SW_PAGE_FAULTS});
        QCOMPARE(faults.termFrequency, uint64_t{100});
        QCOMPARE(faults.termPeriod, uint64_t{0});
        QVERIFY(faults.attr.freq);
        QCOMPARE(faults.attr.sample_freq, 100ull);
        const EventSpec named = one(parser, "cpu-clock/period=1000,name=x/");
        QCOMPARE(named.name, std::string("x"));
        QCOMPARE(named.termPeriod, uint64_t{1000});
        // The last of period and freq wins; spaces around terms; an alias of the name.
        const EventSpec last = one(parser, "faults/ period=5 , freq=9 /");
        QCOMPARE(last.termFrequency, uint64_t{9});
        QCOMPARE(last.termPeriod, uint64_t{0});
        // Modifiers after the closing slash, with or without ':'.
        const EventSpec cycles = one(parser, "cycles/period=0x10/u");
        QCOMPARE(cycles.attr.type, uint32_t{PERF_TYPE_HARDWARE});
        QCOMPARE(cycles.termPeriod, uint64_t{16});
        QVERIFY(cycles.attr.exclude_kernel && !cycles.attr.exclude_user);
        QVERIFY(one(parser, "task-clock/freq=7/:k").attr.exclude_user);
        const EventSpec cache = one(parser, "L1-dcache-load-misses/period=7/");
        QCOMPARE(cache.attr.type, uint32_t{PERF_TYPE_HW_CACHE});
        QCOMPARE(cache.attr.config, 0x10000ull);
        QCOMPARE(cache.termPeriod, uint64_t{7});
        const EventSpec raw = one(parser, "r1a8/period=3/");
        QCOMPARE(raw.attr.type, uint32_t{PERF_TYPE_RAW});
        QCOMPARE(raw.attr.config, 0x1a8ull);
        QCOMPARE(raw.termPeriod, uint64_t{3});
        const EventSpec energy = one(parser, "energy-pkg/name=pkg/");
        QCOMPARE(energy.attr.type, 23u);
        QCOMPARE(energy.unit, std::string("Joules"));
        QCOMPARE(energy.name, std::string("pkg"));
        const EventSpec tracepoint = one(parser, "sched:sched_switch/period=2/");
        QCOMPARE(tracepoint.attr.type, uint32_t{PERF_TYPE_TRACEPOINT});
        QCOMPARE(tracepoint.attr.config, 316ull);
        QCOMPARE(tracepoint.termPeriod, uint64_t{2});
        const auto globbed = parser.parse("sched:*/period=3/");
        QCOMPARE(globbed.size(), size_t{3});
        QCOMPARE(globbed[1].termPeriod, uint64_t{3});
        // In lists and groups, with commas inside the terms.
        const auto specs =
            parser.parse("cpu-clock/period=1,name=a/,{task-clock/freq=2/,page-faults/name=pf/}:u");
        QCOMPARE(specs.size(), size_t{3});
        QCOMPARE(specs[0].name, std::string("a"));
        QCOMPARE(specs[1].termFrequency, uint64_t{2});
        QCOMPARE(specs[1].groupLeader, 1);
        QCOMPARE(specs[2].groupLeader, 1);
        QCOMPARE(specs[2].name, std::string("pf"));
        QVERIFY(specs[2].attr.exclude_kernel);
        // PMU events keep their own terms.
        QCOMPARE(one(parser, "software/config=0,period=5/").termPeriod, uint64_t{5});
    }

    void eventNameTermErrors() {
        const EventParser parser = intelParser();
        VERIFY_ERROR(parser, "cpu-clock/foo=1/", "term 'foo=1' at position 10",
                     "unknown term 'foo' for event 'cpu-clock'", "period, freq, name");
        VERIFY_ERROR(parser, "cpu-clock/period=1,perod=2/", "term 'perod=2' at position 19",
                     "did you mean: period");
        VERIFY_ERROR(parser, "task-clock,cpu-clock/call-graph=fp/", "term 'call-graph=fp' at position 21",
                     "does not apply perf's 'call-graph' term", "--call-graph");
        VERIFY_ERROR(parser, "cpu-clock/no-inherit/", "term 'no-inherit' at position 10");
        VERIFY_ERROR(parser, "cpu-clock/config=1/", "term 'config=1' at position 10",
                     "'config' cannot be set after the event name 'cpu-clock'", "software/config=N/");
        VERIFY_ERROR(parser, "cpu-clock/period=x/", "term 'period=x' at position 10", "'x' is not a number");
        VERIFY_ERROR(parser, "cpu-clock/period/", "term 'period' at position 10", "'period' needs a value");
        VERIFY_ERROR(parser, "cpu-clock/period=0/", "period must be at least 1");
        VERIFY_ERROR(parser, "cpu-clock/name=/", "name= needs a value");
        VERIFY_ERROR(parser, "cpu-clock/period=1/q", "unknown modifier 'q'");
        VERIFY_ERROR(parser, "cpu-clock/period=1", "unterminated '/' at position 9");
        VERIFY_ERROR(parser, "cpu-clocks/period=1/", "no PMU 'cpu-clocks'", "did you mean: cpu-clock");
        VERIFY_ERROR(parser, "sched:sched_swich/period=1/", "unknown tracepoint 'sched:sched_swich'",
                     "did you mean: sched:sched_switch");
        VERIFY_ERROR(parser, "a:b:c/period=1/", "no PMU 'a:b:c'");
    }

    void namedPmuEvents() {
        const EventParser parser = intelParser();
        const EventSpec loads = one(parser, "cpu/mem-loads/");
        QCOMPARE(loads.attr.config, 0x1cdull);
        QCOMPARE(loads.attr.config1, 3ull);
        // The user's terms override the event's.
        QCOMPARE(one(parser, "cpu/mem-loads,ldlat=8/").attr.config1, 8ull);
        // A plain name when exactly one PMU has the event.
        const EventSpec plain = one(parser, "mem-loads:u");
        QCOMPARE(plain.attr.type, 4u);
        QCOMPARE(plain.attr.config, 0x1cdull);
        QVERIFY(plain.attr.exclude_kernel);

        const EventSpec energy = one(parser, "power/energy-pkg/");
        QCOMPARE(energy.attr.type, 23u);
        QCOMPARE(energy.attr.config, 0x2ull);
        QCOMPARE(energy.scale, 2.3283064365386962890625e-10);
        QCOMPARE(energy.unit, std::string("Joules"));
        QCOMPARE(energy.cpus, std::vector<int>{0});
        QCOMPARE(one(parser, "energy-pkg").unit, std::string("Joules"));

        const EventSpec tsc = one(parser, "msr/tsc/");
        QCOMPARE(tsc.attr.type, 9u);
        QCOMPARE(tsc.attr.config, 0ull);
        QCOMPARE(one(parser, "aperf").attr.config, 1ull);
        QCOMPARE(one(parser, "msr/smi/").pmu, std::string("msr"));

        const EventSpec imc = one(parser, "uncore_imc_1/cas_count_read/");
        QCOMPARE(imc.attr.type, 14u);
        QCOMPARE(imc.attr.config, 0x304ull);
        QCOMPARE(imc.unit, std::string("MiB"));
        QCOMPARE(imc.scale, 6.103515625e-5);
        VERIFY_ERROR(parser, "cas_count_read", "event 'cas_count_read' at position 0 is ambiguous",
                     "uncore_imc_0/cas_count_read/, uncore_imc_1/cas_count_read/");
    }

    void splitFormatFields() {
        const EventParser parser(fixture("tracefs"), fixture("sysfs-amd"));
        QCOMPARE(one(parser, "cpu/event=0x1d6,umask=0x2/").attr.config, 0x1000002d6ull);
        QCOMPARE(one(parser, "cpu/event=0xfff/").attr.config, 0xf000000ffull);
        VERIFY_ERROR(parser, "cpu/event=0x1000/", "which has 12 bits (config:0-7,32-35), so at most 0xfff");
        QCOMPARE(one(parser, "amd_iommu_0/mem_trans_total,devid_mask=0xffff/").attr.config1, 0xffff00ull);
        QCOMPARE(one(parser, "energy-pkg").cpus, (std::vector<int>{0, 8}));
    }

    void eventParameters() {
        const EventParser parser(fixture("tracefs"), fixture("sysfs-power"));
        VERIFY_ERROR(parser, "hv_24x7/CPM_ADJUNCT_INST__PHYS_CORE/", "needs a value for its parameter 'core'",
                     "hv_24x7/CPM_ADJUNCT_INST__PHYS_CORE,core=N/");
        const EventSpec spec = one(parser, "hv_24x7/CPM_ADJUNCT_INST__PHYS_CORE,core=3/");
        QCOMPARE(spec.attr.config, 0x2ull | (3ull << 16) | (0x90ull << 32));
        QCOMPARE(spec.attr.config1, 0ull);
    }

    void tracepoints() {
        const EventParser parser = intelParser();
        const EventSpec spec = one(parser, "sched:sched_switch");
        QCOMPARE(spec.attr.type, uint32_t{PERF_TYPE_TRACEPOINT});
        QCOMPARE(spec.attr.config, 316ull);
        QCOMPARE(spec.category, EventCategory::Tracepoint);
        QVERIFY(one(parser, "sched:sched_switch:u").attr.exclude_kernel);
        const auto globbed = parser.parse("sched:*");
        QCOMPARE(globbed.size(), size_t{3});
        QCOMPARE(globbed[0].name, std::string("sched:sched_process_exec"));
        QCOMPARE(globbed[2].attr.config, 318ull);
        VERIFY_ERROR(parser, "sched:sched_swich", "unknown tracepoint 'sched:sched_swich' at position 0",
                     "did you mean: sched:sched_switch");
        VERIFY_ERROR(parser, "nosuch:*", "matches no tracepoint");
        VERIFY_ERROR(parser, "a:b:c:d", "too many ':'");
        const EventParser noTracefs("/nonexistent/tracing", fixture("sysfs-intel"));
        VERIFY_ERROR(noTracefs, "sched:sched_switch", "tracepoint 'sched:sched_switch' at position 0",
                     "needs tracefs");
    }

    void breakpoints() {
        const EventParser parser = intelParser();
        const EventSpec plain = one(parser, "mem:0x1000");
        QCOMPARE(plain.attr.type, uint32_t{PERF_TYPE_BREAKPOINT});
        QCOMPARE(plain.attr.bp_addr, 0x1000ull);
        QCOMPARE(plain.attr.bp_type, uint32_t{HW_BREAKPOINT_R | HW_BREAKPOINT_W});
        QCOMPARE(plain.attr.bp_len, uint64_t{HW_BREAKPOINT_LEN_4});
        QCOMPARE(plain.category, EventCategory::Breakpoint);
        const EventSpec write = one(parser, "mem:0x7ffc1000/8:w");
        QCOMPARE(write.attr.bp_type, uint32_t{HW_BREAKPOINT_W});
        QCOMPARE(write.attr.bp_len, 8ull);
        QCOMPARE(write.attr.bp_addr, 0x7ffc1000ull);
        const EventSpec execute = one(parser, "mem:4096:x");
        QCOMPARE(execute.attr.bp_type, uint32_t{HW_BREAKPOINT_X});
        QCOMPARE(execute.attr.bp_len, uint64_t{sizeof(long)});
        QCOMPARE(execute.attr.bp_addr, 4096ull);
        const EventSpec modified = one(parser, "mem:0x1000/2:r:u");
        QCOMPARE(modified.attr.bp_type, uint32_t{HW_BREAKPOINT_R});
        QVERIFY(modified.attr.exclude_kernel);
        QVERIFY(one(parser, "mem:0x1000:u").attr.exclude_kernel);
        QCOMPARE(parser.parse("mem:0x1000/8:rw,cpu-clock").size(), size_t{2});
        VERIFY_ERROR(parser, "mem:0x1000:rx", "'mem:0x1000:rx' at position 0",
                     "mixes execute with read or write");
        VERIFY_ERROR(parser, "mem:0x1000:rr", "repeats 'r'");
        VERIFY_ERROR(parser, "mem:0x1000/3", "length '3' must be 1, 2, 4 or 8");
        VERIFY_ERROR(parser, "mem:0x1000/4:x", "an execute breakpoint covers 8 bytes, not 4");
        VERIFY_ERROR(parser, "mem:where", "'where' is not an address");
        VERIFY_ERROR(parser, "mem:0x1000:zz:u", "'zz' is not an access type");
    }

    void groups() {
        const EventParser parser = intelParser();
        const auto specs = parser.parse("cycles,{cpu-clock,task-clock:k,page-faults}:u,faults");
        QCOMPARE(specs.size(), size_t{5});
        QCOMPARE(specs[0].groupLeader, -1);
        QCOMPARE(specs[1].groupLeader, 1);
        QCOMPARE(specs[2].groupLeader, 1);
        QCOMPARE(specs[3].groupLeader, 1);
        QCOMPARE(specs[4].groupLeader, -1);
        QVERIFY(specs[1].attr.exclude_kernel);  // the group's :u
        QVERIFY(!specs[2].attr.exclude_kernel); // its own :k wins
        QVERIFY(specs[2].attr.exclude_user);
        QVERIFY(specs[3].attr.exclude_kernel);
        QVERIFY(!specs[4].attr.exclude_kernel);
        QCOMPARE(specs[2].name, std::string("task-clock:k"));
        // Commas inside a PMU's terms within a group.
        const auto pmuGroup = parser.parse("{cpu/event=0x3c,umask=0/,cpu/event=0xc0,umask=0/}");
        QCOMPARE(pmuGroup.size(), size_t{2});
        QCOMPARE(pmuGroup[1].attr.config, 0xc0ull);
        QCOMPARE(pmuGroup[1].groupLeader, 0);
        QCOMPARE(parser.parse("{cycles}:S").front().sampleRead, true);
        VERIFY_ERROR(parser, "{cycles,{faults}}", "groups cannot be nested", "position 8");
        VERIFY_ERROR(parser, "{cycles,faults", "unterminated '{' at position 0");
        VERIFY_ERROR(parser, "cycles}", "unmatched '}' at position 6");
        VERIFY_ERROR(parser, "{}", "group '{}' at position 0 is empty");
        VERIFY_ERROR(parser, "{cycles}x", "expected ':modifiers' after '}'");
        VERIFY_ERROR(parser, "{cycles}:q", "unknown modifier 'q'");
        VERIFY_ERROR(parser, "{cycles,cylces}", "unknown event 'cylces' at position 8");
        VERIFY_ERROR(parser, "cycles{faults}", "must start an event");
    }

    void commaLists() {
        const EventParser parser = intelParser();
        const auto specs = parser.parse("cpu/event=0x3c,umask=1/,cpu-clock,sched:sched_switch,mem:0x10/1");
        QCOMPARE(specs.size(), size_t{4});
        QCOMPARE(specs[0].attr.config, 0x13cull);
        QCOMPARE(specs[1].name, std::string("cpu-clock"));
        QCOMPARE(specs[2].attr.config, 316ull);
        QCOMPARE(specs[3].attr.bp_len, 1ull);
        VERIFY_ERROR(parser, "cpu-clock,,faults", "empty event at position 10");
        VERIFY_ERROR(parser, "cpu-clock,", "empty event at position 10");
        VERIFY_ERROR(parser, "", "no event given");
    }

    void unknownNamesSuggest() {
        const EventParser parser = intelParser();
        VERIFY_ERROR(parser, "cylces", "unknown event 'cylces' at position 0", "did you mean: cycles");
        VERIFY_ERROR(parser, "cpu-clock,task-clok", "unknown event 'task-clok' at position 10",
                     "did you mean: task-clock");
        VERIFY_ERROR(parser, "cpu-clok:u", "unknown event 'cpu-clok' at position 0", "cpu-clock");
        VERIFY_ERROR(parser, "L1-dcache-load-mises", "L1-dcache-load-misses");
        VERIFY_ERROR(parser, "energy-pgk", "energy-pkg");
        VERIFY_ERROR(parser, "sched:sched_swtch:u", "sched:sched_switch");
        const QString far = errorOf(parser, "qqqqqqqqqqqqqqqq");
        QVERIFY2(far.contains("unknown event") && !far.contains("did you mean"), qPrintable(far));
        const auto names = parser.knownNames();
        QVERIFY(std::find(names.begin(), names.end(), "power/energy-pkg/") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "sched:sched_switch") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "faults") != names.end());
    }

    void thisMachine() {
        const EventParser parser;
        const EventSpec clock = one(parser, "cpu-clock");
        QCOMPARE(clock.attr.type, uint32_t{PERF_TYPE_SOFTWARE});
        QVERIFY(probeEvent(clock.attr).has_value());
        if (!parser.pmus().find("msr")) QSKIP("this machine has no msr PMU");
        const EventSpec tsc = one(parser, "msr/tsc/");
        QCOMPARE(tsc.attr.type, parser.pmus().find("msr")->type);
    }
};

QTEST_GUILESS_MAIN(TestEventParser)
#include "tst_eventparser.moc"
