// How the application's heap gives memory back to the system. glibc's defaults give freed memory back at
// once: blocks above a threshold (128 KiB at first, raised only as such blocks are freed) are mapped and
// unmapped each time, and the heap is trimmed whenever its free top exceeds twice that. A session's load and
// each of its analyses then fault in fresh pages for the trees and sums the previous one just freed; on this
// project's 2-core VM that cost the g++ DWARF load about 200 ms (issue 32, bench/gui.sh). The application
// keeps freed memory for reuse instead, and gives it back when a session is closed.
#pragma once

namespace perfglass {

class HeapRetention {
public:
    // Keeps freed memory for reuse; call first thing in main(), before any thread starts.
    static void retainFreedMemory();
    // Gives back what is free now (a closed session's trees and profile).
    static void returnFreedMemory();
    // The same from the event loop's next turn: for a closed window's or page's destroyed(), once what its
    // children's destruction freed is free.
    static void returnFreedMemorySoon();
};

} // namespace perfglass
