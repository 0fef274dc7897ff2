#include "symbols/KernelSymbols.h"

#include "base/UniqueFd.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <numeric>

namespace perfglass {

namespace {

constexpr uint64_t kCacheMagic = 0x31594b5347504bULL; // "PGKSYK1"

uint64_t parseHex(std::string_view text) {
    uint64_t value = 0;
    for (char c : text) {
        const int digit = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
        if (digit < 0) return 0;
        value = value << 4 | static_cast<uint64_t>(digit);
    }
    return value;
}

std::string_view nextField(std::string_view &line) {
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) {
        line = {};
        return {};
    }
    line.remove_prefix(start);
    const size_t end = std::min(line.find_first_of(" \t"), line.size());
    const std::string_view field = line.substr(0, end);
    line.remove_prefix(end);
    return field;
}

// Reads in chunks of chunkSize: each read of a /proc/sys file makes the kernel allocate and zero a buffer of
// the size asked for, and the chunk itself is zeroed here, so small files are read with small chunks.
std::string readWhole(const char *path, size_t chunkSize = size_t{64} << 10) {
    std::string text;
    const UniqueFd fd(::open(path, O_RDONLY | O_CLOEXEC));
    if (!fd.valid()) return text;
    std::string chunk(chunkSize, '\0');
    while (true) {
        const ssize_t got = ::read(fd.get(), chunk.data(), chunk.size());
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        text.append(chunk.data(), static_cast<size_t>(got));
    }
    return text;
}

// The cache file for the running kernel's symbols: changes with every boot and every module (un)load.
std::string cachePath() {
    const std::string bootId = readWhole("/proc/sys/kernel/random/boot_id", 64);
    if (bootId.size() < 8) return {};
    uint64_t hash = 1469598103934665603ULL; // FNV-1a over the module list and the reader's uid
    for (char c : readWhole("/proc/modules") + std::to_string(::geteuid()))
        hash = (hash ^ static_cast<uint8_t>(c)) * 1099511628211ULL;
    const char *xdg = std::getenv("XDG_CACHE_HOME");
    const char *home = std::getenv("HOME");
    std::string directory =
        xdg && *xdg ? xdg : (home && *home ? std::string(home) + "/.cache" : std::string());
    if (directory.empty()) return {};
    directory += "/perfglass";
    ::mkdir(directory.substr(0, directory.rfind('/')).c_str(), 0700);
    ::mkdir(directory.c_str(), 0700);
    char name[96];
    std::snprintf(name, sizeof name, "/kallsyms-%.8s-%016llx.bin", bootId.c_str(),
                  static_cast<unsigned long long>(hash));
    return directory + name;
}

} // namespace

KernelSymbols KernelSymbols::fromProc() {
    const std::string cache = cachePath();
    KernelSymbols result;
    if (!cache.empty() && load(cache, result)) return result;
    result = fromText(readWhole("/proc/kallsyms"));
    if (!cache.empty() && !result.empty()) result.save(cache);
    return result;
}

KernelSymbols KernelSymbols::fromStream(std::istream &input) {
    return fromText(std::string(std::istreambuf_iterator<char>(input), std::istreambuf_iterator<char>()));
}

KernelSymbols KernelSymbols::fromText(std::string_view text) {
    struct Entry {
        uint64_t address;
        uint32_t begin, end;
    };
    std::vector<Entry> entries;
    std::string names;
    uint64_t textStart = 0;
    entries.reserve(text.size() / 40);
    while (!text.empty()) {
        const size_t newline = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(std::min(newline + 1, text.size()));
        const std::string_view addressText = nextField(line);
        const std::string_view type = nextField(line);
        const std::string_view name = nextField(line);
        if (name.empty() || type.size() != 1) continue;
        if (type != "t" && type != "T" && type != "w" && type != "W") continue; // functions only
        const uint64_t address = parseHex(addressText);
        if (address == 0) continue;
        if (name == "_text" || (name == "_stext" && textStart == 0)) textStart = address;
        const auto begin = static_cast<uint32_t>(names.size());
        names.append(name);
        entries.push_back({address, begin, static_cast<uint32_t>(names.size())});
    }
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry &a, const Entry &b) { return a.address < b.address; });
    KernelSymbols result;
    result.textStart_ = textStart;
    result.addresses_.reserve(entries.size());
    result.nameEnds_.reserve(entries.size());
    for (const Entry &entry : entries) { // names in address order, so that each ends where the next begins
        result.addresses_.push_back(entry.address);
        result.names_.append(names, entry.begin, entry.end - entry.begin);
        result.nameEnds_.push_back(static_cast<uint32_t>(result.names_.size()));
    }
    return result;
}

namespace {
constexpr size_t kCacheHeaderBytes = 4 * sizeof(uint64_t);
constexpr size_t kAddressChunk = 8192; // addresses read at a time from the cache

bool readExactly(int fd, void *out, size_t size, uint64_t offset) {
    return ::pread(fd, out, size, static_cast<off_t>(offset)) == static_cast<ssize_t>(size);
}
} // namespace

std::vector<std::string> KernelSymbols::symbolsAt(std::span<const uint64_t> addresses) const {
    if (cache_) return symbolsFromCache(addresses);
    std::vector<std::string> names(addresses.size());
    for (size_t i = 0; i < addresses.size(); ++i) {
        const auto after = std::upper_bound(addresses_.begin(), addresses_.end(), addresses[i]);
        if (after == addresses_.begin()) continue;
        const auto index = static_cast<size_t>(after - addresses_.begin()) - 1;
        const uint32_t begin = index == 0 ? 0 : nameEnds_[index - 1];
        names[i] = names_.substr(begin, nameEnds_[index] - begin);
    }
    return names;
}

// One pass over the cached addresses in ascending order, merged with the queries sorted the same way.
std::vector<std::string> KernelSymbols::symbolsFromCache(std::span<const uint64_t> addresses) const {
    std::vector<size_t> order(addresses.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return addresses[a] < addresses[b]; });
    std::vector<std::string> names(addresses.size());
    std::vector<uint64_t> chunk;
    uint64_t chunkStart = 0; // index of chunk[0] in the table
    uint64_t next = 0;       // first table index not yet known to lie at or below the current query
    for (size_t query : order) {
        while (next < cache_->count) {
            if (next >= chunkStart + chunk.size()) {
                chunkStart = next;
                chunk.resize(static_cast<size_t>(std::min<uint64_t>(kAddressChunk, cache_->count - next)));
                if (!readExactly(cache_->file.get(), chunk.data(), chunk.size() * 8,
                                 kCacheHeaderBytes + next * 8))
                    return names;
            }
            if (chunk[static_cast<size_t>(next - chunkStart)] > addresses[query]) break;
            ++next;
        }
        if (next > 0) names[query] = nameFromCache(next - 1);
    }
    return names;
}

std::string KernelSymbols::nameFromCache(uint64_t index) const {
    const uint64_t endsOffset = kCacheHeaderBytes + cache_->count * 8;
    uint32_t ends[2] = {0, 0}; // end of the previous name, end of this one
    const bool read = index == 0 ? readExactly(cache_->file.get(), &ends[1], 4, endsOffset)
                                 : readExactly(cache_->file.get(), ends, 8, endsOffset + (index - 1) * 4);
    if (!read || ends[1] < ends[0] || ends[1] - ends[0] > 4096) return {};
    std::string name(ends[1] - ends[0], '\0');
    if (!readExactly(cache_->file.get(), name.data(), name.size(),
                     kCacheHeaderBytes + cache_->count * 12 + ends[0]))
        return {};
    return name;
}

bool KernelSymbols::save(const std::string &path) const {
    const std::string temporary = path + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        const auto &addressList = addresses_;
        const auto &ends = nameEnds_;
        const auto &text = names_;
        const uint64_t header[4] = {kCacheMagic, addressList.size(), text.size(), textStart_};
        out.write(reinterpret_cast<const char *>(header), sizeof header);
        out.write(reinterpret_cast<const char *>(addressList.data()),
                  static_cast<std::streamsize>(addressList.size() * sizeof(uint64_t)));
        out.write(reinterpret_cast<const char *>(ends.data()),
                  static_cast<std::streamsize>(ends.size() * sizeof(uint32_t)));
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        if (!out) {
            ::unlink(temporary.c_str());
            return false;
        }
    }
    return ::rename(temporary.c_str(), path.c_str()) == 0;
}

bool KernelSymbols::load(const std::string &path, KernelSymbols &out) {
    auto cache = std::make_shared<CacheFile>();
    cache->file.reset(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!cache->file.valid()) return false;
    struct stat info {};
    const auto fileSize = ::fstat(cache->file.get(), &info) == 0 ? static_cast<uint64_t>(info.st_size) : 0;
    uint64_t header[4] = {};
    if (fileSize < kCacheHeaderBytes || !readExactly(cache->file.get(), header, sizeof header, 0))
        return false;
    const uint64_t count = header[1], nameBytes = header[2];
    if (header[0] != kCacheMagic || count > (16u << 20) || nameBytes > (1u << 30) ||
        fileSize != kCacheHeaderBytes + count * 12 + nameBytes)
        return false;
    // A damaged cache must not index out of the names: the last name must end where the names end.
    uint32_t lastEnd = 0;
    if (count > 0 && (!readExactly(cache->file.get(), &lastEnd, 4, kCacheHeaderBytes + count * 12 - 4) ||
                      lastEnd != nameBytes))
        return false;
    cache->count = count;
    KernelSymbols result;
    result.textStart_ = header[3];
    result.cache_ = std::move(cache);
    out = std::move(result);
    return true;
}

} // namespace perfglass
