// Symbol lookup in one ELF file through libdw: file offsets to ELF addresses, addresses to function names.
// Debug information is found the standard ways (build id under /usr/lib/debug, .gnu_debuglink, debuginfod).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct Dwfl;
struct Dwfl_Module;

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

private:
    ElfSymbols() = default;
    struct Segment {
        uint64_t fileOffset;
        uint64_t address;
        uint64_t size;
    };
    Dwfl *dwfl_ = nullptr;
    Dwfl_Module *module_ = nullptr;
    std::vector<Segment> segments_;
    bool hasSymbols_ = false;
};

} // namespace perfglass
