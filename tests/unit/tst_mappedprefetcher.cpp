// MappedPrefetcher (core/perfdata/): it maps the pages of a file mapping into the page tables a window ahead
// of the reader, not beyond that window, and not behind a reader that overtook it. Page-table presence is
// read from /proc/self/pagemap (bit 63), which needs no privilege.
#include "PagePresence.h"
#include "perfdata/MappedPrefetcher.h"

#include <QtTest>

#include <sys/mman.h>

#include <cstdio>

using namespace perfglass;

namespace {

constexpr size_t kMiB = size_t{1} << 20;

// A file of size bytes with data in every page (a hole may be mapped differently).
bool fill(QTemporaryFile &file, size_t size) {
    if (!file.open()) return false;
    const QByteArray chunk(static_cast<qsizetype>(kMiB), 'x');
    for (size_t done = 0; done < size; done += kMiB)
        if (file.write(chunk) != chunk.size()) return false;
    return file.flush();
}

} // namespace

class TestMappedPrefetcher : public QObject {
    Q_OBJECT

private slots:
    void mapsAWindowAheadOfTheReader() {
        QTemporaryFile file;
        const size_t size = 4 * MappedPrefetcher::kAhead;
        QVERIFY(fill(file, size));
        void *map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.handle(), 0);
        QVERIFY(map != MAP_FAILED);
        const auto *begin = static_cast<const uint8_t *>(map);
        {
            MappedPrefetcher prefetcher(begin, size);
            QTRY_COMPARE(prefetcher.populated(), MappedPrefetcher::kAhead);
            QVERIFY(pagePresent(begin));
            QVERIFY(pagePresent(begin + MappedPrefetcher::kAhead - 1));
            QVERIFY(!pagePresent(begin + 2 * MappedPrefetcher::kAhead)); // not beyond the window

            // The reader overtook the prefetcher: the pages it passed are not mapped again.
            const size_t reader = 2 * MappedPrefetcher::kAhead;
            prefetcher.readerAt(reader);
            QTRY_COMPARE(prefetcher.populated(), reader + MappedPrefetcher::kAhead);
            QVERIFY(!pagePresent(begin + MappedPrefetcher::kAhead + MappedPrefetcher::kStep / 2));
            QVERIFY(pagePresent(begin + reader + MappedPrefetcher::kAhead - 1));

            // The pages the reader no longer holds are dropped from the page tables.
            prefetcher.dropBefore(reader);
            QTRY_VERIFY(!pagePresent(begin));
            QVERIFY(!pagePresent(begin + MappedPrefetcher::kAhead - 1));
            QVERIFY(pagePresent(begin + reader + MappedPrefetcher::kAhead - 1));

            prefetcher.readerAt(size - MappedPrefetcher::kAhead); // the window ends with the mapping
            QTRY_COMPARE(prefetcher.populated(), size);
        }
        ::munmap(map, size);
    }

    void stopsWhileWaiting() {
        QTemporaryFile file;
        const size_t size = 3 * MappedPrefetcher::kAhead;
        QVERIFY(fill(file, size));
        void *map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, file.handle(), 0);
        QVERIFY(map != MAP_FAILED);
        {
            MappedPrefetcher prefetcher(static_cast<const uint8_t *>(map), size);
            QTRY_COMPARE(prefetcher.populated(), MappedPrefetcher::kAhead);
        } // the destructor wakes and joins the waiting thread
        ::munmap(map, size);
    }
};

QTEST_APPLESS_MAIN(TestMappedPrefetcher)
#include "tst_mappedprefetcher.moc"
