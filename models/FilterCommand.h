// An undoable change of the filter a session's views show (a time range picked in the timeline, "Clear
// filter"): redo applies the filter state after, undo the one before. States are indices into the session
// document's list of filters, so that a reload can carry every state of the undo stack over to the new
// profile at once (SessionDocument).
#pragma once

#include <QUndoCommand>

#include <cstddef>
#include <functional>

namespace perfglass {

class FilterCommand : public QUndoCommand {
public:
    using Apply = std::function<void(size_t state)>;

    FilterCommand(const QString &text, size_t before, size_t after, Apply apply);

    void undo() override;
    void redo() override;

private:
    size_t before_;
    size_t after_;
    Apply apply_;
};

} // namespace perfglass
