// How a remote recorder gets its arguments without a shell reading them: the local side starts
// `perfglass-cli record --arguments-from-stdin` on the host (fixed words only) and writes the arguments on
// the channel's standard input, each as 'A', its bytes and a NUL byte, the list ending with a lone NUL.
// Programs, arguments, paths and event names holding quotes, ';', '$()' or newlines arrive as they were
// given. The rest of standard input then stays open: its end is the signal to stop (StdinStopWatcher).
#pragma once

#include <string>
#include <vector>

namespace perfglass::cli {

// The block that carries arguments.
std::string argumentBlock(const std::vector<std::string> &arguments);

// Reads one block from fd, byte by byte so that nothing after it is consumed. Throws Error when the input
// ends first, holds more than 4096 arguments or 1 MiB, or cannot be read.
std::vector<std::string> readArgumentBlock(int fd);

} // namespace perfglass::cli
