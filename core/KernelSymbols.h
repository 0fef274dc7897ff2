// Kernel function names from a kallsyms listing ("ADDRESS TYPE NAME [MODULE]" per line).
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace perfglass {

class KernelSymbols {
public:
    // Reads /proc/kallsyms; empty when it is unreadable or its addresses are hidden (kernel.kptr_restrict).
    static KernelSymbols fromProc();
    static KernelSymbols fromStream(std::istream &input);
    static KernelSymbols fromText(std::string_view text);

    bool empty() const { return symbols_.empty(); }
    // The symbol containing address (the nearest at or below it), nullptr when none.
    const std::string *symbolAt(uint64_t address) const;
    // Address of the kernel text start (_text or _stext), 0 when unknown.
    uint64_t textStart() const { return textStart_; }

private:
    struct Symbol {
        uint64_t address;
        std::string name;
    };
    std::vector<Symbol> symbols_;
    uint64_t textStart_ = 0;
};

} // namespace perfglass
