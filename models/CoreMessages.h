// The core's messages (base/Message.h: errors, the loader's and the recorder's notices) in the user's
// language: one tr() phrasing per kind, taking the arguments the core's English phrasing takes. A plain
// message (MessageKind::Text) has no phrasing of its own and is shown in English, as the core wrote it.
#pragma once

#include "base/Message.h"

#include <QString>

namespace perfglass {

class CoreMessages {
public:
    static QString text(const Message &message);
};

} // namespace perfglass
