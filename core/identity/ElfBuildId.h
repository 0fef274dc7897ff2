// The GNU build id (NT_GNU_BUILD_ID) of an ELF file: the identity of the code it holds.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace perfglass {

// The build id of the ELF file open on fd (read through libelf); empty when it is not ELF or has none.
std::vector<uint8_t> elfBuildIdOfFd(int fd);
// The same for an ELF image in memory (the vdso's).
std::vector<uint8_t> elfBuildIdOfImage(std::span<const uint8_t> image);
// The same for the file at path; empty when it cannot be opened.
std::vector<uint8_t> elfBuildIdOfFile(const std::string &path);

} // namespace perfglass
