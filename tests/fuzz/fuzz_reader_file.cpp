// The perf.data reader on a regular file: the input is the whole file (header, attributes, data section,
// feature sections), held in a memfd so that the reader maps it as it maps a finished recording.
#include "FuzzInput.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const perfglass::UniqueFd file = perfglass::fuzz::memoryFile(data, size);
    perfglass::fuzz::readSession(perfglass::fuzz::pathOf(file));
    return 0;
}
