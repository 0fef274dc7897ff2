#include "HeapRetention.h"

#include <QTimer>

#include <malloc.h>

namespace perfglass {

namespace {
// Blocks up to glibc's own ceiling for its adaptive threshold (32 MiB on 64-bit) come from the heap, where a
// freed one is reused; larger ones (a profile's columns) are still mapped on their own.
constexpr int kMapAbove = 32 << 20;
// The heap is not trimmed on free: returnFreedMemory() does it when a session is closed.
constexpr int kNeverTrim = 1 << 30;
} // namespace

void HeapRetention::retainFreedMemory() {
#if defined(M_MMAP_THRESHOLD) // glibc's: other C libraries tune their heaps otherwise
    mallopt(M_MMAP_THRESHOLD, kMapAbove);
    mallopt(M_TRIM_THRESHOLD, kNeverTrim);
#endif
}

void HeapRetention::returnFreedMemory() {
#if defined(M_MMAP_THRESHOLD)
    malloc_trim(0);
#endif
}

void HeapRetention::returnFreedMemorySoon() {
    QTimer::singleShot(0, [] { returnFreedMemory(); });
}

} // namespace perfglass
