#include "StdinArguments.h"

#include "base/Error.h"

#include <unistd.h>

#include <cerrno>

namespace perfglass::cli {

namespace {
constexpr size_t kMaxArguments = 4096;
constexpr size_t kMaxBytes = size_t{1} << 20;
} // namespace

std::string argumentBlock(const std::vector<std::string> &arguments) {
    std::string block;
    for (const auto &argument : arguments) {
        block += 'A'; // so that an empty argument ("A\0") differs from the end of the list ("\0")
        block += argument;
        block += '\0';
    }
    block += '\0';
    return block;
}

std::vector<std::string> readArgumentBlock(int fd) {
    std::vector<std::string> arguments;
    std::string current;
    size_t total = 0;
    for (;;) {
        char byte = 0;
        const ssize_t got = ::read(fd, &byte, 1);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            throw Error(systemErrorMessage("--arguments-from-stdin: cannot read standard input", errno));
        if (got == 0)
            throw Error("--arguments-from-stdin: standard input ended inside the argument list (after " +
                        std::to_string(arguments.size()) + " arguments)");
        if (++total > kMaxBytes)
            throw Error("--arguments-from-stdin: the argument list is longer than 1 MiB");
        if (byte != '\0') {
            current += byte;
            continue;
        }
        if (current.empty()) return arguments;
        if (current.front() != 'A')
            throw Error("--arguments-from-stdin: argument " + std::to_string(arguments.size() + 1) +
                        " does not start with its mark 'A'");
        if (arguments.size() == kMaxArguments)
            throw Error("--arguments-from-stdin: more than 4096 arguments");
        arguments.push_back(current.substr(1));
        current.clear();
    }
}

} // namespace perfglass::cli
