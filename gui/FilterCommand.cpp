#include "FilterCommand.h"

namespace perfglass {

FilterCommand::FilterCommand(const QString &text, SampleFilter before, SampleFilter after, Apply apply)
    : QUndoCommand(text)
    , before_(std::move(before))
    , after_(std::move(after))
    , apply_(std::move(apply)) {}

void FilterCommand::undo() {
    apply_(before_);
}

void FilterCommand::redo() {
    apply_(after_);
}

} // namespace perfglass
