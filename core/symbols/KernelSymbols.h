// Kernel function names from a kallsyms listing ("ADDRESS TYPE NAME [MODULE]" per line). Names are kept in
// one arena. Reading /proc/kallsyms costs the kernel ~50 ms per read; fromProc() keeps a parsed copy in the
// user's cache directory, keyed by the boot id and the list of loaded modules, and reuses it while both are
// unchanged (symbols of BPF programs loaded since may then be missing).
#pragma once

#include "base/UniqueFd.h"

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

    bool empty() const { return size() == 0; }
    size_t size() const { return cache_ ? cache_->count : addresses_.size(); }
    // The symbol containing address (the nearest at or below it); empty when none.
    std::string symbolAt(uint64_t address) const { return symbolsAt({&address, 1}).front(); }
    // The symbols of many addresses, in the order given; cheaper than one symbolAt() per address.
    std::vector<std::string> symbolsAt(std::span<const uint64_t> addresses) const;
    // Address of the kernel text start (_text or _stext), 0 when unknown.
    uint64_t textStart() const { return textStart_; }

private:
    bool save(const std::string &path) const;
    static bool load(const std::string &path, KernelSymbols &out);
    // Loaded from the cache, the table stays in the file: a profile names a few hundred of ~100k kernel
    // symbols, and holding or mapping the table cost ~4 MB of memory. symbolsAt() reads the addresses once,
    // in chunks, and each name it needs.
    struct CacheFile {
        UniqueFd file;
        uint64_t count = 0;
    };
    std::vector<std::string> symbolsFromCache(std::span<const uint64_t> addresses) const;
    std::string nameFromCache(uint64_t index) const;

    std::shared_ptr<const CacheFile> cache_;
    std::vector<uint64_t> addresses_;
    std::vector<uint32_t> nameEnds_; // names_[nameEnds_[i-1], nameEnds_[i]) is symbol i's name
    std::string names_;
    uint64_t textStart_ = 0;
};

} // namespace perfglass
