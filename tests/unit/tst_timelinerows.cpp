// TimelineRows, the order, names and colours of the timeline's rows, on a Profile filled by hand: CPU rows
// for system-wide sessions only; processes busiest first with a process row over their threads (busiest
// first), kernel threads after the programs and the idle task (PID 0) last, named "swapper (idle)"; a
// thread's colour that stays when the views are filtered and is none of the flame graph's kernel or
// system-library colours; names shortened at the end, never inside a number.
#include "HandProfile.h"
#include "TimelineRows.h"
#include "analysis/FrameCategory.h"

#include <QFont>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QTest>

#include <cmath>
#include <set>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// The hand profile's program (pid 1: app 6 samples, worker 5), plus a busy one-thread program (pid 30, 8
// samples), a kernel thread (pid 7, 9 samples, kernel frames only) and the idle task (pid 0, 20 samples).
HandProfile systemProfile() {
    HandProfile hand;
    hand.profile.threads.push_back({30, 30, hand.profile.strings.intern("busy")});
    hand.profile.threads.push_back({7, 7, hand.profile.strings.intern("kworker/0:1")});
    auto add = [&hand](const std::vector<std::string> &stack, uint32_t pid, int count) {
        for (int k = 0; k < count; ++k) {
            hand.addSample(stack, 1000 + 40 * k, pid, static_cast<uint32_t>(k % 2), 1);
            hand.profile.samples.pid.back() = pid;
        }
    };
    add({"main", "a"}, 30, 8);
    add({"kfunc"}, 7, 9);
    add({"kfunc"}, 0, 20);
    return hand;
}

std::shared_ptr<const TimelineBuckets> bucketsOf(const Profile &profile, const SampleFilter &filter = {}) {
    return std::make_shared<const TimelineBuckets>(TimelineBuckets::compute(profile, filter, 8));
}

// The distance between two hues on the colour wheel (degrees).
double hueDistance(double a, double b) {
    const double d = std::fabs(a - b);
    return std::min(d, 360.0 - d);
}

} // namespace

class TestTimelineRows : public QObject {
    Q_OBJECT

private slots:
    void rowsAreGroupedAndSortedByActivity();
    void cpuRowsOnlyForSystemWideSessions();
    void systemWideFromTheCommandLine();
    void coloursStayWhenFiltered();
    void coloursAreNotTheFlameGraphs();
    void namesAreShortenedNeverInsideANumber();
    void unnamedThreads();
    void commandsOverTime();
};

void TestTimelineRows::rowsAreGroupedAndSortedByActivity() {
    const HandProfile hand = systemProfile();
    const auto profile = hand.shared();
    const TimelineRows rows(bucketsOf(*profile), profile);
    QStringList order;
    for (int i = 0; i < rows.size(); ++i)
        order << QStringLiteral("%1:%2%3").arg(rows.at(i).kind).arg(rows.at(i).depth).arg(rows.label(i));
    // Kinds: 0 process, 1 thread, 2 CPU.
    QCOMPARE(order, (QStringList{QStringLiteral("2:0CPU 0"), QStringLiteral("2:0CPU 1"),
                                 QStringLiteral("0:0app (1)"), QStringLiteral("1:1app (1)"),
                                 QStringLiteral("1:1worker (2 in 1)"), QStringLiteral("1:0busy (30)"),
                                 QStringLiteral("1:0kworker/0:1 (7)"), QStringLiteral("1:0swapper (idle)")}));
    // The process row sums its threads.
    QCOMPARE(rows.at(2).series->totalSamples, uint64_t(11));
    QCOMPARE(rows.at(2).id, QStringLiteral("1"));
    QCOMPARE(rows.at(4).id, QStringLiteral("2")); // a thread shows its TID
    QVERIFY(rows.at(6).kernelThread && !rows.at(6).idle);
    QVERIFY(!rows.at(5).kernelThread);
    // The idle task: no "thread (0)", no number.
    const TimelineRow &idle = rows.at(7);
    QVERIFY(idle.idle && idle.kernelThread);
    QCOMPARE(idle.name, QStringLiteral("swapper (idle)"));
    QVERIFY(idle.id.isEmpty());
    QCOMPARE(rows.processLabel(0), QStringLiteral("swapper (idle)"));
    // Threads share one scale that the idle task's 20 samples do not set.
    QVERIFY(rows.maxBucketCost(TimelineRow::Thread) < 20);
}

void TestTimelineRows::cpuRowsOnlyForSystemWideSessions() {
    HandProfile hand; // one program, no idle task, no command line: not system-wide
    const auto profile = hand.shared();
    const TimelineRows rows(bucketsOf(*profile), profile);
    QVERIFY(!rows.systemWide());
    QCOMPARE(rows.size(), 3); // app's process row and its two threads
    for (const TimelineRow &row : rows.rows())
        QVERIFY(row.kind != TimelineRow::Cpu);
    const HandProfile system = systemProfile();
    const auto systemShared = system.shared();
    const TimelineRows systemRows(bucketsOf(*systemShared), systemShared);
    QVERIFY(systemRows.systemWide());
    // A CPU's row counts every thread's samples but the idle task's: CPU 0 has app's 6 + busy's 4 + the
    // kernel thread's 5, CPU 1 worker's 5 + 4 + 4.
    QCOMPARE(systemRows.at(0).series->totalSamples, uint64_t(6 + 4 + 5));
    QCOMPARE(systemRows.at(1).series->totalSamples, uint64_t(5 + 4 + 4));
}

void TestTimelineRows::systemWideFromTheCommandLine() {
    HandProfile hand;
    const auto buckets = TimelineBuckets::compute(hand.profile, {}, 4);
    const auto withCommand = [&hand, &buckets](std::vector<std::string> cmdline) {
        hand.profile.cmdline = std::move(cmdline);
        return TimelineRows::isSystemWide(hand.profile, buckets);
    };
    QVERIFY(withCommand({"perfglass-cli", "record", "-a", "--duration", "2"}));
    QVERIFY(withCommand({"perf", "record", "-ag", "sleep", "1"}));
    QVERIFY(withCommand({"perf", "record", "-C", "0,1"}));
    QVERIFY(withCommand({"perf", "record", "-C0"}));
    QVERIFY(withCommand({"perf", "record", "--cpu=1"}));
    QVERIFY(!withCommand({"perfglass-cli", "record", "-g", "--", "./app", "-a"})); // the program's option
    QVERIFY(!withCommand({"perf", "record", "-g", "./app"}));
    QVERIFY(!withCommand({}));
}

void TestTimelineRows::coloursStayWhenFiltered() {
    const HandProfile hand = systemProfile();
    const auto profile = hand.shared();
    const TimelineRows all(bucketsOf(*profile), profile);
    // Dropping the samples through "a" leaves out the busy program and shifts every row after it.
    SampleFilter filter;
    filter.transforms.push_back(Transform::dropFunction(hand.function("a")));
    const TimelineRows filtered(bucketsOf(*profile, filter), profile);
    QVERIFY(filtered.size() < all.size());
    std::map<uint32_t, QColor> colours;
    for (const TimelineRow &row : all.rows())
        if (row.kind == TimelineRow::Thread) colours[row.tid] = row.colour;
    int compared = 0;
    for (const TimelineRow &row : filtered.rows()) {
        if (row.kind != TimelineRow::Thread) continue;
        QCOMPARE(row.colour, colours.at(row.tid));
        ++compared;
    }
    QVERIFY(compared >= 3);
    // The threads of one program (consecutive TIDs) get different colours.
    QVERIFY(TimelineRows::threadColour(1000) != TimelineRows::threadColour(1001));
}

void TestTimelineRows::coloursAreNotTheFlameGraphs() {
    // The hues the flame graph gives kernel and system-library frames, over many names.
    std::vector<double> kernel, system, jit;
    for (int i = 0; i < 500; ++i) {
        const std::string name = "function" + std::to_string(i);
        const Rgb k = FramePalette::frameColour(FrameCategory::Kernel, name);
        const Rgb s = FramePalette::frameColour(FrameCategory::SystemLibrary, name);
        const Rgb j = FramePalette::frameColour(FrameCategory::Jit, name);
        kernel.push_back(QColor(k.red, k.green, k.blue).hslHueF() * 360.0);
        system.push_back(QColor(s.red, s.green, s.blue).hslHueF() * 360.0);
        jit.push_back(QColor(j.red, j.green, j.blue).hslHueF() * 360.0);
    }
    std::vector<QColor> colours = TimelineRows::threadPalette();
    for (const QColor &colour : TimelineRows::threadPalette())
        colours.push_back(colour.lighter(125)); // process rows
    colours.push_back(TimelineRows::cpuColour());
    for (const QColor &colour : colours) {
        if (colour.hslSaturation() < 40) continue; // a grey is no hue of theirs
        const double hue = colour.hslHueF() * 360.0;
        for (const auto *hues : {&kernel, &system})
            for (double other : *hues)
                QVERIFY2(
                    hueDistance(hue, other) >= 20,
                    qPrintable(QStringLiteral("%1 is too close to hue %2").arg(colour.name()).arg(other)));
        for (double other : jit) // not asked for, but no thread should look like JIT code either
            QVERIFY2(
                hueDistance(hue, other) >= 12,
                qPrintable(QStringLiteral("%1 is too close to JIT hue %2").arg(colour.name()).arg(other)));
    }
    QVERIFY(TimelineRows::threadPalette().size() >= 8);
    std::set<QRgb> distinct;
    for (const QColor &colour : colours)
        distinct.insert(colour.rgb());
    QCOMPARE(distinct.size(), colours.size());
}

void TestTimelineRows::namesAreShortenedNeverInsideANumber() {
    const QFontMetrics metrics(QGuiApplication::font());
    const QString name = QStringLiteral("kworker/u12345:67-events_unbound");
    QCOMPARE(TimelineRows::elideName(name, metrics, 10000), name);
    const QString ellipsis(QChar(0x2026));
    for (int width = 0; width < metrics.horizontalAdvance(name); ++width) {
        const QString shown = TimelineRows::elideName(name, metrics, width);
        QVERIFY2(metrics.horizontalAdvance(shown) <= width, qPrintable(shown));
        if (shown.isEmpty()) continue;
        QVERIFY(shown.endsWith(ellipsis));
        const QString kept = shown.chopped(1);
        QVERIFY2(name.startsWith(kept), qPrintable(shown));
        // Where the name goes on with a digit, the kept part does not end with one.
        const QChar next = name[kept.size()];
        QVERIFY2(!(next.isDigit() && kept.back().isDigit()), qPrintable(shown));
    }
}

// A thread the session has no name for takes its process's (threads start with their creator's name), and a
// process without any name is "[unknown]", never "thread (TID)".
void TestTimelineRows::unnamedThreads() {
    HandProfile hand;
    hand.addSample({"main"}, 1500, 3, 0, 1); // pid 1 (app), tid 3: no name of its own
    hand.addSample({"main"}, 1600, 50, 0, 1);
    hand.profile.samples.pid.back() = 50; // a process without a name
    const auto profile = hand.shared();
    const TimelineRows rows(bucketsOf(*profile), profile);
    QStringList labels;
    for (int i = 0; i < rows.size(); ++i)
        labels << rows.label(i);
    QVERIFY2(labels.contains(QStringLiteral("app (3 in 1)")), qPrintable(labels.join(QLatin1Char('|'))));
    QVERIFY2(labels.contains(QStringLiteral("[unknown] (50)")), qPrintable(labels.join(QLatin1Char('|'))));
}

// The fork+exec case: a child that ran as its parent's command "sh" until it exec'd tr is one row named by
// both, in that order; the time range of its tr samples alone names it tr.
void TestTimelineRows::commandsOverTime() {
    HandProfile hand;
    const StringId sh = hand.profile.strings.intern("sh");
    const StringId tr = hand.profile.strings.intern("tr");
    hand.profile.threads.push_back({40, 40, tr, 0, {{0, sh}, {1500, tr}}});
    for (const uint64_t time : {1100, 1200, 1600, 1700, 1800}) {
        hand.addSample({"main", "a"}, time, 40, 0, 1);
        hand.profile.samples.pid.back() = 40;
    }
    const auto profile = hand.shared();
    const TimelineRows rows(bucketsOf(*profile), profile);
    QStringList labels;
    for (int i = 0; i < rows.size(); ++i)
        labels << rows.label(i);
    QVERIFY2(labels.contains(QStringLiteral("sh \u2192 tr (40)")), qPrintable(labels.join('\n')));
    SampleFilter later;
    later.startTime = 1500;
    const TimelineRows afterExec(bucketsOf(*profile, later), profile);
    labels.clear();
    for (int i = 0; i < afterExec.size(); ++i)
        labels << afterExec.label(i);
    QVERIFY2(labels.contains(QStringLiteral("tr (40)")), qPrintable(labels.join('\n')));
}

QTEST_MAIN(TestTimelineRows)
#include "tst_timelinerows.moc"
