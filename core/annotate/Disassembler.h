// x86-64 machine code to instructions, in-process with capstone (Debian's libcapstone-dev): text in Intel or
// AT&T syntax, and which instructions call, jump or return and to where.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

enum class AsmSyntax { Att, Intel };

enum class BranchKind : uint8_t { None, Call, Jump, ConditionalJump, Return };

struct Instruction {
    uint64_t address = 0;
    uint32_t size = 0;
    std::string mnemonic;
    std::string operands;
    BranchKind branch = BranchKind::None;
    std::optional<uint64_t> target; // a direct call's or jump's destination
};

class Disassembler {
public:
    // Throws Error when capstone cannot be opened for x86-64.
    explicit Disassembler(AsmSyntax syntax);
    ~Disassembler();
    // The capstone library's version, "4.0".
    static std::string version();
    Disassembler(const Disassembler &) = delete;
    Disassembler &operator=(const Disassembler &) = delete;

    // The instructions of code loaded at address. starts (sorted) are addresses known to begin an
    // instruction (sampled addresses, line table rows): bytes capstone cannot decode (capstone 4 lacks some
    // AVX-512 instructions, such as kmovd) become one ".byte" entry up to the next known start, or one per
    // byte when none is near; an instruction that would cover a known start is cut there the same way, so
    // the decoding finds its way back and every sampled address begins an entry. undecoded counts the
    // ".byte" entries.
    std::vector<Instruction> disassemble(std::span<const uint8_t> code, uint64_t address,
                                         std::span<const uint64_t> starts = {},
                                         size_t *undecoded = nullptr) const;

private:
    struct Handle;
    std::unique_ptr<Handle> handle_;
};

} // namespace perfglass
