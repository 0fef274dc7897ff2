// symbols/ModuleFinder, the lookup order of the files that ran, on files made here (no recording): build ids
// padded as perf pads them, a library directory used where the recorded path holds another build, the path of
// a deleted file holding the same or another build, a cache entry with only a debug file, the vdso kept in a
// cache, and the warning for a file without build id that changed after the session.
#include "TestSupport.h"
#include "base/ProcFs.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "symbols/ModuleFinder.h"

#include <QDir>
#include <QtTest>

#include <sys/stat.h>

#include <fmt/format.h>

using namespace perfglass;
using namespace perfglass::test;

class TestModuleFinder : public QObject {
    Q_OBJECT

private:
    QTemporaryDir dir_;
    std::string hotspots_; // a copy of the hotspots-fp client
    std::vector<uint8_t> hotspotsId_;

    static QString canonical(const std::string &file) {
        return QFileInfo(QString::fromStdString(file)).canonicalFilePath();
    }

    std::string path(const char *name) const {
        return dir_.filePath(QString::fromLatin1(name)).toStdString();
    }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        hotspots_ = path("hotspots");
        QVERIFY(QFile::copy(clientPath(QStringLiteral("hotspots-fp")), QString::fromStdString(hotspots_)));
        hotspotsId_ = elfBuildIdOfFile(hotspots_);
        QVERIFY(!hotspotsId_.empty());
    }

    void buildIdsPaddedAsPerfPadsThem() {
        std::vector<uint8_t> recorded = hotspotsId_;
        QVERIFY(ModuleFinder::sameBuildId(recorded, hotspotsId_));
        recorded.resize(24, 0);
        QVERIFY(ModuleFinder::sameBuildId(recorded, hotspotsId_));
        recorded.back() = 1;
        QVERIFY(!ModuleFinder::sameBuildId(recorded, hotspotsId_));
        QVERIFY(!ModuleFinder::sameBuildId(hotspotsId_, {}));
    }

    // The recorded path holds another build (the test's own binary): the library directory's file of that
    // name with the recorded build id is used; without it, nothing, and the notice names both ids.
    void libraryPathWhereThePathHoldsAnotherBuild() {
        const std::string recorded = path("app/hotspots");
        QDir().mkpath(QString::fromStdString(path("app")));
        QVERIFY(QFile::copy(QCoreApplication::applicationFilePath(), QString::fromStdString(recorded)));
        const std::vector<uint8_t> otherId = elfBuildIdOfFile(recorded);
        const RecordedModule module{recorded, hotspotsId_, {}};
        const auto refused = ModuleFinder(ModuleSearch{}).open(module);
        QVERIFY(!refused);
        QVERIFY2(refused.error().find(buildIdHex(otherId)) != std::string::npos, refused.error().c_str());
        QVERIFY2(refused.error().find(buildIdHex(hotspotsId_)) != std::string::npos, refused.error().c_str());
        ModuleSearch search;
        search.libraryPaths = {path("nowhere"), dir_.path().toStdString()};
        const auto found = ModuleFinder(search).open(module);
        QVERIFY2(found.has_value(), found ? "" : found.error().c_str());
        QCOMPARE(found->filePath, hotspots_);
        QVERIFY(found->symbols->hasSymbols());
    }

    // A file mapped as "PATH (deleted)": what PATH holds now names frames only when it is the recorded build;
    // another build there is named in the notice with both ids, never used.
    void deletedPathHoldingTheSameOrAnotherBuild() {
        QDir().mkpath(QString::fromStdString(path("rebuilt")));
        const std::string now = path("rebuilt/prog");
        QVERIFY(QFile::copy(QString::fromStdString(hotspots_), QString::fromStdString(now)));
        const RecordedModule module{now + " (deleted)", hotspotsId_, {}};
        const auto found = ModuleFinder(ModuleSearch{}).open(module);
        QVERIFY2(found.has_value(), found ? "" : found.error().c_str());
        QCOMPARE(found->filePath, now);
        QVERIFY(QFile::remove(QString::fromStdString(now)));
        QVERIFY(QFile::copy(QCoreApplication::applicationFilePath(), QString::fromStdString(now)));
        const std::string expected = fmt::format("{} has build id {}, but the recording has {}", now,
                                                 buildIdHex(elfBuildIdOfFile(now)), buildIdHex(hotspotsId_));
        const auto refused = ModuleFinder(ModuleSearch{}).open(module);
        QVERIFY(!refused);
        QVERIFY2(refused.error().find(expected) != std::string::npos, refused.error().c_str());
    }

    // A cache entry that keeps only the debug file names the frames from it.
    void cacheEntryWithOnlyADebugFile() {
        if (QStandardPaths::findExecutable(QStringLiteral("objcopy")).isEmpty())
            QSKIP("objcopy is not installed (Debian: binutils)");
        const std::string debug = path("hotspots.debug");
        const auto made = runProgram(QStringLiteral("objcopy"),
                                     {QStringLiteral("--only-keep-debug"), QString::fromStdString(hotspots_),
                                      QString::fromStdString(debug)});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        BuildIdCache cache(path("cache"));
        const auto added = cache.add("/gone/hotspots", hotspotsId_, debug, "debug");
        QVERIFY2(added.has_value(), added ? "" : added.error().c_str());
        ModuleSearch search;
        search.buildIdCaches = {path("empty-cache"), path("cache")};
        const auto found = ModuleFinder(search).open({"/gone/hotspots", hotspotsId_, {}});
        QVERIFY2(found.has_value(), found ? "" : found.error().c_str());
        QCOMPARE(canonical(found->filePath), canonical(*added)); // found through the .build-id link
        QVERIFY(found->symbols->hasSymbols());
    }

    // [vdso] of a recording: the cache's image for its build id, else this process's own when the id is its.
    void vdsoFromTheCache() {
        const std::span<const uint8_t> image = ownVdsoImage();
        if (image.empty()) QSKIP("this process has no vdso");
        const std::string own = path("vdso");
        QFile file(QString::fromStdString(own));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(reinterpret_cast<const char *>(image.data()), static_cast<qint64>(image.size()));
        file.close();
        const std::vector<uint8_t> id = elfBuildIdOfFile(own);
        if (id.empty()) QSKIP("this kernel's vdso has no build id");
        const auto ownImage = ModuleFinder(ModuleSearch{}).open({"[vdso]", id, {}});
        QVERIFY2(ownImage.has_value(), ownImage ? "" : ownImage.error().c_str());
        QVERIFY(ownImage->filePath.empty()); // no file: this process's image
        std::vector<uint8_t> otherKernel = id;
        otherKernel[0] ^= 0xff;
        const auto refused = ModuleFinder(ModuleSearch{}).open({"[vdso]", otherKernel, {}});
        QVERIFY(!refused);
        QVERIFY2(refused.error().find(buildIdHex(otherKernel)) != std::string::npos, refused.error().c_str());
        BuildIdCache cache(path("vdso-cache"));
        const auto added = cache.add("[vdso]", id, own);
        QVERIFY2(added.has_value(), added ? "" : added.error().c_str());
        ModuleSearch search;
        search.buildIdCaches = {cache.root()};
        const auto cached = ModuleFinder(search).open({"[vdso]", id, {}});
        QVERIFY2(cached.has_value(), cached ? "" : cached.error().c_str());
        QCOMPARE(canonical(cached->filePath), canonical(*added));
    }

    // Without build id the file at the path is used; changed after the recording, with a warning.
    void withoutBuildIdAWarningWhenTheFileIsNewer() {
        struct stat status {};
        QCOMPARE(::stat(hotspots_.c_str(), &status), 0);
        const int64_t modified = int64_t{status.st_mtim.tv_sec} * 1'000'000'000 + status.st_mtim.tv_nsec;
        ModuleSearch search;
        search.recordingTimeNs = modified - 1;
        const auto newer = ModuleFinder(search).open({hotspots_, {}, {}});
        QVERIFY(newer.has_value());
        QVERIFY2(newer->warning.find("changed after") != std::string::npos, newer->warning.c_str());
        search.recordingTimeNs = modified + 1;
        const auto older = ModuleFinder(search).open({hotspots_, {}, {}});
        QVERIFY(older.has_value());
        QVERIFY(older->warning.empty());
        QCOMPARE(older->filePath, hotspots_);
    }
};

QTEST_GUILESS_MAIN(TestModuleFinder)
#include "tst_modulefinder.moc"
