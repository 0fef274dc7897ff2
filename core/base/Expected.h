// A value or the reason there is none, for calls where failure is a normal outcome (a file without
// symbols, an event the kernel refuses). Boundaries where failure is exceptional throw Error instead.
// The interface follows C++23's std::expected, so it can be replaced by it.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace perfglass {

template <typename E> struct Unexpected { E error; };

template <typename E> Unexpected<E> unexpected(E error) {
    return Unexpected<E>{std::move(error)};
}

template <typename T, typename E = std::string> class Expected {
public:
    Expected(T value)
        : state_(std::in_place_index<0>, std::move(value)) {}
    template <typename G>
    Expected(Unexpected<G> failure)
        : state_(std::in_place_index<1>, E(std::move(failure.error))) {}

    bool has_value() const { return state_.index() == 0; }
    explicit operator bool() const { return has_value(); }

    T &value() {
        assert(has_value());
        return std::get<0>(state_);
    }
    const T &value() const {
        assert(has_value());
        return std::get<0>(state_);
    }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const E &error() const {
        assert(!has_value());
        return std::get<1>(state_);
    }

private:
    std::variant<T, E> state_;
};

} // namespace perfglass
