#include "base/Error.h"

#include <fmt/format.h>

#include <cstring>

namespace perfglass {

FileFormatError::FileFormatError(const std::string &path, uint64_t offset, const std::string &what)
    : Error(coreMessage(MessageKind::FileFormat, path, offset, what))
    , offset_(offset) {}

std::string systemErrorMessage(const std::string &context, int errnum) {
    return fmt::format("{}: {}", context, std::strerror(errnum));
}

} // namespace perfglass
