#include "KernelSymbols.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace perfglass {

KernelSymbols KernelSymbols::fromProc() {
    std::ifstream input("/proc/kallsyms");
    return fromStream(input);
}

KernelSymbols KernelSymbols::fromStream(std::istream &input) {
    KernelSymbols result;
    std::string line;
    while (std::getline(input, line)) {
        std::istringstream fields(line);
        std::string addressText, type, name;
        if (!(fields >> addressText >> type >> name)) continue;
        if (type != "t" && type != "T" && type != "w" && type != "W") continue; // functions only
        const uint64_t address = std::strtoull(addressText.c_str(), nullptr, 16);
        if (address == 0) continue;
        if (name == "_text" || (name == "_stext" && result.textStart_ == 0)) result.textStart_ = address;
        result.symbols_.push_back({address, std::move(name)});
    }
    std::stable_sort(result.symbols_.begin(), result.symbols_.end(),
                     [](const Symbol &a, const Symbol &b) { return a.address < b.address; });
    return result;
}

const std::string *KernelSymbols::symbolAt(uint64_t address) const {
    auto after =
        std::upper_bound(symbols_.begin(), symbols_.end(), address,
                         [](uint64_t value, const Symbol &symbol) { return value < symbol.address; });
    if (after == symbols_.begin()) return nullptr;
    return &std::prev(after)->name;
}

} // namespace perfglass
