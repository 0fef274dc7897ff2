// symbols/Addr2lineNames against binutils' addr2line itself, whose names it reproduces (perf 6.1 prints them
// for the inlined functions of DWARF call chains): the same names, innermost first, for addresses spread over
// the code of a C++ program built with -O2 -g (inlined templates, a fortified memcpy named as its caller,
// anonymous-namespace functions) and of glibc's debug file (asm labels such as __GI___libc_malloc, assembly
// aliases, static functions' clones), asked in the same order, since addr2line remembers names between
// questions.
#include "TestSupport.h"

#include "symbols/Addr2lineNames.h"
#include "symbols/ElfSymbols.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QtTest>

#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

using namespace perfglass;
using namespace perfglass::test;

namespace {

// Addresses every STRIDE bytes over the file's .text, at most LIMIT of them.
std::vector<uint64_t> textAddresses(const QString &path, uint64_t stride, size_t limit) {
    std::vector<uint64_t> addresses;
    const int fd = ::open(path.toLocal8Bit().constData(), O_RDONLY);
    if (fd < 0) return addresses;
    elf_version(EV_CURRENT);
    Elf *elf = elf_begin(fd, ELF_C_READ, nullptr);
    size_t names = 0;
    if (elf && elf_getshdrstrndx(elf, &names) == 0)
        for (Elf_Scn *scn = elf_nextscn(elf, nullptr); scn; scn = elf_nextscn(elf, scn)) {
            GElf_Shdr header;
            if (!gelf_getshdr(scn, &header)) continue;
            const char *name = elf_strptr(elf, names, header.sh_name);
            if (!name || std::string(name) != ".text") continue;
            for (uint64_t a = header.sh_addr; a < header.sh_addr + header.sh_size && addresses.size() < limit;
                 a += stride)
                addresses.push_back(a);
        }
    if (elf) elf_end(elf);
    ::close(fd);
    return addresses;
}

// addr2line -a -i -f's names per address, or an empty list where it knows no line (what perf takes for no
// inline information).
std::vector<std::vector<std::string>> binutilsNames(const QString &file,
                                                    const std::vector<uint64_t> &addresses) {
    QProcess process;
    process.start(QStringLiteral("addr2line"), {QStringLiteral("-a"), QStringLiteral("-i"),
                                                QStringLiteral("-f"), QStringLiteral("-e"), file});
    if (!process.waitForStarted()) return {};
    QByteArray input;
    for (const uint64_t address : addresses)
        input += "0x" + QByteArray::number(static_cast<qulonglong>(address), 16) + '\n';
    process.write(input);
    process.closeWriteChannel();
    process.waitForFinished(300000);
    std::vector<std::vector<std::string>> names;
    const QList<QByteArray> lines = process.readAllStandardOutput().split('\n');
    for (qsizetype i = 0; i + 2 < lines.size();) {
        if (!lines[i].startsWith("0x")) return {};
        std::vector<std::string> chain;
        bool hasLine = !lines[i + 2].endsWith(":0") && !lines[i + 2].endsWith(":?");
        for (i += 1; i + 1 < lines.size() && !lines[i].startsWith("0x"); i += 2)
            chain.push_back(lines[i].toStdString());
        names.push_back(hasLine ? chain : std::vector<std::string>{});
    }
    return names;
}

} // namespace

class TestAddr2lineNames : public QObject {
    Q_OBJECT
private slots:
    void agreesWithBinutils_data() {
        QTest::addColumn<QString>("module");
        QTest::addColumn<bool>("debugFile"); // whether addr2line reads the module's separate debug file
        QTest::addColumn<quint64>("stride"); // bytes between the addresses asked
        QTest::newRow("workload") << workloadPath(QStringLiteral("workload-nofp")) << false << quint64{3};
        QTest::newRow("libc") << QStringLiteral("/usr/lib/x86_64-linux-gnu/libc.so.6") << true << quint64{61};
    }

    void agreesWithBinutils() {
        QFETCH(QString, module);
        QFETCH(bool, debugFile);
        QFETCH(quint64, stride);
        if (QStandardPaths::findExecutable(QStringLiteral("addr2line")).isEmpty())
            QSKIP("binutils' addr2line is not installed");
        if (!QFile::exists(module)) QSKIP(qPrintable(module + QStringLiteral(" is missing")));
        auto symbols = ElfSymbols::open(module.toStdString());
        QVERIFY2(symbols, symbols ? "" : symbols.error().c_str());
        QString file = module;
        if (debugFile) {
            const std::vector<uint8_t> buildId = (*symbols)->buildId();
            const QByteArray id =
                QByteArray(reinterpret_cast<const char *>(buildId.data()), qsizetype(buildId.size())).toHex();
            file = QStringLiteral("/usr/lib/debug/.build-id/%1/%2.debug")
                       .arg(QString::fromLatin1(id.left(2)), QString::fromLatin1(id.mid(2)));
            if (!QFile::exists(file)) QSKIP(qPrintable(file + QStringLiteral(" is missing (libc6-dbg)")));
        }
        const std::vector<uint64_t> addresses = textAddresses(module, stride, 4000);
        QVERIFY(addresses.size() > 100);
        const auto expected = binutilsNames(file, addresses);
        QCOMPARE(expected.size(), addresses.size());
        Addr2lineNames names((*symbols)->dwflModule());
        size_t same = 0;
        size_t withInlines = 0;
        QStringList differing;
        for (size_t i = 0; i < addresses.size(); ++i) {
            const std::vector<std::string> ours = names.at(addresses[i]);
            withInlines += ours.size() > 1 ? 1 : 0;
            if (ours == expected[i]) {
                ++same;
            } else if (differing.size() < 10) {
                const auto join = [](const std::vector<std::string> &list) {
                    QStringList text;
                    for (const std::string &name : list)
                        text << QString::fromStdString(name);
                    return text.join(QLatin1Char(';'));
                };
                differing << QStringLiteral("0x%1: %2 | addr2line: %3")
                                 .arg(addresses[i], 0, 16)
                                 .arg(join(ours), join(expected[i]));
            }
        }
        qInfo("%zu of %zu addresses named as addr2line names them, %zu with inlined functions", same,
              addresses.size(), withInlines);
        QVERIFY(withInlines > 0);
        QVERIFY2(same * 100 >= addresses.size() * 99, qPrintable(differing.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestAddr2lineNames)
#include "tst_addr2linenames.moc"
