#include "symbols/JitCfi.h"

#include <elf.h>
#include <elfutils/libdw.h>
#include <libelf.h>

#include <array>
#include <cstring>
#include <string_view>

namespace perfglass {

namespace {

// Section names, at their offsets in .shstrtab.
constexpr std::string_view kNames("\0.eh_frame_hdr\0.eh_frame\0.shstrtab\0", 35);
constexpr uint32_t kHdrName = 1;
constexpr uint32_t kFrameName = 15;
constexpr uint32_t kStrtabName = 25;

size_t align8(size_t value) {
    return (value + 7) & ~size_t{7};
}

void append(std::vector<uint8_t> &image, const void *bytes, size_t size) {
    const auto *begin = static_cast<const uint8_t *>(bytes);
    image.insert(image.end(), begin, begin + size);
    image.resize(align8(image.size()));
}

Elf64_Shdr section(uint32_t name, uint32_t type, uint64_t address, size_t offset, size_t size) {
    Elf64_Shdr header{};
    header.sh_name = name;
    header.sh_type = type;
    header.sh_flags = type == SHT_PROGBITS ? SHF_ALLOC : 0;
    header.sh_addr = address;
    header.sh_offset = offset;
    header.sh_size = size;
    header.sh_addralign = type == SHT_PROGBITS ? 4 : 1;
    return header;
}

// An ELF64 x86-64 image holding .eh_frame_hdr (first: libdw uses it only when it comes before .eh_frame),
// .eh_frame and the section names, with the two at their process addresses.
std::vector<uint8_t> elfImage(uint64_t ehFrameAddress, const JitUnwinding &unwinding) {
    std::vector<uint8_t> image(sizeof(Elf64_Ehdr));
    const size_t hdrOffset = image.size();
    append(image, unwinding.ehFrameHdr.data(), unwinding.ehFrameHdr.size());
    const size_t frameOffset = image.size();
    append(image, unwinding.ehFrame.data(), unwinding.ehFrame.size());
    const size_t namesOffset = image.size();
    append(image, kNames.data(), kNames.size());
    const uint64_t hdrAddress = ehFrameAddress + unwinding.ehFrame.size();
    const std::array<Elf64_Shdr, 4> sections{
        Elf64_Shdr{},
        section(unwinding.ehFrameHdr.empty() ? 0 : kHdrName, SHT_PROGBITS, hdrAddress, hdrOffset,
                unwinding.ehFrameHdr.size()),
        section(kFrameName, SHT_PROGBITS, ehFrameAddress, frameOffset, unwinding.ehFrame.size()),
        section(kStrtabName, SHT_STRTAB, 0, namesOffset, kNames.size()),
    };
    const size_t sectionsOffset = image.size();
    append(image, sections.data(), sizeof sections);

    Elf64_Ehdr header{};
    std::memcpy(header.e_ident, ELFMAG, SELFMAG);
    header.e_ident[EI_CLASS] = ELFCLASS64;
    header.e_ident[EI_DATA] = ELFDATA2LSB;
    header.e_ident[EI_VERSION] = EV_CURRENT;
    header.e_type = ET_DYN;
    header.e_machine = EM_X86_64;
    header.e_version = EV_CURRENT;
    header.e_shoff = sectionsOffset;
    header.e_ehsize = sizeof(Elf64_Ehdr);
    header.e_shentsize = sizeof(Elf64_Shdr);
    header.e_shnum = sections.size();
    header.e_shstrndx = 3;
    std::memcpy(image.data(), &header, sizeof header);
    return image;
}

} // namespace

JitCfi::JitCfi(uint64_t ehFrameAddress, const JitUnwinding &unwinding) {
    elf_version(EV_CURRENT);
    open(elfImage(ehFrameAddress, unwinding));
    // libdw refuses the whole CFI for a search table it cannot parse; .eh_frame alone is searched linearly.
    if (!cfi_ && !unwinding.ehFrameHdr.empty())
        open(elfImage(ehFrameAddress, JitUnwinding{unwinding.ehFrame, {}}));
}

void JitCfi::open(std::vector<uint8_t> image) {
    if (cfi_) dwarf_cfi_end(cfi_);
    if (elf_) elf_end(elf_);
    cfi_ = nullptr;
    image_ = std::move(image);
    elf_ = elf_memory(reinterpret_cast<char *>(image_.data()), image_.size());
    if (elf_) cfi_ = dwarf_getcfi_elf(elf_);
}

JitCfi::~JitCfi() {
    if (cfi_) dwarf_cfi_end(cfi_);
    if (elf_) elf_end(elf_);
}

} // namespace perfglass
