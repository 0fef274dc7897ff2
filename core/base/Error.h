// Exceptions thrown by the core library. Every message names what was wrong and where.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace perfglass {

// Any failure the user can act on: a missing file, a bad option, a refused system call.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A session file whose bytes do not follow the perf.data format.
class FileFormatError : public Error {
public:
    FileFormatError(const std::string &path, uint64_t offset, const std::string &what);
    uint64_t offset() const { return offset_; }

private:
    uint64_t offset_;
};

// Builds "CONTEXT: strerror(errnum)" for a failed system call.
std::string systemErrorMessage(const std::string &context, int errnum);

} // namespace perfglass
