// Names as the runtimes Debian ships write them, on programs recorded here (tests/RuntimeRecordings.h):
// HotSpot's JIT code named by its perf map exactly as the map writes it (`void Hot.main(java.lang.String[])`,
// `StubRoutines (1)`), in report with full and short names and in script; Rust built by Debian's rustc with
// its default legacy mangling demangled whole (`<core::hash::sip::Hasher<S> as core::hash::Hasher>::write`).
// Both agree with perf report and perf script on the same file (perf reads /tmp/perf-PID.map too). Each case
// skips where its runtime (default-jdk-headless, rustc) or perf is missing.
#include "RuntimeRecordings.h"
#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QtTest>

#include <optional>

using namespace perfglass::test;

namespace {

struct Row {
    double percent = 0;
    QString module;
    QString name;
};

// The rows of `report --view flat` as text (full or short names): "self% inclusive% NAME  [MODULE]".
QList<Row> flatRows(const QString &session, const QString &names) {
    const ProcessResult report =
        runCli({QStringLiteral("report"), QStringLiteral("-i"), session, QStringLiteral("--view"),
                QStringLiteral("flat"), QStringLiteral("--names"), names});
    if (report.exitCode != 0) qWarning("report failed: %s", qPrintable(report.err));
    static const QRegularExpression row(QStringLiteral(R"(^\s*([\d.]+)%\s+[\d.]+%\s+(.*)  \[([^\]]+)\]$)"));
    QList<Row> rows;
    for (const QString &line : report.out.split(QLatin1Char('\n')))
        if (const auto match = row.match(line); match.hasMatch())
            rows.append({match.captured(1).toDouble(), match.captured(3), match.captured(2)});
    return rows;
}

// The rows of `report --stdio --no-children -s dso,sym -g none -q`, from perf (PROGRAM perf) or from us.
QList<Row> sortedRows(const QString &program, const QString &session) {
    const QStringList arguments{QStringLiteral("report"),
                                QStringLiteral("-i"),
                                session,
                                QStringLiteral("--stdio"),
                                QStringLiteral("--no-children"),
                                QStringLiteral("-s"),
                                QStringLiteral("dso,sym"),
                                QStringLiteral("-g"),
                                QStringLiteral("none"),
                                QStringLiteral("-q")};
    const ProcessResult report = runProgram(program, arguments);
    if (report.exitCode != 0) qWarning("%s report failed: %s", qPrintable(program), qPrintable(report.err));
    // perf 6.1 calls a perf map's module "[JIT] tid PID", we call it by its file, "perf-PID.map". Its sym
    // column also writes the versions of glibc's dynamic symbols ("cfree@GLIBC_2.2.5"), which ours leaves
    // out (script writes them): left out of both here, as names of glibc and not of the runtimes.
    static const QRegularExpression row(
        QStringLiteral(R"(^\s*([\d.]+)%\s+(\[JIT\] tid \d+|\S+)\s+\[.\]\s+(.*)$)"));
    static const QRegularExpression version(QStringLiteral("@@?GLIBC_[0-9.]+$"));
    QList<Row> rows;
    for (const QString &line : report.out.split(QLatin1Char('\n')))
        if (const auto match = row.match(line); match.hasMatch())
            rows.append({match.captured(1).toDouble(), match.captured(2),
                         match.captured(3).trimmed().remove(version)});
    return rows;
}

bool isJitModule(const QString &module) {
    static const QRegularExpression jit(QStringLiteral(R"(^(perf-\d+\.map|\[JIT\] tid \d+)$)"));
    return jit.match(module).hasMatch();
}

// How often each function name appears as a frame in `script -F ip,sym,dso` of PROGRAM (perf or us), for
// the frames whose module (its path) the predicate accepts; offsets and addresses left out.
template <typename ModuleTest>
QMap<QString, int> scriptFrames(const QString &program, const QString &session, ModuleTest inModule) {
    const ProcessResult script = runProgram(program, {QStringLiteral("script"), QStringLiteral("-i"), session,
                                                      QStringLiteral("-F"), QStringLiteral("ip,sym,dso")});
    if (script.exitCode != 0) qWarning("%s script failed: %s", qPrintable(program), qPrintable(script.err));
    static const QRegularExpression frame(
        QStringLiteral(R"(^\s+[0-9a-f]+ (.*?)(\+0x[0-9a-f]+)? \(([^()]+)\)$)"));
    QMap<QString, int> counts;
    for (const QString &line : script.out.split(QLatin1Char('\n')))
        if (const auto match = frame.match(line); match.hasMatch() && inModule(match.captured(3)))
            ++counts[match.captured(1)];
    return counts;
}

QString firstDifference(const QMap<QString, int> &ours, const QMap<QString, int> &perfs) {
    for (auto it = ours.begin(); it != ours.end(); ++it)
        if (perfs.value(it.key()) != it.value())
            return QStringLiteral("%1: ours %2, perf's %3")
                .arg(it.key())
                .arg(it.value())
                .arg(perfs.value(it.key()));
    for (auto it = perfs.begin(); it != perfs.end(); ++it)
        if (!ours.contains(it.key()))
            return QStringLiteral("%1: only perf's, %2").arg(it.key()).arg(it.value());
    return {};
}

// The names of ROWS whose module the predicate accepts, with at least MIN_PERCENT (all when 0).
template <typename ModuleTest>
QSet<QString> namesOf(const QList<Row> &rows, ModuleTest inModule, double minPercent = 0) {
    QSet<QString> names;
    for (const Row &row : rows)
        if (inModule(row.module) && row.percent >= minPercent) names.insert(row.name);
    return names;
}

// The names a perf map file gives its code: what follows the address and size on each line.
QSet<QString> perfMapNames(const QString &path) {
    QFile file(path);
    QSet<QString> names;
    if (!file.open(QIODevice::ReadOnly)) return names;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() >= 3)
            names.insert(QString::fromUtf8(line.mid(fields[0].size() + fields[1].size() + 2)));
    }
    return names;
}

// Legacy Rust mangling left in a name: escapes ($LT$, $u20$), "::" written "..", the hash (17h<16 hex>,
// ::h<16 hex>) or the prefix.
const QRegularExpression
    kHalfMangled(QStringLiteral(R"(\$[A-Zu][A-Z0-9a-f]*\$|\.\.|17h[0-9a-f]{16}|::h[0-9a-f]{16}|^_ZN)"));

// NAME with what its angle brackets hold left out ("a::B<S>::f" and "a::B<…>::f" both "a::B<>::f"), the
// brackets that begin a trait impl's name ("<T as Trait>::f") kept whole. Inline frames of Rust code are
// named from DWARF, whose names do not say their language: short names take "Hasher<S>::reset" for C++
// and write "Hasher<…>::reset", as they would a C++ template's.
QString withoutGenericArguments(const QString &name) {
    if (name.startsWith(QLatin1Char('<'))) return name;
    QString kept;
    int depth = 0;
    for (const QChar c : name) {
        if (c == QLatin1Char('>')) --depth;
        if (depth == 0) kept += c;
        if (c == QLatin1Char('<')) ++depth;
    }
    return kept;
}

const QString kHasherWrite = QStringLiteral("<core::hash::sip::Hasher<S> as core::hash::Hasher>::write");

} // namespace

class TestRuntimeNames : public QObject {
    Q_OBJECT
private slots:
    void cleanupTestCase();
    void javaNamesAsThePerfMapWritesThem();
    void javaNamesAgreeWithPerf();
    void rustNamesDemangledWhole();
    void rustNamesAgreeWithPerf();

private:
    const RuntimeRecording &java();
    const RuntimeRecording &rust();
    QString javaMapModule();

    QTemporaryDir dir_;
    std::optional<RuntimeRecording> java_;
    std::optional<RuntimeRecording> rust_;
};

const RuntimeRecording &TestRuntimeNames::java() {
    if (!java_) java_ = recordJava(dir_);
    return *java_;
}

const RuntimeRecording &TestRuntimeNames::rust() {
    if (!rust_) rust_ = recordRust(dir_);
    return *rust_;
}

// The module of the Java program's JIT code ("perf-PID.map"), by the hottest row of it.
QString TestRuntimeNames::javaMapModule() {
    for (const Row &row : flatRows(java().session, QStringLiteral("full")))
        if (isJitModule(row.module)) return row.module;
    return {};
}

// The JVM leaves its perf map in /tmp.
void TestRuntimeNames::cleanupTestCase() {
    if (java_ && java_->made()) QFile::remove(perfMapFile(javaMapModule()));
}

// The JIT'd method and HotSpot's stubs are named as the perf map writes them, with full and short names:
// a Java signature is no C++ name to shorten, and "StubRoutines (1)" is no name with a parameter list.
void TestRuntimeNames::javaNamesAsThePerfMapWritesThem() {
    if (!java().made()) QSKIP(qPrintable(java().skipReason));
    const QString module = javaMapModule();
    QVERIFY2(!module.isEmpty(), "no frame named by the JVM's perf map");
    const QSet<QString> mapNames = perfMapNames(perfMapFile(module));
    QVERIFY2(mapNames.contains(QStringLiteral("void Hot.main(java.lang.String[])")), qPrintable(module));
    QSet<QString> fullNames;
    for (const QString &names : {QStringLiteral("full"), QStringLiteral("short")}) {
        const QList<Row> rows = flatRows(java().session, names);
        double mainShare = 0;
        for (const Row &row : rows)
            if (row.module == module && row.name == QLatin1String("void Hot.main(java.lang.String[])"))
                mainShare += row.percent;
        QVERIFY2(mainShare > 20,
                 qPrintable(QStringLiteral("%1 names: Hot.main %2%").arg(names).arg(mainShare)));
        const QSet<QString> jitNames = namesOf(rows, [&](const QString &m) { return m == module; });
        QVERIFY2(jitNames.contains(QStringLiteral("StubRoutines (1)")), qPrintable(names));
        for (const QString &name : jitNames)
            QVERIFY2(mapNames.contains(name), qPrintable(names + QStringLiteral(" names: ") + name));
        if (names == QLatin1String("full"))
            fullNames = jitNames;
        else
            QCOMPARE(jitNames, fullNames);
    }
    const QMap<QString, int> frames =
        scriptFrames(QStringLiteral(PERFGLASS_CLI), java().session,
                     [&](const QString &path) { return path == perfMapFile(module); });
    QVERIFY2(frames.value(QStringLiteral("void Hot.main(java.lang.String[])")) > 0, "script");
    QVERIFY2(frames.value(QStringLiteral("StubRoutines (1)")) > 0, "script");
    for (auto it = frames.begin(); it != frames.end(); ++it)
        QVERIFY2(mapNames.contains(it.key()), qPrintable(QStringLiteral("script names: ") + it.key()));
}

// perf report and perf script name the same JIT frames the same, as often.
void TestRuntimeNames::javaNamesAgreeWithPerf() {
    if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian's linux-perf)");
    if (!java().made()) QSKIP(qPrintable(java().skipReason));
    const QList<Row> perfRows = sortedRows(perfPath(), java().session);
    const QList<Row> ourRows = sortedRows(QStringLiteral(PERFGLASS_CLI), java().session);
    QVERIFY(!perfRows.isEmpty());
    QCOMPARE(namesOf(ourRows, isJitModule), namesOf(perfRows, isJitModule));
    QCOMPARE(namesOf(flatRows(java().session, QStringLiteral("full")), isJitModule),
             namesOf(perfRows, isJitModule));
    const QString mapFile = perfMapFile(javaMapModule());
    const auto inMap = [&](const QString &path) { return path == mapFile; };
    const QMap<QString, int> ours = scriptFrames(QStringLiteral(PERFGLASS_CLI), java().session, inMap);
    const QMap<QString, int> perfs = scriptFrames(perfPath(), java().session, inMap);
    QVERIFY(!perfs.isEmpty());
    QVERIFY2(ours == perfs, qPrintable(firstDifference(ours, perfs)));
}

// Every function of the program is demangled whole, with full and short names alike (Rust's names are no
// C++ names to shorten; see withoutGenericArguments for inline frames); SipHash's trait impl has its share.
void TestRuntimeNames::rustNamesDemangledWhole() {
    if (!rust().made()) QSKIP(qPrintable(rust().skipReason));
    const auto inProgram = [](const QString &module) { return module == QLatin1String("hashes"); };
    QSet<QString> fullNames;
    for (const QString &names : {QStringLiteral("full"), QStringLiteral("short")}) {
        const QList<Row> rows = flatRows(rust().session, names);
        double hasher = 0;
        for (const Row &row : rows) {
            QVERIFY2(!kHalfMangled.match(row.name).hasMatch(),
                     qPrintable(names + QStringLiteral(": ") + row.name));
            if (row.name == kHasherWrite) hasher += row.percent;
        }
        QVERIFY2(hasher > 1,
                 qPrintable(QStringLiteral("%1 names: %2 %3%").arg(names, kHasherWrite).arg(hasher)));
        QSet<QString> programNames;
        for (const QString &name : namesOf(rows, inProgram))
            programNames.insert(withoutGenericArguments(name));
        QVERIFY(programNames.contains(QStringLiteral("hashes::main")) ||
                programNames.contains(QStringLiteral("hashes::count_words")));
        QVERIFY(programNames.contains(kHasherWrite));
        if (names == QLatin1String("full"))
            fullNames = programNames;
        else
            QCOMPARE(programNames, fullNames);
    }
}

// The top entries of perf report name the same functions as ours, and perf script names every frame of the
// program as our script does.
void TestRuntimeNames::rustNamesAgreeWithPerf() {
    if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian's linux-perf)");
    if (!rust().made()) QSKIP(qPrintable(rust().skipReason));
    const QList<Row> perfRows = sortedRows(perfPath(), rust().session);
    const QList<Row> ourRows = sortedRows(QStringLiteral(PERFGLASS_CLI), rust().session);
    const auto anyModule = [](const QString &) { return true; };
    const QSet<QString> perfTop = namesOf(perfRows, anyModule, 1.0);
    const QSet<QString> ourTop = namesOf(ourRows, anyModule, 1.0);
    QVERIFY2(perfTop.contains(kHasherWrite), "perf names SipHash's write otherwise");
    // An entry near 1% may be split by perf (one per symbol address): compare each side's top with all of
    // the other's.
    const QSet<QString> onlyPerfs = perfTop - namesOf(ourRows, anyModule);
    QVERIFY2(onlyPerfs.isEmpty(), qPrintable(QStringList(onlyPerfs.values()).join(QLatin1String(", "))));
    const QSet<QString> onlyOurs = ourTop - namesOf(perfRows, anyModule);
    QVERIFY2(onlyOurs.isEmpty(), qPrintable(QStringList(onlyOurs.values()).join(QLatin1String(", "))));
    for (const QString &name : ourTop)
        QVERIFY2(!kHalfMangled.match(name).hasMatch(), qPrintable(name));
    const auto inProgram = [&](const QString &path) {
        return path == QFileInfo(rust().session).dir().filePath(QStringLiteral("hashes"));
    };
    const QMap<QString, int> ours = scriptFrames(QStringLiteral(PERFGLASS_CLI), rust().session, inProgram);
    const QMap<QString, int> perfs = scriptFrames(perfPath(), rust().session, inProgram);
    QVERIFY(perfs.value(kHasherWrite) > 0);
    QVERIFY2(ours == perfs, qPrintable(firstDifference(ours, perfs)));
}

QTEST_GUILESS_MAIN(TestRuntimeNames)
#include "tst_runtimenames.moc"
