// perfglass-cli script: perf script's text, checked the way its consumers read it. Debian 12 does not package
// FlameGraph's stackcollapse-perf.pl, so collapse() below follows that script's documented rules
// (FlameGraph's README and the script's comments): a header line "comm tid ... period event:", then one frame
// per line "address symbol+offset (module)", a blank line ending the sample; offsets dropped, C++ parameters
// dropped (anonymous namespaces kept), an [unknown] symbol named after its module, the command as the root
// frame, and only the first event counted; a PLT entry also keeps its module (see compare()). perf script's
// text on the same perf-made file is the reference.
#include "TestSupport.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using namespace perfglass::test;

namespace {

using Collapsed = std::map<QString, int>; // "comm;outer;...;leaf" -> samples

QString tidy(QString function, const QString &module) {
    function.remove(QRegularExpression(R"(\+0x[0-9a-f]+$)"));
    if (function == "[unknown]" && module != "[unknown]") function = "[" + module.section('/', -1) + "]";
    if (function.endsWith("@plt")) function += "[" + module.section('/', -1) + "]";
    function.replace(';', ':');
    function.remove(QRegularExpression(R"(\((?!anonymous namespace\)).*)"));
    return function;
}

Collapsed collapse(const QString &script) {
    static const QRegularExpression header(R"(^(\S.+?)\s+(\d+)/*(\d+)*\s.*?:\s*(\d+)*\s+(\S+):\s*$)");
    static const QRegularExpression frame(R"(^\s*(\w+)\s*(.+) \((\S*)\)$)");
    Collapsed stacks;
    QString event;
    QString comm;
    QStringList stack;
    bool counting = false;
    const auto finish = [&] {
        if (counting && !comm.isEmpty()) {
            std::reverse(stack.begin(), stack.end());
            stacks[(QStringList{comm} + stack).join(';')] += 1;
        }
        comm.clear();
        stack.clear();
    };
    for (const QString &line : script.split('\n')) {
        if (line.trimmed().isEmpty()) {
            finish();
            continue;
        }
        if (const auto match = header.match(line); match.hasMatch() && !line.startsWith('\t')) {
            finish();
            comm = match.captured(1).trimmed();
            if (event.isEmpty()) event = match.captured(5);
            counting = match.captured(5) == event;
            continue;
        }
        if (const auto match = frame.match(line); match.hasMatch())
            stack << tidy(match.captured(2), match.captured(3));
    }
    finish();
    return stacks;
}

// The C++ names ("::" in them) among the frames of collapsed stacks, with the number of frames of each.
std::map<QString, int> cppFrames(const Collapsed &stacks) {
    std::map<QString, int> names;
    for (const auto &[stack, count] : stacks)
        for (const QString &frame : stack.split(';'))
            if (frame.contains("::")) names[frame] += count;
    return names;
}

// Whether NAME has what perf script never prints in a C++ name: a return type (a space outside brackets, but
// for "operator new" and its kind) or a clone suffix.
bool spelledUnlikePerf(const QString &name) {
    int depth = 0;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const QChar c = name[i];
        depth += QString("<([{").contains(c) ? 1 : QString(">)]}").contains(c) ? -1 : 0;
        if (c == ' ' && depth == 0 && !name.left(i).endsWith("operator")) return true;
    }
    return name.contains("[clone");
}

// A stack perf 6.1 misreads, which the comparison leaves out: a stack of no frame. A frame-pointer walk that
// read a return address of -1 (from a function without frame pointers) ends in a value perf takes for an
// invalid context marker, and perf drops the whole chain; we keep the frames before it.
bool perfMisreads(const QString &stack) {
    return !stack.contains(';');
}

// STACK with every PLT entry's name left out: perf 6.1 pairs .plt entries with .rela.plt entries by
// position, which fails where IRELATIVE relocations sit among them (it prints "@plt", or another entry's
// name); perf 6.2 names them by their GOT slot as objdump does, and so do we.
QString withoutPltNames(QString stack) {
    static const QRegularExpression pltName(R"((^|;)[^;]+@plt(?=\[))");
    return stack.replace(pltName, R"(\1@plt)");
}

// STACK with every PLT entry as an unnamed frame of its module: perf 6.1 names no entry of .plt.got (g++'s
// cc1plus calls calloc through one) and prints "[unknown]" in that module; perf 6.2 names them as objdump
// does, and so do we.
QString withPltUnnamed(QString stack) {
    static const QRegularExpression pltEntry(R"((^|;)@plt(\[[^;]+\])(?=;|$))");
    return stack.replace(pltEntry, R"(\1\2)");
}

struct Comparison {
    int same = 0;        // samples in the same stacks as perf script's
    int perfMisread = 0; // samples in stacks perf misreads (perfMisreads(), withPltUnnamed()) that ours name
    QString differing;   // the other stacks of perf's that we do not have, for the failure message
};

// Collapsed stacks with PLT entries' names left out (withoutPltNames()).
Collapsed withoutPltNames(const Collapsed &stacks) {
    Collapsed result;
    for (const auto &[stack, count] : stacks)
        result[withoutPltNames(stack)] += count;
    return result;
}

Comparison compare(const Collapsed &theirs, const Collapsed &mine) {
    Collapsed ours = withoutPltNames(mine);
    Collapsed perfs = withoutPltNames(theirs);
    Comparison result;
    for (auto &[stack, count] : perfs) {
        const auto found = ours.find(stack);
        if (found == ours.end()) continue;
        const int matched = std::min(found->second, count);
        result.same += matched;
        count -= matched;
        found->second -= matched;
    }
    // What is left of ours, with PLT entries unnamed as perf 6.1 leaves some.
    Collapsed oursUnnamed;
    for (const auto &[stack, count] : ours)
        if (count > 0) oursUnnamed[withPltUnnamed(stack)] += count;
    QStringList differing;
    for (const auto &[stack, count] : perfs) {
        if (count == 0) continue;
        const auto found = oursUnnamed.find(stack);
        const int unnamedByPerf = found == oursUnnamed.end() ? 0 : std::min(found->second, count);
        if (unnamedByPerf > 0) found->second -= unnamedByPerf;
        result.perfMisread += unnamedByPerf;
        if (unnamedByPerf == count) continue;
        if (perfMisreads(stack))
            result.perfMisread += count - unnamedByPerf;
        else
            differing << QStringLiteral("%1 %2").arg(stack).arg(count - unnamedByPerf);
    }
    result.differing = differing.mid(0, 10).join('\n');
    return result;
}

int total(const Collapsed &stacks) {
    int sum = 0;
    for (const auto &[stack, count] : stacks)
        sum += count;
    return sum;
}

} // namespace

class TestScript : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void collapsesLikePerfScript();
    void cppNamesAsPerfScript_data();
    void cppNamesAsPerfScript();
    void defaultFormat();
    void fields();
    void ourRecordingToo();

private:
    QTemporaryDir dir_;
    QString perfData_;
};

void TestScript::initTestCase() {
    QVERIFY(dir_.isValid());
    if (perfPath().isEmpty()) return;
    perfData_ = dir_.filePath("perf-made.data");
    const ProcessResult recorded = recordHotspotsWithPerf(perfData_);
    QVERIFY2(recorded.exitCode == 3, qPrintable(recorded.err));
}

// The collapsed stacks of our script and of perf script on the same perf-made file: the same samples in the
// same stacks.
void TestScript::collapsesLikePerfScript() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const QString perfOut = perfReads({"script"}, perfData_);
    QVERIFY(!perfOut.isEmpty());
    const ProcessResult ours = runCli({"script", "-i", perfData_});
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    const Collapsed theirs = collapse(perfOut);
    const Collapsed mine = collapse(ours.out);
    QVERIFY(total(theirs) > 500);
    QCOMPARE(total(mine), total(theirs));
    const Comparison compared = compare(theirs, mine);
    qInfo("collapsed stacks: %d samples, %d in the same stacks as perf script's, %zu distinct stacks (perf "
          "%zu)",
          total(theirs), compared.same, mine.size(), theirs.size());
    QVERIFY2(compared.same + compared.perfMisread == total(theirs), qPrintable(compared.differing));
    for (const char *function :
         {"(anonymous namespace)::hotLoop", "(anonymous namespace)::warmLoop", "main"}) {
        int perfCount = 0;
        int ourCount = 0;
        for (const auto &[stack, count] : theirs)
            if (stack.contains(function)) perfCount += count;
        for (const auto &[stack, count] : mine)
            if (stack.contains(function)) ourCount += count;
        QCOMPARE(ourCount, perfCount);
    }
}

void TestScript::cppNamesAsPerfScript_data() {
    QTest::addColumn<QString>("callGraph");
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QStringList>("scriptOptions");
    const QStringList workload{workloadPath("workload-fp"), "1", "2"};
    const QStringList gxx{"g++", "-O2",      "-c", PERFGLASS_FIXTURES_DIR "/../../bench/workload.cpp",
                          "-o",  "/dev/null"};
    QTest::newRow("workload") << "fp" << workload << QStringList();
    // cc1plus is stripped: both name its frames from .dynsym.
    QTest::newRow("g++") << "fp" << gxx << QStringList();
    // DWARF: perf 6.1 adds inlined functions to DWARF-unwound call chains with binutils' addr2line, which
    // names some functions its own way (glibc's __GI_ aliases, fortified memcpy as its caller): compared
    // without inlined functions on both sides.
    QTest::newRow("workload-dwarf") << "dwarf" << QStringList{workloadPath("workload-nofp"), "1", "2"}
                                    << QStringList{"--no-inline"};
    // With inlined functions, as perf 6.1 adds them from binutils' addr2line (symbols/Addr2lineNames.h):
    // glibc's from libc6-dbg where installed, the workload's std::sort and std::map internals, fortified
    // memcpy and snprintf named as their caller.
    QTest::newRow("workload-dwarf-inline")
        << "dwarf" << QStringList{workloadPath("workload-nofp"), "1", "2"} << QStringList();
}

// C++ programs recorded by perf: our script spells every C++ name as perf script does (no return type, no
// parameters, no clone suffix), so that tools built on perf script (stackcollapse-perf.pl, flamegraph.pl,
// speedscope, FlameScope) see perf's names, and every sample collapses into the same stack as perf script's
// but for what perf 6.1 itself misreads (theirsOnly()).
void TestScript::cppNamesAsPerfScript() {
    QFETCH(QString, callGraph);
    QFETCH(QStringList, command);
    QFETCH(QStringList, scriptOptions);
    if (perfPath().isEmpty()) QSKIP("perf is not installed");
    if (QStandardPaths::findExecutable(command.first()).isEmpty() && !QFile::exists(command.first()))
        QSKIP(qPrintable(command.first() + " is not installed"));
    const QString file = dir_.filePath(QString("cpp-%1.data").arg(QTest::currentDataTag()));
    const QStringList mode = callGraph == "fp" ? QStringList{"-g"} : QStringList{"--call-graph", callGraph};
    const ProcessResult recorded =
        runPerfRecord(QStringList{"-q", "-e", "cpu-clock", "-o", file} + mode + QStringList{"--"} + command);
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
    const QString perfOut = perfReads(QStringList{"script"} + scriptOptions, file);
    QVERIFY(!perfOut.isEmpty());
    const ProcessResult ours = runCli(QStringList{"script", "-i", file} + scriptOptions);
    QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
    const Collapsed theirs = collapse(perfOut);
    const Collapsed mine = collapse(ours.out);
    QCOMPARE(total(mine), total(theirs));
    const std::map<QString, int> perfNames = cppFrames(theirs);
    QVERIFY2(perfNames.size() > 3, qPrintable(QString::number(perfNames.size())));
    for (const auto &[name, count] : cppFrames(mine))
        QVERIFY2(!spelledUnlikePerf(name), qPrintable(name));
    const Comparison compared = compare(theirs, mine);
    qInfo("%d of %d samples in the same collapsed stacks as perf script's, %d where perf 6.1 misreads the "
          "call chain",
          compared.same, total(theirs), compared.perfMisread);
    if (callGraph == "fp") {
        QVERIFY2(compared.same + compared.perfMisread == total(theirs), qPrintable(compared.differing));
    } else {
        // Unwinding, not naming: a few stacks end a frame earlier or later than perf's, and perf has no user
        // frame where the first one lies outside every mapping (the launcher's execve): 99.5% agree here,
        // 99.9% with inlined functions.
        QVERIFY2(compared.same * 100 >= total(theirs) * 99, qPrintable(compared.differing));
        if (scriptOptions.isEmpty()) { // inlined functions were printed, where perf printed them
            const auto inlined = [](const QString &text) {
                return text.count(QStringLiteral(" (inlined)\n"));
            };
            QVERIFY2(inlined(ours.out) > 0,
                     "no inlined functions in a DWARF call chain of an -O2 -g program");
            QVERIFY2(inlined(ours.out) * 100 >= inlined(perfOut) * 95,
                     qPrintable(QStringLiteral("%1 inlined frames, perf %2")
                                    .arg(inlined(ours.out))
                                    .arg(inlined(perfOut))));
        }
    }
}

// The first sample's lines as perf script writes them: header fields, then frames with address,
// symbol+offset and module, then a blank line.
void TestScript::defaultFormat() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const QStringList perfLines = perfReads({"script"}, perfData_).split('\n');
    const QStringList ourLines = runCli({"script", "-i", perfData_}).out.split('\n');
    QVERIFY(ourLines.size() > 10);
    // Line by line the same text as perf script's (leaving out our [CPU]), kernel offsets included when this
    // user can read kallsyms' addresses: all but unmapped frames (perf prints their raw address, we 0) and
    // return addresses at a symbol's end (we name the call's function, perf the next one).
    QCOMPARE(ourLines.size(), perfLines.size());
    int same = 0;
    int unmapped = 0; // perf's "<address> [unknown] ([unknown])", ours "0 [unknown] ([unknown])"
    const QRegularExpression unmappedFrame(R"(^\s+[0-9a-f]+ \[unknown\] \(\[unknown\]\)$)");
    for (qsizetype i = 0; i < ourLines.size(); ++i) {
        const QString ours = QString(ourLines[i]).remove(QRegularExpression(R"( \[\d{3}\])"));
        if (ours == perfLines[i])
            ++same;
        else if (unmappedFrame.match(ours).hasMatch() && unmappedFrame.match(perfLines[i]).hasMatch())
            ++unmapped;
    }
    qInfo("%d of %lld lines as perf script writes them, %d more unmapped frames", same,
          static_cast<long long>(perfLines.size()), unmapped);
    // Unmapped frames are 1 to 2% of this program's lines, depending on the run.
    QVERIFY2(same + unmapped >= perfLines.size() * (isRoot() ? 99 : 90) / 100,
             qPrintable(QStringLiteral("%1 + %2").arg(same).arg(unmapped)));
    // perf-made file without PERF_SAMPLE_CPU: perf leaves the CPU out; our [CPU] is the only difference.
    const QString header = QString(ourLines[0]).remove(QRegularExpression(R"(\[\d{3}\] )"));
    QCOMPARE(header, perfLines[0]);
    static const QRegularExpression frame(R"(^\t *[0-9a-f]+ \S.*\+0x[0-9a-f]+ \((/|\[).+\)$)");
    QVERIFY2(frame.match(ourLines[1]).hasMatch(), qPrintable(ourLines[1]));
    // The same frames of the first hotLoop sample, offsets included.
    const auto firstHot = [](const QStringList &lines) {
        const auto at = std::find_if(lines.begin(), lines.end(),
                                     [](const QString &line) { return line.contains("hotLoop+0x"); });
        return at == lines.end() ? QString() : *at;
    };
    QVERIFY(!firstHot(ourLines).isEmpty());
    QCOMPARE(firstHot(ourLines).section(' ', -2),
             firstHot(perfLines).section(' ', -2).replace(")+0x", "+0x"));
}

// -F as perf's: a list sets the fields, +/- changes the default, unknown names are refused.
void TestScript::fields() {
    if (perfData_.isEmpty()) QSKIP("perf is not installed");
    const ProcessResult compact = runCli({"script", "-i", perfData_, "-F", "comm,tid,period"});
    QVERIFY2(compact.exitCode == 0, qPrintable(compact.err));
    const QStringList lines = compact.out.split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.size() > 500);
    QVERIFY2(QRegularExpression(R"(^\s*hotspots-fp\s+\d+\s+250000\s*$)").match(lines.last()).hasMatch(),
             qPrintable(lines.last()));
    const QString perfCompact = perfReads({"script", "-F", "comm,tid,period"}, perfData_);
    QCOMPARE(compact.out.split('\n', Qt::SkipEmptyParts).size(),
             perfCompact.split('\n', Qt::SkipEmptyParts).size());
    const ProcessResult noCpu = runCli({"script", "-i", perfData_, "-F", "-cpu,-time"});
    QVERIFY2(noCpu.exitCode == 0, qPrintable(noCpu.err));
    const QString first = noCpu.out.section('\n', 0, 0);
    QVERIFY2(QRegularExpression(R"(^hotspots-fp +\d+ +250000 cpu-clock: $)").match(first).hasMatch(),
             qPrintable(first));
    const ProcessResult bad = runCli({"script", "-i", perfData_, "-F", "comm,tdi"});
    QVERIFY(bad.exitCode != 0);
    QVERIFY2(bad.err.contains("did you mean: tid"), qPrintable(bad.err));
}

// A session of our own, without perf: the default ./perf.data, collapsed into hotspots' call paths.
void TestScript::ourRecordingToo() {
    QTemporaryDir work;
    QProcess record;
    record.setWorkingDirectory(work.path());
    record.start(PERFGLASS_CLI, {"record", "-g", "--", clientPath("hotspots-fp"), "-200"});
    QVERIFY(record.waitForFinished(120000));
    QCOMPARE(record.exitCode(), 3);
    QProcess script;
    script.setWorkingDirectory(work.path());
    script.start(PERFGLASS_CLI, {"script"});
    QVERIFY(script.waitForFinished(120000));
    QCOMPARE(script.exitCode(), 0);
    const Collapsed stacks = collapse(QString::fromUtf8(script.readAllStandardOutput()));
    int hot = 0;
    for (const auto &[stack, count] : stacks)
        if (stack.startsWith("hotspots-fp;") &&
            stack.endsWith("main;(anonymous namespace)::spinFor;(anonymous namespace)::hotLoop"))
            hot += count;
    QVERIFY2(hot > total(stacks) / 3, qPrintable(QStringLiteral("%1 of %2").arg(hot).arg(total(stacks))));
}

QTEST_GUILESS_MAIN(TestScript)
#include "tst_script.moc"
