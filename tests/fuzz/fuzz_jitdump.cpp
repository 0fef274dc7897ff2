// The jitdump reader (symbols/JitDump) on any bytes, as a runtime or a kept session section might hand it:
// the records it accepts, then the call frame information of every code with unwinding information
// (symbols/JitCfi: libdw reads the runtime's .eh_frame and .eh_frame_hdr) asked for a rule at the code's
// first and last byte.
#include <elfutils/libdw.h>

#include "symbols/JitDump.h"

#include <cstdlib>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    using namespace perfglass;
    const auto dump = JitDump::parse(std::vector<uint8_t>(data, data + size), "fuzz.dump");
    if (!dump) return 0;
    for (const JitCode &code : dump->codes()) {
        dump->find(code.start, code.loadTime);
        JitDump::lineAt(code, code.start);
        Dwarf_CFI *cfi = dump->cfiOf(code);
        if (!cfi) continue;
        for (const uint64_t address : {code.start, code.start + code.size - 1}) {
            Dwarf_Frame *frame = nullptr;
            if (dwarf_cfi_addrframe(cfi, address, &frame) == 0) std::free(frame);
        }
    }
    return 0;
}
