// The call frame information of one piece of JIT code for libdw: its .eh_frame and .eh_frame_hdr (from the
// jitdump's JIT_CODE_UNWINDING_INFO) placed at their process addresses in a small ELF image in memory, the
// same layout `perf inject --jit` gives its ELF files (.eh_frame where the code ends, .eh_frame_hdr after
// it), so dwarf_cfi_addrframe answers for process addresses of the code.
#pragma once

#include "symbols/JitDump.h"

#include <cstdint>
#include <vector>

struct Elf;

namespace perfglass {

class JitCfi {
public:
    // ehFrameAddress: where .eh_frame lies in the process (the end of the code it describes).
    JitCfi(uint64_t ehFrameAddress, const JitUnwinding &unwinding);
    ~JitCfi();
    JitCfi(const JitCfi &) = delete;
    JitCfi &operator=(const JitCfi &) = delete;

    // nullptr when libdw could not read the information.
    Dwarf_CFI *cfi() const { return cfi_; }

private:
    void open(std::vector<uint8_t> image);

    std::vector<uint8_t> image_; // the ELF image; libdw reads it in place
    Elf *elf_ = nullptr;
    Dwarf_CFI *cfi_ = nullptr;
};

} // namespace perfglass
