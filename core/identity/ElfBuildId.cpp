#include "identity/ElfBuildId.h"

#include "base/UniqueFd.h"

#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <libelf.h>

namespace perfglass {

namespace {

// The build id of an ELF handle, which it ends.
std::vector<uint8_t> buildIdOfElf(Elf *elf) {
    if (!elf) return {};
    const void *bits = nullptr;
    const ssize_t size = dwelf_elf_gnu_build_id(elf, &bits);
    std::vector<uint8_t> buildId;
    if (size > 0 && bits)
        buildId.assign(static_cast<const uint8_t *>(bits), static_cast<const uint8_t *>(bits) + size);
    elf_end(elf);
    return buildId;
}

} // namespace

std::vector<uint8_t> elfBuildIdOfFd(int fd) {
    elf_version(EV_CURRENT);
    return buildIdOfElf(elf_begin(fd, ELF_C_READ_MMAP, nullptr));
}

std::vector<uint8_t> elfBuildIdOfImage(std::span<const uint8_t> image) {
    elf_version(EV_CURRENT);
    // libelf only reads the image here (ELF_C_READ semantics of elf_memory), whatever its pointer's
    // constness.
    return buildIdOfElf(
        elf_memory(const_cast<char *>(reinterpret_cast<const char *>(image.data())), image.size()));
}

std::vector<uint8_t> elfBuildIdOfFile(const std::string &path) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    return fd.valid() ? elfBuildIdOfFd(fd.get()) : std::vector<uint8_t>{};
}

} // namespace perfglass
