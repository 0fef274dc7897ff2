// ParallelUnwinder: with workers, a caller waiting for a batch unwinds the jobs nobody took yet instead of
// idling while the workers are busy; every job of every batch is unwound once, on one thread or the other;
// with one thread the caller unwinds everything itself; by default one thread per CPU of the affinity mask.
#include "base/X86_64Registers.h"
#include "unwind/ParallelUnwinder.h"

#include <QtTest>

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

using namespace perfglass;

namespace {

constexpr uint64_t kRegisterMask = uint64_t{1} << x86_64::PerfSp | uint64_t{1} << x86_64::PerfIp;

// Jobs whose ip says their index: each unwinds to its one pc, since locate finds no code there.
struct Jobs {
    std::deque<std::vector<uint64_t>> registers; // sp, ip of each job; a deque keeps them where they are
    std::vector<UnwindJob> jobs;

    explicit Jobs(size_t count, uint64_t firstIndex) {
        jobs.resize(count);
        for (size_t i = 0; i < count; ++i) {
            registers.push_back({0x7ffd'0000'0000, 0x1000 + firstIndex + i});
            jobs[i].pid = 1;
            jobs[i].registerMask = kRegisterMask;
            jobs[i].registers = UnalignedWords(registers.back());
        }
    }
    bool eachUnwoundToItsIp() const {
        for (size_t i = 0; i < jobs.size(); ++i)
            if (jobs[i].pcs.size() != 1 || jobs[i].pcs[0] != registers[i][1] ||
                jobs[i].end != UnwindEnd::Unmapped)
                return false;
        return true;
    }
};

// Counts the jobs each thread unwinds (the factory is asked once per job). The worker's first job waits
// until the caller has unwound one, or five seconds, so that a caller that only waits fails the test
// instead of hanging it.
struct ThreadCounts {
    std::mutex mutex;
    std::condition_variable changed;
    int byCaller = 0;
    int byWorkers = 0;
    bool workerWaited = false;

    ParallelUnwinder::LocateFactory factory() {
        return [this](uint32_t, uint64_t, unsigned thread) -> DwarfUnwinder::Locate {
            std::unique_lock lock(mutex);
            if (thread == 0) {
                ++byCaller;
                changed.notify_all();
            } else {
                if (!workerWaited) {
                    workerWaited = true;
                    changed.wait_for(lock, std::chrono::seconds(5), [this] { return byCaller > 0; });
                }
                ++byWorkers;
            }
            return [](uint64_t, CodeLocation &) { return false; };
        };
    }
};

} // namespace

class TestParallelUnwinder : public QObject {
    Q_OBJECT
private slots:
    void callerTakesTheJobsWorkersLeft() {
        ParallelUnwinder unwinder(2); // the caller and one worker
        QCOMPARE(unwinder.threadCount(), 2u);
        ThreadCounts counts;
        const auto factory = counts.factory();
        std::deque<Jobs> batches; // a deque: the jobs must stay where they are
        for (uint64_t b = 0; b < 3; ++b)
            batches.emplace_back(64, b * 64);
        ParallelUnwinder::Ticket last = 0;
        for (Jobs &batch : batches)
            last = unwinder.submit(batch.jobs, factory);
        unwinder.waitFor(last);
        QVERIFY(unwinder.done(last));
        for (const Jobs &batch : batches)
            QVERIFY(batch.eachUnwoundToItsIp());
        const std::lock_guard lock(counts.mutex);
        QVERIFY2(counts.byCaller > 0, "the caller only waited");
        QCOMPARE(counts.byCaller + counts.byWorkers, 3 * 64);
    }

    void callerTakesNoJobOfLaterBatches() {
        // Waiting for the first batch, the caller may help with it only: later batches stay the workers'.
        ParallelUnwinder unwinder(2);
        ThreadCounts counts;
        const auto factory = counts.factory();
        Jobs first(64, 0), second(64, 64);
        const auto ticket = unwinder.submit(first.jobs, factory);
        unwinder.submit(second.jobs, factory);
        unwinder.waitFor(ticket);
        QVERIFY(first.eachUnwoundToItsIp());
        {
            const std::lock_guard lock(counts.mutex);
            QVERIFY(counts.byCaller > 0 && counts.byCaller <= 64);
        }
        unwinder.waitFor(ticket + 1);
        QVERIFY(second.eachUnwoundToItsIp());
    }

    void oneThreadUnwindsOnTheCaller() {
        ParallelUnwinder unwinder(1);
        ThreadCounts counts;
        const auto factory = counts.factory();
        Jobs jobs(40, 0);
        unwinder.waitFor(unwinder.submit(jobs.jobs, factory));
        QVERIFY(jobs.eachUnwoundToItsIp());
        QCOMPARE(counts.byCaller, 40);
        QCOMPARE(counts.byWorkers, 0);
    }

    void theDefaultCountsTheCpusThisThreadMayRunOn() {
        cpu_set_t saved;
        QCOMPARE(::sched_getaffinity(0, sizeof saved, &saved), 0);
        cpu_set_t one;
        CPU_ZERO(&one);
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &saved)) {
                CPU_SET(cpu, &one); // the first CPU this test may use: as `taskset -c N` would leave it
                break;
            }
        QCOMPARE(::sched_setaffinity(0, sizeof one, &one), 0);
        const unsigned onOne = ParallelUnwinder::threadsFor(0);
        QCOMPARE(::sched_setaffinity(0, sizeof saved, &saved), 0);
        QCOMPARE(onOne, 1U);
        QCOMPARE(ParallelUnwinder::threadsFor(0), std::min(static_cast<unsigned>(CPU_COUNT(&saved)), 8U));
        QCOMPARE(ParallelUnwinder::threadsFor(3), 3U);
    }
};

QTEST_APPLESS_MAIN(TestParallelUnwinder)
#include "tst_parallelunwinder.moc"
