// Archives (identity/): hostile archives, made here with libarchive, are refused with the member named and
// leave nothing outside the directory they were unpacked into (nor, through ArchiveOpener, in the private
// cache); a perf-like archive unpacks into a build-id cache that BuildIdCache reads; the private cache is
// reused; the symbols-only form of an ELF file keeps what libdw needs to name, unwind and give lines.
#include "identity/ArchiveOpener.h"
#include "identity/ArchiveReader.h"
#include "identity/ArchiveWriter.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "identity/SymbolsOnlyElf.h"

#include "base/Error.h"

#include <QTemporaryDir>
#include <QtTest>

#include <archive.h>
#include <archive_entry.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>

using namespace perfglass;
namespace fs = std::filesystem;

namespace {

// One member of a hand-made archive.
struct Member {
    Member(std::string path_, unsigned type_ = AE_IFREG, std::string data_ = {}, std::string link_ = {},
           bool hardLink_ = false)
        : path(std::move(path_))
        , type(type_)
        , data(std::move(data_))
        , link(std::move(link_))
        , hardLink(hardLink_) {}
    std::string path;
    unsigned type;
    std::string data;
    std::string link; // symlink target, or hard link source
    bool hardLink;
};

// Writes members as a tar with the filter given (bzip2 by default) through libarchive.
void writeArchive(const std::string &path, const std::vector<Member> &members, bool bzip2 = true) {
    archive *out = archive_write_new();
    if (bzip2) archive_write_add_filter_bzip2(out);
    archive_write_set_format_pax_restricted(out);
    QCOMPARE(archive_write_open_filename(out, path.c_str()), ARCHIVE_OK);
    for (const Member &member : members) {
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, member.path.c_str());
        archive_entry_set_filetype(entry, member.type);
        archive_entry_set_perm(entry, member.type == AE_IFDIR ? 0755 : 0644);
        if (member.hardLink)
            archive_entry_set_hardlink(entry, member.link.c_str());
        else if (member.type == AE_IFLNK)
            archive_entry_set_symlink(entry, member.link.c_str());
        if (member.type == AE_IFCHR) archive_entry_set_rdev(entry, makedev(1, 3));
        const int64_t size = int64_t(member.data.size());
        if (member.type == AE_IFREG && !member.hardLink) archive_entry_set_size(entry, size);
        QCOMPARE(archive_write_header(out, entry), ARCHIVE_OK);
        if (!member.data.empty()) archive_write_data(out, member.data.data(), member.data.size());
        archive_entry_free(entry);
    }
    archive_write_close(out);
    archive_write_free(out);
}

// Every path under directory (links not followed), relative to it.
std::set<std::string> treeOf(const std::string &directory) {
    std::set<std::string> paths;
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(directory, error);
         it != fs::recursive_directory_iterator(); ++it)
        paths.insert(it->path().lexically_relative(directory).string());
    return paths;
}

std::string refusal(const std::string &archivePath, const std::string &into, ArchiveLimits limits = {}) {
    try {
        ArchiveReader reader = ArchiveReader::openFile(archivePath);
        UnpackBudget budget(limits, fs::file_size(archivePath));
        reader.extractTo(into, budget);
    } catch (const Error &error) {
        return error.what();
    }
    return {};
}

const std::string kHex = "93ac61ec5a8eb1396f9fbd350e3169a558528a40";

// perf archive's layout for one file.
std::vector<Member> perfLikeMembers(const std::string &elf = "ELF bytes") {
    return {{".build-id/93/" + kHex.substr(2), AE_IFLNK, {}, "../../usr/lib/libx.so/" + kHex},
            {"usr/lib/libx.so/" + kHex, AE_IFDIR},
            {"usr/lib/libx.so/" + kHex + "/elf", AE_IFREG, elf}};
}

// A pid below pid_max that no process has.
pid_t unusedPid() {
    std::ifstream file("/proc/sys/kernel/pid_max");
    pid_t pidMax = 32768;
    file >> pidMax;
    for (pid_t pid = pidMax - 1; pid > 1; --pid)
        if (::kill(pid, 0) != 0 && errno == ESRCH) return pid;
    return -1;
}

} // namespace

class TestArchiveReader : public QObject {
    Q_OBJECT
private:
    QTemporaryDir dir_;
    std::string path(const char *name) const { return dir_.filePath(name).toStdString(); }

    // The archive is refused with its member named, and nothing appears outside the target directory.
    void expectRefused(const std::vector<Member> &members, const std::string &member, const char *why) {
        QTemporaryDir dir;
        const std::string archivePath = dir.filePath("hostile.tar.bz2").toStdString();
        writeArchive(archivePath, members);
        const std::string into = dir.filePath("into/cache").toStdString();
        const std::string error = refusal(archivePath, into);
        QVERIFY2(error.find("member \"" + member + "\"") != std::string::npos, error.c_str());
        QVERIFY2(error.find(why) != std::string::npos, error.c_str());
        const auto outside = treeOf(dir.path().toStdString());
        for (const auto &path : outside)
            QVERIFY2(path == "hostile.tar.bz2" || path.starts_with("into"), path.c_str());
        QVERIFY(!fs::exists(dir.filePath("evil").toStdString()));
        QVERIFY(!fs::exists(dir.filePath("into/evil").toStdString()));
    }

private slots:
    void dotDotMembersAreRefused() { expectRefused({{"../evil", AE_IFREG, "x"}}, "../evil", "\"..\""); }
    void dotDotInsideAPathIsRefused() {
        expectRefused({{"a/../../evil", AE_IFREG, "x"}}, "a/../../evil", "\"..\"");
    }
    void absoluteMembersAreRefused() {
        expectRefused({{dir_.filePath("evil").toStdString(), AE_IFREG, "x"}},
                      dir_.filePath("evil").toStdString(), "absolute path");
    }
    void linksOutOfTheCacheAreRefused() {
        expectRefused({{"l", AE_IFLNK, {}, "../evil"}}, "l", "leads outside");
        expectRefused({{"a/b/l", AE_IFLNK, {}, "../../../evil"}}, "a/b/l", "leads outside");
        expectRefused({{"l", AE_IFLNK, {}, "/etc/passwd"}}, "l", "absolute path");
        expectRefused({{"l", AE_IFLNK, {}, "a/../../evil"}}, "l", "after a name");
    }
    void writingThroughALinkIsRefused() {
        expectRefused({{"l", AE_IFLNK, {}, "."}, {"l/evil", AE_IFREG, "x"}}, "l/evil", "not a directory");
    }
    void hardLinksAreRefused() {
        expectRefused({{"a", AE_IFREG, "x"}, {"b", AE_IFREG, {}, "a", true}}, "b", "hard link");
    }
    void devicesAndFifosAreRefused() {
        expectRefused({{"null", AE_IFCHR}}, "null", "character device");
        expectRefused({{"fifo", AE_IFIFO}}, "fifo", "FIFO");
    }

    void decompressionBombsAreRefusedWithTheLimitStated() {
        const std::string archivePath = path("bomb.tar.bz2");
        writeArchive(archivePath, {{"zeros", AE_IFREG, std::string(4 << 20, '\0')}});
        QVERIFY(fs::file_size(archivePath) < 4096);
        ArchiveLimits ratio;
        ratio.ratioFreeBytes = 1 << 20;
        ratio.maxRatio = 100;
        std::string error = refusal(archivePath, path("bomb-ratio"), ratio);
        QVERIFY2(error.find("member \"zeros\"") != std::string::npos, error.c_str());
        QVERIFY2(error.find("more than 100 times its size") != std::string::npos, error.c_str());
        ArchiveLimits total;
        total.maxTotalBytes = 1 << 20;
        error = refusal(archivePath, path("bomb-total"), total);
        QVERIFY2(error.find("more than 0.0 GiB") != std::string::npos ||
                     error.find("limit of unpacked") != std::string::npos,
                 error.c_str());
        QVERIFY(treeOf(path("bomb-total")).empty());
        // The default limits let the same archive through: the refusals above come from the limits.
        QVERIFY(refusal(archivePath, path("bomb-default")).empty());
    }

    void aMemberLargerThanItsHeaderSaysIsRefused() {
        // A header that declares 4 bytes, followed by 600: the bytes past the declared size are no member's.
        // libarchive reads by the header, so the reader sees 4 bytes and then a malformed header, never more
        // bytes for the member than declared.
        const std::string archivePath = path("larger.tar");
        writeArchive(archivePath, {{"small", AE_IFREG, "abcd"}}, false);
        std::string bytes;
        {
            std::ifstream in(archivePath, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        bytes.insert(512 + 4, std::string(600, 'Z'));
        std::ofstream(archivePath, std::ios::binary | std::ios::trunc) << bytes;
        const std::string error = refusal(archivePath, path("larger"));
        QVERIFY2(error.find("member \"small\"") != std::string::npos, error.c_str());
        QVERIFY(!fs::exists(path("larger/small")) || fs::file_size(path("larger/small")) == 4);
    }

    void aMemberDeclaringMoreThanTheArchiveHoldsIsRefused() {
        // An uncompressed tar whose only member's header says 1 MiB (checksum fixed): more than the file
        // holds.
        const std::string archivePath = path("declares-more.tar");
        writeArchive(archivePath, {{"big", AE_IFREG, std::string(100, 'b')}}, false);
        std::string bytes;
        {
            std::ifstream in(archivePath, std::ios::binary);
            bytes.assign(std::istreambuf_iterator<char>(in), {});
        }
        const size_t header =
            bytes.find(std::string("big\0", 4)) == 0 ? 0 : bytes.rfind(std::string("big\0", 4), 1024);
        QVERIFY(header != std::string::npos && header % 512 == 0);
        std::snprintf(&bytes[header + 124], 12, "%011o", 1u << 20);
        std::memset(&bytes[header + 148], ' ', 8);
        unsigned sum = 0;
        for (size_t i = header; i < header + 512; ++i)
            sum += static_cast<unsigned char>(bytes[i]);
        std::snprintf(&bytes[header + 148], 8, "%06o", sum);
        std::ofstream(archivePath, std::ios::binary | std::ios::trunc) << bytes;
        const std::string error = refusal(archivePath, path("declares-more"));
        QVERIFY2(error.find("member \"big\": declares 1048576 bytes, more than the archive's") !=
                     std::string::npos,
                 error.c_str());
        QVERIFY(!fs::exists(path("declares-more/big")));
    }

    void perfsLayoutUnpacksIntoACacheThatFindsIt() {
        const std::string archivePath = path("perf-like.tar.bz2");
        writeArchive(archivePath, perfLikeMembers());
        ArchiveReader reader = ArchiveReader::openFile(archivePath);
        UnpackBudget budget({}, fs::file_size(archivePath));
        const auto summary = reader.extractTo(path("cache"), budget);
        QCOMPARE(summary.members, uint64_t{3});
        const BuildIdCache cache(path("cache"));
        const std::string elf = cache.find(buildIdFromHex(kHex), "elf");
        QVERIFY(!elf.empty());
        std::ifstream in(elf);
        QCOMPARE(std::string(std::istreambuf_iterator<char>(in), {}), std::string("ELF bytes"));
        // Unpacking again keeps what is there.
        ArchiveReader again = ArchiveReader::openFile(archivePath);
        QCOMPARE(again.extractTo(path("cache"), budget).kept, uint64_t{3});
    }

    void writerAndReaderAgree() {
        const std::string archivePath = path("written.tar.bz2");
        {
            ArchiveWriter writer(archivePath);
            writer.addSymlink(".build-id/93/" + kHex.substr(2), "../../usr/lib/libx.so/" + kHex);
            writer.addDirectory("usr/lib/libx.so/" + kHex);
            const std::string bytes = "an elf";
            writer.addBytes("usr/lib/libx.so/" + kHex + "/elf",
                            {reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()}, true);
            QVERIFY(writer.finish() > 0);
        }
        QVERIFY(!fs::exists(archivePath + ".partial"));
        QVERIFY(looksLikeArchive(archivePath));
        ArchiveReader reader = ArchiveReader::openFile(archivePath);
        UnpackBudget budget({}, fs::file_size(archivePath));
        reader.extractTo(path("written"), budget);
        QVERIFY(!BuildIdCache(path("written")).find(buildIdFromHex(kHex), "elf").empty());
        QVERIFY(fs::status(path("written/usr/lib/libx.so/") + kHex + "/elf").permissions() !=
                fs::perms::none);
    }

    void openerUsesAPrivateCacheReusedAndCleanOnRefusal() {
        QTemporaryDir dir;
        const std::string session = dir.filePath("perf.data").toStdString();
        std::ofstream(session) << "PERFILE2 and the rest of a session";
        writeArchive(session + ".tar.bz2", perfLikeMembers());
        ArchiveOpenOptions options;
        options.privateCache = dir.filePath("private").toStdString();
        std::vector<std::pair<uint64_t, uint64_t>> progress;
        options.progress = [&](uint64_t done, uint64_t total) { progress.emplace_back(done, total); };
        const ArchiveOpener opener(options);
        // The archive itself opens its session beside it; the session opens its archive beside it.
        const OpenedSession opened = opener.open(session + ".tar.bz2");
        QCOMPARE(opened.sessionPath, session);
        QVERIFY(!progress.empty()); // hashing and unpacking report how far they are, never past the end
        for (size_t i = 0; i < progress.size(); ++i)
            QVERIFY(progress[i].first <= progress[i].second &&
                    (i == 0 || progress[i].first >= progress[i - 1].first));
        QCOMPARE(opened.buildIdCaches.size(), size_t{1});
        QVERIFY(opened.buildIdCaches[0].starts_with(options.privateCache + "/"));
        QVERIFY(!BuildIdCache(opened.buildIdCaches[0]).find(buildIdFromHex(kHex), "elf").empty());
        const OpenedSession again = opener.open(session);
        QCOMPARE(again.buildIdCaches, opened.buildIdCaches);
        QVERIFY2(again.notices.at(0).find("unpacked before") != std::string::npos,
                 again.notices.at(0).c_str());
        QCOMPARE(treeOf(options.privateCache).count(".."), size_t{0});

        // A hostile archive: refused, and no trace of it in the private cache.
        const std::string hostile = dir.filePath("hostile.tar.bz2").toStdString();
        auto members = perfLikeMembers();
        members.push_back({"../../evil", AE_IFREG, "x"});
        writeArchive(hostile, members);
        const auto before = treeOf(options.privateCache);
        try {
            opener.open(hostile);
            QFAIL("a hostile archive was opened");
        } catch (const Error &error) {
            QVERIFY2(std::string(error.what()).find("member \"../../evil\"") != std::string::npos,
                     error.what());
        }
        QCOMPARE(treeOf(options.privateCache), before);
        QVERIFY(!fs::exists(dir.filePath("evil").toStdString()));

        // The same archive beside a session: the session opens without its symbols, and says why.
        const std::string other = dir.filePath("other.data").toStdString();
        std::ofstream(other) << "PERFILE2 and the rest of a session";
        fs::copy_file(hostile, other + ".tar.bz2");
        const OpenedSession withoutSymbols = opener.open(other);
        QCOMPARE(withoutSymbols.sessionPath, other);
        QVERIFY(withoutSymbols.buildIdCaches.empty());
        QVERIFY(!withoutSymbols.notices.empty());
        QVERIFY2(withoutSymbols.notices[0].find("not used") != std::string::npos &&
                     withoutSymbols.notices[0].find("../../evil") != std::string::npos,
                 withoutSymbols.notices[0].c_str());
        QCOMPARE(treeOf(options.privateCache), before);
    }

    void privateCacheKeepsRecentArchivesUnderItsLimit() {
        QTemporaryDir dir;
        // Three archives of about 40 KiB unpacked each (bytes that do not compress), a limit of 100 KiB.
        const auto archiveOf = [&](const char *name, unsigned seed) {
            std::mt19937 random(seed);
            std::string elf(40 << 10, '\0');
            for (char &c : elf)
                c = static_cast<char>(random());
            const std::string session = dir.filePath(name).toStdString();
            std::ofstream(session) << "PERFILE2 and the rest of a session";
            writeArchive(session + ".tar.bz2", perfLikeMembers(elf));
            return session + ".tar.bz2";
        };
        const std::string a = archiveOf("a.data", 1), b = archiveOf("b.data", 2), c = archiveOf("c.data", 3);
        ArchiveOpenOptions options;
        options.privateCache = dir.filePath("private").toStdString();
        options.cacheLimit = 100 << 10;
        const ArchiveOpener opener(options);
        // The entry directory each archive was unpacked into, and when it was last used (set by hand, so
        // that the order does not depend on the clock's resolution).
        const auto entryOf = [&](const std::string &archive) {
            return fs::path(opener.open(archive).buildIdCaches.at(0)).parent_path().string();
        };
        const auto usedAt = [](const std::string &entry, time_t seconds) {
            const timespec times[2] = {{seconds, 0}, {seconds, 0}};
            QCOMPARE(::utimensat(AT_FDCWD, entry.c_str(), times, 0), 0);
        };
        const std::string entryA = entryOf(a);
        usedAt(entryA, 1000);
        const std::string entryB = entryOf(b);
        usedAt(entryB, 2000);
        QVERIFY(fs::is_directory(entryA) && fs::is_directory(entryB)); // 80 KiB: both fit

        // A third one: the least recently used (a) goes, and the notice says so.
        const OpenedSession third = opener.open(c);
        const std::string entryC = fs::path(third.buildIdCaches.at(0)).parent_path().string();
        QVERIFY(!fs::exists(entryA));
        QVERIFY(fs::is_directory(entryB) && fs::is_directory(entryC));
        QCOMPARE(third.notices.size(), size_t{2});
        QVERIFY2(third.notices[1].starts_with("removed 1 archive unpacked earlier (40 KiB) to keep the "
                                              "private cache under 100 KiB"),
                 third.notices[1].c_str());

        // Opening b again makes it the most recent: a, unpacked again, pushes out c instead.
        usedAt(entryC, 3000);
        QCOMPARE(entryOf(b), entryB); // reused, and touched now
        QCOMPARE(entryOf(a), entryA);
        QVERIFY(fs::is_directory(entryA) && fs::is_directory(entryB));
        QVERIFY(!fs::exists(entryC));

        // The archive being opened stays even alone above the limit; abandoned unpackings go, those of
        // running processes stay.
        const std::string abandoned = options.privateCache + "/" + std::string(64, 'a') + ".partial-" +
                                      std::to_string(unusedPid()) + "-1";
        const std::string running = options.privateCache + "/" + std::string(64, 'b') + ".partial-1-1";
        fs::create_directories(abandoned);
        fs::create_directories(running);
        ArchiveOpenOptions tiny = options;
        tiny.cacheLimit = 1;
        QCOMPARE(fs::path(ArchiveOpener(tiny).open(b).buildIdCaches.at(0)).parent_path().string(), entryB);
        QVERIFY(fs::is_directory(entryB));
        QVERIFY(!fs::exists(entryA));
        QVERIFY(!fs::exists(abandoned));
        QVERIFY(fs::exists(running));
    }

    void allArchivesHoldTheirSession() {
        QTemporaryDir dir;
        const std::string symbols = dir.filePath("perf.symbols.tar.bz2").toStdString();
        writeArchive(symbols, perfLikeMembers());
        std::ifstream in(symbols, std::ios::binary);
        const std::string nested(std::istreambuf_iterator<char>(in), {});
        const std::string all = dir.filePath("perf.all-host-20260101-000000.tar.bz2").toStdString();
        writeArchive(
            all, {{"perf.data", AE_IFREG, "PERFILE2 session"}, {"perf.symbols.tar.bz2", AE_IFREG, nested}});
        ArchiveOpenOptions options;
        options.privateCache = dir.filePath("private").toStdString();
        const OpenedSession opened = ArchiveOpener(options).open(all);
        QVERIFY(opened.sessionPath.ends_with("/session/perf.data"));
        QVERIFY(opened.sessionPath.starts_with(options.privateCache + "/"));
        QCOMPARE(opened.buildIdCaches.size(), size_t{1});
        QVERIFY(!BuildIdCache(opened.buildIdCaches[0]).find(buildIdFromHex(kHex), "elf").empty());

        // A hostile archive nested in an --all archive is refused with both named.
        auto hostileMembers = perfLikeMembers();
        hostileMembers.push_back({"../evil", AE_IFREG, "x"});
        writeArchive(symbols, hostileMembers);
        std::ifstream hostileIn(symbols, std::ios::binary);
        const std::string hostileNested(std::istreambuf_iterator<char>(hostileIn), {});
        const std::string hostileAll = dir.filePath("perf.all-hostile.tar.bz2").toStdString();
        writeArchive(hostileAll, {{"perf.data", AE_IFREG, "PERFILE2 session"},
                                  {"perf.symbols.tar.bz2", AE_IFREG, hostileNested}});
        try {
            ArchiveOpener(options).open(hostileAll);
            QFAIL("a hostile nested archive was opened");
        } catch (const Error &error) {
            const std::string expected = hostileAll + ": perf.symbols.tar.bz2: member \"../evil\"";
            QVERIFY2(std::string(error.what()).starts_with(expected), error.what());
        }
        QVERIFY(!fs::exists(dir.filePath("private/evil").toStdString()));
    }

    void symbolsOnlyElfKeepsNamesLinesAndUnwindingOfSampledFunctions() {
        const std::string self = fs::read_symlink("/proc/self/exe").string();
        // The address of this test's main function in its own ELF address space, from its symbol table.
        const std::vector<std::string> files{self};
        Dwfl_Callbacks callbacks{};
        callbacks.find_elf = dwfl_build_id_find_elf;
        callbacks.find_debuginfo = dwfl_standard_find_debuginfo;
        const auto symbolOf = [&](const std::string &file, const char *name, GElf_Addr *address) -> bool {
            Dwfl *dwfl = dwfl_begin(&callbacks);
            Dwfl_Module *module = dwfl_report_offline(dwfl, "m", file.c_str(), -1);
            dwfl_report_end(dwfl, nullptr, nullptr);
            bool found = false;
            const int count = module ? dwfl_module_getsymtab(module) : 0;
            for (int i = 0; i < count && !found; ++i) {
                GElf_Sym symbol;
                const char *symbolName =
                    dwfl_module_getsym_info(module, i, &symbol, address, nullptr, nullptr, nullptr);
                found = symbolName && std::string(symbolName) == name;
            }
            GElf_Addr bias = 0;
            if (found && dwfl_module_getelf(module, &bias))
                *address -= bias; // the ELF address space's
            else
                found = false;
            dwfl_end(dwfl);
            return found;
        };
        GElf_Addr mainAddress = 0;
        QVERIFY(symbolOf(self, "main", &mainAddress));
        const AddressRanges keep = sampledFunctionRanges(files, std::vector<uint64_t>{mainAddress + 1});
        QCOMPARE(keep.size(), size_t{1});
        QCOMPARE(keep[0].first, uint64_t{mainAddress});
        const auto reduced = symbolsOnlyElf(self, keep);
        QVERIFY2(reduced, reduced ? "" : reduced.error().c_str());
        QCOMPARE(reduced->size(), size_t(fs::file_size(self)));
        const std::string copy = path("symbols-only");
        std::ofstream(copy, std::ios::binary)
            .write(reinterpret_cast<const char *>(reduced->data()), std::streamsize(reduced->size()));
        QCOMPARE(elfBuildIdOfFile(copy), elfBuildIdOfFile(self));
        GElf_Addr again = 0;
        QVERIFY(symbolOf(copy, "main", &again)); // symbol tables kept
        QCOMPARE(again, mainAddress);
        // libdw still gives the source line and the CFI of main.
        Dwfl *dwfl = dwfl_begin(&callbacks);
        Dwfl_Module *module = dwfl_report_offline(dwfl, "m", copy.c_str(), -1);
        dwfl_report_end(dwfl, nullptr, nullptr);
        QVERIFY(module);
        GElf_Addr bias = 0;
        QVERIFY(dwfl_module_getelf(module, &bias));
        Dwfl_Line *line = dwfl_module_getsrc(module, mainAddress + bias);
        QVERIFY(line);
        int lineNumber = 0;
        const char *source = dwfl_lineinfo(line, nullptr, &lineNumber, nullptr, nullptr, nullptr);
        QVERIFY(source && std::string(source).ends_with("tst_archivereader.cpp"));
        Dwarf_CFI *cfi = dwfl_module_eh_cfi(module, &bias); // addresses of the ELF file's own space
        QVERIFY(cfi);
        Dwarf_Frame *frame = nullptr;
        QCOMPARE(dwarf_cfi_addrframe(cfi, mainAddress, &frame), 0);
        free(frame);
        dwfl_end(dwfl);
        // In .text, main's bytes are the original's and every other byte is zero; .symtab is untouched.
        std::ifstream in(self, std::ios::binary);
        const std::string original(std::istreambuf_iterator<char>(in), {});
        elf_version(EV_CURRENT);
        Elf *elf = elf_memory(const_cast<char *>(original.data()), original.size());
        size_t names = 0;
        QVERIFY(elf && elf_getshdrstrndx(elf, &names) == 0);
        size_t checkedText = 0, checkedSymtab = 0;
        for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
            GElf_Shdr header;
            gelf_getshdr(section, &header);
            const std::string name = elf_strptr(elf, names, header.sh_name);
            for (uint64_t i = 0; i < header.sh_size && (name == ".text" || name == ".symtab"); ++i) {
                const uint64_t offset = header.sh_offset + i, address = header.sh_addr + i;
                const bool kept = name == ".symtab" || (address >= keep[0].first && address < keep[0].second);
                QCOMPARE(char((*reduced)[offset]), kept ? original[offset] : '\0');
                ++(name == ".text" ? checkedText : checkedSymtab);
            }
        }
        elf_end(elf);
        QVERIFY(checkedText > keep[0].second - keep[0].first && checkedSymtab > 0);
    }
};

QTEST_GUILESS_MAIN(TestArchiveReader)
#include "tst_archivereader.moc"
