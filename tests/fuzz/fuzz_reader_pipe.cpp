// The perf.data reader on a pipe (`perf record -o - | perfglass-cli report -i -`): the input is the stream
// as a writer sent it, read from a pipe with no size and no seeking. Attributes, features and compressed
// records arrive as records.
#include "FuzzInput.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const perfglass::UniqueFd pipe = perfglass::fuzz::pipeHolding(data, size);
    perfglass::fuzz::readSession(perfglass::fuzz::pathOf(pipe));
    return 0;
}
