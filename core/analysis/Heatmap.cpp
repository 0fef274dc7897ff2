#include "analysis/Heatmap.h"

#include "analysis/FunctionNodes.h"
#include "analysis/TransformedStacks.h"
#include "base/Error.h"

#include <algorithm>
#include <array>
#include <string>

namespace perfglass {

namespace {

constexpr uint64_t kSecond = 1'000'000'000;
constexpr uint64_t kMs = 1'000'000;
// Sessions shorter than this get columns of a fraction of a second, at least kMinColumns of them.
constexpr uint64_t kShortSession = 4 * kSecond;
constexpr uint64_t kMinColumns = 4;

uint64_t shortColumn(uint64_t span) {
    constexpr std::array<uint64_t, 9> kFractions = {500 * kMs, 200 * kMs, 100 * kMs, 50 * kMs, 20 * kMs,
                                                    10 * kMs,  5 * kMs,   2 * kMs,   kMs};
    for (const uint64_t column : kFractions)
        if (span / column >= kMinColumns) return column;
    return kMs;
}

uint64_t longColumn(uint64_t span) {
    constexpr std::array<uint64_t, 12> kSeconds = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600};
    for (const uint64_t seconds : kSeconds)
        if ((span + seconds * kSecond - 1) / (seconds * kSecond) <= Heatmap::kMaxColumns)
            return seconds * kSecond;
    return (span + Heatmap::kMaxColumns - 1) / Heatmap::kMaxColumns;
}

uint64_t columnFor(uint64_t span) {
    return span < kShortSession ? shortColumn(span) : longColumn(span);
}

// The bucket used: the one asked for, no larger than the column, coarsened to whole milliseconds so that a
// column has at most kMaxRows cells.
uint64_t bucketFor(uint64_t asked, uint64_t column) {
    uint64_t bucket = std::min(asked, column);
    if ((column + bucket - 1) / bucket > Heatmap::kMaxRows) {
        bucket = (column + Heatmap::kMaxRows - 1) / Heatmap::kMaxRows;
        bucket = (bucket + kMs - 1) / kMs * kMs;
    }
    return bucket;
}

void checkBucket(uint64_t bucketNs) {
    if (bucketNs >= HeatmapOptions::kMinBucketNs && bucketNs <= HeatmapOptions::kMaxBucketNs) return;
    throw Error("heat map: the bucket must lie between 1 ms and 1000 ms, not " +
                std::to_string(static_cast<double>(bucketNs) / 1e6) + " ms");
}

} // namespace

Heatmap Heatmap::axis(uint64_t start, uint64_t end, uint64_t bucketNs) {
    checkBucket(bucketNs);
    Heatmap map;
    map.origin_ = start;
    map.end_ = std::max(end, start + 1);
    const uint64_t span = map.end_ - map.origin_;
    map.columnNs_ = columnFor(span);
    map.bucketNs_ = bucketFor(bucketNs, map.columnNs_);
    map.columns_ = static_cast<size_t>((span + map.columnNs_ - 1) / map.columnNs_);
    map.rows_ = static_cast<size_t>((map.columnNs_ + map.bucketNs_ - 1) / map.bucketNs_);
    map.samples_.assign(map.columns_ * map.rows_, 0);
    map.cost_.assign(map.columns_ * map.rows_, 0);
    return map;
}

uint64_t Heatmap::cellStart(HeatmapCell cell) const {
    return origin_ + cell.column * columnNs_ + cell.row * bucketNs_;
}

uint64_t Heatmap::cellEnd(HeatmapCell cell) const {
    const uint64_t columnEnd = origin_ + (cell.column + 1) * columnNs_;
    return std::min(cellStart(cell) + bucketNs_, columnEnd);
}

bool Heatmap::cellOf(uint64_t time, HeatmapCell &cell) const {
    if (time < origin_ || time >= end_) return false;
    const uint64_t offset = time - origin_;
    cell.column = static_cast<size_t>(offset / columnNs_);
    cell.row = static_cast<size_t>(offset % columnNs_ / bucketNs_);
    return cell.column < columns_ && cell.row < rows_;
}

std::pair<uint64_t, uint64_t> Heatmap::timeRange(HeatmapCell a, HeatmapCell b) const {
    if (index(b) < index(a)) std::swap(a, b);
    return {cellStart(a), cellEnd(b)};
}

TimeSelection Heatmap::rectangle(HeatmapCell a, HeatmapCell b) const {
    const HeatmapCell first{std::min(a.column, b.column), std::min(a.row, b.row)};
    const HeatmapCell last{std::max(a.column, b.column), std::max(a.row, b.row)};
    const bool everyRow = first.row == 0 && last.row + 1 >= rows_;
    if (first.column == last.column || everyRow) {
        const auto [start, end] = timeRange(first, last);
        return {start, end, std::nullopt};
    }
    const TimeSlice slice{origin_, columnNs_, first.row * bucketNs_,
                          std::min((last.row + 1) * bucketNs_, columnNs_)};
    return {cellStart(first), cellEnd(last), slice};
}

std::optional<std::pair<size_t, size_t>> Heatmap::rowsOf(const TimeSlice &slice) const {
    if (slice.origin != origin_ || slice.period != columnNs_ || slice.to <= slice.from || rows_ == 0)
        return std::nullopt;
    const size_t first = static_cast<size_t>(slice.from / bucketNs_);
    const size_t last = static_cast<size_t>((slice.to - 1) / bucketNs_);
    return std::pair{std::min(first, rows_ - 1), std::min(last, rows_ - 1)};
}

void Heatmap::addCounts(const Heatmap &other) {
    for (size_t i = 0; i < other.samples_.size(); ++i) {
        samples_[i] += other.samples_[i];
        cost_[i] += other.cost_[i];
    }
}

void Heatmap::finish() {
    maxSamples_ = 0;
    maxCost_ = 0;
    totalSamples_ = 0;
    totalCost_ = 0;
    for (size_t i = 0; i < samples_.size(); ++i) {
        maxSamples_ = std::max(maxSamples_, samples_[i]);
        maxCost_ = std::max(maxCost_, cost_[i]);
        totalSamples_ += samples_[i];
        totalCost_ += cost_[i];
    }
}

Heatmap Heatmap::emptyAxis(const Profile &profile, const HeatmapOptions &options) {
    const bool whole = options.start == 0 && options.end == 0;
    return axis(whole ? profile.startTime : options.start, whole ? profile.endTime + 1 : options.end,
                options.bucketNs);
}

bool Heatmap::keepsCellsOf(const Heatmap &earlier) const {
    return origin_ == earlier.origin_ && columnNs_ == earlier.columnNs_ && bucketNs_ == earlier.bucketNs_ &&
           rows_ == earlier.rows_ && columns_ >= earlier.columns_ && end_ >= earlier.end_;
}

// Adds the samples from FROM on that FILTER accepts, on as many threads as their count warrants.
void Heatmap::countSamples(const Profile &profile, const SampleFilter &filter, size_t from,
                           const AggregationControl &control, const TransformedStacks *stacks) {
    std::shared_ptr<const TransformedStacks> built;
    if (!stacks) built = TransformedStacks::forDropping(profile, filter.transforms);
    const TransformedStacks *dropping = filter.transforms.empty() ? nullptr : stacks ? stacks : built.get();
    const size_t added = profile.samples.size() - from;
    Heatmap blank = *this;
    std::fill(blank.samples_.begin(), blank.samples_.end(), 0);
    std::fill(blank.cost_.begin(), blank.cost_.end(), 0);
    std::vector<Heatmap> perWorker(AggregationRunner::workerCount(added, control), blank);
    AggregationRunner::forEachBlock(added, control, [&](unsigned worker, size_t begin, size_t end) {
        Heatmap &map = perWorker[worker];
        HeatmapCell cell;
        for (size_t i = from + begin; i < from + end; ++i) {
            if (!map.cellOf(profile.samples.time[i], cell) || !filter.accepts(profile, i)) continue;
            if (TransformedStacks::dropped(dropping, profile.samples.stack[i])) continue;
            const size_t at = map.index(cell);
            ++map.samples_[at];
            map.cost_[at] += filter.weight(profile, i);
        }
    });
    for (const Heatmap &counted : perWorker)
        addCounts(counted);
}

Heatmap Heatmap::compute(const Profile &profile, const SampleFilter &filter, const HeatmapOptions &options,
                         const AggregationControl &control, const TransformedStacks *stacks) {
    Heatmap result = emptyAxis(profile, options);
    result.countSamples(profile, filter, 0, control, stacks);
    result.finish();
    return result;
}

bool Heatmap::canExtend(const SampleFilter &filter) {
    return filter.cost == CostKind::Period || filter.cost == CostKind::Samples;
}

// Cells are column-major and the axis keeps its start, column width and rows as the profile grows: EARLIER's
// cells are the first ones of the longer axis, and each earlier sample lies in the same cell of both.
Heatmap Heatmap::extend(const Heatmap &earlier, size_t earlierSamples, const Profile &profile,
                        const SampleFilter &filter, const HeatmapOptions &options,
                        const AggregationControl &control, const TransformedStacks *stacks) {
    Heatmap result = emptyAxis(profile, options);
    const bool extensible =
        canExtend(filter) && result.keepsCellsOf(earlier) && earlierSamples <= profile.samples.size();
    if (!extensible) return compute(profile, filter, options, control, stacks);
    std::copy(earlier.samples_.begin(), earlier.samples_.end(), result.samples_.begin());
    std::copy(earlier.cost_.begin(), earlier.cost_.end(), result.cost_.begin());
    result.countSamples(profile, filter, earlierSamples, control, stacks);
    result.finish();
    return result;
}

std::vector<uint32_t> Heatmap::functionSamples(const Profile &profile, const SampleFilter &filter,
                                               FunctionId function, const AggregationControl &control,
                                               size_t from) const {
    const auto nodes = FunctionNodes::of(TransformedStacks::build(profile, filter.transforms), function);
    return functionSamples(profile, filter, *nodes, control, from);
}

std::vector<uint32_t> Heatmap::functionSamples(const Profile &profile, const SampleFilter &filter,
                                               const FunctionNodes &nodes, const AggregationControl &control,
                                               size_t from) const {
    const TransformedStacks &stacks = nodes.stacks();
    const size_t sampleCount = profile.samples.size() - std::min(from, profile.samples.size());
    std::vector<std::vector<uint32_t>> perWorker(AggregationRunner::workerCount(sampleCount, control),
                                                 std::vector<uint32_t>(samples_.size(), 0));
    AggregationRunner::forEachBlock(sampleCount, control, [&](unsigned worker, size_t begin, size_t end) {
        std::vector<uint32_t> &counts = perWorker[worker];
        HeatmapCell cell;
        for (size_t i = from + begin; i < from + end; ++i) {
            if (!nodes.runs(stacks.map(profile.samples.stack[i]))) continue;
            if (cellOf(profile.samples.time[i], cell) && filter.accepts(profile, i)) ++counts[index(cell)];
        }
    });
    std::vector<uint32_t> result = std::move(perWorker.front());
    for (size_t w = 1; w < perWorker.size(); ++w)
        for (size_t i = 0; i < result.size(); ++i)
            result[i] += perWorker[w][i];
    return result;
}

std::vector<uint32_t> Heatmap::extendFunctionSamples(const Heatmap &earlier,
                                                     const std::vector<uint32_t> &earlierMarks,
                                                     size_t earlierSamples, const Profile &profile,
                                                     const SampleFilter &filter, const FunctionNodes &nodes,
                                                     const AggregationControl &control) const {
    if (!keepsCellsOf(earlier) || earlierMarks.size() != earlier.samples_.size())
        return functionSamples(profile, filter, nodes, control);
    std::vector<uint32_t> marks = functionSamples(profile, filter, nodes, control, earlierSamples);
    for (size_t i = 0; i < earlierMarks.size(); ++i)
        marks[i] += earlierMarks[i];
    return marks;
}

} // namespace perfglass
