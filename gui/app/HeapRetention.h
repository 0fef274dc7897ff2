// How the application's heap gives memory back to the system. glibc's defaults return freed memory at once:
// blocks above 128 KiB are mapped and unmapped each time, and the heap is trimmed whenever its free top
// exceeds 128 KiB. A session's load and each of its analyses then fault in fresh pages for the trees and sums
// the previous one just freed; on this project's 2-core VM that cost the g++ DWARF load about 200 ms
// (issue 32, bench/gui.sh). The application keeps freed memory for reuse instead, and gives it back when a
// session is closed.
#pragma once

namespace perfglass {

class HeapRetention {
public:
    // Keeps freed memory for reuse; call first thing in main(), before any thread starts.
    static void retainFreedMemory();
    // Gives back what is free now (a closed session's trees and profile).
    static void returnFreedMemory();
};

} // namespace perfglass
