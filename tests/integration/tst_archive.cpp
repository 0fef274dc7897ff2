// Sessions that travel (issue 29): a small C program built here is recorded by perf record (HOME set to a
// temporary directory, so its ~/.debug fills) and by perfglass-cli record (its cache filled here with
// BuildIdCache::add), archived by perf archive and by perfglass-cli archive (full and --symbols-only); then
// the program is deleted and HOME is empty:
//  - our archives, unpacked with tar into ~/.debug, let perf report name the program's functions as perf's
//  own
//    archive does, and hold every entry perf's archive holds;
//  - report/script -i ARCHIVE (ours, perf's, --all) and -i perf.data with the archive beside it unpack into
//    the private cache under $XDG_CACHE_HOME, never into ~/.debug, and search it;
//  - they name every frame of the program that perf names from the unpacked archive (the *Named* functions:
//    these need the loader to search LoadOptions::buildIdCaches, the lookup branch);
//  - a hostile archive is refused with the member named.
#include "TestSupport.h"

#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"

#include <QDir>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QtTest>

#include <set>

using namespace perfglass;
using namespace perfglass::test;

namespace {

const char *kProgram = R"(#include <stdio.h>
static volatile double sink;
__attribute__((noinline)) void work_inner(int n) { double s = 0; for (int i = 0; i < n; i++) s += i * 0.5; sink += s; }
__attribute__((noinline)) void work_outer(int n) { for (int k = 0; k < 200; k++) work_inner(n + k); }
int main(void) { for (int r = 0; r < 12; r++) work_outer(100000); printf("%f\n", sink); return 0; }
)";

ProcessResult runWith(const QString &program, const QStringList &arguments, const QMap<QString, QString> &env,
                      const QString &directory = {}) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("PERF_BUILDID_DIR"));
    for (auto it = env.begin(); it != env.end(); ++it)
        environment.insert(it.key(), it.value());
    process.setProcessEnvironment(environment);
    if (!directory.isEmpty()) process.setWorkingDirectory(directory);
    return runConfigured(process, program, arguments, 240000);
}

// The functions named in frames of module (perf script's and our script's frame lines: ADDRESS SYMBOL+OFF
// (MODULE)).
std::set<QString> functionsOf(const QString &script, const QString &module) {
    static const QRegularExpression frame(
        QStringLiteral("^\\s+[0-9a-f]+ (\\S+?)(\\+0x[0-9a-f]+)? \\((.*)\\)$"));
    std::set<QString> names;
    for (const QString &line : script.split(QLatin1Char('\n'))) {
        const auto match = frame.match(line);
        if (match.hasMatch() && match.captured(3) == module &&
            match.captured(1) != QLatin1String("[unknown]"))
            names.insert(match.captured(1));
    }
    return names;
}

QString joined(const std::set<QString> &names) {
    return QStringList(names.begin(), names.end()).join(QLatin1Char(' '));
}

std::set<QString> tarMembers(const QString &archive) {
    const ProcessResult listed = runProgram(QStringLiteral("tar"), {QStringLiteral("tjf"), archive});
    std::set<QString> members;
    for (QString line : listed.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        while (line.endsWith(QLatin1Char('/')))
            line.chop(1);
        members.insert(line);
    }
    return members;
}

} // namespace

class TestArchive : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    QString perf_;
    QString app_;         // the program, deleted once everything is recorded and archived
    QString perfSession_; // recorded by perf record
    QString ourSession_;  // recorded by perfglass-cli record
    QString perfScript_;  // perf script of perfSession_ with the program present (what perf names)
    int emptyHomes_ = 0;

    QString path(const QString &name) const { return dir_.filePath(name); }
    QMap<QString, QString> emptyHome() {
        const QString home = path(QStringLiteral("empty-home-%1").arg(++emptyHomes_));
        QDir().mkpath(home);
        return {{QStringLiteral("HOME"), home},
                {QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/xdg")}};
    }
    QString archive(const QString &session, const QStringList &options, const QString &output,
                    const QString &home) {
        const ProcessResult made =
            runWith(QStringLiteral(PERFGLASS_CLI),
                    QStringList{QStringLiteral("archive"), session, QStringLiteral("-o"), output} + options,
                    {{QStringLiteral("HOME"), home}});
        if (made.exitCode != 0) qWarning().noquote() << made.err;
        return made.out + made.err;
    }
    // perf script with HOME whose ~/.debug holds archive unpacked by tar.
    QString perfScriptWithUnpacked(const QString &archivePath, const QString &session) {
        const auto env = emptyHome();
        QDir().mkpath(env[QStringLiteral("HOME")] + QStringLiteral("/.debug"));
        const ProcessResult untar =
            runProgram(QStringLiteral("tar"), {QStringLiteral("xf"), archivePath, QStringLiteral("-C"),
                                               env[QStringLiteral("HOME")] + QStringLiteral("/.debug")});
        if (untar.exitCode != 0) qWarning().noquote() << untar.err;
        return runWith(perf_, {QStringLiteral("script"), QStringLiteral("-i"), session}, env).out;
    }

private slots:
    void initTestCase() {
        perf_ = perfPath();
        if (perf_.isEmpty()) QSKIP("perf is not installed (Debian: linux-perf)");
        const QString cc = QStandardPaths::findExecutable(QStringLiteral("cc"));
        if (cc.isEmpty()) QSKIP("no C compiler (cc) to build the recorded program");
        QFile source(path(QStringLiteral("app.c")));
        QVERIFY(source.open(QIODevice::WriteOnly));
        source.write(kProgram);
        source.close();
        app_ = path(QStringLiteral("app"));
        const ProcessResult built = runProgram(cc, {QStringLiteral("-O1"), QStringLiteral("-g"),
                                                    QStringLiteral("-fno-omit-frame-pointer"),
                                                    QStringLiteral("-o"), app_, source.fileName()});
        QVERIFY2(built.exitCode == 0, qPrintable(built.err));

        // perf record: HOME is a directory of the test's, so that perf fills its ~/.debug.
        perfSession_ = path(QStringLiteral("perf.data"));
        const QMap<QString, QString> perfHome{{QStringLiteral("HOME"), path(QStringLiteral("perf-home"))}};
        QVERIFY(QDir().mkpath(
            perfHome[QStringLiteral("HOME")])); // perf fills ~/.debug only in a HOME that exists
        const ProcessResult recorded =
            runWith(perf_,
                    {QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                     QStringLiteral("-g"), QStringLiteral("-o"), perfSession_, app_},
                    perfHome);
        QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
        perfScript_ =
            runWith(perf_, {QStringLiteral("script"), QStringLiteral("-i"), perfSession_}, perfHome).out;
        QVERIFY2(functionsOf(perfScript_, app_).count(QStringLiteral("work_inner")),
                 qPrintable(joined(functionsOf(perfScript_, app_))));
        const ProcessResult perfArchive = runWith(perf_, {QStringLiteral("archive"), perfSession_}, perfHome);
        QVERIFY2(perfArchive.exitCode == 0, qPrintable(perfArchive.err));
        QVERIFY(QFile::exists(perfSession_ + QStringLiteral(".tar.bz2")));
        QVERIFY2(!tarMembers(perfSession_ + QStringLiteral(".tar.bz2")).empty(), qPrintable(perfArchive.err));
        const QString perfHomeDir = perfHome[QStringLiteral("HOME")];
        QVERIFY(archive(perfSession_, {}, path(QStringLiteral("ours-of-perf.tar.bz2")), perfHomeDir)
                    .contains("wrote"));
        QVERIFY(archive(perfSession_, {QStringLiteral("--symbols-only")},
                        path(QStringLiteral("so-of-perf.tar.bz2")), perfHomeDir)
                    .contains("smaller than the full archive"));
        QVERIFY(archive(perfSession_, {QStringLiteral("--all")}, path(QStringLiteral("all-of-perf.tar.bz2")),
                        perfHomeDir)
                    .contains("wrote"));

        // From an empty cache: every entry from the running system (recorded paths, /proc/kallsyms, the
        // vdso).
        const QString noCache = emptyHome()[QStringLiteral("HOME")];
        QVERIFY(archive(perfSession_, {}, path(QStringLiteral("from-system.tar.bz2")), noCache)
                    .contains("wrote"));

        // perfglass-cli record, its cache filled here (record's own cache filling lands on another branch).
        ourSession_ = path(QStringLiteral("ours.data"));
        const ProcessResult ours =
            runCli({QStringLiteral("record"), QStringLiteral("-e"), QStringLiteral("cpu-clock"),
                    QStringLiteral("-g"), QStringLiteral("-o"), ourSession_, QStringLiteral("--"), app_});
        QVERIFY2(ours.exitCode == 0, qPrintable(ours.err));
        BuildIdCache ourCache(path(QStringLiteral("our-home/.debug")).toStdString());
        QVERIFY(ourCache.add(app_.toStdString(), elfBuildIdOfFile(app_.toStdString()), app_.toStdString()));
        const QString ourHome = path(QStringLiteral("our-home"));
        QVERIFY(
            archive(ourSession_, {}, ourSession_ + QStringLiteral(".tar.bz2"), ourHome).contains("wrote"));
        QVERIFY(archive(ourSession_, {QStringLiteral("--symbols-only")},
                        path(QStringLiteral("so-of-ours.tar.bz2")), ourHome)
                    .contains("smaller"));

        QVERIFY(QFile::rename(app_, app_ + QStringLiteral(".gone")));
        QVERIFY(functionsOf(runWith(perf_, {QStringLiteral("script"), QStringLiteral("-i"), perfSession_},
                                    emptyHome())
                                .out,
                            app_)
                    .empty()); // without its archive, nothing names the deleted program
    }

    void ourArchiveHoldsWhatPerfsHolds() {
        const auto perfs = tarMembers(perfSession_ + QStringLiteral(".tar.bz2"));
        const auto ours = tarMembers(path(QStringLiteral("ours-of-perf.tar.bz2")));
        QVERIFY(!perfs.empty());
        for (const QString &member : perfs)
            QVERIFY2(ours.count(member),
                     qPrintable(member + QStringLiteral(" is in perf's archive, not ours")));
        const auto all = tarMembers(path(QStringLiteral("all-of-perf.tar.bz2")));
        QCOMPARE(all,
                 (std::set<QString>{QStringLiteral("perf.data"), QStringLiteral("perf.symbols.tar.bz2")}));
    }

    // Without a cache, the files come from the recorded paths, kallsyms from /proc, the vdso from the
    // kernel's image: byte for byte what perf cached when it recorded.
    void entriesComeFromTheSystemWithoutACache() {
        if (!isRoot())
            QSKIP("/proc/kallsyms hides its addresses from this user: its entry cannot be compared");
        const QString perfs = path(QStringLiteral("unpacked-perfs")),
                      ours = path(QStringLiteral("unpacked-system"));
        for (const auto &[archivePath, into] :
             {std::pair{perfSession_ + QStringLiteral(".tar.bz2"), perfs},
              std::pair{path(QStringLiteral("from-system.tar.bz2")), ours}}) {
            QVERIFY(QDir().mkpath(into));
            QCOMPARE(runProgram(QStringLiteral("tar"),
                                {QStringLiteral("xf"), archivePath, QStringLiteral("-C"), into})
                         .exitCode,
                     0);
        }
        int compared = 0;
        bool programCompared = false; // its entry: PATH/BUILDID/elf, PATH without its leading slash
        const QString programEntry = app_.mid(1) + QLatin1Char('/');
        for (const QString &member : tarMembers(perfSession_ + QStringLiteral(".tar.bz2"))) {
            const QFileInfo info(perfs + QLatin1Char('/') + member);
            if (!info.isFile() || info.isSymLink() || member.endsWith(QLatin1String("/probes"))) continue;
            QFile theirs(info.filePath()), mine(ours + QLatin1Char('/') + member);
            QVERIFY2(mine.open(QIODevice::ReadOnly), qPrintable(member + QStringLiteral(" is missing")));
            QVERIFY(theirs.open(QIODevice::ReadOnly));
            QVERIFY2(mine.readAll() == theirs.readAll(),
                     qPrintable(member + QStringLiteral(" differs from perf's")));
            ++compared;
            programCompared |= member.startsWith(programEntry);
        }
        // The program at least; kallsyms and the vdso only when perf's samples fell in them, which a loop
        // that makes no system calls leaves to chance on a busy machine.
        QVERIFY2(
            programCompared,
            qPrintable(QStringLiteral("%1 entries compared, none of %2").arg(compared).arg(programEntry)));
    }

    void ourArchivesLetPerfNameTheProgram_data() {
        QTest::addColumn<QString>("archive");
        QTest::addColumn<QString>("session");
        QTest::newRow("perf's archive") << perfSession_ + QStringLiteral(".tar.bz2") << perfSession_;
        QTest::newRow("ours of perf's session")
            << path(QStringLiteral("ours-of-perf.tar.bz2")) << perfSession_;
        QTest::newRow("symbols-only of perf's") << path(QStringLiteral("so-of-perf.tar.bz2")) << perfSession_;
        QTest::newRow("ours of our session") << ourSession_ + QStringLiteral(".tar.bz2") << ourSession_;
        QTest::newRow("symbols-only of ours") << path(QStringLiteral("so-of-ours.tar.bz2")) << ourSession_;
    }
    void ourArchivesLetPerfNameTheProgram() {
        QFETCH(QString, archive);
        QFETCH(QString, session);
        const auto named = functionsOf(perfScriptWithUnpacked(archive, session), app_);
        if (session == perfSession_) {
            QCOMPARE(joined(named), joined(functionsOf(perfScript_, app_)));
        } else {
            QVERIFY2(named.count(QStringLiteral("work_inner")) && named.count(QStringLiteral("main")),
                     qPrintable(joined(named)));
        }
    }

    void archivesOpenIntoThePrivateCache_data() {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("session");
        QTest::newRow("perf's archive") << perfSession_ + QStringLiteral(".tar.bz2") << perfSession_;
        QTest::newRow("session with perf's archive beside") << perfSession_ << perfSession_;
        QTest::newRow("--all") << path(QStringLiteral("all-of-perf.tar.bz2")) << perfSession_;
        QTest::newRow("our session's archive") << ourSession_ + QStringLiteral(".tar.bz2") << ourSession_;
    }
    void archivesOpenIntoThePrivateCache() {
        QFETCH(QString, input);
        const auto env = emptyHome();
        const ProcessResult report = runWith(QStringLiteral(PERFGLASS_CLI),
                                             {QStringLiteral("report"), QStringLiteral("-i"), input}, env);
        QVERIFY2(report.exitCode == 0, qPrintable(report.err));
        const QString privateCache =
            env[QStringLiteral("XDG_CACHE_HOME")] + QStringLiteral("/perfglass/archives/");
        static const QRegularExpression searched(
            QStringLiteral("symbols are looked up in the build-id cache (\\S+)"));
        const auto match = searched.match(report.err);
        QVERIFY2(match.hasMatch(), qPrintable(report.err));
        QVERIFY2(match.captured(1).startsWith(privateCache), qPrintable(match.captured(1)));
        QVERIFY(QFileInfo(match.captured(1) + QStringLiteral("/.build-id")).isDir());
        QVERIFY(!QFileInfo::exists(env[QStringLiteral("HOME")] + QStringLiteral("/.debug")));
        // Opened again: the same private cache, reused.
        const ProcessResult again = runWith(QStringLiteral(PERFGLASS_CLI),
                                            {QStringLiteral("report"), QStringLiteral("-i"), input}, env);
        QVERIFY2(again.err.contains(QStringLiteral("unpacked before")), qPrintable(again.err));
    }

    // Needs the lookup branch: the loader searching LoadOptions::buildIdCaches.
    void archivesNameEveryFramePerfNames_data() { archivesOpenIntoThePrivateCache_data(); }
    void archivesNameEveryFramePerfNames() {
#ifndef PERFGLASS_LOADER_SEARCHES_BUILD_ID_CACHES
        QSKIP("the loader does not search LoadOptions::buildIdCaches yet (the lookup branch of core/load)");
#endif
        QFETCH(QString, input);
        QFETCH(QString, session);
        const ProcessResult script =
            runWith(QStringLiteral(PERFGLASS_CLI), {QStringLiteral("script"), QStringLiteral("-i"), input},
                    emptyHome());
        QVERIFY2(script.exitCode == 0, qPrintable(script.err));
        const auto ours = functionsOf(script.out, app_);
        const QString archivePath =
            input.endsWith(QLatin1String(".data")) ? input + QStringLiteral(".tar.bz2") : input;
        // perf's names of the same session, with the same archive unpacked into its ~/.debug (the --all row's
        // session is perf's own, named by perf's script of it).
        const auto perfs = !input.contains(QLatin1String("all-of"))
                               ? functionsOf(perfScriptWithUnpacked(archivePath, session), app_)
                               : functionsOf(perfScript_, app_);
        QVERIFY(perfs.count(QStringLiteral("work_inner")));
        for (const QString &name : perfs)
            QVERIFY2(ours.count(name),
                     qPrintable(name + QStringLiteral(" is named by perf, not by us: ") + joined(ours)));
    }

    // Needs the lookup branch too.
    void symbolsOnlyArchivesNameEveryFramePerfNames() {
#ifndef PERFGLASS_LOADER_SEARCHES_BUILD_ID_CACHES
        QSKIP("the loader does not search LoadOptions::buildIdCaches yet (the lookup branch of core/load)");
#endif
        const QString session = path(QStringLiteral("so-session/perf.data"));
        QDir().mkpath(path(QStringLiteral("so-session")));
        QVERIFY(QFile::copy(perfSession_, session));
        QVERIFY(
            QFile::copy(path(QStringLiteral("so-of-perf.tar.bz2")), session + QStringLiteral(".tar.bz2")));
        const ProcessResult script =
            runWith(QStringLiteral(PERFGLASS_CLI), {QStringLiteral("script"), QStringLiteral("-i"), session},
                    emptyHome());
        QVERIFY2(script.exitCode == 0, qPrintable(script.err));
        const auto ours = functionsOf(script.out, app_);
        for (const QString &name : functionsOf(perfScript_, app_))
            QVERIFY2(ours.count(name), qPrintable(name + QStringLiteral(" is not named: ") + joined(ours)));
    }

    void hostileArchivesAreRefusedWithTheMemberNamed() {
        // GNU tar keeps "../" in member names with -P: such a member would land outside the cache.
        QDir().mkpath(path(QStringLiteral("hostile/inner")));
        QFile outside(path(QStringLiteral("hostile/outside.txt")));
        QVERIFY(outside.open(QIODevice::WriteOnly));
        outside.write("x");
        outside.close();
        const QString hostile = path(QStringLiteral("hostile.tar.bz2"));
        const ProcessResult made =
            runWith(QStringLiteral("tar"),
                    {QStringLiteral("-P"), QStringLiteral("-cjf"), hostile, QStringLiteral("../outside.txt")},
                    {}, path(QStringLiteral("hostile/inner")));
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        const auto env = emptyHome();
        const ProcessResult report = runWith(QStringLiteral(PERFGLASS_CLI),
                                             {QStringLiteral("report"), QStringLiteral("-i"), hostile}, env);
        QCOMPARE(report.exitCode, 1);
        QVERIFY2(report.err.contains(QStringLiteral("member \"../outside.txt\"")), qPrintable(report.err));
        const QString privateCache =
            env[QStringLiteral("XDG_CACHE_HOME")] + QStringLiteral("/perfglass/archives");
        QVERIFY(QDir(privateCache).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
        QVERIFY(!QFileInfo::exists(env[QStringLiteral("XDG_CACHE_HOME")] +
                                   QStringLiteral("/perfglass/outside.txt")));
    }
};

QTEST_GUILESS_MAIN(TestArchive)
#include "tst_archive.moc"
