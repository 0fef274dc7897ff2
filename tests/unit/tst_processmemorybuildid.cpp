// Build ids read from a process's memory (ProcessMemoryBuildId), and MappedFiles falling back on them: this
// very process's files, and a made-up /proc (a maps file and a sparse mem file addressed like memory) whose
// ELF images are good, cut short, or lie about their sizes.
#include "identity/ElfBuildId.h"
#include "record/MappedFiles.h"
#include "record/ProcessMemoryBuildId.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstring>
#include <fstream>

using namespace perfglass;

namespace {

constexpr pid_t kPid = 77;
constexpr uint64_t kBase = 0x400000;    // where the made-up file's first page is mapped
constexpr uint64_t kNotesAt = 0x700000; // where its second page (the notes) is mapped
constexpr uint32_t kMajor = 0xfe;
constexpr uint32_t kMinor = 1;
constexpr uint64_t kInode = 4242;
const std::vector<uint8_t> kBuildId{0xde, 0xad, 0xbe, 0xef, 1,  2,  3,  4,  5,  6,
                                    7,    8,    9,    10,   11, 12, 13, 14, 15, 16};

// A GNU build-id note: its header, "GNU\0", the id.
std::vector<uint8_t> buildIdNote(uint32_t descSize, const std::vector<uint8_t> &id) {
    std::vector<uint8_t> note(sizeof(Elf64_Nhdr) + 4 + id.size());
    const Elf64_Nhdr header{4, descSize, NT_GNU_BUILD_ID};
    std::memcpy(note.data(), &header, sizeof header);
    std::memcpy(note.data() + sizeof header, "GNU", 4);
    std::memcpy(note.data() + sizeof header + 4, id.data(), id.size());
    return note;
}

// The first page of a 64-bit ELF file whose one PT_NOTE (at file offset 0x1000, the second page) holds notes.
template <typename Ehdr, typename Phdr>
std::vector<uint8_t> elfPage(unsigned char elfClass, uint64_t notesSize) {
    std::vector<uint8_t> page(0x1000);
    Ehdr header{};
    std::memcpy(header.e_ident, ELFMAG, SELFMAG);
    header.e_ident[EI_CLASS] = elfClass;
    header.e_ident[EI_DATA] = ELFDATA2LSB;
    header.e_ident[EI_VERSION] = EV_CURRENT;
    header.e_type = ET_DYN;
    header.e_phoff = sizeof(Ehdr);
    header.e_phentsize = sizeof(Phdr);
    header.e_phnum = 2;
    Phdr load{};
    load.p_type = PT_LOAD;
    load.p_filesz = 0x2000;
    Phdr note{};
    note.p_type = PT_NOTE;
    note.p_offset = 0x1000;
    note.p_filesz = static_cast<decltype(note.p_filesz)>(notesSize);
    std::memcpy(page.data(), &header, sizeof header);
    std::memcpy(page.data() + sizeof header, &load, sizeof load);
    std::memcpy(page.data() + sizeof header + sizeof load, &note, sizeof note);
    return page;
}

template <typename Ehdr> Ehdr headerOf(const std::vector<uint8_t> &page) {
    Ehdr header;
    std::memcpy(&header, page.data(), sizeof header);
    return header;
}
template <typename Ehdr> void setHeader(std::vector<uint8_t> &page, const Ehdr &header) {
    std::memcpy(page.data(), &header, sizeof header);
}

// A made-up /proc with process kPid: the file's first page mapped at kBase (offset 0), its second at
// kNotesAt (offset 0x1000), and the mem file holding those bytes at those addresses.
class FakeProc {
public:
    // notes are padded to their whole page; none: the mem file ends with the first page's bytes.
    explicit FakeProc(const std::vector<uint8_t> &firstPage, std::vector<uint8_t> notes,
                      bool mapStart = true) {
        if (!notes.empty()) notes.resize(0x1000);
        const QString process = dir_.filePath(QString::number(kPid));
        QDir().mkpath(process);
        std::ofstream maps((process + "/maps").toStdString());
        const char *path = "/opt/app/prog (deleted)";
        if (mapStart)
            maps << fmt("%llx-%llx r--p 00000000 %02x:%02x %llu   %s\n", kBase, kBase + 0x1000, path);
        maps << fmt("%llx-%llx r-xp 00001000 %02x:%02x %llu   %s\n", kNotesAt, kNotesAt + 0x1000, path);
        maps << "7ffd0000000-7ffd0021000 rw-p 00000000 00:00 0   [stack]\n";
        const int fd =
            ::open((process + "/mem").toLocal8Bit().constData(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        (void)!::pwrite(fd, firstPage.data(), firstPage.size(), static_cast<off_t>(kBase));
        (void)!::pwrite(fd, notes.data(), notes.size(), static_cast<off_t>(kNotesAt));
        ::close(fd);
    }
    std::string root() const { return dir_.path().toStdString(); }
    Expected<std::vector<uint8_t>> read() const {
        return ProcessMemoryBuildId(root()).read(kPid, {kMajor, kMinor, kInode, "/opt/app/prog (deleted)"});
    }

private:
    static std::string fmt(const char *format, uint64_t start, uint64_t end, const char *path) {
        char line[200];
        std::snprintf(line, sizeof line, format, static_cast<unsigned long long>(start),
                      static_cast<unsigned long long>(end), kMajor, kMinor,
                      static_cast<unsigned long long>(kInode), path);
        return line;
    }
    QTemporaryDir dir_;
};

// The device and inode of a file, as a maps line of a process mapping it gives them.
ProcessMemoryBuildId::File fileOf(const std::string &path) {
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0) return {};
    return {major(status.st_dev), minor(status.st_dev), status.st_ino, path};
}

std::string libcPath() {
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);)
        if (const auto slash = line.find('/');
            slash != std::string::npos && line.find("/libc.so") != line.npos)
            return line.substr(slash);
    return {};
}

} // namespace

class TestProcessMemoryBuildId : public QObject {
    Q_OBJECT

private slots:
    // This process's executable and libc: the ids in memory are the files'.
    void thisProcess() {
        const ProcessMemoryBuildId memory;
        char exe[4096] = {};
        QVERIFY(::readlink("/proc/self/exe", exe, sizeof exe - 1) > 0);
        for (const std::string &path : {std::string(exe), libcPath()}) {
            const auto expected = elfBuildIdOfFile(path);
            QVERIFY2(!expected.empty(), path.c_str());
            const auto read = memory.read(::getpid(), fileOf(path));
            QVERIFY2(read, read ? "" : read.error().c_str());
            QVERIFY(*read == expected);
        }
        // A file this process does not map.
        const auto absent = memory.read(::getpid(), fileOf("/proc/self/status"));
        QVERIFY(!absent);
        QVERIFY2(QString::fromStdString(absent.error()).contains("file offset 0) is not mapped"),
                 absent.error().c_str());
    }

    void madeUpImages_data() {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("expected"); // empty: kBuildId is read
        QTest::newRow("good") << 0 << QString();
        QTest::newRow("32-bit") << 1 << QString();
        QTest::newRow("not ELF") << 2 << "its first bytes are not an ELF header";
        QTest::newRow("big-endian") << 3 << "byte order 2, not this machine's";
        QTest::newRow("60000 program headers") << 4 << "gives 60000 program headers (1 to 256 are read)";
        QTest::newRow("program headers elsewhere")
            << 5 << "its program headers: file offset 0x10000000 is not mapped";
        QTest::newRow("huge note segment") << 6 << "a note segment of 16777216 bytes was not read";
        QTest::newRow("note size lies") << 7 << "it has no GNU build-id note";
        QTest::newRow("note segment past the mapping")
            << 8 << "a note segment: file offset 0x2000 is not mapped";
        QTest::newRow("start not mapped") << 9 << "its start (file offset 0) is not mapped";
        QTest::newRow("memory cut short") << 10 << "cannot be read (nothing there)";
        QTest::newRow("phentsize lies") << 11 << "program headers of 8 bytes, not 56";
    }

    // Each damage gives its reason, naming the process and the file, and no build id.
    void madeUpImages() {
        QFETCH(int, damage);
        QFETCH(QString, expected);
        const std::vector<uint8_t> note = buildIdNote(damage == 7 ? 0xfffffff0u : 20, kBuildId);
        std::vector<uint8_t> page = damage == 1 ? elfPage<Elf32_Ehdr, Elf32_Phdr>(ELFCLASS32, note.size())
                                                : elfPage<Elf64_Ehdr, Elf64_Phdr>(ELFCLASS64, note.size());
        auto header = headerOf<Elf64_Ehdr>(page);
        if (damage == 2) page[1] = 'X';
        if (damage == 3) page[EI_DATA] = ELFDATA2MSB;
        if (damage == 4) header.e_phnum = 60000;
        if (damage == 5) header.e_phoff = 0x10000000;
        if (damage == 11) header.e_phentsize = 8;
        if (damage == 4 || damage == 5 || damage == 11) setHeader(page, header);
        if (damage == 6 || damage == 8) {
            Elf64_Phdr program;
            std::memcpy(&program, page.data() + sizeof(Elf64_Ehdr) + sizeof program, sizeof program);
            program.p_filesz = damage == 6 ? 16u << 20 : 0x1001;
            std::memcpy(page.data() + sizeof(Elf64_Ehdr) + sizeof program, &program, sizeof program);
        }
        if (damage == 10) page.resize(EI_NIDENT + 4);
        // Cut short: the mem file ends inside the header (its notes are not written).
        const FakeProc proc(page, damage == 10 ? std::vector<uint8_t>{} : note, damage != 9);
        const auto read = proc.read();
        if (expected.isEmpty()) {
            QVERIFY2(read, read ? "" : read.error().c_str());
            QVERIFY(*read == kBuildId);
            return;
        }
        QVERIFY(!read);
        const QString error = QString::fromStdString(read.error());
        QVERIFY2(error.startsWith("process 77, /opt/app/prog (deleted): "), qPrintable(error));
        QVERIFY2(error.contains(expected), qPrintable(error));
    }

    void unreadableProcess() {
        const QTemporaryDir empty;
        const auto noMaps =
            ProcessMemoryBuildId(empty.path().toStdString()).read(kPid, {kMajor, kMinor, kInode, "/x"});
        QVERIFY(!noMaps);
        QVERIFY2(QString::fromStdString(noMaps.error()).contains("/77/maps"), noMaps.error().c_str());
        const FakeProc proc(elfPage<Elf64_Ehdr, Elf64_Phdr>(ELFCLASS64, 36), buildIdNote(20, kBuildId));
        QVERIFY(QFile::remove(QString::fromStdString(proc.root() + "/77/mem")));
        const auto noMemory = proc.read();
        QVERIFY(!noMemory);
        QVERIFY2(QString::fromStdString(noMemory.error()).contains("cannot read its memory"),
                 noMemory.error().c_str());
    }

    // MappedFiles: the file cannot be opened (no map_files, root or exe in this /proc, the path is deleted):
    // the id in memory, with no descriptor kept for the cache; a damaged image leaves the reason.
    void mappedFilesFallBackOnMemory() {
        const FakeProc proc(elfPage<Elf64_Ehdr, Elf64_Phdr>(ELFCLASS64, 36), buildIdNote(20, kBuildId));
        MappedFiles files(proc.root());
        const MappedFiles::Mapping code{kNotesAt, kNotesAt + 0x1000,        kMajor, kMinor,
                                        kInode,   "/opt/app/prog (deleted)"};
        QVERIFY(files.buildIdOf(kPid, code, true) == kBuildId);
        QVERIFY(files.kept(kBuildId) == nullptr);
        QVERIFY(files.unidentified().empty());
        std::vector<uint8_t> damaged = elfPage<Elf64_Ehdr, Elf64_Phdr>(ELFCLASS64, 36);
        damaged[0] = 0;
        const FakeProc bad(damaged, buildIdNote(20, kBuildId));
        MappedFiles badFiles(bad.root());
        QVERIFY(badFiles.buildIdOf(kPid, code, true).empty());
        QCOMPARE(badFiles.unidentified().size(), size_t{1});
        QVERIFY2(QString::fromStdString(badFiles.unidentified().at(code.path)).contains("not an ELF header"),
                 badFiles.unidentified().at(code.path).c_str());
    }
};

QTEST_GUILESS_MAIN(TestProcessMemoryBuildId)
#include "tst_processmemorybuildid.moc"
