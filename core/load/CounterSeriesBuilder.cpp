#include "load/CounterSeriesBuilder.h"

#include "events/GenericEvents.h"
#include "perfdata/PerfFileFormat.h"

#include <algorithm>

namespace perfglass {

bool CounterSeriesBuilder::isStatRecord(uint32_t type) {
    return type == format::kRecordThreadMap || type == format::kRecordCpuMap || type == format::kRecordStat ||
           type == format::kRecordStatRound || type == format::kRecordStatConfig;
}

void CounterSeriesBuilder::setEvents(const std::vector<EventAttr> &events) {
    eventById_.clear();
    names_.clear();
    inherited_.clear();
    clock_.clear();
    launched_ = false;
    for (size_t i = 0; i < events.size(); ++i) {
        launched_ = launched_ || events[i].attr.enable_on_exec != 0;
        names_.push_back(events[i].name);
        inherited_.push_back(events[i].attr.inherit != 0);
        clock_.push_back(isClockEvent(events[i].attr.type, events[i].attr.config));
        for (uint64_t id : events[i].ids)
            eventById_[id] = static_cast<uint32_t>(i);
    }
}

bool CounterSeriesBuilder::addRecord(const perf_event_header *record) {
    switch (record->type) {
    case format::kRecordThreadMap:
        if (auto threads = stat::decodeThreadMap(record))
            threads_ = std::move(*threads);
        else
            ++malformed_;
        return true;
    case format::kRecordCpuMap:
        if (auto cpus = stat::decodeCpuMap(record))
            cpus_ = std::move(*cpus);
        else
            ++malformed_;
        return true;
    case format::kRecordStatConfig:
        addConfig(record);
        return true;
    case format::kRecordStat:
        addStat(record);
        return true;
    case format::kRecordStatRound:
        addRound(record);
        return true;
    default:
        return false;
    }
}

void CounterSeriesBuilder::addStat(const perf_event_header *record) {
    const auto entry = stat::decodeStat(record);
    if (!entry) {
        ++malformed_;
        return;
    }
    const auto event = eventById_.find(entry->id);
    if (event == eventById_.end()) {
        ++unknownIds_;
        return;
    }
    const int32_t cpu = entry->cpu; // perf writes the CPU number, -1 for a counter on any CPU
    const int32_t tid =
        entry->threadIndex < threads_.size() ? static_cast<int32_t>(threads_[entry->threadIndex].pid) : -1;
    const Key key{event->second, cpu, tid};
    pending_[key] += entry->value;
    if (tid >= 0 && entry->threadIndex < threads_.size())
        threadNames_[key] = threads_[entry->threadIndex].comm;
}

void CounterSeriesBuilder::addConfig(const perf_event_header *record) {
    const auto config = stat::decodeStatConfig(record);
    if (!config) {
        ++malformed_;
        return;
    }
    for (const auto &[tag, value] : *config)
        if (tag == stat::kTagInterval) intervalNs_ = value * 1000000u; // stored in milliseconds
}

CounterSeries &CounterSeriesBuilder::seriesFor(const Key &key) {
    auto [it, added] = series_.try_emplace(key);
    CounterSeries &series = it->second;
    if (!added) return series;
    series.event = std::get<0>(key);
    series.eventName = series.event < names_.size() ? names_[series.event] : std::string();
    series.inherited = series.event < inherited_.size() && inherited_[series.event];
    series.clock = series.event < clock_.size() && clock_[series.event];
    series.launched = launched_;
    series.cpu = std::get<1>(key);
    series.tid = std::get<2>(key);
    if (const auto name = threadNames_.find(key); name != threadNames_.end())
        series.threadName = name->second;
    return series;
}

// The wall-clock interval a round closes begins at the previous round. The first round's begins when counting
// began: at 0 when rounds are stamped with the time since then (`perf stat record`, `stat -o`: the first is
// at most an interval and a half late), else (`record --counters`, on CLOCK_MONOTONIC) one interval before.
uint64_t CounterSeriesBuilder::intervalBegin(uint64_t time) const {
    if (previousRound_) return std::min(*previousRound_, time);
    if (intervalNs_ == 0 || time <= intervalNs_ + intervalNs_ / 2) return 0;
    return time - intervalNs_;
}

void CounterSeriesBuilder::addRound(const perf_event_header *record) {
    const auto round = stat::decodeStatRound(record);
    if (!round) {
        ++malformed_;
        return;
    }
    const uint64_t begin = intervalBegin(round->time);
    previousRound_ = round->time;
    for (const auto &[key, cumulative] : pending_) {
        auto &series = seriesFor(key);
        const CounterValue delta = cumulative.since(previous_[key]);
        previous_[key] = cumulative;
        const bool final = round->type == stat::kRoundFinal;
        // perf writes the last interval's values again as the final round; keep it only when it adds counts.
        if (final && !series.points.empty() && delta == CounterValue{}) {
            series.points.editBack().final = true;
            continue;
        }
        series.points.push_back({begin, round->time, delta.value, delta.enabled, delta.running, final});
    }
    pending_.clear();
}

std::vector<CounterSeries> CounterSeriesBuilder::seriesSoFar() const {
    std::vector<CounterSeries> result;
    result.reserve(series_.size());
    for (const auto &[key, series] : series_)
        result.push_back(series);
    return result;
}

std::vector<CounterSeries> CounterSeriesBuilder::finish() {
    std::vector<CounterSeries> result;
    result.reserve(series_.size());
    for (auto &[key, series] : series_)
        result.push_back(std::move(series));
    series_.clear();
    threadNames_.clear();
    previousRound_.reset();
    previous_.clear();
    pending_.clear();
    return result;
}

} // namespace perfglass
