// StackCache: a call chain seen before is found with its stack until the maps change (forget()); the
// process, the stack continued, every address and every privilege flag tell call chains apart; slots that
// collide replace each other instead of growing.
#include "load/ProfileBuilder.h"
#include "load/StackCache.h"
#include "perfdata/RecordBuilder.h"

#include <QtTest>

#include <cstdint>
#include <cstring>
#include <vector>

using namespace perfglass;

namespace {

bool lookUp(StackCache &cache, uint32_t pid, StackId from, const std::vector<uint64_t> &addresses,
            const std::vector<bool> &kernel, StackCache::Found &found) {
    return cache.find(pid, from, addresses, kernel, found);
}

std::vector<uint8_t> sampleAt(uint32_t pid, uint64_t ip) { // IP, TID (no call chain: the ip alone)
    struct {
        perf_event_header header;
        uint64_t ip;
        uint32_t pid, tid;
    } sample{{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, 24}, ip, pid, pid};
    std::vector<uint8_t> bytes(sizeof sample);
    std::memcpy(bytes.data(), &sample, sizeof sample);
    return bytes;
}

std::vector<uint8_t> mappingOf(uint32_t pid, uint64_t start, const std::string &path) {
    RecordBuilder record;
    record.start(PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER);
    Mmap2Fields fields;
    fields.pid = fields.tid = pid;
    fields.addr = start;
    fields.len = 0x10000;
    fields.prot = 5;  // PROT_READ | PROT_EXEC
    fields.flags = 2; // MAP_PRIVATE
    record.putFields(fields);
    record.putText(path);
    record.finish();
    return {record.bytes().begin(), record.bytes().end()};
}

const perf_event_header *header(const std::vector<uint8_t> &bytes) {
    return reinterpret_cast<const perf_event_header *>(bytes.data());
}

} // namespace

class TestStackCache : public QObject {
    Q_OBJECT

private slots:
    void findsWhatWasStored() {
        StackCache cache;
        StackCache::Found found;
        const std::vector<uint64_t> chain{0xffffffff81000010, 0x401020, 0x401500};
        const std::vector<bool> kernel{true, false, false};
        QVERIFY(!lookUp(cache, 7, kNoStack, chain, kernel, found));
        cache.store({42, true});
        QVERIFY(lookUp(cache, 7, kNoStack, chain, kernel, found));
        QCOMPARE(found.stack, StackId{42});
        QVERIFY(found.unmapped);
    }

    void everyPartOfTheKeyCounts() {
        StackCache cache;
        StackCache::Found found;
        const std::vector<uint64_t> chain{0x401020, 0x401500};
        const std::vector<bool> user{false, false};
        QVERIFY(!lookUp(cache, 7, kNoStack, chain, user, found));
        cache.store({1, false});
        QVERIFY(!lookUp(cache, 8, kNoStack, chain, user, found));         // another process
        QVERIFY(!lookUp(cache, 7, 3, chain, user, found));                // continues another stack
        QVERIFY(!lookUp(cache, 7, kNoStack, {0x401020, 0x401501}, user, found)); // another address
        QVERIFY(!lookUp(cache, 7, kNoStack, {0x401020}, {false}, found));         // shorter
        QVERIFY(!lookUp(cache, 7, kNoStack, chain, {true, false}, found));        // another privilege level
        QVERIFY(lookUp(cache, 7, kNoStack, chain, user, found));
        QCOMPARE(found.stack, StackId{1});
    }

    void flagsBeyondSixtyFourAddresses() {
        StackCache cache;
        StackCache::Found found;
        std::vector<uint64_t> chain(100, 0x401000);
        std::vector<bool> kernel(100, false);
        QVERIFY(!lookUp(cache, 1, kNoStack, chain, kernel, found));
        cache.store({5, false});
        kernel[90] = true;
        QVERIFY(!lookUp(cache, 1, kNoStack, chain, kernel, found));
        kernel[90] = false;
        QVERIFY(lookUp(cache, 1, kNoStack, chain, kernel, found));
    }

    void forgetDropsEverything() {
        StackCache cache;
        StackCache::Found found;
        for (uint64_t a = 0; a < 10; ++a) {
            QVERIFY(!lookUp(cache, 1, kNoStack, {a}, {false}, found));
            cache.store({static_cast<StackId>(a), false});
        }
        cache.forget();
        for (uint64_t a = 0; a < 10; ++a)
            QVERIFY(!lookUp(cache, 1, kNoStack, {a}, {false}, found));
    }

    void collidingChainsReplaceEachOther() {
        StackCache cache(1); // one slot: every chain collides
        StackCache::Found found;
        QVERIFY(!lookUp(cache, 1, kNoStack, {0x10}, {false}, found));
        cache.store({1, false});
        QVERIFY(!lookUp(cache, 1, kNoStack, {0x20}, {false}, found));
        cache.store({2, false});
        QVERIFY(lookUp(cache, 1, kNoStack, {0x20}, {false}, found));
        QCOMPARE(found.stack, StackId{2});
        QVERIFY(!lookUp(cache, 1, kNoStack, {0x10}, {false}, found));
    }

    // The builder's use: a repeated call chain counts as unmapped again, and a mapping added afterwards
    // names the same address in its module (the cache is forgotten when the maps change).
    void builderForgetsWhenTheMapsChange() {
        ProfileBuilder builder{KernelSymbols{}};
        EventAttr event;
        event.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
        builder.setEvents({event});
        const auto sample = sampleAt(10, 0x7000'1234);
        builder.addRecord(header(sample));
        builder.addRecord(header(sample));
        builder.addRecord(header(mappingOf(10, 0x7000'0000, "/nonexistent/libcached.so")));
        builder.addRecord(header(sample));
        const auto profile = builder.finish();
        QCOMPARE(profile->samples.size(), size_t{3});
        QCOMPARE(profile->diagnostics.samplesWithUnmappedFrames, uint64_t{2});
        QCOMPARE(profile->samples.stack[0], profile->samples.stack[1]);
        const auto frameOf = [&](size_t i) { return profile->frames[profile->stacks[profile->samples.stack[i]].frame]; };
        QCOMPARE(profile->modulePath(frameOf(1).module), std::string("[unknown]"));
        QCOMPARE(profile->modulePath(frameOf(2).module), std::string("/nonexistent/libcached.so"));
    }
};

QTEST_GUILESS_MAIN(TestStackCache)
#include "tst_stackcache.moc"
