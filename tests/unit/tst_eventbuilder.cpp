// EventBuilder: events built from a PMU's format fields parse back (EventParser, as the CLI parses) to the
// attribute the PMU's named events give, on the sysfs fixtures of several CPUs and on this machine's PMUs.
#include "events/EventBuilder.h"
#include "events/EventParser.h"

#include "base/Error.h"

#include <QtTest>

using namespace perfglass;

namespace {

std::string fixture(const char *name) {
    return std::string(PERFGLASS_FIXTURES_DIR "/") + name;
}

EventSpec parseOne(const EventParser &parser, const std::string &text) {
    const std::vector<EventSpec> specs = parser.parse(text);
    if (specs.size() != 1) throw Error(text + ": not one event");
    return specs.front();
}

QString errorOf(const std::function<void()> &work) {
    try {
        work();
    } catch (const Error &error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

// Every named event of every PMU under ROOT, prefilled and built, parses to the same type and config words
// as the named event itself. Returns how many events were compared.
int checkNamedEvents(const std::string &root) {
    const EventParser parser(PmuCatalog::load(root), TracepointCatalog(fixture("tracefs")));
    int compared = 0;
    for (const Pmu &pmu : parser.pmus().pmus()) {
        for (const PmuEvent &named : pmu.events) {
            if (named.terms.find('?') != std::string::npos) continue; // perf asks for a value: no default
            EventSpec expected;
            try {
                expected = parseOne(parser, pmu.name + "/" + named.name + "/");
            } catch (const Error &) {
                continue; // the parser refuses it (e.g. a term of no field): nothing to prefill either
            }
            BuiltEvent event;
            event.pmu = pmu.name;
            event.fields = EventBuilder::prefill(pmu, named);
            if (event.fields.empty()) continue;
            const std::string text = EventBuilder::text(pmu, event);
            const EventSpec built = parseOne(parser, text);
            if (built.attr.type != expected.attr.type || built.attr.config != expected.attr.config ||
                built.attr.config1 != expected.attr.config1 || built.attr.config2 != expected.attr.config2)
                throw Error(pmu.name + "/" + named.name + "/ differs from " + text);
            ++compared;
        }
    }
    return compared;
}

} // namespace

class TestEventBuilder : public QObject {
    Q_OBJECT

private slots:
    void namedEventsRoundTrip_data() {
        QTest::addColumn<QString>("root");
        QTest::newRow("intel") << "sysfs-intel";
        QTest::newRow("amd") << "sysfs-amd";
    }
    void namedEventsRoundTrip() {
        QFETCH(QString, root);
        const int compared = checkNamedEvents(fixture(root.toUtf8().constData()));
        QVERIFY2(compared >= 5, qPrintable(QString::number(compared)));
    }

    // POWER's hv_24x7 events leave a field for the user ("core=?"): prefill fills the others, the user's
    // value completes the event.
    void powerPlaceholder() {
        const EventParser parser(fixture("tracefs"), fixture("sysfs-power"));
        const Pmu &pmu = *parser.pmus().find("hv_24x7");
        const PmuEvent &named = *pmu.findEvent("CPM_ADJUNCT_INST__PHYS_CORE");
        BuiltEvent event;
        event.pmu = pmu.name;
        event.fields = EventBuilder::prefill(pmu, named);
        QCOMPARE(event.fields.size(), size_t(3)); // domain, offset, lpar; not core
        event.fields.emplace_back("core", 5);
        const std::string text = EventBuilder::text(pmu, event);
        QCOMPARE(text, std::string("hv_24x7/domain=2,offset=0x90,lpar=0,core=5/"));
        const EventSpec spec = parseOne(parser, text);
        QCOMPARE(spec.attr.type, pmu.type);
        QCOMPARE(pmu.findFormat("domain")->extract(spec.attr), uint64_t(2));
        QCOMPARE(pmu.findFormat("offset")->extract(spec.attr), uint64_t(0x90));
        QCOMPARE(pmu.findFormat("core")->extract(spec.attr), uint64_t(5));
    }

    void intelFieldsAndModifiers() {
        const EventParser parser(fixture("tracefs"), fixture("sysfs-intel"));
        const Pmu &cpu = *parser.pmus().find("cpu");
        BuiltEvent event;
        event.pmu = "cpu";
        event.fields = {{"event", 0x3c}, {"umask", 1}, {"cmask", 2}, {"offcore_rsp", 0x10001}};
        event.user = true;
        event.kernel = false;
        event.hypervisor = false;
        event.precise = 2;
        event.pinned = true;
        event.period = 100000;
        event.name = "my-cycles";
        const std::string text = EventBuilder::text(cpu, event);
        QCOMPARE(text, std::string("cpu/event=0x3c,umask=1,cmask=2,offcore_rsp=0x10001,period=100000,"
                                   "name=my-cycles/uppD"));
        const EventSpec spec = parseOne(parser, text);
        QCOMPARE(spec.name, std::string("my-cycles"));
        QCOMPARE(spec.attr.config, uint64_t(0x3c | 0x1 << 8 | uint64_t(2) << 24));
        QCOMPARE(spec.attr.config1, uint64_t(0x10001));
        QCOMPARE(spec.attr.sample_period, uint64_t(100000));
        QVERIFY(spec.attr.exclude_kernel);
        QVERIFY(spec.attr.exclude_hv);
        QVERIFY(!spec.attr.exclude_user);
        QCOMPARE(unsigned(spec.attr.precise_ip), 2u);
        QVERIFY(spec.attr.pinned);
    }

    void frequencyAndExclusive() {
        const EventParser parser(fixture("tracefs"), fixture("sysfs-amd"));
        const Pmu &cpu = *parser.pmus().find("cpu");
        BuiltEvent event;
        event.pmu = "cpu";
        event.fields = {{"event", 0x76}};
        event.frequency = 999;
        event.exclusive = true;
        const std::string text = EventBuilder::text(cpu, event);
        QCOMPARE(text, std::string("cpu/event=0x76,freq=999/e"));
        const EventSpec spec = parseOne(parser, text);
        QVERIFY(spec.attr.freq);
        QCOMPARE(spec.attr.sample_freq, uint64_t(999));
        QVERIFY(spec.attr.exclusive);
    }

    void largestValueEnforced() {
        const PmuCatalog pmus = PmuCatalog::load(fixture("sysfs-intel"));
        const Pmu &cpu = *pmus.find("cpu");
        QCOMPARE(cpu.findFormat("umask")->maxValue(), uint64_t(0xff));
        BuiltEvent event;
        event.pmu = "cpu";
        event.fields = {{"umask", 0xff}};
        QVERIFY(errorOf([&] { EventBuilder::text(cpu, event); }).isEmpty());
        event.fields = {{"umask", 0x100}};
        QVERIFY(errorOf([&] { EventBuilder::text(cpu, event); }).contains("does not fit"));
        event.fields = {{"nosuchfield", 1}};
        QVERIFY(errorOf([&] { EventBuilder::text(cpu, event); }).contains("no format field"));
        event.fields = {{"event", 1}};
        event.period = 10;
        event.frequency = 10;
        QVERIFY(errorOf([&] { EventBuilder::text(cpu, event); }).contains("not both"));
        event.frequency = 0;
        event.name = "bad name";
        QVERIFY(errorOf([&] { EventBuilder::text(cpu, event); }).contains("letters"));
        event.name.clear();
        event.user = event.kernel = event.hypervisor = false;
        QVERIFY(errorOf([&] { EventBuilder::text(cpu, event); }).contains("at least one"));
    }

    void prefillSkipsPlaceholdersAndUnknownTerms() {
        Pmu pmu;
        pmu.name = "cpu";
        pmu.formats = {PmuFormat::parse("event", "config:0-7"), PmuFormat::parse("umask", "config:8-15"),
                       PmuFormat::parse("edge", "config:18")};
        const auto fields = EventBuilder::prefill(pmu, {"x", "event=0xd0, umask=?,edge,period=100", 1.0, {}});
        QCOMPARE(fields.size(), size_t(2));
        QCOMPARE(fields[0], (std::pair<std::string, uint64_t>("event", 0xd0)));
        QCOMPARE(fields[1], (std::pair<std::string, uint64_t>("edge", 1)));
    }

    void groups() {
        const std::string group = EventBuilder::group({"cpu/event=0x3c,umask=1/u", "cpu/event=0xc0/"});
        QCOMPARE(group, std::string("{cpu/event=0x3c,umask=1/u,cpu/event=0xc0/}"));
        QCOMPARE(EventBuilder::members(group),
                 (std::vector<std::string>{"cpu/event=0x3c,umask=1/u", "cpu/event=0xc0/"}));
        QCOMPARE(EventBuilder::members("cpu-clock"), std::vector<std::string>{"cpu-clock"});
        QVERIFY(errorOf([] { EventBuilder::group({"a"}); }).contains("two"));
        QVERIFY(errorOf([&] { EventBuilder::group({group, "b"}); }).contains("nest"));
        const EventParser parser(fixture("tracefs"), fixture("sysfs-intel"));
        const std::vector<EventSpec> specs = parser.parse(group);
        QCOMPARE(specs.size(), size_t(2));
        QCOMPARE(specs[1].groupLeader, 0);
    }

    // This machine's PMUs (whatever it has: software, msr, uprobe, ...): every format field takes its largest
    // value and the result parses.
    void thisMachine() {
        const EventParser parser;
        int built = 0;
        for (const Pmu &pmu : parser.pmus().pmus()) {
            if (pmu.formats.empty()) continue;
            BuiltEvent event;
            event.pmu = pmu.name;
            for (const PmuFormat &format : pmu.formats)
                event.fields.emplace_back(format.name(), format.maxValue());
            const std::string text = EventBuilder::text(pmu, event);
            const EventSpec spec = parseOne(parser, text);
            QCOMPARE(spec.attr.type, pmu.type);
            for (const PmuFormat &format : pmu.formats)
                QCOMPARE(format.extract(spec.attr), format.maxValue());
            ++built;
        }
        if (built == 0) QSKIP("this machine's sysfs lists no PMU with format fields");
        qInfo("built and parsed an event on each of %d PMUs of this machine", built);
    }
};

QTEST_GUILESS_MAIN(TestEventBuilder)
#include "tst_eventbuilder.moc"
