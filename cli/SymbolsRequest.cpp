#include "SymbolsRequest.h"

#include "base/Error.h"
#include "identity/BuildIdCache.h"

#include <fmt/format.h>

#include <charconv>
#include <sstream>

namespace perfglass::cli {

namespace {

constexpr std::string_view kFirstLine = "perfglass-symbols-request 1";
constexpr size_t kMaxLineBytes = 64 << 10;
constexpr size_t kMaxAddresses = size_t{4} << 20;

std::vector<uint8_t> buildIdOf(const std::string &hex, size_t line) {
    std::vector<uint8_t> id = buildIdFromHex(hex);
    if (id.empty()) throw Error(fmt::format("symbols request, line {}: '{}' is not a build id", line, hex));
    return id;
}

void parseAddresses(std::istringstream &words, std::vector<uint64_t> &out, size_t line) {
    std::string word;
    while (words >> word) {
        uint64_t address = 0;
        const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), address, 16);
        if (error != std::errc() || end != word.data() + word.size())
            throw Error(fmt::format("symbols request, line {}: '{}' is not a hex address", line, word));
        if (out.size() >= kMaxAddresses)
            throw Error(fmt::format("symbols request, line {}: more than {} addresses", line, kMaxAddresses));
        out.push_back(address);
    }
}

} // namespace

std::string SymbolsRequest::encode() const {
    std::string text = std::string(kFirstLine) + "\n";
    for (const BuildIdEntry &file : files)
        if (file.path.find('\n') == std::string::npos)
            text += "file " + buildIdHex(file.buildId) + " " + file.path + "\n";
    for (const auto &[hex, addresses] : sampledAddresses) {
        std::string line = "addr " + hex;
        for (uint64_t address : addresses) {
            line += fmt::format(" {:x}", address);
            if (line.size() > kMaxLineBytes - 32) {
                text += line + "\n";
                line = "addr " + hex;
            }
        }
        text += line + "\n";
    }
    return text;
}

SymbolsRequest SymbolsRequest::parse(const std::string &text) {
    SymbolsRequest request;
    std::istringstream lines(text);
    std::string line;
    size_t number = 0;
    while (std::getline(lines, line)) {
        ++number;
        if (line.size() > kMaxLineBytes)
            throw Error(fmt::format("symbols request, line {}: longer than 64 KiB", number));
        if (number == 1) {
            if (line != kFirstLine)
                throw Error(fmt::format("symbols request: the first line is not '{}'", kFirstLine));
            continue;
        }
        std::istringstream words(line);
        std::string kind, hex;
        words >> kind >> hex;
        if (kind == "file") {
            const size_t pathStart = kind.size() + 1 + hex.size() + 1;
            if (pathStart >= line.size())
                throw Error(fmt::format("symbols request, line {}: no path after the build id", number));
            BuildIdEntry entry;
            entry.buildId = buildIdOf(hex, number);
            entry.path = line.substr(pathStart);
            entry.kernel = entry.path.front() == '[';
            request.files.push_back(std::move(entry));
        } else if (kind == "addr") {
            buildIdOf(hex, number);
            parseAddresses(words, request.sampledAddresses[hex], number);
        } else if (!line.empty()) {
            throw Error(fmt::format("symbols request, line {}: unknown item '{}'", number, kind));
        }
    }
    if (number == 0) throw Error("symbols request: empty");
    return request;
}

} // namespace perfglass::cli
