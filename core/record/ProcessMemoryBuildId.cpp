#include "record/ProcessMemoryBuildId.h"

#include "base/UniqueFd.h"
#include "record/HostBuildIds.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>

namespace perfglass {

namespace {

// Where a range of the file sits in the process: [start, end) holds the file's bytes from offset on.
struct FileSegment {
    uint64_t start = 0;
    uint64_t end = 0;
    uint64_t offset = 0;
};

// The file's bytes as the process maps them: reads by file offset, through its segments, from its memory.
struct MappedImage {
    int memory = -1;
    std::vector<FileSegment> segments;

    const FileSegment *segmentAt(uint64_t offset) const {
        for (const FileSegment &segment : segments)
            if (offset >= segment.offset && offset - segment.offset < segment.end - segment.start)
                return &segment;
        return nullptr;
    }

    // size bytes from file offset into out; the reason when some of them are not mapped or not readable.
    Expected<std::vector<uint8_t>> bytes(uint64_t offset, uint64_t size) const {
        std::vector<uint8_t> out(size);
        for (uint64_t done = 0; done < size;) {
            const uint64_t at = offset + done;
            const FileSegment *segment = at >= offset ? segmentAt(at) : nullptr;
            if (!segment) return unexpected(fmt::format("file offset {:#x} is not mapped", at));
            const uint64_t address = segment->start + (at - segment->offset);
            const uint64_t chunk = std::min(size - done, segment->end - address);
            if (address > static_cast<uint64_t>(std::numeric_limits<off_t>::max()))
                return unexpected(fmt::format("its mapping at {:#x} lies beyond what can be read", address));
            const ssize_t got = ::pread(memory, out.data() + done, chunk, static_cast<off_t>(address));
            if (got <= 0)
                return unexpected(fmt::format("its memory at {:#x} cannot be read ({})", address,
                                              got < 0 ? std::strerror(errno) : "nothing there"));
            done += static_cast<uint64_t>(got);
        }
        return out;
    }
};

// The mappings of file in a maps text ("START-END PERMS OFFSET MAJ:MIN INODE PATH" lines).
std::vector<FileSegment> segmentsOf(std::istream &maps, const ProcessMemoryBuildId::File &file) {
    std::vector<FileSegment> segments;
    for (std::string line; std::getline(maps, line);) {
        unsigned long long start = 0, end = 0, offset = 0, inode = 0;
        unsigned major = 0, minor = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx %*s %llx %x:%x %llu", &start, &end, &offset, &major, &minor,
                        &inode) != 6)
            continue;
        if (end > start && major == file.major && minor == file.minor && inode == file.inode)
            segments.push_back({start, end, offset});
    }
    return segments;
}

// The ELF header's identification, as this machine's processes must have it.
Expected<int> elfClassOf(std::span<const uint8_t> ident) {
    if (ident.size() < EI_NIDENT || std::memcmp(ident.data(), ELFMAG, SELFMAG) != 0)
        return unexpected(std::string("its first bytes are not an ELF header"));
    const int elfClass = ident[EI_CLASS];
    if (elfClass != ELFCLASS64 && elfClass != ELFCLASS32)
        return unexpected(fmt::format("its ELF header has an unknown class {}", elfClass));
    const int nativeData = std::endian::native == std::endian::little ? ELFDATA2LSB : ELFDATA2MSB;
    if (ident[EI_DATA] != nativeData)
        return unexpected(
            fmt::format("its ELF header has byte order {}, not this machine's", ident[EI_DATA]));
    return elfClass;
}

// The build id from the program headers (Ehdr, Phdr: one ELF class) of the image.
template <typename Ehdr, typename Phdr> Expected<std::vector<uint8_t>> buildIdOf(const MappedImage &image) {
    const auto headerBytes = image.bytes(0, sizeof(Ehdr));
    if (!headerBytes) return unexpected(headerBytes.error());
    Ehdr header;
    std::memcpy(&header, headerBytes->data(), sizeof header);
    if (header.e_phentsize != sizeof(Phdr))
        return unexpected(fmt::format("its ELF header gives program headers of {} bytes, not {}",
                                      header.e_phentsize, sizeof(Phdr)));
    if (header.e_phnum == 0 || header.e_phnum > ProcessMemoryBuildId::kMaxProgramHeaders)
        return unexpected(fmt::format("its ELF header gives {} program headers (1 to {} are read)",
                                      header.e_phnum, ProcessMemoryBuildId::kMaxProgramHeaders));
    const auto table = image.bytes(header.e_phoff, uint64_t{header.e_phnum} * sizeof(Phdr));
    if (!table) return unexpected("its program headers: " + table.error());
    std::string noteProblem;
    for (size_t i = 0; i < header.e_phnum; ++i) {
        Phdr program;
        std::memcpy(&program, table->data() + i * sizeof program, sizeof program);
        if (program.p_type != PT_NOTE || program.p_filesz == 0) continue;
        if (program.p_filesz > ProcessMemoryBuildId::kMaxNoteBytes) {
            noteProblem =
                fmt::format("; a note segment of {} bytes was not read", uint64_t{program.p_filesz});
            continue;
        }
        const auto notes = image.bytes(program.p_offset, program.p_filesz);
        if (!notes) {
            noteProblem = "; a note segment: " + notes.error();
            continue;
        }
        std::vector<uint8_t> buildId = gnuBuildIdOfNotes(*notes);
        if (!buildId.empty()) return buildId;
    }
    return unexpected("it has no GNU build-id note" + noteProblem);
}

} // namespace

ProcessMemoryBuildId::ProcessMemoryBuildId(std::string procRoot)
    : procRoot_(std::move(procRoot)) {}

Expected<std::vector<uint8_t>> ProcessMemoryBuildId::read(pid_t pid, const File &file) const {
    const std::string where = fmt::format("process {}, {}: ", pid, file.path);
    const std::string process = procRoot_ + "/" + std::to_string(pid);
    std::ifstream maps(process + "/maps");
    if (!maps) return unexpected(where + "cannot read " + process + "/maps (" + std::strerror(errno) + ")");
    MappedImage image;
    image.segments = segmentsOf(maps, file);
    if (std::none_of(image.segments.begin(), image.segments.end(),
                     [](const FileSegment &segment) { return segment.offset == 0; }))
        return unexpected(where + "its start (file offset 0) is not mapped");
    const UniqueFd memory(::open((process + "/mem").c_str(), O_RDONLY | O_CLOEXEC));
    if (!memory.valid())
        return unexpected(where + "cannot read its memory (" + process + "/mem: " + std::strerror(errno) +
                          ")");
    image.memory = memory.get();
    const auto ident = image.bytes(0, EI_NIDENT);
    if (!ident) return unexpected(where + ident.error());
    const auto elfClass = elfClassOf(*ident);
    if (!elfClass) return unexpected(where + elfClass.error());
    auto buildId = *elfClass == ELFCLASS64 ? buildIdOf<Elf64_Ehdr, Elf64_Phdr>(image)
                                           : buildIdOf<Elf32_Ehdr, Elf32_Phdr>(image);
    if (!buildId) return unexpected(where + buildId.error());
    return buildId;
}

} // namespace perfglass
