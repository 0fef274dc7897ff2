// Code identity when reading a session (symbols/ModuleFinder): a small C program is built, recorded with
// perfglass-cli record and with perf record (which fills its build-id cache under a HOME of the test's own),
// then rebuilt at the same path with other functions. Reports name the old functions from a build-id cache
// (perf's, and one filled here with BuildIdCache::add for our recording) and annotate reads the cached file;
// without a cache, or with the binary deleted, the frames are [unknown] with one notice naming both build
// ids, and the rebuilt file is never used. A session without build ids names what it finds, with a notice
// that the file changed after the recording. A program in its own mount namespace (unshare -m, a tmpfs over
// its directory) is named through /proc/PID/root while it runs, never from the host's different file at the
// same path.
#include "TestSupport.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "symbols/ModuleFinder.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QtTest>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// Fixed work in two functions of each version, repeated COUNT times (0: until killed).
const char *const kProgram = R"(#include <stdlib.h>
static volatile unsigned long sink;
__attribute__((noinline)) void %1_first(void) { for (unsigned long i = 0; i < 200000; ++i) sink += i * %2; %3 }
__attribute__((noinline)) void %1_second(void) { for (unsigned long i = 0; i < 200000; ++i) sink ^= i + %2; }
int main(int argc, char **argv) {
    const long count = argc > 1 ? atol(argv[1]) : 300;
    for (long round = 0; count == 0 || round < count; ++round) {
        %1_first();
        %1_second();
    }
    return 0;
}
)";

QString hexOf(const std::vector<uint8_t> &buildId) {
    return QString::fromStdString(buildIdHex(buildId));
}

} // namespace

class TestCodeIdentity : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    QString binary_;     // where both versions are built: the recorded path
    QString oldCopy_;    // the first version, kept aside
    QString ours_;       // perfglass-cli record of the first version
    QString oursDwarf_;  // the same with DWARF stacks
    QString perfs_;      // perf record of it (build ids in BUILD_ID; perf's cache filled under home_)
    QString withoutIds_; // perf record --no-buildid of it
    QString home_;       // HOME of perf record: its ~/.debug is perf's build-id cache
    QString ourCache_;   // a cache filled with BuildIdCache::add
    QString oldId_, newId_;

    QString path(const QString &name) const { return dir_.filePath(name); }

    bool build(const QString &prefix, int constant, const QString &output) {
        QFile source(path(prefix + QStringLiteral(".c")));
        if (!source.open(QIODevice::WriteOnly)) return false;
        // The second version's first function is longer, so that its bytes cannot pass for the first's.
        const QString more = prefix == QStringLiteral("old")
                                 ? QString()
                                 : QStringLiteral("for (unsigned long j = 0; j < 1000; ++j) sink -= j * j;");
        source.write(QString::fromLatin1(kProgram).arg(prefix).arg(constant).arg(more).toUtf8());
        source.close();
        const auto result =
            runProgram(QStringLiteral("cc"), {QStringLiteral("-O1"), QStringLiteral("-g"),
                                              QStringLiteral("-fno-omit-frame-pointer"), QStringLiteral("-o"),
                                              output, source.fileName()});
        if (result.exitCode != 0) qWarning("cc: %s", qPrintable(result.err));
        return result.exitCode == 0;
    }

    // perf record with HOME set to home_, so that it fills home_/.debug; tried again where perf 6.1 dies in
    // its build-id code (TestSupport.h, runPerfRecord).
    ProcessResult perfRecord(const QStringList &arguments) {
        ProcessResult result;
        for (int attempt = 0; attempt < 4; ++attempt) {
            if (attempt > 0) QThread::msleep(500u << attempt);
            QProcess process;
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("HOME"), home_);
            environment.remove(QStringLiteral("PERF_BUILDID_DIR"));
            process.setProcessEnvironment(environment);
            process.start(perfPath(),
                          QStringList{QStringLiteral("record"), QStringLiteral("-q")} + arguments);
            process.waitForFinished(120000);
            result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
            result.err = QString::fromUtf8(process.readAllStandardError());
            if (result.exitCode == 0) return result;
        }
        return result;
    }

    static ProcessResult report(const QString &session, const QStringList &extra,
                                const QString &home = QString()) {
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("PERF_BUILDID_DIR"));
        environment.remove(QStringLiteral("DEBUGINFOD_URLS"));
        if (!home.isEmpty()) environment.insert(QStringLiteral("HOME"), home);
        process.setProcessEnvironment(environment);
        const QStringList view = extra.contains(QStringLiteral("--view"))
                                     ? QStringList()
                                     : QStringList{QStringLiteral("--view"), QStringLiteral("flat")};
        process.start(QStringLiteral(PERFGLASS_CLI),
                      QStringList{QStringLiteral("report"), QStringLiteral("-i"), session} + view + extra);
        process.waitForFinished(120000);
        ProcessResult result;
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        result.out = QString::fromUtf8(process.readAllStandardOutput());
        result.err = QString::fromUtf8(process.readAllStandardError());
        return result;
    }

    static QStringList functionLines(const QString &report) {
        QStringList lines;
        for (const QString &line : report.split(QLatin1Char('\n')))
            if (!line.startsWith(QLatin1Char('#')) && !line.trimmed().isEmpty()) lines << line;
        return lines;
    }

    // The report's notes that name the recorded binary.
    QStringList notesOnBinary(const QString &report) const {
        QStringList notes;
        for (const QString &line : report.split(QLatin1Char('\n')))
            if (line.startsWith(QStringLiteral("# note:")) && line.contains(binary_)) notes << line;
        return notes;
    }

    // The largest inclusive share of a function's nodes in a top-down report ("  Incl%  Self%  ├─ name
    // [module]").
    static double inclusiveInTree(const QString &report, const QString &function) {
        double largest = 0;
        for (const QString &line : functionLines(report))
            if (line.contains(QStringLiteral(" ") + function + QStringLiteral("  [")))
                largest = std::max(largest,
                                   line.simplified().section(QLatin1Char(' '), 0, 0).chopped(1).toDouble());
        return largest;
    }

    static bool names(const QString &report, const QString &function) {
        return functionLines(report).filter(function).size() > 0;
    }

    // Old names, no new ones.
    void verifyOldNames(const ProcessResult &result) {
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(names(result.out, QStringLiteral("old_first")), qPrintable(result.out.left(2000)));
        QVERIFY2(names(result.out, QStringLiteral("old_second")), qPrintable(result.out.left(2000)));
        QVERIFY2(!names(result.out, QStringLiteral("new_first")), qPrintable(result.out.left(2000)));
        QVERIFY2(!names(result.out, QStringLiteral("new_second")), qPrintable(result.out.left(2000)));
    }

    // Neither old nor new names, [unknown] frames, and one notice naming the wanted and the found build id.
    void verifyUnnamed(const ProcessResult &result, bool fileThere) {
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        for (const char *function : {"old_first", "old_second", "new_first", "new_second"})
            QVERIFY2(!names(result.out, QLatin1String(function)), qPrintable(result.out.left(2000)));
        QVERIFY2(names(result.out, QStringLiteral("[unknown]")), qPrintable(result.out.left(2000)));
        const QStringList notes = notesOnBinary(result.out);
        QVERIFY2(notes.size() == 1, qPrintable(result.out.left(3000)));
        QVERIFY2(notes.front().contains(oldId_), qPrintable(notes.front()));
        QVERIFY2(notes.front().contains(newId_) == fileThere, qPrintable(notes.front()));
        QVERIFY2(notes.front().contains(QStringLiteral("archive")), qPrintable(notes.front()));
    }

    // Moves the binary away for a test function's scope.
    class Deleted {
    public:
        explicit Deleted(QString file)
            : file_(std::move(file))
            , aside_(file_ + QStringLiteral(".aside")) {
            moved_ = QFile::rename(file_, aside_);
        }
        ~Deleted() {
            if (moved_) QFile::rename(aside_, file_);
        }
        Deleted(const Deleted &) = delete;
        Deleted &operator=(const Deleted &) = delete;
        bool moved() const { return moved_; }

    private:
        QString file_, aside_;
        bool moved_ = false;
    };

private slots:
    void initTestCase() {
        if (QStandardPaths::findExecutable(QStringLiteral("cc")).isEmpty()) QSKIP("no C compiler (cc)");
        if (perfPath().isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
        QVERIFY(dir_.isValid());
        QDir().mkpath(path(QStringLiteral("bin")));
        binary_ = path(QStringLiteral("bin/prog"));
        oldCopy_ = path(QStringLiteral("prog.old"));
        home_ = path(QStringLiteral("home"));
        ourCache_ = path(QStringLiteral("cache"));
        QDir().mkpath(home_);
        QVERIFY(build(QStringLiteral("old"), 3, binary_));
        QVERIFY(QFile::copy(binary_, oldCopy_));

        ours_ = path(QStringLiteral("ours.data"));
        const auto recorded =
            runCli({QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                    QStringLiteral("-g"), QStringLiteral("-o"), ours_, QStringLiteral("--"), binary_});
        if (!QFile::exists(ours_) && recorded.err.contains(QStringLiteral("perf_event_paranoid")))
            QSKIP(qPrintable(QStringLiteral("recording is not permitted here: ") + recorded.err));
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        oursDwarf_ = path(QStringLiteral("ours-dwarf.data"));
        const auto dwarf =
            runCli({QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                    QStringLiteral("--call-graph"), QStringLiteral("dwarf"), QStringLiteral("-o"), oursDwarf_,
                    QStringLiteral("--"), binary_});
        QVERIFY2(dwarf.exitCode == 0, qPrintable(dwarf.err));
        perfs_ = path(QStringLiteral("perf.data"));
        auto result = perfRecord({QStringLiteral("-e"), QStringLiteral("cpu-clock"), QStringLiteral("-g"),
                                  QStringLiteral("-o"), perfs_, binary_});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        withoutIds_ = path(QStringLiteral("noids.data"));
        result = perfRecord({QStringLiteral("-N"), QStringLiteral("-B"), QStringLiteral("-e"),
                             QStringLiteral("cpu-clock"), QStringLiteral("-g"), QStringLiteral("-o"),
                             withoutIds_, binary_});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));

        // The rebuild: other functions at the same path.
        QVERIFY(build(QStringLiteral("new"), 5, binary_));
        oldId_ = hexOf(elfBuildIdOfFile(oldCopy_.toStdString()));
        newId_ = hexOf(elfBuildIdOfFile(binary_.toStdString()));
        QVERIFY(!oldId_.isEmpty() && !newId_.isEmpty() && oldId_ != newId_);
        BuildIdCache cache(ourCache_.toStdString());
        const auto added = cache.add(binary_.toStdString(), elfBuildIdOfFile(oldCopy_.toStdString()),
                                     oldCopy_.toStdString());
        QVERIFY2(added.has_value(), added ? "" : added.error().c_str());
    }

    // perf record kept the first version in its cache (HOME/.debug): found there by build id, by default
    // (HOME) and with --buildid-dir.
    void perfsCacheNamesTheOldCode() {
        const QString perfCache = home_ + QStringLiteral("/.debug");
        QVERIFY2(
            !BuildIdCache(perfCache.toStdString()).find(buildIdFromHex(oldId_.toStdString()), "elf").empty(),
            "perf record did not fill its build-id cache");
        verifyOldNames(report(perfs_, {QStringLiteral("--buildid-dir"), perfCache}));
        verifyOldNames(report(perfs_, {}, home_));
    }

    void ourCacheNamesTheOldCode() {
        verifyOldNames(report(ours_, {QStringLiteral("--buildid-dir"), ourCache_}));
        // --ignore-buildid-cache turns the user's cache off, wherever it is.
        verifyUnnamed(report(ours_, {QStringLiteral("--buildid-dir"), ourCache_,
                                     QStringLiteral("--ignore-buildid-cache")}),
                      true);
    }

    // Annotation reads the very file that named the frames: the cached first version, whose old_first has
    // the range nm gives for it (the rebuilt file has a longer new_first there).
    void annotateReadsTheCachedFile() {
        const auto symbols = runProgram(QStringLiteral("nm"), {QStringLiteral("-S"), oldCopy_});
        const auto match = QRegularExpression(QStringLiteral("^([0-9a-f]+) ([0-9a-f]+) T old_first$"),
                                              QRegularExpression::MultilineOption)
                               .match(symbols.out);
        if (!match.hasMatch()) QSKIP("nm (binutils) gives no size for old_first");
        const uint64_t start = match.captured(1).toULongLong(nullptr, 16);
        const uint64_t end = start + match.captured(2).toULongLong(nullptr, 16);
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("PERF_BUILDID_DIR"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(PERFGLASS_CLI),
                      {QStringLiteral("annotate"), QStringLiteral("-i"), ours_, QStringLiteral("old_first"),
                       QStringLiteral("--asm"), QStringLiteral("--format"), QStringLiteral("json"),
                       QStringLiteral("--buildid-dir"), ourCache_});
        process.waitForFinished(120000);
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(process.exitCode() == 0, qPrintable(QString::fromUtf8(process.readAllStandardError())));
        const QJsonObject json = QJsonDocument::fromJson(out.toUtf8()).object();
        QCOMPARE(json.value(QStringLiteral("start")).toString().toULongLong(nullptr, 16), start);
        QCOMPARE(json.value(QStringLiteral("end")).toString().toULongLong(nullptr, 16), end);
        QVERIFY2(!json.value(QStringLiteral("instructions")).toArray().isEmpty(), qPrintable(out.left(1500)));
    }

    // Reopening the file that named the frames proves it again: the rebuilt file at the recorded path is
    // never read for the old build id; the caches' copy is, and without one the error names both ids.
    void reopenNeverReadsAnotherBuild() {
        const std::vector<uint8_t> old = elfBuildIdOfFile(oldCopy_.toStdString());
        ModuleSearch search;
        search.buildIdCaches = {ourCache_.toStdString()};
        const auto cached = ModuleFinder(search).reopen(binary_.toStdString(), old);
        QVERIFY2(cached.has_value(), cached ? "" : cached.error().c_str());
        QVERIFY((*cached)->path() != binary_.toStdString());
        QVERIFY2((*cached)->path().starts_with(ourCache_.toStdString()), (*cached)->path().c_str());
        const auto uncached = ModuleFinder().reopen(binary_.toStdString(), old);
        QVERIFY(!uncached.has_value());
        QVERIFY2(QString::fromStdString(uncached.error()).contains(oldId_) &&
                     QString::fromStdString(uncached.error()).contains(newId_),
                 uncached.error().c_str());
        QVERIFY(ModuleFinder().reopen(binary_.toStdString(), elfBuildIdOfFile(binary_.toStdString())));
    }

    // An archive of the session and its code (--all, made from our cache), opened with an empty HOME while
    // the rebuilt file sits at the recorded path: annotate disassembles the archive's copy, old_first's own
    // range (nm), with its source lines.
    void annotateFromAnArchiveReadsItsCopy() {
        const auto symbols = runProgram(QStringLiteral("nm"), {QStringLiteral("-S"), oldCopy_});
        const auto match = QRegularExpression(QStringLiteral("^([0-9a-f]+) ([0-9a-f]+) T old_first$"),
                                              QRegularExpression::MultilineOption)
                               .match(symbols.out);
        if (!match.hasMatch()) QSKIP("nm (binutils) gives no size for old_first");
        const QString archive = path(QStringLiteral("ours-archive.tar.bz2"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("PERF_BUILDID_DIR"), ourCache_);
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(PERFGLASS_CLI), {QStringLiteral("archive"), QStringLiteral("--all"),
                                                      ours_, QStringLiteral("-o"), archive});
        process.waitForFinished(120000);
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        const QString empty = path(QStringLiteral("empty-home"));
        QDir().mkpath(empty);
        environment.remove(QStringLiteral("PERF_BUILDID_DIR"));
        environment.insert(QStringLiteral("HOME"), empty);
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), empty + QStringLiteral("/.cache"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(PERFGLASS_CLI),
                      {QStringLiteral("annotate"), QStringLiteral("-i"), archive, QStringLiteral("old_first"),
                       QStringLiteral("--format"), QStringLiteral("json")});
        process.waitForFinished(120000);
        const QString out = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        const QJsonObject json = QJsonDocument::fromJson(out.toUtf8()).object();
        const uint64_t start = match.captured(1).toULongLong(nullptr, 16);
        QCOMPARE(json.value(QStringLiteral("start")).toString().toULongLong(nullptr, 16), start);
        QCOMPARE(json.value(QStringLiteral("end")).toString().toULongLong(nullptr, 16),
                 start + match.captured(2).toULongLong(nullptr, 16));
        QVERIFY2(!json.value(QStringLiteral("instructions")).toArray().isEmpty(), qPrintable(out.left(1500)));
        QVERIFY2(out.contains(QStringLiteral("old_first(void)")), qPrintable(out.left(3000))); // its source
    }

    // No cache: the rebuilt file is not used; [unknown] frames and one notice with both build ids.
    void rebuiltWithoutCache() {
        const QStringList noCache = {QStringLiteral("--ignore-buildid-cache")};
        verifyUnnamed(report(ours_, noCache), true);
        verifyUnnamed(report(perfs_, noCache), true);
        // A cache that lacks the file changes nothing.
        verifyUnnamed(report(perfs_, {QStringLiteral("--buildid-dir"), path(QStringLiteral("empty"))}), true);
    }

    // DWARF stacks are not unwound through a file that is not the one that ran (its CFI could be anything):
    // the samples in the program's loop end as broken there, never reaching libc's __libc_start_call_main
    // above main (which only the few samples of exit() reach); with the cached file they reach it.
    void dwarfUnwindingOnlyThroughProvenFiles() {
        const QString start = QStringLiteral("__libc_start_call_main");
        const QStringList topDown = {QStringLiteral("--view"), QStringLiteral("top-down")};
        const QStringList noCache = {QStringLiteral("--ignore-buildid-cache")};
        verifyUnnamed(report(oursDwarf_, noCache), true);
        const auto without = report(oursDwarf_, noCache + topDown);
        QVERIFY2(without.out.contains(QStringLiteral("no unwind information")),
                 qPrintable(without.out.left(2000)));
        QVERIFY2(inclusiveInTree(without.out, QStringLiteral("[broken stack]")) > 50,
                 qPrintable(without.out.left(2000)));
        QVERIFY2(inclusiveInTree(without.out, start) < 50, qPrintable(without.out.left(2000)));
        const QStringList cache = {QStringLiteral("--buildid-dir"), ourCache_};
        verifyOldNames(report(oursDwarf_, cache));
        const auto with = report(oursDwarf_, cache + topDown);
        QVERIFY2(inclusiveInTree(with.out, QStringLiteral("main")) > 50, qPrintable(with.out.left(2000)));
        QVERIFY2(inclusiveInTree(with.out, start) > 50, qPrintable(with.out.left(2000)));
    }

    void deletedBinary() {
        const Deleted deleted(binary_);
        QVERIFY(deleted.moved());
        verifyUnnamed(report(ours_, {QStringLiteral("--ignore-buildid-cache")}), false);
        verifyUnnamed(report(perfs_, {QStringLiteral("--ignore-buildid-cache")}), false);
        verifyOldNames(report(ours_, {QStringLiteral("--buildid-dir"), ourCache_}));
        verifyOldNames(report(perfs_, {QStringLiteral("--buildid-dir"), home_ + QStringLiteral("/.debug")}));
    }

    // Without build ids nothing proves which file ran: the file at the path names the frames, and a notice
    // says it changed after the recording.
    void sessionWithoutBuildIds() {
        const auto result = report(withoutIds_, {QStringLiteral("--ignore-buildid-cache")});
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(names(result.out, QStringLiteral("new_first")), qPrintable(result.out.left(2000)));
        const QStringList notes = notesOnBinary(result.out);
        QVERIFY2(notes.size() == 1 && notes.front().contains(QStringLiteral("changed after")),
                 qPrintable(result.out.left(3000)));
    }

    // A program in its own mount namespace: its file lies on a tmpfs only it sees, over a directory where
    // the host has the rebuilt file. perf record -p names it in the session with its build id; while it
    // runs, the report reads it through /proc/PID/root; once it is gone, the host's file is not used.
    void mountNamespace() {
        if (QStandardPaths::findExecutable(QStringLiteral("unshare")).isEmpty())
            QSKIP("unshare is not installed");
        const QString directory = path(QStringLiteral("ns"));
        QDir().mkpath(directory);
        const QString inside = directory + QStringLiteral("/prog");
        QVERIFY(QFile::copy(binary_, inside)); // the host's file: the rebuilt one
        const auto probe =
            runProgram(QStringLiteral("unshare"), {QStringLiteral("-m"), QStringLiteral("true")});
        if (probe.exitCode != 0)
            QSKIP(qPrintable(QStringLiteral("unshare -m is not allowed here: ") + probe.err));
        QProcess program;
        program.start(QStringLiteral("unshare"),
                      {QStringLiteral("-m"), QStringLiteral("--propagation"), QStringLiteral("private"),
                       QStringLiteral("sh"), QStringLiteral("-c"),
                       QStringLiteral("mount -t tmpfs tmpfs '%1' && cp '%2' '%3' && exec '%3' 0")
                           .arg(directory, oldCopy_, inside)});
        QVERIFY(program.waitForStarted());
        const auto stop = qScopeGuard([&] {
            program.kill();
            program.waitForFinished();
        });
        const QString pid = QString::number(program.processId());
        // exec replaced the shell once /proc/PID/exe is the program.
        for (int i = 0;
             i < 100 && QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget() != inside; ++i)
            QThread::msleep(50);
        QCOMPARE(QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).symLinkTarget(), inside);
        const QString session = path(QStringLiteral("ns.data"));
        const auto recorded =
            perfRecord({QStringLiteral("-N"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                        QStringLiteral("-g"), QStringLiteral("-p"), pid, QStringLiteral("-o"), session,
                        QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("1")});
        QVERIFY2(QFile::exists(session), qPrintable(recorded.err));
        // The same without build ids (perf record --no-buildid): nothing proves which file ran, and the
        // report says the process sees another file than the host's.
        const QString withoutIds = path(QStringLiteral("ns-noids.data"));
        const auto recordedWithoutIds = perfRecord(
            {QStringLiteral("-N"), QStringLiteral("-B"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
             QStringLiteral("-g"), QStringLiteral("-p"), pid, QStringLiteral("-o"), withoutIds,
             QStringLiteral("--"), QStringLiteral("sleep"), QStringLiteral("1")});
        QVERIFY2(QFile::exists(withoutIds), qPrintable(recordedWithoutIds.err));
        const QStringList noCache = {QStringLiteral("--ignore-buildid-cache")};
        const auto running = report(session, noCache);
        const auto runningWithoutIds = report(withoutIds, noCache);
        binary_ = inside; // notes name the recorded path
        const auto restore = qScopeGuard([&] { binary_ = path(QStringLiteral("bin/prog")); });
        verifyOldNames(running);
        const QStringList notes = notesOnBinary(runningWithoutIds.out);
        QVERIFY2(notes.size() == 1 && notes.front().contains(QStringLiteral("sees another file")) &&
                     notes.front().contains(oldId_),
                 qPrintable(runningWithoutIds.out.left(3000)));
        program.kill();
        program.waitForFinished();
        verifyUnnamed(report(session, noCache), true);
    }
};

QTEST_GUILESS_MAIN(TestCodeIdentity)
#include "tst_codeidentity.moc"
