#include "identity/SessionArchive.h"

#include "base/Cancellation.h"
#include "base/Error.h"
#include "identity/ArchiveWriter.h"
#include "identity/BuildIdCache.h"
#include "identity/ElfBuildId.h"
#include "identity/SymbolsOnlyElf.h"
#include "perfdata/PerfDataReader.h"

#include <elf.h>
#include <sys/auxv.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <set>

namespace perfglass {

namespace fs = std::filesystem;

namespace {

// One file of an entry: where its bytes come from.
struct EntryFile {
    std::string name; // elf, debug, kallsyms, vdso, probes
    std::string source;
    std::vector<uint8_t> bytes; // when no source file (the vdso)
};

struct Entry {
    std::string recordedPath;
    std::string hex;
    std::string directory; // PATH/HEX relative to the cache root
    std::string origin;
    std::vector<EntryFile> files;
};

bool allZero(std::span<const uint8_t> bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](uint8_t byte) { return byte == 0; });
}

// A recorded path that may name an entry (as BuildIdCache keeps them): absolute without "..", or bracketed.
bool isEntryPath(const std::string &path) {
    if (path.size() > 2 && path.front() == '[' && path.back() == ']')
        return path.find('/') == std::string::npos;
    if (path.size() < 2 || path.front() != '/') return false;
    return path.find("/../") == std::string::npos && !path.ends_with("/..") &&
           path.find("//") == std::string::npos;
}

std::string entryDirectoryOf(const std::string &recordedPath, const std::string &hex) {
    return (recordedPath.front() == '/' ? recordedPath.substr(1) : recordedPath) + "/" + hex;
}

// The extent of this process's [vdso] mapping, from /proc/self/maps (perf keeps the whole mapping).
size_t vdsoMappingSize() {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        if (!line.ends_with("[vdso]")) continue;
        unsigned long long begin = 0, end = 0;
        if (std::sscanf(line.c_str(), "%llx-%llx", &begin, &end) == 2 && end > begin) return end - begin;
    }
    return 0;
}

// This process's vdso image (every 64-bit process of this kernel maps the same), whole: its mapping, else up
// to the end of its section headers or of its loaded segments.
std::vector<uint8_t> runningVdso() {
    const auto *base = reinterpret_cast<const uint8_t *>(getauxval(AT_SYSINFO_EHDR));
    if (!base) return {};
    Elf64_Ehdr header;
    std::memcpy(&header, base, sizeof header);
    if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 || header.e_ident[EI_CLASS] != ELFCLASS64)
        return {};
    uint64_t size = header.e_shoff + uint64_t{header.e_shnum} * header.e_shentsize;
    for (unsigned i = 0; i < header.e_phnum; ++i) {
        Elf64_Phdr segment;
        std::memcpy(&segment, base + header.e_phoff + i * header.e_phentsize, sizeof segment);
        if (segment.p_type == PT_LOAD) size = std::max<uint64_t>(size, segment.p_offset + segment.p_filesz);
    }
    size = std::max<uint64_t>(size, vdsoMappingSize());
    if (size == 0 || size > (uint64_t{1} << 20)) return {};
    return {base, base + size};
}

// The whole text of a file whose size stat does not tell (/proc/kallsyms reads as 0 bytes long).
std::vector<uint8_t> readWhole(const std::string &path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), {}};
}

// Whether kallsyms text shows real addresses (kptr_restrict hides them from unprivileged readers as zeros).
bool kallsymsHasAddresses(const std::string &path) {
    std::ifstream file(path);
    std::string address;
    for (int line = 0; line < 64 && file >> address; ++line) {
        if (address.find_first_not_of('0') != std::string::npos) return true;
        file.ignore(1 << 12, '\n');
    }
    return false;
}

class EntryCollector {
public:
    explicit EntryCollector(const SessionArchiveOptions &options)
        : options_(options)
        , cache_(options.userCache.empty() ? BuildIdCache::userRoot() : options.userCache) {}

    void add(const BuildIdEntry &recorded, SessionArchiveResult &result) {
        const std::string hex = buildIdHex(recorded.buildId);
        if (hex.empty() || allZero(recorded.buildId)) {
            result.missing.push_back(recorded.path + ": the session has no build id for it");
            return;
        }
        if (!seen_.insert(hex).second) return;
        if (!isEntryPath(recorded.path)) {
            result.missing.push_back(recorded.path + " (" + hex + "): not a path a build-id cache can keep");
            return;
        }
        Entry entry{recorded.path, hex, {}, {}, {}};
        std::string why;
        if (!fromCache(recorded.buildId, entry)) why = fromRunningSystem(recorded, entry);
        if (entry.files.empty()) {
            result.missing.push_back(recorded.path + " (" + hex + "): not in the build-id cache " +
                                     cacheName() + ", and " + why);
            return;
        }
        entries_.push_back(std::move(entry));
    }
    std::vector<Entry> &entries() { return entries_; }

private:
    std::string cacheName() const {
        return cache_.root().empty() ? "(none: HOME is not set)" : cache_.root();
    }

    bool fromCache(const std::vector<uint8_t> &buildId, Entry &entry) const {
        const std::string directory = cache_.entryDirectory(buildId);
        if (directory.empty()) return false;
        std::error_code error;
        const fs::path resolved = fs::canonical(directory, error);
        const fs::path root = fs::canonical(cache_.root(), error);
        if (error) return false;
        entry.directory = resolved.lexically_relative(root).string();
        entry.origin = "the build-id cache " + cache_.root();
        for (const auto &file : fs::directory_iterator(resolved, error))
            if (file.is_regular_file() && !file.is_symlink())
                entry.files.push_back({file.path().filename().string(), file.path(), {}});
        std::sort(entry.files.begin(), entry.files.end(),
                  [](const EntryFile &a, const EntryFile &b) { return a.name < b.name; });
        return !entry.files.empty();
    }

    // Fills entry from the running system; returns why it could not when it could not.
    std::string fromRunningSystem(const BuildIdEntry &recorded, Entry &entry) const {
        entry.directory = entryDirectoryOf(recorded.path, entry.hex);
        const std::string kind = BuildIdCache::fileKind(recorded.path);
        if (kind == "kallsyms") {
            if (options_.kernelBuildId != recorded.buildId) return "the running kernel is another one";
            if (!kallsymsHasAddresses(options_.kallsymsPath))
                return options_.kallsymsPath + " hides its addresses (kptr_restrict; run as root)";
            std::vector<uint8_t> text = readWhole(options_.kallsymsPath);
            if (text.empty()) return options_.kallsymsPath + " cannot be read";
            entry.origin = options_.kallsymsPath;
            entry.files.push_back({"kallsyms", {}, std::move(text)});
            return {};
        }
        if (kind == "vdso") {
            std::vector<uint8_t> image = runningVdso();
            if (image.empty() || elfBuildIdOfImage(image) != recorded.buildId)
                return "this kernel's vdso is another";
            entry.origin = "this process's vdso";
            entry.files.push_back({"vdso", {}, std::move(image)});
            return {};
        }
        if (recorded.path.front() != '/') return "nothing else holds it";
        const std::vector<uint8_t> found = elfBuildIdOfFile(recorded.path);
        if (found.empty() && !fs::exists(recorded.path)) return recorded.path + " is gone";
        if (found != recorded.buildId)
            return recorded.path + " has another build id (" + (found.empty() ? "none" : buildIdHex(found)) +
                   ")";
        entry.origin = recorded.path;
        entry.files.push_back({"elf", recorded.path, {}});
        const std::string debug = options_.debugDirectory + "/.build-id/" + entry.hex.substr(0, 2) + "/" +
                                  entry.hex.substr(2) + ".debug";
        if (elfBuildIdOfFile(debug) == recorded.buildId) entry.files.push_back({"debug", debug, {}});
        return {};
    }

    const SessionArchiveOptions &options_;
    BuildIdCache cache_;
    std::set<std::string> seen_;
    std::vector<Entry> entries_;
};

// Writes the entries into writer: each entry's directory, files and .build-id link.
void writeEntries(ArchiveWriter &writer, const std::vector<Entry> &entries,
                  const SessionArchiveOptions &options, bool symbolsOnly, std::vector<std::string> *listing) {
    size_t done = 0;
    for (const Entry &entry : entries) {
        throwIfCancelled(options.stop);
        writer.addSymlink(".build-id/" + entry.hex.substr(0, 2) + "/" + entry.hex.substr(2),
                          "../../" + entry.directory);
        writer.addDirectory(entry.directory);
        std::vector<std::string> symbolFiles;
        for (const EntryFile &file : entry.files)
            if (file.name == "elf" || file.name == "debug") symbolFiles.push_back(file.source);
        AddressRanges keep;
        if (symbolsOnly) {
            const auto sampled = options.sampledAddresses.find(entry.hex);
            if (sampled != options.sampledAddresses.end())
                keep = sampledFunctionRanges(symbolFiles, sampled->second);
        }
        for (const EntryFile &file : entry.files) {
            const std::string member = entry.directory + "/" + file.name;
            if (!file.bytes.empty()) {
                writer.addBytes(member, file.bytes);
            } else if (symbolsOnly && (file.name == "elf" || file.name == "debug")) {
                const auto reduced = symbolsOnlyElf(file.source, keep);
                if (reduced)
                    writer.addBytes(member, *reduced, file.name == "elf");
                else
                    writer.addFile(member, file.source, options.stop);
            } else {
                writer.addFile(member, file.source, options.stop);
            }
        }
        if (listing) listing->push_back(entry.directory + " (from " + entry.origin + ")");
        if (options.progress) options.progress(++done, entries.size());
    }
}

std::string hostName() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0 || !*name) return "localhost";
    return name;
}

} // namespace

std::string SessionArchive::defaultOutputPath(const std::string &sessionPath, bool all) {
    if (!all) return sessionPath + ".tar.bz2";
    char date[32];
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    std::strftime(date, sizeof date, "%Y%m%d-%H%M%S", &local);
    return "perf.all-" + hostName() + "-" + date + ".tar.bz2";
}

SessionArchiveResult SessionArchive::write(const SessionArchiveOptions &options) {
    SessionArchiveResult result;
    result.path =
        options.outputPath.empty() ? defaultOutputPath(options.sessionPath, options.all) : options.outputPath;
    EntryCollector collector(options);
    for (const BuildIdEntry &requested : options.entries)
        collector.add(requested, result);
    if (options.entries.empty()) {
        const PerfDataReader reader(options.sessionPath);
        if (reader.metadata().buildIds.empty())
            throw Error(options.sessionPath + ": no build-ids found (the session has no BUILD_ID feature)");
        for (const BuildIdEntry &recorded : reader.metadata().buildIds)
            collector.add(recorded, result);
    }
    if (options.symbolsOnly && options.measureFullSize) {
        ArchiveWriter full{ArchiveWriter::MeasureOnly{}};
        SessionArchiveOptions quiet = options;
        quiet.progress = {};
        writeEntries(full, collector.entries(), quiet, false, nullptr);
        result.fullBytes = full.finish();
    }
    if (!options.all) {
        ArchiveWriter writer(result.path);
        writeEntries(writer, collector.entries(), options, options.symbolsOnly, &result.entries);
        result.bytes = writer.finish();
        return result;
    }
    const std::string symbols = result.path + ".symbols.tar.bz2";
    {
        ArchiveWriter writer(symbols);
        writeEntries(writer, collector.entries(), options, options.symbolsOnly, &result.entries);
        writer.finish();
    }
    try {
        ArchiveWriter writer(result.path);
        writer.addFile(fs::path(options.sessionPath).filename().string(), options.sessionPath, options.stop);
        writer.addFile("perf.symbols.tar.bz2", symbols, options.stop);
        result.bytes = writer.finish();
    } catch (...) {
        ::unlink(symbols.c_str());
        throw;
    }
    ::unlink(symbols.c_str());
    return result;
}

} // namespace perfglass
