#include "unwind/DwarfUnwinder.h"

#include "base/X86_64Registers.h"
#include "symbols/ElfSymbols.h"
#include "symbols/JitDump.h"

#include <dwarf.h>
#include <elfutils/libdw.h>

#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace perfglass {

namespace {

constexpr int kReturnAddress = x86_64::DwarfReturnAddress;
constexpr int kStackPointer = x86_64::DwarfRsp;

} // namespace

struct DwarfUnwinder::Op {
    uint8_t atom;
    uint64_t number;
    uint64_t number2;
};

// A rule is cached for each code address unwound through (tens of thousands on a large DWARF recording), so
// each register's rule is kept in 8 bytes: its kind and one operand.
struct DwarfUnwinder::RegisterRule {
    enum Kind : uint8_t { Undefined, SameValue, AtCfa, ValCfa, InRegister, AtExpression, ValExpression };
    Kind kind = Undefined;
    // AtCfa, ValCfa: the offset from the CFA (one beyond 32 bits is kept as its expression instead);
    // InRegister: the register number; the expression kinds: the index into expressions_.
    int32_t operand = 0;
};

struct DwarfUnwinder::Rule {
    uint64_t key = 0;            // module << 48 ^ address
    const void *owner = nullptr; // the JIT code whose rule it is (an address is reused by other code)
    bool valid = false;
    bool cfaIsExpression = false;
    uint8_t cfaRegister = 0;
    int64_t cfaOffset = 0;
    uint32_t cfaExpression = 0;
    std::array<RegisterRule, kRegisterCount> registers{};
};

struct DwarfUnwinder::Registers {
    std::array<uint64_t, kRegisterCount> value{};
    uint32_t known = 0; // bit per register
    bool has(int reg) const { return known & (1u << reg); }
    void set(int reg, uint64_t v) {
        value[static_cast<size_t>(reg)] = v;
        known |= 1u << reg;
    }
};

namespace {

class StackMemory {
public:
    StackMemory(std::span<const uint8_t> bytes, uint64_t base)
        : bytes_(bytes)
        , base_(base) {}
    bool read(uint64_t address, uint64_t &value) const {
        if (address < base_ || address - base_ > bytes_.size() || bytes_.size() - (address - base_) < 8)
            return false;
        std::memcpy(&value, bytes_.data() + (address - base_), 8);
        return true;
    }

private:
    std::span<const uint8_t> bytes_;
    uint64_t base_;
};

// The value stack of a DWARF expression: fixed size, so evaluating allocates nothing.
class ExpressionStack {
public:
    bool push(uint64_t value) {
        if (depth_ == values_.size()) return false;
        values_[depth_++] = value;
        return true;
    }
    bool pop(uint64_t &value) {
        if (depth_ == 0) return false;
        value = values_[--depth_];
        return true;
    }
    // Pushes a copy of the entry fromTop below the top (0: DW_OP_dup, 1: DW_OP_over).
    bool pushCopy(size_t fromTop) { return depth_ > fromTop && push(values_[depth_ - 1 - fromTop]); }
    bool swapTop() {
        if (depth_ < 2) return false;
        std::swap(values_[depth_ - 1], values_[depth_ - 2]);
        return true;
    }

private:
    std::array<uint64_t, 64> values_{};
    size_t depth_ = 0;
};

enum class OpOutcome { Done, Failed, NotMine };

OpOutcome outcome(bool ok) {
    return ok ? OpOutcome::Done : OpOutcome::Failed;
}

// Operations that push a value read from the operation, a register or the CFA.
template <typename Registers, typename Op>
OpOutcome pushOperand(const Op &op, const Registers &regs, uint64_t cfa, bool hasCfa,
                      ExpressionStack &stack) {
    const uint8_t atom = op.atom;
    if (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) return outcome(stack.push(atom - DW_OP_lit0));
    if (atom >= DW_OP_breg0 && atom <= DW_OP_breg31) {
        const int reg = atom - DW_OP_breg0;
        if (reg >= DwarfUnwinder::kRegisterCount || !regs.has(reg)) return OpOutcome::Failed;
        return outcome(stack.push(regs.value[static_cast<size_t>(reg)] + op.number));
    }
    switch (atom) {
    case DW_OP_bregx:
        if (op.number >= DwarfUnwinder::kRegisterCount || !regs.has(static_cast<int>(op.number)))
            return OpOutcome::Failed;
        return outcome(stack.push(regs.value[op.number] + op.number2));
    case DW_OP_call_frame_cfa:
        return outcome(hasCfa && stack.push(cfa));
    case DW_OP_addr:
    case DW_OP_const1u:
    case DW_OP_const1s:
    case DW_OP_const2u:
    case DW_OP_const2s:
    case DW_OP_const4u:
    case DW_OP_const4s:
    case DW_OP_const8u:
    case DW_OP_const8s:
    case DW_OP_constu:
    case DW_OP_consts:
        return outcome(stack.push(op.number));
    default:
        return OpOutcome::NotMine;
    }
}

// Operations on the stack's entries that take at most one of them: copies, dereferences, unary arithmetic.
template <typename Op>
OpOutcome applyStackOperation(const Op &op, const StackMemory &memory, ExpressionStack &stack,
                              bool &truncated) {
    uint64_t a = 0;
    switch (op.atom) {
    case DW_OP_dup:
        return outcome(stack.pushCopy(0));
    case DW_OP_over:
        return outcome(stack.pushCopy(1));
    case DW_OP_swap:
        return outcome(stack.swapTop());
    case DW_OP_drop:
        return outcome(stack.pop(a));
    case DW_OP_deref: {
        uint64_t value = 0;
        if (!stack.pop(a)) return OpOutcome::Failed;
        if (!memory.read(a, value)) {
            truncated = true;
            return OpOutcome::Failed;
        }
        return outcome(stack.push(value));
    }
    case DW_OP_plus_uconst:
        return outcome(stack.pop(a) && stack.push(a + op.number));
    case DW_OP_neg:
        return outcome(stack.pop(a) && stack.push(~a + 1));
    case DW_OP_not:
        return outcome(stack.pop(a) && stack.push(~a));
    case DW_OP_nop:
        return OpOutcome::Done;
    default:
        return OpOutcome::NotMine;
    }
}

// The signed comparisons: 1 when true, 0 when false; false for any other atom.
bool compareOperation(uint8_t atom, int64_t a, int64_t b, uint64_t &result) {
    switch (atom) {
    case DW_OP_eq:
        result = a == b;
        return true;
    case DW_OP_ne:
        result = a != b;
        return true;
    case DW_OP_lt:
        result = a < b;
        return true;
    case DW_OP_gt:
        result = a > b;
        return true;
    case DW_OP_le:
        result = a <= b;
        return true;
    case DW_OP_ge:
        result = a >= b;
        return true;
    default:
        return false;
    }
}

// The arithmetic and comparison operations on two entries; false for any other atom.
bool binaryOperation(uint8_t atom, uint64_t a, uint64_t b, uint64_t &result) {
    const auto sa = static_cast<int64_t>(a);
    const auto sb = static_cast<int64_t>(b);
    switch (atom) {
    case DW_OP_plus:
        result = a + b;
        return true;
    case DW_OP_minus:
        result = a - b;
        return true;
    case DW_OP_mul:
        result = a * b;
        return true;
    case DW_OP_and:
        result = a & b;
        return true;
    case DW_OP_or:
        result = a | b;
        return true;
    case DW_OP_xor:
        result = a ^ b;
        return true;
    case DW_OP_shl:
        result = b < 64 ? a << b : 0;
        return true;
    case DW_OP_shr:
        result = b < 64 ? a >> b : 0;
        return true;
    case DW_OP_shra:
        result = static_cast<uint64_t>(b < 64 ? sa >> b : (sa < 0 ? -1 : 0));
        return true;
    default:
        return compareOperation(atom, sa, sb, result);
    }
}

// Arithmetic on the two top entries. Every operation not handled before ends here, and an unknown one fails.
OpOutcome applyBinaryOperation(uint8_t atom, ExpressionStack &stack) {
    uint64_t a = 0;
    uint64_t b = 0;
    uint64_t result = 0;
    return outcome(stack.pop(b) && stack.pop(a) && binaryOperation(atom, a, b, result) && stack.push(result));
}

// Evaluates a DWARF expression of CFI (DWARF 5, section 2.5) over the registers and the copied stack.
// Returns false for an operation it does not support or memory it cannot read (sets truncated for the
// latter).
template <typename Registers, typename Op>
bool evaluate(std::span<const Op> ops, const Registers &regs, uint64_t cfa, bool hasCfa,
              const StackMemory &memory, uint64_t &result, bool &truncated) {
    ExpressionStack stack;
    for (const Op &op : ops) {
        OpOutcome done = pushOperand(op, regs, cfa, hasCfa, stack);
        if (done == OpOutcome::NotMine) done = applyStackOperation(op, memory, stack, truncated);
        if (done == OpOutcome::NotMine) done = applyBinaryOperation(op.atom, stack);
        if (done != OpOutcome::Done) return false;
    }
    return stack.pop(result);
}

// The rule of one register (source: its DWARF number in the frame, -1 for none) in the frame of a pc.
template <typename RegisterRule, typename Store>
void compileRegisterRule(Dwarf_Frame *frame, int source, RegisterRule &out, const Store &storeExpression) {
    Dwarf_Op memory[3];
    Dwarf_Op *ops = nullptr;
    size_t count = 0;
    if (source < 0 || dwarf_frame_register(frame, source, memory, &ops, &count) != 0) {
        out.kind = RegisterRule::Undefined;
        return;
    }
    if (count == 0) {
        out.kind = ops == nullptr ? RegisterRule::SameValue : RegisterRule::Undefined;
        return;
    }
    const bool isValue = ops[count - 1].atom == DW_OP_stack_value;
    const size_t n = isValue ? count - 1 : count;
    constexpr int kRegisterCount = DwarfUnwinder::kRegisterCount;
    // libdw gives an offset from the CFA as DW_OP_plus_uconst of its two's complement (CFA - 8: 2^64 - 8).
    const int64_t cfaOffset = n == 2 ? static_cast<int64_t>(ops[1].number) : 0;
    if (n >= 1 && n <= 2 && ops[0].atom == DW_OP_call_frame_cfa &&
        (n == 1 || ops[1].atom == DW_OP_plus_uconst) && std::in_range<int32_t>(cfaOffset)) {
        out.kind = isValue ? RegisterRule::ValCfa : RegisterRule::AtCfa;
        out.operand = static_cast<int32_t>(cfaOffset);
    } else if (n == 1 && !isValue && ops[0].atom >= DW_OP_reg0 && ops[0].atom < DW_OP_reg0 + kRegisterCount) {
        out.kind = RegisterRule::InRegister;
        out.operand = ops[0].atom - DW_OP_reg0;
    } else if (n == 1 && !isValue && ops[0].atom == DW_OP_regx && ops[0].number < kRegisterCount) {
        out.kind = RegisterRule::InRegister;
        out.operand = static_cast<int32_t>(ops[0].number);
    } else {
        out.kind = isValue ? RegisterRule::ValExpression : RegisterRule::AtExpression;
        out.operand = static_cast<int32_t>(storeExpression(ops, n));
    }
}

} // namespace

const char *unwindEndName(UnwindEnd end) {
    switch (end) {
    case UnwindEnd::Complete:
        return "complete";
    case UnwindEnd::Truncated:
        return "stack copy too small";
    case UnwindEnd::Unmapped:
        return "address outside every mapping";
    case UnwindEnd::NoUnwindInfo:
        return "no unwind information";
    case UnwindEnd::BadRule:
        return "unusable unwind rule";
    case UnwindEnd::TooDeep:
        return "too many frames";
    case UnwindEnd::NoRegisters:
        return "no user registers";
    }
    return "unknown";
}

DwarfUnwinder::DwarfUnwinder() = default;
DwarfUnwinder::~DwarfUnwinder() = default;

size_t DwarfUnwinder::cachedRules() const {
    return rules_.size();
}

bool DwarfUnwinder::compile(Dwarf_CFI *cfi, uint64_t address, Rule &rule) {
    Dwarf_Frame *frame = nullptr;
    if (!cfi || dwarf_cfi_addrframe(cfi, address, &frame) != 0 || !frame) return false;
    std::unique_ptr<Dwarf_Frame, decltype(&std::free)> owner(frame, &std::free);
    auto storeExpression = [&](const Dwarf_Op *ops, size_t count) {
        std::vector<Op> copy;
        copy.reserve(count);
        for (size_t i = 0; i < count; ++i)
            copy.push_back({ops[i].atom, ops[i].number, ops[i].number2});
        expressions_.push_back(std::move(copy));
        return static_cast<uint32_t>(expressions_.size() - 1);
    };

    Dwarf_Op *ops = nullptr;
    size_t count = 0;
    if (dwarf_frame_cfa(frame, &ops, &count) != 0 || count == 0) return false;
    if (count == 1 && ops[0].atom == DW_OP_bregx && ops[0].number < kRegisterCount) {
        rule.cfaRegister = static_cast<uint8_t>(ops[0].number);
        rule.cfaOffset = static_cast<int64_t>(ops[0].number2);
    } else if (count == 1 && ops[0].atom >= DW_OP_breg0 && ops[0].atom < DW_OP_breg0 + kRegisterCount) {
        rule.cfaRegister = static_cast<uint8_t>(ops[0].atom - DW_OP_breg0);
        rule.cfaOffset = static_cast<int64_t>(ops[0].number);
    } else {
        rule.cfaIsExpression = true;
        rule.cfaExpression = storeExpression(ops, count);
    }

    const int returnRegister = dwarf_frame_info(frame, nullptr, nullptr, nullptr);
    for (int reg = 0; reg < kRegisterCount; ++reg)
        compileRegisterRule(frame, reg == kReturnAddress ? returnRegister : reg,
                            rule.registers[static_cast<size_t>(reg)], storeExpression);
    rule.valid = true;
    return true;
}

const DwarfUnwinder::Rule *DwarfUnwinder::ruleFor(const CodeLocation &location, uint64_t lookupAddress) {
    const uint64_t key = uint64_t{location.module} << 48 ^ lookupAddress;
    const void *owner = location.jitCode;
    const uint32_t found =
        ruleIndex_.find(key, [&](uint32_t id) { return rules_[id].key == key && rules_[id].owner == owner; });
    if (found != IdHashIndex::kAbsent) {
        const Rule &rule = rules_[found];
        return rule.valid ? &rule : nullptr;
    }
    Rule rule;
    rule.key = key;
    rule.owner = owner;
    std::unique_lock<HandoffMutex> guard;
    if (compileLock_) guard = std::unique_lock(*compileLock_);
    if (location.jitCode) {
        compile(location.jitDump->cfiOf(*location.jitCode), lookupAddress, rule);
    } else if (location.symbols && !compile(location.symbols->ehFrameInfo(), lookupAddress, rule)) {
        // The dynamic loader's _start has no CFI anywhere: it is the outermost frame (a valid rule with an
        // undefined return address). Asking .debug_frame first could load and decompress the whole separate
        // debug file of ld.so (tens of milliseconds) to learn nothing.
        if (location.symbols->symbolAt(lookupAddress).name == "_start")
            rule.valid = true;
        else
            compile(location.symbols->debugFrameInfo(), lookupAddress, rule);
    }
    rules_.push_back(rule);
    ruleIndex_.insert(key, static_cast<uint32_t>(rules_.size() - 1),
                      [&](uint32_t id) { return rules_[id].key; });
    return rules_.back().valid ? &rules_.back() : nullptr;
}

bool DwarfUnwinder::step(const Rule &rule, const Registers &current, std::span<const uint8_t> stack,
                         uint64_t stackBase, Registers &next, bool &truncated) {
    const StackMemory memory(stack, stackBase);
    uint64_t cfa = 0;
    if (rule.cfaIsExpression) {
        ++expressionEvaluations_;
        if (!evaluate(std::span<const Op>(expressions_[rule.cfaExpression]), current, 0, false, memory, cfa,
                      truncated))
            return false;
    } else {
        if (!current.has(rule.cfaRegister)) return false;
        cfa = current.value[rule.cfaRegister] + static_cast<uint64_t>(rule.cfaOffset);
    }
    next = Registers{};
    next.set(kStackPointer, cfa);
    for (int reg = 0; reg < kRegisterCount; ++reg) {
        const RegisterRule &r = rule.registers[static_cast<size_t>(reg)];
        uint64_t value = 0;
        switch (r.kind) {
        case RegisterRule::Undefined:
            continue;
        case RegisterRule::SameValue:
            if (!current.has(reg)) continue;
            value = current.value[static_cast<size_t>(reg)];
            break;
        case RegisterRule::AtCfa:
            if (!memory.read(cfa + static_cast<uint64_t>(int64_t{r.operand}), value)) {
                if (reg == kReturnAddress) truncated = true;
                continue;
            }
            break;
        case RegisterRule::ValCfa:
            value = cfa + static_cast<uint64_t>(int64_t{r.operand});
            break;
        case RegisterRule::InRegister:
            if (!current.has(r.operand)) continue;
            value = current.value[static_cast<size_t>(r.operand)];
            break;
        case RegisterRule::AtExpression:
        case RegisterRule::ValExpression: {
            ++expressionEvaluations_;
            bool cut = false;
            if (!evaluate(std::span<const Op>(expressions_[static_cast<size_t>(r.operand)]), current, cfa,
                          true, memory, value, cut)) {
                if (reg == kReturnAddress) truncated |= cut;
                continue;
            }
            if (r.kind == RegisterRule::AtExpression && !memory.read(value, value)) {
                if (reg == kReturnAddress) truncated = true;
                continue;
            }
            break;
        }
        }
        next.set(reg, value);
    }
    return true;
}

UnwindEnd DwarfUnwinder::unwind(UnalignedWords registers, uint64_t mask, std::span<const uint8_t> stack,
                                const Locate &locate, std::vector<uint64_t> &pcs) {
    Registers regs;
    size_t index = 0;
    for (int bit = 0; bit < 64 && index < registers.size(); ++bit) {
        if (!(mask & (uint64_t{1} << bit))) continue;
        const uint64_t value = registers[index++];
        if (bit < x86_64::kPerfRegisterCount && x86_64::kDwarfForPerf[static_cast<size_t>(bit)] >= 0)
            regs.set(x86_64::kDwarfForPerf[static_cast<size_t>(bit)], value);
    }
    if (!regs.has(kReturnAddress) || !regs.has(kStackPointer)) return UnwindEnd::NoRegisters;
    const uint64_t stackBase = regs.value[kStackPointer];

    for (size_t depth = 0;; ++depth) {
        const uint64_t pc = regs.value[kReturnAddress];
        pcs.push_back(pc);
        if (depth >= kMaxFrames) return UnwindEnd::TooDeep;
        CodeLocation location;
        const bool mapped = locate(pc, location);
        // Past the leaf, a pc is a return address: the call is one byte earlier, and may end its function.
        const Rule *rule =
            mapped ? ruleFor(location, depth == 0 ? location.elfAddress : location.elfAddress - 1) : nullptr;
        Registers next;
        if (!rule) {
            if (!framePointerStep(regs, stack, stackBase, locate, next))
                return mapped ? UnwindEnd::NoUnwindInfo : UnwindEnd::Unmapped;
            ++framePointerSteps_;
        } else {
            if (rule->registers[kReturnAddress].kind == RegisterRule::Undefined) return UnwindEnd::Complete;
            bool truncated = false;
            if (!step(*rule, regs, stack, stackBase, next, truncated))
                return truncated ? UnwindEnd::Truncated : UnwindEnd::BadRule;
            if (!next.has(kReturnAddress)) return truncated ? UnwindEnd::Truncated : UnwindEnd::BadRule;
        }
        const uint64_t nextPc = next.value[kReturnAddress];
        if (nextPc == 0)
            return UnwindEnd::Complete; // some thread entry points end with a zero return address
        // The stack must unwind towards higher addresses; anything else loops.
        if (next.value[kStackPointer] < regs.value[kStackPointer] ||
            (next.value[kStackPointer] == regs.value[kStackPointer] && nextPc == pc))
            return UnwindEnd::BadRule;
        regs = next;
    }
}

// Code without CFI that keeps frame pointers (V8's embedded builtins in the node binary, JIT code whose
// runtime wrote no unwinding information) is left through its frame record: the caller's rbp at [rbp], the
// return address at [rbp + 8], the caller's stack pointer at rbp + 16. Taken only where the record lies in
// the copied stack at or above the stack pointer, the saved rbp is higher still (or 0, the end of the
// chain), and the return address is code of a known mapping; other registers are unknown past this step.
bool DwarfUnwinder::framePointerStep(const Registers &current, std::span<const uint8_t> stack,
                                     uint64_t stackBase, const Locate &locate, Registers &next) {
    if (!current.has(x86_64::DwarfRbp) || !current.has(kStackPointer)) return false;
    const uint64_t framePointer = current.value[x86_64::DwarfRbp];
    if (framePointer < current.value[kStackPointer] || framePointer % 8 != 0) return false;
    const StackMemory memory(stack, stackBase);
    uint64_t callerFramePointer = 0;
    uint64_t returnAddress = 0;
    if (!memory.read(framePointer, callerFramePointer) || !memory.read(framePointer + 8, returnAddress))
        return false;
    if (callerFramePointer != 0 && callerFramePointer <= framePointer) return false;
    CodeLocation caller;
    if (returnAddress == 0 || !locate(returnAddress, caller)) return false;
    next = Registers{};
    next.set(x86_64::DwarfRbp, callerFramePointer);
    next.set(kStackPointer, framePointer + 16);
    next.set(kReturnAddress, returnAddress);
    return true;
}

} // namespace perfglass
