// A table of a Profile that grows at its end (stacks, frames, functions, strings, marks, switches): read like
// a std::vector (table[i], size(), range-for), stored in chunks of 2^ChunkBits items that a copy shares, so a
// snapshot of a growing profile (ProfileBuilder::snapshot) costs a pointer per chunk, not a copy of the
// table.
//
// A chunk is allocated whole and never moves its items: appending writes past the end of every copy that
// shares the chunk, which those copies never read, nor copy (a chunk is copied up to the table's own end). So
// a copy can be read on another thread while the table it came from grows. Only the table a copy was made
// from appends in place to a shared last chunk; a copy that appends (a test's hand-made profile) first takes
// its own copy of it. Changing an item that was already there (edit: a kernel frame named once the kernel's
// symbols are loaded) copies its chunk first when another table shares it.
#pragma once

#include "base/IndexIterator.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace perfglass {

template <typename T, unsigned ChunkBits = 10> class ChunkedTable {
public:
    static constexpr size_t kChunkSize = size_t{1} << ChunkBits;

    using value_type = T;
    using size_type = size_t;
    using const_reference = const T &;

    using const_iterator = IndexIterator<ChunkedTable, T, const T &>;
    using iterator = const_iterator;

    ChunkedTable() = default;
    ChunkedTable(std::initializer_list<T> items) {
        for (const T &item : items)
            push_back(item);
    }
    // A copy shares every chunk; it appends to a copy of its last chunk (ownsLastChunk_).
    ChunkedTable(const ChunkedTable &other)
        : chunks_(other.chunks_)
        , size_(other.size_)
        , ownsLastChunk_(false) {}
    ChunkedTable &operator=(const ChunkedTable &other) {
        chunks_ = other.chunks_;
        size_ = other.size_;
        ownsLastChunk_ = false;
        return *this;
    }
    ChunkedTable(ChunkedTable &&other) noexcept
        : chunks_(std::move(other.chunks_))
        , size_(std::exchange(other.size_, 0))
        , ownsLastChunk_(std::exchange(other.ownsLastChunk_, true)) {}
    ChunkedTable &operator=(ChunkedTable &&other) noexcept {
        chunks_ = std::move(other.chunks_);
        size_ = std::exchange(other.size_, 0);
        ownsLastChunk_ = std::exchange(other.ownsLastChunk_, true);
        return *this;
    }
    ~ChunkedTable() = default;

    const T &operator[](size_t index) const { return chunks_[index >> ChunkBits]->items[index & kIndexMask]; }
    const T &at(size_t index) const {
        if (index >= size_) throw std::out_of_range("ChunkedTable::at");
        return (*this)[index];
    }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const T &front() const { return (*this)[0]; }
    const T &back() const { return (*this)[size_ - 1]; }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, size_); }

    void push_back(T item) {
        prepareToAppend();
        chunks_.back()->items[size_ & kIndexMask] = std::move(item);
        ++size_;
    }
    // Appends ITEMS, a chunk's share at a time.
    void append(std::span<const T> items) {
        while (!items.empty()) {
            prepareToAppend();
            const size_t within = size_ & kIndexMask;
            const size_t count = std::min(items.size(), kChunkSize - within);
            std::copy_n(items.begin(), count,
                        chunks_.back()->items.begin() + static_cast<std::ptrdiff_t>(within));
            size_ += count;
            items = items.subspan(count);
        }
    }
    // Makes the last chunk this table's own (a copy of it when it was shared with the table this one was
    // copied from): the addresses of its items then last as long as the table (StringTable's index keeps
    // them).
    void ownLastChunk() {
        if (ownsLastChunk_ || (size_ & kIndexMask) == 0) return;
        chunks_.back() = copyOfChunk(chunks_.size() - 1);
        ownsLastChunk_ = true;
    }
    // The item at INDEX, to change it: its chunk is copied first when another table shares it.
    T &edit(size_t index) {
        std::shared_ptr<Chunk> &chunk = chunks_[index >> ChunkBits];
        if (chunk.use_count() > 1) {
            chunk = copyOfChunk(index >> ChunkBits);
            if (&chunk == &chunks_.back()) ownsLastChunk_ = true;
        } else {
            // The copies that shared it were let go on other threads: their reads come before this write.
            std::atomic_thread_fence(std::memory_order_acquire);
        }
        return chunk->items[index & kIndexMask];
    }
    T &editBack() { return edit(size_ - 1); }
    void clear() {
        chunks_.clear();
        size_ = 0;
        ownsLastChunk_ = true;
    }
    // Makes the table SIZE items long, appending default items or dropping the last ones.
    void resize(size_t size) {
        while (size_ < size)
            push_back(T{});
        if (size < size_) {
            chunks_.resize((size + kChunkSize - 1) >> ChunkBits);
            size_ = size;
            ownsLastChunk_ = false; // the dropped items may still be another table's
        }
    }
    void reserve(size_t) {} // chunks are allocated as the table fills: nothing to reserve
    // A plain copy, for code that needs a std::vector.
    std::vector<T> toVector() const { return std::vector<T>(begin(), end()); }

    size_t chunkCount() const { return chunks_.size(); }
    // Whether chunk INDEX is the same allocation in both tables (for tests: a snapshot shares its tables).
    bool sharesChunk(const ChunkedTable &other, size_t index) const {
        return index < chunks_.size() && index < other.chunks_.size() &&
               chunks_[index] == other.chunks_[index];
    }

private:
    static constexpr size_t kIndexMask = kChunkSize - 1;
    struct Chunk {
        std::array<T, kChunkSize> items{};
    };

    // A copy of chunk INDEX's items that are this table's: the items past them may be written meanwhile by
    // the table this one shares the chunk with.
    std::shared_ptr<Chunk> copyOfChunk(size_t index) const {
        auto copy = std::make_shared<Chunk>();
        const size_t count = std::min(kChunkSize, size_ - (index << ChunkBits));
        std::copy_n(chunks_[index]->items.begin(), count, copy->items.begin());
        return copy;
    }
    // Room for the next item: a new chunk when the last is full, this table's own copy of a shared one.
    void prepareToAppend() {
        if ((size_ & kIndexMask) == 0) {
            chunks_.push_back(std::make_shared<Chunk>());
            ownsLastChunk_ = true;
        } else {
            ownLastChunk();
        }
    }

    std::vector<std::shared_ptr<Chunk>> chunks_;
    size_t size_ = 0;
    bool ownsLastChunk_ = true;
};

// Text of a growing profile kept as runs in a ChunkedTable of characters (the decoded fields of tracepoint
// marks): a run never spans two chunks, so it is read as one string_view.
class ChunkedText {
public:
    static constexpr size_t kMaxRun = ChunkedTable<char, 16>::kChunkSize;

    // Appends TEXT (cut to kMaxRun characters) and returns its offset; the next chunk starts where the run
    // would not fit in the last one.
    uint32_t append(std::string_view text) {
        text = text.substr(0, kMaxRun);
        const size_t used = characters_.size() % kMaxRun;
        if (used != 0 && used + text.size() > kMaxRun)
            characters_.resize(characters_.size() + kMaxRun - used);
        const auto offset = static_cast<uint32_t>(characters_.size());
        characters_.append(std::span<const char>(text.data(), text.size()));
        return offset;
    }
    std::string_view run(uint32_t offset, uint32_t length) const {
        if (length == 0) return {};
        return std::string_view(&characters_[offset], length);
    }
    size_t size() const { return characters_.size(); }
    const ChunkedTable<char, 16> &characters() const { return characters_; }

private:
    ChunkedTable<char, 16> characters_;
};

} // namespace perfglass
