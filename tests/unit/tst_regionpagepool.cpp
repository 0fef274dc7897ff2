// RegionPagePool (core/perfdata/): chunks mapped at growing addresses reuse the pages of the chunks taken
// back, with what was written in them, and leave reserved space (not a hole another mapping could take)
// where those were. Page presence is read from /proc/self/pagemap.
#include "PagePresence.h"
#include "base/MappedRegion.h"
#include "perfdata/RegionPagePool.h"

#include <QtTest>

#include <sys/mman.h>

#include <cstring>

using namespace perfglass;

class TestRegionPagePool : public QObject {
    Q_OBJECT

    static constexpr size_t kChunk = RegionPagePool::kChunk;

private slots:
    void chunksAreReusedAndTheirPlaceStaysReserved() {
        if (!RegionPagePool::available()) QSKIP("mremap cannot move chunks on this kernel (before 5.7)");
        RegionPagePool pool;
        if (!pagePresent(&pool)) QSKIP("/proc/self/pagemap cannot be read here");
        const size_t size = 9 * kChunk;
        MappedRegion space(
            ::mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), size);
        QVERIFY(space.valid());
        const auto start = reinterpret_cast<uintptr_t>(space.get());
        auto *base = reinterpret_cast<uint8_t *>((start + kChunk - 1) & ~uintptr_t{kChunk - 1});

        QVERIFY(pool.mapChunk(base));
        QVERIFY(pool.mapChunk(base + kChunk));
        std::memset(base, 0x11, kChunk);
        std::memset(base + kChunk, 0x22, kChunk);
        QCOMPARE(base[kChunk - 1], uint8_t{0x11});

        pool.unmapOldest(base); // the first chunk goes back to the pool
        // The next chunk takes its pages, already there, with what was written in them.
        QVERIFY(pool.mapChunk(base + 2 * kChunk));
        QVERIFY(pagePresent(base + 2 * kChunk));
        QVERIFY(pagePresent(base + 3 * kChunk - 1));
        QCOMPARE(base[2 * kChunk], uint8_t{0x11});
        QCOMPARE(base[3 * kChunk - 1], uint8_t{0x11});
        QVERIFY(!pagePresent(base));
        // Its old place is reserved, not a hole: a mapping asked for exactly there is refused.
        void *intruder =
            ::mmap(base, kChunk, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        QVERIFY(intruder != base);
        if (intruder != MAP_FAILED) ::munmap(intruder, kChunk);
        QCOMPARE(base[kChunk], uint8_t{0x22}); // the one still held is untouched

        pool.unmapOldest(base + 2 * kChunk); // not the oldest: ignored
        pool.unmapOldest(base + kChunk);
        QVERIFY(pool.mapChunk(base + 3 * kChunk)); // takes the 0x22 pages, not the held 0x11 ones
        QCOMPARE(base[3 * kChunk], uint8_t{0x22});
        QCOMPARE(base[2 * kChunk], uint8_t{0x11});
        QVERIFY(!pagePresent(base + kChunk));
        // With no chunk taken back, new pages.
        QVERIFY(pool.mapChunk(base + 4 * kChunk));
        QCOMPARE(base[4 * kChunk], uint8_t{0});
    }
};

QTEST_APPLESS_MAIN(TestRegionPagePool)
#include "tst_regionpagepool.moc"
