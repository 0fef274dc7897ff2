// A run of 64-bit words at any address: fields of a perf record that follow one of odd size (a crafted
// PERF_SAMPLE_RAW of 5 bytes) are not 8-byte aligned, and loading them as uint64_t would be undefined. Each
// word is read with memcpy, which compiles to a plain load where the machine allows it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <ranges>
#include <span>
#include <type_traits>

namespace perfglass {

class UnalignedWords {
public:
    class Iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = uint64_t;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = uint64_t;

        Iterator() = default;
        explicit Iterator(const uint8_t *at)
            : at_(at) {}
        uint64_t operator*() const { return load(at_); }
        Iterator &operator++() {
            at_ += sizeof(uint64_t);
            return *this;
        }
        Iterator operator++(int) {
            Iterator before = *this;
            ++*this;
            return before;
        }
        bool operator==(const Iterator &other) const = default;

    private:
        const uint8_t *at_ = nullptr;
    };

    UnalignedWords() = default;
    UnalignedWords(const void *bytes, size_t count)
        : bytes_(static_cast<const uint8_t *>(bytes))
        , count_(count) {}
    // Any contiguous range of uint64_t (a span, an array, a vector), which is aligned anyway.
    template <typename Range>
    requires std::ranges::contiguous_range<const Range> &&
        std::is_same_v<std::ranges::range_value_t<const Range>, uint64_t>
        UnalignedWords(const Range &words) // NOLINT(google-explicit-constructor): a view, like std::span
        : bytes_(reinterpret_cast<const uint8_t *>(std::ranges::data(words)))
        , count_(std::ranges::size(words)) {}

    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    uint64_t operator[](size_t index) const { return load(bytes_ + index * sizeof(uint64_t)); }
    Iterator begin() const { return Iterator(bytes_); }
    Iterator end() const { return Iterator(bytes_ + count_ * sizeof(uint64_t)); }
    std::span<const uint8_t> bytes() const { return {bytes_, count_ * sizeof(uint64_t)}; }

private:
    static uint64_t load(const uint8_t *at) {
        uint64_t value;
        std::memcpy(&value, at, sizeof value);
        return value;
    }

    const uint8_t *bytes_ = nullptr;
    size_t count_ = 0;
};

} // namespace perfglass
