// The Heat Map dock's content: a bar with the bucket size (1 ms to 1 s), what the colours count (samples, or
// the session's current cost: CPU time, events or off-CPU time) and their legend, over the painted heat map
// (HeatmapWidget). The matrix follows the document's filter (event, processes, threads, CPUs, commands,
// transforms) but not its time range, which is outlined instead; it is computed off the UI thread by a job of
// the view's own, again for each analysis, bucket size and highlighted function. Dragging across cells asks
// to filter every view to their time (timesSelected), with Ctrl to compare their time with the selection the
// views show (compareTimesSelected); setFunction() marks the cells a function ran in.
#pragma once

#include "SessionAnalysis.h"
#include "analysis/Heatmap.h"

#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QLabel;

namespace perfglass {

class BackgroundJob;
class HeatmapWidget;

class HeatmapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatmapView(QWidget *parent = nullptr);

    HeatmapWidget *heatmap() const { return widget_; }
    QComboBox *bucketBox() const { return bucket_; }
    QComboBox *colourBox() const { return colour_; }
    bool isComputing() const;
    uint64_t bucketNs() const;

public slots:
    void setSession(const std::shared_ptr<const SessionAnalysis> &session);
    // Marks the cells FUNCTION ran in; nullopt clears the marks.
    void setFunction(std::optional<FunctionId> function);

signals:
    void timesSelected(const perfglass::TimeSelection &times);
    void compareTimesSelected(const perfglass::TimeSelection &times);
    // A matrix was computed and is shown (for tests and the benchmark).
    void heatmapShown();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void recompute();
    void showResult(std::shared_ptr<const Heatmap> map, std::vector<uint32_t> highlight);
    void updateLegend();
    QPixmap legendPixmap() const;

    HeatmapWidget *widget_;
    QComboBox *bucket_;
    QComboBox *colour_;
    QLabel *legend_;
    QLabel *legendMax_;
    BackgroundJob *job_;
    std::shared_ptr<const SessionAnalysis> session_;
    std::optional<FunctionId> function_;
    bool stale_ = false; // the session or function changed while the view was hidden: computed when shown
};

} // namespace perfglass
