#include "AnnotationModel.h"

#include <QColor>
#include <QStringList>

#include <QFileInfo>
#include <QFont>
#include <algorithm>

namespace perfglass {

AnnotationModel::AnnotationModel(Kind kind, QObject *parent)
    : QAbstractTableModel(parent)
    , kind_(kind) {}

void AnnotationModel::setAnnotation(std::shared_ptr<const FunctionAnnotation> annotation) {
    beginResetModel();
    annotation_ = std::move(annotation);
    assignJumpLanes();
    endResetModel();
}

const std::vector<AnnotationModel::JumpMark> &AnnotationModel::jumpMarks(int row) const {
    static const std::vector<JumpMark> none;
    return row >= 0 && static_cast<size_t>(row) < jumpMarks_.size() ? jumpMarks_[static_cast<size_t>(row)]
                                                                    : none;
}

// Interval colouring: the shortest jumps first, each in the first lane where it overlaps no other.
void AnnotationModel::assignJumpLanes() {
    jumpMarks_.clear();
    if (!annotation_ || kind_ != Kind::Instructions) return;
    struct Jump {
        uint32_t from, to;
        uint32_t low() const { return std::min(from, to); }
        uint32_t high() const { return std::max(from, to); }
    };
    std::vector<Jump> jumps;
    for (uint32_t i = 0; i < annotation_->instructions.size(); ++i)
        if (const uint32_t target = annotation_->instructions[i].jumpTarget;
            target != kNoIndex && target != i)
            jumps.push_back({i, target});
    std::stable_sort(jumps.begin(), jumps.end(),
                     [](const Jump &a, const Jump &b) { return a.high() - a.low() < b.high() - b.low(); });
    jumpMarks_.resize(annotation_->instructions.size());
    std::vector<std::vector<std::pair<uint32_t, uint32_t>>> lanes(kJumpLanes);
    for (const Jump &jump : jumps) {
        for (uint8_t lane = 0; lane < kJumpLanes; ++lane) {
            auto &taken = lanes[lane];
            const bool overlaps = std::any_of(taken.begin(), taken.end(), [&](const auto &span) {
                return span.first <= jump.high() && jump.low() <= span.second;
            });
            if (overlaps) continue;
            taken.emplace_back(jump.low(), jump.high());
            for (uint32_t row = jump.low(); row <= jump.high(); ++row)
                jumpMarks_[row].push_back({lane, row == jump.low(), row == jump.high(), row == jump.to});
            break;
        }
    }
}

int AnnotationModel::rowCount(const QModelIndex &parent) const {
    if (parent.isValid() || !annotation_) return 0;
    return static_cast<int>(kind_ == Kind::Instructions ? annotation_->instructions.size()
                                                        : annotation_->lines.size());
}

int AnnotationModel::columnCount(const QModelIndex &parent) const {
    if (parent.isValid()) return 0;
    return kind_ == Kind::Instructions ? InlinedColumn + 1 : TextColumn + 1;
}

QString AnnotationModel::instructionText(const FunctionAnnotation &annotation,
                                         const AnnotatedInstruction &instruction) {
    QString text = QString::fromStdString(instruction.code.mnemonic);
    if (!instruction.code.operands.empty())
        text += QString(std::max<qsizetype>(1, 8 - text.size()), QLatin1Char(' ')) +
                QString::fromStdString(instruction.code.operands);
    if (instruction.jumpTarget != kNoIndex) {
        const bool backwards = instruction.jumpTarget <= annotation.instructionAt(instruction.code.address);
        text += backwards ? QStringLiteral("  \u2191 ") : QStringLiteral("  \u2193 "); // arrow up, down
        text += QStringLiteral("+0x") +
                QString::number(
                    annotation.instructions[instruction.jumpTarget].code.address - annotation.start, 16);
    } else if (!instruction.targetName.empty()) {
        text += QStringLiteral("  <") + QString::fromStdString(instruction.targetName) + QLatin1Char('>');
    }
    return text;
}

QVariant AnnotationModel::costData(uint64_t self, uint64_t inclusive, int column, int role) const {
    const double selfShare = annotation_->percent(self) / 100.0;
    const double inclusiveShare = annotation_->inclusivePercent(inclusive) / 100.0;
    if (role == SelfShareRole) return column == SelfColumn ? selfShare : QVariant();
    if (role == InclusiveShareRole) return column == InclusiveColumn ? inclusiveShare : QVariant();
    if (role == Qt::TextAlignmentRole && column <= InclusiveColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DisplayRole && column == SelfColumn)
        return self ? QStringLiteral("%1 %").arg(100.0 * selfShare, 0, 'f', 2) : QString();
    if (role == Qt::DisplayRole && column == InclusiveColumn)
        return inclusive ? QStringLiteral("%1 %").arg(100.0 * inclusiveShare, 0, 'f', 2) : QString();
    if (role == Qt::BackgroundRole && column > InclusiveColumn && selfShare > 0.005) {
        QColor heat(230, 60, 30);
        heat.setAlphaF(static_cast<float>(std::min(0.55, 0.08 + selfShare)));
        return heat;
    }
    return {};
}

QVariant AnnotationModel::instructionData(const AnnotatedInstruction &instruction, int column,
                                          int role) const {
    if (role == Qt::DisplayRole || role == SearchTextRole) {
        const QString address = QString::number(instruction.code.address, 16);
        const QString text = instructionText(*annotation_, instruction);
        const QString inlined =
            instruction.inlined.empty() ? QString() : QString::fromStdString(instruction.inlined.back());
        if (role == SearchTextRole) return address + QLatin1Char(' ') + text + QLatin1Char(' ') + inlined;
        if (column == LocationColumn) return address;
        if (column == TextColumn) return text;
        if (column == InlinedColumn) return inlined;
    }
    if (role == Qt::ToolTipRole && column == InlinedColumn && !instruction.inlined.empty()) {
        QStringList chain;
        for (const std::string &name : instruction.inlined)
            chain << QString::fromStdString(name).toHtmlEscaped();
        return tr("Inlined here (outermost first):<br>%1").arg(chain.join(QStringLiteral("<br>")));
    }
    if (role == Qt::FontRole && column >= LocationColumn && column <= TextColumn)
        return QFont(QStringLiteral("monospace"));
    return costData(instruction.self, instruction.inclusive, column, role);
}

QVariant AnnotationModel::lineData(const AnnotatedLine &line, int column, int role) const {
    if (role == Qt::DisplayRole || role == SearchTextRole) {
        const QString location = QFileInfo(QString::fromStdString(line.file)).fileName() + QLatin1Char(':') +
                                 QString::number(line.line);
        const QString text =
            line.fileFound ? QString::fromStdString(line.text) : tr("(source file not found)");
        if (role == SearchTextRole) return location + QLatin1Char(' ') + text;
        if (column == LocationColumn) return location;
        if (column == TextColumn) return text;
    }
    if (role == Qt::ToolTipRole && column == LocationColumn)
        return QString::fromStdString(line.file) + QLatin1Char(':') + QString::number(line.line);
    if (role == Qt::FontRole && column == TextColumn) return QFont(QStringLiteral("monospace"));
    if (role == Qt::ForegroundRole && column == TextColumn && !line.fileFound) return QColor(Qt::gray);
    return costData(line.self, line.inclusive, column, role);
}

QVariant AnnotationModel::data(const QModelIndex &index, int role) const {
    if (!annotation_ || !index.isValid()) return {};
    const auto row = static_cast<size_t>(index.row());
    if (kind_ == Kind::Instructions)
        return row < annotation_->instructions.size()
                   ? instructionData(annotation_->instructions[row], index.column(), role)
                   : QVariant();
    return row < annotation_->lines.size() ? lineData(annotation_->lines[row], index.column(), role)
                                           : QVariant();
}

QVariant AnnotationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case SelfColumn:
        return tr("Self");
    case InclusiveColumn:
        return tr("Inclusive");
    case LocationColumn:
        return kind_ == Kind::Instructions ? tr("Address") : tr("Line");
    case TextColumn:
        return kind_ == Kind::Instructions ? tr("Instruction") : tr("Source");
    case InlinedColumn:
        return tr("Inlined");
    default:
        return {};
    }
}

} // namespace perfglass
