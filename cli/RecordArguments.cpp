#include "RecordArguments.h"

#include "base/Error.h"
#include "base/X86_64Registers.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <array>
#include <bit>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string_view>

namespace perfglass::cli {

namespace {

// Registers in perf's numbering (bit n of sample_regs_user), without DS, ES, FS and GS, which perf does not
// offer either.
constexpr std::array<std::string_view, x86_64::kPerfRegisterCount> kRegisterNames{
    "AX", "BX", "CX", "DX", "SI", "DI", "BP",  "SP",  "IP",  "FLAGS", "CS",  "SS",
    "DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13",   "R14", "R15"};

bool parseNumber(std::string_view text, uint64_t &value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(a[i])) != std::toupper(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

uint64_t maxSampleRate() {
    std::ifstream file("/proc/sys/kernel/perf_event_max_sample_rate");
    uint64_t rate = 0;
    if (file >> rate && rate > 0) return rate;
    return 100000;
}

uint64_t parseFrequency(const std::string &text, uint64_t maxRate) {
    if (text == "max") return maxRate;
    uint64_t value = 0;
    if (!parseNumber(text, value) || value == 0)
        throw Error(fmt::format("-F {}: expected a number of samples per second from 1 to {} "
                                "(kernel.perf_event_max_sample_rate), or max",
                                text, maxRate));
    return value;
}

MmapPages parseMmapPages(const std::string &text, size_t pageSize) {
    constexpr uint64_t kMaxBytes = uint64_t{4} << 30; // 4 GiB per CPU
    const std::string usage = fmt::format("-m {}: expected a number of pages or a size with a unit B, K, M "
                                          "or G (such as 512K or 16M), up to {} "
                                          "pages of {} bytes",
                                          text, kMaxBytes / pageSize, pageSize);
    uint64_t pages = 0;
    const char unit =
        text.empty() ? '\0' : static_cast<char>(std::toupper(static_cast<unsigned char>(text.back())));
    const std::string_view units = "BKMG";
    if (const auto position = units.find(unit); !text.empty() && position != std::string_view::npos) {
        uint64_t value = 0;
        if (!parseNumber(std::string_view(text).substr(0, text.size() - 1), value) || value > kMaxBytes)
            throw Error(usage);
        const uint64_t bytes = value << (10 * position);
        pages = (bytes + pageSize - 1) / pageSize;
    } else if (!parseNumber(text, pages)) {
        throw Error(usage);
    }
    if (pages == 0 || pages > kMaxBytes / pageSize) throw Error(usage);
    return MmapPages{std::bit_ceil(static_cast<size_t>(pages)), !std::has_single_bit(pages)};
}

uint64_t parseUserRegisters(const std::string &text) {
    uint64_t mask = 0;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view name = std::string_view(text).substr(start, comma - start);
        bool known = false;
        for (size_t reg = 0; reg < kRegisterNames.size(); ++reg) {
            const uint64_t bit = uint64_t{1} << reg;
            if ((bit & x86_64::kUserRegistersMask) != 0 && equalsIgnoringCase(name, kRegisterNames[reg])) {
                mask |= bit;
                known = true;
            }
        }
        if (!known)
            throw Error(fmt::format("--user-regs {}: unknown register '{}' (available registers: {})", text,
                                    name, userRegisterNames()));
        start = comma + 1;
    }
    return mask;
}

std::string userRegisterNames() {
    std::string names;
    for (size_t reg = 0; reg < kRegisterNames.size(); ++reg)
        if (((uint64_t{1} << reg) & x86_64::kUserRegistersMask) != 0)
            names += (names.empty() ? "" : " ") + std::string(kRegisterNames[reg]);
    return names;
}

std::string keepPreviousSession(const std::string &path) {
    struct stat info {};
    if (path == "-" || ::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || info.st_size == 0)
        return {};
    const std::string old = path + ".old";
    if (std::rename(path.c_str(), old.c_str()) != 0)
        throw Error(fmt::format("cannot keep the previous {} as {}: {}", path, old, std::strerror(errno)));
    return old;
}

} // namespace perfglass::cli
