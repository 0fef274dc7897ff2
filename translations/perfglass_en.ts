<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US" sourcelanguage="en_US">
<context>
    <name>CoreMessages</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a directory, not a perf.data file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty, not a perf.data file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a perf.data file (it does not start with PERFILE2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the data size in the header is 0 (the recorder did not finish); read up to the last complete record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the feature section index at byte %2 is cut short; header information (host, command line, event names) is missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: feature section %3 (byte %2, at offset %4, size %5) lies outside the file and was ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the %3 feature section at byte %2 is malformed and was ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2; the incomplete record was ignored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the kernel symbols %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No symbols for %1 (%n address(es) unnamed): %3</source>
        <translation>
            <numerusform>No symbols for %1 (%n address(es) unnamed): %3</numerusform>
            <numerusform>No symbols for %1 (%n address(es) unnamed): %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No kernel symbols (%n kernel address(es) unnamed): /proc/kallsyms is unreadable or from another kernel.</source>
        <translation>
            <numerusform>No kernel symbols (%n kernel address(es) unnamed): /proc/kallsyms is unreadable or from another kernel.</numerusform>
            <numerusform>No kernel symbols (%n kernel address(es) unnamed): /proc/kallsyms is unreadable or from another kernel.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 DWARF-unwound stacks end early (%3); they are shown under &quot;%4&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to record: choose a program, processes or the whole system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose only one target: a program, processes or the whole system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters are read at most every millisecond: give an interval of 1 ms or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1 is not online (online CPUs: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot attach to process %1: there is no such process.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot attach to thread %1: there is no such thread.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot attach to process %1 (%2): it has exited and waits for its parent to collect its exit status (a zombie); there is nothing left to record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot attach to thread %1 (%2): it has exited and waits for its parent to collect its exit status (a zombie); there is nothing left to record.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no program to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run %1: there is no such executable file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The working directory %1 does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program exited before it could start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-CPU: %1 is not available (%2); context switches are recorded without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-CPU: %1 cannot be opened (%2); context switches are recorded without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The frequency was lowered from %1 Hz to the kernel&apos;s maximum of %2 Hz (kernel.perf_event_max_sample_rate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the frequency %2 Hz was lowered to the kernel&apos;s maximum of %3 Hz.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel samples need more privilege than this user has (kernel.perf_event_paranoid = %1): only user space is recorded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: this kernel cannot read counters on samples of threads created later (:S); only the threads that exist now are recorded with it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) is a kernel thread: it has no user space, so it gives kernel samples only, and none while it sleeps. Record the whole system to see the kernel&apos;s work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) is a kernel thread: it has no user space, and this user may record user space only (kernel.perf_event_paranoid = %3), so nothing of it is recorded. Kernel samples need root or CAP_PERFMON, or a system-wide recording through the privileged helper.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters: &apos;%1&apos; is not counted: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1; perf will not read the tracepoint samples.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported by this kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported by this kernel (no such tracepoint)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported by the hardware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not supported by the hardware (no PMU for it on this CPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>needs privileges (perf_event_paranoid=%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rejected by the PMU (invalid attributes for it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PMU is busy (used exclusively by another event)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too many open files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no id in tracefs (an event of ftrace itself, which perf_event_open cannot open)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel symbols could not be kept for reports run as this user (%1); they will need --kallsyms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The build-id cache %1 was not filled (%3 files not kept: %2). The recording is complete, but reports after the recorded files change cannot name their functions.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CostFormat</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; 0.1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2 ms of each %3 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CounterChart</name>
    <message>
        <source>CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1%2/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1, all threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process %1 (%2), all threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: time counted on each CPU / wall time (a CPU&apos;s clock also counts idle time: not busy time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: busy share of one CPU (CPU time / wall time of each interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: CPUs utilized (CPU time / wall time of each interval)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: events per second of wall time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · multiplexed: counted as little as %1 of the time, counts scaled up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of CPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GrowthMark</name>
    <message>
        <source>Partial: %1 % read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is still being read: the views grow as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>so far (%1 % of the file read)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live: %1 s recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session is still arriving: the views grow as it does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>so far (still arriving)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped: %1 s read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Following the stream was stopped: the views show what was read until then, and the rest of the stream was not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the rest of the stream was not read)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>standard input</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineRows</name>
    <message>
        <source>CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>swapper (idle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[unknown]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 in %3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Perfglass, a Linux profiler: shows perf.data sessions as flame graphs and call trees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--screenshot needs a FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for binaries under DIR first (DIR/usr/lib/x.so).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for binaries not found where they were recorded in DIR (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also look for separate debug files in DIR (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel symbols file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask these debuginfod servers (space-separated URLs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for source files in DIR (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare FILE (the baseline) with COMPARISON once FILE is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--compare needs a FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open FILE, save a picture of the window to PNG once it is shown (with --compare, of the comparison window), and quit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions to open, one tab each (perf.data format or an archive; default: ./perf.data if it exists).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The build-id cache to look for the files that ran in, by build id, before their recorded paths (default: $PERF_BUILDID_DIR, else ~/.debug), as perf&apos;s --buildid-dir.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not look in the user&apos;s build-id cache (--buildid-dir, $PERF_BUILDID_DIR or ~/.debug).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a stream (FILE -) and the live view of a recording again every SECONDS (1 to 60; default: the Recording dock&apos;s setting, 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--refresh %1: a whole number of seconds from %2 to %3 was expected.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::AnnotationModel</name>
    <message>
        <source>Inlined here (outermost first):&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(source file not found)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inlined</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::BuiltEventList</name>
    <message>
        <source>Built events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drag an event onto another to count them as a group; between rows to reorder</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CallTreeModel</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Inclusive: %3 (%4)&lt;br&gt;Self: %5 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inclusive time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inclusive count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of all samples whose call stack passes through this call path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of all samples taken in this function itself, on this call path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top level: share of all samples taken in this function; below: the part of it reached through this chain of callers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source file and line of the function where most of its samples are (from DWARF debug information)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top level: share of all samples taken in this function itself (its self cost, as in the flat profile); callers below it have none of their own here</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CallTreeView</name>
    <message>
        <source>Filter by function or module (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter the call tree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CallerCalleeModel</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; calls &lt;b&gt;%2&lt;/b&gt;&lt;br&gt;%3 of all samples (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of all samples in which the selected function was called from this caller</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of all samples spent in this callee (inclusive) when the selected function called it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;%1 is inline code here, inlined into its own caller&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Location</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CallerCalleeView</name>
    <message>
        <source>Callers of the selected function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callees of the selected function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This function has no samples here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — inclusive %2 (%3), self %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, own code inlined into callers %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the function shown before (Alt+Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward again (Alt+Right)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search functions and modules…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search functions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All functions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a function in the list, the flame graph or a call tree to see its callers and callees.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CompareWindow</name>
    <message>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the baseline&apos;s call stacks, with the frames that vanished in the comparison, instead of the comparison&apos;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The colour of a frame is the change of its share of all samples, relative to the largest change of any frame: red where it grew, blue where it shrank. Frames new in the comparison are full red, frames that vanished (Baseline Shape) full blue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Differential Flame Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare: %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline: &lt;b&gt;%1&lt;/b&gt; (%2 samples) → Comparison: &lt;b&gt;%3&lt;/b&gt; (%4 samples)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grew</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A little</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shrank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a frame to zoom in, right-click it to show it in the diff tree or copy its name; Escape goes back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two selections of one session, each with its own filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Costs and changes in seconds of %1 instead of shares of each side&apos;s total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds need a time event (such as cpu-clock) counted by its period on both sides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>processes by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>processes whose names it lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads by name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads whose names it lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transforms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transforms about code it lacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the time range (it belongs to the baseline&apos;s timeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter carried over to the comparison: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not carried over: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in Bottom-Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in Top-Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-down diff tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom-up diff tree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CounterChartWidget</name>
    <message>
        <source>Counter charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; %2: &lt;b&gt;%3&lt;/b&gt; (%4 in %5 ms)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, counted %1 % of the time (multiplexed, scaled)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::CountersView</name>
    <message>
        <source>&lt;p&gt;This session has no counter series.&lt;/p&gt;&lt;p&gt;Counter series are counts read every interval, per CPU or per thread. Record a session with them using&lt;br&gt;&lt;tt&gt;perfglass-cli stat -o FILE -a -I 100 -e task-clock,context-switches -- COMMAND&lt;/tt&gt;&lt;br&gt;and open FILE here.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::DiffFlameGraphModel</name>
    <message>
        <source>&lt;br&gt;&lt;b&gt;New in the comparison&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Vanished in the comparison&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline: %1 · Comparison: %2 · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change: %1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change: %1 points</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::DiffTreeModel</name>
    <message>
        <source>%1 (inlined)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
Module: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self Delta</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::EventBuilderView</name>
    <message>
        <source>&amp;Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build an event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PMU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PMUs of /sys/bus/event_source/devices that have format fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;PMU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Named event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A named event of the PMU (its events/ directory) fills in the fields</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Named event:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fields:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;user</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;hypervisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e&amp;xclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pinne&amp;d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not precise</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p: constant skid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pp: asks for 0 skid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ppp: must have 0 skid</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precise level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modifiers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recording&apos;s default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every N events (period)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N per second (frequency)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Period or frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional, shown in reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event in perf&apos;s syntax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Un&amp;group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Split the selected group into its events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none: set the fields)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>0 to 0x%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits %1; at most 0x%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the period or frequency a number above 0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No PMU with format fields here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Valid: type %1, config 0x%2, config1 0x%3, config2 0x%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not valid: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::EventListModel</name>
    <message>
        <source>Hardware events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Software events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hardware cache events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PMUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracepoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raw events and breakpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tracepoints cannot be listed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no named events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 open now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes, system-wide only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes, user mode only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>also written %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale %1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, system-wide only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; format fields: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PMU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(type %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on CPUs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(system-wide only: record with -a or -C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No format fields.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Field</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write raw terms as %1, e.g. %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opens now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>type %1, config %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>config1 %1, config2 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Description</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format not readable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Terms: period=N, freq=N, name=TEXT, e.g. %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::EventsView</name>
    <message>
        <source>Only events that open now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search events (name, PMU, description)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide the events this machine or this user cannot open now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List and probe the events again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an event to see its attribute, description and terms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uncheck every event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing and probing events…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 events open now for this user (kernel.perf_event_paranoid = %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check events above, or build them, to record them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The checked events in perf&apos;s syntax, in the order they were checked, then the built ones</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;List</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Builder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build a PMU event from its format fields, and groups of events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::ExportJob</name>
    <message>
        <source>SVG flame graph (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedscope JSON (*.speedscope.json *.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapsed stacks (*.collapsed *.txt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pprof profile (*.pb.gz)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Firefox Profiler (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heat map page (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::ExportMenu</name>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flame Graph as &amp;SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>speedscope &amp;JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Collapsed Stacks…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;pprof Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Firefox Profiler…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export what the views show, with the current filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Heat Map Page (HTML)…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FilterBar</name>
    <message>
        <source>Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count only the samples taken on the CPUs checked here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the views show the whole session. Drag in the timeline, or right-click a function, to filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs: all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus on function: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapsed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapsed recursion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapsed recursion: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapsed direct recursion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapsed direct recursion: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel frames hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[collapsed library]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden thread: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden threads: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time: %1 s – %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the samples taken in this time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the samples of these processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the samples of these threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the samples taken on these CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;All CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show CPUs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the samples taken in these heat map cells: the same part of each column in this time range</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphModel</name>
    <message>
        <source>all samples</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphView</name>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all samples (Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The zoomed call path; click a caller to zoom out to it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search functions (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search functions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All samples: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 — %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Application</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of samples match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broken stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the previous zoom (Escape, or a right click off the frames)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click a frame to zoom in, right-click it to focus, merge or hide it; Escape goes back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inlined (paler, dashed outline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JIT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Icicle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draw the root on top and callees below it (an icicle graph)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A bottom-up flame graph: the functions samples end in next to the root, their callers beyond them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge &lt; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frames cheaper than this share of the shown frame are drawn as one hatched &quot;small frames&quot; block, whose tooltip names them. At 0 only frames narrower than a pixel merge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom-up: the functions samples end in, their callers beyond them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphWidget</name>
    <message>
        <source>Flame graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session has no samples for its event.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a session with File ▸ Open… or drop a perf.data file here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n small frame(s)</source>
        <translation>
            <numerusform>%n small frame</numerusform>
            <numerusform>%n small frames</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;All samples&lt;/b&gt;&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Inclusive: %3 of all samples (%4)&lt;br&gt;Self: %5 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Of the zoomed frame: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n small frame(s)&lt;/b&gt;, each below %1 of the shown cost&lt;br&gt;together %2 of all samples (%3)</source>
        <translation>
            <numerusform>&lt;b&gt;%n small frame&lt;/b&gt;, each below %1 of the shown cost&lt;br&gt;together %2 of all samples (%3)</numerusform>
            <numerusform>&lt;b&gt;%n small frames&lt;/b&gt;, each below %1 of the shown cost&lt;br&gt;together %2 of all samples (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Lower the merge threshold, or click their parent frame to zoom in, to see them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Making the bottom-up flame graph…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FrameActions</name>
    <message>
        <source>Hide &amp;Kernel Frames</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove kernel frames from every stack; their cost goes to the user-space function that entered the kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Focus on Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus on This &amp;Call Path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus on call path %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Merge Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Drop Samples with Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop samples with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse &amp;Library %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse library %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse &amp;Recursion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse recursion of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse Direct Recursion &amp;Only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Collapse direct recursion of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cop&amp;y Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sho&amp;w Source &amp;&amp; Disassembly</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FrameDetails</name>
    <message>
        <source> (inlined)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::FunctionListModel</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Self: %3 (%4)&lt;br&gt;Inclusive: %5 (%6)&lt;br&gt;On the stack of %n sample(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Self: %3 (%4)&lt;br&gt;Inclusive: %5 (%6)&lt;br&gt;On the stack of %n sample</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Self: %3 (%4)&lt;br&gt;Inclusive: %5 (%6)&lt;br&gt;On the stack of %n samples</numerusform>
        </translation>
    </message>
    <message>
        <source>Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::HeatmapView</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The time each cell covers: one column is one second (or a fraction of a second in short sessions, several seconds in sessions longer than an hour)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Colour the cells by their samples, or by the cost every view counts (CPU time, events or off-CPU time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Bucket:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;olour by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) in a cell</source>
        <translation>
            <numerusform>%n sample in a cell</numerusform>
            <numerusform>%n samples in a cell</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::HeatmapWidget</name>
    <message>
        <source>No samples to show.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 s to %2 s: %n sample(s), %3</source>
        <translation>
            <numerusform>%1 s to %2 s: %n sample, %3</numerusform>
            <numerusform>%1 s to %2 s: %n samples, %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them in the selected function</source>
        <translation>
            <numerusform>%n of them in the selected function</numerusform>
            <numerusform>%n of them in the selected function</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::MainWindow</name>
    <message>
        <source>Perfglass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Rece&amp;nt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Perfglass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Perfglass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Perfglass %1&lt;/h3&gt;&lt;p&gt;A Linux profiler: records with perf_event_open, stores sessions as perf.data, shows them as flame graphs and call trees.&lt;/p&gt;&lt;p&gt;License: GPL-2.0-or-later.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Perfglass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Perfglass could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the whole session in every view again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the session&apos;s file again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbol &amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where binaries, debug files, kernel symbols and sources are looked for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Readable Na&amp;mes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shorten C++ names: no default template arguments, template arguments as &lt;…&gt;, parameter lists only for overloads. Tooltips, copies and exports keep the full names.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add %1 to the source paths of the Symbol Settings, for later sessions too?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perf.data sessions and their archives (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst *.tar);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with Open Sess&amp;ion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No other session is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Docks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Stream…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show a session as it arrives: a named pipe that perf record -o - writes into, or a file still being written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;top Following the Stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read no more of the stream shown: the views keep what was read, marked as stopped</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::ProcessGroupingActions</name>
    <message>
        <source>&amp;Not by Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By &amp;Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>By Process and &amp;Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide &amp;Idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One root box per process in the flame graph and the trees</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One root box per process, and one per thread below it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leave out the idle task (PID 0, swapper): the time the CPUs had nothing to run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Group Stacks</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::ProcessListModel</name>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::RecentFilesMenu</name>
    <message>
        <source>&amp;Clear List</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::RecordDialog</name>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ystem-wide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a program and record it, its threads and children</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record running processes, their threads and children</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record every process on the chosen CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Start Recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path or name of the program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Program:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the program to launch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program to Record</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments, quoted as in a shell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ar&amp;guments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: Perfglass&apos;s own working directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Working directory:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the program&apos;s working directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables added to the program&apos;s environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter by PID, user or command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record every process on these CPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording the whole system needs privileges; Perfglass asks for them through its helper when the kernel refuses (perf_event_paranoid).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: cycles where supported, else cpu-clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events in perf&apos;s syntax, e.g. cpu-clock,page-faults or sched:sched_switch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;vents:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Frequency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Hz</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every &amp;N events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampling:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frame pointers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DWARF (copies the user stack)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> bytes of stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much of each sampled stack to copy; a multiple of 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Call graph:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose where to save the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perf.data sessions (*.data)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the program to launch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not an executable program: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The arguments could not be split (an unclosed quote?).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such working directory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment row %1: the name &apos;%2&apos; may not contain &apos;=&apos; or spaces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment row %1: give the variable a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the processes to attach to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose at least one CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The DWARF stack size must be a multiple of 8 bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the output file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output file is a directory: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The events are not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the directory %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check events in the Events dock to use them here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the events checked in the Events dock: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From Events Dock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command line that records the same way:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As perf record --latency: lets the views weigh each sample by 1 / the number of threads of its process then running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-CPU time (with sched_switch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As perf record --off-cpu: the time threads waited, and where they waited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latency (of every thread)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context switches:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This co&amp;mputer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote &amp;host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record on another machine over ssh (perfglass-cli record --host); the session is saved here and the host&apos;s symbols are fetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record on:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program runs here, as you, and the session is saved here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>~/.ssh/config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ssh client configuration to use (ssh -F); empty: ssh&apos;s own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perfglass-cli in its PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The perfglass-cli on the host that records there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deploy &amp;this build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this build&apos;s perfglass-cli to the host&apos;s cache once and record with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH conf&amp;ig:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Path or name of the program on the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: the host user&apos;s home directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the list of processes again (a remote host&apos;s through ssh)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All CPUs of the host; or a list such as 0-3,6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CP&amp;Us on the host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host&apos;s recorder records with its user&apos;s rights: its kernel.perf_event_paranoid must allow system-wide recording (-1), or the user must be root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the processes of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter the host to record on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No such ssh configuration file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs on the host: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[user@]host[:port] as for ssh; several separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hosts to record on, all at once (one session each); each completed from the Host entries of the ssh configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the processes of %1; the same process IDs are attached on every host)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingDock</name>
    <message>
        <source>Recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record a program, running processes or the whole system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingJob</name>
    <message>
        <source>process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>thread(s) %1</source>
        <translation>
            <numerusform>thread %1</numerusform>
            <numerusform>threads %1</numerusform>
        </translation>
    </message>
    <message>
        <source>the whole system, all CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>the whole system, CPU(s) %1</source>
        <translation>
            <numerusform>the whole system, CPU %1</numerusform>
            <numerusform>the whole system, CPUs %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingView</name>
    <message>
        <source>&amp;Live view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the recording (a launched program is asked to exit) and open the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a recording with File ▸ Record…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— (no session was written)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, throttled %n time(s)</source>
        <translation>
            <numerusform>, throttled %n time</numerusform>
            <numerusform>, throttled %n times</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost samples:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exit code:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The kernel dropped samples because a ring buffer was full: record at a lower frequency.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source> (in %n LOST record(s))</source>
        <translation>
            <numerusform> (in %n LOST record)</numerusform>
            <numerusform> (in %n LOST records)</numerusform>
        </translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ending the recording on %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fetching symbols from %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping: %1 had not started recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed on %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ending it forcibly…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop again to end it now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped before %1 started recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop &amp;Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the recording at once: ssh is ended, and the hosts&apos; records that had not arrived are lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not recorded:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped before the host started recording; it did not answer, so the recording was ended forcibly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped before the host started recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing was recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While recording, show what was recorded so far in the other views</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every </source>
        <extracomment>the live interval&apos;s spin box, before its number of seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <extracomment>the live interval&apos;s spin box, after its number of seconds</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How often the live view and an open stream are read again; each refresh reads only what was added since the one before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live view interval in seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every second</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::RemoteProcessList</name>
    <message>
        <source>Cannot run ssh: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the host&apos;s key is not known here, and an unknown host key is never accepted: connect once with ssh %1 in a terminal, or add the key to ~/.ssh/known_hosts with ssh-keyscan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the host has no ps to list its processes (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ssh could not connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: ssh could not connect: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: listing the processes failed (status %2): %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::ReviewExportDialog</name>
    <message>
        <source>Export for Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One file holds the session and the code it ran, found by build id, so that it opens with every function named on another machine: in Perfglass (File ▸ Open), or in perf after &lt;tt&gt;perfglass-cli archive --unpack&lt;/tt&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbols only:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — names, source lines, unwinding and disassembly of the sampled functions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full binaries:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — every byte of each file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbols only is %1% smaller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of code:</source>
        <translation>
            <numerusform>%n file of code:</numerusform>
            <numerusform>%n files of code:</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not archived&lt;/b&gt; (frames in these files stay unnamed elsewhere):&lt;br&gt;%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;Symbols Only…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;Full…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::ReviewExporter</name>
    <message>
        <source>Export for Re&amp;view…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One archive with the session and the code it ran, to review it on another machine with every function named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export for review failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export for review failed: no temporary directory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gathering the code the session ran…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export for Review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archives (*.tar.bz2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export for review failed: %1 could not be written</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SandwichWidget</name>
    <message>
        <source>Sandwich flame graph: callees above the function, callers below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a function to see its callers and callees.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 of all samples (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Calls the function (maybe through others) in %1 of its cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;br&gt;Called by the function (maybe through others) in %1 of its cost</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SearchEverywhere</name>
    <message>
        <source>Search Everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Functions, modules, source files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search everywhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples with it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  [%2]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… and %n more</numerusform>
            <numerusform>… and %n more</numerusform>
        </translation>
    </message>
    <message>
        <source>Type part of a function, module or source file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Functions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Modules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in this session matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of the samples (%2) have a match on their stack: %n function(s), %3 module(s), %4 source file(s). Enter shows the selected match in the view that had the focus.</source>
        <translation>
            <numerusform>%1 of the samples (%2) have a match on their stack: %n function, %3 module, %4 source file. Enter shows the selected match in the view that had the focus.</numerusform>
            <numerusform>%1 of the samples (%2) have a match on their stack: %n functions, %3 modules, %4 source files. Enter shows the selected match in the view that had the focus.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search &amp;Everywhere…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find functions, modules and source files in every view, and how much of the profile they take (Ctrl+K)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SessionComparer</name>
    <message>
        <source>%1–%2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare the open session with another one: what got slower, and where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use Selection as &amp;Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep what the views show now (a time range or threads picked in the timeline) to compare another selection with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare Selection with Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not compare: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sessions (*.data perf.data*);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare what the views show with the baseline (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First use a selection as the baseline</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SessionDocument</name>
    <message>
        <source>the time range is outside the session read again</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n picked process(es) are no longer in it</source>
        <translation>
            <numerusform>%n picked process(es) are no longer in it</numerusform>
            <numerusform>%n picked process(es) are no longer in it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n picked thread(s) are no longer in it</source>
        <translation>
            <numerusform>%n picked thread are no longer in it</numerusform>
            <numerusform>%n picked threads are no longer in it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) of the filter name functions it no longer has</source>
        <translation>
            <numerusform>%n step of the filter name functions it no longer has</numerusform>
            <numerusform>%n steps of the filter name functions it no longer has</numerusform>
        </translation>
    </message>
    <message>
        <source>The filter was kept, but %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SessionPage</name>
    <message>
        <source>Top-down call tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom-up call tree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Caller/Callee</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source and Disassembly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source &amp;&amp; Disassembly of the Selected Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only thread %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only process %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide thread %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last thread shown cannot be hidden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show only CPU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show thread %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the whole session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Filter applied: %n sample(s) shown.</source>
        <translation>
            <numerusform>Filter applied: %n sample shown.</numerusform>
            <numerusform>Filter applied: %n samples shown.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select Time Range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear Filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide kernel frames</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show kernel frames</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Off-CPU Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show On-CPU Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heat Map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select Heat Map Cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show CPU Time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SessionStatusBar</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%p %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop loading this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live view: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened %1; %n sample(s) were lost while recording.</source>
        <translation>
            <numerusform>Opened %1; %n sample was lost while recording.</numerusform>
            <numerusform>Opened %1; %n samples were lost while recording.</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opened %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applying the filter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not apply the filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counters only, no samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln sample(s) of %1</source>
        <translation>
            <numerusform>%Ln sample of %1</numerusform>
            <numerusform>%Ln samples of %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloading the debug file of %1 from debuginfod: %2 of %3 kB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading the debug file of %1 from debuginfod…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s behind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lag unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Live view: %1 s recorded, %Ln sample(s), %2</source>
        <translation>
            <numerusform>Live view: %1 s recorded, %Ln sample, %2</numerusform>
            <numerusform>Live view: %1 s recorded, %Ln samples, %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing the first %1 % of %2; reading the rest…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading %1 was cancelled: the views show the first %2 % of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>End of %1: %2 s recorded, %Ln sample(s).</source>
        <translation>
            <numerusform>End of %1: %2 s recorded, %Ln sample.</numerusform>
            <numerusform>End of %1: %2 s recorded, %Ln samples.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped following %1: %2 s recorded, %Ln sample(s) kept; the rest of the stream was not read.</source>
        <translation>
            <numerusform>Stopped following %1: %2 s recorded, %Ln sample kept; the rest of the stream was not read.</numerusform>
            <numerusform>Stopped following %1: %2 s recorded, %Ln samples kept; the rest of the stream was not read.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::SessionTabs</name>
    <message>
        <source>No session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded on %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SessionToolBar</name>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The event every view counts. Only events with samples are offered; events that were only counted (record --counters) are charted in the Counters dock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Event: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-CPU Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count the time threads were blocked (off the CPU), at the stacks where they blocked, instead of the event&apos;s samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s)</source>
        <translation>
            <numerusform>%n sample</numerusform>
            <numerusform>%n samples</numerusform>
        </translation>
    </message>
    <message>
        <source>Latency</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Count wall-clock time: each sample&apos;s cost divided by the number of threads of its process running at that moment, so code that runs alone weighs more than code running in parallel (perf report --latency)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SourceDisassemblyView</name>
    <message>
        <source>Choose Source &amp;Folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source lines of the function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instructions of the function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look for the missing source files in a folder of your choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the previous function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward to the next function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hottest Line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select the line (and its instructions) with the highest self cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search instructions and lines (Enter: next)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AT&amp;&amp;T syntax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Intel syntax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose Show Source &amp;&amp; Disassembly in the context menu of a function (flame graph, call trees, caller/callee) to see where in it the time goes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disassembling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot annotate this function:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n sample(s) in the function</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n sample in the function</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n samples in the function</numerusform>
        </translation>
    </message>
    <message>
        <source>Source file not found: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder with the Source Files</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SummaryView</name>
    <message>
        <source>&lt;p&gt;No session is open. Use &lt;b&gt;File ▸ Open…&lt;/b&gt; to open a perf.data file.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quality</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lost samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples with unmapped frames</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broken stacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Malformed records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top hotspots (self cost)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;No samples.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 (in %n LOST record(s))</source>
        <translation>
            <numerusform>%1 (in %n LOST record)</numerusform>
            <numerusform>%1 (in %n LOST records)</numerusform>
        </translation>
    </message>
    <message>
        <source>not recorded (the file has no %1 section)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 in the current filter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session file and its size on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>perf %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The tool that wrote the file, and its version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The command that made the recording</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session&apos;s events. The views count the event chosen in the toolbar; events that were only counted have no samples and are charted in the Counters dock.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples of %1 in the session; the views count those the filter keeps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recording duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time from the first to the last sample</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sampled CPU time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CPU time the counted samples stand for: the sum of their periods (each sample of a clock event stands for the time since the previous one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The number of events the counted samples stand for: the sum of their periods</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Processes the session names (from its COMM and FORK records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Threads the session names (from its COMM and FORK records)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (counted only: see the Counters dock)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%Ln sample(s), shown)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%Ln sample, shown)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%Ln samples, shown)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln sample(s))</source>
        <translation>
            <numerusform>%1 (%Ln sample)</numerusform>
            <numerusform>%1 (%Ln samples)</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name of the machine that recorded the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Linux kernel release it ran</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The machine&apos;s architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The processor model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The processor&apos;s identification as perf writes it (on x86: vendor, family, model, stepping), which selects its PMU event tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 online of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPUs that were online while recording, of those the kernel can use</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n core</numerusform>
            <numerusform>%n cores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n socket(s)</source>
        <translation>
            <numerusform>%n socket</numerusform>
            <numerusform>%n sockets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s) per core</source>
        <translation>
            <numerusform>%n thread per core</numerusform>
            <numerusform>%n threads per core</numerusform>
        </translation>
    </message>
    <message>
        <source>Cores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Physical cores and sockets of the online CPUs, and the hardware threads each core runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The machine&apos;s memory (MemTotal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples the kernel dropped while recording because the ring buffer was full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Samples with an address on their stack that lies in no file or memory the recording saw mapped; it shows as [unknown] in the module [unknown]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Addresses without a symbol</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distinct addresses in a known file that no symbol covers; they show as [unknown] in their module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DWARF-unwound stacks that end before the program&apos;s entry point; they hang under [broken stack] in the trees and the flame graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Records of the file that could not be decoded and were skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) were lost while recording:</source>
        <translation>
            <numerusform>%n sample was lost while recording:</numerusform>
            <numerusform>%n samples were lost while recording:</numerusform>
        </translation>
    </message>
    <message>
        <source>the views miss that part of the time. Record at a lower frequency (-F), with larger ring buffers (-m) or fewer events.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the samples (%2) have frames outside every known mapping:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>those frames read [unknown] in the module [unknown]. Most often a frame-pointer call chain (-g) ran through code built without frame pointers and ended in a stray address; else the code was mapped before the recording saw it, or is JIT-compiled code without a /tmp/perf-PID.map file. Self costs suffer only where such a frame is the leaf (&quot;As leaf&quot; below). For programs built without frame pointers, record with &lt;nobr&gt;--call-graph dwarf&lt;/nobr&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of the samples (%2) have broken stacks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>their callers are missing, so inclusive costs of outer functions are too low. Record with a larger stack copy (&lt;nobr&gt;--call-graph dwarf,16384&lt;/nobr&gt;) or with frame pointers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n address(es) have no symbol:</source>
        <translation>
            <numerusform>%n address(es) have no symbol:</numerusform>
            <numerusform>%n address(es) have no symbol:</numerusform>
        </translation>
    </message>
    <message>
        <source>install the debug symbols of the modules listed below (Debian: the -dbgsym package), or set DEBUGINFOD_URLS, and open the session again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not symbolized, by module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of all samples have at least one frame that could not be named.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file the unnamed addresses lie in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of all samples with at least one unnamed frame in this module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of all samples whose leaf frame is unnamed here: their self cost has no function</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As leaf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distinct unnamed addresses in this module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Addresses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside every mapping the recording saw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the file&apos;s symbol table (stripped); its debug symbols name them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the counted samples taken in the function itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Share of the counted samples with the function anywhere on the stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbol Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sysroot, library or debug file paths, or a debuginfod server may name them:</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n module(s) without symbols:</source>
        <translation>
            <numerusform>%n module without symbols:</numerusform>
            <numerusform>%n modules without symbols:</numerusform>
        </translation>
    </message>
    <message>
        <source>Tell Perfglass where their files or debug files are:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a sample count, then how much of the session it counts</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::SymbolSettingsDialog</name>
    <message>
        <source>/opt/app/lib</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/home/me/debug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/home/me/src/app</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbol Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: binaries are read where they were recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/proc/kallsyms when the session is from this kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: no server is asked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from DEBUGINFOD_URLS: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where Perfglass looks for what names the frames of a session, for sessions from another machine or binaries that moved. Lists take one directory per line. The session is opened again when you press OK.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sysroot:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Library paths:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Debug file paths:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kernel symbols (kallsyms):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Debuginfod &amp;URLs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ource paths:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A binary recorded at /usr/lib/x.so is read as SYSROOT/usr/lib/x.so when that exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A binary not found where it was recorded is looked for by its file name here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Separate debug files, by build id (.build-id/ab/cdef.debug) or by .gnu_debuglink, besides /usr/lib/debug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Servers asked for the debug files of modules with samples, space-separated; downloads are kept in debuginfod&apos;s cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source files are looked for here by their whole recorded path, then by shorter tails of it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sysroot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kernel Symbols</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ignore the build-id cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: neither PERF_BUILDID_DIR nor HOME is set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (as perf record fills it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The files that ran are looked for here by build id first, in perf&apos;s layout (perf&apos;s --buildid-dir)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Do not look in the build-id cache (perf&apos;s --ignore-buildid-cache); archives opened with the session are still used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build-id Cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Build-id cache:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineAxis</name>
    <message>
        <source>Time axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU, process, thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process, thread</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineView</name>
    <message>
        <source>Drag across the timeline to show only that time range in every view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole session. Drag across the timeline to show only that time range in every view.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing %1 s to %2 s (%3 s) of the session.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing %1 of %2 s to %3 s of the session (heat map cells).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineWidget</name>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No samples to show over time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No session is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n sample(s), %4&lt;br&gt;Whole session: %5</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n sample, %4&lt;br&gt;Whole session: %5</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n samples, %4&lt;br&gt;Whole session: %5</numerusform>
        </translation>
    </message>
    <message>
        <source>Show &amp;Only This Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Only This &amp;Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hide This Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show This Thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show Only This &amp;CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: samples of every thread but the idle task</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: all its threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (kernel thread)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>and %n more mark(s)</source>
        <translation>
            <numerusform>and %n more mark</numerusform>
            <numerusform>and %n more marks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;Parallelism: %n thread(s) of the process running</source>
        <translation>
            <numerusform>&lt;br&gt;Parallelism: %n thread of the process running</numerusform>
            <numerusform>&lt;br&gt;Parallelism: %n threads of the process running</numerusform>
        </translation>
    </message>
    <message>
        <source>Working out the timeline…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
