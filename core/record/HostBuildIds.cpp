#include "record/HostBuildIds.h"

#include "base/ProcFs.h"
#include "base/UniqueFd.h"

#include <elf.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
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

std::string keptKallsymsPath(const std::vector<uint8_t> &kernelBuildId) {
    if (kernelBuildId.empty()) return {};
    const char *xdg = std::getenv("XDG_CACHE_HOME");
    const char *home = std::getenv("HOME");
    const std::string cache =
        xdg && *xdg ? xdg : (home && *home ? std::string(home) + "/.cache" : std::string());
    if (cache.empty()) return {};
    std::string hex;
    for (uint8_t byte : kernelBuildId) {
        static constexpr char kDigits[] = "0123456789abcdef";
        hex += kDigits[byte >> 4];
        hex += kDigits[byte & 15];
    }
    // Addresses move with every boot (KASLR): the copy is this boot's.
    std::ifstream bootFile("/proc/sys/kernel/random/boot_id");
    std::string boot;
    std::getline(bootFile, boot);
    if (boot.size() < 8 || boot.find('/') != std::string::npos) return {};
    return cache + "/perfglass/kallsyms/" + hex + "-" + boot;
}

bool keepKallsyms(const std::vector<uint8_t> &kernelBuildId, const std::string &text) {
    const std::string path = keptKallsymsPath(kernelBuildId);
    if (path.empty() || text.empty()) return false;
    const std::string directory = path.substr(0, path.rfind('/'));
    const std::string parent = directory.substr(0, directory.rfind('/'));
    ::mkdir(parent.substr(0, parent.rfind('/')).c_str(), 0700);
    ::mkdir(parent.c_str(), 0700);
    ::mkdir(directory.c_str(), 0700);
    const std::string temporary = path + ".tmp" + std::to_string(::getpid());
    UniqueFd fd(::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600));
    if (!fd.valid()) return false;
    size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd.get(), text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        written += static_cast<size_t>(n);
    }
    fd.reset();
    if (written != text.size() || ::rename(temporary.c_str(), path.c_str()) != 0) {
        ::unlink(temporary.c_str());
        return false;
    }
    return true;
}

} // namespace perfglass
