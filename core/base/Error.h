// Exceptions thrown by the core library. Every message names what was wrong and where.
#pragma once

#include "base/Message.h"

#include <cstdint>
#include <stdexcept>
#include <string>

namespace perfglass {

// Any failure the user can act on: a missing file, a bad option, a refused system call. what() is the English
// text; message() the same as data, for the GUI to phrase in the user's language.
class Error : public std::runtime_error {
public:
    explicit Error(const std::string &text)
        : Error(textMessage(text)) {}
    explicit Error(const char *text)
        : Error(textMessage(text)) {}
    explicit Error(Message message)
        : std::runtime_error(message.english())
        , message_(std::move(message)) {}
    const Message &message() const { return message_; }

private:
    Message message_;
};

// A session file whose bytes do not follow the perf.data format.
class FileFormatError : public Error {
public:
    FileFormatError(const std::string &path, uint64_t offset, const std::string &what);
    FileFormatError(Message message, uint64_t offset)
        : Error(std::move(message))
        , offset_(offset) {}
    uint64_t offset() const { return offset_; }

private:
    uint64_t offset_;
};

// Builds "CONTEXT: strerror(errnum)" for a failed system call.
std::string systemErrorMessage(const std::string &context, int errnum);

} // namespace perfglass
