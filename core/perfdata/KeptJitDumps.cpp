#include "perfdata/KeptJitDumps.h"

#include "perfdata/PerfFileFormat.h"

#include <algorithm>
#include <cstring>

namespace perfglass {

namespace {

constexpr uint8_t kZeros[8] = {};

void padTo8(FeatureEncoder &encoder, size_t written) {
    encoder.raw(kZeros, format::alignUp(written, 8) - written);
}

} // namespace

// Checked by hand rather than with a regular expression: every MMAP record of a recording passes here.
bool KeptJitDumps::isJitDumpPath(std::string_view path) {
    const std::string_view name = path.substr(path.rfind('/') + 1);
    constexpr std::string_view prefix = "jit-";
    constexpr std::string_view suffix = ".dump";
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) || !name.ends_with(suffix))
        return false;
    const std::string_view pid = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
    return std::all_of(pid.begin(), pid.end(), [](char c) { return c >= '0' && c <= '9'; });
}

uint64_t KeptJitDumps::totalBytes() const {
    uint64_t total = 0;
    for (const KeptJitDump &dump : dumps_)
        total += dump.bytes.size();
    return total;
}

const KeptJitDump *KeptJitDumps::find(int32_t pid, std::string_view path) const {
    for (const KeptJitDump &dump : dumps_)
        if (dump.pid == pid && dump.path == path) return &dump;
    return nullptr;
}

std::vector<uint8_t> KeptJitDumps::encode() const {
    FeatureEncoder encoder;
    encoder.u32(static_cast<uint32_t>(dumps_.size()));
    encoder.u32(0);
    for (const KeptJitDump &dump : dumps_) {
        const size_t pathLength = format::alignUp(dump.path.size() + 1, 8);
        encoder.u32(static_cast<uint32_t>(dump.pid));
        encoder.u32(static_cast<uint32_t>(pathLength));
        encoder.u64(dump.bytes.size());
        encoder.raw(dump.path.data(), dump.path.size());
        encoder.raw(kZeros, pathLength - dump.path.size()); // the NUL, then padding
        encoder.raw(dump.bytes.data(), dump.bytes.size());
        padTo8(encoder, dump.bytes.size());
    }
    return encoder.take();
}

std::optional<KeptJitDumps> KeptJitDumps::decode(FeatureDecoder &decoder) {
    const auto count = decoder.u32();
    const auto reserved = decoder.u32();
    if (!count || !reserved) return std::nullopt;
    KeptJitDumps kept;
    for (uint32_t i = 0; i < *count; ++i) {
        const auto pid = decoder.u32();
        const auto pathLength = decoder.u32();
        const auto size = decoder.u64();
        if (!pid || !pathLength || !size || *pathLength == 0 || *pathLength > decoder.remaining())
            return std::nullopt;
        const char *path = reinterpret_cast<const char *>(decoder.current());
        KeptJitDump dump{static_cast<int32_t>(*pid), std::string(path, strnlen(path, *pathLength)), {}};
        decoder.skip(*pathLength);
        if (*size > decoder.remaining()) return std::nullopt;
        dump.bytes.assign(decoder.current(), decoder.current() + *size);
        decoder.skip(std::min<uint64_t>(format::alignUp(*size, 8), decoder.remaining()));
        kept.add(std::move(dump));
    }
    return kept;
}

} // namespace perfglass
