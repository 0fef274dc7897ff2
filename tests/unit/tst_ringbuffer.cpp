// RingBuffer against a real perf fd: a one-page buffer that wraps around many times while drained, and one
// that overflows. Every record must be well formed, and samples plus lost samples must equal the kernel's
// count.
#include "base/PerfEventOpen.h"
#include "perfdata/PerfRecords.h"
#include "record/RingBuffer.h"

#include <QTest>

#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

using namespace perfglass;

namespace {

constexpr size_t kPages = 20000;
constexpr uint64_t kSampleSize = sizeof(perf_event_header) + 5 * 8; // IP, TID, TIME, ADDR, PERIOD

struct Tally {
    uint64_t samples = 0;
    uint64_t lost = 0;
    uint64_t lostRecords = 0;
    uint64_t bytes = 0;
    uint64_t malformed = 0;
    uint64_t outOfOrder = 0;
    uint64_t lastTime = 0;
    uint64_t inRegion = 0;
    uintptr_t regionStart = 0;
    uintptr_t regionEnd = 0;

    void operator()(const perf_event_header *record) {
        bytes += record->size;
        const auto *fields = reinterpret_cast<const uint64_t *>(record + 1);
        if (record->type == PERF_RECORD_SAMPLE) {
            if (record->size != kSampleSize) {
                ++malformed;
                return;
            }
            ++samples;
            const uint32_t pid = static_cast<uint32_t>(fields[1]);
            const uint64_t time = fields[2];
            const uint64_t addr = fields[3];
            const uint64_t period = fields[4];
            if (pid != static_cast<uint32_t>(::getpid()) || period != 1) ++malformed;
            if (time < lastTime) ++outOfOrder;
            lastTime = time;
            if (addr >= regionStart && addr < regionEnd) ++inRegion;
        } else if (record->type == PERF_RECORD_LOST) {
            const auto lostRecord = LostRecord::from(*record);
            if (!lostRecord || record->size != LostRecord::kMinSize) {
                ++malformed;
                return;
            }
            ++lostRecords;
            lost += (*lostRecord)->lost;
        } else {
            ++malformed;
        }
    }
};

FdOrErrno openPageFaults() {
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = PERF_COUNT_SW_PAGE_FAULTS;
    attr.sample_period = 1;
    attr.sample_type =
        PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_PERIOD;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    return perfEventOpen(attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

// Touches kPages fresh pages, calling between() after every step pages.
template <typename Between> void touchPages(Tally &tally, size_t step, Between between) {
    const size_t pageSize = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    void *region =
        ::mmap(nullptr, kPages * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    QVERIFY(region != MAP_FAILED);
    tally.regionStart = reinterpret_cast<uintptr_t>(region);
    tally.regionEnd = tally.regionStart + kPages * pageSize;
    auto *bytes = static_cast<volatile char *>(region);
    for (size_t page = 0; page < kPages; ++page) {
        bytes[page * pageSize] = 1;
        if ((page + 1) % step == 0) between();
    }
    ::munmap(region, kPages * pageSize);
}

uint64_t readCount(int fd) {
    uint64_t count = 0;
    return ::read(fd, &count, sizeof count) == sizeof count ? count : 0;
}

} // namespace

class TestRingBuffer : public QObject {
    Q_OBJECT

private slots:
    void drainsWrapAroundWithoutLoss() {
        const FdOrErrno opened = openPageFaults();
        if (!opened)
            QSKIP(qPrintable(QStringLiteral("perf_event_open refused: ") +
                             QString::fromLocal8Bit(std::strerror(opened.error()))));
        const int fd = opened->get();
        {
            RingBuffer buffer(fd, 1); // one data page: 4096 is no multiple of 48, so records cross the end
            Tally tally;
            QCOMPARE(::ioctl(fd, PERF_EVENT_IOC_ENABLE, 0), 0);
            touchPages(tally, 32, [&] { buffer.drainEach(tally); });
            QCOMPARE(::ioctl(fd, PERF_EVENT_IOC_DISABLE, 0), 0);
            buffer.drainEach(tally);
            QCOMPARE(buffer.pendingBytes(), uint64_t{0});
            const uint64_t count = readCount(fd);
            QCOMPARE(tally.malformed, uint64_t{0});
            QCOMPARE(tally.outOfOrder, uint64_t{0});
            QVERIFY2(tally.bytes > 100 * buffer.dataSize(), "the buffer must have wrapped around many times");
            QCOMPARE(tally.samples + tally.lost, count);
            QVERIFY(tally.inRegion >= kPages - tally.lost);
        }
    }

    void overflowIsCountedAsLost() {
        const FdOrErrno opened = openPageFaults();
        if (!opened) QSKIP("perf_event_open refused");
        const int fd = opened->get();
        {
            RingBuffer buffer(fd, 1);
            Tally tally;
            QCOMPARE(::ioctl(fd, PERF_EVENT_IOC_ENABLE, 0), 0);
            // Not drained until the end: the buffer fills and the kernel drops samples.
            touchPages(tally, kPages, [] {});
            // The std::function overload drains the same way.
            buffer.drain([&tally](const perf_event_header *record) { tally(record); });
            // The kernel reports what it dropped (PERF_RECORD_LOST) once there is room again.
            touchPages(tally, 32, [&] { buffer.drainEach(tally); });
            QCOMPARE(::ioctl(fd, PERF_EVENT_IOC_DISABLE, 0), 0);
            buffer.drainEach(tally);
            const uint64_t count = readCount(fd);
            QCOMPARE(tally.malformed, uint64_t{0});
            QVERIFY(tally.lostRecords >= 1);
            QVERIFY(tally.lost > 0);
            QCOMPARE(tally.samples + tally.lost, count);
        }
    }
};

QTEST_GUILESS_MAIN(TestRingBuffer)
#include "tst_ringbuffer.moc"
