#include "load/CounterSeriesBuilder.h"

#include "perfdata/PerfFileFormat.h"
#include "perfdata/StatRecords.h"

namespace perfglass {

bool CounterSeriesBuilder::isStatRecord(uint32_t type) {
    return type == format::kRecordThreadMap || type == format::kRecordCpuMap || type == format::kRecordStat ||
           type == format::kRecordStatRound || type == format::kRecordStatConfig;
}

void CounterSeriesBuilder::setEvents(const std::vector<EventAttr> &events) {
    eventById_.clear();
    names_.clear();
    for (size_t i = 0; i < events.size(); ++i) {
        names_.push_back(events[i].name);
        for (uint64_t id : events[i].ids)
            eventById_[id] = static_cast<uint32_t>(i);
    }
}

bool CounterSeriesBuilder::addRecord(const perf_event_header *record) {
    switch (record->type) {
    case format::kRecordThreadMap:
        if (auto threads = stat::decodeThreadMap(record)) {
            threads_.clear();
            for (const auto &thread : *threads)
                threads_.push_back(thread.pid);
        } else {
            ++malformed_;
        }
        return true;
    case format::kRecordCpuMap:
        if (auto cpus = stat::decodeCpuMap(record))
            cpus_ = std::move(*cpus);
        else
            ++malformed_;
        return true;
    case format::kRecordStatConfig:
        if (!stat::decodeStatConfig(record)) ++malformed_;
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
        entry->threadIndex < threads_.size() ? static_cast<int32_t>(threads_[entry->threadIndex]) : -1;
    pending_[{event->second, cpu, tid}] += entry->value;
}

void CounterSeriesBuilder::addRound(const perf_event_header *record) {
    const auto round = stat::decodeStatRound(record);
    if (!round) {
        ++malformed_;
        return;
    }
    for (const auto &[key, cumulative] : pending_) {
        auto &series = series_[key];
        if (series.points.empty() && series.eventName.empty()) {
            series.event = std::get<0>(key);
            series.eventName = series.event < names_.size() ? names_[series.event] : std::string();
            series.cpu = std::get<1>(key);
            series.tid = std::get<2>(key);
        }
        const CounterValue delta = cumulative.since(previous_[key]);
        previous_[key] = cumulative;
        const bool final = round->type == stat::kRoundFinal;
        // perf writes the last interval's values again as the final round; keep it only when it adds counts.
        if (final && !series.points.empty() && delta == CounterValue{}) {
            series.points.back().final = true;
            continue;
        }
        series.points.push_back({round->time, delta.value, delta.enabled, delta.running, final});
    }
    pending_.clear();
}

std::vector<CounterSeries> CounterSeriesBuilder::finish() {
    std::vector<CounterSeries> result;
    result.reserve(series_.size());
    for (auto &[key, series] : series_)
        result.push_back(std::move(series));
    series_.clear();
    previous_.clear();
    pending_.clear();
    return result;
}

} // namespace perfglass
