// An undoable change of the filter every view shows (a time range picked in the timeline, "Clear filter"):
// redo applies the new filter, undo the old one, both through the function given, which re-aggregates.
#pragma once

#include "analysis/SampleFilter.h"

#include <QUndoCommand>

#include <functional>

namespace perfglass {

class FilterCommand : public QUndoCommand {
public:
    using Apply = std::function<void(const SampleFilter &)>;

    FilterCommand(const QString &text, SampleFilter before, SampleFilter after, Apply apply);

    void undo() override;
    void redo() override;

private:
    SampleFilter before_;
    SampleFilter after_;
    Apply apply_;
};

} // namespace perfglass
