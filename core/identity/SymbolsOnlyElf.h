// The symbols-only form of an ELF file, for archives that travel light (`archive --symbols-only`): the same
// file, byte for byte the same layout and headers, so that every tool reads it (perf, libdw, objdump), with
// only what naming, unwinding, source lines and the disassembly of sampled functions need:
//   kept whole:  ELF, program and section headers; symbol and string tables, notes (the build id), dynamic
//                and version sections, relocations (perf names PLT entries from .rela.plt), .eh_frame,
//                .eh_frame_hdr, .debug_*, .gdb_index, .gnu_debuglink, .gnu_debugdata and the PLT sections;
//   code:        only the functions that hold a sampled address (a page around it where no symbol covers it);
//   zeroed:      every other byte of a section (data, read-only data, the rest of the code).
// Zeros compress to almost nothing in bzip2, so the archive shrinks while the file keeps its size.
#pragma once

#include "base/Expected.h"

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace perfglass {

// Address ranges [begin, end) in the ELF address space of a file.
using AddressRanges = std::vector<std::pair<uint64_t, uint64_t>>;

// The ranges of the functions that hold the addresses, from the symbol tables (.symtab, else .dynsym) of
// the files given (a file and its separate debug file share one address space); an address no symbol covers
// keeps the 4 KiB page around it.
AddressRanges sampledFunctionRanges(std::span<const std::string> symbolFiles,
                                    std::span<const uint64_t> addresses);

// The bytes of the ELF file at path with everything but the above zeroed; the error says why not (not ELF,
// unreadable).
Expected<std::vector<uint8_t>> symbolsOnlyElf(const std::string &path, const AddressRanges &keepCode);

} // namespace perfglass
