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
    Disassembler(const Disassembler &) = delete;
    Disassembler &operator=(const Disassembler &) = delete;

    // The instructions of code loaded at address; stops at the first byte sequence that is no instruction
    // (the rest is then one ".byte" entry per byte, as objdump shows data in code).
    std::vector<Instruction> disassemble(std::span<const uint8_t> code, uint64_t address) const;

private:
    struct Handle;
    std::unique_ptr<Handle> handle_;
};

} // namespace perfglass
