// Symbols and unwinding without recording: demangling (C++, Rust legacy and v0), kallsyms parsing, JIT perf
// maps, ELF symbol tables with PLT entries, and DWARF unwinding of this very test's stack.
#include "TestSupport.h"
#include "symbols/Demangler.h"
#include "symbols/ElfSymbols.h"
#include "symbols/InlineIndex.h"
#include "symbols/JitMap.h"
#include "symbols/KernelSymbols.h"
#include "symbols/SourceFileFinder.h"
#include "unwind/DwarfUnwinder.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <dwarf.h>
#include <elf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <regex>
#include <set>

using namespace perfglass;
using namespace perfglass::test;

namespace {

struct ExecMapping {
    uint64_t start, end, offset;
    std::string path;
};

// The file's symbols; null, with the reason printed, when it cannot be read.
std::unique_ptr<ElfSymbols> openSymbols(const std::string &path) {
    auto opened = ElfSymbols::open(path);
    if (opened) return std::move(*opened);
    qWarning("%s", opened.error().c_str());
    return nullptr;
}

// The PLT of an ELF file as read here, independently of ElfSymbols: each stub found by its instruction
// `jmp *slot(%rip)` (after an optional endbr64 and bnd prefix) in .plt, .plt.sec or .plt.got, with the
// .rela.plt (or, for .plt.got, .rela.dyn) relocation of that GOT slot.
struct PltStub {
    uint64_t address;
    std::string symbol; // the relocation's symbol; empty for IRELATIVE
    uint64_t addend;
    bool inPltGot = false;
};

struct ElfSection {
    GElf_Shdr header{};
    Elf_Scn *section = nullptr;
};

std::map<std::string, ElfSection> sectionsByName(Elf *elf) {
    std::map<std::string, ElfSection> sections;
    size_t strings = 0;
    if (elf_getshdrstrndx(elf, &strings) != 0) return sections;
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        ElfSection entry;
        entry.section = section;
        if (!gelf_getshdr(section, &entry.header)) continue;
        if (const char *name = elf_strptr(elf, strings, entry.header.sh_name)) sections[name] = entry;
    }
    return sections;
}

// .rela.plt by GOT slot: the symbol's name (empty for IRELATIVE) and the addend.
std::map<uint64_t, std::pair<std::string, uint64_t>> relocationsBySlot(Elf *elf, const ElfSection &relaPlt) {
    std::map<uint64_t, std::pair<std::string, uint64_t>> bySlot;
    Elf_Data *relocations = elf_getdata(relaPlt.section, nullptr);
    Elf_Scn *symbolSection = elf_getscn(elf, relaPlt.header.sh_link);
    GElf_Shdr symbolHeader{};
    Elf_Data *symbols = symbolSection && gelf_getshdr(symbolSection, &symbolHeader)
                            ? elf_getdata(symbolSection, nullptr)
                            : nullptr;
    GElf_Rela rela;
    for (int i = 0; relocations && gelf_getrela(relocations, i, &rela); ++i) {
        GElf_Sym symbol;
        const auto index = static_cast<int>(GELF_R_SYM(rela.r_info));
        const char *name = index != 0 && symbols && gelf_getsym(symbols, index, &symbol)
                               ? elf_strptr(elf, symbolHeader.sh_link, symbol.st_name)
                               : nullptr;
        bySlot[rela.r_offset] = {name ? name : "", static_cast<uint64_t>(rela.r_addend)};
    }
    return bySlot;
}

// The function symbols of the ELF file at path (.symtab), by address.
std::vector<std::pair<uint64_t, std::string>> functionSymbols(const std::string &path) {
    std::vector<std::pair<uint64_t, std::string>> functions;
    elf_version(EV_CURRENT);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return functions;
    Elf *elf = elf_begin(fd, ELF_C_READ, nullptr);
    auto sections = sectionsByName(elf);
    if (sections.count(".symtab")) {
        const ElfSection &table = sections[".symtab"];
        Elf_Data *data = elf_getdata(table.section, nullptr);
        GElf_Sym symbol;
        for (int i = 0; data && gelf_getsym(data, i, &symbol); ++i) {
            const char *name = elf_strptr(elf, table.header.sh_link, symbol.st_name);
            if (name && GELF_ST_TYPE(symbol.st_info) == STT_FUNC && symbol.st_value != 0)
                functions.emplace_back(symbol.st_value, name);
        }
    }
    elf_end(elf);
    ::close(fd);
    return functions;
}

// The rows "mangled<TAB>name" of a fixture table whose name differs from demangle(mangled), and the number
// of rows and of distinct names.
struct TableCheck {
    std::vector<std::string> wrong;
    size_t rows = 0;
    size_t distinctNames = 0;
};

TableCheck checkNameTable(const char *path) {
    std::ifstream table(path);
    TableCheck check;
    std::set<std::string> names;
    for (std::string line; std::getline(table, line);) {
        const size_t tab = line.find('\t');
        if (line.empty() || line.front() == '#' || tab == std::string::npos) continue;
        const std::string mangled = line.substr(0, tab), expected = line.substr(tab + 1);
        const std::string name = demangle(mangled);
        ++check.rows;
        names.insert(name);
        if (name != expected)
            check.wrong.push_back(mangled + "\n  is:     " + name + "\n  not:    " + expected);
    }
    check.distinctNames = names.size();
    return check;
}

QString firstWrong(const TableCheck &check) {
    return QString("%1 of %2 names differ, first: %3")
        .arg(check.wrong.size())
        .arg(check.rows)
        .arg(check.wrong.empty() ? QString() : QString::fromStdString(check.wrong[0]));
}

// The GOT slot that the stub at offset jumps through, 0 when there is no such jump there.
uint64_t jumpSlot(const unsigned char *code, uint64_t size, uint64_t offset, uint64_t address) {
    static constexpr unsigned char kEndbr64[] = {0xf3, 0x0f, 0x1e, 0xfa};
    uint64_t at = offset;
    if (at + 4 <= size && std::memcmp(code + at, kEndbr64, 4) == 0) at += 4;
    if (at < size && code[at] == 0xf2) ++at; // bnd
    if (at + 6 > size || code[at] != 0xff || code[at + 1] != 0x25) return 0;
    int32_t displacement = 0;
    std::memcpy(&displacement, code + at + 2, sizeof displacement);
    return address + (at - offset) + 6 + static_cast<int64_t>(displacement);
}

std::vector<PltStub> readPlt(const std::string &path) {
    std::vector<PltStub> stubs;
    elf_version(EV_CURRENT);
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return stubs;
    Elf *elf = elf_begin(fd, ELF_C_READ, nullptr);
    auto sections = sectionsByName(elf);
    auto bySlot = sections.count(".rela.plt") ? relocationsBySlot(elf, sections[".rela.plt"])
                                              : std::map<uint64_t, std::pair<std::string, uint64_t>>{};
    if (sections.count(".rela.dyn")) {
        // GOT slots of .plt.got stubs; relocations without a symbol (RELATIVE) name no stub.
        for (const auto &[slot, relocation] : relocationsBySlot(elf, sections[".rela.dyn"]))
            if (!relocation.first.empty()) bySlot.emplace(slot, relocation);
    }
    for (const char *name : {".plt", ".plt.sec", ".plt.got"}) {
        if (!sections.count(name)) continue;
        const GElf_Shdr &header = sections[name].header;
        Elf_Data *data = elf_getdata(sections[name].section, nullptr);
        if (!data || !data->d_buf) continue;
        const auto *code = static_cast<const unsigned char *>(data->d_buf);
        for (uint64_t offset = 0; offset + 8 <= data->d_size; offset += 8) {
            const auto relocation =
                bySlot.find(jumpSlot(code, data->d_size, offset, header.sh_addr + offset));
            if (relocation != bySlot.end())
                stubs.push_back({header.sh_addr + offset, relocation->second.first, relocation->second.second,
                                 std::strcmp(name, ".plt.got") == 0});
        }
    }
    elf_end(elf);
    ::close(fd);
    return stubs;
}

// Checks that every PLT stub of path is named after what it calls: its relocation's symbol, demangled, or for
// an IRELATIVE relocation the symbol at the IFUNC's address (else "*ABS*+0xADDRESS"). Returns the number of
// IRELATIVE stubs, or -1 after a failed check.
int checkPltNames(const std::string &path, int *pltGotStubs = nullptr) {
    const std::vector<PltStub> stubs = readPlt(path);
    const auto symbols = openSymbols(path);
    if (!symbols || stubs.empty()) return -1;
    int irelative = 0;
    for (const PltStub &stub : stubs) {
        if (pltGotStubs && stub.inPltGot) ++*pltGotStubs;
        std::string expected = demangle(stub.symbol) + "@plt";
        if (stub.symbol.empty()) {
            ++irelative;
            const SymbolMatch ifunc = symbols->symbolAt(stub.addend);
            char absolute[64];
            std::snprintf(absolute, sizeof absolute, "*ABS*+0x%llx@plt",
                          static_cast<unsigned long long>(stub.addend));
            expected = ifunc.start == stub.addend && !ifunc.name.empty() ? ifunc.name + "@plt" : absolute;
        }
        const std::string name = symbols->symbolAt(stub.address).name;
        if (name != expected) {
            qWarning("%s: stub at 0x%llx is \"%s\", not \"%s\"", path.c_str(),
                     static_cast<unsigned long long>(stub.address), name.c_str(), expected.c_str());
            return -1;
        }
    }
    return irelative;
}

std::vector<ExecMapping> ownMappings(uint64_t &stackEnd) {
    std::vector<ExecMapping> result;
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        unsigned long long start, end, offset;
        char perms[8] = {};
        char path[4096] = {};
        if (std::sscanf(line.c_str(), "%llx-%llx %7s %llx %*s %*s %4095s", &start, &end, perms, &offset,
                        path) < 4)
            continue;
        if (std::strcmp(path, "[stack]") == 0) stackEnd = end;
        if (perms[2] == 'x' && path[0] == '/') result.push_back({start, end, offset, path});
    }
    return result;
}

struct Captured {
    std::array<uint64_t, 20> registers{}; // perf_regs_x86 order for mask 0xff0fff
    std::vector<uint8_t> stack;
};

// Captures the callee-saved registers, the stack pointer and an instruction pointer of this function at one
// instruction, and copies the stack from there up, as the kernel does for PERF_SAMPLE_STACK_USER.
// Not instrumented: it reads the whole stack above it, redzones of other frames included, as the kernel does.
extern "C" __attribute__((noinline, no_sanitize("address"))) void perfglassCaptureStack(Captured *out,
                                                                                        uint64_t stackEnd) {
    uint64_t rsp, rip, rbp, rbx, r12, r13, r14, r15;
    asm volatile("lea 0(%%rip), %1\n\t"
                 "mov %%rsp, %0\n\t"
                 "mov %%rbp, %2\n\t"
                 "mov %%rbx, %3\n\t"
                 "mov %%r12, %4\n\t"
                 "mov %%r13, %5\n\t"
                 "mov %%r14, %6\n\t"
                 "mov %%r15, %7\n\t"
                 : "=m"(rsp), "=r"(rip), "=m"(rbp), "=m"(rbx), "=m"(r12), "=m"(r13), "=m"(r14), "=m"(r15));
    out->registers[1] = rbx;
    out->registers[6] = rbp;
    out->registers[7] = rsp;
    out->registers[8] = rip;
    out->registers[16] = r12;
    out->registers[17] = r13;
    out->registers[18] = r14;
    out->registers[19] = r15;
    const uint64_t size = std::min<uint64_t>(64 * 1024, stackEnd - rsp);
    out->stack.resize(size);
    const auto *from = reinterpret_cast<const volatile uint8_t *>(rsp);
    for (uint64_t i = 0; i < size; ++i) // not memcpy, which the sanitizer checks
        out->stack[i] = from[i];
}

extern "C" __attribute__((noinline)) void perfglassCaller(Captured *out, uint64_t stackEnd) {
    perfglassCaptureStack(out, stackEnd);
    asm volatile("" ::: "memory"); // not a tail call
}

static inline __attribute__((always_inline)) int perfglassInlinedHelper(int x) {
    volatile int y = x;
    return y * 7 + 3;
}

extern "C" __attribute__((noinline)) int perfglassUsesInline(int x) {
    return perfglassInlinedHelper(x) + perfglassInlinedHelper(x + 1);
}

static inline __attribute__((always_inline)) int perfglassOuterInline(int x) {
    return perfglassInlinedHelper(x) * 2;
}

extern "C" __attribute__((noinline)) int perfglassUsesNestedInline(int x) {
    return perfglassOuterInline(x) + 1;
}

// Scopes for inlineIndexScopesAreGetscopes: a class of an anonymous namespace, a function's local class and
// a lambda, whose functions have no linkage name.
struct ScopeFixture {
    int twice(int value) const { return value * 2; }
};

// The scope prefix of a DIE as ElfSymbols qualified names before InlineIndex noted scopes: its enclosing
// namespaces, classes, structures and unions from dwarf_getscopes_die, "(anonymous namespace)" when unnamed.
std::string prefixFromGetscopes(Dwarf_Die *die) {
    Dwarf_Die *scopes = nullptr;
    const int count = dwarf_getscopes_die(die, &scopes);
    std::string prefix;
    for (int i = count - 1; i >= 1; --i) {
        const int tag = dwarf_tag(&scopes[i]);
        if (tag != DW_TAG_namespace && tag != DW_TAG_class_type && tag != DW_TAG_structure_type &&
            tag != DW_TAG_union_type)
            continue;
        const char *name = dwarf_diename(&scopes[i]);
        prefix += name ? std::string(name) : std::string("(anonymous namespace)");
        prefix += "::";
    }
    std::free(scopes);
    return prefix;
}

// Every function DIE below parent without a linkage name.
void functionsWithoutLinkageName(Dwarf_Die *parent, std::vector<Dwarf_Die> &out) {
    Dwarf_Die child;
    if (dwarf_child(parent, &child) != 0) return;
    do {
        if (dwarf_tag(&child) == DW_TAG_subprogram && !dwarf_hasattr(&child, DW_AT_linkage_name))
            out.push_back(child);
        functionsWithoutLinkageName(&child, out);
    } while (dwarf_siblingof(&child, &child) == 0);
}

// A copy of the ELF file at from, at to, whose .dynsym names its strings with the section called target
// (not a string table) in sh_link: the loader ignores section headers, libdw then reads the dynamic symbols
// through the dynamic segment. Returns false when from has no such sections.
bool copyWithDynsymLinkedTo(const std::string &from, const std::string &to, const char *target) {
    std::ifstream in(from, std::ios::binary);
    std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    if (bytes.size() < sizeof(Elf64_Ehdr)) return false;
    Elf64_Ehdr header;
    std::memcpy(&header, bytes.data(), sizeof header);
    const auto sectionAt = [&](size_t index) {
        Elf64_Shdr section;
        std::memcpy(&section, bytes.data() + header.e_shoff + index * sizeof section, sizeof section);
        return section;
    };
    if (header.e_shoff + size_t{header.e_shnum} * sizeof(Elf64_Shdr) > bytes.size()) return false;
    const Elf64_Shdr names = sectionAt(header.e_shstrndx);
    size_t dynsym = 0, linked = 0;
    for (size_t i = 1; i < header.e_shnum; ++i) {
        const Elf64_Shdr section = sectionAt(i);
        if (section.sh_type == SHT_DYNSYM) dynsym = i;
        if (std::strcmp(bytes.data() + names.sh_offset + section.sh_name, target) == 0) linked = i;
    }
    if (dynsym == 0 || linked == 0) return false;
    const auto link = static_cast<Elf64_Word>(linked);
    std::memcpy(bytes.data() + header.e_shoff + dynsym * sizeof(Elf64_Shdr) + offsetof(Elf64_Shdr, sh_link),
                &link, sizeof link);
    std::ofstream out(to, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return out.good();
}

} // namespace

__attribute__((noinline)) int scopeFixtureUse(int value) {
    struct Local {
        static int add(int a) { return a + 1; }
    };
    const auto triple = [](int a) { return a * 3; };
    return Local::add(triple(ScopeFixture{}.twice(value)));
}

class TestSymbols : public QObject {
    Q_OBJECT

private slots:
    // InlineIndex notes the scopes of a unit's functions in its walk: for every function of this test's
    // own unit that has no linkage name (what inline frames are qualified with), the prefix equals the one
    // dwarf_getscopes_die gives, for functions of namespaces, of an anonymous namespace's class, of a
    // function's local class and of lambdas.
    void inlineIndexScopesAreGetscopes() {
        QCOMPARE(scopeFixtureUse(2), 13);
        const QByteArray path = QCoreApplication::applicationFilePath().toLocal8Bit();
        const int fd = ::open(path.constData(), O_RDONLY);
        QVERIFY(fd >= 0);
        Dwarf *dwarf = dwarf_begin(fd, DWARF_C_READ);
        QVERIFY2(dwarf, "the test has no DWARF");
        Dwarf_Off offset = 0, next = 0;
        size_t headerSize = 0;
        std::set<std::string> prefixes;
        size_t compared = 0;
        while (dwarf_nextcu(dwarf, offset, &next, &headerSize, nullptr, nullptr, nullptr) == 0) {
            Dwarf_Die unit;
            if (dwarf_offdie(dwarf, offset + headerSize, &unit) && dwarf_diename(&unit) &&
                QByteArray(dwarf_diename(&unit)).endsWith("tst_symbols.cpp")) {
                InlineIndex index(&unit);
                std::vector<Dwarf_Die> functions;
                functionsWithoutLinkageName(&unit, functions);
                // dwarf_getscopes_die walks the unit for each: about 200 of them, spread over the unit,
                // and the fixture's.
                const size_t step = std::max<size_t>(1, functions.size() / 200);
                for (size_t i = 0; i < functions.size(); ++i) {
                    const auto prefix = index.scopePrefix(&functions[i]);
                    QVERIFY(prefix);
                    const std::string name = dwarf_diename(&functions[i]) ? dwarf_diename(&functions[i]) : "";
                    if (i % step != 0 && name != "twice" && name != "add" && name != "prefixFromGetscopes")
                        continue;
                    QCOMPARE(*prefix, prefixFromGetscopes(&functions[i]));
                    prefixes.insert(*prefix + name);
                    ++compared;
                }
            }
            offset = next;
        }
        dwarf_end(dwarf);
        ::close(fd);
        QVERIFY2(compared > 0, "no function without a linkage name in this test's unit");
        QVERIFY(prefixes.count("(anonymous namespace)::ScopeFixture::twice"));
        QVERIFY(prefixes.count("(anonymous namespace)::prefixFromGetscopes"));
        QVERIFY(prefixes.count("Local::add")); // a function's local class: the function is no scope
    }

    // Source paths: a file compiled as /build/proj/src/main.cpp is found below a source directory by its
    // whole path or a tail of it, under the sysroot, and not at all when no setting has it.
    void sourceFileFinderTriesPathsAndTails() {
        QTemporaryDir dir;
        const QString root = dir.path();
        for (const char *file :
             {"/sources/proj/src/main.cpp", "/sysroot/usr/include/lib.h", "/tree/build/x/y.c"}) {
            QDir().mkpath(QFileInfo(root + QLatin1String(file)).path());
            QFile out(root + QLatin1String(file));
            QVERIFY(out.open(QIODevice::WriteOnly));
        }
        const std::string base = root.toStdString();
        const SourceFileFinder none("", {});
        QCOMPARE(none.find("/build/proj/src/main.cpp"), std::string());
        const SourceFileFinder finder(base + "/sysroot",
                                      {base + "/nothing", base + "/sources", base + "/tree"});
        QCOMPARE(finder.find("/build/proj/src/main.cpp"), base + "/sources/proj/src/main.cpp");
        QCOMPARE(finder.find("/usr/include/lib.h"), base + "/sysroot/usr/include/lib.h");
        QCOMPARE(finder.find("/build/x/y.c"), base + "/tree/build/x/y.c"); // the whole path first
        QCOMPARE(finder.find("main.cpp"), std::string());                  // relative, nowhere
        // A directory is no source file: /sources/proj/src is one, so src is not found as a file.
        QCOMPARE(finder.find("/build/proj/src"), std::string());
        const QString existing = root + QStringLiteral("/sources/proj/src/main.cpp");
        QCOMPARE(finder.find(existing.toStdString()), existing.toStdString());
    }

    void cppDemangling() {
        QCOMPARE(demangle("_ZN9perfglass7Profile10moduleNameEj"),
                 std::string("perfglass::Profile::moduleName(unsigned int)"));
        QCOMPARE(demangle("main"), std::string("main"));
        QCOMPARE(demangle("_Zbroken"), std::string("_Zbroken"));
    }

    void rustLegacy() {
        QCOMPARE(demangle("_ZN4core3ptr13drop_in_place17h1234567890abcdefE"),
                 std::string("core::ptr::drop_in_place"));
        QCOMPARE(demangle("_ZN3std2rt10lang_start28_$u7b$$u7b$closure$u7d$$u7d$17h0123456789abcdefE"),
                 std::string("std::rt::lang_start::{{closure}}"));
        QCOMPARE(demangle("_ZN9hashbrown3raw21RawTable$LT$T$C$A$GT$14reserve_rehash17h8ea6bf097c96102fE.llvm."
                          "3423516357712200019"),
                 std::string("hashbrown::raw::RawTable<T,A>::reserve_rehash"));
        // Trait impls: "::" inside the "<… as …>" component is written "..", so the mangling does not end at
        // the first '.'; a suffix after the final 'E' is kept (".llvm.N" dropped).
        const std::string hasher =
            "_ZN71_$LT$core..hash..sip..Hasher$LT$S$GT$$u20$as$u20$core..hash..Hasher$GT$"
            "5write17h339f280ee9c5174fE";
        QCOMPARE(demangle(hasher), std::string("<core::hash::sip::Hasher<S> as core::hash::Hasher>::write"));
        QCOMPARE(demangle(hasher + ".llvm.4417722377351453893"),
                 std::string("<core::hash::sip::Hasher<S> as core::hash::Hasher>::write"));
        QCOMPARE(demangle(hasher + ".cold.1"),
                 std::string("<core::hash::sip::Hasher<S> as core::hash::Hasher>::write.cold.1"));
        QCOMPARE(demangle(hasher + ".cold.llvm.17"),
                 std::string("<core::hash::sip::Hasher<S> as core::hash::Hasher>::write.cold"));
        QCOMPARE(demangle("_ZN4demo4main17h0123456789abcdefE.cold"), std::string("demo::main.cold"));
        // A length past the end, or a nested name without its 'E': shown as it is.
        QCOMPARE(demangle("_ZN99demo17h0123456789abcdefE"), std::string("_ZN99demo17h0123456789abcdefE"));
        QCOMPARE(demangle("_ZN4demo17h0123456789abcdef"), std::string("_ZN4demo17h0123456789abcdef"));
        // C++ keeps libiberty's reading of clones; only LLVM's suffix goes.
        QCOMPARE(demangle("_ZN3foo3barEv.cold.1"), std::string("foo::bar() [clone .cold.1]"));
        QCOMPARE(demangle("_ZN3foo3barEv.llvm.12"), std::string("foo::bar()"));
    }

    void rustV0() {
        QCOMPARE(demangle("_RNvCskK7mfDs1mzF_1m4main"), std::string("m::main"));
        QCOMPARE(
            demangle("_RINvMNtCsgEmfK2I1SDS_4core3stre18trim_start_matchesReECsgY6Mt91CT9J_14rustc_demangle"),
            std::string("<str>::trim_start_matches::<&str>"));
        QCOMPARE(demangle("_RNCNCNvNtNtCsjrHSEGnQ3l9_3std3sys9backtrace10__print_fmts_00B9_"),
                 std::string("std::sys::backtrace::_print_fmt::{closure#1}::{closure#0}"));
        QCOMPARE(demangle("_RINvMNtCsgEmfK2I1SDS_4core5sliceSh11copy_withinINtNtNtB5_"
                          "3ops5range14RangeInclusivejEECsfEOYDRpO4Ta_11miniz_oxide"),
                 std::string("<[u8]>::copy_within::<core::ops::range::RangeInclusive<usize>>"));
        // Trait methods: <T as Trait> (Y), and the same inside an impl block (X), whose own path is dropped.
        QCOMPARE(demangle("_RNvYNtCs_1a3FooNtCs_1a5Trait3fmt"), std::string("<a::Foo as a::Trait>::fmt"));
        QCOMPARE(demangle("_RNvXCs_1aNtCs_1a3FooNtCs_1a5Trait3fmt"),
                 std::string("<a::Foo as a::Trait>::fmt"));
        // Punycode identifiers are decoded; suffixes other than LLVM's are kept, as Rust shows them.
        QCOMPARE(demangle("_RNvNtCs1234_7mycrate5inneru8gdel_5qa"), std::string("mycrate::inner::gödel"));
        QCOMPARE(demangle("_RNvCskK7mfDs1mzF_1m4main.cold"), std::string("m::main.cold"));
        QCOMPARE(demangle("_RNvCskK7mfDs1mzF_1m4main.llvm.123"), std::string("m::main"));
        QCOMPARE(demangle("_ZN4demo4main17h0123456789abcdefE.cold.1"), std::string("demo::main.cold.1"));
        // Malformed: shown as it is, never a crash.
        QCOMPARE(demangle("_RNvB99999_1x"), std::string("_RNvB99999_1x"));
        QCOMPARE(demangle("_RINvCs_1a"), std::string("_RINvCs_1a"));
    }

    // Every symbol of a Rust program (tests/fixtures/rust-names) is named as Rust's own demangler names it,
    // and distinct symbols keep distinct names.
    void rustV0MatchesRustsOwnDemangler() {
        const TableCheck check = checkNameTable(PERFGLASS_FIXTURES_DIR "/rust-names/v0-names.tsv");
        QVERIFY(check.rows > 60);
        QVERIFY2(check.wrong.empty(), qPrintable(firstWrong(check)));
        QCOMPARE(check.distinctNames, check.rows);
    }

    // The same for legacy symbols (rustc's default): trait impls ("_$LT$...$GT$"), "::" inside a component
    // written "..", and suffixes after the mangling (".llvm.N" dropped, ".cold.1" kept). Legacy names drop
    // the hash, so generic instances share a name.
    void rustLegacyMatchesRustsOwnDemangler() {
        const TableCheck check = checkNameTable(PERFGLASS_FIXTURES_DIR "/rust-names/legacy-names.tsv");
        QVERIFY(check.rows > 40);
        QVERIFY2(check.wrong.empty(), qPrintable(firstWrong(check)));
    }

    // A program that rustc builds here, with its default (legacy) mangling: every Rust symbol is demangled
    // whole, and read through ElfSymbols with the same name.
    void rustLegacyOfARealProgram() {
        const QString rustc = QStandardPaths::findExecutable("rustc");
        if (rustc.isEmpty()) QSKIP("rustc is not installed (packaging/install-deps.sh test installs it)");
        QTemporaryDir dir;
        const QString binary = dir.filePath("demo");
        const ProcessResult built = runProgram(
            rustc, {"-O", "-g", PERFGLASS_FIXTURES_DIR "/rust-names/demo.rs", "-o", binary}, 300000);
        QVERIFY2(built.exitCode == 0, qPrintable(built.err));
        const auto symbols = openSymbols(binary.toStdString());
        QVERIFY(symbols);
        const std::regex legacyRust("_ZN.*17h[0-9a-f]{16}E(\\..*)?");
        const std::regex leftOver(R"(\$|\.\.|::h[0-9a-f]{16}|^_ZN)");
        std::set<std::string> names;
        for (const auto &[address, symbol] : functionSymbols(binary.toStdString())) {
            if (!std::regex_match(symbol, legacyRust)) continue;
            const std::string name = demangle(symbol);
            QVERIFY2(!std::regex_search(name, leftOver),
                     qPrintable(QString::fromStdString(symbol + " -> " + name)));
            names.insert(name);
            const std::string read = symbols->symbolAt(address).name;
            QVERIFY2(!std::regex_search(read, leftOver),
                     qPrintable(QString::fromStdString(symbol + " -> " + read)));
        }
        for (const char *expected : {"demo::main", "<demo::Square<T> as demo::Shape>::area",
                                     "demo::inner::Wrapper<T,_>::total", "<&T as core::fmt::Debug>::fmt"})
            QVERIFY2(names.count(expected), expected);
    }

    void kallsymsParsing() {
        const auto symbols = KernelSymbols::fromText("ffffffff81000000 T _text\n"
                                                     "ffffffff81000100 t helper\n"
                                                     "ffffffff81000200 D some_data\n"
                                                     "ffffffff81000300 T do_syscall_64\t[kvm]\n"
                                                     "garbage line\n");
        QCOMPARE(symbols.textStart(), uint64_t{0xffffffff81000000});
        QCOMPARE(symbols.symbolAt(0xffffffff81000150), std::string("helper"));
        QCOMPARE(symbols.symbolAt(0xffffffff81000250),
                 std::string("helper")); // data symbols are skipped
        QCOMPARE(symbols.symbolAt(0xffffffff81000301), std::string("do_syscall_64"));
        QVERIFY(symbols.symbolAt(0x1000).empty());
        QCOMPARE(symbols.size(), size_t{3});
    }

    void kallsymsCacheMatchesProc() {
        QTemporaryDir cache;
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const auto first = KernelSymbols::fromProc();  // parses /proc/kallsyms and writes the cache
        const auto second = KernelSymbols::fromProc(); // reads the cache
        qunsetenv("XDG_CACHE_HOME");
        if (first.empty()) QSKIP("/proc/kallsyms hides its addresses here (kernel.kptr_restrict)");
        QVERIFY(!QDir(cache.path() + "/perfglass").entryList({"kallsyms-*.bin"}).isEmpty());
        QCOMPARE(second.size(), first.size());
        QCOMPARE(second.textStart(), first.textStart());
        const uint64_t probe = first.textStart() + 0x1234;
        QCOMPARE(second.symbolAt(probe), first.symbolAt(probe));
        QVERIFY(!first.symbolAt(probe).empty());

        // The cache is mapped: a cut or damaged one is parsed again from /proc, never indexed out of range.
        const QString file = cache.path() + "/perfglass/" +
                             QDir(cache.path() + "/perfglass").entryList({"kallsyms-*.bin"}).first();
        QVERIFY(QFile::resize(file, QFileInfo(file).size() / 2));
        qputenv("XDG_CACHE_HOME", cache.path().toUtf8());
        const auto third = KernelSymbols::fromProc();
        qunsetenv("XDG_CACHE_HOME");
        QCOMPARE(third.size(), first.size());
        QCOMPARE(third.symbolAt(probe), first.symbolAt(probe));
    }

    void jitMapFiles() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("perf-123.map").toStdString();
        std::ofstream(path) << "7f0000001000 100 JS:fastLoop\n"
                            << "not a line\n"
                            << "7f0000002000 20 Interpreter::dispatch with spaces\n";
        const JitMap map = JitMap::load(path);
        QCOMPARE(map.size(), size_t{2});
        QCOMPARE(map.malformedLines(), size_t{1});
        QCOMPARE(*map.find(0x7f00000010ff), std::string("JS:fastLoop"));
        QVERIFY(map.find(0x7f0000001100) == nullptr);
        QCOMPARE(*map.find(0x7f0000002004), std::string("Interpreter::dispatch with spaces"));
        QVERIFY(JitMap::load(dir.filePath("absent.map").toStdString()).empty());
    }

    // A symbol table whose string-table link is not a string table (no data: .bss; not strings: .got) is
    // not read directly: libdw's reading decides, and every symbol is named as from the intact file.
    void symbolTableWithABrokenStringLinkIsNamedAsLibdwNamesIt() {
        const std::string library = "/lib/x86_64-linux-gnu/libz.so.1";
        const auto intact = openSymbols(library);
        if (!intact) QSKIP("libz.so.1 is not installed");
        QTemporaryDir dir;
        for (const char *target : {".bss", ".got"}) {
            const std::string broken = dir.filePath(QString::fromLatin1(target).mid(1)).toStdString();
            QVERIFY2(copyWithDynsymLinkedTo(library, broken, target), target);
            const auto symbols = openSymbols(broken);
            QVERIFY(symbols);
            for (const char *function : {"adler32", "crc32", "deflate", "inflate"}) {
                const auto find = [&](const ElfSymbols &in) {
                    for (uint64_t address = 0x1000; address < 0x40000; address += 16)
                        if (const auto match = in.symbolAt(address); match.name == function)
                            return match.start;
                    return uint64_t{0};
                };
                const uint64_t start = find(*intact);
                QVERIFY2(start != 0, function);
                QCOMPARE(symbols->symbolAt(start).name, std::string(function));
            }
        }
    }

    void elfSymbolsAndPlt() {
        const auto symbols = openSymbols("/proc/self/exe");
        QVERIFY(symbols);
        // This test program calls into Qt and libc through its PLT.
        bool sawPlt = false;
        uint64_t stackEnd = 0;
        const auto mappings = ownMappings(stackEnd);
        const auto function = reinterpret_cast<uint64_t>(&perfglassCaptureStack);
        for (const auto &mapping : mappings) {
            if (function < mapping.start || function >= mapping.end) continue;
            const uint64_t address = symbols->addressForFileOffset(function - mapping.start + mapping.offset);
            QCOMPARE(symbols->symbolAt(address + 1).name, std::string("perfglassCaptureStack"));
            for (uint64_t a = mapping.start; a < mapping.end && !sawPlt; a += 16)
                sawPlt = symbols->symbolAt(symbols->addressForFileOffset(a - mapping.start + mapping.offset))
                             .name.ends_with("@plt");
        }
        QVERIFY(sawPlt);
    }

    // PLT stubs of C++ functions are named demangled, as perf names them: "operator new(unsigned long)@plt".
    void cppPltStubsAreDemangled() {
        const auto symbols = openSymbols("/proc/self/exe");
        QVERIFY(symbols);
        std::set<std::string> names;
        for (const PltStub &stub : readPlt("/proc/self/exe"))
            names.insert(symbols->symbolAt(stub.address).name);
        QVERIFY(names.count("operator new(unsigned long)@plt")); // this test calls it through its PLT
        for (const auto &name : names)
            QVERIFY2(!name.starts_with("_Z"), name.c_str());
        QVERIFY(checkPltNames("/proc/self/exe") >= 0);
    }

    // .plt.got holds the stubs of functions both called and referenced through the GOT (__cxa_finalize in
    // every PIE and in libc): named "function@plt" as perf names them, after the .rela.dyn relocation of
    // their slot.
    void pltGotStubsAreNamed() {
        for (const std::string path : {"/proc/self/exe", "/lib/x86_64-linux-gnu/libc.so.6"}) {
            if (!QFile::exists(QString::fromStdString(path))) continue;
            int inPltGot = 0;
            QVERIFY2(checkPltNames(path, &inPltGot) >= 0, path.c_str());
            QVERIFY2(inPltGot > 0, path.c_str());
        }
        const auto symbols = openSymbols("/proc/self/exe");
        QVERIFY(symbols);
        bool found = false;
        for (const PltStub &stub : readPlt("/proc/self/exe"))
            found = found || (stub.inPltGot && symbols->symbolAt(stub.address).name == "__cxa_finalize@plt");
        QVERIFY(found);
    }

    // libc calls its own IFUNCs (memcpy, strlen...) through PLT stubs with IRELATIVE relocations, which have
    // no symbol and come after the others in .rela.plt, out of stub order. A static executable's .plt has
    // 8-byte stubs, all IRELATIVE, and no lazy-binding header. Every stub is named after what it calls.
    void irelativePltStubsAreNamed() {
        const std::string libc = "/lib/x86_64-linux-gnu/libc.so.6";
        if (QFile::exists(QString::fromStdString(libc))) QVERIFY(checkPltNames(libc) > 0);
        const std::string staticProgram = PERFGLASS_FIXTURES_DIR "/golden/perfglass-golden/golden-fp";
        QVERIFY(checkPltNames(staticProgram) > 0);
    }

    // A stripped file finds its symbols in a separate debug file named by .gnu_debuglink (in .debug/ next to
    // it) without debuginfod; a debug file of another program there (other build id) is not used.
    void separateDebugFileByDebugLink() {
        const QString objcopy = QStandardPaths::findExecutable("objcopy");
        if (objcopy.isEmpty()) QSKIP("objcopy (binutils) is not installed");
        if (qEnvironmentVariableIsSet("DEBUGINFOD_URLS"))
            QSKIP("DEBUGINFOD_URLS is set: libdw's search runs");
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(".debug"));
        const QString program = dir.filePath("prog");
        const QString debug = dir.filePath(".debug/prog.debug");
        QVERIFY(QFile::copy("/proc/self/exe", program));
        QCOMPARE(runProgram(objcopy, {"--only-keep-debug", program, debug}).exitCode, 0);
        QCOMPARE(runProgram(objcopy, {"--strip-all", "--add-gnu-debuglink=" + debug, program}).exitCode, 0);

        uint64_t stackEnd = 0;
        const auto function = reinterpret_cast<uint64_t>(&perfglassCaptureStack);
        uint64_t fileOffset = 0;
        for (const auto &mapping : ownMappings(stackEnd))
            if (function >= mapping.start && function < mapping.end)
                fileOffset = function - mapping.start + mapping.offset;
        QVERIFY(fileOffset != 0);
        auto symbols = openSymbols(program.toStdString());
        QVERIFY(symbols);
        QVERIFY(symbols->hasSymbols());
        QCOMPARE(symbols->symbolAt(symbols->addressForFileOffset(fileOffset) + 1).name,
                 std::string("perfglassCaptureStack"));

        // Another program's debug file under the same name: its build id differs, so it is not used.
        QVERIFY(QFile::remove(debug));
        QCOMPARE(runProgram(objcopy, {"--only-keep-debug", clientPath("hotspots-fp"), debug}).exitCode, 0);
        symbols = openSymbols(program.toStdString());
        QVERIFY(symbols);
        QVERIFY(symbols->symbolAt(symbols->addressForFileOffset(fileOffset) + 1).name !=
                "perfglassCaptureStack");
    }

    // The longest inline chain found in FUNCTION's code, walking its addresses one by one.
    static std::vector<InlineFrame> longestInlineChain(uint64_t function, const char *name) {
        const auto symbols = openSymbols("/proc/self/exe");
        if (!symbols) return {};
        uint64_t stackEnd = 0;
        std::vector<InlineFrame> longest;
        for (const auto &mapping : ownMappings(stackEnd)) {
            if (function < mapping.start || function >= mapping.end) continue;
            const uint64_t start = symbols->addressForFileOffset(function - mapping.start + mapping.offset);
            for (uint64_t a = start; a < start + 4096; ++a) {
                std::vector<InlineFrame> chain;
                symbols->inlineChain(a, chain);
                if (chain.empty() || chain.back().name != name) break; // past the function
                if (chain.size() > longest.size()) longest = chain;
            }
        }
        return longest;
    }

    void inlineFramesAndSourceLines() {
        const auto chain =
            longestInlineChain(reinterpret_cast<uint64_t>(&perfglassUsesInline), "perfglassUsesInline");
        QCOMPARE(chain.size(), size_t(2));
        QVERIFY(!chain.back().inlined);
        QVERIFY(chain.back().sourceFile.ends_with("tst_symbols.cpp"));
        QVERIFY(chain.back().line > 0);
        QVERIFY(chain[0].inlined);
        QVERIFY2(chain[0].name.find("perfglassInlinedHelper") != std::string::npos, chain[0].name.c_str());
        QVERIFY(chain[0].line > 0 && chain[0].line < chain.back().line); // defined above its caller
    }

    // Inlined into an inlined function: both are frames, innermost first, each with the line where it is.
    void nestedInlineFrames() {
        const auto chain = longestInlineChain(reinterpret_cast<uint64_t>(&perfglassUsesNestedInline),
                                              "perfglassUsesNestedInline");
        QCOMPARE(chain.size(), size_t(3));
        QVERIFY2(chain[0].name.find("perfglassInlinedHelper") != std::string::npos, chain[0].name.c_str());
        QVERIFY2(chain[1].name.find("perfglassOuterInline") != std::string::npos, chain[1].name.c_str());
        QVERIFY(chain[0].inlined && chain[1].inlined && !chain[2].inlined);
        // Lines: the helper's code, the outer function's call of it, the call of the outer function; each
        // function is defined below the previous one.
        QVERIFY(chain[0].line > 0 && chain[0].line < chain[1].line);
        QVERIFY(chain[1].line < chain[2].line);
        for (const auto &frame : chain)
            QVERIFY2(frame.sourceFile.ends_with("tst_symbols.cpp"), frame.sourceFile.c_str());
    }

    void unwindsItsOwnStack() {
        uint64_t stackEnd = 0;
        const auto mappings = ownMappings(stackEnd);
        QVERIFY(stackEnd != 0);
        Captured captured;
        perfglassCaller(&captured, stackEnd);

        std::map<std::string, std::unique_ptr<ElfSymbols>> files;
        std::map<std::string, ModuleId> ids;
        auto symbolsOf = [&](const std::string &path) {
            auto &slot = files[path];
            if (!slot) {
                slot = openSymbols(path);
                ids.emplace(path, static_cast<ModuleId>(ids.size()));
            }
            return slot.get();
        };
        auto locate = [&](uint64_t address, CodeLocation &location) {
            for (const auto &mapping : mappings) {
                if (address < mapping.start || address >= mapping.end) continue;
                location.symbols = symbolsOf(mapping.path);
                location.module = ids[mapping.path];
                location.elfAddress =
                    location.symbols
                        ? location.symbols->addressForFileOffset(address - mapping.start + mapping.offset)
                        : 0;
                return true;
            }
            return false;
        };
        DwarfUnwinder unwinder;
        std::vector<uint64_t> pcs;
        const UnwindEnd end = unwinder.unwind(captured.registers, 0xff0fff, captured.stack, locate, pcs);
        std::vector<std::string> names;
        for (size_t i = 0; i < pcs.size(); ++i) {
            CodeLocation location;
            std::string name = "?";
            if (locate(pcs[i], location) && location.symbols)
                name = location.symbols->symbolAt(location.elfAddress - (i > 0 ? 1 : 0)).name;
            names.push_back(name);
            qInfo("#%zu %s", i, name.c_str());
        }
        QVERIFY2(end == UnwindEnd::Complete, unwindEndName(end));
        QVERIFY(names.size() > 5);
        QCOMPARE(names[0], std::string("perfglassCaptureStack"));
        QCOMPARE(names[1], std::string("perfglassCaller"));
        QVERIFY(names[2].starts_with("TestSymbols::unwindsItsOwnStack()"));
        QVERIFY(std::find(names.begin(), names.end(), "main") != names.end());
        QVERIFY(std::find(names.begin(), names.end(), "__libc_start_main") !=
                names.end()); // no @@GLIBC version

        // The same stack cut to 256 bytes ends early, as truncated, without reading past the copy.
        Captured cut = captured;
        cut.stack.resize(256);
        pcs.clear();
        QCOMPARE(unwinder.unwind(cut.registers, 0xff0fff, cut.stack, locate, pcs), UnwindEnd::Truncated);
        QVERIFY(pcs.size() >= 1 && pcs.size() < names.size());
        // Without registers there is nothing to unwind.
        pcs.clear();
        QCOMPARE(unwinder.unwind({}, 0xff0fff, captured.stack, locate, pcs), UnwindEnd::NoRegisters);
    }
};

QTEST_GUILESS_MAIN(TestSymbols)
#include "tst_symbols.moc"
