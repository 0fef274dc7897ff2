#include "analysis/FlatDiff.h"

#include "analysis/FlatProfile.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace perfglass {

namespace {

// Adds one side's per-function costs to the matched functions, keyed by name and module file name.
class FunctionMerger {
public:
    explicit FunctionMerger(std::vector<FunctionDiff> &functions)
        : functions_(functions) {}

    void add(const Profile &profile, const FlatProfile &flat, DiffCost FunctionDiff::*side) {
        for (const FunctionCost &cost : flat.functions) {
            std::string name = flat.functionName(profile, cost.function);
            std::string module = profile.moduleName(flat.functionModule(profile, cost.function));
            std::string key = name + '\0' + module;
            auto [it, inserted] = index_.try_emplace(std::move(key), functions_.size());
            if (inserted) functions_.push_back({std::move(name), std::move(module), {}, {}});
            DiffCost &target = functions_[it->second].*side;
            target.self += cost.self;
            target.inclusive += cost.inclusive;
        }
    }

private:
    std::vector<FunctionDiff> &functions_;
    std::unordered_map<std::string, size_t> index_;
};

} // namespace

FlatDiff FlatDiff::compute(const Profile &baseline, const SampleFilter &baselineFilter,
                           const Profile &comparison, const SampleFilter &comparisonFilter,
                           const AggregationControl &control) {
    const FlatProfile before = FlatProfile::compute(baseline, baselineFilter, control);
    const FlatProfile after = FlatProfile::compute(comparison, comparisonFilter, control);
    FlatDiff diff;
    diff.baselineTotal = before.total;
    diff.comparisonTotal = after.total;
    diff.baselineSamples = before.sampleCount;
    diff.comparisonSamples = after.sampleCount;
    FunctionMerger merger(diff.functions);
    merger.add(baseline, before, &FunctionDiff::baseline);
    merger.add(comparison, after, &FunctionDiff::comparison);
    diff.sort(DiffSort::Delta, DiffNormalize::Share);
    return diff;
}

void FlatDiff::sort(DiffSort by, DiffNormalize normalize) {
    const DiffScale scale = this->scale(normalize);
    auto value = [&](const FunctionDiff &f) {
        switch (by) {
        case DiffSort::Baseline:
            return scale.baseline(f.baseline.self);
        case DiffSort::Comparison:
            return scale.comparison(f.comparison.self);
        case DiffSort::Delta:
            break;
        }
        return std::abs(scale.delta(f.baseline.self, f.comparison.self));
    };
    std::stable_sort(functions.begin(), functions.end(), [&](const FunctionDiff &a, const FunctionDiff &b) {
        const double va = value(a);
        const double vb = value(b);
        if (va != vb) return va > vb;
        if (a.function != b.function) return a.function < b.function;
        return a.module < b.module;
    });
}

} // namespace perfglass
