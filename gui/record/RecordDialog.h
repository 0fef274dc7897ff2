// File ▸ Record…: what to record and how. Three targets, one tab each: Launch (a program, its arguments,
// working directory and extra environment variables), Attach (running processes picked from a filterable
// list read from /proc) and System-wide (the CPUs to record on, all by default). Below them the options:
// events in perf's syntax (checked by core's EventParser as they are typed; the error, naming the bad term,
// shows under the field), frequency or period, call graph (none, frame pointers, DWARF with a stack size),
// off-CPU time, an optional duration and the output file (by default a new timestamped file in
// ~/.local/share/perfglass/recordings). Start stays disabled while anything is wrong, and a line says what;
// when nothing is, the equivalent command is shown there. The events error and that line have places of a
// fixed height, so the dialog's layout never moves when they come, go or grow. Events checked in the Events
// dock fill the events field until the user types in it (offerEvents). The settings of the last accepted
// dialog are remembered (QSettings, group "record").
// Above the targets, where the recording runs: this computer, or a remote host over ssh (its field completed
// from the ssh configuration's Host entries; the configuration file, the recorder on the host or Deploy this
// build below it; several hosts separated by commas record at once, one session each). On a host the program
// and working directory are the host's (not checked here), Attach lists the host's processes (fetched with
// ssh, RemoteProcessList) and System-wide takes the host's CPUs as a list; the command shown is perfglass-cli
// record --host ....
#pragma once

#include "RemoteTarget.h"
#include "record/Recorder.h"

#include <QDialog>
#include <QList>

#include <memory>

class QCheckBox;
class QComboBox;
class QCompleter;
class QDoubleSpinBox;
class QLabel;
class QLayout;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;
class QSortFilterProxyModel;
class QSpinBox;
class QStackedLayout;
class QStackedWidget;
class QStringListModel;
class QTableView;
class QTableWidget;
class QTabWidget;
class QToolButton;

namespace perfglass {

class EventParser;
class ProcessListModel;
class RemoteProcessList;
struct ProcessInfo;

class RecordDialog : public QDialog {
    Q_OBJECT
public:
    enum Target { LaunchTarget, AttachTarget, SystemWideTarget };

    explicit RecordDialog(QWidget *parent = nullptr);
    ~RecordDialog() override;

    // What the dialog asks for; meaningful when problem() is empty.
    RecordOptions options() const;
    // The host to record on; isRemote() is false for this computer.
    RemoteTarget remoteTarget() const;
    // The first thing that keeps Start disabled, in words; empty when the dialog can start.
    QString problem() const { return problem_; }
    // A new timestamped session path in DIRECTORY, by default recordingsDirectory().
    static QString defaultOutputPath(const QString &directory = {});
    // Where sessions go by default: "recordings" in the user's data directory for Perfglass
    // (~/.local/share/perfglass/recordings), or home.
    static QString recordingsDirectory();

    // Sets the events field (perf's syntax), as if typed.
    void setEvents(const QString &events);
    // The events checked in the Events dock: they fill the field until the user types in it; after that the
    // "From Events Dock" button takes them.
    void offerEvents(const QString &events);

public slots:
    void accept() override;
    void refreshProcesses();

private:
    void nameParts();
    QWidget *createWhereArea();
    QWidget *createRemoteDetails(QWidget *parent);
    void whereChanged();
    void updateHostCompletion();
    void completeHostWords();
    static QString lastHostWord(const QString &text);
    void showRemoteProcesses(const QVector<perfglass::ProcessInfo> &processes);
    void selectPids(const std::vector<pid_t> &pids);
    bool isRemote() const;
    QString processListKey() const;
    QWidget *createLaunchTab();
    QWidget *createAttachTab();
    QWidget *createSystemWideTab();
    QWidget *createOptions();
    QLayout *createEventsField(QWidget *box);
    QWidget *createStatusArea();
    void validate();
    QString eventsProblem();
    QString targetProblem() const;
    QString remoteTargetProblem() const;
    QString environmentProblem() const;
    QString optionsProblem() const;
    std::vector<pid_t> selectedPids() const;
    std::vector<int> selectedCpus() const;
    void loadSettings();
    void saveSettings() const;

    QRadioButton *thisComputer_ = nullptr;
    QRadioButton *onHost_ = nullptr;
    QLineEdit *host_ = nullptr;
    QStringListModel *hostNames_ = nullptr;
    QCompleter *hostCompleter_ = nullptr;
    QStackedWidget *whereDetails_ = nullptr;
    QLineEdit *sshConfig_ = nullptr;
    QLineEdit *remoteCli_ = nullptr;
    QCheckBox *deploy_ = nullptr;
    RemoteProcessList *remoteProcesses_ = nullptr;
    QString listedKey_;       // whose processes the list shows: processListKey() when they were read
    QString processListNote_; // fetching, or why the host's list could not be had
    QPushButton *programBrowse_ = nullptr;
    QPushButton *directoryBrowse_ = nullptr;
    QStackedWidget *cpuChoice_ = nullptr;
    QLineEdit *remoteCpus_ = nullptr;
    QTabWidget *targets_ = nullptr;
    QLineEdit *program_ = nullptr;
    QLineEdit *arguments_ = nullptr;
    QLineEdit *workingDirectory_ = nullptr;
    QTableWidget *environment_ = nullptr;
    QLineEdit *processFilter_ = nullptr;
    QTableView *processView_ = nullptr;
    ProcessListModel *processModel_ = nullptr;
    QSortFilterProxyModel *processProxy_ = nullptr;
    QLabel *selectionLabel_ = nullptr;
    QListWidget *cpus_ = nullptr;
    QLineEdit *events_ = nullptr;
    QToolButton *useOffered_ = nullptr;
    QString offeredEvents_;
    bool eventsTyped_ = false; // the user typed in the events field
    QLabel *eventsError_ = nullptr;
    QRadioButton *useFrequency_ = nullptr;
    QSpinBox *frequency_ = nullptr;
    QRadioButton *usePeriod_ = nullptr;
    QSpinBox *period_ = nullptr;
    QComboBox *callGraph_ = nullptr;
    QSpinBox *stackSize_ = nullptr;
    QCheckBox *offCpu_ = nullptr;
    QCheckBox *latency_ = nullptr;
    QCheckBox *useDuration_ = nullptr;
    QDoubleSpinBox *duration_ = nullptr;
    QLineEdit *output_ = nullptr;
    QLabel *problemLabel_ = nullptr;
    QPlainTextEdit *commandLabel_ = nullptr;
    QStackedLayout *status_ = nullptr;
    QPushButton *start_ = nullptr;
    QString problem_;
    QString checkedEvents_; // the events text eventsProblem() last parsed, and its verdict
    QString checkedEventsProblem_;
    std::unique_ptr<EventParser> parser_; // built on first use: it reads sysfs
};

} // namespace perfglass
