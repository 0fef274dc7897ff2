#include "analysis/AggregationRunner.h"

#include "base/CpuTopology.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

namespace perfglass {

unsigned AggregationRunner::workerCount(size_t count, const AggregationControl &control) {
    const unsigned cores = cpusAvailable(); // of the affinity mask: taskset and cpusets count
    const unsigned wanted = control.threads > 0 ? control.threads : std::min(cores, 8u);
    const size_t useful = std::max<size_t>(1, count / kMinItemsPerWorker);
    return static_cast<unsigned>(std::min<size_t>(wanted, useful));
}

void AggregationRunner::forEachBlock(size_t count, const AggregationControl &control, const Work &work) {
    const unsigned workers = workerCount(count, control);
    std::atomic<size_t> done{0};
    std::atomic<bool> stopped{false};
    std::exception_ptr failure;
    std::mutex failureMutex;

    const auto runRange = [&](unsigned worker) {
        const size_t begin = count * worker / workers;
        const size_t end = count * (worker + 1) / workers;
        try {
            for (size_t block = begin; block < end; block += kBlockSize) {
                if (stopped.load(std::memory_order_relaxed)) return;
                if (control.cancelled()) {
                    stopped = true;
                    return;
                }
                const size_t blockEnd = std::min(end, block + kBlockSize);
                work(worker, block, blockEnd);
                const size_t total = done.fetch_add(blockEnd - block) + (blockEnd - block);
                if (worker == 0 && control.progress)
                    control.progress(count == 0 ? 1.0 : double(total) / count);
            }
        } catch (...) {
            const std::lock_guard lock(failureMutex);
            if (!failure) failure = std::current_exception();
            stopped = true;
        }
    };
    {
        std::vector<std::jthread> threads;
        threads.reserve(workers > 0 ? workers - 1 : 0);
        for (unsigned worker = 1; worker < workers; ++worker)
            threads.emplace_back(runRange, worker);
        runRange(0);
    } // joins
    if (failure) std::rethrow_exception(failure);
    if (stopped || control.cancelled()) throw Cancelled();
    if (control.progress) control.progress(1.0);
}

} // namespace perfglass
