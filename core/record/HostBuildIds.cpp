#include "record/HostBuildIds.h"

#include "base/ProcFs.h"

#include <elf.h>

#include <cstring>
#include <fstream>
#include <iterator>

namespace perfglass {

namespace {

constexpr size_t align4(size_t value) {
    return (value + 3) & ~size_t{3};
}

} // namespace

std::vector<uint8_t> gnuBuildIdOfNotes(std::span<const uint8_t> notes) {
    size_t offset = 0;
    while (notes.size() - offset >= sizeof(Elf64_Nhdr)) {
        Elf64_Nhdr header;
        std::memcpy(&header, notes.data() + offset, sizeof header);
        const size_t nameOffset = offset + sizeof header;
        const size_t descOffset = nameOffset + align4(header.n_namesz);
        const size_t end = descOffset + align4(header.n_descsz);
        if (header.n_namesz > notes.size() || header.n_descsz > notes.size() || end > notes.size()) break;
        if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 &&
            std::memcmp(notes.data() + nameOffset, "GNU", 4) == 0 && header.n_descsz > 0 &&
            header.n_descsz <= 20)
            return {notes.begin() + static_cast<ptrdiff_t>(descOffset),
                    notes.begin() + static_cast<ptrdiff_t>(descOffset + header.n_descsz)};
        offset = end;
    }
    return {};
}

std::optional<BuildIdEntry> kernelBuildIdEntry(const std::string &notesPath) {
    std::ifstream file(notesPath, std::ios::binary);
    const std::vector<uint8_t> notes((std::istreambuf_iterator<char>(file)), {});
    auto buildId = gnuBuildIdOfNotes(notes);
    if (buildId.empty()) return std::nullopt;
    return BuildIdEntry{-1, true, std::move(buildId), "[kernel.kallsyms]"};
}

std::optional<BuildIdEntry> vdsoBuildIdEntry() {
    const std::span<const uint8_t> image = ownVdsoImage();
    const size_t size = image.size();
    if (size < sizeof(Elf64_Ehdr)) return std::nullopt;
    Elf64_Ehdr elf;
    std::memcpy(&elf, image.data(), sizeof elf);
    if (std::memcmp(elf.e_ident, ELFMAG, SELFMAG) != 0 || elf.e_ident[EI_CLASS] != ELFCLASS64 ||
        elf.e_phentsize != sizeof(Elf64_Phdr) || elf.e_phoff > size ||
        elf.e_phnum > (size - elf.e_phoff) / sizeof(Elf64_Phdr))
        return std::nullopt;
    for (size_t i = 0; i < elf.e_phnum; ++i) {
        Elf64_Phdr program;
        std::memcpy(&program, image.data() + elf.e_phoff + i * sizeof program, sizeof program);
        if (program.p_type != PT_NOTE || program.p_offset > size ||
            program.p_filesz > size - program.p_offset)
            continue;
        auto buildId = gnuBuildIdOfNotes(image.subspan(program.p_offset, program.p_filesz));
        if (!buildId.empty()) return BuildIdEntry{-1, false, std::move(buildId), "[vdso]"};
    }
    return std::nullopt;
}

} // namespace perfglass
