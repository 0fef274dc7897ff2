// The Events dock's content: every event this machine offers (EventListModel) in a searchable tree, grouped
// by source, each saying whether it opens now and why not (greyed, reason in the tooltip), a details pane
// (attribute, description, a PMU's format fields for raw terms, a tracepoint's format), and checkboxes that
// build an event list in perf's syntax for recording (selectedEvents(), selectionChanged()), with the
// events made in the Builder tab (EventBuilderView: PMU format fields, modifiers, groups). Events are
// listed and probed off the UI thread the first time the view is shown.
#pragma once

#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTextBrowser;
class QTreeView;

namespace perfglass {

class EventBuilderView;
class EventFilterModel;
class EventListModel;

class EventsView : public QWidget {
    Q_OBJECT
public:
    explicit EventsView(QWidget *parent = nullptr);

    // The checked events, comma-separated in the order they were checked ("cpu-clock,page-faults"), then the
    // built ones, for -e.
    QString selectedEvents() const;

    EventListModel *model() const { return model_; }
    EventFilterModel *filterModel() const { return filter_; }
    QTreeView *tree() const { return tree_; }
    QLineEdit *searchField() const { return search_; }
    QCheckBox *availableOnlyBox() const { return availableOnly_; }
    QTextBrowser *details() const { return details_; }
    QLineEdit *selectionField() const { return selection_; }
    QLabel *statusLabel() const { return status_; }
    EventBuilderView *builder() const { return builder_; }

public slots:
    // Lists and probes the events again (privileges or mounts may have changed).
    void reload();
    void clearSelection();

signals:
    void selectionChanged(const QString &events);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onLoaded();
    void onSearchChanged(const QString &text);
    void showDetails(const QModelIndex &proxyIndex);
    void expandDefaults();
    void updateSelection();

    EventListModel *model_;
    EventFilterModel *filter_;
    QLineEdit *search_;
    QCheckBox *availableOnly_;
    QLabel *status_;
    QTreeView *tree_;
    QTextBrowser *details_;
    QLineEdit *selection_;
    EventBuilderView *builder_;
    bool listed_ = false;
};

} // namespace perfglass
