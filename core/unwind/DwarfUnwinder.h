// Unwinds a sampled user stack (PERF_SAMPLE_REGS_USER + PERF_SAMPLE_STACK_USER, x86_64) with the call frame
// information (.eh_frame, else .debug_frame) that libdw reads. The rule of each (module, pc) is compiled once
// into a small table (CFA = register + offset, each register undefined, same value, at or equal to CFA +
// offset, in another register, or a DWARF expression) and then executed directly; JIT code's rules come from
// the .eh_frame its runtime wrote into the jitdump (the code valid at the sample's time, CodeLocation);
// expressions (PLT entries, stack realignment) run on a small DWARF stack machine. Memory outside the copied
// stack cannot be read, and a stack that needs it ends there as truncated. Where a pc has no CFI (V8's
// builtins and JIT code), the frame-pointer chain in the copied stack is followed instead, checked at each
// step (framePointerStep).
#pragma once

#include "base/HandoffMutex.h"
#include "base/IdHashIndex.h"
#include "base/UnalignedWords.h"
#include "base/X86_64Registers.h"
#include "profile/Profile.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

struct Dwarf_CFI_s;
using Dwarf_CFI = Dwarf_CFI_s;

namespace perfglass {

class ElfSymbols;
class JitDump;
struct JitCode;

// Where a process address lies: its module, that module's symbols (nullptr when the file is missing) and the
// address in the module's ELF address space; or, for JIT code with unwinding information, the jitdump and
// code that describe it (elfAddress is then the process address).
struct CodeLocation {
    ModuleId module = 0;
    ElfSymbols *symbols = nullptr;
    uint64_t elfAddress = 0;
    const JitDump *jitDump = nullptr;
    const JitCode *jitCode = nullptr;
};

enum class UnwindEnd {
    Complete,     // reached a frame whose return address is undefined (_start, clone, thread start)
    Truncated,    // needed stack memory outside the copied bytes
    Unmapped,     // a pc outside every known mapping
    NoUnwindInfo, // a module without a file or without CFI for the pc
    BadRule,      // a rule the unwinder cannot evaluate or whose result is impossible
    TooDeep,      // more frames than the limit
    NoRegisters,  // the sample carries no user registers (a kernel thread)
};

const char *unwindEndName(UnwindEnd end);

class DwarfUnwinder {
public:
    using Locate = std::function<bool(uint64_t address, CodeLocation &location)>;

    DwarfUnwinder();
    ~DwarfUnwinder();
    DwarfUnwinder(const DwarfUnwinder &) = delete;
    DwarfUnwinder &operator=(const DwarfUnwinder &) = delete;

    // Appends the user pcs of the sample to pcs, leaf first (the first is the sampled IP). registers holds
    // the sampled registers in bit order of mask (perf_regs_x86 numbering), at any alignment.
    UnwindEnd unwind(UnalignedWords registers, uint64_t mask, std::span<const uint8_t> stack,
                     const Locate &locate, std::vector<uint64_t> &pcs);

    // A lock taken while a rule is compiled: libdw's CFI and ElfSymbols' lazily built tables are not
    // thread-safe, so unwinders running on several threads over the same modules share one.
    void setCompileLock(HandoffMutex *lock) { compileLock_ = lock; }
    size_t cachedRules() const;
    uint64_t expressionEvaluations() const { return expressionEvaluations_; }
    // Steps taken through frame records where the code had no CFI (framePointerStep).
    uint64_t framePointerSteps() const { return framePointerSteps_; }

    static constexpr size_t kMaxFrames = 1024;
    static constexpr int kRegisterCount = x86_64::kDwarfRegisterCount; // rax..r15 and the return address

    struct Op; // a copied DWARF operation
    struct RegisterRule;
    struct Rule;
    struct Registers;

private:
    const Rule *ruleFor(const CodeLocation &location, uint64_t lookupAddress);
    bool compile(Dwarf_CFI *cfi, uint64_t address, Rule &rule);
    bool step(const Rule &rule, const Registers &current, std::span<const uint8_t> stack, uint64_t stackBase,
              Registers &next, bool &truncated);
    bool framePointerStep(const Registers &current, std::span<const uint8_t> stack, uint64_t stackBase,
                          const Locate &locate, Registers &next);

    IdHashIndex ruleIndex_;  // (module << 48 ^ address) -> rules_ index
    std::deque<Rule> rules_; // grows without moving: no copy of the rules cached so far
    std::vector<std::vector<Op>> expressions_;
    uint64_t expressionEvaluations_ = 0;
    uint64_t framePointerSteps_ = 0;
    HandoffMutex *compileLock_ = nullptr;
};

} // namespace perfglass
