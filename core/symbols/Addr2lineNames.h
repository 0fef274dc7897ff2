// The functions that binutils' addr2line (-i -f) names at an address of one module, innermost first, as perf
// 6.1 asks it for the inlined functions of DWARF-unwound frames. Its names follow rules of its own, which
// perf script's output (and every tool reading it) carries:
// - each function is named by its DWARF linkage name, else by its DW_AT_name (through abstract origins and
//   specifications): glibc's "__GI___libc_malloc" (an asm label), "tcache_init" for tcache_init.part.0;
// - the innermost function is named by the ELF symbol that holds the address instead when its DWARF name is
//   not a linkage name, that is a DW_AT_name in a C++ (or other mangling) unit: a fortified memcpy inlined
//   into memWork is named "_Z7memWorkj"; so is code without any DWARF function (assembly). Among symbols at
//   one address the first of the symbol table wins ("__memcpy_avx512_unaligned_erms", where perf's own
//   choice is "__memmove_avx512_unaligned_erms");
// - an innermost function so named after a symbol that starts where the function does keeps that name when
//   it is later named as a caller (addr2line runs once per module and remembers it);
// - an address without a line is named by nothing (perf keeps its frame as it is), and a call site without
//   a line ends the chain.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

struct Dwfl_Module;

namespace perfglass {

class Addr2lineNames {
public:
    // module must outlive this object.
    explicit Addr2lineNames(Dwfl_Module *module);

    // The raw (mangled where the DWARF or symbol table is) names at address, innermost first; empty when
    // the module's line table has no line for it.
    std::vector<std::string> at(uint64_t address);

private:
    struct Candidate {
        uint64_t start;
        uint64_t size; // 0 counts as 1, as binutils counts it
        uint32_t section;
        bool function; // STT_FUNC or STT_GNU_IFUNC, not STT_NOTYPE
        const char *name;
    };
    void readSymbols();
    const Candidate *symbolHolding(uint64_t address);

    Dwfl_Module *module_;
    bool symbolsRead_ = false;
    std::vector<Candidate> candidates_;                          // by start; symbol table order among equals
    std::unordered_map<uint64_t, std::string> renamedFunctions_; // DIE offset -> symbol name
};

} // namespace perfglass
