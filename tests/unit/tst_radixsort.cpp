// radixSortByKey (base/RadixSort.h): the same order as std::stable_sort by the key, for keys that differ in
// low bytes only (symbol addresses), in high bytes only, across the whole 64-bit range, for equal keys (the
// order of the items is kept) and for tables of none, one and many items.
#include "base/RadixSort.h"

#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

using namespace perfglass;

namespace {

struct Item {
    uint64_t key;
    size_t position; // where the item was before sorting: tells whether equal keys kept their order
};

std::vector<Item> itemsWithKeys(const std::vector<uint64_t> &keys) {
    std::vector<Item> items;
    for (size_t i = 0; i < keys.size(); ++i)
        items.push_back({keys[i], i});
    return items;
}

// Sorts a copy of the items both ways and compares keys and positions, item by item.
bool sortsAsStableSort(std::vector<Item> items) {
    std::vector<Item> expected = items;
    std::stable_sort(expected.begin(), expected.end(),
                     [](const Item &a, const Item &b) { return a.key < b.key; });
    radixSortByKey(items, [](const Item &item) { return item.key; });
    return std::equal(
        items.begin(), items.end(), expected.begin(), expected.end(),
        [](const Item &a, const Item &b) { return a.key == b.key && a.position == b.position; });
}

std::vector<uint64_t> randomKeys(size_t count, uint64_t base, uint64_t mask, uint32_t seed) {
    std::mt19937_64 random(seed);
    std::vector<uint64_t> keys(count);
    for (uint64_t &key : keys)
        key = base + (random() & mask);
    return keys;
}

} // namespace

class TestRadixSort : public QObject {
    Q_OBJECT
private slots:
    void emptyAndSingleTablesStay() {
        std::vector<Item> none;
        radixSortByKey(none, [](const Item &item) { return item.key; });
        QVERIFY(none.empty());
        QVERIFY(sortsAsStableSort(itemsWithKeys({42})));
    }

    void keysOfSeveralSpans_data() {
        QTest::addColumn<quint64>("base");
        QTest::addColumn<quint64>("mask");
        QTest::addRow("addresses of one library") << quint64(0x7f12'3456'0000) << quint64(0x1f'ffff);
        QTest::addRow("one low byte") << quint64(0x1000) << quint64(0xff);
        QTest::addRow("high bytes only") << quint64(0) << quint64(0xff00'0000'0000'0000);
        QTest::addRow("the whole range") << quint64(0) << ~quint64(0);
        QTest::addRow("kernel addresses") << quint64(0xffff'ffff'8100'0000) << quint64(0xff'ffff);
    }
    void keysOfSeveralSpans() {
        QFETCH(quint64, base);
        QFETCH(quint64, mask);
        for (size_t count : {size_t{2}, size_t{255}, size_t{257}, size_t{20'000}})
            QVERIFY2(
                sortsAsStableSort(itemsWithKeys(randomKeys(count, base, mask, static_cast<uint32_t>(count)))),
                qPrintable(QString::number(count)));
    }

    void equalKeysKeepTheirOrder() {
        // Many items on few keys (aliases of one address), some already in order, some reversed.
        std::vector<uint64_t> keys = randomKeys(5'000, 0x40'0000, 0x3 << 12, 7);
        QVERIFY(sortsAsStableSort(itemsWithKeys(keys)));
        std::vector<uint64_t> same(1'000, 0xdead'beef);
        QVERIFY(sortsAsStableSort(itemsWithKeys(same)));
        std::vector<uint64_t> descending;
        for (uint64_t key = 3'000; key-- > 0;)
            descending.push_back(key / 3 * 0x10);
        QVERIFY(sortsAsStableSort(itemsWithKeys(descending)));
    }
};

QTEST_APPLESS_MAIN(TestRadixSort)
#include "tst_radixsort.moc"
