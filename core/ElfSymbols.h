// Symbol lookup in one ELF file through libdw: file offsets to ELF addresses, addresses to function names.
// Debug information is found the standard ways (build id under /usr/lib/debug, .gnu_debuglink, debuginfod).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct Dwfl;
struct Dwfl_Module;
struct Dwarf_CFI_s;
using Dwarf_CFI = Dwarf_CFI_s;

namespace perfglass {

struct SymbolMatch {
    std::string name;   // demangled; empty when no symbol covers the address
    uint64_t start = 0; // the symbol's address
};

class ElfSymbols {
public:
    // Returns nullptr (and sets error) when path is not a readable ELF file.
    static std::unique_ptr<ElfSymbols> open(const std::string &path, std::string &error);
    ~ElfSymbols();
    ElfSymbols(const ElfSymbols &) = delete;
    ElfSymbols &operator=(const ElfSymbols &) = delete;

    // The ELF virtual address that a file offset is loaded at, from the PT_LOAD segments.
    uint64_t addressForFileOffset(uint64_t offset) const;
    SymbolMatch symbolAt(uint64_t address) const;
    bool hasSymbols() const { return hasSymbols_; }
    // Call frame information for unwinding, addresses in the ELF address space; nullptr when absent. The
    // .debug_frame one may load the separate debug file.
    Dwarf_CFI *ehFrameInfo();
    Dwarf_CFI *debugFrameInfo();

    size_t symbolCount() const;

private:
    ElfSymbols() = default;
    struct Symbol {
        uint64_t start;
        uint64_t size;
        const char *rawName; // owned by libdw (or by pltNames_)
        uint8_t rank;        // lower wins among symbols at one address
    };
    void buildTable() const;
    void addPltEntries() const;
    struct Segment {
        uint64_t fileOffset;
        uint64_t address;
        uint64_t size;
    };
    Dwfl *dwfl_ = nullptr;
    Dwfl_Module *module_ = nullptr;
    std::vector<Segment> segments_;
    bool hasSymbols_ = false;
    mutable bool tableBuilt_ = false;
    mutable std::vector<Symbol> table_;
    mutable std::vector<std::string> demangled_; // by table_ index, filled on first use
    mutable std::vector<std::unique_ptr<std::string>> pltNames_;
    bool ehLoaded_ = false;
    bool debugLoaded_ = false;
    Dwarf_CFI *eh_ = nullptr;
    Dwarf_CFI *debug_ = nullptr;
};

} // namespace perfglass
