#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace perfglass {

// Sorts items by a 64-bit key, keeping the order of items with equal keys (stable), in time linear in the
// number of items: a least-significant-digit radix sort over the bytes of (key - smallest key), skipping the
// bytes in which all keys agree. Symbol addresses of one module differ in two or three low bytes, so a table
// of tens of thousands of symbols takes two or three passes instead of a comparison sort's sixteen.
// keyOf(const Item &) returns the key; Item must be cheap to move (the items are moved once per pass).
template <typename Item, typename KeyOf> void radixSortByKey(std::vector<Item> &items, KeyOf keyOf) {
    if (items.size() < 2) return;
    uint64_t smallest = keyOf(items.front()), largest = smallest;
    for (const Item &item : items) {
        const uint64_t key = keyOf(item);
        smallest = std::min(smallest, key);
        largest = std::max(largest, key);
    }
    const uint64_t span = largest - smallest;
    std::vector<Item> scratch(items.size());
    for (unsigned shift = 0; shift < 64 && (span >> shift) != 0; shift += 8) {
        std::array<size_t, 257> starts{}; // starts[digit + 1] counts the digit, then becomes where it begins
        for (const Item &item : items)
            ++starts[((keyOf(item) - smallest) >> shift & 0xff) + 1];
        if (std::any_of(starts.begin() + 1, starts.end(),
                        [&](size_t count) { return count == items.size(); }))
            continue; // every key has the same byte here
        for (size_t digit = 1; digit < starts.size(); ++digit)
            starts[digit] += starts[digit - 1];
        for (Item &item : items)
            scratch[starts[(keyOf(item) - smallest) >> shift & 0xff]++] = std::move(item);
        items.swap(scratch);
    }
}

} // namespace perfglass
