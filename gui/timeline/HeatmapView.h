// The Heat Map dock's content: a bar with the bucket size (1 ms to 1 s), what the colours count (samples, or
// the session's current cost: CPU time, events or off-CPU time) and their legend, over the painted heat map
// (HeatmapWidget). The matrix follows the document's filter (event, processes, threads, CPUs, commands,
// transforms) but not its time range, which is outlined instead; it is computed off the UI thread by a job of
// the view's own, again for each analysis, bucket size and highlighted function. A later snapshot of a
// growing profile (the live view, a stream, a file opened in steps) with the same filter, bucket and function
// extends the matrix shown by the samples added (Heatmap::extend): a refresh counts only those and copies the
// cells. The function-level stacks are the analysis' own (its call tree's; grouped by process, the earlier
// snapshot's extended), and a marked function's nodes are extended by the nodes added (FunctionNodes), so a
// refresh passes over every stack only where transforms are set (their stacks are made anew, by the
// analysis too; grouped by process, here as well). Dragging across
// cells asks to filter every view to their time (timesSelected), with Ctrl to compare their time with the
// selection the views show (compareTimesSelected); setFunction() marks the cells a function ran in.
#pragma once

#include "SessionAnalysis.h"
#include "analysis/Heatmap.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <stop_token>
#include <vector>

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
    void resizeEvent(QResizeEvent *event) override;

private:
    // What a matrix was computed from, so that the next snapshot of a growing profile may extend it (its
    // sample count, not the profile: a hidden view must not keep a closed session's profile alive; the
    // marked function's nodes, with their stacks, are let go when another profile comes).
    struct Basis {
        size_t samples = 0;
        uint64_t lineage = 0;
        SampleFilter filter; // without its time selection
        uint64_t bucketNs = 0;
        std::optional<FunctionId> function;
        std::shared_ptr<const Heatmap> map;
        std::vector<uint32_t> highlight;
        std::shared_ptr<const FunctionNodes> functionNodes; // of the function marked
    };
    void recompute();
    // Whether the matrix would be seen: shown, and not behind another tab (a session opened into a new page
    // comes before the dock layout has hidden the tabs behind the current one, which are then shown but
    // cover nothing).
    bool isSeen() const;
    // The matrix shown, when SESSION's profile grew out of its profile with the same filter, bucket and
    // function.
    const Basis *extensibleBasis(const SessionAnalysis &session, const SampleFilter &filter) const;
    // STACKS: the filter's transformed stacks of PROFILE where the analysis has them (else made here).
    static Basis computeOrExtend(const Profile &profile, std::shared_ptr<const TransformedStacks> stacks,
                                 Basis wanted, const Basis *earlier, const std::stop_token &stop);
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
    Basis shown_;        // of the matrix shown (no map: none)
    bool stale_ = false; // the session or function changed while the view was hidden: computed when shown
};

} // namespace perfglass
