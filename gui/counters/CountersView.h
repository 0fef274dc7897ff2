// The Counters dock's content: the session's counter series as charts (CounterChartWidget), or, for a
// session without any, a note saying how to record them.
#pragma once

#include "SessionAnalysis.h"

#include <QWidget>

#include <memory>

class QLabel;
class QStackedWidget;

namespace perfglass {

class CounterChartWidget;

class CountersView : public QWidget {
    Q_OBJECT
public:
    explicit CountersView(QWidget *parent = nullptr);

    void setSession(const std::shared_ptr<const SessionAnalysis> &session);
    // The counter series of PROFILE (null: none), whatever analysis of it is shown.
    void setProfile(const Profile *profile);
    CounterChartWidget *chart() const { return chart_; }
    QLabel *emptyNote() const { return note_; }
    bool showsCharts() const;

private:
    QStackedWidget *stack_;
    QLabel *note_;
    CounterChartWidget *chart_;
};

} // namespace perfglass
