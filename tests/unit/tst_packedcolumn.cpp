// PackedColumn and PackedWords (core/profile/): the sample table's compact columns give back exactly what was
// stored, in every encoding, across chunk borders, after rewrites and copies; and they are as small as said.
#include "profile/PackedColumn.h"
#include "profile/Profile.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <random>

using namespace perfglass;

namespace {

constexpr size_t kChunk = PackedWords::kChunkSize;

template <typename T> void compareAll(const PackedColumn<T> &column, const std::vector<T> &expected) {
    QCOMPARE(column.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        if (column[i] != expected[i])
            QFAIL(qPrintable(QStringLiteral("value %1: %2, expected %3")
                                 .arg(i)
                                 .arg(static_cast<qulonglong>(column[i]))
                                 .arg(static_cast<qulonglong>(expected[i]))));
    QVERIFY(std::equal(column.begin(), column.end(), expected.begin(), expected.end()));
}

template <typename T> PackedColumn<T> columnOf(const std::vector<T> &values) {
    PackedColumn<T> column;
    for (T value : values)
        column.push_back(value);
    return column;
}

} // namespace

class TestPackedColumn : public QObject {
    Q_OBJECT
private slots:
    void emptyColumn();
    void constantChunksTakeNoBytes();
    void timesAreOffsetsFromTheChunksSmallest();
    void offsetWidths();
    void extremeValuesRoundTrip();
    void unorderedValuesRoundTrip();
    void fewDistinctValuesAreADictionary();
    void manyDistinctValuesAreOffsets();
    void partialLastChunk();
    void pushAfterShrinkReopensTheLastChunk();
    void setRewritesSealedAndOpenValues();
    void lastValueIsAssignable();
    void copiesAreIndependent();
    void iteratorsWorkWithAlgorithms();
    void randomValuesRoundTrip();
    void distinctValuesOfEachChunk();
    void sampleTableBytesPerSample();
};

void TestPackedColumn::emptyColumn() {
    PackedColumn<uint32_t> column;
    QVERIFY(column.empty());
    QCOMPARE(column.size(), size_t{0});
    QVERIFY(column.begin() == column.end());
    column.shrink_to_fit();
    QCOMPARE(column.size(), size_t{0});
    column.push_back(5);
    QCOMPARE(column[0], 5u);
}

void TestPackedColumn::constantChunksTakeNoBytes() {
    const std::vector<uint64_t> values(3 * kChunk, 250000);
    PackedColumn<uint64_t> column = columnOf(values);
    column.shrink_to_fit();
    compareAll(column, values);
    QCOMPARE(column.words().sealedChunks(), size_t{3});
    for (size_t c = 0; c < 3; ++c) {
        QCOMPARE(column.words().encodingOf(c), PackedWords::Encoding::Constant);
        QCOMPARE(column.words().widthOf(c), 0u);
    }
    QVERIFY(column.memoryBytes() < 1024);
}

void TestPackedColumn::timesAreOffsetsFromTheChunksSmallest() {
    std::vector<uint64_t> values;
    uint64_t time = 1'700'000'000'000'000'000ULL; // nanoseconds since boot can be this large
    for (size_t i = 0; i < 2 * kChunk; ++i) {
        time += 200'000 + (i * 7919) % 100'000; // 4 to 5 kHz
        values.push_back(time);
    }
    const PackedColumn<uint64_t> column = columnOf(values);
    compareAll(column, values);
    QCOMPARE(column.words().encodingOf(0), PackedWords::Encoding::Offsets);
    QCOMPARE(column.words().widthOf(0), 4u); // 4096 samples span ~1 s: 32-bit offsets
}

void TestPackedColumn::offsetWidths() {
    const std::vector<std::pair<uint64_t, unsigned>> ranges = {
        {0xff, 1}, {0x100, 2}, {0xffff, 2}, {0x10000, 4}, {0xffffffffULL, 4}, {0x100000000ULL, 8}};
    for (const auto &[range, width] : ranges) {
        std::vector<uint64_t> values;
        for (size_t i = 0; i < kChunk; ++i) // more than 256 distinct values: never a dictionary
            values.push_back(1000 + (i == kChunk - 1 ? range : (i * range) / kChunk));
        const PackedColumn<uint64_t> column = columnOf(values);
        compareAll(column, values);
        QCOMPARE(column.words().encodingOf(0), PackedWords::Encoding::Offsets);
        QCOMPARE(column.words().widthOf(0), width);
    }
}

void TestPackedColumn::extremeValuesRoundTrip() {
    const uint64_t max = std::numeric_limits<uint64_t>::max();
    std::vector<uint64_t> values;
    for (size_t i = 0; i < kChunk + 10; ++i)
        values.push_back(i % 3 == 0 ? 0 : i % 3 == 1 ? max : max - i);
    PackedColumn<uint64_t> column = columnOf(values);
    column.shrink_to_fit();
    compareAll(column, values);
    const std::vector<uint32_t> ids = {0, std::numeric_limits<uint32_t>::max(), kNoStack, 1, 0};
    compareAll(columnOf(ids), ids);
}

void TestPackedColumn::unorderedValuesRoundTrip() {
    // Values below the chunk's first value (stack ids out of order, times that go back).
    std::vector<uint32_t> values;
    for (size_t i = 0; i < 3 * kChunk; ++i)
        values.push_back(static_cast<uint32_t>(100000 - (i * 37) % 99991));
    compareAll(columnOf(values), values);
}

void TestPackedColumn::fewDistinctValuesAreADictionary() {
    // System-wide: 200 threads with pids all over the range, taking turns.
    std::vector<uint32_t> values;
    for (size_t i = 0; i < 2 * kChunk + 5; ++i)
        values.push_back(static_cast<uint32_t>(1 + ((i * 13) % 200) * 20011));
    PackedColumn<uint32_t> column = columnOf(values);
    column.shrink_to_fit();
    compareAll(column, values);
    QCOMPARE(column.words().encodingOf(0), PackedWords::Encoding::Dictionary);
    QCOMPARE(column.words().widthOf(0), 1u);
    // The last chunk of 5 values: offsets (4 bytes each) are smaller than 5 bytes plus a dictionary of 5.
    QCOMPARE(column.words().encodingOf(2), PackedWords::Encoding::Offsets);
}

void TestPackedColumn::manyDistinctValuesAreOffsets() {
    // Exactly 256 distinct values still fit a dictionary, 257 do not.
    for (const size_t distinct : {size_t{256}, size_t{257}}) {
        std::vector<uint32_t> values;
        for (size_t i = 0; i < kChunk; ++i)
            values.push_back(static_cast<uint32_t>((i % distinct) * 1000));
        const PackedColumn<uint32_t> column = columnOf(values);
        compareAll(column, values);
        QCOMPARE(column.words().encodingOf(0),
                 distinct == 256 ? PackedWords::Encoding::Dictionary : PackedWords::Encoding::Offsets);
    }
}

void TestPackedColumn::partialLastChunk() {
    for (const size_t count : {size_t{1}, kChunk - 1, kChunk, kChunk + 1, 5 * kChunk - 3}) {
        std::vector<uint16_t> values;
        for (size_t i = 0; i < count; ++i)
            values.push_back(static_cast<uint16_t>(i % 5));
        PackedColumn<uint16_t> column = columnOf(values);
        compareAll(column, values);
        column.shrink_to_fit();
        compareAll(column, values);
        QCOMPARE(column.words().sealedChunks(), (count + kChunk - 1) / kChunk);
    }
}

void TestPackedColumn::pushAfterShrinkReopensTheLastChunk() {
    std::vector<uint64_t> values;
    PackedColumn<uint64_t> column;
    for (size_t round = 0; round < 3; ++round) {
        for (size_t i = 0; i < kChunk / 2 + 7; ++i) {
            values.push_back(round * 1'000'000 + i * 3);
            column.push_back(values.back());
        }
        column.shrink_to_fit();
        compareAll(column, values);
    }
    QCOMPARE(column.words().sealedChunks(), (values.size() + kChunk - 1) / kChunk);
}

void TestPackedColumn::setRewritesSealedAndOpenValues() {
    std::vector<uint32_t> values(2 * kChunk + 10, 7);
    PackedColumn<uint32_t> column = columnOf(values);
    QCOMPARE(column.words().encodingOf(0), PackedWords::Encoding::Constant);
    values[5] = 123456789;       // a sealed constant chunk widens
    values[kChunk + 1] = 0;      // below the base
    values[2 * kChunk + 3] = 99; // the open chunk
    column.set(5, values[5]);
    column.set(kChunk + 1, values[kChunk + 1]);
    column.set(2 * kChunk + 3, values[2 * kChunk + 3]);
    compareAll(column, values);
    QCOMPARE(column.words().encodingOf(0), PackedWords::Encoding::Dictionary); // 7 and 123456789
}

void TestPackedColumn::lastValueIsAssignable() {
    PackedColumn<uint32_t> column{1, 2, 3};
    column.back() = 42;
    QCOMPARE(column[2], 42u);
    const uint32_t last = column.back();
    QCOMPARE(last, 42u);
    column.assign(kChunk + 2, 9);
    column.shrink_to_fit();
    column.back() = 10; // in a sealed, partly filled chunk
    QCOMPARE(column[kChunk + 1], 10u);
    QCOMPARE(column[kChunk], 9u);
    QCOMPARE(column.size(), kChunk + 2);
}

void TestPackedColumn::copiesAreIndependent() {
    std::vector<uint64_t> values;
    for (size_t i = 0; i < kChunk + 100; ++i)
        values.push_back(i * i);
    PackedColumn<uint64_t> column = columnOf(values);
    const PackedColumn<uint64_t> copy = column;
    column.set(0, 77);
    column.push_back(5);
    compareAll(copy, values);
    QCOMPARE(column[0], uint64_t{77});
    QCOMPARE(column.size(), values.size() + 1);
}

void TestPackedColumn::iteratorsWorkWithAlgorithms() {
    const std::vector<uint64_t> values = {50, 10, 90, 30, 70};
    const PackedColumn<uint64_t> column = columnOf(values);
    QCOMPARE(*std::min_element(column.begin(), column.end()), uint64_t{10});
    QCOMPARE(*std::max_element(column.begin(), column.end()), uint64_t{90});
    QVERIFY(std::any_of(column.begin(), column.end(), [](uint64_t v) { return v == 30; }));
    QCOMPARE(column.end() - column.begin(), std::ptrdiff_t{5});
    QCOMPARE(column.begin()[2], uint64_t{90});
    const std::vector<uint64_t> copy = column;
    QCOMPARE(copy, values);
    uint64_t sum = 0;
    for (uint64_t v : column)
        sum += v;
    QCOMPARE(sum, uint64_t{250});
}

void TestPackedColumn::randomValuesRoundTrip() {
    std::mt19937_64 random(16);
    std::vector<uint64_t> values;
    PackedColumn<uint64_t> column;
    for (size_t i = 0; i < 7 * kChunk + 123; ++i) {
        // Stretches of constant, small-range, few-distinct and full-range values.
        const size_t kind = (i / 1000) % 4;
        const uint64_t value = kind == 0   ? 42
                               : kind == 1 ? 1'000'000 + random() % 60'000
                               : kind == 2 ? (random() % 17) << 40
                                           : random();
        values.push_back(value);
        column.push_back(value);
    }
    compareAll(column, values);
    column.shrink_to_fit();
    compareAll(column, values);
}

// forEachValueOncePerChunk gives, for each chunk from any index on, exactly the distinct values the chunk
// holds from there: constant chunks, one-byte offsets, dictionaries, wider offsets, the open chunk, a partial
// last chunk after shrink_to_fit, and a start inside a chunk.
void TestPackedColumn::distinctValuesOfEachChunk() {
    std::mt19937_64 random(23);
    std::vector<uint64_t> values;
    PackedColumn<uint64_t> column;
    for (size_t i = 0; i < 9 * kChunk + 777; ++i) {
        const size_t kind = (i / kChunk) % 5;
        const uint64_t value = kind == 0   ? 7
                               : kind == 1 ? 4242 + random() % 3           // one-byte offsets
                               : kind == 2 ? (random() % 5) << 33          // a dictionary
                               : kind == 3 ? 1'000'000 + random() % 60'000 // two-byte offsets
                                           : 100 + (random() % 2) * 200;   // one-byte offsets, far apart
        values.push_back(value);
        column.push_back(value);
    }
    const auto check = [&](size_t from) {
        std::vector<std::pair<size_t, uint64_t>> expected; // (chunk, value), each once
        for (size_t i = from; i < values.size(); ++i)
            expected.emplace_back(i / kChunk, values[i]);
        std::sort(expected.begin(), expected.end());
        expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
        std::vector<uint64_t> expectedValues;
        for (const auto &entry : expected)
            expectedValues.push_back(entry.second);
        std::vector<uint64_t> got;
        column.forEachValueOncePerChunk(from, [&got](uint64_t value) { got.push_back(value); });
        std::sort(got.begin(), got.end());
        std::sort(expectedValues.begin(), expectedValues.end());
        QCOMPARE(got, expectedValues);
    };
    for (const size_t from : {size_t{0}, size_t{1}, kChunk - 1, kChunk, 3 * kChunk + 5, 9 * kChunk + 10,
                              values.size(), values.size() + 3})
        check(from);
    column.shrink_to_fit(); // the last chunk sealed though partial
    check(0);
    check(9 * kChunk + 100);
}

void TestPackedColumn::sampleTableBytesPerSample() {
    // One process, 4 threads on 2 CPUs, cpu-clock at ~4 kHz with a period that varies, 3000 stacks: the
    // table costs at most 12 bytes per sample (34 as plain vectors).
    SampleTable samples;
    std::mt19937 random(4);
    const size_t count = 50 * kChunk;
    uint64_t time = 5'000'000'000'000ULL;
    for (size_t i = 0; i < count; ++i) {
        time += 240'000 + random() % 20'000;
        samples.time.push_back(time);
        samples.pid.push_back(4242);
        samples.tid.push_back(4242 + random() % 4);
        samples.cpu.push_back(random() % 2);
        samples.event.push_back(0);
        samples.period.push_back(250'000 + random() % 4000);
        samples.stack.push_back(random() % 3000);
    }
    samples.shrinkToFit();
    QCOMPARE(samples.size(), count);
    const double perSample = static_cast<double>(samples.memoryBytes()) / static_cast<double>(count);
    qInfo("sample table: %.2f bytes per sample", perSample);
    QVERIFY2(perSample <= 12.0, qPrintable(QString::number(perSample)));
}

QTEST_GUILESS_MAIN(TestPackedColumn)
#include "tst_packedcolumn.moc"
