// The Events dock's builder: pick a PMU, and each of its format fields (sysfs format/*) becomes an input that
// shows its bits and refuses values above the field's largest; a named event (events/*) prefills the
// fields; modifiers (user, kernel, hypervisor, precise level, exclusive, pinned), a period or a frequency and
// a name complete the event. The result is shown in perf's syntax (core/events/EventBuilder), checked by the
// parser the CLI uses (EventParser), and added to a list where events dragged onto each other become groups.
#pragma once

#include "events/EventBuilder.h"
#include "events/EventParser.h"

#include <QWidget>

#include <map>
#include <optional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace perfglass {

class BuiltEventList;

class EventBuilderView : public QWidget {
    Q_OBJECT

public:
    explicit EventBuilderView(QWidget *parent = nullptr);

    // Reads the PMUs under ROOT (tests pass the sysfs fixtures).
    void setSysfsRoot(const std::string &root);
    // The event the inputs describe now, or nullopt with the reason in the status line.
    std::optional<BuiltEvent> builtEvent() const;
    // The built events, comma-separated, for -e ("{a,b},c").
    QString events() const;

    QComboBox *pmuBox() const { return pmu_; }
    QComboBox *namedEventBox() const { return named_; }
    QLineEdit *fieldEdit(const QString &field) const;
    QCheckBox *modifierBox(char modifier) const; // 'u', 'k', 'h', 'e' or 'D'
    QComboBox *preciseBox() const { return precise_; }
    QComboBox *samplingBox() const { return sampling_; }
    QLineEdit *samplingEdit() const { return samplingValue_; }
    QLineEdit *nameEdit() const { return name_; }
    QLineEdit *resultField() const { return result_; }
    QLabel *statusLabel() const { return status_; }
    QPushButton *addButton() const { return add_; }
    BuiltEventList *list() const { return list_; }

signals:
    void eventsChanged(const QString &events);

private:
    QWidget *createEventBox();
    QWidget *createListBox();
    void showPmu(int index);
    void prefill(int index);
    void updateResult();
    void addCurrent();
    const Pmu *currentPmu() const;

    EventParser parser_;
    QComboBox *pmu_;
    QComboBox *named_;
    QFormLayout *fields_ = nullptr;
    QWidget *fieldsBox_;
    std::map<QString, QLineEdit *> fieldEdits_;
    std::map<char, QCheckBox *> modifiers_;
    QComboBox *precise_;
    QComboBox *sampling_;
    QLineEdit *samplingValue_;
    QLineEdit *name_;
    QLineEdit *result_;
    QLabel *status_;
    QPushButton *add_;
    BuiltEventList *list_;
};

} // namespace perfglass
