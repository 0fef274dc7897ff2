// Kernel function names from a kallsyms listing ("ADDRESS TYPE NAME [MODULE]" per line). Names are kept in
// one arena. Reading /proc/kallsyms costs the kernel ~50 ms per read; fromProc() keeps a parsed copy in the
// user's cache directory, keyed by the boot id and the list of loaded modules, and reuses it while both are
// unchanged (symbols of BPF programs loaded since may then be missing).
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

class KernelSymbols {
public:
    // Reads /proc/kallsyms (or its cached copy); empty when it is unreadable or its addresses are hidden
    // (kernel.kptr_restrict).
    static KernelSymbols fromProc();
    static KernelSymbols fromStream(std::istream &input);
    static KernelSymbols fromText(std::string_view text);

    bool empty() const { return addresses().empty(); }
    size_t size() const { return addresses().size(); }
    // The symbol containing address (the nearest at or below it); empty when none.
    std::string_view symbolAt(uint64_t address) const;
    // Address of the kernel text start (_text or _stext), 0 when unknown.
    uint64_t textStart() const { return textStart_; }

private:
    bool save(const std::string &path) const;
    static bool load(const std::string &path, KernelSymbols &out);
    std::span<const uint64_t> addresses() const;
    std::span<const uint32_t> nameEnds() const;
    std::string_view names() const;

    // Loaded from the cache: a read-only mapping of the file (only the pages that lookups touch take memory);
    // the vectors below are then empty.
    std::shared_ptr<const uint8_t> mapping_;
    size_t mappedCount_ = 0;
    size_t mappedNameBytes_ = 0;
    std::vector<uint64_t> addresses_;
    std::vector<uint32_t> nameEnds_; // names_[nameEnds_[i-1], nameEnds_[i]) is symbol i's name
    std::string names_;
    uint64_t textStart_ = 0;
};

} // namespace perfglass
