#include "FilterCommand.h"

#include <utility>

namespace perfglass {

FilterCommand::FilterCommand(const QString &text, size_t before, size_t after, Apply apply)
    : QUndoCommand(text)
    , before_(before)
    , after_(after)
    , apply_(std::move(apply)) {}

void FilterCommand::undo() {
    apply_(before_);
}

void FilterCommand::redo() {
    apply_(after_);
}

} // namespace perfglass
