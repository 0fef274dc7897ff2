// Search everywhere (Ctrl+K): one field that finds functions, modules and source files of the session as the
// views count it (filter applied; ProfileSearch, off the UI thread), lists them in three groups with the
// share of samples that have each on their stack, says how much of the profile matches at all, and, when a
// match is chosen (Enter or double click), asks the main window to show it in the view that had the focus.
#pragma once

#include "SessionAnalysis.h"
#include "analysis/ProfileSearch.h"

#include <QDialog>

#include <memory>

class QAction;
class QLabel;
class QLineEdit;
class QTimer;
class QTreeWidget;
class QTreeWidgetItem;

namespace perfglass {

class BackgroundJob;

class SearchEverywhere : public QDialog {
    Q_OBJECT
public:
    enum class Kind { Function, Module, File };
    static constexpr int kMaxRowsPerGroup = 50;

    explicit SearchEverywhere(QWidget *parent = nullptr);

    // Edit ▸ Search Everywhere (Ctrl+K): presents the dialog.
    QAction *action() const { return action_; }

    void setSession(std::shared_ptr<const SessionAnalysis> session);
    // Shows the dialog with its field focused and selected.
    void present();
    QLineEdit *field() const { return field_; }
    QTreeWidget *results() const { return results_; }
    QLabel *summary() const { return summary_; }
    const std::shared_ptr<const ProfileSearch> &result() const { return result_; }
    bool isBusy() const;
    // Searches for TEXT now (without the typing delay).
    void search(const QString &text);

signals:
    // The results show the matches of the current text.
    void searched();
    // The user chose a match: a FunctionId, a ModuleId, or the file (ID is its StringId; PATH its text).
    void chosen(perfglass::SearchEverywhere::Kind kind, uint32_t id, const QString &text);

private:
    void createAction();
    void start();
    void showResult(std::shared_ptr<const ProfileSearch> result);
    void addGroup(const QString &title, Kind kind, const std::vector<SearchMatch> &matches);
    QString matchText(Kind kind, uint32_t id, bool full) const;
    void choose(QTreeWidgetItem *item);

    std::shared_ptr<const SessionAnalysis> session_;
    std::shared_ptr<const ProfileSearch> result_;
    QAction *action_;
    QLineEdit *field_;
    QLabel *summary_;
    QTreeWidget *results_;
    QTimer *delay_;
    BackgroundJob *job_;
};

} // namespace perfglass
