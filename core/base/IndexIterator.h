// A random-access iterator over a container read by index (container[i]): the const_iterator of
// PackedColumn, whose items are values made on reading (REFERENCE is the value type), and of ChunkedTable,
// whose items are stored (REFERENCE is a const reference).
#pragma once

#include <cstddef>
#include <iterator>

namespace perfglass {

template <typename Container, typename Value, typename Reference> class IndexIterator {
public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Value;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Reference;

    IndexIterator() = default;
    IndexIterator(const Container *container, size_t index)
        : container_(container)
        , index_(index) {}
    Reference operator*() const { return (*container_)[index_]; }
    Reference operator[](difference_type n) const { return (*container_)[index_ + static_cast<size_t>(n)]; }
    IndexIterator &operator++() {
        ++index_;
        return *this;
    }
    IndexIterator operator++(int) {
        IndexIterator old = *this;
        ++index_;
        return old;
    }
    IndexIterator &operator--() {
        --index_;
        return *this;
    }
    IndexIterator operator--(int) {
        IndexIterator old = *this;
        --index_;
        return old;
    }
    IndexIterator &operator+=(difference_type n) {
        index_ += static_cast<size_t>(n);
        return *this;
    }
    IndexIterator &operator-=(difference_type n) {
        index_ -= static_cast<size_t>(n);
        return *this;
    }
    friend IndexIterator operator+(IndexIterator it, difference_type n) { return it += n; }
    friend IndexIterator operator+(difference_type n, IndexIterator it) { return it += n; }
    friend IndexIterator operator-(IndexIterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(const IndexIterator &a, const IndexIterator &b) {
        return static_cast<difference_type>(a.index_) - static_cast<difference_type>(b.index_);
    }
    friend bool operator==(const IndexIterator &a, const IndexIterator &b) { return a.index_ == b.index_; }
    friend bool operator<(const IndexIterator &a, const IndexIterator &b) { return a.index_ < b.index_; }
    friend bool operator>(const IndexIterator &a, const IndexIterator &b) { return a.index_ > b.index_; }
    friend bool operator<=(const IndexIterator &a, const IndexIterator &b) { return a.index_ <= b.index_; }
    friend bool operator>=(const IndexIterator &a, const IndexIterator &b) { return a.index_ >= b.index_; }

private:
    const Container *container_ = nullptr;
    size_t index_ = 0;
};

} // namespace perfglass
