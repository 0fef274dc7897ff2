// JIT code named as the runtime wrote it, without `perf inject --jit`: node --perf-prof (V8's jitdump, mapped
// by the runtime so the recording names it) recorded with `record -k mono`, as the runtimes' documentation
// says to type; node --perf-basic-prof's perf map kept in the session and still naming the code after
// /tmp/perf-PID.map is gone; the jitdump kept in the session; DWARF stacks unwound through JIT code with the
// unwinding information node --perf-prof-unwinding-info writes. perf 6.1 shows the same samples as unnamed
// addresses without perf inject.
#include "TestSupport.h"
#include "perfdata/PerfDataReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace perfglass::test;

namespace {

const char *const kScript =
    "function fibonacci(n) { return n < 2 ? n : fibonacci(n - 1) + fibonacci(n - 2); }\n"
    "let sum = 0; const start = Date.now();\n"
    "while (Date.now() - start < 1500) sum += fibonacci(22);\n"
    "if (sum < 0) console.log(sum);\n";

// JS functions calling each other through builtins (sort's comparator, push, JSON.stringify, join).
const char *const kNestedScript =
    "function leafWork(n) {\n"
    "  const a = [];\n"
    "  for (let i = 0; i < n; i++) a.push((i * 7919) % 1000);\n"
    "  a.sort((x, y) => x - y);\n"
    "  return JSON.stringify(a).length + a.map(String).join(',').length;\n"
    "}\n"
    "function middleWork(n) { let s = 0; for (let i = 0; i < 4; i++) s += leafWork(n); return s; }\n"
    "function outerWork(n) { return middleWork(n) + middleWork(n >> 1); }\n"
    "function topLevelMain() {\n"
    "  let total = 0; const start = Date.now();\n"
    "  while (Date.now() - start < 1500) total += outerWork(2000);\n"
    "  return total;\n"
    "}\n"
    "if (topLevelMain() < 0) console.log('never');\n";

struct Shares {
    double named = 0;    // self share of functions whose name mentions fibonacci
    double unnamed = 0;  // self share of [unknown] frames in anonymous memory or no mapping
    std::string module;  // the module that named fibonacci
    std::string hottest; // the fibonacci function with the highest self cost
};

Shares sharesOf(const QString &session) {
    const auto flat =
        runCli({"report", "-i", session, "--view", "flat", "--format", "json", "--comm", "node"});
    if (flat.exitCode != 0) qWarning("report failed: %s", qPrintable(flat.err));
    const nlohmann::json json = nlohmann::json::parse(flat.out.toStdString());
    Shares shares;
    double total = 0;
    for (const auto &row : json.at("functions")) {
        const double self = row.at("self").get<double>();
        total += self;
        const std::string name = row.at("function").get<std::string>();
        if (name.find("fibonacci") != std::string::npos) {
            if (shares.hottest.empty()) shares.hottest = name; // rows come by self cost
            shares.named += self;
            shares.module = row.at("module").get<std::string>();
        }
        if (name == "[unknown]") shares.unnamed += self;
    }
    if (total > 0) {
        shares.named /= total;
        shares.unnamed /= total;
    }
    return shares;
}

// Records node running the script with options in dir (its jitdump lands there), with extra record options.
ProcessResult recordNode(const QTemporaryDir &dir, const QStringList &recordOptions,
                         const QStringList &nodeOptions, const QString &session) {
    QFile script(dir.filePath(QStringLiteral("hot.js")));
    script.open(QIODevice::WriteOnly);
    script.write(kScript);
    script.close();
    return runCli(QStringList{QStringLiteral("record")} + recordOptions +
                  QStringList{QStringLiteral("-o"), session, QStringLiteral("--cwd"), dir.path(),
                              QStringLiteral("--"), QStandardPaths::findExecutable(QStringLiteral("node"))} +
                  nodeOptions + QStringList{dir.filePath(QStringLiteral("hot.js"))});
}

// node's stacks in SESSION as collapsed stacks (report --export collapsed), each with its count; empty when
// the report failed.
QList<std::pair<QString, double>> nodeStacks(const QTemporaryDir &dir, const QString &session) {
    const QString collapsed = dir.filePath(QStringLiteral("stacks.txt"));
    const auto report = runCli({QStringLiteral("report"), QStringLiteral("-i"), session,
                                QStringLiteral("--comm"), QStringLiteral("node"), QStringLiteral("--export"),
                                QStringLiteral("collapsed=") + collapsed});
    QList<std::pair<QString, double>> stacks;
    QFile file(collapsed);
    if (report.exitCode != 0 || !file.open(QIODevice::ReadOnly)) {
        qWarning("report failed: %s", qPrintable(report.err));
        return stacks;
    }
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype space = line.lastIndexOf(' ');
        if (space >= 0) stacks.append({QString::fromUtf8(line.left(space)), line.mid(space + 1).toDouble()});
    }
    return stacks;
}

// Removes the perf maps that node left in /tmp (it never removes them) for the processes SESSION kept maps
// of.
void removeKeptPerfMaps(const QString &session) {
    try {
        const perfglass::PerfDataReader reader(session.toStdString());
        for (const auto &kept : reader.metadata().perfMaps)
            QFile::remove(QStringLiteral("/tmp/perf-%1.map").arg(kept.first));
    } catch (const std::exception &) {
        // no session, no maps of it to remove
    }
}

} // namespace

class TestJitNames : public QObject {
    Q_OBJECT
private slots:
    void init() {
        if (QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty())
            QSKIP("node is not installed (Debian's nodejs)");
    }

    void nodesJitdumpNamesItsCode() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("node.data"));
        const auto recorded =
            recordNode(dir, {QStringLiteral("-k"), QStringLiteral("mono"), QStringLiteral("-g")},
                       {QStringLiteral("--perf-prof")}, session);
        if (!QFile::exists(session)) QSKIP(qPrintable(QStringLiteral("recording refused: ") + recorded.err));
        QCOMPARE(recorded.exitCode, 0);
        const Shares shares = sharesOf(session);
        QVERIFY2(shares.named > 0.2, qPrintable(QStringLiteral("fibonacci's share: %1").arg(shares.named)));
        QVERIFY2(QString::fromStdString(shares.module)
                     .contains(QRegularExpression(QStringLiteral("^jit-\\d+\\.dump$"))),
                 shares.module.c_str());
        QVERIFY2(shares.unnamed < shares.named,
                 qPrintable(QStringLiteral("[unknown]: %1").arg(shares.unnamed)));

        // annotate disassembles the code bytes the jitdump recorded, with the samples' costs on them
        const auto annotated = runCli({QStringLiteral("annotate"), QStringLiteral("-i"), session,
                                       QString::fromStdString(shares.hottest), QStringLiteral("--format"),
                                       QStringLiteral("json")});
        QVERIFY2(annotated.exitCode == 0, qPrintable(annotated.err));
        const nlohmann::json json = nlohmann::json::parse(annotated.out.toStdString());
        QVERIFY(json.at("instructions").size() > 10);
        double self = 0;
        for (const auto &instruction : json.at("instructions"))
            self += instruction.at("percent").get<double>();
        QVERIFY2(self > 99.0, qPrintable(QString::number(self)));
    }

    // The session keeps the jitdump (feature 194): its code is still named once the file is gone, and perf
    // still reads the session.
    void aJitDumpKeptInTheSessionOutlivesItsFile() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("kept.data"));
        const auto recorded =
            recordNode(dir, {QStringLiteral("-k"), QStringLiteral("mono"), QStringLiteral("-g")},
                       {QStringLiteral("--perf-prof")}, session);
        if (!QFile::exists(session)) QSKIP(qPrintable(QStringLiteral("recording refused: ") + recorded.err));
        const Shares before = sharesOf(session);
        QVERIFY2(before.named > 0.2, qPrintable(QStringLiteral("fibonacci's share: %1").arg(before.named)));
        const QStringList dumps = QDir(dir.path()).entryList({QStringLiteral("jit-*.dump")});
        QCOMPARE(dumps.size(), 1);
        QVERIFY(QFile::remove(dir.filePath(dumps.front())));
        const Shares after = sharesOf(session);
        QCOMPARE(after.named, before.named);
        QCOMPARE(after.module, before.module);
        const QString perf = QStandardPaths::findExecutable(QStringLiteral("perf"));
        if (perf.isEmpty()) return;
        QProcess script;
        script.start(perf, {QStringLiteral("script"), QStringLiteral("-i"), session});
        QVERIFY(script.waitForFinished(120000));
        QCOMPARE(script.exitCode(), 0);
        QVERIFY(!script.readAllStandardOutput().isEmpty());
    }

    // node --perf-prof-unwinding-info writes .eh_frame for optimized code (JIT_CODE_UNWINDING_INFO): DWARF
    // stacks go on through the recursion of JIT frames to the builtin that called them, instead of ending at
    // the first JIT frame.
    void dwarfStacksUnwindThroughJitCode() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("dwarf.data"));
        const auto recorded = recordNode(
            dir,
            {QStringLiteral("-k"), QStringLiteral("mono"), QStringLiteral("--call-graph"),
             QStringLiteral("dwarf")},
            {QStringLiteral("--perf-prof"), QStringLiteral("--perf-prof-unwinding-info")}, session);
        if (!QFile::exists(session)) QSKIP(qPrintable(QStringLiteral("recording refused: ") + recorded.err));
        double all = 0;
        double throughJit = 0; // samples whose stack holds a JIT frame called by a JIT frame
        const QRegularExpression twoJitFrames(QStringLiteral("fibonacci[^;]*;[^;]*fibonacci"));
        for (const auto &[stack, count] : nodeStacks(dir, session)) {
            all += count;
            if (twoJitFrames.match(stack).hasMatch()) throughJit += count;
        }
        QVERIFY(all > 0);
        QVERIFY2(throughJit / all > 0.2,
                 qPrintable(QStringLiteral("unwound through JIT code: %1").arg(throughJit / all)));
    }

    // V8's embedded builtins (code in the node binary without .eh_frame entries) and JIT code named by a perf
    // map have no CFI; they keep frame pointers, which DWARF unwinding follows there: a sample in a JS
    // function has its JS callers up to the script's top-level function, through the builtins between
    // them (Array.prototype.sort calling the comparator, the interpreter's trampolines), and node::Start.
    void dwarfStacksFollowFramePointersThroughBuiltins() {
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("nested.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(kNestedScript);
        script.close();
        const QString session = dir.filePath(QStringLiteral("nested.data"));
        const auto recorded = runCli(
            {QStringLiteral("record"), QStringLiteral("--call-graph"), QStringLiteral("dwarf"),
             QStringLiteral("-o"), session, QStringLiteral("--cwd"), dir.path(), QStringLiteral("--"),
             QStandardPaths::findExecutable(QStringLiteral("node")), QStringLiteral("--perf-basic-prof"),
             QStringLiteral("--interpreted-frames-native-stack"), script.fileName()});
        if (!QFile::exists(session)) QSKIP(qPrintable(QStringLiteral("recording refused: ") + recorded.err));
        const auto removeMaps = qScopeGuard([&] { removeKeptPerfMaps(session); });
        double inLeaf = 0;     // samples with leafWork on the stack
        double fullChain = 0;  // of them, with topLevelMain, outerWork and middleWork above it, in that order
        double reachStart = 0; // of them, with node::Start at the root
        const QRegularExpression chain(
            QStringLiteral("topLevelMain[^;]*;.*outerWork[^;]*;.*middleWork[^;]*;.*leafWork"));
        for (const auto &[stack, count] : nodeStacks(dir, session)) {
            if (!stack.contains(QLatin1String("leafWork"))) continue;
            inLeaf += count;
            if (chain.match(stack).hasMatch()) fullChain += count;
            if (stack.contains(QLatin1String("node::Start"))) reachStart += count;
        }
        QVERIFY2(inLeaf > 0, "no sample in leafWork");
        QVERIFY2(fullChain / inLeaf > 0.8,
                 qPrintable(QStringLiteral("JS caller chain: %1").arg(fullChain / inLeaf)));
        QVERIFY2(reachStart / inLeaf > 0.8,
                 qPrintable(QStringLiteral("node::Start: %1").arg(reachStart / inLeaf)));
    }

    void aClockOtherThanMonotonicIsRefused() {
        const auto refused = runCli(
            {QStringLiteral("record"), QStringLiteral("-k"), QStringLiteral("realtime"), QStringLiteral("-o"),
             QStringLiteral("/dev/null"), QStringLiteral("--"), QStringLiteral("true")});
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(refused.err.contains(QLatin1String("realtime")), qPrintable(refused.err));
    }

    void aPerfMapKeptInTheSessionOutlivesTmp() {
        QTemporaryDir dir;
        const QString session = dir.filePath(QStringLiteral("map.data"));
        const auto recorded =
            recordNode(dir, {QStringLiteral("-g")}, {QStringLiteral("--perf-basic-prof")}, session);
        if (!QFile::exists(session)) QSKIP(qPrintable(QStringLiteral("recording refused: ") + recorded.err));
        const QRegularExpression pidLine(QStringLiteral("perf-(\\d+)\\.map"));
        const Shares before = sharesOf(session);
        QVERIFY2(before.named > 0.2, qPrintable(QStringLiteral("fibonacci's share: %1").arg(before.named)));
        const QString map =
            QString::fromStdString("/tmp/" + before.module.substr(before.module.rfind('/') + 1));
        QVERIFY2(QFile::remove(map), qPrintable(map));
        const Shares after = sharesOf(session);
        QCOMPARE(after.named, before.named);
    }

    // A stream (pipe mode: no perf map kept) recorded under another host name (unshare -u) is another
    // machine's recording: this machine's /tmp/perf-PID.map must not name its JIT code, and the report says
    // why. The same stream recorded under this host's name is named from it, with a notice.
    void anotherHostsStreamIsNotNamedFromTmp() {
        if (QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty())
            QSKIP("unshare (util-linux) is not installed");
        QTemporaryDir dir;
        QFile script(dir.filePath(QStringLiteral("hot.js")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(kScript);
        script.close();
        const QStringList command{QStringLiteral(PERFGLASS_CLI),
                                  QStringLiteral("record"),
                                  QStringLiteral("-g"),
                                  QStringLiteral("-o"),
                                  QStringLiteral("-"),
                                  QStringLiteral("--"),
                                  QStandardPaths::findExecutable(QStringLiteral("node")),
                                  QStringLiteral("--perf-basic-prof"),
                                  script.fileName()};
        const auto streamOf = [&](const QString &name, const QString &host) {
            const QString session = dir.filePath(name);
            const QString shell = QStringLiteral("%1out=$1; shift; exec \"$@\" > \"$out\"")
                                      .arg(host.isEmpty() ? QString() : "hostname " + host + " && ");
            const QStringList arguments =
                QStringList{QStringLiteral("-c"), shell, QStringLiteral("sh"), session} + command;
            const auto recorded =
                host.isEmpty()
                    ? runProgram(QStringLiteral("sh"), arguments)
                    : runProgram(QStringLiteral("unshare"),
                                 QStringList{QStringLiteral("-u"), QStringLiteral("sh")} + arguments);
            if (recorded.exitCode != 0) qWarning("recording failed: %s", qPrintable(recorded.err));
            return session;
        };
        const auto reportOf = [](const QString &session) { // its notes ("# note: ...") and errors
            const auto report = runCli({QStringLiteral("report"), QStringLiteral("-i"), session,
                                        QStringLiteral("--comm"), QStringLiteral("node")});
            return report.out + report.err;
        };
        QStringList maps; // the perf maps node left in /tmp, removed at the end
        const auto removeMaps = qScopeGuard([&] {
            for (const QString &map : maps)
                QFile::remove(map);
        });
        static const QRegularExpression mapPath(QStringLiteral("/tmp/perf-\\d+\\.map"));

        const QString here = streamOf(QStringLiteral("here.data"), {});
        const auto hereReport = reportOf(here);
        maps.append(mapPath.match(hereReport).captured());
        const Shares named = sharesOf(here);
        QVERIFY2(named.named > 0.2, qPrintable(QStringLiteral("fibonacci's share: %1").arg(named.named)));
        QVERIFY2(hereReport.contains(QLatin1String("it is matched by process id alone")),
                 qPrintable(hereReport.left(3000)));

        const QString elsewhere = streamOf(QStringLiteral("elsewhere.data"), QStringLiteral("glasshost-j"));
        const auto elsewhereReport = reportOf(elsewhere);
        if (!QFileInfo(elsewhere).size()) QSKIP("cannot name a host in a private UTS namespace here");
        maps.append(mapPath.match(elsewhereReport).captured());
        QVERIFY2(elsewhereReport.contains(QLatin1String("stays unnamed")) &&
                     elsewhereReport.contains(QLatin1String("the recording comes from host glasshost-j")),
                 qPrintable(elsewhereReport.left(3000)));
        QCOMPARE(sharesOf(elsewhere).named, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestJitNames)
#include "tst_jitnames.moc"
