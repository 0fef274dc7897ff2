// A subsecond-offset heat map (FlameScope's): time cut into columns (one second each, normally) and each
// column into cells of one bucket (20 ms by default), counting the samples and the cost that a SampleFilter
// accepts in each cell. Reading down a column goes forward in time, so periodic work shows as stripes across
// the columns. Cells are column-major: cell (c, r) covers [origin + c * columnNs + r * bucketNs, ...), and a
// run of cells in that order is one contiguous time range (timeRange()).
//
// The axis adapts to the session: a session shorter than four seconds gets columns of a round fraction of a
// second (at least four columns), one longer than an hour columns of a round number of seconds (at most 3600
// columns); the bucket is clamped to [1 ms, the column] and coarsened so that a column has at most kMaxRows
// cells. Samples that transforms drop (focus, drop function) do not count, as in the timeline.
//
// Where the caller already has the filter's transforms applied to the profile's stacks (the analysis' call
// tree, TransformedStacks), it passes them, and no pass over the stacks is made here.
#pragma once

#include "analysis/AggregationRunner.h"
#include "analysis/SampleFilter.h"
#include "profile/Profile.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace perfglass {

class FunctionNodes;
class TransformedStacks;

struct HeatmapOptions {
    static constexpr uint64_t kMinBucketNs = 1'000'000;     // 1 ms
    static constexpr uint64_t kMaxBucketNs = 1'000'000'000; // 1 s
    static constexpr uint64_t kDefaultBucketNs = 20'000'000;
    uint64_t bucketNs = kDefaultBucketNs; // asked for; Heatmap::bucketNs says what was used
    // The time axis: [start, end). Both 0: the profile's first to last sample.
    uint64_t start = 0;
    uint64_t end = 0;
};

// Cells of the heat map as a filter's time: the range from the first cell to the last and, for a rectangle
// that leaves out rows of its columns, the slice of each column it keeps (SampleFilter::slice).
struct TimeSelection {
    uint64_t start = 0;
    uint64_t end = 0;
    std::optional<TimeSlice> slice;
    bool operator==(const TimeSelection &) const = default;
};

struct HeatmapCell {
    size_t column = 0;
    size_t row = 0;
    bool operator==(const HeatmapCell &) const = default;
};

class Heatmap {
public:
    static constexpr size_t kMaxRows = 1000;
    static constexpr size_t kMaxColumns = 3600;

    // Throws Error naming the allowed range when options.bucketNs lies outside [1 ms, 1 s]. STACKS: FILTER's
    // transforms applied to PROFILE's stacks, or null (made here where transforms are set).
    static Heatmap compute(const Profile &profile, const SampleFilter &filter,
                           const HeatmapOptions &options = {}, const AggregationControl &control = {},
                           const TransformedStacks *stacks = nullptr);
    // compute()'s result for PROFILE, a later snapshot of the growing profile EARLIER was computed from with
    // the same filter and options, whose first earlierSamples samples are EARLIER's: EARLIER's cells with the
    // samples added since counted in (a live view's refresh counts only those, and copies the cells).
    // Counts every sample afresh where the axis moved (another start, column width or bucket) or where the
    // filter weighs an earlier sample otherwise as the profile grows (off-CPU time, latency: canExtend).
    static Heatmap extend(const Heatmap &earlier, size_t earlierSamples, const Profile &profile,
                          const SampleFilter &filter, const HeatmapOptions &options = {},
                          const AggregationControl &control = {}, const TransformedStacks *stacks = nullptr);
    // Whether a heat map of FILTER may be extended by the samples a growing profile adds: its cost weighs
    // each sample by that sample alone (period, count).
    static bool canExtend(const SampleFilter &filter);
    // The axis alone (no counts), as compute() chooses it.
    static Heatmap axis(uint64_t start, uint64_t end, uint64_t bucketNs);
    // Per cell, the samples accepted by FILTER whose (transformed) stack runs FUNCTION (anywhere in it).
    // FROM: count only the samples from this one on (a growing profile's added samples, whose counts the
    // caller adds to an earlier snapshot's).
    std::vector<uint32_t> functionSamples(const Profile &profile, const SampleFilter &filter,
                                          FunctionId function, const AggregationControl &control = {},
                                          size_t from = 0) const;
    // The same with the function's nodes in FILTER's transformed stacks of PROFILE at hand.
    std::vector<uint32_t> functionSamples(const Profile &profile, const SampleFilter &filter,
                                          const FunctionNodes &nodes, const AggregationControl &control = {},
                                          size_t from = 0) const;
    // functionSamples() of PROFILE, a later snapshot of the growing profile EARLIER was computed from (this
    // map being extend()'s): EARLIERMARKS, EARLIER's cells of the function, with the added samples counted in
    // where this map kept EARLIER's cells (marks count samples, whatever the cost); afresh otherwise.
    std::vector<uint32_t> extendFunctionSamples(const Heatmap &earlier,
                                                const std::vector<uint32_t> &earlierMarks,
                                                size_t earlierSamples, const Profile &profile,
                                                const SampleFilter &filter, const FunctionNodes &nodes,
                                                const AggregationControl &control = {}) const;

    uint64_t origin() const { return origin_; }
    uint64_t end() const { return end_; }
    uint64_t columnNs() const { return columnNs_; }
    uint64_t bucketNs() const { return bucketNs_; }
    size_t columns() const { return columns_; }
    size_t rows() const { return rows_; }
    size_t index(HeatmapCell cell) const { return cell.column * rows_ + cell.row; }
    uint32_t samples(HeatmapCell cell) const { return samples_[index(cell)]; }
    uint64_t cost(HeatmapCell cell) const { return cost_[index(cell)]; }
    const std::vector<uint32_t> &sampleCells() const { return samples_; }
    const std::vector<uint64_t> &costCells() const { return cost_; }
    uint32_t maxSamples() const { return maxSamples_; }
    uint64_t maxCost() const { return maxCost_; }
    uint64_t totalSamples() const { return totalSamples_; }
    uint64_t totalCost() const { return totalCost_; }

    // The start of CELL and the end of its time (the last row of a column may be shorter).
    uint64_t cellStart(HeatmapCell cell) const;
    uint64_t cellEnd(HeatmapCell cell) const;
    // The cell holding TIME; false when TIME lies outside the axis or in no cell.
    bool cellOf(uint64_t time, HeatmapCell &cell) const;
    // The time covered by the cells from A to B in column-major order (either may come first): [start, end).
    std::pair<uint64_t, uint64_t> timeRange(HeatmapCell a, HeatmapCell b) const;
    // The rectangle with corners A and B: the same rows of each of its columns. One column, or every row,
    // is one contiguous range (no slice).
    TimeSelection rectangle(HeatmapCell a, HeatmapCell b) const;
    // The rows of each column that SLICE keeps, [first, last]; nullopt when SLICE is not one of this axis'
    // rectangles (another origin or column width, as after a reload with another axis).
    std::optional<std::pair<size_t, size_t>> rowsOf(const TimeSlice &slice) const;
    // Whether each cell of EARLIER, the axis of an earlier snapshot of the same growing profile, is the cell
    // of the same index here and covers the same time: the same start, column width and rows, and no fewer
    // columns.
    bool keepsCellsOf(const Heatmap &earlier) const;

private:
    static Heatmap emptyAxis(const Profile &profile, const HeatmapOptions &options);
    void countSamples(const Profile &profile, const SampleFilter &filter, size_t from,
                      const AggregationControl &control, const TransformedStacks *stacks);
    void addCounts(const Heatmap &other);
    void finish();

    uint64_t origin_ = 0;
    uint64_t end_ = 0;
    uint64_t columnNs_ = 1'000'000'000;
    uint64_t bucketNs_ = HeatmapOptions::kDefaultBucketNs;
    size_t columns_ = 0;
    size_t rows_ = 0;
    std::vector<uint32_t> samples_; // column-major
    std::vector<uint64_t> cost_;
    uint32_t maxSamples_ = 0;
    uint64_t maxCost_ = 0;
    uint64_t totalSamples_ = 0;
    uint64_t totalCost_ = 0;
};

} // namespace perfglass
