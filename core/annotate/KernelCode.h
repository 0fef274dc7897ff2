// The running kernel's code, for annotating kernel functions: function ranges from /proc/kallsyms and the
// bytes from /proc/kcore (an ELF core file of the kernel's memory; reading it needs root or CAP_SYS_RAWIO).
// Only sessions recorded on this boot of this kernel can use it: Annotator checks that kallsyms names the
// sampled address as the session does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perfglass {

class KernelCode {
public:
    struct Symbol {
        uint64_t start = 0;
        uint64_t end = 0; // the next symbol's address
        std::string name;
    };

    // Reads KALLSYMS (default /proc/kallsyms); why says what failed when the table is empty (hidden
    // addresses: kernel.kptr_restrict).
    explicit KernelCode(const std::string &kallsyms = "/proc/kallsyms");

    bool empty() const { return addresses_.empty(); }
    const std::string &problem() const { return problem_; }
    // The function containing address, if any.
    std::optional<Symbol> functionAt(uint64_t address) const;
    // The bytes at [start, end) of kernel memory from KCORE; empty with why set when they cannot be read.
    static std::vector<uint8_t> read(uint64_t start, uint64_t end, std::string &why,
                                     const std::string &kcore = "/proc/kcore");

private:
    std::vector<uint64_t> addresses_; // sorted
    std::vector<std::string> names_;  // by index of addresses_
    std::string problem_;
};

} // namespace perfglass
