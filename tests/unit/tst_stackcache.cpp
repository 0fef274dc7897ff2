// StackCache: a call chain seen before is found with its stack until the maps change (forget()); the head
// (process and privilege level) and every word of the chain tell call chains apart; chains that collide
// share a pair of slots and replace the less recently used one instead of growing past the maximum; the
// table starts small and doubles, keeping its chains; the chains replaced are dropped from its storage.
#include "base/X86_64Registers.h"
#include "load/ProfileBuilder.h"
#include "load/StackCache.h"
#include "perfdata/RecordBuilder.h"

#include <QtTest>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace perfglass;

namespace {

constexpr uint64_t kKernelContext = static_cast<uint64_t>(PERF_CONTEXT_KERNEL);
constexpr uint64_t kUserContext = static_cast<uint64_t>(PERF_CONTEXT_USER);

bool lookUp(StackCache &cache, uint64_t head, const std::vector<uint64_t> &chain, StackCache::Found &found) {
    return cache.find(head, UnalignedWords(chain), found);
}

std::vector<uint8_t> sampleAt(uint32_t pid, uint64_t ip) { // IP, TID, CALLCHAIN of the ip alone
    struct {
        perf_event_header header;
        uint64_t ip;
        uint32_t pid, tid;
        uint64_t nr, context, chainIp;
    } sample{{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, 48}, ip, pid, pid, 2, kUserContext, ip};
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

// IP, TID, REGS_USER (perf's register set: sp and ip set, the others 0) and an 8-byte STACK_USER copy: a
// sample to unwind, as perf's DWARF mode records them.
std::vector<uint8_t> unwoundSampleAt(uint32_t pid, uint64_t ip) {
    std::vector<uint64_t> words{0, ip, uint64_t{pid} << 32 | pid, 2 /* PERF_SAMPLE_REGS_ABI_64 */};
    std::vector<uint64_t> registers(std::popcount(x86_64::kUserRegistersMask), 0);
    registers[x86_64::sampleIndexOf(x86_64::PerfSp, x86_64::kUserRegistersMask)] = 0x7ffd'0000'0000;
    registers[x86_64::kUserSampleIndexIp] = ip;
    words.insert(words.end(), registers.begin(), registers.end());
    for (uint64_t word : {8, 0, 8}) // the stack's size, its one word, its dynamic size
        words.push_back(word);
    const perf_event_header head{PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER,
                                 static_cast<uint16_t>(words.size() * 8)};
    std::memcpy(words.data(), &head, sizeof head);
    std::vector<uint8_t> bytes(words.size() * 8);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

// unwoundSampleAt with a kernel call chain of depth addresses before it (PERF_SAMPLE_CALLCHAIN comes after
// TID), as a DWARF sample taken in a system call records it.
std::vector<uint8_t> unwoundSampleInKernel(uint32_t pid, uint64_t ip, size_t depth) {
    const std::vector<uint8_t> plain = unwoundSampleAt(pid, ip);
    std::vector<uint64_t> chain{depth + 2, kKernelContext};
    for (size_t i = 0; i < depth; ++i)
        chain.push_back(0xffff'ffff'8100'0000 + 16 * i);
    chain.push_back(kUserContext);
    constexpr size_t kBeforeChain = 24; // header, ip, pid and tid
    std::vector<uint8_t> bytes(plain.size() + chain.size() * 8);
    std::memcpy(bytes.data(), plain.data(), kBeforeChain);
    std::memcpy(bytes.data() + kBeforeChain, chain.data(), chain.size() * 8);
    std::memcpy(bytes.data() + kBeforeChain + chain.size() * 8, plain.data() + kBeforeChain,
                plain.size() - kBeforeChain);
    const auto size = static_cast<uint16_t>(bytes.size());
    std::memcpy(bytes.data() + offsetof(perf_event_header, size), &size, sizeof size);
    return bytes;
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
        const std::vector<uint64_t> chain{kKernelContext, 0xffffffff81000010, kUserContext, 0x401020,
                                          0x401500};
        QVERIFY(!lookUp(cache, 7, chain, found));
        cache.store({42, true});
        QVERIFY(lookUp(cache, 7, chain, found));
        QCOMPARE(found.stack, StackId{42});
        QVERIFY(found.unmapped);
    }

    void everyPartOfTheKeyCounts() {
        StackCache cache;
        StackCache::Found found;
        const std::vector<uint64_t> chain{kUserContext, 0x401020, 0x401500};
        QVERIFY(!lookUp(cache, 7, chain, found));
        cache.store({1, false});
        QVERIFY(!lookUp(cache, 8, chain, found));                                   // another head
        QVERIFY(!lookUp(cache, 7, {kUserContext, 0x401020, 0x401501}, found));      // another address
        QVERIFY(!lookUp(cache, 7, {kUserContext, 0x401020}, found));                // shorter
        QVERIFY(!lookUp(cache, 7, {kUserContext, 0x401020, 0x401500, 0x0}, found)); // longer
        QVERIFY(!lookUp(cache, 7, {kKernelContext, 0x401020, 0x401500}, found));    // another context
        QVERIFY(lookUp(cache, 7, chain, found));
        QCOMPARE(found.stack, StackId{1});
    }

    void misalignedChains() {
        StackCache cache;
        StackCache::Found found;
        std::vector<uint8_t> bytes(8 * 3 + 1);
        const uint64_t words[3] = {kUserContext, 0x401020, 0x401500};
        std::memcpy(bytes.data() + 1, words, sizeof words);
        QVERIFY(!cache.find(3, UnalignedWords(bytes.data() + 1, 3), found));
        cache.store({9, false});
        QVERIFY(lookUp(cache, 3, {kUserContext, 0x401020, 0x401500}, found));
        QCOMPARE(found.stack, StackId{9});
    }

    void forgetDropsEverything() {
        StackCache cache;
        StackCache::Found found;
        for (uint64_t a = 0; a < 10; ++a) {
            const std::vector<uint64_t> chain{kUserContext, a}; // valid until store()
            QVERIFY(!lookUp(cache, 1, chain, found));
            cache.store({static_cast<StackId>(a), false});
        }
        cache.forget();
        for (uint64_t a = 0; a < 10; ++a)
            QVERIFY(!lookUp(cache, 1, {kUserContext, a}, found));
    }

    void collidingChainsReplaceEachOther() {
        StackCache cache(1); // one slot: every chain collides
        StackCache::Found found;
        const std::vector<uint64_t> first{0x10};
        const std::vector<uint64_t> second{0x20};
        QVERIFY(!lookUp(cache, 1, first, found));
        cache.store({1, false});
        QVERIFY(!lookUp(cache, 1, second, found));
        cache.store({2, false});
        QVERIFY(lookUp(cache, 1, {0x20}, found));
        QCOMPARE(found.stack, StackId{2});
        QVERIFY(!lookUp(cache, 1, {0x10}, found));
    }

    void twoWaysKeepTheRecentlyUsed() {
        StackCache cache(2); // one pair of slots: every chain falls in it
        StackCache::Found found;
        const std::vector<uint64_t> a{0x10}, b{0x20}, c{0x30};
        QVERIFY(!lookUp(cache, 1, a, found));
        cache.store({1, false});
        QVERIFY(!lookUp(cache, 1, b, found));
        cache.store({2, false});
        QVERIFY(lookUp(cache, 1, a, found)); // both kept; a is now the more recently used
        QVERIFY(lookUp(cache, 1, b, found));
        QVERIFY(lookUp(cache, 1, a, found));
        QVERIFY(!lookUp(cache, 1, c, found));
        cache.store({3, false}); // replaces b
        QVERIFY(lookUp(cache, 1, a, found));
        QCOMPARE(found.stack, StackId{1});
        QVERIFY(lookUp(cache, 1, c, found));
        QCOMPARE(found.stack, StackId{3});
        QVERIFY(!lookUp(cache, 1, b, found));
    }

    // It starts with few slots and doubles while a quarter of them are used, up to its maximum, keeping the
    // chains it holds.
    void growsUpToItsMaximumAndKeepsWhatItHolds() {
        StackCache cache(1024);
        StackCache::Found found;
        const size_t first = cache.slotCount();
        QVERIFY(first < 1024);
        for (uint64_t a = 0; a < 200; ++a) {
            const std::vector<uint64_t> chain{kUserContext, 0x400000 + a * 16, 0x401000};
            QVERIFY(!lookUp(cache, 1, chain, found));
            cache.store({static_cast<StackId>(a), false});
        }
        QVERIFY(cache.slotCount() > first);
        QVERIFY(cache.slotCount() <= 1024);
        size_t kept = 0;
        for (uint64_t a = 0; a < 200; ++a) {
            if (!lookUp(cache, 1, {kUserContext, 0x400000 + a * 16, 0x401000}, found)) continue;
            QCOMPARE(found.stack, static_cast<StackId>(a));
            ++kept;
        }
        QVERIFY(kept >= 180); // a few may have met a full pair
        for (uint64_t a = 0; a < 5000; ++a) {
            const std::vector<uint64_t> chain{kUserContext, a};
            if (!lookUp(cache, 2, chain, found)) cache.store({static_cast<StackId>(a), false});
        }
        QCOMPARE(cache.slotCount(), size_t{1024});
    }

    // The chains sit in one vector: replacing chains over and over does not make it grow without bound,
    // and what is found is still the stack stored with each chain, whatever its length.
    void replacedChainsAreCompacted() {
        StackCache cache(2); // one pair: every new chain replaces one
        StackCache::Found found;
        size_t largest = 0;
        for (uint64_t a = 0; a < 20000; ++a) {
            const std::vector<uint64_t> chain(1 + a % 7, 0x400000 + a);
            QVERIFY(!lookUp(cache, 1, chain, found));
            cache.store({static_cast<StackId>(a), a % 2 == 1});
            QVERIFY(lookUp(cache, 1, chain, found));
            QCOMPARE(found.stack, static_cast<StackId>(a));
            QCOMPARE(found.unmapped, a % 2 == 1);
            largest = std::max(largest, cache.entryWords());
        }
        QVERIFY(largest < 40000); // 20,000 chains of 1 to 7 words and 4 words of header each: 160,000
        const std::vector<uint64_t> last(1 + 19999 % 7, 0x400000 + 19999);
        QVERIFY(lookUp(cache, 1, last, found));
        QCOMPARE(found.stack, StackId{19999});
    }

    void theWholeStackIdComesBack() {
        StackCache cache;
        StackCache::Found found;
        const std::vector<uint64_t> chain{kUserContext, 0x401020};
        QVERIFY(!lookUp(cache, 5, chain, found));
        cache.store({StackId{0xFFFFFFFE}, false});
        QVERIFY(lookUp(cache, 5, chain, found));
        QCOMPARE(found.stack, StackId{0xFFFFFFFE});
        QVERIFY(!found.unmapped);
    }

    void forgetKeepsTheSlotsButNotTheChains() {
        StackCache cache;
        StackCache::Found found;
        for (uint64_t a = 0; a < 100; ++a) {
            const std::vector<uint64_t> chain{kUserContext, a};
            QVERIFY(!lookUp(cache, 1, chain, found));
            cache.store({static_cast<StackId>(a), false});
        }
        const size_t slotCount = cache.slotCount();
        cache.forget();
        QCOMPARE(cache.slotCount(), slotCount);
        for (uint64_t a = 0; a < 100; ++a)
            QVERIFY(!lookUp(cache, 1, {kUserContext, a}, found));
    }

    // The builder's use, for call chains and for unwound samples (DWARF mode: keyed by their addresses,
    // unwound pcs and how the unwinding ended): a repeated sample counts as unmapped (and broken) again, and
    // a mapping added afterwards names the same address in its module (the cache is forgotten when the maps
    // change).
    void builderForgetsWhenTheMapsChange_data() {
        QTest::addColumn<bool>("unwound");
        QTest::addColumn<quint64>("brokenStacks");
        QTest::newRow("call chain") << false << quint64{0};
        QTest::newRow("unwound") << true << quint64{3};
    }
    void builderForgetsWhenTheMapsChange() {
        QFETCH(bool, unwound);
        QFETCH(quint64, brokenStacks);
        ProfileBuilder builder{KernelSymbols{}};
        EventAttr event;
        event.attr.sample_type =
            PERF_SAMPLE_IP | PERF_SAMPLE_TID |
            (unwound ? PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER : PERF_SAMPLE_CALLCHAIN);
        event.attr.sample_regs_user = unwound ? x86_64::kUserRegistersMask : 0;
        event.attr.sample_stack_user = unwound ? 8 : 0;
        builder.setEvents({event});
        const auto sample = unwound ? unwoundSampleAt(10, 0x7000'1234) : sampleAt(10, 0x7000'1234);
        builder.addRecord(header(sample));
        builder.addRecord(header(sample));
        builder.addRecord(header(mappingOf(10, 0x7000'0000, "/nonexistent/libcached.so")));
        builder.addRecord(header(sample));
        const auto profile = builder.finish();
        QCOMPARE(profile->samples.size(), size_t{3});
        QCOMPARE(profile->diagnostics.brokenStacks, uint64_t{brokenStacks});
        QCOMPARE(profile->diagnostics.samplesWithUnmappedFrames, uint64_t{2});
        QCOMPARE(profile->samples.stack[0], profile->samples.stack[1]);
        const auto leafOf = [&](size_t i) {
            return profile->frames[profile->stacks[profile->samples.stack[i]].frame];
        };
        QCOMPARE(profile->modulePath(leafOf(1).module), std::string("[unknown]"));
        QCOMPARE(profile->modulePath(leafOf(2).module), std::string("/nonexistent/libcached.so"));
        QCOMPARE(leafOf(2).address, uint64_t{0x1234});
    }

    // Unwound samples under a deep kernel call chain are not kept (an unwound stack may have 1,024 pcs, so
    // the cache's memory is bounded as the kernel's 127-frame call chains bound it), shallow ones are; both
    // get their stacks.
    void deepUnwoundStacksAreNotKept() {
        ProfileBuilder builder{KernelSymbols{}};
        EventAttr event;
        event.attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CALLCHAIN |
                                 PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
        event.attr.sample_regs_user = x86_64::kUserRegistersMask;
        event.attr.sample_stack_user = 8;
        builder.setEvents({event});
        const auto deep = unwoundSampleInKernel(10, 0x7000'1234, 300);
        builder.addRecord(header(deep));
        builder.addRecord(header(deep));
        builder.unwindPending();
        QCOMPARE(builder.stackCacheWords(), size_t{0});
        const auto shallow = unwoundSampleInKernel(10, 0x7000'1234, 3);
        builder.addRecord(header(shallow));
        builder.unwindPending();
        QVERIFY(builder.stackCacheWords() > 0);
        const auto profile = builder.finish();
        QCOMPARE(profile->samples.size(), size_t{3});
        QCOMPARE(profile->samples.stack[0], profile->samples.stack[1]);
        QVERIFY(profile->samples.stack[2] != profile->samples.stack[0]);
        size_t depth = 0;
        for (StackId stack = profile->samples.stack[0]; stack != kNoStack;
             stack = profile->stacks[stack].parent)
            ++depth;
        QCOMPARE(depth, size_t{300 + 1 + 1}); // the kernel frames, the user pc and the broken-stack root
    }
};

QTEST_GUILESS_MAIN(TestStackCache)
#include "tst_stackcache.moc"
