// ChunkedTable, ChunkedText and StringTable (core/base/): a copy shares the chunks of the table it was made
// from and reads what it held when it was made, whatever either table does afterwards: the original appends
// past the copy's end in place, a copy that appends or changes an item takes its own chunk first.
#include "base/ChunkedTable.h"
#include "base/StringTable.h"

#include <QtTest>

#include <algorithm>
#include <memory>
#include <string>

using namespace perfglass;

namespace {

using Table = ChunkedTable<uint64_t>;
constexpr size_t kChunk = Table::kChunkSize;

Table countingTo(size_t count) {
    Table table;
    for (size_t i = 0; i < count; ++i)
        table.push_back(i);
    return table;
}

bool holdsCountTo(const Table &table, size_t count) {
    if (table.size() != count) return false;
    for (size_t i = 0; i < count; ++i)
        if (table[i] != i) return false;
    return std::equal(table.begin(), table.end(), countingTo(count).begin());
}

} // namespace

class TestChunkedTable : public QObject {
    Q_OBJECT
private slots:
    void copySharesEveryChunk() {
        const Table original = countingTo(2 * kChunk + 10);
        const Table copy =
            original; // NOLINT(performance-unnecessary-copy-initialization): the copy is tested
        QCOMPARE(copy.chunkCount(), size_t{3});
        for (size_t chunk = 0; chunk < 3; ++chunk)
            QVERIFY(copy.sharesChunk(original, chunk));
        QVERIFY(holdsCountTo(copy, 2 * kChunk + 10));
    }

    // The original goes on appending into the chunk the copy shares (without copying it) and past it; the
    // copy still reads what it held.
    void originalAppendsPastTheCopy() {
        Table original = countingTo(kChunk + 10);
        const Table copy = original;
        for (size_t i = kChunk + 10; i < 3 * kChunk; ++i)
            original.push_back(i);
        QVERIFY(original.sharesChunk(copy, 1)); // appended in place
        QVERIFY(holdsCountTo(copy, kChunk + 10));
        QVERIFY(holdsCountTo(original, 3 * kChunk));
    }

    // A copy that appends takes its own copy of the last chunk: the original's items after the copy's end are
    // not overwritten, nor the copy's by the original's.
    void copyAppendsToItsOwnChunk() {
        Table original = countingTo(kChunk + 10);
        Table copy = original;
        copy.push_back(999);
        QVERIFY(copy.sharesChunk(original, 0));
        QVERIFY(!copy.sharesChunk(original, 1));
        original.push_back(kChunk + 10);
        QCOMPARE(copy[kChunk + 10], uint64_t{999});
        QCOMPARE(original[kChunk + 10], uint64_t{kChunk + 10});
        Table assigned;
        assigned = original;
        assigned.push_back(777);
        QCOMPARE(original.size(), kChunk + 11);
        QVERIFY(holdsCountTo(original, kChunk + 11));
    }

    // Changing an item of a shared chunk changes a copy of the chunk; the other table keeps the old value.
    void editCopiesASharedChunk() {
        Table original = countingTo(2 * kChunk);
        const Table copy = original;
        original.edit(5) = 500;
        QCOMPARE(original[5], uint64_t{500});
        QCOMPARE(copy[5], uint64_t{5});
        QVERIFY(!original.sharesChunk(copy, 0));
        QVERIFY(original.sharesChunk(copy, 1));
        original.edit(6) = 600; // the chunk is the original's own now
        QCOMPARE(copy[6], uint64_t{6});
        Table later = original;
        original.editBack() = 1;
        QCOMPARE(later.back(), uint64_t{2 * kChunk - 1});
        QCOMPARE(original.back(), uint64_t{1});
    }

    // A table cut short and grown again writes a copy of the chunk it shares, not the items a copy still has.
    void shrunkTableDoesNotOverwriteACopy() {
        Table original = countingTo(kChunk + 10);
        const Table copy = original;
        original.resize(kChunk + 5);
        original.push_back(12345);
        QVERIFY(holdsCountTo(copy, kChunk + 10));
        QCOMPARE(original[kChunk + 5], uint64_t{12345});
        QCOMPARE(original.size(), kChunk + 6);
        original.resize(3);
        QCOMPARE(original.chunkCount(), size_t{1});
        QVERIFY(holdsCountTo(original, 3));
    }

    void movedTableKeepsItsItems() {
        Table original = countingTo(kChunk + 3);
        const Table copy = original;
        Table moved = std::move(original);
        moved.push_back(kChunk + 3);
        QVERIFY(moved.sharesChunk(copy, 1)); // the moved table appends in place, as the original did
        QVERIFY(holdsCountTo(moved, kChunk + 4));
        QVERIFY(holdsCountTo(copy, kChunk + 3));
    }

    void appendFillsChunkByChunk() {
        Table table = countingTo(kChunk - 2);
        std::vector<uint64_t> more;
        for (size_t i = kChunk - 2; i < 3 * kChunk + 7; ++i)
            more.push_back(i);
        const Table copy = table;
        table.append(more);
        QVERIFY(holdsCountTo(table, 3 * kChunk + 7));
        QVERIFY(holdsCountTo(copy, kChunk - 2));
        QCOMPARE(table.chunkCount(), size_t{4});
    }

    // A run of text lies in one chunk, whole, so that it reads as one string_view.
    void textRunsStayInOneChunk() {
        ChunkedText text;
        const std::string first(ChunkedText::kMaxRun - 10, 'a');
        const std::string second(20, 'b');
        const uint32_t at = text.append(first);
        const uint32_t next = text.append(second);
        QCOMPARE(at, uint32_t{0});
        QCOMPARE(next, uint32_t{ChunkedText::kMaxRun}); // it would not fit after the first
        QCOMPARE(text.run(at, static_cast<uint32_t>(first.size())), std::string_view(first));
        QCOMPARE(text.run(next, 20), std::string_view(second));
        const ChunkedText copy = text;
        const std::string tooLong(ChunkedText::kMaxRun + 5, 'c');
        const uint32_t cut = text.append(tooLong);
        QCOMPARE(text.run(cut, ChunkedText::kMaxRun),
                 std::string_view(tooLong).substr(0, ChunkedText::kMaxRun));
        QCOMPARE(copy.run(next, 20), std::string_view(second));
        QCOMPARE(copy.size(), size_t{ChunkedText::kMaxRun + 20});
    }

    // A copied StringTable shares the strings; interning into it (which builds its own index) finds the ones
    // it has and adds new ones without touching the original, and it outlives the original.
    void copiedStringTableInterns() {
        auto original = std::make_unique<StringTable>();
        for (int i = 0; i < 3000; ++i)
            original->intern("name " + std::to_string(i));
        StringTable copy = *original;
        QCOMPARE(copy.size(), original->size());
        QVERIFY(copy.strings().sharesChunk(original->strings(), 0));
        QCOMPARE(copy.intern("name 17"), original->intern("name 17"));
        const StringId added = copy.intern("only in the copy");
        QCOMPARE(added, static_cast<StringId>(original->size()));
        const StringId inOriginal = original->intern("only in the original");
        QCOMPARE(inOriginal, added);
        QCOMPARE(copy[added], std::string("only in the copy"));
        QCOMPARE((*original)[inOriginal], std::string("only in the original"));
        original.reset(); // the copy's index must not point into the original's last chunk
        QCOMPARE(copy.intern("name 2999"), StringId{3000});
        QCOMPARE(copy.intern("only in the copy"), added);
        QCOMPARE(copy.intern(""), StringId{0});
        StringTable assigned;
        assigned = copy;
        QCOMPARE(assigned.intern("name 5"), StringId{6});
        QCOMPARE(assigned.intern("new"), static_cast<StringId>(copy.size()));
    }
};

QTEST_GUILESS_MAIN(TestChunkedTable)
#include "tst_chunkedtable.moc"
