// A column of 64-bit values stored compactly, with random access: values are kept in chunks of 4096, and each
// full chunk is encoded in the smallest of these forms when it is sealed:
// - constant: every value equals the chunk's base (0 bytes per value: implicit weights, one event, one pid);
// - frame of reference: base + an unsigned offset of 1, 2, 4 or 8 bytes (times, which grow slowly, are
//   delta-coded against the chunk's smallest time this way);
// - dictionary: at most 256 distinct values, a 1-byte index per value (threads, CPUs, system-wide pids).
// The chunk being filled is kept as plain 64-bit values (32 KiB) until it is full. PackedColumn<T> (the
// Profile's SampleTable columns) wraps it with the element type.
// A sealed chunk's bytes are immutable and shared: a copy of the column (a snapshot of a growing Profile)
// shares every sealed chunk with its original and copies only the chunk headers and the open chunk.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace perfglass {

class PackedWords {
public:
    static constexpr size_t kChunkBits = 12;
    static constexpr size_t kChunkSize = size_t{1} << kChunkBits;

    size_t size() const { return size_; }
    bool empty() const { return size() == 0; }

    uint64_t at(size_t index) const {
        const size_t chunk = index >> kChunkBits;
        const size_t offset = index & (kChunkSize - 1);
        if (chunk >= sealed_.size()) return open_[offset];
        return sealed_[chunk].at(offset);
    }

    void push(uint64_t value) {
        if (open_.empty() && size_ % kChunkSize != 0) reopenLast();
        open_.push_back(value);
        ++size_;
        if (open_.size() == kChunkSize) sealOpen();
    }

    // Calls f(value) for the values from index FROM on, each distinct value of a chunk once for that chunk
    // (in no particular order): a caller after a column's distinct values reads a chunk's constant, or
    // marks its one-byte offsets or dictionary indices, rather than decoding every value.
    template <typename F> void forEachValueOncePerChunk(size_t from, F &&f) const {
        std::vector<uint64_t> values; // of a chunk whose distinct values its encoding does not tell
        const auto eachOnce = [&values, &f] {
            std::sort(values.begin(), values.end());
            for (size_t k = 0; k < values.size(); ++k)
                if (k == 0 || values[k] != values[k - 1]) f(values[k]);
        };
        for (size_t i = from; i < size_;) {
            const size_t chunk = i >> kChunkBits;
            const size_t offset = i & (kChunkSize - 1);
            if (chunk >= sealed_.size()) { // the open chunk, not encoded yet
                values.assign(open_.begin() + static_cast<std::ptrdiff_t>(offset), open_.end());
                eachOnce();
                return;
            }
            const Chunk &sealed = sealed_[chunk];
            i = (chunk << kChunkBits) + sealed.count;
            if (sealed.width == 0) {
                f(sealed.base);
            } else if (sealed.width == 1) { // offsets or dictionary indices of a byte each
                bool used[256] = {};
                for (size_t k = offset; k < sealed.count; ++k)
                    used[sealed.bytes[k]] = true;
                for (size_t byte = 0; byte < 256; ++byte)
                    if (used[byte])
                        f(sealed.encoding == Encoding::Dictionary ? sealed.dictionary[byte]
                                                                  : sealed.base + byte);
            } else {
                values.clear();
                for (size_t k = offset; k < sealed.count; ++k)
                    values.push_back(sealed.at(k));
                eachOnce();
            }
        }
    }

    // Rewrites one value (rare: builders that correct the last value); re-encodes its chunk.
    void set(size_t index, uint64_t value);
    void clear();
    // Encodes a partly filled last chunk too (the next push reopens it).
    void shrinkToFit();
    // Heap bytes held by the column (chunks, dictionaries, the open chunk's buffer).
    size_t memoryBytes() const;

    enum class Encoding : uint8_t { Constant, Offsets, Dictionary };
    // How chunk i (< size() / kChunkSize, or the last one after shrinkToFit) is stored, and its bytes per
    // value: for tests and the documentation's figures.
    Encoding encodingOf(size_t chunk) const { return sealed_[chunk].encoding; }
    unsigned widthOf(size_t chunk) const { return sealed_[chunk].width; }
    size_t sealedChunks() const { return sealed_.size(); }
    // The storage of sealed chunk i, for telling whether two columns share it (null for a constant chunk).
    const void *chunkStorage(size_t chunk) const { return sealed_[chunk].storage.get(); }

private:
    struct ChunkStorage {
        std::vector<uint8_t> bytes;       // offsets (width bytes each) or dictionary indices
        std::vector<uint64_t> dictionary; // Dictionary only
    };
    struct Chunk {
        uint64_t base = 0;
        // Into *storage, which never changes once sealed (a set() re-encodes into new storage).
        const uint8_t *bytes = nullptr;
        const uint64_t *dictionary = nullptr;
        std::shared_ptr<const ChunkStorage> storage;
        uint32_t count = 0;
        uint8_t width = 0;
        Encoding encoding = Encoding::Constant;

        uint64_t at(size_t offset) const {
            switch (width) {
            case 0:
                return base;
            case 1:
                return encoding == Encoding::Dictionary ? dictionary[bytes[offset]] : base + bytes[offset];
            case 2:
                return base + load<uint16_t>(offset);
            case 4:
                return base + load<uint32_t>(offset);
            default:
                return base + load<uint64_t>(offset);
            }
        }
        template <typename U> U load(size_t offset) const {
            U value;
            std::memcpy(&value, bytes + offset * sizeof(U), sizeof(U));
            return value;
        }
    };

    static Chunk encode(const std::vector<uint64_t> &values);
    static Chunk sealedWith(Chunk chunk, ChunkStorage storage);
    static std::vector<uint64_t> decode(const Chunk &chunk);
    void sealOpen();
    void reopenLast();

    std::vector<Chunk> sealed_;
    std::vector<uint64_t> open_;
    size_t size_ = 0;
};

} // namespace perfglass
