// How aggregations run: split the sample table into ranges over a few std::jthreads, stop when cancelled,
// report progress. Aggregations take an AggregationControl; the default runs on all cores without progress.
#pragma once

#include "base/Cancellation.h"

#include <cstddef>
#include <functional>
#include <stop_token>

namespace perfglass {

struct AggregationControl {
    std::stop_token stop; // request_stop() on its source cancels: the aggregation throws Cancelled
    // Called now and then with the fraction done (0..1), on the thread that called the aggregation.
    std::function<void(double)> progress;
    unsigned threads = 0; // workers; 0: one per core (at most 8)

    bool cancelled() const { return stop.stop_requested(); }
};

class AggregationRunner {
public:
    // Below this many items a single worker does all the work: threads would cost more than they save.
    static constexpr size_t kMinItemsPerWorker = 32768;
    // Items between two cancellation checks (and progress reports).
    static constexpr size_t kBlockSize = 16384;

    using Work = std::function<void(unsigned worker, size_t begin, size_t end)>;

    // How many workers forEachBlock uses for count items; per-worker state is indexed by worker.
    static unsigned workerCount(size_t count, const AggregationControl &control);
    // Calls work(worker, begin, end) for consecutive blocks covering [0, count). Each worker owns one
    // contiguous range, so a worker sees its items in order; worker 0 is the calling thread. Rethrows a
    // worker's exception; throws Cancelled when cancelled.
    static void forEachBlock(size_t count, const AggregationControl &control, const Work &work);
};

} // namespace perfglass
