#include "identity/ElfBuildId.h"

#include "base/UniqueFd.h"

#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <libelf.h>

namespace perfglass {

std::vector<uint8_t> elfBuildIdOfFd(int fd) {
    elf_version(EV_CURRENT);
    Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, nullptr);
    if (!elf) return {};
    const void *bits = nullptr;
    const ssize_t size = dwelf_elf_gnu_build_id(elf, &bits);
    std::vector<uint8_t> buildId;
    if (size > 0 && bits)
        buildId.assign(static_cast<const uint8_t *>(bits), static_cast<const uint8_t *>(bits) + size);
    elf_end(elf);
    return buildId;
}

std::vector<uint8_t> elfBuildIdOfFile(const std::string &path) {
    const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    return fd.valid() ? elfBuildIdOfFd(fd.get()) : std::vector<uint8_t>{};
}

} // namespace perfglass
