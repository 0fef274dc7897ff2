// RegionPagePool (core/perfdata/): chunks mapped at growing addresses reuse the pages of the chunks taken
// back, with what was written in them, and leave reserved space (PROT_NONE, not a hole another mapping could
// take) where those were; without moves, and when the system refuses memory, the places stay reserved too.
// Page presence is read from /proc/self/pagemap, protections from /proc/self/maps.
#include "PagePresence.h"
#include "base/MappedRegion.h"
#include "perfdata/RegionPagePool.h"

#include <QtTest>

#include <sys/mman.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

using namespace perfglass;

namespace {
constexpr size_t kChunk = RegionPagePool::kChunk;

// The permissions ("rw-p", "---p") of the mapping that holds address, empty when none does.
std::string protectionAt(const void *address) {
    const auto wanted = reinterpret_cast<uintptr_t>(address);
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        unsigned long start = 0, end = 0;
        char permissions[5] = {};
        if (std::sscanf(line.c_str(), "%lx-%lx %4s", &start, &end, permissions) == 3 && wanted >= start &&
            wanted < end)
            return permissions;
    }
    return {};
}

// Nothing but our reservation can be mapped there.
bool refusesOtherMappings(uint8_t *address) {
    void *intruder =
        ::mmap(address, kChunk, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (intruder != MAP_FAILED) ::munmap(intruder, kChunk);
    return intruder != address;
}

// Reserved space of count chunks, the first on a chunk boundary.
struct Space {
    explicit Space(size_t count)
        : region(::mmap(nullptr, (count + 1) * kChunk, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                        -1, 0),
                 (count + 1) * kChunk) {
        const auto start = reinterpret_cast<uintptr_t>(region.get());
        base = reinterpret_cast<uint8_t *>((start + kChunk - 1) & ~uintptr_t{kChunk - 1});
    }
    MappedRegion region;
    uint8_t *base = nullptr;
};
} // namespace

class TestRegionPagePool : public QObject {
    Q_OBJECT

private slots:
    void chunksAreMovedAndTheirPlaceStaysReserved() {
        RegionPagePool pool;
        if (!pool.movesPages()) QSKIP("chunks are not moved here (kernel before 5.7, or strict overcommit)");
        if (!pagePresent(&pool)) QSKIP("/proc/self/pagemap cannot be read here");
        Space space(8);
        QVERIFY(space.region.valid());
        uint8_t *base = space.base;

        QVERIFY(pool.mapChunk(base));
        QVERIFY(pool.mapChunk(base + kChunk));
        std::memset(base, 0x11, kChunk);
        std::memset(base + kChunk, 0x22, kChunk);

        pool.unmapOldest(base); // the first chunk goes back to the pool
        // The next chunk takes its pages, already there, with what was written in them.
        QVERIFY(pool.mapChunk(base + 2 * kChunk));
        QVERIFY(pagePresent(base + 2 * kChunk));
        QVERIFY(pagePresent(base + 3 * kChunk - 1));
        QCOMPARE(base[2 * kChunk], uint8_t{0x11});
        QCOMPARE(base[3 * kChunk - 1], uint8_t{0x11});
        QCOMPARE(protectionAt(base + 2 * kChunk), std::string("rw-p"));
        // Its old place is reserved again: no pages, no access, and nothing else can be mapped there.
        QVERIFY(!pagePresent(base));
        QCOMPARE(protectionAt(base), std::string("---p"));
        QVERIFY(refusesOtherMappings(base));
        QCOMPARE(base[kChunk], uint8_t{0x22}); // the one still held is untouched

        pool.unmapOldest(base + 2 * kChunk); // not the oldest: ignored
        pool.unmapOldest(base + kChunk);
        QVERIFY(pool.mapChunk(base + 3 * kChunk)); // takes the 0x22 pages, not the held 0x11 ones
        QCOMPARE(base[3 * kChunk], uint8_t{0x22});
        QCOMPARE(base[2 * kChunk], uint8_t{0x11});
        QVERIFY(!pagePresent(base + kChunk));
        QCOMPARE(protectionAt(base + kChunk), std::string("---p"));
        // With no chunk taken back, new pages.
        QVERIFY(pool.mapChunk(base + 4 * kChunk));
        QCOMPARE(base[4 * kChunk], uint8_t{0});
        QVERIFY(!pool.regionCompromised());
    }

    void withoutMovesChunksAreReservedWhenTakenBack() {
        RegionPagePool pool(false);
        QVERIFY(!pool.movesPages());
        if (!pagePresent(&pool)) QSKIP("/proc/self/pagemap cannot be read here");
        Space space(4);
        QVERIFY(space.region.valid());
        uint8_t *base = space.base;

        QVERIFY(pool.mapChunk(base));
        std::memset(base, 0x11, kChunk);
        QCOMPARE(protectionAt(base), std::string("rw-p"));
        pool.unmapOldest(base);
        QVERIFY(!pagePresent(base));
        QCOMPARE(protectionAt(base), std::string("---p"));
        QVERIFY(refusesOtherMappings(base));
        QVERIFY(pool.mapChunk(base + kChunk));
        QCOMPARE(base[kChunk], uint8_t{0}); // new pages
    }

    // A data-size limit refuses the memory: mapChunk says so, and the place stays reserved.
    void refusedMemoryLeavesThePlaceReserved() {
        RegionPagePool pool(false);
        Space space(2);
        QVERIFY(space.region.valid());
        rlimit saved{};
        QVERIFY(::getrlimit(RLIMIT_DATA, &saved) == 0);
        rlimit tight = saved;
        tight.rlim_cur = 4096; // below what the process already has: nothing more is granted
        QVERIFY(::setrlimit(RLIMIT_DATA, &tight) == 0);
        const bool mapped = pool.mapChunk(space.base);
        QVERIFY(::setrlimit(RLIMIT_DATA, &saved) == 0);
        QVERIFY(!mapped);
        QCOMPARE(protectionAt(space.base), std::string("---p"));
        QVERIFY(refusesOtherMappings(space.base));
        QVERIFY(!pool.regionCompromised());
        QVERIFY(pool.mapChunk(space.base)); // once the limit is lifted
    }
};

QTEST_APPLESS_MAIN(TestRegionPagePool)
#include "tst_regionpagepool.moc"
