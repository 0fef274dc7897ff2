#include "KernelSymbols.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <iterator>
#include <string_view>

namespace perfglass {

namespace {

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

} // namespace

KernelSymbols KernelSymbols::fromProc() {
    std::string text;
    const int fd = ::open("/proc/kallsyms", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return {};
    std::string chunk(1 << 20, '\0');
    while (true) {
        const ssize_t got = ::read(fd, chunk.data(), chunk.size());
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        text.append(chunk.data(), static_cast<size_t>(got));
    }
    ::close(fd);
    return fromText(text);
}

KernelSymbols KernelSymbols::fromStream(std::istream &input) {
    return fromText(std::string(std::istreambuf_iterator<char>(input), std::istreambuf_iterator<char>()));
}

KernelSymbols KernelSymbols::fromText(std::string_view text) {
    KernelSymbols result;
    result.symbols_.reserve(text.size() / 40);
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
        if (name == "_text" || (name == "_stext" && result.textStart_ == 0)) result.textStart_ = address;
        result.symbols_.push_back({address, std::string(name)});
    }
    std::stable_sort(result.symbols_.begin(), result.symbols_.end(),
                     [](const Symbol &a, const Symbol &b) { return a.address < b.address; });
    return result;
}

const std::string *KernelSymbols::symbolAt(uint64_t address) const {
    auto after =
        std::upper_bound(symbols_.begin(), symbols_.end(), address,
                         [](uint64_t value, const Symbol &symbol) { return value < symbol.address; });
    if (after == symbols_.begin()) return nullptr;
    return &std::prev(after)->name;
}

} // namespace perfglass
