#include "annotate/Disassembler.h"

#include "base/Error.h"

#include <capstone/capstone.h>
#include <fmt/format.h>

namespace perfglass {

struct Disassembler::Handle {
    csh value = 0;
    cs_insn *scratch = nullptr;
    ~Handle() {
        if (scratch) cs_free(scratch, 1);
        if (value) cs_close(&value);
    }
};

Disassembler::Disassembler(AsmSyntax syntax)
    : handle_(std::make_unique<Handle>()) {
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &handle_->value) != CS_ERR_OK)
        throw Error("capstone cannot disassemble x86-64 here");
    cs_option(handle_->value, CS_OPT_SYNTAX, syntax == AsmSyntax::Att ? CS_OPT_SYNTAX_ATT : CS_OPT_SYNTAX_INTEL);
    cs_option(handle_->value, CS_OPT_DETAIL, CS_OPT_ON);
    handle_->scratch = cs_malloc(handle_->value);
}

Disassembler::~Disassembler() = default;

namespace {

BranchKind branchKind(csh handle, const cs_insn &insn) {
    if (cs_insn_group(handle, &insn, CS_GRP_CALL)) return BranchKind::Call;
    if (cs_insn_group(handle, &insn, CS_GRP_RET)) return BranchKind::Return;
    if (!cs_insn_group(handle, &insn, CS_GRP_JUMP)) return BranchKind::None;
    return insn.id == X86_INS_JMP || insn.id == X86_INS_LJMP ? BranchKind::Jump : BranchKind::ConditionalJump;
}

std::optional<uint64_t> directTarget(const cs_insn &insn) {
    const cs_x86 &x86 = insn.detail->x86;
    if (x86.op_count == 1 && x86.operands[0].type == X86_OP_IMM)
        return static_cast<uint64_t>(x86.operands[0].imm);
    return std::nullopt;
}

} // namespace

std::vector<Instruction> Disassembler::disassemble(std::span<const uint8_t> code, uint64_t address) const {
    std::vector<Instruction> out;
    out.reserve(code.size() / 4);
    const uint8_t *bytes = code.data();
    size_t left = code.size();
    uint64_t next = address;
    cs_insn *insn = handle_->scratch;
    while (left > 0) {
        if (!cs_disasm_iter(handle_->value, &bytes, &left, &next, insn)) {
            out.push_back({next, 1, ".byte", fmt::format("{:#04x}", *bytes), BranchKind::None, std::nullopt});
            ++bytes;
            --left;
            ++next;
            continue;
        }
        Instruction instruction{insn->address, insn->size, insn->mnemonic, insn->op_str,
                                branchKind(handle_->value, *insn), std::nullopt};
        if (instruction.branch != BranchKind::None && instruction.branch != BranchKind::Return)
            instruction.target = directTarget(*insn);
        out.push_back(std::move(instruction));
    }
    return out;
}

} // namespace perfglass
