#include "profile/PackedWords.h"

#include <algorithm>
#include <array>

namespace perfglass {

namespace {

constexpr size_t kMaxDictionary = 256;

unsigned widthFor(uint64_t range) {
    if (range <= 0xff) return 1;
    if (range <= 0xffff) return 2;
    if (range <= 0xffffffffULL) return 4;
    return 8;
}

// The distinct values of a chunk, each with its index in order of appearance, while there are at most 256:
// an open-addressing table of 1024 slots, so counting stops early on chunks that have more.
class SmallDictionary {
public:
    // The index of value, added when new; -1 when the dictionary would exceed kMaxDictionary values.
    int indexOf(uint64_t value) {
        size_t slot = static_cast<size_t>((value * 0x9E3779B97F4A7C15ULL) >> (64 - kSlotBits));
        while (indices_[slot] >= 0) {
            if (values_[static_cast<size_t>(indices_[slot])] == value) return indices_[slot];
            slot = (slot + 1) & (kSlots - 1);
        }
        if (values_.size() == kMaxDictionary) return -1;
        indices_[slot] = static_cast<int16_t>(values_.size());
        values_.push_back(value);
        return indices_[slot];
    }
    std::vector<uint64_t> takeValues() { return std::move(values_); }

private:
    static constexpr unsigned kSlotBits = 10;
    static constexpr size_t kSlots = size_t{1} << kSlotBits;
    std::array<int16_t, kSlots> indices_ = filled();
    std::vector<uint64_t> values_;

    static std::array<int16_t, kSlots> filled() {
        std::array<int16_t, kSlots> slots{};
        slots.fill(-1);
        return slots;
    }
};

// values as 1-byte dictionary indices, or nothing when they have more than kMaxDictionary distinct values.
bool encodeDictionary(const std::vector<uint64_t> &values, std::vector<uint8_t> &bytes,
                      std::vector<uint64_t> &dictionary) {
    SmallDictionary seen;
    std::vector<uint8_t> indices(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
        const int index = seen.indexOf(values[i]);
        if (index < 0) return false;
        indices[i] = static_cast<uint8_t>(index);
    }
    bytes = std::move(indices);
    dictionary = seen.takeValues();
    dictionary.shrink_to_fit();
    return true;
}

template <typename U> std::vector<uint8_t> offsetsOf(const std::vector<uint64_t> &values, uint64_t base) {
    std::vector<uint8_t> bytes(values.size() * sizeof(U));
    for (size_t i = 0; i < values.size(); ++i) {
        const U offset = static_cast<U>(values[i] - base);
        std::memcpy(bytes.data() + i * sizeof(U), &offset, sizeof(U));
    }
    return bytes;
}

} // namespace

PackedWords::Chunk PackedWords::sealedWith(Chunk chunk, ChunkStorage storage) {
    auto shared = std::make_shared<const ChunkStorage>(std::move(storage));
    chunk.bytes = shared->bytes.data();
    chunk.dictionary = shared->dictionary.data();
    chunk.storage = std::move(shared);
    return chunk;
}

PackedWords::Chunk PackedWords::encode(const std::vector<uint64_t> &values) {
    Chunk chunk;
    chunk.count = static_cast<uint32_t>(values.size());
    if (values.empty()) return chunk;
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    chunk.base = *low;
    if (*low == *high) return chunk; // Constant
    chunk.width = static_cast<uint8_t>(widthFor(*high - *low));
    ChunkStorage storage;
    if (chunk.width > 1 && encodeDictionary(values, storage.bytes, storage.dictionary)) {
        // A byte per value and 8 per distinct value: smaller than 2 bytes per value for any chunk of
        // more than 1024 values; a short last chunk keeps its offsets when those are smaller.
        if (values.size() + storage.dictionary.size() * sizeof(uint64_t) < values.size() * chunk.width) {
            chunk.width = 1;
            chunk.encoding = Encoding::Dictionary;
            return sealedWith(chunk, std::move(storage));
        }
        storage.dictionary.clear();
        storage.dictionary.shrink_to_fit();
    }
    chunk.encoding = Encoding::Offsets;
    switch (chunk.width) {
    case 1:
        storage.bytes = offsetsOf<uint8_t>(values, chunk.base);
        break;
    case 2:
        storage.bytes = offsetsOf<uint16_t>(values, chunk.base);
        break;
    case 4:
        storage.bytes = offsetsOf<uint32_t>(values, chunk.base);
        break;
    default:
        storage.bytes = offsetsOf<uint64_t>(values, chunk.base);
        break;
    }
    return sealedWith(chunk, std::move(storage));
}

std::vector<uint64_t> PackedWords::decode(const Chunk &chunk) {
    std::vector<uint64_t> values;
    values.reserve(kChunkSize);
    for (size_t i = 0; i < chunk.count; ++i)
        values.push_back(chunk.at(i));
    return values;
}

void PackedWords::sealOpen() {
    sealed_.push_back(encode(open_));
    open_.clear();
}

void PackedWords::reopenLast() {
    open_ = decode(sealed_.back());
    sealed_.pop_back();
}

void PackedWords::set(size_t index, uint64_t value) {
    const size_t chunk = index >> kChunkBits;
    const size_t offset = index & (kChunkSize - 1);
    if (chunk >= sealed_.size()) {
        open_[offset] = value;
        return;
    }
    std::vector<uint64_t> values = decode(sealed_[chunk]);
    values[offset] = value;
    sealed_[chunk] = encode(values);
}

void PackedWords::clear() {
    sealed_.clear();
    open_.clear();
    open_.shrink_to_fit();
    size_ = 0;
}

void PackedWords::shrinkToFit() {
    if (!open_.empty()) sealOpen();
    open_.shrink_to_fit();
    sealed_.shrink_to_fit();
}

size_t PackedWords::memoryBytes() const {
    size_t bytes = sealed_.capacity() * sizeof(Chunk) + open_.capacity() * sizeof(uint64_t);
    for (const Chunk &chunk : sealed_)
        if (chunk.storage)
            bytes += sizeof(ChunkStorage) + chunk.storage->bytes.capacity() +
                     chunk.storage->dictionary.capacity() * sizeof(uint64_t);
    return bytes;
}

} // namespace perfglass
