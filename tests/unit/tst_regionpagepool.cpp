// RegionPagePool (core/perfdata/): chunks mapped at growing addresses reuse the pages of the chunks taken
// back, keep what was written in them until then, and leave reserved space (not a hole another mapping
// could take) where they were. Page presence is read from /proc/self/pagemap.
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
        RegionPagePool pool;
        if (!pool.valid()) QSKIP("memfd_create is not available here");
        if (!pagePresent(&pool)) QSKIP("/proc/self/pagemap cannot be read here");
        const size_t size = 8 * kChunk;
        MappedRegion space(
            ::mmap(nullptr, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), size);
        QVERIFY(space.valid());
        auto *base = static_cast<uint8_t *>(space.get());

        QVERIFY(pool.mapChunk(base));
        QVERIFY(pool.mapChunk(base + kChunk));
        std::memset(base, 0x11, kChunk);
        std::memset(base + kChunk, 0x22, kChunk);
        QCOMPARE(base[kChunk - 1], uint8_t{0x11});

        pool.unmapOldest(base); // the first chunk goes back to the pool
        QVERIFY(!pagePresent(base));
        // Reserved, not a hole: a mapping asked for exactly there is refused.
        void *intruder =
            ::mmap(base, kChunk, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
        QVERIFY(intruder != base);
        if (intruder != MAP_FAILED) ::munmap(intruder, kChunk);

        // The next chunk reuses its pages, mapped at once, with what was written in them.
        QVERIFY(pool.mapChunk(base + 2 * kChunk));
        QVERIFY(pagePresent(base + 2 * kChunk));
        QCOMPARE(base[2 * kChunk], uint8_t{0x11});
        QCOMPARE(base[kChunk], uint8_t{0x22}); // the one still held is untouched

        pool.unmapOldest(base + 2 * kChunk); // not the oldest: ignored
        QVERIFY(pagePresent(base + 2 * kChunk));
        pool.unmapOldest(base + kChunk);
        pool.unmapOldest(base + 2 * kChunk);
        QVERIFY(!pagePresent(base + kChunk));
        QVERIFY(!pagePresent(base + 2 * kChunk));
    }
};

QTEST_APPLESS_MAIN(TestRegionPagePool)
#include "tst_regionpagepool.moc"
