#include "identity/SymbolsOnlyElf.h"

#include "base/Error.h"
#include "base/UniqueFd.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <memory>

namespace perfglass {

namespace {

constexpr uint64_t kPage = 4096;

struct ElfDeleter {
    void operator()(Elf *elf) const { elf_end(elf); }
};
using ElfHandle = std::unique_ptr<Elf, ElfDeleter>;

ElfHandle openElf(int fd) {
    elf_version(EV_CURRENT);
    ElfHandle elf(elf_begin(fd, ELF_C_READ_MMAP, nullptr));
    if (elf && elf_kind(elf.get()) != ELF_K_ELF) elf.reset();
    return elf;
}

// FUNC symbols with a size, of the section of type (SHT_SYMTAB or SHT_DYNSYM).
AddressRanges functionSymbols(Elf *elf, uint32_t type) {
    AddressRanges functions;
    for (Elf_Scn *section = elf_nextscn(elf, nullptr); section; section = elf_nextscn(elf, section)) {
        GElf_Shdr header;
        if (!gelf_getshdr(section, &header) || header.sh_type != type || header.sh_entsize == 0) continue;
        Elf_Data *data = elf_getdata(section, nullptr);
        const size_t count = data ? header.sh_size / header.sh_entsize : 0;
        for (size_t i = 0; i < count; ++i) {
            GElf_Sym symbol;
            if (!gelf_getsym(data, static_cast<int>(i), &symbol)) break;
            if (GELF_ST_TYPE(symbol.st_info) == STT_FUNC && symbol.st_size > 0 && symbol.st_value > 0)
                functions.emplace_back(symbol.st_value, symbol.st_value + symbol.st_size);
        }
    }
    return functions;
}

AddressRanges functionsOfFiles(std::span<const std::string> files) {
    AddressRanges functions;
    for (const auto &path : files) {
        const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
        const ElfHandle elf = fd.valid() ? openElf(fd.get()) : ElfHandle();
        if (!elf) continue;
        AddressRanges found = functionSymbols(elf.get(), SHT_SYMTAB);
        if (found.empty()) found = functionSymbols(elf.get(), SHT_DYNSYM);
        functions.insert(functions.end(), found.begin(), found.end());
    }
    std::sort(functions.begin(), functions.end());
    return functions;
}

// Sections kept whole: what names, unwinds and gives source lines, whatever their type.
bool keptWhole(const GElf_Shdr &header, std::string_view name) {
    switch (header.sh_type) {
    case SHT_SYMTAB:
    case SHT_DYNSYM:
    case SHT_STRTAB:
    case SHT_NOTE:
    case SHT_DYNAMIC:
    case SHT_HASH:
    case SHT_GNU_HASH:
    case SHT_GNU_versym:
    case SHT_GNU_verdef:
    case SHT_GNU_verneed:
    case SHT_REL:
    case SHT_RELA:
    case SHT_SYMTAB_SHNDX:
    case SHT_GROUP:
        return true;
    default:
        break;
    }
    return name.starts_with(".debug_") || name.starts_with(".zdebug_") || name.starts_with(".eh_frame") ||
           name.starts_with(".plt") || name == ".gdb_index" || name == ".gnu_debuglink" ||
           name == ".gnu_debugaltlink" || name == ".gnu_debugdata" || name == ".interp" || name == ".comment";
}

// Zeroes bytes [begin, end) of the section's file contents, except the parts of keep that lie in it.
void zeroSection(std::vector<uint8_t> &bytes, const GElf_Shdr &header, const AddressRanges &keep) {
    const uint64_t begin = header.sh_offset;
    const uint64_t end = std::min<uint64_t>(header.sh_offset + header.sh_size, bytes.size());
    if (begin >= end) return;
    uint64_t cursor = begin;
    const bool code = (header.sh_flags & SHF_EXECINSTR) && (header.sh_flags & SHF_ALLOC);
    for (const auto &[low, high] : code ? keep : AddressRanges{}) {
        if (high <= header.sh_addr || low >= header.sh_addr + header.sh_size) continue;
        const uint64_t keepBegin = begin + (std::max(low, header.sh_addr) - header.sh_addr);
        const uint64_t keepEnd =
            std::min(end, begin + (std::min(high, header.sh_addr + header.sh_size) - header.sh_addr));
        if (keepBegin > cursor) std::fill(bytes.begin() + cursor, bytes.begin() + keepBegin, 0);
        cursor = std::max(cursor, keepEnd);
    }
    if (cursor < end) std::fill(bytes.begin() + cursor, bytes.begin() + end, 0);
}

Expected<std::vector<uint8_t>> readAll(int fd, const std::string &path) {
    struct stat status {};
    if (::fstat(fd, &status) != 0) return unexpected(systemErrorMessage(path, errno));
    std::vector<uint8_t> bytes(static_cast<size_t>(status.st_size));
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t got = ::pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return unexpected(path + ": could not be read whole");
        done += static_cast<size_t>(got);
    }
    return bytes;
}

} // namespace

AddressRanges sampledFunctionRanges(std::span<const std::string> symbolFiles,
                                    std::span<const uint64_t> addresses) {
    const AddressRanges functions = functionsOfFiles(symbolFiles);
    AddressRanges keep;
    for (const uint64_t address : addresses) {
        bool covered = false;
        // Functions are sorted by start; those that may hold address start at or before it.
        auto it = std::upper_bound(functions.begin(), functions.end(), std::make_pair(address, ~uint64_t{0}));
        for (int looked = 0; it != functions.begin() && looked < 64; ++looked) {
            --it;
            if (it->first <= address && address < it->second) {
                keep.push_back(*it);
                covered = true;
            }
        }
        if (!covered) keep.emplace_back(address & ~(kPage - 1), (address & ~(kPage - 1)) + kPage);
    }
    std::sort(keep.begin(), keep.end());
    keep.erase(std::unique(keep.begin(), keep.end()), keep.end());
    return keep;
}

Expected<std::vector<uint8_t>> symbolsOnlyElf(const std::string &path, const AddressRanges &keepCode) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) return unexpected(systemErrorMessage(path, errno));
    const ElfHandle elf = openElf(fd.get());
    size_t namesIndex = 0;
    if (!elf || elf_getshdrstrndx(elf.get(), &namesIndex) != 0) return unexpected(path + ": not an ELF file");
    auto bytes = readAll(fd.get(), path);
    if (!bytes) return bytes;
    AddressRanges keep = keepCode;
    std::sort(keep.begin(), keep.end());
    for (Elf_Scn *section = elf_nextscn(elf.get(), nullptr); section;
         section = elf_nextscn(elf.get(), section)) {
        GElf_Shdr header;
        if (!gelf_getshdr(section, &header) || header.sh_type == SHT_NOBITS || header.sh_size == 0) continue;
        const char *name = elf_strptr(elf.get(), namesIndex, header.sh_name);
        if (!keptWhole(header, name ? name : "")) zeroSection(*bytes, header, keep);
    }
    return bytes;
}

} // namespace perfglass
