// The x86-64 register facts that recording, unwinding and the helper share: perf's register numbering
// (enum perf_event_x86_regs, asm/perf_regs.h), the user registers perf samples, where each lies within a
// sample's registers, and the DWARF numbering of the System V psABI. Header-only: the helper's protocol
// library includes it without linking the core.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__)
#include <asm/perf_regs.h>
#endif

namespace perfglass::x86_64 {

// perf's numbering: register n is bit n of perf_event_attr::sample_regs_user.
enum PerfRegister : uint8_t {
    PerfAx,
    PerfBx,
    PerfCx,
    PerfDx,
    PerfSi,
    PerfDi,
    PerfBp,
    PerfSp,
    PerfIp,
    PerfFlags,
    PerfCs,
    PerfSs,
    PerfDs,
    PerfEs,
    PerfFs,
    PerfGs,
    PerfR8,
    PerfR9,
    PerfR10,
    PerfR11,
    PerfR12,
    PerfR13,
    PerfR14,
    PerfR15,
    kPerfRegisterCount, // PERF_REG_X86_64_MAX: the general registers; the XMM ones follow
};

constexpr uint64_t perfRegisterBit(PerfRegister reg) {
    return uint64_t{1} << reg;
}

// Every general register perf can sample: the most a sample_regs_user may ask for without XMM registers.
constexpr uint64_t kGeneralRegistersMask = (uint64_t{1} << kPerfRegisterCount) - 1;

// The user registers perf samples (and so do we): the general ones without the segment registers DS..GS.
constexpr uint64_t kUserRegistersMask =
    kGeneralRegistersMask &
    ~(perfRegisterBit(PerfDs) | perfRegisterBit(PerfEs) | perfRegisterBit(PerfFs) | perfRegisterBit(PerfGs));

// A sample holds its registers in bit order of the mask: reg's position among them, if the mask has it.
constexpr size_t sampleIndexOf(PerfRegister reg, uint64_t mask) {
    return static_cast<size_t>(std::popcount(mask & (perfRegisterBit(reg) - 1)));
}

// Where the instruction pointer lies in a sample recorded with kUserRegistersMask.
constexpr size_t kUserSampleIndexIp = sampleIndexOf(PerfIp, kUserRegistersMask);

// DWARF numbering (System V x86-64 psABI, figure 3.36): rax..r15 and the return address column.
enum DwarfRegister : uint8_t {
    DwarfRax,
    DwarfRdx,
    DwarfRcx,
    DwarfRbx,
    DwarfRsi,
    DwarfRdi,
    DwarfRbp,
    DwarfRsp,
    DwarfR8,
    DwarfR9,
    DwarfR10,
    DwarfR11,
    DwarfR12,
    DwarfR13,
    DwarfR14,
    DwarfR15,
    DwarfReturnAddress,
    kDwarfRegisterCount,
};

constexpr int8_t kNoDwarfRegister = -1;

// perf register -> DWARF register (kNoDwarfRegister for flags and segment registers). The sampled IP stands
// in for the return address column of the leaf frame.
constexpr std::array<int8_t, kPerfRegisterCount> kDwarfForPerf = {
    DwarfRax,         DwarfRbx,         DwarfRcx,
    DwarfRdx,         DwarfRsi,         DwarfRdi,
    DwarfRbp,         DwarfRsp,         DwarfReturnAddress,
    kNoDwarfRegister, kNoDwarfRegister, kNoDwarfRegister,
    kNoDwarfRegister, kNoDwarfRegister, kNoDwarfRegister,
    kNoDwarfRegister, DwarfR8,          DwarfR9,
    DwarfR10,         DwarfR11,         DwarfR12,
    DwarfR13,         DwarfR14,         DwarfR15};

static_assert(kUserRegistersMask == 0xff0fff);
static_assert(kUserSampleIndexIp == 8);

#if defined(__x86_64__)
// The numbering agrees with the kernel's where it is available.
constexpr bool sameAsKernel(PerfRegister ours, int kernel) {
    return static_cast<int>(ours) == kernel;
}
static_assert(sameAsKernel(kPerfRegisterCount, PERF_REG_X86_64_MAX) &&
              sameAsKernel(PerfIp, PERF_REG_X86_IP) && sameAsKernel(PerfSp, PERF_REG_X86_SP) &&
              sameAsKernel(PerfDs, PERF_REG_X86_DS) && sameAsKernel(PerfGs, PERF_REG_X86_GS) &&
              sameAsKernel(PerfR8, PERF_REG_X86_R8) && sameAsKernel(PerfR15, PERF_REG_X86_R15));
#endif

} // namespace perfglass::x86_64
