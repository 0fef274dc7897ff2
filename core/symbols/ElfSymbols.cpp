#include "symbols/ElfSymbols.h"

#include "base/RadixSort.h"
#include "base/UniqueFd.h"
#include "symbols/Demangler.h"
#include "symbols/InlineIndex.h"

#include <dwarf.h>
#include <elfutils/libdwelf.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <span>
#include <string_view>

namespace perfglass {

namespace {

constexpr const char *kDefaultDebugPath = ":.debug:/usr/lib/debug";

bool debuginfodConfigured() {
    const char *urls = std::getenv("DEBUGINFOD_URLS");
    return urls && *urls;
}

// Whether the ELF file open on fd has the given GNU build id.
bool hasBuildId(int fd, const unsigned char *bits, int size) {
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, nullptr);
    if (!elf) return false;
    const void *found = nullptr;
    const ssize_t length = dwelf_elf_gnu_build_id(elf, &found);
    const bool same = length == size && std::memcmp(found, bits, static_cast<size_t>(size)) == 0;
    elf_end(elf);
    return same;
}

// A separate debug file named by .gnu_debuglink (or NAME.debug), in each directory of the debug path as libdw
// searches it: "" is the file's own directory, a relative entry is below it (.debug), an absolute one holds
// the file's directory tree (/usr/lib/debug/usr/bin). It must carry the module's build id when the module has
// one.
int findByDebugLink(Dwfl_Module *module, const char *fileName, const char *debugLink, const std::string &path,
                    char **debugFileName) {
    if (!fileName) return -1;
    const std::string_view file(fileName);
    const size_t slash = file.rfind('/');
    const std::string directory(slash == std::string_view::npos ? "." : file.substr(0, slash));
    const std::string name =
        debugLink ? std::string(debugLink)
                  : std::string(file.substr(slash == std::string_view::npos ? 0 : slash + 1)) + ".debug";
    const unsigned char *bits = nullptr;
    GElf_Addr address = 0;
    const int bitsSize = dwfl_module_build_id(module, &bits, &address);
    size_t begin = 0;
    while (begin <= path.size()) {
        size_t end = path.find(':', begin);
        if (end == std::string::npos) end = path.size();
        const std::string entry = path.substr(begin, end - begin);
        begin = end + 1;
        std::string candidate;
        if (entry.empty())
            candidate = directory + "/" + name;
        else if (entry.front() != '/')
            candidate = directory + "/" + entry + "/" + name;
        else
            candidate = entry + (directory.front() == '/' ? "" : "/") + directory + "/" + name;
        if (candidate == file) continue;
        UniqueFd fd(::open(candidate.c_str(), O_RDONLY | O_CLOEXEC));
        if (!fd.valid()) continue;
        if (bitsSize <= 0 || hasBuildId(fd.get(), bits, bitsSize)) {
            *debugFileName = ::strdup(candidate.c_str());
            return fd.release(); // libdw owns it now
        }
    }
    return -1;
}

// The debug file a build-id cache keeps beside the module's file, when it carries the module's build id.
int openKeptDebugFile(Dwfl_Module *module, const std::string &path, char **debugFileName) {
    const unsigned char *bits = nullptr;
    GElf_Addr address = 0;
    const int bitsSize = dwfl_module_build_id(module, &bits, &address);
    UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (bitsSize <= 0 || !fd.valid() || !hasBuildId(fd.get(), bits, bitsSize)) return -1;
    *debugFileName = ::strdup(path.c_str());
    return fd.release(); // libdw owns it now
}

// libdw's dwfl_standard_find_debuginfo asks debuginfod last, and libdw 0.188 loads libdebuginfod for that
// even when DEBUGINFOD_URLS is unset: about 25 shared libraries (libcurl, gnutls, krb5...), milliseconds and
// megabytes for nothing. Without DEBUGINFOD_URLS the local search is done here: by build id under the debug
// path (libdw), then by .gnu_debuglink. userdata holds the module's debug path list.
// With DEBUGINFOD_URLS set, the servers are asked last, through DebuginfodClient so that downloads report
// progress and can be stopped (libdw's own client, 0.188, offers neither), or through libdw when
// libdebuginfod cannot be loaded.
int findDebuginfo(Dwfl_Module *module, void **userdata, const char *moduleName, Dwarf_Addr base,
                  const char *fileName, const char *debugLink, GElf_Word crc, char **debugFileName) {
    const auto *search = userdata ? static_cast<const DebugFileSearch *>(*userdata) : nullptr;
    if (search && !search->debugFile.empty()) {
        const int kept = openKeptDebugFile(module, search->debugFile, debugFileName);
        if (kept >= 0) return kept;
    }
    const bool debuginfod = debuginfodConfigured();
    if (debuginfod && !DebuginfodClient::available())
        return dwfl_standard_find_debuginfo(module, userdata, moduleName, base, fileName, debugLink, crc,
                                            debugFileName);
    const int fd = dwfl_build_id_find_debuginfo(module, userdata, moduleName, base, fileName, debugLink, crc,
                                                debugFileName);
    if (fd >= 0) return fd;
    const int linked = findByDebugLink(
        module, fileName, debugLink,
        search && !search->pathList.empty() ? search->pathList : kDefaultDebugPath, debugFileName);
    if (linked >= 0 || !debuginfod) return linked;
    const unsigned char *bits = nullptr;
    GElf_Addr address = 0;
    const int size = dwfl_module_build_id(module, &bits, &address);
    if (size <= 0) return -1;
    const int downloaded =
        DebuginfodClient::findDebuginfo(bits, size, fileName ? fileName : moduleName,
                                        search ? search->progress : DebuginfodProgress{}, debugFileName);
    return downloaded >= 0 ? downloaded : -1;
}

} // namespace

namespace {
// Whether elf has a section of that name with contents in the file (not NOBITS, not empty).
bool hasSection(Elf *elf, const char *wanted) {
    size_t stringsIndex = 0;
    if (!elf || elf_getshdrstrndx(elf, &stringsIndex) != 0) return false;
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        GElf_Shdr header;
        if (!gelf_getshdr(section, &header) || header.sh_type == SHT_NOBITS || header.sh_size == 0) continue;
        const char *name = elf_strptr(elf, stringsIndex, header.sh_name);
        if (name && std::strcmp(name, wanted) == 0) return true;
    }
    return false;
}

bool fileHasSection(const char *path, const char *wanted) {
    const UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) return false;
    Elf *elf = elf_begin(fd.get(), ELF_C_READ_MMAP, nullptr);
    const bool found = hasSection(elf, wanted);
    if (elf) elf_end(elf);
    return found;
}
} // namespace

Expected<std::unique_ptr<ElfSymbols>> ElfSymbols::open(const std::string &path, const DebugSearch &search) {
    std::unique_ptr<ElfSymbols> symbols(new ElfSymbols);
    symbols->path_ = path;
    const std::string &file = symbols->path_;
    if (::access(file.c_str(), R_OK) != 0) return unexpected(file + ": " + std::strerror(errno));
    symbols->debugSearch_.progress = search.debuginfodProgress;
    symbols->debugSearch_.debugFile = search.debugFile;
    if (!search.debugPaths.empty()) {
        symbols->debugSearch_.pathList = ":.debug:/usr/lib/debug";
        for (const auto &directory : search.debugPaths)
            symbols->debugSearch_.pathList += ":" + directory;
        symbols->debugPathPointer_ = symbols->debugSearch_.pathList.data();
    }
    auto callbacks = std::make_shared<Dwfl_Callbacks>();
    callbacks->find_elf = dwfl_build_id_find_elf;
    callbacks->find_debuginfo = findDebuginfo;
    callbacks->section_address = dwfl_offline_section_address;
    callbacks->debuginfo_path = &symbols->debugPathPointer_;
    symbols->callbacks_ = callbacks;
    symbols->dwfl_ = dwfl_begin(callbacks.get());
    // Base 0 with the segments' own addresses: the module's bias is 0, so ELF addresses are dwfl addresses.
    symbols->module_ = dwfl_report_elf(symbols->dwfl_, file.c_str(), file.c_str(), -1, 0, true);
    if (!symbols->module_) return unexpected(file + ": " + dwfl_errmsg(-1));
    dwfl_report_end(symbols->dwfl_, nullptr, nullptr);
    void **userdata = nullptr;
    dwfl_module_info(symbols->module_, &userdata, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
    if (userdata) *userdata = &symbols->debugSearch_; // for findDebuginfo

    GElf_Addr bias = 0;
    Elf *elf = dwfl_module_getelf(symbols->module_, &bias);
    size_t count = 0;
    if (elf && elf_getphdrnum(elf, &count) == 0) {
        for (size_t i = 0; i < count; ++i) {
            GElf_Phdr header;
            if (gelf_getphdr(elf, static_cast<int>(i), &header) && header.p_type == PT_LOAD)
                symbols->segments_.push_back({header.p_offset, header.p_vaddr, header.p_filesz});
        }
    }
    symbols->hasSymbols_ = dwfl_module_getsymtab(symbols->module_) > 0;
    symbols->hasOwnDebugInfo_ = hasSection(elf, ".debug_info");
    return symbols;
}

ElfSymbols::~ElfSymbols() {
    if (dwfl_) dwfl_end(dwfl_);
}

uint64_t ElfSymbols::addressForFileOffset(uint64_t offset) const {
    for (const auto &segment : segments_)
        if (offset >= segment.fileOffset && offset < segment.fileOffset + segment.size)
            return offset - segment.fileOffset + segment.address;
    // Past every segment's file bytes (bss) or no program headers: use the first segment's displacement.
    if (!segments_.empty()) return offset - segments_.front().fileOffset + segments_.front().address;
    return offset;
}

Dwarf_CFI *ElfSymbols::ehFrameInfo() {
    if (!ehLoaded_) {
        ehLoaded_ = true;
        Dwarf_Addr bias = 0;
        eh_ = dwfl_module_eh_cfi(module_, &bias);
    }
    return eh_;
}

// libdw reads .debug_frame through the module's whole DWARF, decompressing every debug section of the
// separate debug file (libc's: tens of milliseconds). Distribution debug files rarely have .debug_frame at
// all (x86_64 code has .eh_frame), so when neither the file nor its already found debug file has one, nothing
// is loaded.
bool ElfSymbols::mayHaveDebugFrame() const {
    GElf_Addr bias = 0;
    if (hasSection(dwfl_module_getelf(module_, &bias), ".debug_frame")) return true;
    const char *debugFile = nullptr;
    dwfl_module_info(module_, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &debugFile);
    if (!debugFile) return true; // not searched yet: let libdw look
    return fileHasSection(debugFile, ".debug_frame");
}

Dwarf_CFI *ElfSymbols::debugFrameInfo() {
    if (!debugLoaded_) {
        debugLoaded_ = true;
        Dwarf_Addr bias = 0;
        if (mayHaveDebugFrame()) debug_ = dwfl_module_dwarf_cfi(module_, &bias);
    }
    return debug_;
}

namespace {
// perf's preference among symbols at one address: sized, then not weak, then global, then fewer leading
// underscores, then the longer name.
uint8_t rankOf(const GElf_Sym &symbol) {
    uint8_t rank = 0;
    if (symbol.st_size == 0) rank += 4;
    const int binding = GELF_ST_BIND(symbol.st_info);
    if (binding == STB_WEAK)
        rank += 2;
    else if (binding == STB_LOCAL)
        rank += 1;
    return rank;
}

size_t leadingUnderscores(const char *name) {
    size_t count = 0;
    while (name[count] == '_')
        ++count;
    return count;
}

bool isCode(const GElf_Sym &symbol) {
    const int type = GELF_ST_TYPE(symbol.st_info);
    return symbol.st_shndx != SHN_UNDEF && symbol.st_value != 0 &&
           (type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_NOTYPE);
}

// Whether the table keeps a symbol: named code, not an ARM-style mapping symbol ("$x", "$d").
bool keepsSymbol(const GElf_Sym &symbol, const char *name) {
    return name && *name && name[0] != '$' && isCode(symbol);
}
} // namespace

// The symbol table libdw reads for a module (the debug file's .symtab, else the file's own .symtab, else its
// .dynsym), as an array, when each symbol's address is its own value: a 64-bit file that is not relocatable,
// at bias 0, with no second table merged in (.gnu_debugdata). Reading it directly skips libdw's per-symbol
// section lookups, a third of building a table.
struct ElfSymbols::SymbolArray {
    std::span<const Elf64_Sym> symbols;
    std::string_view names; // the string table, ending in a NUL

    // The name of the symbol at index when the table keeps it (a named code symbol), else nullptr.
    const char *codeName(size_t index) const {
        const Elf64_Sym &entry = symbols[index]; // GElf_Sym is Elf64_Sym
        if (entry.st_name >= names.size()) return nullptr;
        const char *name = names.data() + entry.st_name;
        return keepsSymbol(entry, name) ? name : nullptr;
    }
};

std::optional<ElfSymbols::SymbolArray> ElfSymbols::symbolArray(int count) const {
    GElf_Sym symbol;
    GElf_Addr address = 0;
    Elf *elf = nullptr;
    Dwarf_Addr bias = 0;
    GElf_Ehdr header;
    if (count < 2 || !dwfl_module_getsym_info(module_, 1, &symbol, &address, nullptr, &elf, &bias) || !elf ||
        bias != 0 || !gelf_getehdr(elf, &header) || header.e_ident[EI_CLASS] != ELFCLASS64 ||
        header.e_type == ET_REL)
        return std::nullopt;
    for (const GElf_Word type : {SHT_SYMTAB, SHT_DYNSYM}) {
        for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
            GElf_Shdr sectionHeader;
            if (!gelf_getshdr(section, &sectionHeader) || sectionHeader.sh_type != type) continue;
            Elf_Scn *namesSection = elf_getscn(elf, sectionHeader.sh_link);
            GElf_Shdr namesHeader;
            const Elf_Data *data = elf_getdata(section, nullptr);
            const Elf_Data *names = namesSection ? elf_getdata(namesSection, nullptr) : nullptr;
            if (!data || !data->d_buf || data->d_type != ELF_T_SYM ||
                data->d_size != size_t(count) * sizeof(Elf64_Sym) || !names || !names->d_buf ||
                names->d_size == 0 || !gelf_getshdr(namesSection, &namesHeader) ||
                namesHeader.sh_type != SHT_STRTAB ||
                static_cast<const char *>(names->d_buf)[names->d_size - 1] != 0)
                return std::nullopt;
            return SymbolArray{{static_cast<const Elf64_Sym *>(data->d_buf), size_t(count)},
                               {static_cast<const char *>(names->d_buf), names->d_size}};
        }
    }
    return std::nullopt;
}

// Whether the array is the table libdw reads, with its addresses: for the first, a middle and the last code
// symbol, libdw gives the same address and a name at the same place in memory (so the same string table).
bool ElfSymbols::agreesWithLibdw(const SymbolArray &array, size_t first, size_t last) const {
    size_t middle = first + (last - first) / 2;
    while (!array.codeName(middle))
        ++middle; // stops at last at the latest
    for (const size_t index : {first, middle, last}) {
        GElf_Sym symbol;
        GElf_Addr address = 0;
        const char *name =
            dwfl_module_getsym_info(module_, int(index), &symbol, &address, nullptr, nullptr, nullptr);
        if (name != array.codeName(index) || address != array.symbols[index].st_value) return false;
    }
    return true;
}

bool ElfSymbols::readSymbolsDirectly(int count) const {
    const auto array = symbolArray(count);
    if (!array) return false;
    size_t firstCode = 0;
    size_t lastCode = 0;
    for (size_t i = 1; i < array->symbols.size(); ++i) {
        const char *name = array->codeName(i);
        if (!name) continue;
        const Elf64_Sym &entry = array->symbols[i];
        table_.push_back({entry.st_value, entry.st_size, name, rankOf(entry), false});
        if (firstCode == 0) firstCode = i;
        lastCode = i;
    }
    if (firstCode != 0 && agreesWithLibdw(*array, firstCode, lastCode)) return true;
    table_.clear(); // no code symbol, or not libdw's table: libdw's own path decides
    return false;
}

void ElfSymbols::readSymbolsThroughLibdw(int count) const {
    for (int i = 1; i < count; ++i) {
        GElf_Sym symbol;
        GElf_Addr address = 0;
        GElf_Word section = 0;
        const char *name = dwfl_module_getsym_info(module_, i, &symbol, &address, &section, nullptr, nullptr);
        if (keepsSymbol(symbol, name))
            table_.push_back({address, symbol.st_size, name, rankOf(symbol), false});
    }
}

void ElfSymbols::buildTable() const {
    tableBuilt_ = true;
    const int count = dwfl_module_getsymtab(module_);
    table_.reserve(static_cast<size_t>(std::max(count, 0)));
    if (!readSymbolsDirectly(count)) readSymbolsThroughLibdw(count);
    std::vector<IfuncStub> ifuncStubs;
    addPltEntries(ifuncStubs);
    addPltGotEntries();
    sortAndDeduplicate();
    if (!ifuncStubs.empty()) {
        nameIfuncStubs(ifuncStubs);
        sortAndDeduplicate();
    }
    demangled_.resize(table_.size());
}

namespace {
// The order among symbols at one address as one number, lower wins: rank, then fewer leading underscores,
// then the longer name.
uint64_t tieKey(uint8_t rank, const char *name) {
    const uint64_t underscores = std::min<size_t>(leadingUnderscores(name), 0xff);
    const uint64_t length = std::min<size_t>(std::strlen(name), (uint64_t{1} << 48) - 1);
    return uint64_t{rank} << 56 | underscores << 48 | ((uint64_t{1} << 48) - 1 - length);
}
} // namespace

// Sorts the table by address in linear time (radixSortByKey keeps symbols of one address in table order),
// then keeps the best ranked symbol of each address, in place; names are read only where addresses are
// shared.
void ElfSymbols::sortAndDeduplicate() const {
    const auto notAfter = [](const Symbol &a, const Symbol &b) { return a.start >= b.start; };
    if (std::adjacent_find(table_.begin(), table_.end(), notAfter) == table_.end()) return; // sorted, unique
    radixSortByKey(table_, [](const Symbol &symbol) { return symbol.start; });
    size_t kept = 0;
    for (size_t first = 0; first < table_.size();) {
        size_t best = first;
        size_t next = first + 1;
        if (next < table_.size() && table_[next].start == table_[first].start) {
            uint64_t bestTie = tieKey(table_[best].rank, table_[best].rawName);
            for (; next < table_.size() && table_[next].start == table_[first].start; ++next) {
                const uint64_t tie = tieKey(table_[next].rank, table_[next].rawName);
                if (tie < bestTie) { // strictly better: of equal ones the earlier in the table stays
                    best = next;
                    bestTie = tie;
                }
            }
        }
        table_[kept++] = table_[best];
        first = next;
    }
    table_.resize(kept);
}

namespace {
struct PltSections {
    Elf_Scn *relocations = nullptr; // .rela.plt
    GElf_Shdr relocationsHeader{};
    GElf_Shdr plt{}, pltSec{}; // sh_size 0 when absent
};

// x86 stubs are 16 bytes, or 8 in the .plt of a static executable (no lazy binding); a section that does not
// say (sh_entsize 0) tells by its alignment, as perf reads it.
GElf_Xword stubSize(const GElf_Shdr &section) {
    if (section.sh_entsize == 8 || section.sh_entsize == 16) return section.sh_entsize;
    return section.sh_addralign == 8 ? 8 : 16;
}

PltSections findPltSections(Elf *elf) {
    PltSections found;
    size_t stringsIndex = 0;
    if (!elf || elf_getshdrstrndx(elf, &stringsIndex) != 0) return found;
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        GElf_Shdr header;
        if (!gelf_getshdr(section, &header)) continue;
        const char *name = elf_strptr(elf, stringsIndex, header.sh_name);
        if (!name) continue;
        if (std::strcmp(name, ".rela.plt") == 0 && header.sh_type == SHT_RELA) {
            found.relocations = section;
            found.relocationsHeader = header;
        } else if (std::strcmp(name, ".plt") == 0) {
            found.plt = header;
        } else if (std::strcmp(name, ".plt.sec") == 0) {
            found.pltSec = header;
        }
    }
    return found;
}

// The .rela.plt entries in stub order. On x86 the stubs use the GOT slots in order, but the linker puts the
// IRELATIVE relocations (a module's calls to its own IFUNCs, as libc's to memcpy) after all the others, so
// the relocations are sorted by GOT slot.
std::vector<GElf_Rela> relocationsInStubOrder(Elf *elf, const PltSections &sections) {
    std::vector<GElf_Rela> relocations;
    Elf_Data *data = elf_getdata(sections.relocations, nullptr);
    if (!data || sections.relocationsHeader.sh_entsize == 0) return relocations;
    const size_t count = sections.relocationsHeader.sh_size / sections.relocationsHeader.sh_entsize;
    for (size_t i = 0; i < count; ++i) {
        GElf_Rela rela;
        if (!gelf_getrela(data, static_cast<int>(i), &rela)) break;
        relocations.push_back(rela);
    }
    GElf_Ehdr header;
    const bool x86 =
        gelf_getehdr(elf, &header) && (header.e_machine == EM_X86_64 || header.e_machine == EM_386);
    if (x86)
        std::stable_sort(relocations.begin(), relocations.end(),
                         [](const GElf_Rela &a, const GElf_Rela &b) { return a.r_offset < b.r_offset; });
    return relocations;
}
} // namespace

// PLT stubs have no symbols; name them "function@plt" from the .rela.plt relocations, as perf does. With
// .plt.sec (IBT), stub i lives at .plt.sec + 16 * i; otherwise in .plt after its lazy-binding header, which a
// .plt with exactly one stub per relocation (a static executable's) lacks. A stub of an IRELATIVE relocation
// has no symbol: it is named after the IFUNC at the relocation's addend once the table is sorted.
void ElfSymbols::addPltEntries(std::vector<IfuncStub> &ifuncStubs) const {
    GElf_Addr bias = 0;
    Elf *elf = dwfl_module_getelf(module_, &bias);
    const PltSections sections = findPltSections(elf);
    if (!sections.relocations || (sections.plt.sh_size == 0 && sections.pltSec.sh_size == 0)) return;
    Elf_Scn *symbolSection = elf_getscn(elf, sections.relocationsHeader.sh_link);
    GElf_Shdr symbolHeader{};
    Elf_Data *symbols = nullptr;
    if (symbolSection && gelf_getshdr(symbolSection, &symbolHeader))
        symbols = elf_getdata(symbolSection, nullptr);
    const std::vector<GElf_Rela> relocations = relocationsInStubOrder(elf, sections);
    const GElf_Shdr &stubs = sections.pltSec.sh_size != 0 ? sections.pltSec : sections.plt;
    const GElf_Xword size = stubSize(stubs);
    const bool lazyHeader = sections.pltSec.sh_size == 0 && relocations.size() * size != stubs.sh_size;
    const GElf_Xword skipped = lazyHeader ? size : 0;
    const GElf_Xword limit = stubs.sh_size > skipped ? stubs.sh_size - skipped : 0;
    for (size_t i = 0; i < relocations.size() && (i + 1) * size <= limit; ++i) {
        const GElf_Rela &rela = relocations[i];
        const uint64_t stub = stubs.sh_addr + skipped + size * i;
        const auto symbolIndex = static_cast<int>(GELF_R_SYM(rela.r_info));
        GElf_Sym symbol;
        if (symbolIndex == 0) {
            if (GELF_R_TYPE(rela.r_info) == R_X86_64_IRELATIVE)
                ifuncStubs.push_back({stub, size, static_cast<uint64_t>(rela.r_addend)});
            continue;
        }
        if (!symbols || !gelf_getsym(symbols, symbolIndex, &symbol)) continue;
        const char *name = elf_strptr(elf, symbolHeader.sh_link, symbol.st_name);
        if (!name || !*name) continue;
        pltNames_.push_back(std::make_unique<std::string>(std::string(name) + "@plt"));
        table_.push_back({stub, size, pltNames_.back()->c_str(), 0, true});
    }
}

namespace {

// The section named name, or null.
Elf_Scn *sectionNamed(Elf *elf, const char *name, GElf_Shdr &header) {
    size_t stringsIndex = 0;
    if (!elf || elf_getshdrstrndx(elf, &stringsIndex) != 0) return nullptr;
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        if (!gelf_getshdr(section, &header)) continue;
        const char *found = elf_strptr(elf, stringsIndex, header.sh_name);
        if (found && std::strcmp(found, name) == 0) return section;
    }
    return nullptr;
}

// The GOT slot that the x86 stub at code[offset] (address) jumps through: `jmp *disp32(%rip)`, after an
// optional endbr64 and bnd prefix. 0 when the stub is not such a jump.
uint64_t stubJumpSlot(const unsigned char *code, size_t size, size_t offset, size_t stubSize,
                      uint64_t address) {
    static constexpr unsigned char kEndbr64[] = {0xf3, 0x0f, 0x1e, 0xfa};
    const size_t end = std::min(size, offset + stubSize);
    size_t at = offset;
    if (at + 4 <= end && std::memcmp(code + at, kEndbr64, 4) == 0) at += 4;
    if (at < end && code[at] == 0xf2) ++at; // bnd
    if (at + 6 > end || code[at] != 0xff || code[at + 1] != 0x25) return 0;
    int32_t displacement = 0;
    std::memcpy(&displacement, code + at + 2, sizeof displacement);
    return address + (at - offset) + 6 + static_cast<uint64_t>(static_cast<int64_t>(displacement));
}

// The stubs of .plt.got whose slots .rela.dyn fills with a symbol (GLOB_DAT and the like; not relative ones),
// named after that symbol. Only the stubs' slots are looked up: .rela.dyn of a large library has thousands of
// relocations, .plt.got a handful of stubs.
struct PltGotStub {
    uint64_t slot;
    uint64_t address;
    const char *name = nullptr;
};

void nameByDynamicRelocations(Elf *elf, std::vector<PltGotStub> &stubs) {
    GElf_Shdr header{}, symbolHeader{};
    Elf_Scn *relocations = sectionNamed(elf, ".rela.dyn", header);
    if (!relocations || header.sh_type != SHT_RELA || header.sh_entsize == 0) return;
    Elf_Data *data = elf_getdata(relocations, nullptr);
    Elf_Scn *symbolSection = elf_getscn(elf, header.sh_link);
    Elf_Data *symbols = symbolSection && gelf_getshdr(symbolSection, &symbolHeader)
                            ? elf_getdata(symbolSection, nullptr)
                            : nullptr;
    std::sort(stubs.begin(), stubs.end(),
              [](const PltGotStub &a, const PltGotStub &b) { return a.slot < b.slot; });
    const auto bySlot = [](const PltGotStub &stub, uint64_t slot) { return stub.slot < slot; };
    const size_t count = header.sh_size / header.sh_entsize;
    for (size_t i = 0; data && symbols && i < count; ++i) {
        GElf_Rela rela;
        GElf_Sym symbol;
        if (!gelf_getrela(data, static_cast<int>(i), &rela)) break;
        auto stub = std::lower_bound(stubs.begin(), stubs.end(), rela.r_offset, bySlot);
        const auto index = static_cast<int>(GELF_R_SYM(rela.r_info));
        if (stub == stubs.end() || stub->slot != rela.r_offset || index == 0 ||
            !gelf_getsym(symbols, index, &symbol))
            continue;
        const char *name = elf_strptr(elf, symbolHeader.sh_link, symbol.st_name);
        if (!name || !*name) continue;
        // The last relocation of a slot wins.
        for (; stub != stubs.end() && stub->slot == rela.r_offset; ++stub)
            stub->name = name;
    }
}

} // namespace

// .plt.got holds a stub for each function that is both called and referenced through the GOT (such as
// __cxa_finalize in every PIE): `jmp *slot(%rip)` through a slot that .rela.dyn fills. Named "function@plt"
// after that relocation's symbol, as perf names them.
void ElfSymbols::addPltGotEntries() const {
    GElf_Addr bias = 0;
    Elf *elf = dwfl_module_getelf(module_, &bias);
    GElf_Ehdr elfHeader;
    if (!elf || !gelf_getehdr(elf, &elfHeader) || elfHeader.e_machine != EM_X86_64) return;
    GElf_Shdr header{};
    Elf_Scn *section = sectionNamed(elf, ".plt.got", header);
    Elf_Data *data = section && header.sh_type == SHT_PROGBITS ? elf_getdata(section, nullptr) : nullptr;
    if (!data || !data->d_buf || data->d_size == 0) return;
    // 8-byte stubs, or 16 with IBT (endbr64 first), as the section's entry size or alignment says.
    const GElf_Xword size = header.sh_entsize == 8 || header.sh_entsize == 16 ? header.sh_entsize
                            : header.sh_addralign == 16                       ? 16
                                                                              : 8;
    const auto *code = static_cast<const unsigned char *>(data->d_buf);
    std::vector<PltGotStub> stubs;
    for (size_t offset = 0; offset + size <= data->d_size; offset += size) {
        const uint64_t address = header.sh_addr + offset;
        const uint64_t slot = stubJumpSlot(code, data->d_size, offset, size, address);
        if (slot != 0) stubs.push_back({slot, address});
    }
    if (stubs.empty()) return;
    nameByDynamicRelocations(elf, stubs);
    std::sort(stubs.begin(), stubs.end(),
              [](const PltGotStub &a, const PltGotStub &b) { return a.address < b.address; });
    for (const PltGotStub &stub : stubs) {
        if (!stub.name) continue;
        pltNames_.push_back(std::make_unique<std::string>(std::string(stub.name) + "@plt"));
        table_.push_back({stub.address, size, pltNames_.back()->c_str(), 0, true});
    }
}

// Names each IRELATIVE stub after the symbol that starts at its IFUNC's address ("strlen@plt"), as perf does
// since 6.2 (6.1 shows "@plt"); objdump's "*ABS*+0xADDRESS@plt" when no symbol starts there.
void ElfSymbols::nameIfuncStubs(const std::vector<IfuncStub> &stubs) const {
    std::vector<Symbol> named;
    for (const IfuncStub &stub : stubs) {
        const auto at =
            std::lower_bound(table_.begin(), table_.end(), stub.target,
                             [](const Symbol &symbol, uint64_t value) { return symbol.start < value; });
        std::string name;
        if (at != table_.end() && at->start == stub.target && !at->plt) {
            const std::string_view raw(at->rawName);
            name = std::string(raw.substr(0, raw.find('@')));
        } else {
            char absolute[40];
            std::snprintf(absolute, sizeof absolute, "*ABS*+0x%llx",
                          static_cast<unsigned long long>(stub.target));
            name = absolute;
        }
        pltNames_.push_back(std::make_unique<std::string>(name + "@plt"));
        named.push_back({stub.address, stub.size, pltNames_.back()->c_str(), 0, true});
    }
    table_.insert(table_.end(), named.begin(), named.end());
}

std::vector<uint8_t> ElfSymbols::buildId() const {
    const unsigned char *bits = nullptr;
    GElf_Addr address = 0;
    const int size = dwfl_module_build_id(module_, &bits, &address);
    if (size <= 0 || !bits) return {};
    return std::vector<uint8_t>(bits, bits + size);
}

namespace {
// The DIE that declares an inlined function: the abstract origin of the inlined call, and the declaration
// inside its class or namespace that the origin's DW_AT_specification points to.
Dwarf_Die declaringDie(Dwarf_Die *die) {
    Dwarf_Die current = *die;
    for (int attributeName : {DW_AT_abstract_origin, DW_AT_specification}) {
        Dwarf_Attribute attribute;
        Dwarf_Die target;
        if (dwarf_attr(&current, attributeName, &attribute) && dwarf_formref_die(&attribute, &target))
            current = target;
    }
    return current;
}

// "a::(anonymous namespace)::B::" for a DIE declared in namespace a, an anonymous namespace, and class B:
// what the demangler prints before the names of functions without a linkage name (GCC gives none to
// functions of anonymous namespaces), so that their inline frames are named as their out-of-line copies.
std::string enclosingScopes(Dwarf_Die *declaration) {
    Dwarf_Die *scopes = nullptr;
    const int count = dwarf_getscopes_die(declaration, &scopes);
    std::string prefix;
    for (int i = count - 1; i >= 1; --i) { // scopes[0] is the declaration itself, the unit is last
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

// Whether the unit that holds DIE is written in C (no scopes to qualify names with).
bool isCUnit(Dwarf_Die *die) {
    Dwarf_Die unit;
    if (!dwarf_diecu(die, &unit, nullptr, nullptr)) return false;
    switch (dwarf_srclang(&unit)) {
    case DW_LANG_C89:
    case DW_LANG_C:
    case DW_LANG_C99:
    case DW_LANG_C11:
        return true;
    default:
        return false;
    }
}

std::string dieName(Dwarf_Die *die, InlineIndex &index) {
    Dwarf_Attribute attribute;
    for (int name : {DW_AT_linkage_name, DW_AT_MIPS_linkage_name}) {
        if (dwarf_attr_integrate(die, name, &attribute)) {
            if (const char *text = dwarf_formstring(&attribute)) return demangle(text);
        }
    }
    const char *plain = dwarf_diename(die);
    if (!plain) return "[inlined]";
    Dwarf_Die declaration = declaringDie(die);
    // C has no namespaces or classes to qualify with, and walking the unit for the scopes of every inlined C
    // function (dwarf_getscopes_die starts at the unit's first DIE) was most of the time of opening DWARF
    // recordings of C programs such as Python (issue 16).
    if (isCUnit(&declaration)) return plain;
    // The unit's index knows the scopes of its own functions; a declaration in another unit is looked up
    // the long way.
    if (auto prefix = index.scopePrefix(&declaration)) return *prefix + plain;
    return enclosingScopes(&declaration) + plain;
}

// The inline instances of one function share its abstract origin, and with it their name (the demangled
// linkage name, or the scopes and the name): named once per origin. The origin's DIE address tells DIEs of
// the debug file and of its supplementary (dwz) file apart, where their offsets may coincide.
const std::string &inlinedFunctionName(Dwarf_Die *instance, InlineIndex &index,
                                       std::unordered_map<uintptr_t, std::string> &names) {
    Dwarf_Attribute attribute;
    Dwarf_Die origin;
    const bool hasOrigin =
        dwarf_attr(instance, DW_AT_abstract_origin, &attribute) && dwarf_formref_die(&attribute, &origin);
    std::string &name = names[reinterpret_cast<uintptr_t>(hasOrigin ? origin.addr : instance->addr)];
    if (name.empty()) name = dieName(instance, index);
    return name;
}
} // namespace

void ElfSymbols::inlineChain(uint64_t address, std::vector<InlineFrame> &out) const {
    Dwarf_Addr bias = 0;
    Dwarf_Die *unit = dwfl_module_addrdie(module_, address, &bias);
    if (!unit) return;
    auto &index = inlineIndexes_[dwarf_dieoffset(unit)];
    if (!index) index = std::make_unique<InlineIndex>(unit);

    // Paths in the line table may be relative to the unit's compilation directory.
    const char *compilationDirectory = nullptr;
    Dwarf_Attribute directory;
    if (dwarf_attr(unit, DW_AT_comp_dir, &directory)) compilationDirectory = dwarf_formstring(&directory);
    const auto absolute = [compilationDirectory](const char *path) {
        if (path[0] == '/' || !compilationDirectory) return std::string(path);
        return std::string(compilationDirectory) + "/" + path;
    };
    std::string file;
    int line = 0;
    if (Dwfl_Line *source = dwfl_module_getsrc(module_, address)) {
        Dwarf_Addr lineAddress = 0;
        if (const char *name = dwfl_lineinfo(source, &lineAddress, &line, nullptr, nullptr, nullptr))
            file = absolute(name);
    }
    Dwarf_Files *files = nullptr;
    size_t fileCount = 0;
    bool haveFiles = false;
    for (uint32_t instance = index->innermostAt(address - bias); instance != InlineIndex::kNone;
         instance = index->instance(instance).enclosing) {
        Dwarf_Die die = index->instance(instance).die;
        out.push_back({inlinedFunctionName(&die, *index, inlinedNames_), file,
                       static_cast<uint32_t>(std::max(line, 0)), true});
        // The next frame outwards is at the call site, in the caller.
        Dwarf_Attribute attribute;
        Dwarf_Word value = 0;
        file.clear();
        line = 0;
        if (dwarf_formudata(dwarf_attr(&die, DW_AT_call_line, &attribute), &value) == 0)
            line = static_cast<int>(value);
        if (dwarf_formudata(dwarf_attr(&die, DW_AT_call_file, &attribute), &value) == 0) {
            if (!haveFiles) haveFiles = dwarf_getsrcfiles(unit, &files, &fileCount) == 0;
            if (haveFiles && value < fileCount)
                if (const char *path = dwarf_filesrc(files, value, nullptr, nullptr)) file = absolute(path);
        }
    }
    const SymbolMatch symbol = symbolAt(address);
    out.push_back({symbol.name, file, static_cast<uint32_t>(std::max(line, 0)), false});
}

size_t ElfSymbols::symbolCount() const {
    if (!tableBuilt_) buildTable();
    return table_.size();
}

SymbolMatch ElfSymbols::symbolAt(uint64_t address) const {
    if (!tableBuilt_) buildTable();
    SymbolMatch match;
    auto after = std::upper_bound(table_.begin(), table_.end(), address,
                                  [](uint64_t value, const Symbol &symbol) { return value < symbol.start; });
    if (after == table_.begin()) return match;
    const auto index = static_cast<size_t>(std::prev(after) - table_.begin());
    const Symbol &symbol = table_[index];
    // A sized symbol covers [start, start + size); a sizeless one reaches to the next symbol.
    if (symbol.size != 0 && address >= symbol.start + symbol.size) return match;
    if (demangled_[index].empty()) {
        const std::string_view raw(symbol.rawName);
        if (symbol.plt) // "_Znwm@plt" is shown as perf shows it: "operator new(unsigned long)@plt"
            demangled_[index] = demangle(raw.substr(0, raw.size() - 4)) + "@plt";
        else // "__libc_start_main@@GLIBC_2.34": drop the version
            demangled_[index] = demangle(raw.substr(0, raw.find('@')));
    }
    match.name = demangled_[index];
    if (const std::string_view raw(symbol.rawName); !symbol.plt && raw.find('@') != std::string_view::npos)
        match.version = raw.substr(raw.find('@'));
    match.start = symbol.start;
    match.end = symbol.size != 0            ? symbol.start + symbol.size
                : index + 1 < table_.size() ? table_[index + 1].start
                                            : symbol.start + 1;
    return match;
}

SourceLine ElfSymbols::sourceLineAt(uint64_t address) const {
    SourceLine result;
    Dwfl_Line *source = dwfl_module_getsrc(module_, address);
    if (!source) return result;
    Dwarf_Addr lineAddress = 0;
    int line = 0;
    const char *name = dwfl_lineinfo(source, &lineAddress, &line, nullptr, nullptr, nullptr);
    if (!name) return result;
    result.file = name;
    result.line = static_cast<uint32_t>(std::max(line, 0));
    if (name[0] != '/') {
        Dwarf_Addr bias = 0;
        Dwarf_Die *unit = dwfl_module_addrdie(module_, address, &bias);
        Dwarf_Attribute directory;
        const char *compilationDirectory =
            unit && dwarf_attr(unit, DW_AT_comp_dir, &directory) ? dwarf_formstring(&directory) : nullptr;
        if (compilationDirectory) result.file = std::string(compilationDirectory) + "/" + name;
    }
    return result;
}

std::vector<uint8_t> ElfSymbols::codeBytes(uint64_t start, uint64_t end) const {
    std::vector<uint8_t> bytes;
    GElf_Addr bias = 0;
    Elf *elf = dwfl_module_getelf(module_, &bias);
    if (!elf || end <= start) return bytes;
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        GElf_Shdr header;
        // Loaded code only: a debug file's .debug_* sections (address 0) would cover low addresses too.
        if (!gelf_getshdr(section, &header) || header.sh_type != SHT_PROGBITS ||
            (header.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) != (SHF_ALLOC | SHF_EXECINSTR))
            continue;
        if (start < header.sh_addr || end > header.sh_addr + header.sh_size) continue;
        Elf_Data *data = elf_getdata(section, nullptr);
        if (!data || !data->d_buf || data->d_size < header.sh_size) return bytes;
        const auto *first = static_cast<const uint8_t *>(data->d_buf) + (start - header.sh_addr);
        bytes.assign(first, first + (end - start));
        return bytes;
    }
    return bytes;
}

std::vector<uint64_t> ElfSymbols::lineTableAddresses(uint64_t start, uint64_t end) const {
    std::vector<uint64_t> addresses;
    Dwarf_Addr bias = 0;
    Dwarf_Die *unit = dwfl_module_addrdie(module_, start, &bias);
    Dwarf_Lines *lines = nullptr;
    size_t count = 0;
    if (!unit || dwarf_getsrclines(unit, &lines, &count) != 0) return addresses;
    for (size_t i = 0; i < count; ++i) {
        Dwarf_Addr address = 0;
        if (dwarf_lineaddr(dwarf_onesrcline(lines, i), &address) != 0) continue;
        address += bias;
        if (address >= start && address < end) addresses.push_back(address);
    }
    std::sort(addresses.begin(), addresses.end());
    addresses.erase(std::unique(addresses.begin(), addresses.end()), addresses.end());
    return addresses;
}

bool ElfSymbols::hasLineInfo() const {
    Dwarf_Addr bias = 0;
    return dwfl_module_getdwarf(module_, &bias) != nullptr;
}

} // namespace perfglass
