#include "RecordDialog.h"

#include "CoreMessages.h"
#include "ProcessListModel.h"
#include "RecordingJob.h"
#include "RemoteProcessList.h"
#include "SshConfigHosts.h"
#include "base/CpuList.h"
#include "base/Error.h"
#include "events/EventParser.h"

#include <QAbstractItemView>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QStackedLayout>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStringListModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <functional>
#include <limits>

namespace perfglass {

namespace {
const QString kGroup = QStringLiteral("record");
constexpr int kMaxStackSize = 65528;
constexpr int kEventsErrorLines = 2;
constexpr int kStatusLines = 3;

// The height of LINES lines of WIDGET's text with the error labels' padding.
int fixedLinesHeight(const QWidget *widget, int lines) {
    return widget->fontMetrics().lineSpacing() * lines + 8;
}

QString errorStyle() {
    return QStringLiteral("color: white; background: #b3261e; padding: 3px; border-radius: 3px;");
}

QLabel *errorLabel(QWidget *parent) {
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setStyleSheet(errorStyle());
    label->hide();
    return label;
}

// A line edit with a "Browse…" button that fills it from PICK's result (empty: unchanged).
QWidget *withBrowseButton(QLineEdit *edit, const QString &tip, std::function<QString()> pick) {
    auto *row = new QWidget(edit->parentWidget());
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto *button = new QPushButton(RecordDialog::tr("Browse…"), row);
    button->setToolTip(tip);
    layout->addWidget(button);
    QObject::connect(button, &QPushButton::clicked, edit, [edit, pick = std::move(pick)] {
        const QString chosen = pick();
        if (!chosen.isEmpty()) edit->setText(chosen);
    });
    return row;
}
// A form label whose mnemonic moves the focus to BUDDY (QFormLayout only does that for widget fields).
QLabel *buddyLabel(const QString &text, QWidget *buddy) {
    auto *label = new QLabel(text, buddy->parentWidget());
    label->setBuddy(buddy);
    return label;
}
// ~/ at the start of a path is the home directory, as a shell would read it.
QString withHome(const QString &path) {
    const QString trimmed = path.trimmed();
    return trimmed.startsWith(QStringLiteral("~/")) ? QDir::homePath() + trimmed.mid(1) : trimmed;
}
} // namespace

// Object names for the fields a test looks up with findChild.
void RecordDialog::nameParts() {
    const std::initializer_list<std::pair<QObject *, const char *>> parts = {
        {thisComputer_, "thisComputerRadio"},
        {onHost_, "remoteHostRadio"},
        {host_, "hostEdit"},
        {sshConfig_, "sshConfigEdit"},
        {remoteCli_, "remoteCliEdit"},
        {deploy_, "deployCheck"},
        {remoteProcesses_, "remoteProcessList"},
        {remoteCpus_, "remoteCpusEdit"},
        {targets_, "targetTabs"},
        {program_, "programEdit"},
        {arguments_, "argumentsEdit"},
        {workingDirectory_, "workingDirectoryEdit"},
        {environment_, "environmentTable"},
        {processFilter_, "processFilterEdit"},
        {processView_, "processView"},
        {processModel_, "processModel"},
        {cpus_, "cpuList"},
        {events_, "eventsEdit"},
        {eventsError_, "eventsError"},
        {useOffered_, "useEventsDockButton"},
        {callGraph_, "callGraphCombo"},
        {output_, "outputEdit"},
        {problemLabel_, "problemLabel"},
        {commandLabel_, "commandView"},
        {start_, "startButton"},
    };
    for (const auto &[part, name] : parts)
        part->setObjectName(QLatin1String(name));
}

void RecordDialog::setEvents(const QString &events) {
    events_->setText(events);
}

RecordDialog::RecordDialog(QWidget *parent)
    : QDialog(parent) {
    setWindowTitle(tr("Record"));
    setObjectName(QStringLiteral("recordDialog"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(createWhereArea());
    targets_ = new QTabWidget(this);
    targets_->addTab(createLaunchTab(), tr("&Launch"));
    targets_->addTab(createAttachTab(), tr("&Attach"));
    targets_->addTab(createSystemWideTab(), tr("S&ystem-wide"));
    targets_->setTabToolTip(LaunchTarget, tr("Start a program and record it, its threads and children"));
    targets_->setTabToolTip(AttachTarget, tr("Record running processes, their threads and children"));
    targets_->setTabToolTip(SystemWideTarget, tr("Record every process on the chosen CPUs"));
    layout->addWidget(targets_, 1);
    layout->addWidget(createOptions());

    layout->addWidget(createStatusArea());

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    start_ = buttons->addButton(tr("&Start Recording"), QDialogButtonBox::AcceptRole);
    start_->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &RecordDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    nameParts();
    loadSettings();
    updateHostCompletion();
    whereChanged();
    connect(targets_, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == AttachTarget && processModel_->rowCount() == 0 && !remoteProcesses_->isFetching())
            refreshProcesses();
        validate();
    });
    if (targets_->currentIndex() == AttachTarget && processModel_->rowCount() == 0 &&
        !remoteProcesses_->isFetching())
        refreshProcesses();
    validate();
    resize(760, 700); // the Record on: rows take about 60 of it
    // The first thing to fill in on the chosen tab has the focus.
    const std::array<QWidget *, 3> firstFields = {program_, processFilter_, cpus_};
    firstFields[static_cast<size_t>(std::clamp(targets_->currentIndex(), 0, 2))]->setFocus();
}

RecordDialog::~RecordDialog() = default;

// Where the recording runs: this computer, or a host over ssh. The row under the choice shows the host's
// settings, or a line about this computer in the same height: choosing moves no field below.
QWidget *RecordDialog::createWhereArea() {
    auto *area = new QWidget(this);
    auto *form = new QFormLayout(area);
    form->setContentsMargins(0, 0, 0, 0);
    thisComputer_ = new QRadioButton(tr("This co&mputer"), area);
    onHost_ = new QRadioButton(tr("Remote &host:"), area);
    onHost_->setToolTip(tr("Record on another machine over ssh (perfglass-cli record --host); the session is "
                           "saved here and the host's symbols are fetched"));
    auto *group = new QButtonGroup(area);
    group->addButton(thisComputer_);
    group->addButton(onHost_);
    thisComputer_->setChecked(true);
    host_ = new QLineEdit(area);
    host_->setPlaceholderText(tr("[user@]host[:port] as for ssh; several separated by commas"));
    host_->setToolTip(tr("The hosts to record on, all at once (one session each); each completed from the "
                         "Host entries of the ssh configuration"));
    hostNames_ = new QStringListModel(this);
    completeHostWords();
    auto *whereRow = new QHBoxLayout;
    whereRow->addWidget(thisComputer_);
    whereRow->addWidget(onHost_);
    whereRow->addWidget(host_, 1);
    form->addRow(tr("Record on:"), whereRow);

    whereDetails_ = new QStackedWidget(area);
    auto *local = new QLabel(tr("The program runs here, as you, and the session is saved here."), area);
    local->setEnabled(false);
    whereDetails_->addWidget(local);
    whereDetails_->addWidget(createRemoteDetails(area));
    form->addRow(QString(), whereDetails_);

    connect(onHost_, &QRadioButton::toggled, this, &RecordDialog::whereChanged);
    connect(host_, &QLineEdit::textEdited, this, [this] { onHost_->setChecked(true); });
    connect(host_, &QLineEdit::textChanged, this, &RecordDialog::validate);
    connect(host_, &QLineEdit::editingFinished, this, &RecordDialog::whereChanged);
    return area;
}

// The host field completes the host being typed (the last of the list) from the ssh configuration's Host
// entries; choosing one replaces only that host.
void RecordDialog::completeHostWords() {
    hostCompleter_ = new QCompleter(hostNames_, this);
    hostCompleter_->setObjectName(QStringLiteral("hostCompleter"));
    hostCompleter_->setCaseSensitivity(Qt::CaseInsensitive);
    hostCompleter_->setWidget(host_);
    connect(host_, &QLineEdit::textEdited, this, [this](const QString &text) {
        const QString word = lastHostWord(text);
        hostCompleter_->setCompletionPrefix(word);
        if (!word.isEmpty() && hostCompleter_->completionCount() > 0)
            hostCompleter_->complete();
        else
            hostCompleter_->popup()->hide();
    });
    connect(hostCompleter_, qOverload<const QString &>(&QCompleter::activated), this,
            [this](const QString &name) {
                const QString text = host_->text();
                host_->setText(text.left(text.size() - lastHostWord(text).size()) + name);
                emit host_->editingFinished();
            });
}

// The host being typed at the end of the field: the text after the last comma or space.
QString RecordDialog::lastHostWord(const QString &text) {
    qsizetype start = text.size();
    while (start > 0 && text[start - 1] != QLatin1Char(',') && !text[start - 1].isSpace())
        --start;
    return text.mid(start);
}

// The host's settings: the ssh configuration (ssh -F), the recorder there, or this build copied there.
QWidget *RecordDialog::createRemoteDetails(QWidget *parent) {
    auto *page = new QWidget(parent);
    auto *row = new QHBoxLayout(page);
    row->setContentsMargins(0, 0, 0, 0);
    sshConfig_ = new QLineEdit(page);
    sshConfig_->setPlaceholderText(tr("~/.ssh/config"));
    sshConfig_->setToolTip(tr("The ssh client configuration to use (ssh -F); empty: ssh's own"));
    remoteCli_ = new QLineEdit(page);
    remoteCli_->setPlaceholderText(tr("perfglass-cli in its PATH"));
    remoteCli_->setToolTip(tr("The perfglass-cli on the host that records there"));
    deploy_ = new QCheckBox(tr("Deploy &this build"), page);
    deploy_->setToolTip(tr("Copy this build's perfglass-cli to the host's cache once and record with it"));
    row->addWidget(buddyLabel(tr("SSH conf&ig:"), sshConfig_));
    row->addWidget(sshConfig_, 1);
    row->addWidget(buddyLabel(tr("Recorder:"), remoteCli_));
    row->addWidget(remoteCli_, 1);
    row->addWidget(deploy_);
    connect(sshConfig_, &QLineEdit::textChanged, this, &RecordDialog::validate);
    connect(sshConfig_, &QLineEdit::editingFinished, this, [this] {
        updateHostCompletion();
        whereChanged();
    });
    connect(remoteCli_, &QLineEdit::textChanged, this, &RecordDialog::validate);
    connect(deploy_, &QCheckBox::toggled, this, [this](bool deploy) {
        remoteCli_->setEnabled(!deploy); // the copy of this build is the recorder then
        validate();
    });
    return page;
}

bool RecordDialog::isRemote() const {
    return onHost_->isChecked();
}

RemoteTarget RecordDialog::remoteTarget() const {
    RemoteTarget target;
    if (!isRemote()) return target;
    target.host = host_->text().trimmed();
    target.sshConfig = withHome(sshConfig_->text());
    target.remoteCli = remoteCli_->text().trimmed();
    target.deploy = deploy_->isChecked();
    return target;
}

// Whose processes the Attach list should show: empty for this computer's.
QString RecordDialog::processListKey() const {
    const RemoteTarget target = remoteTarget();
    return target.isRemote() ? target.hosts().value(0) + QLatin1Char('\n') + target.sshConfig : QString();
}

void RecordDialog::updateHostCompletion() {
    hostNames_->setStringList(SshConfigHosts::read(withHome(sshConfig_->text())));
}

// This computer or a host was chosen, or the host changed: the fields follow, and a list of another
// machine's processes is read again (now when Attach is shown, else when it is).
void RecordDialog::whereChanged() {
    const bool remote = isRemote();
    whereDetails_->setCurrentIndex(remote ? 1 : 0);
    cpuChoice_->setCurrentIndex(remote ? 1 : 0);
    programBrowse_->setEnabled(!remote);
    directoryBrowse_->setEnabled(!remote);
    program_->setPlaceholderText(remote ? tr("Path or name of the program on the host")
                                        : tr("Path or name of the program"));
    workingDirectory_->setPlaceholderText(remote ? tr("Default: the host user's home directory")
                                                 : tr("Default: Perfglass's own working directory"));
    if (processListKey() != listedKey_) {
        processModel_->setProcesses({});
        listedKey_ = processListKey();
        processListNote_.clear();
        if (targets_->currentIndex() == AttachTarget) refreshProcesses();
    }
    validate();
}

void RecordDialog::showRemoteProcesses(const QVector<ProcessInfo> &processes) {
    const std::vector<pid_t> selected = selectedPids();
    processListNote_.clear();
    processModel_->setProcesses(processes);
    selectPids(selected);
}
// What keeps Start disabled, or else the equivalent command, in one place of a fixed height: the dialog's
// layout does not move when one replaces the other or the text grows.
QWidget *RecordDialog::createStatusArea() {
    auto *area = new QWidget(this);
    area->setObjectName(QStringLiteral("statusArea"));
    status_ = new QStackedLayout(area);
    problemLabel_ = errorLabel(area);
    problemLabel_->setStyleSheet(QString());
    problemLabel_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Read-only text that wraps anywhere and scrolls: a long command is all there, to read and copy.
    commandLabel_ = new QPlainTextEdit(area);
    commandLabel_->setReadOnly(true);
    commandLabel_->setFrameShape(QFrame::NoFrame);
    commandLabel_->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    commandLabel_->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    commandLabel_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    commandLabel_->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    commandLabel_->setStyleSheet(
        QStringLiteral("QPlainTextEdit { color: palette(mid); background: transparent; }"));
    commandLabel_->document()->setDocumentMargin(0);
    status_->addWidget(problemLabel_);
    status_->addWidget(commandLabel_);
    area->setFixedHeight(fixedLinesHeight(area, kStatusLines));
    area->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    return area;
}

void RecordDialog::offerEvents(const QString &events) {
    offeredEvents_ = events;
    useOffered_->setToolTip(events.isEmpty()
                                ? tr("Check events in the Events dock to use them here")
                                : tr("Use the events checked in the Events dock: %1").arg(events));
    if (!events.isEmpty() && !eventsTyped_) setEvents(events);
    validate();
}

QWidget *RecordDialog::createLaunchTab() {
    auto *tab = new QWidget(this);
    auto *form = new QFormLayout(tab);
    program_ = new QLineEdit(tab);
    program_->setPlaceholderText(tr("Path or name of the program"));
    QWidget *programRow = withBrowseButton(program_, tr("Choose the program to launch"), [this] {
        return QFileDialog::getOpenFileName(this, tr("Program to Record"),
                                            QFileInfo(program_->text()).absolutePath());
    });
    programBrowse_ = programRow->findChild<QPushButton *>();
    form->addRow(buddyLabel(tr("&Program:"), program_), programRow);
    arguments_ = new QLineEdit(tab);
    arguments_->setPlaceholderText(tr("Arguments, quoted as in a shell"));
    form->addRow(tr("Ar&guments:"), arguments_);
    workingDirectory_ = new QLineEdit(tab);
    workingDirectory_->setPlaceholderText(tr("Default: Perfglass's own working directory"));
    QWidget *directoryRow =
        withBrowseButton(workingDirectory_, tr("Choose the program's working directory"), [this] {
            return QFileDialog::getExistingDirectory(this, tr("Working Directory"),
                                                     workingDirectory_->text());
        });
    directoryBrowse_ = directoryRow->findChild<QPushButton *>();
    form->addRow(buddyLabel(tr("&Working directory:"), workingDirectory_), directoryRow);

    environment_ = new QTableWidget(0, 2, tab);
    environment_->setHorizontalHeaderLabels({tr("Name"), tr("Value")});
    environment_->horizontalHeader()->setStretchLastSection(true);
    environment_->verticalHeader()->hide();
    environment_->setToolTip(tr("Variables added to the program's environment"));
    environment_->setMinimumHeight(90);
    environment_->setMaximumHeight(160);
    auto *add = new QPushButton(tr("Add"), tab);
    auto *remove = new QPushButton(tr("Remove"), tab);
    connect(add, &QPushButton::clicked, this, [this] {
        const int row = environment_->rowCount();
        environment_->insertRow(row);
        environment_->setItem(row, 0, new QTableWidgetItem);
        environment_->setItem(row, 1, new QTableWidgetItem);
        environment_->setCurrentCell(row, 0);
        environment_->editItem(environment_->item(row, 0));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (environment_->currentRow() >= 0) environment_->removeRow(environment_->currentRow());
        validate();
    });
    auto *envButtons = new QVBoxLayout;
    envButtons->addWidget(add);
    envButtons->addWidget(remove);
    envButtons->addStretch();
    auto *envRow = new QHBoxLayout;
    envRow->addWidget(environment_, 1);
    envRow->addLayout(envButtons);
    form->addRow(buddyLabel(tr("&Environment:"), environment_), envRow);

    for (QLineEdit *edit : {program_, arguments_, workingDirectory_})
        connect(edit, &QLineEdit::textChanged, this, &RecordDialog::validate);
    connect(environment_, &QTableWidget::itemChanged, this, &RecordDialog::validate);
    return tab;
}

QWidget *RecordDialog::createAttachTab() {
    auto *tab = new QWidget(this);
    auto *layout = new QVBoxLayout(tab);
    auto *top = new QHBoxLayout;
    processFilter_ = new QLineEdit(tab);
    processFilter_->setPlaceholderText(tr("Filter by PID, user or command line"));
    processFilter_->setClearButtonEnabled(true);
    processFilter_->setAccessibleName(tr("Process filter"));
    auto *refresh = new QPushButton(tr("&Refresh"), tab);
    refresh->setToolTip(tr("Read the list of processes again (a remote host's through ssh)"));
    top->addWidget(processFilter_, 1);
    top->addWidget(refresh);
    layout->addLayout(top);

    processModel_ = new ProcessListModel(this);
    remoteProcesses_ = new RemoteProcessList(this);
    connect(remoteProcesses_, &RemoteProcessList::fetched, this, &RecordDialog::showRemoteProcesses);
    connect(remoteProcesses_, &RemoteProcessList::failed, this, [this](const QString &message) {
        processListNote_ = message;
        validate();
    });
    processProxy_ = new QSortFilterProxyModel(this);
    processProxy_->setSourceModel(processModel_);
    processProxy_->setFilterKeyColumn(-1);
    processProxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    processView_ = new QTableView(tab);
    processView_->setModel(processProxy_);
    processView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    processView_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    processView_->setSortingEnabled(true);
    processView_->sortByColumn(ProcessListModel::PidColumn, Qt::DescendingOrder);
    processView_->verticalHeader()->hide();
    processView_->horizontalHeader()->setStretchLastSection(true);
    processView_->setWordWrap(false);
    processView_->setAlternatingRowColors(true);
    processView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(processView_, 1);
    selectionLabel_ = new QLabel(tab);
    // A host's failure is long: it is cut here (the problem line and the tool tip have all of it) rather
    // than widen the dialog.
    selectionLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(selectionLabel_);

    connect(processFilter_, &QLineEdit::textChanged, processProxy_,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(refresh, &QPushButton::clicked, this, &RecordDialog::refreshProcesses);
    connect(processView_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RecordDialog::validate);
    return tab;
}

QWidget *RecordDialog::createSystemWideTab() {
    auto *tab = new QWidget(this);
    auto *outer = new QVBoxLayout(tab);
    outer->setContentsMargins(0, 0, 0, 0);
    cpuChoice_ = new QStackedWidget(tab);
    outer->addWidget(cpuChoice_);
    auto *local = new QWidget(cpuChoice_);
    cpuChoice_->addWidget(local);
    auto *layout = new QVBoxLayout(local);
    layout->addWidget(new QLabel(tr("Record every process on these CPUs:"), tab));
    cpus_ = new QListWidget(tab);
    cpus_->setFlow(QListView::LeftToRight);
    cpus_->setWrapping(true);
    cpus_->setResizeMode(QListView::Adjust);
    cpus_->setSpacing(4);
    for (int cpu : onlineCpus()) {
        auto *item = new QListWidgetItem(tr("CPU %1").arg(cpu), cpus_);
        item->setData(Qt::UserRole, cpu);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    layout->addWidget(cpus_, 1);
    auto *buttons = new QHBoxLayout;
    auto *all = new QPushButton(tr("All"), tab);
    auto *none = new QPushButton(tr("None"), tab);
    auto checkAll = [this](Qt::CheckState state) {
        for (int i = 0; i < cpus_->count(); ++i)
            cpus_->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Unchecked); });
    buttons->addWidget(all);
    buttons->addWidget(none);
    buttons->addStretch();
    layout->addLayout(buttons);
    auto *note = new QLabel(tr("Recording the whole system needs privileges; Perfglass asks for them through "
                               "its helper when the kernel refuses (perf_event_paranoid)."),
                            tab);
    note->setWordWrap(true);
    layout->addWidget(note);
    connect(cpus_, &QListWidget::itemChanged, this, &RecordDialog::validate);

    auto *remote = new QWidget(cpuChoice_);
    cpuChoice_->addWidget(remote);
    auto *remoteLayout = new QFormLayout(remote);
    remoteCpus_ = new QLineEdit(remote);
    remoteCpus_->setPlaceholderText(tr("All CPUs of the host; or a list such as 0-3,6"));
    remoteLayout->addRow(buddyLabel(tr("CP&Us on the host:"), remoteCpus_), remoteCpus_);
    auto *remoteNote =
        new QLabel(tr("The host's recorder records with its user's rights: its "
                      "kernel.perf_event_paranoid must allow system-wide recording (-1), or the "
                      "user must be root."),
                   remote);
    remoteNote->setWordWrap(true);
    remoteLayout->addRow(remoteNote);
    connect(remoteCpus_, &QLineEdit::textChanged, this, &RecordDialog::validate);
    return tab;
}

// The events field, the button that takes the Events dock's choice, and the place of their error.
QLayout *RecordDialog::createEventsField(QWidget *box) {
    events_ = new QLineEdit(box);
    events_->setPlaceholderText(tr("Default: cycles where supported, else cpu-clock"));
    events_->setToolTip(tr("Events in perf's syntax, e.g. cpu-clock,page-faults or sched:sched_switch"));
    // Once typed in, the field keeps what the user wrote; the button takes the Events dock's choice again.
    connect(events_, &QLineEdit::textEdited, this, [this] { eventsTyped_ = true; });
    useOffered_ = new QToolButton(box);
    useOffered_->setText(tr("From Events Dock"));
    useOffered_->setEnabled(false);
    connect(useOffered_, &QToolButton::clicked, this, [this] {
        eventsTyped_ = false;
        setEvents(offeredEvents_);
    });
    auto *eventsRow = new QHBoxLayout;
    eventsRow->addWidget(events_, 1);
    eventsRow->addWidget(useOffered_);
    // The error under the field has a place of its own, empty while there is none, so nothing moves.
    auto *errorPlace = new QWidget(box);
    errorPlace->setFixedHeight(fixedLinesHeight(errorPlace, kEventsErrorLines));
    auto *errorLayout = new QVBoxLayout(errorPlace);
    errorLayout->setContentsMargins(0, 0, 0, 0);
    eventsError_ = errorLabel(errorPlace);
    errorLayout->addWidget(eventsError_);
    errorLayout->addStretch(1);
    auto *eventsColumn = new QVBoxLayout;
    eventsColumn->addLayout(eventsRow);
    eventsColumn->addWidget(errorPlace);
    return eventsColumn;
}

QWidget *RecordDialog::createOptions() {
    auto *box = new QGroupBox(tr("Options"), this);
    auto *form = new QFormLayout(box);

    QLayout *eventsColumn = createEventsField(box);
    form->addRow(buddyLabel(tr("E&vents:"), events_), eventsColumn);

    useFrequency_ = new QRadioButton(tr("&Frequency"), box);
    frequency_ = new QSpinBox(box);
    frequency_->setRange(1, 1000000);
    frequency_->setSuffix(tr(" Hz"));
    frequency_->setValue(4000);
    usePeriod_ = new QRadioButton(tr("Every &N events"), box);
    period_ = new QSpinBox(box);
    period_->setRange(1, std::numeric_limits<int>::max());
    period_->setValue(100000);
    auto *group = new QButtonGroup(box);
    group->addButton(useFrequency_);
    group->addButton(usePeriod_);
    useFrequency_->setChecked(true);
    auto *sampling = new QHBoxLayout;
    sampling->addWidget(useFrequency_);
    sampling->addWidget(frequency_);
    sampling->addSpacing(16);
    sampling->addWidget(usePeriod_);
    sampling->addWidget(period_);
    sampling->addStretch();
    form->addRow(buddyLabel(tr("Sampling:"), useFrequency_), sampling);

    callGraph_ = new QComboBox(box);
    callGraph_->addItem(tr("None"), static_cast<int>(CallGraphMode::None));
    callGraph_->addItem(tr("Frame pointers"), static_cast<int>(CallGraphMode::FramePointer));
    callGraph_->addItem(tr("DWARF (copies the user stack)"), static_cast<int>(CallGraphMode::Dwarf));
    stackSize_ = new QSpinBox(box);
    stackSize_->setRange(8, kMaxStackSize);
    stackSize_->setSingleStep(1024);
    stackSize_->setValue(8192);
    stackSize_->setSuffix(tr(" bytes of stack"));
    stackSize_->setToolTip(tr("How much of each sampled stack to copy; a multiple of 8"));
    auto *callGraphRow = new QHBoxLayout;
    callGraphRow->addWidget(callGraph_);
    callGraphRow->addWidget(stackSize_);
    callGraphRow->addStretch();
    form->addRow(buddyLabel(tr("&Call graph:"), callGraph_), callGraphRow);

    // One row for both: a row more and the dialog outgrows small screens, where its fields then move.
    offCpu_ = new QCheckBox(tr("Off-CPU time (with sched_switch)"), box);
    offCpu_->setToolTip(tr("As perf record --off-cpu: the time threads waited, and where they waited"));
    latency_ = new QCheckBox(tr("Latency (of every thread)"), box);
    latency_->setObjectName(QStringLiteral("latency"));
    latency_->setToolTip(tr("As perf record --latency: lets the views weigh each sample by 1 / the number of "
                            "threads of its process then running"));
    auto *switchesRow = new QHBoxLayout;
    switchesRow->addWidget(offCpu_);
    switchesRow->addWidget(latency_);
    switchesRow->addStretch();
    form->addRow(tr("Context switches:"), switchesRow);

    useDuration_ = new QCheckBox(tr("Stop after"), box);
    duration_ = new QDoubleSpinBox(box);
    duration_->setRange(0.1, 24 * 3600);
    duration_->setDecimals(1);
    duration_->setValue(10);
    duration_->setSuffix(tr(" s"));
    auto *durationRow = new QHBoxLayout;
    durationRow->addWidget(useDuration_);
    durationRow->addWidget(duration_);
    durationRow->addStretch();
    form->addRow(buddyLabel(tr("&Duration:"), useDuration_), durationRow);

    output_ = new QLineEdit(box);
    form->addRow(buddyLabel(tr("&Output file:"), output_),
                 withBrowseButton(output_, tr("Choose where to save the session"), [this] {
                     return QFileDialog::getSaveFileName(this, tr("Save Session As"), output_->text(),
                                                         tr("perf.data sessions (*.data)"));
                 }));

    connect(events_, &QLineEdit::textChanged, this, &RecordDialog::validate);
    for (QSpinBox *spin : {frequency_, period_, stackSize_})
        connect(spin, &QSpinBox::valueChanged, this, &RecordDialog::validate);
    connect(duration_, &QDoubleSpinBox::valueChanged, this, &RecordDialog::validate);
    for (QAbstractButton *button :
         std::initializer_list<QAbstractButton *>{useFrequency_, usePeriod_, offCpu_, latency_, useDuration_})
        connect(button, &QAbstractButton::toggled, this, &RecordDialog::validate);
    connect(callGraph_, &QComboBox::currentIndexChanged, this, &RecordDialog::validate);
    connect(output_, &QLineEdit::textChanged, this, &RecordDialog::validate);
    return box;
}

QString RecordDialog::recordingsDirectory() {
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    if (dir.isEmpty()) return QDir::homePath();
    // Qt names it DATA/ORGANIZATION/APPLICATION; ours are both "perfglass": one is enough.
    const QStringList parts = QDir::cleanPath(dir).split(QLatin1Char('/'));
    if (parts.size() >= 2 && parts.last() == parts[parts.size() - 2])
        dir = parts.mid(0, parts.size() - 1).join(QLatin1Char('/'));
    return dir + QStringLiteral("/recordings");
}

QString RecordDialog::defaultOutputPath(const QString &directory) {
    QString dir = directory;
    // Earlier versions saved the doubled folder as the directory used last: the default it stood for.
    const QString doubled = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
                            QStringLiteral("/recordings");
    if (dir.isEmpty() || QDir::cleanPath(dir) == QDir::cleanPath(doubled)) dir = recordingsDirectory();
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    QString path = QStringLiteral("%1/perfglass-%2.data").arg(dir, stamp);
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = QStringLiteral("%1/perfglass-%2-%3.data").arg(dir, stamp).arg(n);
    return path;
}

void RecordDialog::refreshProcesses() {
    listedKey_ = processListKey();
    if (isRemote()) {
        const RemoteTarget target = remoteTarget();
        if (!target.hostProblem().isEmpty()) return;
        processListNote_ = tr("Reading the processes of %1…").arg(target.hosts().value(0));
        remoteProcesses_->fetch(target);
        validate();
        return;
    }
    processListNote_.clear();
    const std::vector<pid_t> selected = selectedPids();
    processModel_->refresh();
    selectPids(selected);
}

// Selects the rows of these processes that the list holds.
void RecordDialog::selectPids(const std::vector<pid_t> &selected) {
    QItemSelection selection;
    for (pid_t pid : selected) {
        const int row = processModel_->rowOf(pid);
        if (row < 0) continue;
        const QModelIndex index = processProxy_->mapFromSource(processModel_->index(row, 0));
        if (index.isValid()) selection.select(index, index);
    }
    processView_->selectionModel()->select(selection,
                                           QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    processView_->resizeColumnToContents(ProcessListModel::PidColumn);
    processView_->resizeColumnToContents(ProcessListModel::UserColumn);
    validate();
}

std::vector<pid_t> RecordDialog::selectedPids() const {
    std::vector<pid_t> pids;
    for (const QModelIndex &index : processView_->selectionModel()->selectedRows())
        pids.push_back(static_cast<pid_t>(index.data(ProcessListModel::PidRole).toLongLong()));
    std::sort(pids.begin(), pids.end());
    return pids;
}

std::vector<int> RecordDialog::selectedCpus() const {
    std::vector<int> cpus;
    for (int i = 0; i < cpus_->count(); ++i)
        if (cpus_->item(i)->checkState() == Qt::Checked)
            cpus.push_back(cpus_->item(i)->data(Qt::UserRole).toInt());
    return cpus;
}

RecordOptions RecordDialog::options() const {
    RecordOptions options;
    switch (targets_->currentIndex()) {
    case LaunchTarget: {
        QString program = program_->text().trimmed();
        if (!isRemote() && !program.contains(QLatin1Char('/'))) { // a host's PATH is the host's to search
            const QString found = QStandardPaths::findExecutable(program);
            if (!found.isEmpty()) program = found;
        }
        options.command.push_back(program.toStdString());
        for (const QString &word : QProcess::splitCommand(arguments_->text()))
            options.command.push_back(word.toStdString());
        options.workingDirectory = workingDirectory_->text().trimmed().toStdString();
        for (int row = 0; row < environment_->rowCount(); ++row) {
            const QTableWidgetItem *name = environment_->item(row, 0);
            const QTableWidgetItem *value = environment_->item(row, 1);
            if (!name || name->text().trimmed().isEmpty()) continue;
            options.extraEnvironment.push_back(
                (name->text().trimmed() + QLatin1Char('=') + (value ? value->text() : QString()))
                    .toStdString());
        }
        break;
    }
    case AttachTarget:
        options.pids = selectedPids();
        break;
    case SystemWideTarget: {
        options.systemWide = true;
        if (isRemote()) {
            if (!remoteCpus_->text().trimmed().isEmpty())
                options.cpus = parseCpuList(remoteCpus_->text().trimmed().toStdString());
            break;
        }
        const std::vector<int> cpus = selectedCpus();
        if (static_cast<int>(cpus.size()) != cpus_->count()) options.cpus = cpus; // all: leave empty
        break;
    }
    }
    options.events = events_->text().trimmed().toStdString();
    if (usePeriod_->isChecked())
        options.period = static_cast<uint64_t>(period_->value());
    else
        options.frequency = static_cast<uint64_t>(frequency_->value());
    options.callGraph = static_cast<CallGraphMode>(callGraph_->currentData().toInt());
    options.dwarfStackSize = static_cast<uint32_t>(stackSize_->value());
    options.offCpu = offCpu_->isChecked();
    options.latency = latency_->isChecked();
    options.durationSeconds = useDuration_->isChecked() ? duration_->value() : 0;
    options.outputPath = output_->text().trimmed().toStdString();
    return options;
}

QString RecordDialog::eventsProblem() {
    const QString text = events_->text().trimmed();
    if (text == checkedEvents_) return checkedEventsProblem_;
    checkedEvents_ = text;
    checkedEventsProblem_.clear();
    if (text.isEmpty()) return {};
    try {
        if (!parser_) parser_ = std::make_unique<EventParser>();
        parser_->parse(text.toStdString());
    } catch (const Error &error) {
        checkedEventsProblem_ = CoreMessages::text(error.message());
    }
    return checkedEventsProblem_;
}

QString RecordDialog::environmentProblem() const {
    for (int row = 0; row < environment_->rowCount(); ++row) {
        const QTableWidgetItem *name = environment_->item(row, 0);
        const QString text = name ? name->text().trimmed() : QString();
        if (text.contains(QLatin1Char('=')) || text.contains(QLatin1Char(' ')))
            return tr("Environment row %1: the name '%2' may not contain '=' or spaces.")
                .arg(row + 1)
                .arg(text);
        const QTableWidgetItem *value = environment_->item(row, 1);
        if (text.isEmpty() && value && !value->text().isEmpty())
            return tr("Environment row %1: give the variable a name.").arg(row + 1);
    }
    return {};
}

// On a host nothing is checked here that only the host knows (the program, the directory, its CPUs).
QString RecordDialog::remoteTargetProblem() const {
    const RemoteTarget target = remoteTarget();
    if (!target.isRemote()) return tr("Enter the host to record on.");
    if (const QString problem = target.hostProblem(); !problem.isEmpty()) return problem;
    if (!target.sshConfig.isEmpty() && !QFileInfo(target.sshConfig).isFile())
        return tr("No such ssh configuration file: %1").arg(target.sshConfig);
    switch (targets_->currentIndex()) {
    case LaunchTarget:
        if (program_->text().trimmed().isEmpty()) return tr("Choose the program to launch.");
        if (QProcess::splitCommand(arguments_->text()).isEmpty() && !arguments_->text().trimmed().isEmpty())
            return tr("The arguments could not be split (an unclosed quote?).");
        return environmentProblem();
    case AttachTarget:
        if (!selectedPids().empty()) return {};
        return processListNote_.isEmpty() ? tr("Select the processes to attach to.") : processListNote_;
    case SystemWideTarget:
        try {
            if (!remoteCpus_->text().trimmed().isEmpty())
                parseCpuList(remoteCpus_->text().trimmed().toStdString());
        } catch (const Error &error) {
            return tr("CPUs on the host: %1").arg(CoreMessages::text(error.message()));
        }
        return {};
    }
    return {};
}

QString RecordDialog::targetProblem() const {
    if (isRemote()) return remoteTargetProblem();
    switch (targets_->currentIndex()) {
    case LaunchTarget: {
        const QString program = program_->text().trimmed();
        if (program.isEmpty()) return tr("Choose the program to launch.");
        const QString path =
            program.contains(QLatin1Char('/')) ? program : QStandardPaths::findExecutable(program);
        const QFileInfo info(path);
        if (path.isEmpty() || !info.exists()) return tr("Program not found: %1").arg(program);
        if (!info.isFile() || !info.isExecutable()) return tr("Not an executable program: %1").arg(program);
        if (QProcess::splitCommand(arguments_->text()).isEmpty() && !arguments_->text().trimmed().isEmpty())
            return tr("The arguments could not be split (an unclosed quote?).");
        const QString dir = workingDirectory_->text().trimmed();
        if (!dir.isEmpty() && !QFileInfo(dir).isDir()) return tr("No such working directory: %1").arg(dir);
        return environmentProblem();
    }
    case AttachTarget:
        return selectedPids().empty() ? tr("Select the processes to attach to.") : QString();
    case SystemWideTarget:
        return selectedCpus().empty() ? tr("Choose at least one CPU.") : QString();
    }
    return {};
}

QString RecordDialog::optionsProblem() const {
    if (callGraph_->currentData().toInt() == static_cast<int>(CallGraphMode::Dwarf) &&
        stackSize_->value() % 8 != 0)
        return tr("The DWARF stack size must be a multiple of 8 bytes.");
    const QString output = output_->text().trimmed();
    if (output.isEmpty()) return tr("Choose the output file.");
    if (QFileInfo(output).isDir()) return tr("The output file is a directory: %1").arg(output);
    return {};
}

void RecordDialog::validate() {
    frequency_->setEnabled(useFrequency_->isChecked());
    period_->setEnabled(usePeriod_->isChecked());
    stackSize_->setEnabled(callGraph_->currentData().toInt() == static_cast<int>(CallGraphMode::Dwarf));
    duration_->setEnabled(useDuration_->isChecked());
    useOffered_->setEnabled(!offeredEvents_.isEmpty() && offeredEvents_ != events_->text().trimmed());
    QString selected = tr("Selected: %1").arg(selectedPids().size());
    if (isRemote() && remoteTarget().hosts().size() > 1)
        selected += tr(" (the processes of %1; the same process IDs are attached on every host)")
                        .arg(remoteTarget().hosts().value(0));
    selectionLabel_->setText(
        processListNote_.isEmpty() ? selected : selected + QStringLiteral(" — ") + processListNote_);
    selectionLabel_->setToolTip(processListNote_);

    const QString events = eventsProblem();
    eventsError_->setText(events);
    eventsError_->setToolTip(events);
    eventsError_->setVisible(!events.isEmpty());
    problem_ = targetProblem();
    if (problem_.isEmpty()) problem_ = events.isEmpty() ? optionsProblem() : tr("The events are not valid.");
    // The events' own error is shown under their field; the line here is for everything else.
    problemLabel_->setText(problem_);
    problemLabel_->setToolTip(problem_);
    start_->setEnabled(problem_.isEmpty());
    const QString command =
        problem_.isEmpty() ? RecordingJob::equivalentCommand(options(), remoteTarget()).join(QLatin1Char(' '))
                           : QString();
    if (commandLabel_->toPlainText() != command) commandLabel_->setPlainText(command);
    commandLabel_->setToolTip(
        command.isEmpty() ? QString() : tr("The command line that records the same way:\n%1").arg(command));
    if (!problem_.isEmpty() && events.isEmpty())
        status_->setCurrentWidget(problemLabel_);
    else
        status_->setCurrentWidget(commandLabel_);
}

void RecordDialog::accept() {
    validate();
    if (!problem_.isEmpty()) return;
    const QString dir = QFileInfo(output_->text().trimmed()).absolutePath();
    if (!QDir().mkpath(dir)) {
        problemLabel_->setText(tr("Cannot create the directory %1.").arg(dir));
        status_->setCurrentWidget(problemLabel_);
        return;
    }
    saveSettings();
    QDialog::accept();
}

void RecordDialog::loadSettings() {
    QSettings settings;
    settings.beginGroup(kGroup);
    targets_->setCurrentIndex(settings.value(QStringLiteral("target"), LaunchTarget).toInt());
    onHost_->setChecked(settings.value(QStringLiteral("remote"), false).toBool());
    host_->setText(settings.value(QStringLiteral("host")).toString());
    sshConfig_->setText(settings.value(QStringLiteral("sshConfig")).toString());
    remoteCli_->setText(settings.value(QStringLiteral("remoteCli")).toString());
    deploy_->setChecked(settings.value(QStringLiteral("deploy"), false).toBool());
    remoteCpus_->setText(settings.value(QStringLiteral("remoteCpus")).toString());
    program_->setText(settings.value(QStringLiteral("program")).toString());
    arguments_->setText(settings.value(QStringLiteral("arguments")).toString());
    workingDirectory_->setText(settings.value(QStringLiteral("workingDirectory")).toString());
    for (const QString &entry : settings.value(QStringLiteral("environment")).toStringList()) {
        const int row = environment_->rowCount();
        environment_->insertRow(row);
        environment_->setItem(row, 0, new QTableWidgetItem(entry.section(QLatin1Char('='), 0, 0)));
        environment_->setItem(row, 1, new QTableWidgetItem(entry.section(QLatin1Char('='), 1)));
    }
    events_->setText(settings.value(QStringLiteral("events")).toString());
    frequency_->setValue(settings.value(QStringLiteral("frequency"), 4000).toInt());
    period_->setValue(settings.value(QStringLiteral("period"), 100000).toInt());
    usePeriod_->setChecked(settings.value(QStringLiteral("usePeriod"), false).toBool());
    useFrequency_->setChecked(!usePeriod_->isChecked());
    callGraph_->setCurrentIndex(callGraph_->findData(settings.value(QStringLiteral("callGraph"), 1).toInt()));
    stackSize_->setValue(settings.value(QStringLiteral("dwarfStackSize"), 8192).toInt());
    offCpu_->setChecked(settings.value(QStringLiteral("offCpu"), false).toBool());
    latency_->setChecked(settings.value(QStringLiteral("latency"), false).toBool());
    useDuration_->setChecked(settings.value(QStringLiteral("useDuration"), false).toBool());
    duration_->setValue(settings.value(QStringLiteral("duration"), 10.0).toDouble());
    output_->setText(defaultOutputPath(settings.value(QStringLiteral("outputDirectory")).toString()));
}

void RecordDialog::saveSettings() const {
    QSettings settings;
    settings.beginGroup(kGroup);
    settings.setValue(QStringLiteral("target"), targets_->currentIndex());
    settings.setValue(QStringLiteral("remote"), isRemote());
    settings.setValue(QStringLiteral("host"), host_->text().trimmed());
    settings.setValue(QStringLiteral("sshConfig"), sshConfig_->text().trimmed());
    settings.setValue(QStringLiteral("remoteCli"), remoteCli_->text().trimmed());
    settings.setValue(QStringLiteral("deploy"), deploy_->isChecked());
    settings.setValue(QStringLiteral("remoteCpus"), remoteCpus_->text().trimmed());
    settings.setValue(QStringLiteral("program"), program_->text());
    settings.setValue(QStringLiteral("arguments"), arguments_->text());
    settings.setValue(QStringLiteral("workingDirectory"), workingDirectory_->text());
    QStringList environment;
    for (const auto &entry : options().extraEnvironment)
        environment << QString::fromStdString(entry);
    if (targets_->currentIndex() == LaunchTarget)
        settings.setValue(QStringLiteral("environment"), environment);
    settings.setValue(QStringLiteral("events"), events_->text());
    settings.setValue(QStringLiteral("frequency"), frequency_->value());
    settings.setValue(QStringLiteral("period"), period_->value());
    settings.setValue(QStringLiteral("usePeriod"), usePeriod_->isChecked());
    settings.setValue(QStringLiteral("callGraph"), callGraph_->currentData());
    settings.setValue(QStringLiteral("dwarfStackSize"), stackSize_->value());
    settings.setValue(QStringLiteral("offCpu"), offCpu_->isChecked());
    settings.setValue(QStringLiteral("latency"), latency_->isChecked());
    settings.setValue(QStringLiteral("useDuration"), useDuration_->isChecked());
    settings.setValue(QStringLiteral("duration"), duration_->value());
    settings.setValue(QStringLiteral("outputDirectory"), QFileInfo(output_->text().trimmed()).absolutePath());
}

} // namespace perfglass
