#include "ElfSymbols.h"

#include "Demangler.h"

#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace perfglass {

namespace {
char *debugInfoPath = nullptr;
const Dwfl_Callbacks kOfflineCallbacks = {
    dwfl_build_id_find_elf,
    dwfl_standard_find_debuginfo,
    dwfl_offline_section_address,
    &debugInfoPath,
};
} // namespace

std::unique_ptr<ElfSymbols> ElfSymbols::open(const std::string &path, std::string &error) {
    std::unique_ptr<ElfSymbols> symbols(new ElfSymbols);
    if (::access(path.c_str(), R_OK) != 0) {
        error = path + ": " + std::strerror(errno);
        return nullptr;
    }
    symbols->dwfl_ = dwfl_begin(&kOfflineCallbacks);
    // Base 0 with the segments' own addresses: the module's bias is 0, so ELF addresses are dwfl addresses.
    symbols->module_ = dwfl_report_elf(symbols->dwfl_, path.c_str(), path.c_str(), -1, 0, true);
    if (!symbols->module_) {
        error = path + ": " + dwfl_errmsg(-1);
        return nullptr;
    }
    dwfl_report_end(symbols->dwfl_, nullptr, nullptr);

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

Dwarf_CFI *ElfSymbols::debugFrameInfo() {
    if (!debugLoaded_) {
        debugLoaded_ = true;
        Dwarf_Addr bias = 0;
        debug_ = dwfl_module_dwarf_cfi(module_, &bias);
    }
    return debug_;
}

SymbolMatch ElfSymbols::symbolAt(uint64_t address) const {
    SymbolMatch match;
    GElf_Off offset = 0;
    GElf_Sym symbol;
    const char *name = dwfl_module_addrinfo(module_, address, &offset, &symbol, nullptr, nullptr, nullptr);
    if (name) {
        match.name = demangle(name);
        match.start = address - offset;
    }
    return match;
}

} // namespace perfglass
