// BuildIdCache (identity/BuildIdCache.h): entries in perf's layout (ROOT/PATH/HEX/elf and the relative
// ROOT/.build-id/XX/REST link), found again by build id, listed, and never written or read outside the root.
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace perfglass;
namespace fs = std::filesystem;

namespace {

const std::vector<uint8_t> kBuildId = {0x93, 0xac, 0x61, 0xec, 0x5a, 0x8e, 0xb1, 0x39, 0x6f, 0x9f,
                                       0xbd, 0x35, 0x0e, 0x31, 0x69, 0xa5, 0x58, 0x52, 0x8a, 0x40};
const std::string kHex = "93ac61ec5a8eb1396f9fbd350e3169a558528a40";

std::string writeFile(const std::string &path, const std::string &text) {
    std::ofstream(path) << text;
    return path;
}

std::string readFile(const std::string &path) {
    std::ifstream input(path);
    return {std::istreambuf_iterator<char>(input), {}};
}

} // namespace

class TestBuildIdCache : public QObject {
    Q_OBJECT
private slots:
    void hexDropsPerfsPaddingOnly() {
        std::vector<uint8_t> padded = kBuildId;
        padded.resize(24, 0);
        QCOMPARE(buildIdHex(padded), kHex);
        QCOMPARE(buildIdHex(std::vector<uint8_t>{0x01, 0x00}), std::string("0100"));
        QCOMPARE(buildIdFromHex(kHex), kBuildId);
        QVERIFY(buildIdFromHex("xyz").empty());
        QVERIFY(buildIdFromHex("abc").empty());
    }

    void addedFileIsInPerfsLayoutAndFoundAgain() {
        QTemporaryDir dir;
        const std::string root = dir.filePath("cache").toStdString();
        const std::string source = writeFile(dir.filePath("libc.so.6").toStdString(), "code");
        BuildIdCache cache(root);
        const auto added = cache.add("/usr/lib/x86_64-linux-gnu/libc.so.6", kBuildId, source);
        QVERIFY2(added, added ? "" : added.error().c_str());
        QCOMPARE(*added, root + "/usr/lib/x86_64-linux-gnu/libc.so.6/" + kHex + "/elf");
        QCOMPARE(readFile(*added), std::string("code"));
        const std::string link = root + "/.build-id/93/" + kHex.substr(2);
        QVERIFY(fs::is_symlink(link));
        QCOMPARE(fs::read_symlink(link).string(), "../../usr/lib/x86_64-linux-gnu/libc.so.6/" + kHex);
        QCOMPARE(fs::canonical(cache.find(kBuildId, "elf")), fs::canonical(*added));
        QVERIFY(cache.find(kBuildId, "debug").empty());
        const auto entries = cache.entries();
        QCOMPARE(entries.size(), size_t(1));
        QCOMPARE(entries[0].recordedPath, std::string("/usr/lib/x86_64-linux-gnu/libc.so.6"));
        QCOMPARE(entries[0].buildId, kBuildId);
    }

    void kernelAndVdsoKeepTheirOwnFileNames() {
        QTemporaryDir dir;
        BuildIdCache cache(dir.path().toStdString());
        const std::string text = "ffffffff81000000 T _stext\n";
        const auto kallsyms = cache.addBytes("[kernel.kallsyms]", kBuildId,
                                             {reinterpret_cast<const uint8_t *>(text.data()), text.size()});
        QVERIFY(kallsyms);
        QCOMPARE(*kallsyms, dir.path().toStdString() + "/[kernel.kallsyms]/" + kHex + "/kallsyms");
        QCOMPARE(fs::read_symlink(dir.path().toStdString() + "/.build-id/93/" + kHex.substr(2)).string(),
                 "../../[kernel.kallsyms]/" + kHex);
        QVERIFY(!cache.findFor("[kernel.kallsyms]", kBuildId).empty());
        QCOMPARE(cache.entries().at(0).recordedPath, std::string("[kernel.kallsyms]"));
        QCOMPARE(BuildIdCache::fileKind("[vdso]"), std::string("vdso"));
    }

    void anExistingEntryIsKept() {
        QTemporaryDir dir;
        BuildIdCache cache(dir.filePath("cache").toStdString());
        QVERIFY(cache.add("/bin/app", kBuildId, writeFile(dir.filePath("a").toStdString(), "first")));
        const auto again =
            cache.add("/bin/app", kBuildId, writeFile(dir.filePath("b").toStdString(), "second"));
        QVERIFY(again);
        QCOMPARE(readFile(*again), std::string("first"));
    }

    void pathsThatLeaveTheRootAreRefused() {
        QTemporaryDir dir;
        BuildIdCache cache(dir.filePath("cache").toStdString());
        const std::string source = writeFile(dir.filePath("x").toStdString(), "x");
        for (const char *path :
             {"/../../etc/passwd", "relative/path", "/a//b", "/a/./b", "//anon", "[a/b]", ""})
            QVERIFY2(!cache.add(path, kBuildId, source), path);
        QVERIFY(!fs::exists(dir.filePath("etc").toStdString()));
        QVERIFY(!cache.add("/bin/app", {}, source)); // no build id
    }

    void aLinkLeadingOutsideTheRootIsNotFollowed() {
        QTemporaryDir dir;
        const std::string root = dir.filePath("cache").toStdString();
        fs::create_directories(root + "/.build-id/93");
        fs::create_directories(dir.filePath("outside/" + QString::fromStdString(kHex)).toStdString());
        writeFile(dir.filePath("outside/" + QString::fromStdString(kHex) + "/elf").toStdString(), "evil");
        fs::create_symlink("../../outside/" + kHex, root + "/.build-id/93/" + kHex.substr(2));
        BuildIdCache cache(root);
        QVERIFY(cache.find(kBuildId, "elf").empty());
        QVERIFY(cache.entries().empty());
        // A directory of the entry's path that is a link out of the root stops add() too.
        fs::create_directories(root + "/usr");
        fs::create_directory_symlink(dir.filePath("outside").toStdString(), root + "/usr/lib");
        QVERIFY(!cache.add("/usr/lib/libz.so", kBuildId, writeFile(dir.filePath("z").toStdString(), "z")));
    }

    void buildIdOfAnElfFile() {
        const auto own = elfBuildIdOfFile("/proc/self/exe");
        QVERIFY(!own.empty()); // the test is linked with --build-id, as Debian's toolchain does by default
        QVERIFY(elfBuildIdOfFile("/proc/self/status").empty());
        QVERIFY(elfBuildIdOfFile("/nonexistent").empty());
    }

    void userRootFollowsPerfsVariables() {
        qputenv("PERF_BUILDID_DIR", "/somewhere/cache");
        QCOMPARE(BuildIdCache::userRoot(), std::string("/somewhere/cache"));
        qunsetenv("PERF_BUILDID_DIR");
        qputenv("HOME", "/home/user");
        QCOMPARE(BuildIdCache::userRoot(), std::string("/home/user/.debug"));
    }
};

QTEST_GUILESS_MAIN(TestBuildIdCache)
#include "tst_buildidcache.moc"
