// One column of the Profile's sample table (Profile.h): values of type T stored by PackedWords (constant,
// frame-of-reference offsets or a small dictionary per chunk of 4096), read like a std::vector<T> that cannot
// be written in place: column[i], size(), begin()/end() (random access, values not references), front(),
// back(). Appending is push_back; the rare correction of a value is set(i, value) or back() = value.
#pragma once

#include "base/IndexIterator.h"
#include "profile/PackedWords.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <vector>

namespace perfglass {

template <typename T> class PackedColumn {
public:
    using value_type = T;
    using size_type = size_t;

    using const_iterator = IndexIterator<PackedColumn, T, T>;
    using iterator = const_iterator;

    // The last value, assignable: `column.back() = value` rewrites it (set()).
    class LastValue {
    public:
        explicit LastValue(PackedColumn &column)
            : column_(column) {}
        operator T() const { return column_[column_.size() - 1]; }
        LastValue &operator=(T value) {
            column_.set(column_.size() - 1, value);
            return *this;
        }

    private:
        PackedColumn &column_;
    };

    PackedColumn() = default;
    PackedColumn(std::initializer_list<T> values) {
        for (T value : values)
            push_back(value);
    }

    T operator[](size_t index) const { return static_cast<T>(words_.at(index)); }
    size_t size() const { return words_.size(); }
    bool empty() const { return words_.empty(); }
    T front() const { return (*this)[0]; }
    T back() const { return (*this)[size() - 1]; }
    LastValue back() { return LastValue(*this); }
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, size()); }

    // f(value) for the values from index FROM on, each distinct value of a chunk once for that chunk
    // (PackedWords::forEachValueOncePerChunk): the distinct values of a column without decoding each.
    template <typename F> void forEachValueOncePerChunk(size_t from, F &&f) const {
        words_.forEachValueOncePerChunk(from, [&f](uint64_t value) { f(static_cast<T>(value)); });
    }

    void push_back(T value) { words_.push(static_cast<uint64_t>(value)); }
    void set(size_t index, T value) { words_.set(index, static_cast<uint64_t>(value)); }
    void assign(size_t count, T value) {
        words_.clear();
        for (size_t i = 0; i < count; ++i)
            push_back(value);
    }
    void clear() { words_.clear(); }
    void reserve(size_t) {} // chunks are allocated as they fill: nothing to reserve
    void shrink_to_fit() { words_.shrinkToFit(); }
    size_t memoryBytes() const { return words_.memoryBytes(); }
    const PackedWords &words() const { return words_; }

    // A plain copy, for code that needs a std::vector (costs sizeof(T) per value).
    std::vector<T> toVector() const { return std::vector<T>(begin(), end()); }
    operator std::vector<T>() const { return toVector(); }

private:
    PackedWords words_;
};

} // namespace perfglass
