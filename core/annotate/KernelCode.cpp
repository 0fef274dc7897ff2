#include "annotate/KernelCode.h"

#include "base/UniqueFd.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace perfglass {

KernelCode::KernelCode(const std::string &kallsyms) {
    std::ifstream in(kallsyms);
    if (!in) {
        problem_ = kallsyms + " cannot be read";
        return;
    }
    std::vector<std::pair<uint64_t, std::string>> symbols;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        std::string address, type, name;
        if (!(fields >> address >> type >> name)) continue;
        if (type != "t" && type != "T" && type != "w" && type != "W") continue;
        const uint64_t value = std::strtoull(address.c_str(), nullptr, 16);
        if (value != 0) symbols.emplace_back(value, std::move(name));
    }
    if (symbols.empty()) {
        problem_ = kallsyms + " hides its addresses (kernel.kptr_restrict)";
        return;
    }
    std::sort(symbols.begin(), symbols.end());
    for (auto &[address, name] : symbols) {
        addresses_.push_back(address);
        names_.push_back(std::move(name));
    }
}

std::optional<KernelCode::Symbol> KernelCode::functionAt(uint64_t address) const {
    const auto after = std::upper_bound(addresses_.begin(), addresses_.end(), address);
    if (after == addresses_.begin()) return std::nullopt;
    const auto index = static_cast<size_t>(std::prev(after) - addresses_.begin());
    // The next symbol at another address ends it (aliases share an address).
    auto next = after;
    while (next != addresses_.end() && *next == addresses_[index])
        ++next;
    if (next == addresses_.end()) return std::nullopt;
    return Symbol{addresses_[index], *next, names_[index]};
}

std::vector<uint8_t> KernelCode::read(uint64_t start, uint64_t end, std::string &why,
                                      const std::string &kcore) {
    std::vector<uint8_t> bytes;
    const UniqueFd fd(::open(kcore.c_str(), O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) {
        why = kcore + ": " + std::strerror(errno) + " (reading kernel code needs root or CAP_SYS_RAWIO)";
        return bytes;
    }
    Elf64_Ehdr header;
    if (::pread(fd.get(), &header, sizeof header, 0) != static_cast<ssize_t>(sizeof header) ||
        std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64) {
        why = kcore + " is not a 64-bit ELF core file";
        return bytes;
    }
    for (unsigned i = 0; i < header.e_phnum; ++i) {
        Elf64_Phdr segment;
        const off_t at = static_cast<off_t>(header.e_phoff + uint64_t{i} * header.e_phentsize);
        if (::pread(fd.get(), &segment, sizeof segment, at) != static_cast<ssize_t>(sizeof segment)) break;
        if (segment.p_type != PT_LOAD || start < segment.p_vaddr || end > segment.p_vaddr + segment.p_filesz)
            continue;
        bytes.resize(end - start);
        const off_t offset = static_cast<off_t>(segment.p_offset + (start - segment.p_vaddr));
        if (::pread(fd.get(), bytes.data(), bytes.size(), offset) != static_cast<ssize_t>(bytes.size())) {
            why = kcore + ": " + std::strerror(errno);
            bytes.clear();
        }
        return bytes;
    }
    why = kcore + " does not map the kernel addresses of the function";
    return bytes;
}

} // namespace perfglass
