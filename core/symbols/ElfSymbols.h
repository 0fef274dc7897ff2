// Symbol lookup in one ELF file through libdw: file offsets to ELF addresses, addresses to function names.
// Debug information is found the standard ways (build id under /usr/lib/debug, .gnu_debuglink, debuginfod).
#pragma once

#include "symbols/DebuginfodClient.h"

#include "base/Expected.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

struct Dwfl;
struct Dwfl_Module;
struct Dwarf_CFI_s;
using Dwarf_CFI = Dwarf_CFI_s;

namespace perfglass {

class InlineIndex;

struct SymbolMatch {
    std::string name; // demangled; empty when no symbol covers the address
    // The version its name carries in the symbol table ("@GLIBC_2.2.5", "@@GLIBC_2.14": glibc's .symver
    // names, as libc6-dbg's .symtab writes them), which name leaves out; empty when it has none.
    std::string_view version;
    uint64_t start = 0; // the symbol's address
    uint64_t end = 0;   // past its last byte: start + size, or the next symbol's start for a sizeless one
};

// The line table's row for an address: the file (absolute, joined to the unit's DW_AT_comp_dir when the
// table names it relatively) and line; an empty file when the debug information does not say.
struct SourceLine {
    std::string file;
    uint32_t line = 0;
};

// How the separate debug file of a module is found: a build-id cache entry's debug file first (debugFile,
// used when its build id is the module's), then by build id, path and .gnu_debuglink under /usr/lib/debug
// (with .build-id/xx/rest.debug), next to the file (.debug/) and under debugPaths; with DEBUGINFOD_URLS set,
// debuginfod last (only for modules that have samples, because modules are opened on first use). Where the
// module's own file is looked for is symbols/ModuleFinder's business.
struct DebugSearch {
    std::vector<std::string> debugPaths; // extra directories for separate debug files
    std::string debugFile;               // tried first: the debug file a build-id cache keeps
    // Told about debuginfod downloads (DEBUGINFOD_URLS set), and able to stop them; may be empty.
    DebuginfodProgress debuginfodProgress;
};

// What the debug-file search of one module needs (libdw's per-module user data): the debug path list as libdw
// takes it, and the debuginfod progress.
struct DebugFileSearch {
    std::string pathList;
    std::string debugFile;
    DebuginfodProgress progress;
};

// One function at an address, innermost first: inlined functions, then the function the code belongs to.
struct InlineFrame {
    std::string name;       // demangled
    std::string sourceFile; // empty when the debug information does not say
    uint32_t line = 0;
    bool inlined = false;
};

class ElfSymbols {
public:
    // The symbols of the file at path (exactly that file), or why it is not a readable ELF file.
    static Expected<std::unique_ptr<ElfSymbols>> open(const std::string &path,
                                                      const DebugSearch &search = {});
    ~ElfSymbols();
    ElfSymbols(const ElfSymbols &) = delete;
    ElfSymbols &operator=(const ElfSymbols &) = delete;

    // The ELF virtual address that a file offset is loaded at, from the PT_LOAD segments.
    uint64_t addressForFileOffset(uint64_t offset) const;
    SymbolMatch symbolAt(uint64_t address) const;
    bool hasSymbols() const { return hasSymbols_; }
    // Whether the file itself carries DWARF (.debug_info), as a binary built with -g does; otherwise DWARF
    // can only come from a separate debug file, found on first use.
    bool hasOwnDebugInfo() const { return hasOwnDebugInfo_; }
    // Call frame information for unwinding, addresses in the ELF address space; nullptr when absent. The
    // .debug_frame one may load the separate debug file.
    Dwarf_CFI *ehFrameInfo();
    Dwarf_CFI *debugFrameInfo();

    size_t symbolCount() const;
    // Source location and inlined functions at address, from the DWARF debug information
    // (DW_TAG_inlined_subroutine with their call sites): the whole chain of nested inlined calls, innermost
    // first; the last entry is the containing function, named by symbol (as symbolAt does). Appends nothing
    // when the module has no debug information for address. Each compile unit is indexed once (InlineIndex).
    void inlineChain(uint64_t address, std::vector<InlineFrame> &out) const;
    // The line table's source line of address (the outermost function's view is inlineChain's; this is the
    // innermost: the line whose code the instruction is).
    SourceLine sourceLineAt(uint64_t address) const;
    // The bytes of the file's section that hold [start, end) (an executable section's), or empty when no
    // section holds them all (the range lies in no SHT_PROGBITS section of the file).
    std::vector<uint8_t> codeBytes(uint64_t start, uint64_t end) const;
    // The addresses in [start, end) where a row of the line table begins (instruction starts), sorted.
    std::vector<uint64_t> lineTableAddresses(uint64_t start, uint64_t end) const;
    // Whether the file or its separate debug file has DWARF line information (loads the debug file).
    bool hasLineInfo() const;
    // The GNU build id of the file (empty when it has none).
    std::vector<uint8_t> buildId() const;
    const std::string &path() const { return path_; }   // the file opened
    Dwfl_Module *dwflModule() const { return module_; } // for readers of its DWARF (Addr2lineNames)

private:
    ElfSymbols() = default;
    struct Symbol {
        uint64_t start;
        uint64_t size;
        const char *rawName; // owned by libdw (or by pltNames_)
        uint8_t rank;        // lower wins among symbols at one address
        bool plt = false;    // a synthesized "name@plt"
    };
    // A PLT stub of an IRELATIVE relocation (no symbol): it calls the IFUNC at target.
    struct IfuncStub {
        uint64_t address;
        uint64_t size;
        uint64_t target;
    };
    struct SymbolArray;
    std::optional<SymbolArray> symbolArray(int count) const;
    bool readSymbolsDirectly(int count) const;
    void readSymbolsThroughLibdw(int count) const;
    bool agreesWithLibdw(const SymbolArray &array, size_t first, size_t last) const;
    void buildTable() const;
    void sortAndDeduplicate() const;
    bool mayHaveDebugFrame() const;
    void addPltEntries(std::vector<IfuncStub> &ifuncStubs) const;
    void addPltGotEntries() const;
    void nameIfuncStubs(const std::vector<IfuncStub> &stubs) const;
    struct Segment {
        uint64_t fileOffset;
        uint64_t address;
        uint64_t size;
    };
    std::shared_ptr<const void> callbacks_; // a Dwfl_Callbacks, which libdwfl only declares as a typedef
    DebugFileSearch debugSearch_;
    char *debugPathPointer_ = nullptr;
    std::string path_;
    Dwfl *dwfl_ = nullptr;
    Dwfl_Module *module_ = nullptr;
    std::vector<Segment> segments_;
    bool hasSymbols_ = false;
    bool hasOwnDebugInfo_ = false;
    mutable bool tableBuilt_ = false;
    mutable std::vector<Symbol> table_;
    mutable std::vector<std::string> demangled_; // by table_ index, filled on first use
    mutable std::vector<std::unique_ptr<std::string>> pltNames_;
    mutable std::unordered_map<uint64_t, std::unique_ptr<InlineIndex>> inlineIndexes_; // by unit DIE offset
    mutable std::unordered_map<uintptr_t, std::string> inlinedNames_; // by the address of the origin's DIE
    bool ehLoaded_ = false;
    bool debugLoaded_ = false;
    Dwarf_CFI *eh_ = nullptr;
    Dwarf_CFI *debug_ = nullptr;
};

} // namespace perfglass
