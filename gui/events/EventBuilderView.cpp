#include "EventBuilderView.h"

#include "BuiltEventList.h"

#include "base/Error.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QVBoxLayout>
#include <QValidator>

namespace perfglass {

namespace {

std::optional<uint64_t> parseNumber(const QString &text) {
    bool ok = false;
    const QString trimmed = text.trimmed();
    const bool hex = trimmed.startsWith(QLatin1String("0x"), Qt::CaseInsensitive);
    const qulonglong value = hex ? trimmed.mid(2).toULongLong(&ok, 16) : trimmed.toULongLong(&ok, 10);
    if (!ok) return std::nullopt;
    return value;
}

// Decimal or 0x-hexadecimal numbers up to a largest value; anything above it cannot be typed.
class NumberValidator : public QValidator {
public:
    NumberValidator(uint64_t largest, QObject *parent)
        : QValidator(parent)
        , largest_(largest) {}

    State validate(QString &input, int &) const override {
        const QString text = input.trimmed();
        if (text.isEmpty() || text.compare(QLatin1String("0x"), Qt::CaseInsensitive) == 0)
            return Intermediate;
        const std::optional<uint64_t> value = parseNumber(text);
        return value && *value <= largest_ ? Acceptable : Invalid;
    }

private:
    uint64_t largest_;
};

} // namespace

EventBuilderView::EventBuilderView(QWidget *parent)
    : QWidget(parent)
    , pmu_(new QComboBox(this))
    , named_(new QComboBox(this))
    , fieldsBox_(new QWidget(this))
    , precise_(new QComboBox(this))
    , sampling_(new QComboBox(this))
    , samplingValue_(new QLineEdit(this))
    , name_(new QLineEdit(this))
    , result_(new QLineEdit(this))
    , status_(new QLabel(this))
    , add_(new QPushButton(tr("&Add"), this))
    , list_(new BuiltEventList(this)) {
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(createEventBox(), 3);
    layout->addWidget(createListBox(), 2);
    connect(pmu_, &QComboBox::currentIndexChanged, this, &EventBuilderView::showPmu);
    connect(named_, &QComboBox::currentIndexChanged, this, &EventBuilderView::prefill);
    connect(add_, &QPushButton::clicked, this, &EventBuilderView::addCurrent);
    connect(list_, &BuiltEventList::eventsChanged, this, [this] { emit eventsChanged(events()); });
    setSysfsRoot(PmuCatalog::kDefaultRoot);
}

QWidget *EventBuilderView::createEventBox() {
    auto *box = new QGroupBox(tr("Build an event"), this);
    auto *form = new QFormLayout(box);
    pmu_->setAccessibleName(tr("PMU"));
    pmu_->setToolTip(tr("The PMUs of /sys/bus/event_source/devices that have format fields"));
    form->addRow(tr("&PMU:"), pmu_);
    named_->setAccessibleName(tr("Named event"));
    named_->setToolTip(tr("A named event of the PMU (its events/ directory) fills in the fields"));
    form->addRow(tr("&Named event:"), named_);
    fields_ = new QFormLayout(fieldsBox_);
    fields_->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(box);
    scroll->setWidget(fieldsBox_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    form->addRow(tr("Fields:"), scroll);

    auto *mods = new QHBoxLayout;
    const std::pair<char, QString> modifiers[] = {{'u', tr("&user")},
                                                  {'k', tr("&kernel")},
                                                  {'h', tr("&hypervisor")},
                                                  {'e', tr("e&xclusive")},
                                                  {'D', tr("pinne&d")}};
    for (const auto &[letter, label] : modifiers) {
        auto *check = new QCheckBox(label, box);
        check->setChecked(letter == 'u' || letter == 'k' || letter == 'h');
        connect(check, &QCheckBox::toggled, this, &EventBuilderView::updateResult);
        modifiers_[letter] = check;
        mods->addWidget(check);
    }
    precise_->addItems(
        {tr("not precise"), tr("p: constant skid"), tr("pp: asks for 0 skid"), tr("ppp: must have 0 skid")});
    precise_->setAccessibleName(tr("Precise level"));
    mods->addWidget(precise_);
    mods->addStretch(1);
    form->addRow(tr("Modifiers:"), mods);

    sampling_->addItems(
        {tr("recording's default"), tr("every N events (period)"), tr("N per second (frequency)")});
    samplingValue_->setValidator(new NumberValidator(UINT64_MAX, samplingValue_));
    samplingValue_->setAccessibleName(tr("Period or frequency"));
    auto *samplingRow = new QHBoxLayout;
    samplingRow->addWidget(sampling_);
    samplingRow->addWidget(samplingValue_, 1);
    form->addRow(tr("Sampling:"), samplingRow);
    name_->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_.-]*")), name_));
    name_->setPlaceholderText(tr("optional, shown in reports"));
    form->addRow(tr("Na&me:"), name_);

    result_->setReadOnly(true);
    result_->setAccessibleName(tr("Event in perf's syntax"));
    auto *resultRow = new QHBoxLayout;
    resultRow->addWidget(result_, 1);
    resultRow->addWidget(add_);
    form->addRow(tr("Result:"), resultRow);
    status_->setWordWrap(true);
    form->addRow(QString(), status_);
    for (QComboBox *combo : {precise_, sampling_})
        connect(combo, &QComboBox::currentIndexChanged, this, &EventBuilderView::updateResult);
    for (QLineEdit *edit : {samplingValue_, name_})
        connect(edit, &QLineEdit::textChanged, this, &EventBuilderView::updateResult);
    return box;
}

QWidget *EventBuilderView::createListBox() {
    auto *box = new QGroupBox(tr("Built events"), this);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(list_, 1);
    auto *buttons = new QHBoxLayout;
    auto *ungroup = new QPushButton(tr("Un&group"), box);
    ungroup->setToolTip(tr("Split the selected group into its events"));
    auto *remove = new QPushButton(tr("&Remove"), box);
    buttons->addWidget(ungroup);
    buttons->addWidget(remove);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(ungroup, &QPushButton::clicked, this, [this] { list_->ungroupRow(list_->currentRow()); });
    connect(remove, &QPushButton::clicked, this, [this] {
        delete list_->takeItem(list_->currentRow());
        emit eventsChanged(events());
    });
    return box;
}

void EventBuilderView::setSysfsRoot(const std::string &root) {
    parser_ = EventParser(PmuCatalog::load(root), TracepointCatalog());
    const QSignalBlocker blocker(pmu_);
    pmu_->clear();
    for (const Pmu &pmu : parser_.pmus().pmus())
        if (!pmu.formats.empty())
            pmu_->addItem(QString::fromStdString(pmu.name), QString::fromStdString(pmu.name));
    pmu_->setCurrentIndex(pmu_->findData(QStringLiteral("cpu")) >= 0 ? pmu_->findData(QStringLiteral("cpu"))
                                                                     : 0);
    showPmu(pmu_->currentIndex());
}

const Pmu *EventBuilderView::currentPmu() const {
    return pmu_->currentIndex() < 0 ? nullptr
                                    : parser_.pmus().find(pmu_->currentData().toString().toStdString());
}

void EventBuilderView::showPmu(int) {
    while (fields_->rowCount() > 0)
        fields_->removeRow(0);
    fieldEdits_.clear();
    {
        const QSignalBlocker blocker(named_);
        named_->clear();
        named_->addItem(tr("(none: set the fields)"));
    }
    const Pmu *pmu = currentPmu();
    if (pmu) {
        for (const PmuEvent &event : pmu->events)
            named_->addItem(QString::fromStdString(event.name), QString::fromStdString(event.name));
        for (const PmuFormat &format : pmu->formats) {
            auto *edit = new QLineEdit(fieldsBox_);
            const QString name = QString::fromStdString(format.name());
            edit->setObjectName(QStringLiteral("field-") + name);
            edit->setAccessibleName(name);
            edit->setValidator(new NumberValidator(format.maxValue(), edit));
            edit->setPlaceholderText(tr("0 to 0x%1").arg(format.maxValue(), 0, 16));
            const QString bits = QString::fromStdString(format.describe());
            edit->setToolTip(tr("Bits %1; at most 0x%2").arg(bits).arg(format.maxValue(), 0, 16));
            fields_->addRow(QStringLiteral("%1 (%2)").arg(name, bits), edit);
            fieldEdits_[name] = edit;
            connect(edit, &QLineEdit::textChanged, this, &EventBuilderView::updateResult);
        }
    }
    updateResult();
}

void EventBuilderView::prefill(int index) {
    const Pmu *pmu = currentPmu();
    if (!pmu) return;
    for (auto &[name, edit] : fieldEdits_) {
        const QSignalBlocker blocker(edit);
        edit->clear();
    }
    const PmuEvent *event =
        index > 0 ? pmu->findEvent(named_->itemData(index).toString().toStdString()) : nullptr;
    if (event) {
        for (const auto &[field, value] : EventBuilder::prefill(*pmu, *event)) {
            QLineEdit *edit = fieldEdit(QString::fromStdString(field));
            const QSignalBlocker blocker(edit);
            edit->setText(value < 10 ? QString::number(value) : QStringLiteral("0x%1").arg(value, 0, 16));
        }
    }
    updateResult();
}

QLineEdit *EventBuilderView::fieldEdit(const QString &field) const {
    const auto found = fieldEdits_.find(field);
    return found == fieldEdits_.end() ? nullptr : found->second;
}

QCheckBox *EventBuilderView::modifierBox(char modifier) const {
    const auto found = modifiers_.find(modifier);
    return found == modifiers_.end() ? nullptr : found->second;
}

std::optional<BuiltEvent> EventBuilderView::builtEvent() const {
    const Pmu *pmu = currentPmu();
    if (!pmu) return std::nullopt;
    BuiltEvent event;
    event.pmu = pmu->name;
    for (const PmuFormat &format : pmu->formats) {
        const QString text = fieldEdit(QString::fromStdString(format.name()))->text();
        if (text.trimmed().isEmpty()) continue;
        const std::optional<uint64_t> value = parseNumber(text);
        if (!value) return std::nullopt;
        event.fields.emplace_back(format.name(), *value);
    }
    event.user = modifiers_.at('u')->isChecked();
    event.kernel = modifiers_.at('k')->isChecked();
    event.hypervisor = modifiers_.at('h')->isChecked();
    event.exclusive = modifiers_.at('e')->isChecked();
    event.pinned = modifiers_.at('D')->isChecked();
    event.precise = static_cast<unsigned>(precise_->currentIndex());
    const std::optional<uint64_t> sampling = parseNumber(samplingValue_->text());
    if (sampling_->currentIndex() > 0 && (!sampling || *sampling == 0)) return std::nullopt;
    if (sampling_->currentIndex() == 1) event.period = *sampling;
    if (sampling_->currentIndex() == 2) event.frequency = *sampling;
    event.name = name_->text().toStdString();
    return event;
}

void EventBuilderView::updateResult() {
    samplingValue_->setEnabled(sampling_->currentIndex() > 0);
    result_->clear();
    add_->setEnabled(false);
    const std::optional<BuiltEvent> event = builtEvent();
    if (!event) {
        status_->setText(currentPmu() ? tr("Give the period or frequency a number above 0.")
                                      : tr("No PMU with format fields here."));
        return;
    }
    try {
        const std::string text = EventBuilder::text(*currentPmu(), *event);
        result_->setText(QString::fromStdString(text));
        const std::vector<EventSpec> specs = parser_.parse(text); // the CLI's parser has the last word
        const perf_event_attr &attr = specs.front().attr;
        status_->setText(tr("Valid: type %1, config 0x%2, config1 0x%3, config2 0x%4")
                             .arg(attr.type)
                             .arg(attr.config, 0, 16)
                             .arg(attr.config1, 0, 16)
                             .arg(attr.config2, 0, 16));
        add_->setEnabled(true);
    } catch (const Error &error) {
        status_->setText(tr("Not valid: %1").arg(QString::fromStdString(error.what())));
    }
}

void EventBuilderView::addCurrent() {
    if (!result_->text().isEmpty()) list_->addEvent(result_->text());
}

QString EventBuilderView::events() const {
    return list_->events().join(QLatin1Char(','));
}

} // namespace perfglass
