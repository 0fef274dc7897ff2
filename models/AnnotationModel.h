// A table model over one side of a FunctionAnnotation: its instructions (self and inclusive share, address,
// instruction with call targets named and jumps marked with an arrow towards their target, the innermost
// inlined function) or its source lines (self and inclusive share, file:line, the line's text). Shares are of
// the function's own cost (self) and of its inclusive cost, as perfglass-cli annotate prints them; hot rows
// get a background tinted by their self share.
#pragma once

#include "annotate/FunctionAnnotation.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace perfglass {

class AnnotationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Kind { Instructions, Lines };
    enum Column { SelfColumn, InclusiveColumn, LocationColumn, TextColumn, InlinedColumn };
    enum Role {
        SelfShareRole = Qt::UserRole + 1, // 0..1 of the function's own cost
        InclusiveShareRole,               // 0..1 of its inclusive cost
        SearchTextRole,                   // what search matches: the whole row as text
    };

    explicit AnnotationModel(Kind kind, QObject *parent = nullptr);

    void setAnnotation(std::shared_ptr<const FunctionAnnotation> annotation);
    const std::shared_ptr<const FunctionAnnotation> &annotation() const { return annotation_; }
    Kind kind() const { return kind_; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Where jumps within the function pass a row of the instructions, for drawing them as arrows: each jump
    // gets a lane (shorter jumps nearer the instructions; at most kJumpLanes, longer ones keep only their
    // text arrow) and spans its rows from the jump to its target.
    static constexpr int kJumpLanes = 8;
    struct JumpMark {
        uint8_t lane = 0;
        bool first = false;  // the upper end of the jump's span
        bool last = false;   // the lower end
        bool target = false; // this end is the jump's target (draw the arrowhead)
    };
    const std::vector<JumpMark> &jumpMarks(int row) const;

    // The instruction's text as shown: mnemonic, operands, "<callee>" or a jump arrow.
    static QString instructionText(const FunctionAnnotation &annotation,
                                   const AnnotatedInstruction &instruction);

private:
    QVariant instructionData(const AnnotatedInstruction &instruction, int column, int role) const;
    QVariant lineData(const AnnotatedLine &line, int column, int role) const;
    QVariant costData(uint64_t self, uint64_t inclusive, int column, int role) const;

    void assignJumpLanes();

    Kind kind_;
    std::shared_ptr<const FunctionAnnotation> annotation_;
    std::vector<std::vector<JumpMark>> jumpMarks_; // by instruction row
};

} // namespace perfglass
