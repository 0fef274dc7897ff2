<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de" sourcelanguage="en_US">
<context>
    <name>CoreMessages</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1 is a directory, not a perf.data file.</source>
        <translation>%1 ist ein Verzeichnis, keine perf.data-Datei.</translation>
    </message>
    <message>
        <source>%1 is empty, not a perf.data file.</source>
        <translation>%1 ist leer, keine perf.data-Datei.</translation>
    </message>
    <message>
        <source>%1 is not a perf.data file (it does not start with PERFILE2).</source>
        <translation>%1 ist keine perf.data-Datei (sie beginnt nicht mit PERFILE2).</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2: %3</source>
        <translation>%1 ist bei Byte %2 beschädigt: %3</translation>
    </message>
    <message>
        <source>%1: the data size in the header is 0 (the recorder did not finish); read up to the last complete record.</source>
        <translation>%1: die Datengröße im Header ist 0 (die Aufzeichnung wurde nicht abgeschlossen); gelesen bis zum letzten vollständigen Record.</translation>
    </message>
    <message>
        <source>%1: the feature section index at byte %2 is cut short; header information (host, command line, event names) is missing.</source>
        <translation>%1: der Index der Feature-Abschnitte bei Byte %2 ist abgeschnitten; Header-Informationen (Rechner, Befehlszeile, Ereignisnamen) fehlen.</translation>
    </message>
    <message>
        <source>%1: feature section %3 (byte %2, at offset %4, size %5) lies outside the file and was ignored.</source>
        <translation>%1: Feature-Abschnitt %3 (Byte %2, bei Offset %4, Größe %5) liegt außerhalb der Datei und wurde ignoriert.</translation>
    </message>
    <message>
        <source>%1: the %3 feature section at byte %2 is malformed and was ignored.</source>
        <translation>%1: der Feature-Abschnitt %3 bei Byte %2 ist fehlerhaft und wurde ignoriert.</translation>
    </message>
    <message>
        <source>%1: %2; the incomplete record was ignored.</source>
        <translation>%1: %2; der unvollständige Record wurde ignoriert.</translation>
    </message>
    <message>
        <source>Cannot open the kernel symbols %1.</source>
        <translation>Die Kernel-Symbole %1 können nicht geöffnet werden.</translation>
    </message>
    <message numerus="yes">
        <source>No symbols for %1 (%n address(es) unnamed): %3</source>
        <translation>
            <numerusform>Keine Symbole für %1 (%n Adresse ohne Namen): %3</numerusform>
            <numerusform>Keine Symbole für %1 (%n Adressen ohne Namen): %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No kernel symbols (%n kernel address(es) unnamed): /proc/kallsyms is unreadable or from another kernel.</source>
        <translation>
            <numerusform>Keine Kernel-Symbole (%n Kernel-Adresse ohne Namen): /proc/kallsyms ist nicht lesbar oder stammt von einem anderen Kernel.</numerusform>
            <numerusform>Keine Kernel-Symbole (%n Kernel-Adressen ohne Namen): /proc/kallsyms ist nicht lesbar oder stammt von einem anderen Kernel.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 DWARF-unwound stacks end early (%3); they are shown under &quot;%4&quot;.</source>
        <translation>%1 von %2 per DWARF abgewickelten Stapeln enden zu früh (%3); sie stehen unter „%4“.</translation>
    </message>
    <message>
        <source>Nothing to record: choose a program, processes or the whole system.</source>
        <translation>Nichts aufzuzeichnen: wählen Sie ein Programm, Prozesse oder das ganze System.</translation>
    </message>
    <message>
        <source>Choose only one target: a program, processes or the whole system.</source>
        <translation>Wählen Sie nur ein Ziel: ein Programm, Prozesse oder das ganze System.</translation>
    </message>
    <message>
        <source>Counters are read at most every millisecond: give an interval of 1 ms or more.</source>
        <translation>Zähler werden höchstens jede Millisekunde gelesen: geben Sie ein Intervall von 1 ms oder mehr an.</translation>
    </message>
    <message>
        <source>CPU %1 is not online (online CPUs: %2).</source>
        <translation>CPU %1 ist nicht online (CPUs online: %2).</translation>
    </message>
    <message>
        <source>Cannot attach to process %1: there is no such process.</source>
        <translation>Anhängen an Prozess %1 nicht möglich: diesen Prozess gibt es nicht.</translation>
    </message>
    <message>
        <source>Cannot attach to thread %1: there is no such thread.</source>
        <translation>Anhängen an Thread %1 nicht möglich: diesen Thread gibt es nicht.</translation>
    </message>
    <message>
        <source>Cannot attach to process %1 (%2): it has exited and waits for its parent to collect its exit status (a zombie); there is nothing left to record.</source>
        <translation>Anhängen an Prozess %1 (%2) nicht möglich: er hat sich beendet und wartet darauf, dass sein Elternprozess den Exit-Status abholt (ein Zombie); es gibt nichts mehr aufzuzeichnen.</translation>
    </message>
    <message>
        <source>Cannot attach to thread %1 (%2): it has exited and waits for its parent to collect its exit status (a zombie); there is nothing left to record.</source>
        <translation>Anhängen an Thread %1 (%2) nicht möglich: er hat sich beendet und wartet darauf, dass sein Elternprozess den Exit-Status abholt (ein Zombie); es gibt nichts mehr aufzuzeichnen.</translation>
    </message>
    <message>
        <source>There is no program to run.</source>
        <translation>Es gibt kein Programm zum Ausführen.</translation>
    </message>
    <message>
        <source>Program not found: %1</source>
        <translation>Programm nicht gefunden: %1</translation>
    </message>
    <message>
        <source>Cannot run %1: there is no such executable file.</source>
        <translation>%1 kann nicht ausgeführt werden: diese ausführbare Datei gibt es nicht.</translation>
    </message>
    <message>
        <source>The working directory %1 does not exist.</source>
        <translation>Das Arbeitsverzeichnis %1 existiert nicht.</translation>
    </message>
    <message>
        <source>The program exited before it could start.</source>
        <translation>Das Programm hat sich beendet, bevor es starten konnte.</translation>
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation>%1 kann nicht ausgeführt werden: %2</translation>
    </message>
    <message>
        <source>Off-CPU: %1 is not available (%2); context switches are recorded without it.</source>
        <translation>Off-CPU: %1 ist nicht verfügbar (%2); Kontextwechsel werden ohne es aufgezeichnet.</translation>
    </message>
    <message>
        <source>Off-CPU: %1 cannot be opened (%2); context switches are recorded without it.</source>
        <translation>Off-CPU: %1 lässt sich nicht öffnen (%2); Kontextwechsel werden ohne es aufgezeichnet.</translation>
    </message>
    <message>
        <source>The frequency was lowered from %1 Hz to the kernel&apos;s maximum of %2 Hz (kernel.perf_event_max_sample_rate).</source>
        <translation>Die Frequenz wurde von %1 Hz auf das Maximum des Kernels von %2 Hz gesenkt (kernel.perf_event_max_sample_rate).</translation>
    </message>
    <message>
        <source>%1: the frequency %2 Hz was lowered to the kernel&apos;s maximum of %3 Hz.</source>
        <translation>%1: die Frequenz %2 Hz wurde auf das Maximum des Kernels von %3 Hz gesenkt.</translation>
    </message>
    <message>
        <source>Kernel samples need more privilege than this user has (kernel.perf_event_paranoid = %1): only user space is recorded.</source>
        <translation>Kernel-Stichproben brauchen mehr Rechte, als dieser Benutzer hat (kernel.perf_event_paranoid = %1): nur der Userspace wird aufgezeichnet.</translation>
    </message>
    <message>
        <source>%1: this kernel cannot read counters on samples of threads created later (:S); only the threads that exist now are recorded with it.</source>
        <translation>%1: dieser Kernel kann bei Stichproben später erzeugter Threads keine Zähler lesen (:S); nur die jetzt bestehenden Threads werden damit aufgezeichnet.</translation>
    </message>
    <message>
        <source>%1 (%2) is a kernel thread: it has no user space, so it gives kernel samples only, and none while it sleeps. Record the whole system to see the kernel&apos;s work.</source>
        <translation>%1 (%2) ist ein Kernel-Thread: er hat keinen Userspace, liefert also nur Kernel-Stichproben und keine, während er schläft. Zeichnen Sie das ganze System auf, um die Arbeit des Kernels zu sehen.</translation>
    </message>
    <message>
        <source>%1 (%2) is a kernel thread: it has no user space, and this user may record user space only (kernel.perf_event_paranoid = %3), so nothing of it is recorded. Kernel samples need root or CAP_PERFMON, or a system-wide recording through the privileged helper.</source>
        <translation>%1 (%2) ist ein Kernel-Thread: er hat keinen Userspace, und dieser Benutzer darf nur den Userspace aufzeichnen (kernel.perf_event_paranoid = %3), also wird nichts davon aufgezeichnet. Kernel-Stichproben brauchen root oder CAP_PERFMON oder eine systemweite Aufzeichnung über den privilegierten Helfer.</translation>
    </message>
    <message>
        <source>Counters: &apos;%1&apos; is not counted: %2</source>
        <translation>Zähler: „%1“ wird nicht gezählt: %2</translation>
    </message>
    <message>
        <source>%1; perf will not read the tracepoint samples.</source>
        <translation>%1; perf wird die Tracepoint-Stichproben nicht lesen.</translation>
    </message>
    <message>
        <source>not supported by this kernel</source>
        <translation>von diesem Kernel nicht unterstützt</translation>
    </message>
    <message>
        <source>not supported by this kernel (no such tracepoint)</source>
        <translation>von diesem Kernel nicht unterstützt (kein solcher Tracepoint)</translation>
    </message>
    <message>
        <source>not supported by the hardware</source>
        <translation>von der Hardware nicht unterstützt</translation>
    </message>
    <message>
        <source>not supported by the hardware (no PMU for it on this CPU)</source>
        <translation>von der Hardware nicht unterstützt (keine PMU dafür auf dieser CPU)</translation>
    </message>
    <message>
        <source>needs privileges (perf_event_paranoid=%1)</source>
        <translation>braucht Rechte (perf_event_paranoid=%1)</translation>
    </message>
    <message>
        <source>rejected by the PMU (invalid attributes for it)</source>
        <translation>von der PMU abgelehnt (ungültige Attribute für sie)</translation>
    </message>
    <message>
        <source>the PMU is busy (used exclusively by another event)</source>
        <translation>die PMU ist belegt (exklusiv von einem anderen Ereignis genutzt)</translation>
    </message>
    <message>
        <source>too many open files</source>
        <translation>zu viele offene Dateien</translation>
    </message>
    <message>
        <source>cannot be opened: %1</source>
        <translation>lässt sich nicht öffnen: %1</translation>
    </message>
    <message>
        <source>no id in tracefs (an event of ftrace itself, which perf_event_open cannot open)</source>
        <translation>keine ID in tracefs (ein Ereignis von ftrace selbst, das perf_event_open nicht öffnen kann)</translation>
    </message>
    <message>
        <source>Kernel symbols could not be kept for reports run as this user (%1); they will need --kallsyms.</source>
        <translation>Die Kernel-Symbole konnten für Berichte unter diesem Benutzer nicht aufbewahrt werden (%1); sie brauchen --kallsyms.</translation>
    </message>
    <message>
        <source>The build-id cache %1 was not filled (%3 files not kept: %2). The recording is complete, but reports after the recorded files change cannot name their functions.</source>
        <translation>Der Build-ID-Cache %1 wurde nicht gefüllt (%3 Dateien nicht aufbewahrt: %2). Die Aufzeichnung ist vollständig, aber Berichte können die Funktionen nicht mehr benennen, sobald sich die aufgezeichneten Dateien ändern.</translation>
    </message>
</context>
<context>
    <name>CostFormat</name>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 ns</translation>
    </message>
    <message>
        <source>&lt; 0.1 %</source>
        <translation>&lt; 0,1 %</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1–%2 ms of each %3 s</source>
        <translation>%1–%2 ms jeder %3 s</translation>
    </message>
</context>
<context>
    <name>CounterChart</name>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>thread %1</source>
        <translation>Thread %1</translation>
    </message>
    <message>
        <source>all</source>
        <translation>alle</translation>
    </message>
    <message>
        <source>%1%2/s</source>
        <translation>%1%2/s</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>Thread %1 (%2)</translation>
    </message>
    <message>
        <source>process %1, all threads</source>
        <translation>Prozess %1, alle Threads</translation>
    </message>
    <message>
        <source>process %1 (%2), all threads</source>
        <translation>Prozess %1 (%2), alle Threads</translation>
    </message>
    <message>
        <source>%1: time counted on each CPU / wall time (a CPU&apos;s clock also counts idle time: not busy time)</source>
        <translation>%1: auf jeder CPU gezählte Zeit / Echtzeit (die Uhr einer CPU zählt auch Leerlaufzeit: keine Auslastung)</translation>
    </message>
    <message>
        <source>%1: busy share of one CPU (CPU time / wall time of each interval)</source>
        <translation>%1: Auslastung einer CPU (CPU-Zeit / Echtzeit jedes Intervalls)</translation>
    </message>
    <message>
        <source>%1: CPUs utilized (CPU time / wall time of each interval)</source>
        <translation>%1: genutzte CPUs (CPU-Zeit / Echtzeit jedes Intervalls)</translation>
    </message>
    <message>
        <source>%1: events per second of wall time</source>
        <translation>%1: Ereignisse pro Sekunde Echtzeit</translation>
    </message>
    <message>
        <source> · multiplexed: counted as little as %1 of the time, counts scaled up</source>
        <translation> · gemultiplext: mitunter nur %1 der Zeit gezählt, Werte hochgerechnet</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 CPUs</translation>
    </message>
    <message>
        <source>%1 of CPU time</source>
        <translation>%1 CPU-Zeit</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 Ereignisse</translation>
    </message>
</context>
<context>
    <name>GrowthMark</name>
    <message>
        <source>Partial: %1 % read</source>
        <translation>Unvollständig: %1 % gelesen</translation>
    </message>
    <message>
        <source>The file is still being read: the views grow as it is</source>
        <translation>Die Datei wird noch gelesen: die Ansichten wachsen mit</translation>
    </message>
    <message>
        <source>so far (%1 % of the file read)</source>
        <translation>bisher (%1 % der Datei gelesen)</translation>
    </message>
    <message>
        <source>Live: %1 s recorded</source>
        <translation>Live: %1 s aufgezeichnet</translation>
    </message>
    <message>
        <source>The session is still arriving: the views grow as it does</source>
        <translation>Die Sitzung kommt noch an: die Ansichten wachsen mit</translation>
    </message>
    <message>
        <source>so far (still arriving)</source>
        <translation>bisher (kommt noch an)</translation>
    </message>
    <message>
        <source>Stopped: %1 s read</source>
        <translation>Angehalten: %1 s gelesen</translation>
    </message>
    <message>
        <source>Following the stream was stopped: the views show what was read until then, and the rest of the stream was not read</source>
        <translation>Das Verfolgen des Datenstroms wurde angehalten: die Ansichten zeigen, was bis dahin gelesen wurde, der Rest des Datenstroms wurde nicht gelesen</translation>
    </message>
    <message>
        <source>(the rest of the stream was not read)</source>
        <translation>(der Rest des Datenstroms wurde nicht gelesen)</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>standard input</source>
        <translation>Standardeingabe</translation>
    </message>
</context>
<context>
    <name>TimelineRows</name>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>swapper (idle)</source>
        <translation>swapper (Leerlauf)</translation>
    </message>
    <message>
        <source>[unknown]</source>
        <translation>[unbekannt]</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2 in %3)</source>
        <translation>%1 (%2 in %3)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Perfglass, a Linux profiler: shows perf.data sessions as flame graphs and call trees.</source>
        <translation>Perfglass, ein Linux-Profiler: zeigt perf.data-Sitzungen als Flammendiagramme und Aufrufbäume.</translation>
    </message>
    <message>
        <source>--screenshot needs a FILE.</source>
        <translation>--screenshot braucht eine DATEI.</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>Look for binaries under DIR first (DIR/usr/lib/x.so).</source>
        <translation>Binärdateien zuerst unter DIR suchen (DIR/usr/lib/x.so).</translation>
    </message>
    <message>
        <source>Look for binaries not found where they were recorded in DIR (repeatable).</source>
        <translation>Binärdateien, die nicht am aufgezeichneten Ort liegen, in DIR suchen (wiederholbar).</translation>
    </message>
    <message>
        <source>Also look for separate debug files in DIR (repeatable).</source>
        <translation>Getrennte Debug-Dateien auch in DIR suchen (wiederholbar).</translation>
    </message>
    <message>
        <source>Kernel symbols file.</source>
        <translation>Datei mit den Kernel-Symbolen.</translation>
    </message>
    <message>
        <source>Ask these debuginfod servers (space-separated URLs).</source>
        <translation>Diese debuginfod-Server fragen (URLs, durch Leerzeichen getrennt).</translation>
    </message>
    <message>
        <source>Look for source files in DIR (repeatable).</source>
        <translation>Quelldateien in DIR suchen (wiederholbar).</translation>
    </message>
    <message>
        <source>Compare FILE (the baseline) with COMPARISON once FILE is open.</source>
        <translation>FILE (die Referenz) mit COMPARISON vergleichen, sobald FILE geöffnet ist.</translation>
    </message>
    <message>
        <source>--compare needs a FILE.</source>
        <translation>--compare braucht eine Datei FILE.</translation>
    </message>
    <message>
        <source>Open FILE, save a picture of the window to PNG once it is shown (with --compare, of the comparison window), and quit.</source>
        <translation>FILE öffnen, ein Bild des Fensters als PNG speichern, sobald es gezeigt wird (mit --compare: des Vergleichsfensters), und beenden.</translation>
    </message>
    <message>
        <source>Sessions to open, one tab each (perf.data format or an archive; default: ./perf.data if it exists).</source>
        <translation>Zu öffnende Sitzungen, jede in einem eigenen Tab (perf.data-Format oder ein Archiv; Standard: ./perf.data, falls vorhanden).</translation>
    </message>
    <message>
        <source>The build-id cache to look for the files that ran in, by build id, before their recorded paths (default: $PERF_BUILDID_DIR, else ~/.debug), as perf&apos;s --buildid-dir.</source>
        <translation>Der Build-ID-Cache, in dem die ausgeführten Dateien nach Build-ID vor ihren aufgezeichneten Pfaden gesucht werden (Standard: $PERF_BUILDID_DIR, sonst ~/.debug), wie perfs --buildid-dir.</translation>
    </message>
    <message>
        <source>Do not look in the user&apos;s build-id cache (--buildid-dir, $PERF_BUILDID_DIR or ~/.debug).</source>
        <translation>Nicht im Build-ID-Cache des Benutzers suchen (--buildid-dir, $PERF_BUILDID_DIR oder ~/.debug).</translation>
    </message>
    <message>
        <source>Read a stream (FILE -) and the live view of a recording again every SECONDS (1 to 60; default: the Recording dock&apos;s setting, 1).</source>
        <translation>Einen Datenstrom (FILE -) und die Live-Ansicht einer Aufzeichnung alle SECONDS Sekunden neu lesen (1 bis 60; Vorgabe: die Einstellung neben „Live-Ansicht“ während einer Aufzeichnung, 1).</translation>
    </message>
    <message>
        <source>--refresh %1: a whole number of seconds from %2 to %3 was expected.</source>
        <translation>--refresh %1: erwartet wird eine ganze Zahl von Sekunden zwischen %2 und %3.</translation>
    </message>
</context>
<context>
    <name>perfglass::AnnotationModel</name>
    <message>
        <source>Inlined here (outermost first):&lt;br&gt;%1</source>
        <translation>Hier eingebettet (äußerste zuerst):&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>(source file not found)</source>
        <translation>(Quelldatei nicht gefunden)</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inklusiv</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Zeile</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>Instruktion</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Inlined</source>
        <translation>Eingebettet</translation>
    </message>
</context>
<context>
    <name>perfglass::BuiltEventList</name>
    <message>
        <source>Built events</source>
        <translation>Gebaute Ereignisse</translation>
    </message>
    <message>
        <source>Drag an event onto another to count them as a group; between rows to reorder</source>
        <translation>Ein Ereignis auf ein anderes ziehen, um sie als Gruppe zu zählen; zwischen Zeilen, um die Reihenfolge zu ändern</translation>
    </message>
</context>
<context>
    <name>perfglass::CallTreeModel</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Inclusive: %3 (%4)&lt;br&gt;Self: %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Modul: %2&lt;br&gt;Inklusiv: %3 (%4)&lt;br&gt;Selbst: %5 (%6)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Eingebettet (inline) in %1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation>&lt;br&gt;Quelle: %1 (die heißeste Zeile der Funktion)</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inklusiv</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Inclusive time</source>
        <translation>Inklusive Zeit</translation>
    </message>
    <message>
        <source>Inclusive count</source>
        <translation>Inklusive Anzahl</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>Eigene Zeit</translation>
    </message>
    <message>
        <source>Self count</source>
        <translation>Eigene Anzahl</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Source file and line of the function where most of its samples are (from DWARF debug information)</source>
        <translation>Quelldatei und Zeile der Funktion mit den meisten Stichproben (aus DWARF-Debuginformationen)</translation>
    </message>
    <message>
        <source>Top level: share of all samples taken in this function; below: the part of it reached through this chain of callers</source>
        <translation>Oberste Ebene: Anteil aller Stichproben in dieser Funktion; darunter: der Teil davon, der über diese Kette von Aufrufern erreicht wird</translation>
    </message>
    <message>
        <source>Share of all samples whose call stack passes through this call path</source>
        <translation>Anteil aller Stichproben, deren Aufrufstapel durch diesen Aufrufpfad läuft</translation>
    </message>
    <message>
        <source>Share of all samples taken in this function itself, on this call path</source>
        <translation>Anteil aller Stichproben, die in dieser Funktion selbst genommen wurden, auf diesem Aufrufpfad</translation>
    </message>
    <message>
        <source>Top level: share of all samples taken in this function itself (its self cost, as in the flat profile); callers below it have none of their own here</source>
        <translation>Oberste Ebene: Anteil aller Stichproben in dieser Funktion selbst (ihre eigenen Kosten, wie im flachen Profil); die Aufrufer darunter haben hier keine eigenen</translation>
    </message>
</context>
<context>
    <name>perfglass::CallTreeView</name>
    <message>
        <source>Filter by function or module (Ctrl+F)</source>
        <translation>Nach Funktion oder Modul filtern (Strg+F)</translation>
    </message>
    <message>
        <source>Filter the call tree</source>
        <translation>Aufrufbaum filtern</translation>
    </message>
</context>
<context>
    <name>perfglass::CallerCalleeModel</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; calls &lt;b&gt;%2&lt;/b&gt;&lt;br&gt;%3 of all samples (%4)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; ruft &lt;b&gt;%2&lt;/b&gt; auf&lt;br&gt;%3 aller Stichproben (%4)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;%1 is inline code here, inlined into its own caller&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;%1 ist hier Inline-Code, in den eigenen Aufrufer eingebettet&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Eingebettet (inline) in %1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation>&lt;br&gt;Quelle: %1 (die heißeste Zeile der Funktion)</translation>
    </message>
    <message>
        <source>Caller</source>
        <translation>Aufrufer</translation>
    </message>
    <message>
        <source>Callee</source>
        <translation>Aufgerufene</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>Share of all samples in which the selected function was called from this caller</source>
        <translation>Anteil aller Stichproben, in denen die ausgewählte Funktion von diesem Aufrufer aufgerufen wurde</translation>
    </message>
    <message>
        <source>Share of all samples spent in this callee (inclusive) when the selected function called it</source>
        <translation>Anteil aller Stichproben in dieser aufgerufenen Funktion (inklusiv), wenn die ausgewählte Funktion sie aufrief</translation>
    </message>
</context>
<context>
    <name>perfglass::CallerCalleeView</name>
    <message>
        <source>Callers of the selected function</source>
        <translation>Aufrufer der ausgewählten Funktion</translation>
    </message>
    <message>
        <source>Callees of the selected function</source>
        <translation>Von der ausgewählten Funktion aufgerufene Funktionen</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>This function has no samples here.</source>
        <translation>Diese Funktion hat hier keine Stichproben.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — inclusive %2 (%3), self %4 (%5)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — inklusiv %2 (%3), selbst %4 (%5)</translation>
    </message>
    <message>
        <source>, own code inlined into callers %1</source>
        <translation>, eigener Code in Aufrufer eingebettet %1</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Back to the function shown before (Alt+Left)</source>
        <translation>Zurück zur zuvor gezeigten Funktion (Alt+Links)</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Vor</translation>
    </message>
    <message>
        <source>Forward again (Alt+Right)</source>
        <translation>Wieder vor (Alt+Rechts)</translation>
    </message>
    <message>
        <source>Search functions and modules…</source>
        <translation>Funktionen und Module suchen…</translation>
    </message>
    <message>
        <source>Search functions</source>
        <translation>Funktionen suchen</translation>
    </message>
    <message>
        <source>All functions</source>
        <translation>Alle Funktionen</translation>
    </message>
    <message>
        <source>Select a function in the list, the flame graph or a call tree to see its callers and callees.</source>
        <translation>Wählen Sie eine Funktion in der Liste, im Flammendiagramm oder in einem Aufrufbaum, um ihre Aufrufer und Aufgerufenen zu sehen.</translation>
    </message>
</context>
<context>
    <name>perfglass::CompareWindow</name>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Baseline Shape</source>
        <translation>Form der Referenz</translation>
    </message>
    <message>
        <source>Draw the baseline&apos;s call stacks, with the frames that vanished in the comparison, instead of the comparison&apos;s</source>
        <translation>Die Aufrufstapel der Referenz zeichnen, mit den im Vergleich verschwundenen Frames, statt der des Vergleichs</translation>
    </message>
    <message>
        <source>The colour of a frame is the change of its share of all samples, relative to the largest change of any frame: red where it grew, blue where it shrank. Frames new in the comparison are full red, frames that vanished (Baseline Shape) full blue.</source>
        <translation>Die Farbe eines Frames ist die Änderung seines Anteils an allen Stichproben, relativ zur größten Änderung eines Frames: rot, wo er wuchs, blau, wo er schrumpfte. Im Vergleich neue Frames sind ganz rot, verschwundene (Form der Referenz) ganz blau.</translation>
    </message>
    <message>
        <source>Differential Flame Graph</source>
        <translation>Differenz-Flammendiagramm</translation>
    </message>
    <message>
        <source>Top-Down</source>
        <translation>Top-Down</translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation>Bottom-Up</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>Übersichten</translation>
    </message>
    <message>
        <source>Compare: %1 → %2</source>
        <translation>Vergleich: %1 → %2</translation>
    </message>
    <message>
        <source>Baseline: &lt;b&gt;%1&lt;/b&gt; (%2 samples) → Comparison: &lt;b&gt;%3&lt;/b&gt; (%4 samples)</source>
        <translation>Referenz: &lt;b&gt;%1&lt;/b&gt; (%2 Stichproben) → Vergleich: &lt;b&gt;%3&lt;/b&gt; (%4 Stichproben)</translation>
    </message>
    <message>
        <source>Grew</source>
        <translation>Gewachsen</translation>
    </message>
    <message>
        <source>A little</source>
        <translation>Ein wenig</translation>
    </message>
    <message>
        <source>Unchanged</source>
        <translation>Unverändert</translation>
    </message>
    <message>
        <source>Shrank</source>
        <translation>Geschrumpft</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Click a frame to zoom in, right-click it to show it in the diff tree or copy its name; Escape goes back.</source>
        <translation>Klicken Sie auf einen Frame, um hineinzuzoomen, mit rechts, um ihn im Differenzbaum zu zeigen oder seinen Namen zu kopieren; Esc geht zurück.</translation>
    </message>
    <message>
        <source>Two selections of one session, each with its own filter.</source>
        <translation>Zwei Auswahlen aus einer Sitzung, jede mit ihrem eigenen Filter.</translation>
    </message>
    <message>
        <source>Costs and changes in seconds of %1 instead of shares of each side&apos;s total</source>
        <translation>Kosten und Änderungen in Sekunden von %1 statt als Anteile an der jeweiligen Gesamtsumme</translation>
    </message>
    <message>
        <source>Seconds need a time event (such as cpu-clock) counted by its period on both sides</source>
        <translation>Sekunden brauchen auf beiden Seiten ein Zeitereignis (etwa cpu-clock), das nach seiner Periode gezählt wird</translation>
    </message>
    <message>
        <source>the event</source>
        <translation>das Ereignis</translation>
    </message>
    <message>
        <source>processes by name</source>
        <translation>Prozesse nach Namen</translation>
    </message>
    <message>
        <source>processes whose names it lacks</source>
        <translation>Prozesse, deren Namen ihm fehlen</translation>
    </message>
    <message>
        <source>threads by name</source>
        <translation>Threads nach Namen</translation>
    </message>
    <message>
        <source>threads whose names it lacks</source>
        <translation>Threads, deren Namen ihm fehlen</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPUs</translation>
    </message>
    <message>
        <source>transforms</source>
        <translation>Transformationen</translation>
    </message>
    <message>
        <source>transforms about code it lacks</source>
        <translation>Transformationen zu Code, der ihm fehlt</translation>
    </message>
    <message>
        <source>the time range (it belongs to the baseline&apos;s timeline)</source>
        <translation>der Zeitbereich (er gehört zur Zeitleiste der Referenz)</translation>
    </message>
    <message>
        <source>Filter carried over to the comparison: %1.</source>
        <translation>In den Vergleich übernommener Filter: %1.</translation>
    </message>
    <message>
        <source>Not carried over: %1.</source>
        <translation>Nicht übernommen: %1.</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>Hineinzoomen</translation>
    </message>
    <message>
        <source>Show in Bottom-Up</source>
        <translation>In Bottom-Up zeigen</translation>
    </message>
    <message>
        <source>Show in Top-Down</source>
        <translation>In Top-Down zeigen</translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation>Namen kopieren</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>Top-down diff tree</source>
        <translation>Top-Down-Vergleichsbaum</translation>
    </message>
    <message>
        <source>Bottom-up diff tree</source>
        <translation>Bottom-Up-Vergleichsbaum</translation>
    </message>
</context>
<context>
    <name>perfglass::CounterChartWidget</name>
    <message>
        <source>Counter charts</source>
        <translation>Zählerdiagramme</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2 s</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; bei %2 s</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; %2: &lt;b&gt;%3&lt;/b&gt; (%4 in %5 ms)</source>
        <translation>&lt;br&gt;&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; %2: &lt;b&gt;%3&lt;/b&gt; (%4 in %5 ms)</translation>
    </message>
    <message>
        <source>, counted %1 % of the time (multiplexed, scaled)</source>
        <translation>, %1 % der Zeit gezählt (gemultiplext, hochgerechnet)</translation>
    </message>
</context>
<context>
    <name>perfglass::CountersView</name>
    <message>
        <source>&lt;p&gt;This session has no counter series.&lt;/p&gt;&lt;p&gt;Counter series are counts read every interval, per CPU or per thread. Record a session with them using&lt;br&gt;&lt;tt&gt;perfglass-cli stat -o FILE -a -I 100 -e task-clock,context-switches -- COMMAND&lt;/tt&gt;&lt;br&gt;and open FILE here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Diese Sitzung hat keine Zählerreihen.&lt;/p&gt;&lt;p&gt;Zählerreihen sind Zählerstände, die in jedem Intervall gelesen werden, pro CPU oder pro Thread. Zeichnen Sie eine Sitzung damit auf mit&lt;br&gt;&lt;tt&gt;perfglass-cli stat -o DATEI -a -I 100 -e task-clock,context-switches -- BEFEHL&lt;/tt&gt;&lt;br&gt;und öffnen Sie DATEI hier.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>perfglass::DiffFlameGraphModel</name>
    <message>
        <source>&lt;br&gt;&lt;b&gt;New in the comparison&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Neu im Vergleich&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Vanished in the comparison&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Im Vergleich verschwunden&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Baseline: %1 · Comparison: %2 · </source>
        <translation>Referenz: %1 · Vergleich: %2 · </translation>
    </message>
    <message>
        <source>Change: %1 s</source>
        <translation>Änderung: %1 s</translation>
    </message>
    <message>
        <source>Change: %1 points</source>
        <translation>Änderung: %1 Prozentpunkte</translation>
    </message>
</context>
<context>
    <name>perfglass::DiffTreeModel</name>
    <message>
        <source>%1 (inlined)</source>
        <translation>%1 (eingebettet)</translation>
    </message>
    <message>
        <source>%1
Module: %2</source>
        <translation>%1
Modul: %2</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Referenz</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>Differenz</translation>
    </message>
    <message>
        <source>Self Delta</source>
        <translation>Differenz selbst</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>perfglass::EventBuilderView</name>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Hinzufügen</translation>
    </message>
    <message>
        <source>Build an event</source>
        <translation>Ein Ereignis bauen</translation>
    </message>
    <message>
        <source>PMU</source>
        <translation>PMU</translation>
    </message>
    <message>
        <source>The PMUs of /sys/bus/event_source/devices that have format fields</source>
        <translation>Die PMUs in /sys/bus/event_source/devices, die Formatfelder haben</translation>
    </message>
    <message>
        <source>&amp;PMU:</source>
        <translation>&amp;PMU:</translation>
    </message>
    <message>
        <source>Named event</source>
        <translation>Benanntes Ereignis</translation>
    </message>
    <message>
        <source>A named event of the PMU (its events/ directory) fills in the fields</source>
        <translation>Ein benanntes Ereignis der PMU (ihr Verzeichnis events/) füllt die Felder aus</translation>
    </message>
    <message>
        <source>&amp;Named event:</source>
        <translation>Be&amp;nanntes Ereignis:</translation>
    </message>
    <message>
        <source>Fields:</source>
        <translation>Felder:</translation>
    </message>
    <message>
        <source>&amp;user</source>
        <translation>Ben&amp;utzer</translation>
    </message>
    <message>
        <source>&amp;kernel</source>
        <translation>&amp;Kernel</translation>
    </message>
    <message>
        <source>&amp;hypervisor</source>
        <translation>H&amp;ypervisor</translation>
    </message>
    <message>
        <source>e&amp;xclusive</source>
        <translation>e&amp;xklusiv</translation>
    </message>
    <message>
        <source>pinne&amp;d</source>
        <translation>&amp;angeheftet</translation>
    </message>
    <message>
        <source>not precise</source>
        <translation>nicht präzise</translation>
    </message>
    <message>
        <source>p: constant skid</source>
        <translation>p: konstanter Versatz (skid)</translation>
    </message>
    <message>
        <source>pp: asks for 0 skid</source>
        <translation>pp: verlangt Versatz 0</translation>
    </message>
    <message>
        <source>ppp: must have 0 skid</source>
        <translation>ppp: muss Versatz 0 haben</translation>
    </message>
    <message>
        <source>Precise level</source>
        <translation>Präzisionsstufe</translation>
    </message>
    <message>
        <source>Modifiers:</source>
        <translation>Modifikatoren:</translation>
    </message>
    <message>
        <source>recording&apos;s default</source>
        <translation>Vorgabe der Aufzeichnung</translation>
    </message>
    <message>
        <source>every N events (period)</source>
        <translation>alle N Ereignisse (Periode)</translation>
    </message>
    <message>
        <source>N per second (frequency)</source>
        <translation>N pro Sekunde (Frequenz)</translation>
    </message>
    <message>
        <source>Period or frequency</source>
        <translation>Periode oder Frequenz</translation>
    </message>
    <message>
        <source>Sampling:</source>
        <translation>Abtastung:</translation>
    </message>
    <message>
        <source>optional, shown in reports</source>
        <translation>optional, in Berichten gezeigt</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>Na&amp;me:</translation>
    </message>
    <message>
        <source>Event in perf&apos;s syntax</source>
        <translation>Ereignis in der Syntax von perf</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Ergebnis:</translation>
    </message>
    <message>
        <source>Built events</source>
        <translation>Gebaute Ereignisse</translation>
    </message>
    <message>
        <source>Un&amp;group</source>
        <translation>Gruppe &amp;zerlegen</translation>
    </message>
    <message>
        <source>Split the selected group into its events</source>
        <translation>Die gewählte Gruppe in ihre Ereignisse zerlegen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>(none: set the fields)</source>
        <translation>(keines: Felder setzen)</translation>
    </message>
    <message>
        <source>0 to 0x%1</source>
        <translation>0 bis 0x%1</translation>
    </message>
    <message>
        <source>Bits %1; at most 0x%2</source>
        <translation>Bits %1; höchstens 0x%2</translation>
    </message>
    <message>
        <source>Give the period or frequency a number above 0.</source>
        <translation>Geben Sie der Periode oder Frequenz eine Zahl über 0.</translation>
    </message>
    <message>
        <source>No PMU with format fields here.</source>
        <translation>Hier gibt es keine PMU mit Formatfeldern.</translation>
    </message>
    <message>
        <source>Valid: type %1, config 0x%2, config1 0x%3, config2 0x%4</source>
        <translation>Gültig: type %1, config 0x%2, config1 0x%3, config2 0x%4</translation>
    </message>
    <message>
        <source>Not valid: %1</source>
        <translation>Ungültig: %1</translation>
    </message>
</context>
<context>
    <name>perfglass::EventListModel</name>
    <message>
        <source>Hardware events</source>
        <translation>Hardware-Ereignisse</translation>
    </message>
    <message>
        <source>Software events</source>
        <translation>Software-Ereignisse</translation>
    </message>
    <message>
        <source>Hardware cache events</source>
        <translation>Hardware-Cache-Ereignisse</translation>
    </message>
    <message>
        <source>PMUs</source>
        <translation>PMUs</translation>
    </message>
    <message>
        <source>Tracepoints</source>
        <translation>Tracepoints</translation>
    </message>
    <message>
        <source>Raw events and breakpoints</source>
        <translation>Rohereignisse und Haltepunkte</translation>
    </message>
    <message>
        <source>Tracepoints cannot be listed: %1</source>
        <translation>Tracepoints können nicht aufgelistet werden: %1</translation>
    </message>
    <message>
        <source>no named events</source>
        <translation>keine benannten Ereignisse</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>%1 of %2 open now</source>
        <translation>%1 von %2 jetzt nutzbar</translation>
    </message>
    <message>
        <source>yes, system-wide only</source>
        <translation>ja, nur systemweit</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>yes, user mode only</source>
        <translation>ja, nur Benutzermodus</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>nein: %1</translation>
    </message>
    <message>
        <source>also written %1</source>
        <translation>auch geschrieben als %1</translation>
    </message>
    <message>
        <source>scale %1 %2</source>
        <translation>Skalierung %1 %2</translation>
    </message>
    <message>
        <source>type %1</source>
        <translation>Typ %1</translation>
    </message>
    <message>
        <source>, system-wide only</source>
        <translation>, nur systemweit</translation>
    </message>
    <message>
        <source>; format fields: %1</source>
        <translation>; Formatfelder: %1</translation>
    </message>
    <message>
        <source>PMU %1</source>
        <translation>PMU %1</translation>
    </message>
    <message>
        <source>(type %1)</source>
        <translation>(Typ %1)</translation>
    </message>
    <message>
        <source>on CPUs %1</source>
        <translation>auf den CPUs %1</translation>
    </message>
    <message>
        <source>(system-wide only: record with -a or -C)</source>
        <translation>(nur systemweit: mit -a oder -C aufzeichnen)</translation>
    </message>
    <message>
        <source>No format fields.</source>
        <translation>Keine Formatfelder.</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Bits</translation>
    </message>
    <message>
        <source>Largest value</source>
        <translation>Größter Wert</translation>
    </message>
    <message>
        <source>Write raw terms as %1, e.g. %2.</source>
        <translation>Rohe Terme als %1 schreiben, z. B. %2.</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Opens now</source>
        <translation>Jetzt nutzbar</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>type %1, config %2</source>
        <translation>Typ %1, config %2</translation>
    </message>
    <message>
        <source>config1 %1, config2 %2</source>
        <translation>config1 %1, config2 %2</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Format not readable: %1</source>
        <translation>Format nicht lesbar: %1</translation>
    </message>
    <message>
        <source>Terms: period=N, freq=N, name=TEXT, e.g. %1.</source>
        <translation>Terme: period=N, freq=N, name=TEXT, z. B. %1.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
</context>
<context>
    <name>perfglass::EventsView</name>
    <message>
        <source>Only events that open now</source>
        <translation>Nur jetzt nutzbare Ereignisse</translation>
    </message>
    <message>
        <source>Search events (name, PMU, description)</source>
        <translation>Ereignisse suchen (Name, PMU, Beschreibung)</translation>
    </message>
    <message>
        <source>Search events</source>
        <translation>Ereignisse suchen</translation>
    </message>
    <message>
        <source>Hide the events this machine or this user cannot open now</source>
        <translation>Ereignisse ausblenden, die dieser Rechner oder dieser Benutzer jetzt nicht öffnen kann</translation>
    </message>
    <message>
        <source>List and probe the events again</source>
        <translation>Ereignisse erneut auflisten und prüfen</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>Event details</source>
        <translation>Ereignisdetails</translation>
    </message>
    <message>
        <source>Select an event to see its attribute, description and terms.</source>
        <translation>Wählen Sie ein Ereignis, um sein Attribut, seine Beschreibung und seine Terme zu sehen.</translation>
    </message>
    <message>
        <source>Chosen events</source>
        <translation>Gewählte Ereignisse</translation>
    </message>
    <message>
        <source>Chosen:</source>
        <translation>Gewählt:</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <source>Uncheck every event</source>
        <translation>Alle Ereignisse abwählen</translation>
    </message>
    <message>
        <source>Listing and probing events…</source>
        <translation>Ereignisse werden aufgelistet und geprüft…</translation>
    </message>
    <message>
        <source>%1 of %2 events open now for this user (kernel.perf_event_paranoid = %3)</source>
        <translation>%1 von %2 Ereignissen sind für diesen Benutzer jetzt nutzbar (kernel.perf_event_paranoid = %3)</translation>
    </message>
    <message>
        <source>Check events above, or build them, to record them</source>
        <translation>Ereignisse oben ankreuzen oder bauen, um sie aufzuzeichnen</translation>
    </message>
    <message>
        <source>The checked events in perf&apos;s syntax, in the order they were checked, then the built ones</source>
        <translation>Die angekreuzten Ereignisse in der Syntax von perf, in der Reihenfolge des Ankreuzens, dann die gebauten</translation>
    </message>
    <message>
        <source>&amp;List</source>
        <translation>&amp;Liste</translation>
    </message>
    <message>
        <source>&amp;Builder</source>
        <translation>&amp;Baukasten</translation>
    </message>
    <message>
        <source>Build a PMU event from its format fields, and groups of events</source>
        <translation>Ein PMU-Ereignis aus seinen Formatfeldern bauen, und Gruppen von Ereignissen</translation>
    </message>
</context>
<context>
    <name>perfglass::ExportJob</name>
    <message>
        <source>SVG flame graph (*.svg)</source>
        <translation>SVG-Flammendiagramm (*.svg)</translation>
    </message>
    <message>
        <source>speedscope JSON (*.speedscope.json *.json)</source>
        <translation>speedscope-JSON (*.speedscope.json *.json)</translation>
    </message>
    <message>
        <source>Collapsed stacks (*.collapsed *.txt)</source>
        <translation>Gefaltete Stapel (*.collapsed *.txt)</translation>
    </message>
    <message>
        <source>pprof profile (*.pb.gz)</source>
        <translation>pprof-Profil (*.pb.gz)</translation>
    </message>
    <message>
        <source>Firefox Profiler (*.json)</source>
        <translation>Firefox Profiler (*.json)</translation>
    </message>
    <message>
        <source>Heat map page (*.html)</source>
        <translation>Heatmap-Seite (*.html)</translation>
    </message>
</context>
<context>
    <name>perfglass::ExportMenu</name>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Flame Graph as &amp;SVG…</source>
        <translation>Flammendiagramm als &amp;SVG…</translation>
    </message>
    <message>
        <source>speedscope &amp;JSON…</source>
        <translation>speedscope-&amp;JSON…</translation>
    </message>
    <message>
        <source>&amp;Collapsed Stacks…</source>
        <translation>&amp;Gefaltete Stapel…</translation>
    </message>
    <message>
        <source>&amp;pprof Profile…</source>
        <translation>&amp;pprof-Profil…</translation>
    </message>
    <message>
        <source>&amp;Firefox Profiler…</source>
        <translation>&amp;Firefox Profiler…</translation>
    </message>
    <message>
        <source>Export what the views show, with the current filter</source>
        <translation>Exportieren, was die Ansichten zeigen, mit dem aktuellen Filter</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>&amp;Heat Map Page (HTML)…</source>
        <translation>&amp;Heatmap-Seite (HTML)…</translation>
    </message>
</context>
<context>
    <name>perfglass::FilterBar</name>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>Count only the samples taken on the CPUs checked here</source>
        <translation>Nur die Stichproben zählen, die auf den hier angekreuzten CPUs genommen wurden</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPUs</translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation>Filter:</translation>
    </message>
    <message>
        <source>none: the views show the whole session. Drag in the timeline, or right-click a function, to filter.</source>
        <translation>keiner: die Ansichten zeigen die ganze Sitzung. Ziehen Sie in der Zeitleiste oder klicken Sie mit rechts auf eine Funktion, um zu filtern.</translation>
    </message>
    <message>
        <source>CPUs: all</source>
        <translation>CPUs: alle</translation>
    </message>
    <message>
        <source>CPUs: %1</source>
        <translation>CPUs: %1</translation>
    </message>
    <message>
        <source>Merged: %1</source>
        <translation>Zusammengeführt: %1</translation>
    </message>
    <message>
        <source>Dropped: %1</source>
        <translation>Verworfen: %1</translation>
    </message>
    <message>
        <source>Focus: %1</source>
        <translation>Fokus: %1</translation>
    </message>
    <message>
        <source>Focus on function: %1</source>
        <translation>Fokus auf Funktion: %1</translation>
    </message>
    <message>
        <source>Collapsed: %1</source>
        <translation>Eingeklappt: %1</translation>
    </message>
    <message>
        <source>Collapsed recursion</source>
        <translation>Rekursion eingeklappt</translation>
    </message>
    <message>
        <source>Collapsed recursion: %1</source>
        <translation>Rekursion eingeklappt: %1</translation>
    </message>
    <message>
        <source>Collapsed direct recursion</source>
        <translation>Direkte Rekursion eingeklappt</translation>
    </message>
    <message>
        <source>Collapsed direct recursion: %1</source>
        <translation>Direkte Rekursion eingeklappt: %1</translation>
    </message>
    <message>
        <source>Kernel frames hidden</source>
        <translation>Kernel-Frames ausgeblendet</translation>
    </message>
    <message>
        <source>[collapsed library]</source>
        <translation>[eingeklappte Bibliothek]</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Hidden thread: %1</source>
        <translation>Ausgeblendeter Thread: %1</translation>
    </message>
    <message>
        <source>Hidden threads: %1</source>
        <translation>Ausgeblendete Threads: %1</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>Thread: %1</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>Threads: %1</translation>
    </message>
    <message>
        <source>Threads: %1 of %2</source>
        <translation>Threads: %1 von %2</translation>
    </message>
    <message>
        <source>Time: %1 s – %2 s</source>
        <translation>Zeit: %1 s – %2 s</translation>
    </message>
    <message>
        <source>Only the samples taken in this time range</source>
        <translation>Nur die Stichproben aus diesem Zeitbereich</translation>
    </message>
    <message>
        <source>Process: %1</source>
        <translation>Prozess: %1</translation>
    </message>
    <message>
        <source>Processes: %1</source>
        <translation>Prozesse: %1</translation>
    </message>
    <message>
        <source>Only the samples of these processes</source>
        <translation>Nur die Stichproben dieser Prozesse</translation>
    </message>
    <message>
        <source>Only the samples of these threads</source>
        <translation>Nur die Stichproben dieser Threads</translation>
    </message>
    <message>
        <source>CPU: %1</source>
        <translation>CPU: %1</translation>
    </message>
    <message>
        <source>Only the samples taken on these CPUs</source>
        <translation>Nur die Stichproben auf diesen CPUs</translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation>Diesen Filter entfernen</translation>
    </message>
    <message>
        <source>Remove filter: %1</source>
        <translation>Filter entfernen: %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>&amp;All CPUs</source>
        <translation>&amp;Alle CPUs</translation>
    </message>
    <message>
        <source>Show all CPUs</source>
        <translation>Alle CPUs zeigen</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>Show CPUs %1</source>
        <translation>CPUs %1 zeigen</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Only the samples taken in these heat map cells: the same part of each column in this time range</source>
        <translation>Nur die Stichproben in diesen Heatmap-Zellen: derselbe Teil jeder Spalte in diesem Zeitbereich</translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphModel</name>
    <message>
        <source>all samples</source>
        <translation>alle Stichproben</translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphView</name>
    <message>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Back to the previous zoom (Escape, or a right click off the frames)</source>
        <translation>Zurück zum vorigen Zoom (Esc oder Rechtsklick neben die Frames)</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>Alles zeigen</translation>
    </message>
    <message>
        <source>Show all samples (Home)</source>
        <translation>Alle Stichproben zeigen (Pos1)</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Zoom zurücksetzen</translation>
    </message>
    <message>
        <source>The zoomed call path; click a caller to zoom out to it</source>
        <translation>Der vergrößerte Aufrufpfad; klicken Sie auf einen Aufrufer, um zu ihm herauszuzoomen</translation>
    </message>
    <message>
        <source>Search functions (Ctrl+F)</source>
        <translation>Funktionen suchen (Strg+F)</translation>
    </message>
    <message>
        <source>Search functions</source>
        <translation>Funktionen suchen</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>Kein Treffer</translation>
    </message>
    <message>
        <source>%1 of samples match</source>
        <translation>%1 der Stichproben passen</translation>
    </message>
    <message>
        <source>Click a frame to zoom in, right-click it to focus, merge or hide it; Escape goes back.</source>
        <translation>Klick: hineinzoomen; Rechtsklick: fokussieren, zusammenführen, ausblenden; Esc: zurück.</translation>
    </message>
    <message>
        <source>All samples: %1</source>
        <translation>Alle Stichproben: %1</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 (%4)</source>
        <translation>%1 — %2 — %3 (%4)</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Anwendung</translation>
    </message>
    <message>
        <source>System library</source>
        <translation>Systembibliothek</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>JIT</source>
        <translation>JIT</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>Broken stack</source>
        <translation>Defekter Stapel</translation>
    </message>
    <message>
        <source>Inlined (paler, dashed outline)</source>
        <translation>Inline (blasser, gestrichelter Rand)</translation>
    </message>
    <message>
        <source>Icicle</source>
        <translation>Eiszapfen</translation>
    </message>
    <message>
        <source>Draw the root on top and callees below it (an icicle graph)</source>
        <translation>Die Wurzel oben zeichnen und die Aufgerufenen darunter (Eiszapfen-Ansicht, „icicle“)</translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation>Bottom-Up</translation>
    </message>
    <message>
        <source>A bottom-up flame graph: the functions samples end in next to the root, their callers beyond them</source>
        <translation>Ein Bottom-Up-Flammendiagramm: die Funktionen, in denen Stichproben enden, direkt an der Wurzel, ihre Aufrufer dahinter</translation>
    </message>
    <message>
        <source>Merge &lt; </source>
        <translation>Bündeln &lt; </translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Merge threshold</source>
        <translation>Schwelle zum Bündeln</translation>
    </message>
    <message>
        <source>Frames cheaper than this share of the shown frame are drawn as one hatched &quot;small frames&quot; block, whose tooltip names them. At 0 only frames narrower than a pixel merge.</source>
        <translation>Frames, die weniger als diesen Anteil des gezeigten Frames kosten, werden als ein schraffierter Block „kleine Frames“ gezeichnet, dessen Tooltip sie nennt. Bei 0 werden nur Frames gebündelt, die schmaler als ein Pixel sind.</translation>
    </message>
    <message>
        <source>Bottom-up: the functions samples end in, their callers beyond them.</source>
        <translation>Bottom-Up: die Funktionen, in denen Stichproben enden, ihre Aufrufer dahinter.</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Leerlauf</translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphWidget</name>
    <message>
        <source>Flame graph</source>
        <translation>Flammendiagramm</translation>
    </message>
    <message>
        <source>This session has no samples for its event.</source>
        <translation>Diese Sitzung hat keine Stichproben für ihr Ereignis.</translation>
    </message>
    <message>
        <source>Open a session with File ▸ Open… or drop a perf.data file here.</source>
        <translation>Öffnen Sie eine Sitzung mit Datei ▸ Öffnen… oder ziehen Sie eine perf.data-Datei hierher.</translation>
    </message>
    <message numerus="yes">
        <source>%n small frame(s)</source>
        <translation>
            <numerusform>%n kleiner Frame</numerusform>
            <numerusform>%n kleine Frames</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;All samples&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;Alle Stichproben&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Inclusive: %3 of all samples (%4)&lt;br&gt;Self: %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Modul: %2&lt;br&gt;Inklusiv: %3 aller Stichproben (%4)&lt;br&gt;Selbst: %5 (%6)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Eingebettet (inline) in %1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation>&lt;br&gt;Quelle: %1 (die heißeste Zeile der Funktion)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Of the zoomed frame: %1</source>
        <translation>&lt;br&gt;Vom vergrößerten Frame: %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n small frame(s)&lt;/b&gt;, each below %1 of the shown cost&lt;br&gt;together %2 of all samples (%3)</source>
        <translation>
            <numerusform>&lt;b&gt;%n kleiner Frame&lt;/b&gt;, unter %1 der gezeigten Kosten&lt;br&gt;zusammen %2 aller Stichproben (%3)</numerusform>
            <numerusform>&lt;b&gt;%n kleine Frames&lt;/b&gt;, jeder unter %1 der gezeigten Kosten&lt;br&gt;zusammen %2 aller Stichproben (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Lower the merge threshold, or click their parent frame to zoom in, to see them.</source>
        <translation>Senken Sie die Schwelle zum Bündeln oder klicken Sie zum Hineinzoomen auf ihren Eltern-Frame, um sie zu sehen.</translation>
    </message>
    <message>
        <source>Making the bottom-up flame graph…</source>
        <translation>Bottom-Up-Flammendiagramm wird erstellt…</translation>
    </message>
</context>
<context>
    <name>perfglass::FrameActions</name>
    <message>
        <source>Hide &amp;Kernel Frames</source>
        <translation>&amp;Kernel-Frames ausblenden</translation>
    </message>
    <message>
        <source>Remove kernel frames from every stack; their cost goes to the user-space function that entered the kernel</source>
        <translation>Kernel-Frames aus jedem Stapel entfernen; ihre Kosten gehen an die Userspace-Funktion, die den Kernel betreten hat</translation>
    </message>
    <message>
        <source>&amp;Focus on Function</source>
        <translation>&amp;Auf Funktion fokussieren</translation>
    </message>
    <message>
        <source>Focus on %1</source>
        <translation>Fokus auf %1</translation>
    </message>
    <message>
        <source>Focus on This &amp;Call Path</source>
        <translation>Auf diesen Aufruf&amp;pfad fokussieren</translation>
    </message>
    <message>
        <source>Focus on call path %1</source>
        <translation>Fokus auf Aufrufpfad %1</translation>
    </message>
    <message>
        <source>&amp;Merge Function</source>
        <translation>Funktion &amp;zusammenführen</translation>
    </message>
    <message>
        <source>Merge %1</source>
        <translation>%1 zusammenführen</translation>
    </message>
    <message>
        <source>&amp;Drop Samples with Function</source>
        <translation>Stichproben mit Funktion &amp;verwerfen</translation>
    </message>
    <message>
        <source>Drop samples with %1</source>
        <translation>Stichproben mit %1 verwerfen</translation>
    </message>
    <message>
        <source>Collapse &amp;Library %1</source>
        <translation>&amp;Bibliothek %1 einklappen</translation>
    </message>
    <message>
        <source>Collapse library %1</source>
        <translation>Bibliothek %1 einklappen</translation>
    </message>
    <message>
        <source>Collapse &amp;Recursion</source>
        <translation>&amp;Rekursion einklappen</translation>
    </message>
    <message>
        <source>Collapse recursion of %1</source>
        <translation>Rekursion von %1 einklappen</translation>
    </message>
    <message>
        <source>Collapse Direct Recursion &amp;Only</source>
        <translation>Nur &amp;direkte Rekursion einklappen</translation>
    </message>
    <message>
        <source>Collapse direct recursion of %1</source>
        <translation>Direkte Rekursion von %1 einklappen</translation>
    </message>
    <message>
        <source>Cop&amp;y Name</source>
        <translation>Namen k&amp;opieren</translation>
    </message>
    <message>
        <source>Sho&amp;w Source &amp;&amp; Disassembly</source>
        <translation>&amp;Quelle &amp;&amp; Disassemblierung zeigen</translation>
    </message>
</context>
<context>
    <name>perfglass::FrameDetails</name>
    <message>
        <source> (inlined)</source>
        <translation> (inline)</translation>
    </message>
</context>
<context>
    <name>perfglass::FunctionListModel</name>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Self: %3 (%4)&lt;br&gt;Inclusive: %5 (%6)&lt;br&gt;On the stack of %n sample(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Modul: %2&lt;br&gt;Selbst: %3 (%4)&lt;br&gt;Inklusiv: %5 (%6)&lt;br&gt;Auf dem Stapel von %n Stichprobe</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Modul: %2&lt;br&gt;Selbst: %3 (%4)&lt;br&gt;Inklusiv: %5 (%6)&lt;br&gt;Auf dem Stapel von %n Stichproben</numerusform>
        </translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inklusiv</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Stichproben</translation>
    </message>
</context>
<context>
    <name>perfglass::HeatmapView</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>The time each cell covers: one column is one second (or a fraction of a second in short sessions, several seconds in sessions longer than an hour)</source>
        <translation>Die Zeit, die eine Zelle abdeckt: eine Spalte ist eine Sekunde (in kurzen Sitzungen ein Bruchteil einer Sekunde, in Sitzungen über einer Stunde mehrere Sekunden)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Stichproben</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Colour the cells by their samples, or by the cost every view counts (CPU time, events or off-CPU time)</source>
        <translation>Die Zellen nach ihren Stichproben färben oder nach den Kosten, die jede Ansicht zählt (CPU-Zeit, Ereignisse oder Off-CPU-Zeit)</translation>
    </message>
    <message>
        <source>&amp;Bucket:</source>
        <translation>&amp;Zellengröße:</translation>
    </message>
    <message>
        <source>C&amp;olour by:</source>
        <translation>F&amp;arbe nach:</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) in a cell</source>
        <translation>
            <numerusform>%n Stichprobe in einer Zelle</numerusform>
            <numerusform>%n Stichproben in einer Zelle</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::HeatmapWidget</name>
    <message>
        <source>No samples to show.</source>
        <translation>Keine Stichproben anzuzeigen.</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message numerus="yes">
        <source>%1 s to %2 s: %n sample(s), %3</source>
        <translation>
            <numerusform>%1 s bis %2 s: %n Stichprobe, %3</numerusform>
            <numerusform>%1 s bis %2 s: %n Stichproben, %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them in the selected function</source>
        <translation>
            <numerusform>davon %n in der ausgewählten Funktion</numerusform>
            <numerusform>davon %n in der ausgewählten Funktion</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::MainWindow</name>
    <message>
        <source>Perfglass</source>
        <translation>Perfglass</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open Rece&amp;nt</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederherstellen</translation>
    </message>
    <message>
        <source>&amp;Clear Filter</source>
        <translation>Filter &amp;löschen</translation>
    </message>
    <message>
        <source>Show the whole session in every view again</source>
        <translation>Wieder die ganze Sitzung in jeder Ansicht zeigen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Anordnung &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Perfglass</source>
        <translation>&amp;Über Perfglass</translation>
    </message>
    <message>
        <source>About Perfglass</source>
        <translation>Über Perfglass</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Perfglass %1&lt;/h3&gt;&lt;p&gt;A Linux profiler: records with perf_event_open, stores sessions as perf.data, shows them as flame graphs and call trees.&lt;/p&gt;&lt;p&gt;License: GPL-2.0-or-later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Perfglass %1&lt;/h3&gt;&lt;p&gt;Ein Linux-Profiler: zeichnet mit perf_event_open auf, speichert Sitzungen als perf.data und zeigt sie als Flammendiagramme und Aufrufbäume.&lt;/p&gt;&lt;p&gt;Lizenz: GPL-2.0-or-later.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Sitzung öffnen</translation>
    </message>
    <message>
        <source>%1 — Perfglass</source>
        <translation>%1 — Perfglass</translation>
    </message>
    <message>
        <source>Could not open the session</source>
        <translation>Die Sitzung konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Perfglass could not open %1.</source>
        <translation>Perfglass konnte %1 nicht öffnen.</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <source>Read the session&apos;s file again</source>
        <translation>Die Datei der Sitzung neu einlesen</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>Session closed.</source>
        <translation>Sitzung geschlossen.</translation>
    </message>
    <message>
        <source>Symbol &amp;Settings…</source>
        <translation>&amp;Symboleinstellungen…</translation>
    </message>
    <message>
        <source>Where binaries, debug files, kernel symbols and sources are looked for</source>
        <translation>Wo Binärdateien, Debug-Dateien, Kernel-Symbole und Quellen gesucht werden</translation>
    </message>
    <message>
        <source>Readable Na&amp;mes</source>
        <translation>Lesbare &amp;Namen</translation>
    </message>
    <message>
        <source>Shorten C++ names: no default template arguments, template arguments as &lt;…&gt;, parameter lists only for overloads. Tooltips, copies and exports keep the full names.</source>
        <translation>C++-Namen kürzen: keine Standard-Template-Argumente, Template-Argumente als &lt;…&gt;, Parameterlisten nur bei Überladungen. Tooltips, Kopien und Exporte behalten die vollen Namen.</translation>
    </message>
    <message>
        <source>Source Folder</source>
        <translation>Quellordner</translation>
    </message>
    <message>
        <source>Add %1 to the source paths of the Symbol Settings, for later sessions too?</source>
        <translation>%1 zu den Quellpfaden der Symboleinstellungen hinzufügen, auch für spätere Sitzungen?</translation>
    </message>
    <message>
        <source>perf.data sessions and their archives (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst *.tar);;All files (*)</source>
        <translation>perf.data-Sitzungen und ihre Archive (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst *.tar);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Compare with Open Sess&amp;ion</source>
        <translation>Mit offener Sitzung verglei&amp;chen</translation>
    </message>
    <message>
        <source>No other session is open</source>
        <translation>Keine andere Sitzung ist offen</translation>
    </message>
    <message>
        <source>&amp;Docks</source>
        <translation>&amp;Docks</translation>
    </message>
    <message>
        <source>Open &amp;Stream…</source>
        <translation>S&amp;tream öffnen…</translation>
    </message>
    <message>
        <source>Open Stream</source>
        <translation>Stream öffnen</translation>
    </message>
    <message>
        <source>Show a session as it arrives: a named pipe that perf record -o - writes into, or a file still being written</source>
        <translation>Eine Sitzung zeigen, während sie ankommt: eine benannte Pipe, in die perf record -o - schreibt, oder eine Datei, die noch geschrieben wird</translation>
    </message>
    <message>
        <source>S&amp;top Following the Stream</source>
        <translation>Datenstrom nicht mehr verfol&amp;gen</translation>
    </message>
    <message>
        <source>Read no more of the stream shown: the views keep what was read, marked as stopped</source>
        <translation>Nichts mehr vom gezeigten Datenstrom lesen: die Ansichten behalten das Gelesene, als angehalten markiert</translation>
    </message>
</context>
<context>
    <name>perfglass::ProcessGroupingActions</name>
    <message>
        <source>&amp;Not by Process</source>
        <translation>&amp;Nicht nach Prozess</translation>
    </message>
    <message>
        <source>By &amp;Process</source>
        <translation>Nach &amp;Prozess</translation>
    </message>
    <message>
        <source>By Process and &amp;Thread</source>
        <translation>Nach Prozess und &amp;Thread</translation>
    </message>
    <message>
        <source>Hide &amp;Idle</source>
        <translation>&amp;Leerlauf ausblenden</translation>
    </message>
    <message>
        <source>One root box per process in the flame graph and the trees</source>
        <translation>Ein Wurzelkasten pro Prozess im Flammendiagramm und in den Bäumen</translation>
    </message>
    <message>
        <source>One root box per process, and one per thread below it</source>
        <translation>Ein Wurzelkasten pro Prozess und darunter einer pro Thread</translation>
    </message>
    <message>
        <source>Leave out the idle task (PID 0, swapper): the time the CPUs had nothing to run</source>
        <translation>Den Leerlauf-Task (PID 0, swapper) weglassen: die Zeit, in der die CPUs nichts auszuführen hatten</translation>
    </message>
    <message>
        <source>&amp;Group Stacks</source>
        <translation>Stapel &amp;gruppieren</translation>
    </message>
</context>
<context>
    <name>perfglass::ProcessListModel</name>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
</context>
<context>
    <name>perfglass::RecentFilesMenu</name>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Aufzeichnen</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>An&amp;hängen</translation>
    </message>
    <message>
        <source>S&amp;ystem-wide</source>
        <translation>Gesamtes S&amp;ystem</translation>
    </message>
    <message>
        <source>Start a program and record it, its threads and children</source>
        <translation>Ein Programm starten und es samt seinen Threads und Kindprozessen aufzeichnen</translation>
    </message>
    <message>
        <source>Record running processes, their threads and children</source>
        <translation>Laufende Prozesse samt ihren Threads und Kindprozessen aufzeichnen</translation>
    </message>
    <message>
        <source>Record every process on the chosen CPUs</source>
        <translation>Jeden Prozess auf den gewählten CPUs aufzeichnen</translation>
    </message>
    <message>
        <source>&amp;Start Recording</source>
        <translation>Aufzeichnung s&amp;tarten</translation>
    </message>
    <message>
        <source>Path or name of the program</source>
        <translation>Pfad oder Name des Programms</translation>
    </message>
    <message>
        <source>&amp;Program:</source>
        <translation>&amp;Programm:</translation>
    </message>
    <message>
        <source>Choose the program to launch</source>
        <translation>Das zu startende Programm wählen</translation>
    </message>
    <message>
        <source>Program to Record</source>
        <translation>Aufzuzeichnendes Programm</translation>
    </message>
    <message>
        <source>Arguments, quoted as in a shell</source>
        <translation>Argumente, wie in einer Shell quotiert</translation>
    </message>
    <message>
        <source>Ar&amp;guments:</source>
        <translation>A&amp;rgumente:</translation>
    </message>
    <message>
        <source>Default: Perfglass&apos;s own working directory</source>
        <translation>Standard: das Arbeitsverzeichnis von Perfglass</translation>
    </message>
    <message>
        <source>&amp;Working directory:</source>
        <translation>Arbeits&amp;verzeichnis:</translation>
    </message>
    <message>
        <source>Choose the program&apos;s working directory</source>
        <translation>Das Arbeitsverzeichnis des Programms wählen</translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation>Arbeitsverzeichnis</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Variables added to the program&apos;s environment</source>
        <translation>Variablen, die der Umgebung des Programms hinzugefügt werden</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Umgebung:</translation>
    </message>
    <message>
        <source>Filter by PID, user or command line</source>
        <translation>Nach PID, Benutzer oder Befehlszeile filtern</translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation>Prozessfilter</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Record every process on these CPUs:</source>
        <translation>Jeden Prozess auf diesen CPUs aufzeichnen:</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <source>Recording the whole system needs privileges; Perfglass asks for them through its helper when the kernel refuses (perf_event_paranoid).</source>
        <translation>Das ganze System aufzuzeichnen erfordert Rechte; Perfglass fordert sie über seinen Helfer an, wenn der Kernel ablehnt (perf_event_paranoid).</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>Default: cycles where supported, else cpu-clock</source>
        <translation>Standard: cycles, wo unterstützt, sonst cpu-clock</translation>
    </message>
    <message>
        <source>Events in perf&apos;s syntax, e.g. cpu-clock,page-faults or sched:sched_switch</source>
        <translation>Ereignisse in perf-Syntax, z. B. cpu-clock,page-faults oder sched:sched_switch</translation>
    </message>
    <message>
        <source>E&amp;vents:</source>
        <translation>&amp;Ereignisse:</translation>
    </message>
    <message>
        <source>&amp;Frequency</source>
        <translation>&amp;Frequenz</translation>
    </message>
    <message>
        <source> Hz</source>
        <translation> Hz</translation>
    </message>
    <message>
        <source>Every &amp;N events</source>
        <translation>Alle &amp;N Ereignisse</translation>
    </message>
    <message>
        <source>Sampling:</source>
        <translation>Abtastung:</translation>
    </message>
    <message>
        <source>Frame pointers</source>
        <translation>Frame-Pointer</translation>
    </message>
    <message>
        <source>DWARF (copies the user stack)</source>
        <translation>DWARF (kopiert den Userspace-Stapel)</translation>
    </message>
    <message>
        <source> bytes of stack</source>
        <translation> Bytes Stapel</translation>
    </message>
    <message>
        <source>How much of each sampled stack to copy; a multiple of 8</source>
        <translation>Wie viel von jedem abgetasteten Stapel kopiert wird; ein Vielfaches von 8</translation>
    </message>
    <message>
        <source>&amp;Call graph:</source>
        <translation>Aufruf&amp;graph:</translation>
    </message>
    <message>
        <source>Stop after</source>
        <translation>Stoppen nach</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>&amp;Dauer:</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>Ausga&amp;bedatei:</translation>
    </message>
    <message>
        <source>Choose where to save the session</source>
        <translation>Wählen, wo die Sitzung gespeichert wird</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>Sitzung speichern unter</translation>
    </message>
    <message>
        <source>perf.data sessions (*.data)</source>
        <translation>perf.data-Sitzungen (*.data)</translation>
    </message>
    <message>
        <source>Choose the program to launch.</source>
        <translation>Wählen Sie das zu startende Programm.</translation>
    </message>
    <message>
        <source>Program not found: %1</source>
        <translation>Programm nicht gefunden: %1</translation>
    </message>
    <message>
        <source>Not an executable program: %1</source>
        <translation>Kein ausführbares Programm: %1</translation>
    </message>
    <message>
        <source>The arguments could not be split (an unclosed quote?).</source>
        <translation>Die Argumente konnten nicht zerlegt werden (ein nicht geschlossenes Anführungszeichen?).</translation>
    </message>
    <message>
        <source>No such working directory: %1</source>
        <translation>Arbeitsverzeichnis existiert nicht: %1</translation>
    </message>
    <message>
        <source>Environment row %1: the name &apos;%2&apos; may not contain &apos;=&apos; or spaces.</source>
        <translation>Umgebung, Zeile %1: der Name „%2“ darf kein „=“ und keine Leerzeichen enthalten.</translation>
    </message>
    <message>
        <source>Environment row %1: give the variable a name.</source>
        <translation>Umgebung, Zeile %1: geben Sie der Variablen einen Namen.</translation>
    </message>
    <message>
        <source>Select the processes to attach to.</source>
        <translation>Wählen Sie die Prozesse, an die angehängt werden soll.</translation>
    </message>
    <message>
        <source>Choose at least one CPU.</source>
        <translation>Wählen Sie mindestens eine CPU.</translation>
    </message>
    <message>
        <source>The DWARF stack size must be a multiple of 8 bytes.</source>
        <translation>Die DWARF-Stapelgröße muss ein Vielfaches von 8 Bytes sein.</translation>
    </message>
    <message>
        <source>Choose the output file.</source>
        <translation>Wählen Sie die Ausgabedatei.</translation>
    </message>
    <message>
        <source>The output file is a directory: %1</source>
        <translation>Die Ausgabedatei ist ein Verzeichnis: %1</translation>
    </message>
    <message>
        <source>Selected: %1</source>
        <translation>Ausgewählt: %1</translation>
    </message>
    <message>
        <source>The events are not valid.</source>
        <translation>Die Ereignisse sind ungültig.</translation>
    </message>
    <message>
        <source>Cannot create the directory %1.</source>
        <translation>Das Verzeichnis %1 kann nicht angelegt werden.</translation>
    </message>
    <message>
        <source>Check events in the Events dock to use them here</source>
        <translation>Haken Sie Ereignisse im Dock „Ereignisse“ an, um sie hier zu verwenden</translation>
    </message>
    <message>
        <source>Use the events checked in the Events dock: %1</source>
        <translation>Die im Dock „Ereignisse“ angehakten Ereignisse verwenden: %1</translation>
    </message>
    <message>
        <source>From Events Dock</source>
        <translation>Aus Ereignis-Dock</translation>
    </message>
    <message>
        <source>The command line that records the same way:
%1</source>
        <translation>Die Befehlszeile, die genauso aufzeichnet:
%1</translation>
    </message>
    <message>
        <source>As perf record --latency: lets the views weigh each sample by 1 / the number of threads of its process then running</source>
        <translation>Wie perf record --latency: die Ansichten können jede Stichprobe mit 1 / der Zahl der dann laufenden Threads ihres Prozesses gewichten</translation>
    </message>
    <message>
        <source>Off-CPU time (with sched_switch)</source>
        <translation>Off-CPU-Zeit (mit sched_switch)</translation>
    </message>
    <message>
        <source>As perf record --off-cpu: the time threads waited, and where they waited</source>
        <translation>Wie perf record --off-cpu: die Zeit, die Threads warteten, und wo sie warteten</translation>
    </message>
    <message>
        <source>Latency (of every thread)</source>
        <translation>Latenz (aller Threads)</translation>
    </message>
    <message>
        <source>Context switches:</source>
        <translation>Kontextwechsel:</translation>
    </message>
    <message>
        <source>This co&amp;mputer</source>
        <translation>Dieser Co&amp;mputer</translation>
    </message>
    <message>
        <source>Remote &amp;host:</source>
        <translation>Entfernter H&amp;ost:</translation>
    </message>
    <message>
        <source>Record on another machine over ssh (perfglass-cli record --host); the session is saved here and the host&apos;s symbols are fetched</source>
        <translation>Auf einem anderen Rechner über ssh aufzeichnen (perfglass-cli record --host); die Sitzung wird hier gespeichert und die Symbole des Hosts werden geholt</translation>
    </message>
    <message>
        <source>Record on:</source>
        <translation>Aufzeichnen auf:</translation>
    </message>
    <message>
        <source>The program runs here, as you, and the session is saved here.</source>
        <translation>Das Programm läuft hier, als Sie, und die Sitzung wird hier gespeichert.</translation>
    </message>
    <message>
        <source>~/.ssh/config</source>
        <translation>~/.ssh/config</translation>
    </message>
    <message>
        <source>The ssh client configuration to use (ssh -F); empty: ssh&apos;s own</source>
        <translation>Die zu verwendende ssh-Client-Konfiguration (ssh -F); leer: die von ssh selbst</translation>
    </message>
    <message>
        <source>perfglass-cli in its PATH</source>
        <translation>perfglass-cli in seinem PATH</translation>
    </message>
    <message>
        <source>The perfglass-cli on the host that records there</source>
        <translation>Das perfglass-cli auf dem Host, das dort aufzeichnet</translation>
    </message>
    <message>
        <source>Deploy &amp;this build</source>
        <translation>Diesen Bui&amp;ld verteilen</translation>
    </message>
    <message>
        <source>Copy this build&apos;s perfglass-cli to the host&apos;s cache once and record with it</source>
        <translation>Das perfglass-cli dieses Builds einmal in den Cache des Hosts kopieren und damit aufzeichnen</translation>
    </message>
    <message>
        <source>SSH conf&amp;ig:</source>
        <translation>SSH-Konf&amp;iguration:</translation>
    </message>
    <message>
        <source>Recorder:</source>
        <translation>Aufzeichner:</translation>
    </message>
    <message>
        <source>Path or name of the program on the host</source>
        <translation>Pfad oder Name des Programms auf dem Host</translation>
    </message>
    <message>
        <source>Default: the host user&apos;s home directory</source>
        <translation>Standard: das Home-Verzeichnis des Benutzers auf dem Host</translation>
    </message>
    <message>
        <source>Read the list of processes again (a remote host&apos;s through ssh)</source>
        <translation>Die Prozessliste neu einlesen (die eines entfernten Hosts über ssh)</translation>
    </message>
    <message>
        <source>All CPUs of the host; or a list such as 0-3,6</source>
        <translation>Alle CPUs des Hosts; oder eine Liste wie 0-3,6</translation>
    </message>
    <message>
        <source>CP&amp;Us on the host:</source>
        <translation>&amp;CPUs auf dem Host:</translation>
    </message>
    <message>
        <source>The host&apos;s recorder records with its user&apos;s rights: its kernel.perf_event_paranoid must allow system-wide recording (-1), or the user must be root.</source>
        <translation>Der Aufzeichner auf dem Host zeichnet mit den Rechten seines Benutzers auf: dessen kernel.perf_event_paranoid muss systemweite Aufzeichnung erlauben (-1), oder der Benutzer muss root sein.</translation>
    </message>
    <message>
        <source>Reading the processes of %1…</source>
        <translation>Prozesse von %1 werden gelesen…</translation>
    </message>
    <message>
        <source>Enter the host to record on.</source>
        <translation>Geben Sie den Host ein, auf dem aufgezeichnet werden soll.</translation>
    </message>
    <message>
        <source>No such ssh configuration file: %1</source>
        <translation>Keine solche ssh-Konfigurationsdatei: %1</translation>
    </message>
    <message>
        <source>CPUs on the host: %1</source>
        <translation>CPUs auf dem Host: %1</translation>
    </message>
    <message>
        <source>[user@]host[:port] as for ssh; several separated by commas</source>
        <translation>[benutzer@]host[:port] wie für ssh; mehrere durch Kommas getrennt</translation>
    </message>
    <message>
        <source>The hosts to record on, all at once (one session each); each completed from the Host entries of the ssh configuration</source>
        <translation>Die Hosts, auf denen gleichzeitig aufgezeichnet wird (je eine Sitzung); jeder wird aus den Host-Einträgen der ssh-Konfiguration vervollständigt</translation>
    </message>
    <message>
        <source> (the processes of %1; the same process IDs are attached on every host)</source>
        <translation> (die Prozesse von %1; auf jedem Host werden dieselben Prozess-IDs angehängt)</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingDock</name>
    <message>
        <source>Recording</source>
        <translation>Aufzeichnung läuft</translation>
    </message>
    <message>
        <source>&amp;Record…</source>
        <translation>&amp;Aufzeichnen…</translation>
    </message>
    <message>
        <source>Record a program, running processes or the whole system</source>
        <translation>Ein Programm, laufende Prozesse oder das ganze System aufzeichnen</translation>
    </message>
    <message>
        <source>Recording…</source>
        <translation>Aufzeichnung läuft…</translation>
    </message>
    <message>
        <source>Recorded %1.</source>
        <translation>%1 aufgezeichnet.</translation>
    </message>
    <message>
        <source>Recording failed: %1</source>
        <translation>Aufzeichnung fehlgeschlagen: %1</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingJob</name>
    <message>
        <source>process %1</source>
        <translation>Prozess %1</translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation>Prozesse %1</translation>
    </message>
    <message numerus="yes">
        <source>thread(s) %1</source>
        <translation>
            <numerusform>Thread %1</numerusform>
            <numerusform>Threads %1</numerusform>
        </translation>
    </message>
    <message>
        <source>the whole system, all CPUs</source>
        <translation>das ganze System, alle CPUs</translation>
    </message>
    <message numerus="yes">
        <source>the whole system, CPU(s) %1</source>
        <translation>
            <numerusform>das ganze System, CPU %1</numerusform>
            <numerusform>das ganze System, CPUs %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingView</name>
    <message>
        <source>&amp;Live view</source>
        <translation>&amp;Live-Ansicht</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stoppen</translation>
    </message>
    <message>
        <source>End the recording (a launched program is asked to exit) and open the session</source>
        <translation>Die Aufzeichnung beenden (ein gestartetes Programm wird gebeten, sich zu beenden) und die Sitzung öffnen</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Ziel:</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>Vergangen:</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>Ausgabe:</translation>
    </message>
    <message>
        <source>File size:</source>
        <translation>Dateigröße:</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Not recording</source>
        <translation>Keine Aufzeichnung</translation>
    </message>
    <message>
        <source>Start a recording with File ▸ Record…</source>
        <translation>Starten Sie eine Aufzeichnung mit Datei ▸ Aufzeichnen…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>Aufzeichnung läuft</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Recording failed</source>
        <translation>Aufzeichnung fehlgeschlagen</translation>
    </message>
    <message>
        <source>— (no session was written)</source>
        <translation>— (keine Sitzung geschrieben)</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Dauer:</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>Stichproben:</translation>
    </message>
    <message numerus="yes">
        <source>, throttled %n time(s)</source>
        <translation>
            <numerusform>, %n-mal gedrosselt</numerusform>
            <numerusform>, %n-mal gedrosselt</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost samples:</source>
        <translation>Verlorene Stichproben:</translation>
    </message>
    <message>
        <source>Written:</source>
        <translation>Geschrieben:</translation>
    </message>
    <message>
        <source>Events:</source>
        <translation>Ereignisse:</translation>
    </message>
    <message>
        <source>Exit code:</source>
        <translation>Exit-Code:</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Hinweise:</translation>
    </message>
    <message>
        <source>The kernel dropped samples because a ring buffer was full: record at a lower frequency.</source>
        <translation>Der Kernel hat Stichproben verworfen, weil ein Ringpuffer voll war: zeichnen Sie mit niedrigerer Frequenz auf.</translation>
    </message>
    <message numerus="yes">
        <source> (in %n LOST record(s))</source>
        <translation>
            <numerusform> (in %n LOST-Record)</numerusform>
            <numerusform> (in %n LOST-Records)</numerusform>
        </translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 wird aufgebaut…</translation>
    </message>
    <message>
        <source>Recording on %1</source>
        <translation>Aufzeichnung auf %1</translation>
    </message>
    <message>
        <source>Ending the recording on %1…</source>
        <translation>Aufzeichnung auf %1 wird beendet…</translation>
    </message>
    <message>
        <source>Fetching symbols from %1…</source>
        <translation>Symbole werden von %1 geholt…</translation>
    </message>
    <message>
        <source>Stopping: %1 had not started recording</source>
        <translation>Wird gestoppt: %1 hatte die Aufzeichnung noch nicht begonnen</translation>
    </message>
    <message>
        <source>Failed on %1</source>
        <translation>Fehlgeschlagen auf %1</translation>
    </message>
    <message>
        <source>ending it forcibly…</source>
        <translation>wird erzwungen beendet…</translation>
    </message>
    <message>
        <source>Stop again to end it now</source>
        <translation>Erneut Stopp, um sofort zu beenden</translation>
    </message>
    <message>
        <source>Stopped before %1 started recording</source>
        <translation>Gestoppt, bevor %1 die Aufzeichnung begann</translation>
    </message>
    <message>
        <source>Stop &amp;Now</source>
        <translation>&amp;Sofort stoppen</translation>
    </message>
    <message>
        <source>End the recording at once: ssh is ended, and the hosts&apos; records that had not arrived are lost</source>
        <translation>Die Aufzeichnung sofort beenden: ssh wird beendet, und die noch nicht angekommenen Records der Hosts gehen verloren</translation>
    </message>
    <message>
        <source>Not recorded:</source>
        <translation>Nicht aufgezeichnet:</translation>
    </message>
    <message>
        <source>stopped before the host started recording; it did not answer, so the recording was ended forcibly</source>
        <translation>gestoppt, bevor der Host die Aufzeichnung begann; er antwortete nicht, daher wurde die Aufzeichnung erzwungen beendet</translation>
    </message>
    <message>
        <source>stopped before the host started recording</source>
        <translation>gestoppt, bevor der Host die Aufzeichnung begann</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Fehlgeschlagen:</translation>
    </message>
    <message>
        <source>nothing was recorded</source>
        <translation>nichts wurde aufgezeichnet</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>nicht gemeldet</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Datei:</translation>
    </message>
    <message>
        <source>While recording, show what was recorded so far in the other views</source>
        <translation>Während der Aufzeichnung das bisher Aufgezeichnete in den anderen Ansichten zeigen</translation>
    </message>
    <message>
        <source>every </source>
        <extracomment>the live interval&apos;s spin box, before its number of seconds</extracomment>
        <translation>alle </translation>
    </message>
    <message>
        <source> s</source>
        <extracomment>the live interval&apos;s spin box, after its number of seconds</extracomment>
        <translation> s</translation>
    </message>
    <message>
        <source>How often the live view and an open stream are read again; each refresh reads only what was added since the one before</source>
        <translation>Wie oft die Live-Ansicht und ein offener Datenstrom neu gelesen werden; jede Aktualisierung liest nur, was seit der vorigen hinzukam</translation>
    </message>
    <message>
        <source>Live view interval in seconds</source>
        <translation>Intervall der Live-Ansicht in Sekunden</translation>
    </message>
    <message>
        <source>every second</source>
        <translation>jede Sekunde</translation>
    </message>
</context>
<context>
    <name>perfglass::RemoteProcessList</name>
    <message>
        <source>Cannot run ssh: %1</source>
        <translation>ssh kann nicht gestartet werden: %1</translation>
    </message>
    <message>
        <source>%1: the host&apos;s key is not known here, and an unknown host key is never accepted: connect once with ssh %1 in a terminal, or add the key to ~/.ssh/known_hosts with ssh-keyscan.</source>
        <translation>%1: Der Schlüssel des Hosts ist hier unbekannt, und ein unbekannter Host-Schlüssel wird nie akzeptiert: verbinden Sie sich einmal mit ssh %1 in einem Terminal oder fügen Sie den Schlüssel mit ssh-keyscan zu ~/.ssh/known_hosts hinzu.</translation>
    </message>
    <message>
        <source>%1: the host has no ps to list its processes (%2).</source>
        <translation>%1: Der Host hat kein ps, um seine Prozesse aufzulisten (%2).</translation>
    </message>
    <message>
        <source>%1: ssh could not connect.</source>
        <translation>%1: ssh konnte keine Verbindung herstellen.</translation>
    </message>
    <message>
        <source>%1: ssh could not connect: %2</source>
        <translation>%1: ssh konnte keine Verbindung herstellen: %2</translation>
    </message>
    <message>
        <source>%1: listing the processes failed (status %2): %3</source>
        <translation>%1: Auflisten der Prozesse fehlgeschlagen (Status %2): %3</translation>
    </message>
</context>
<context>
    <name>perfglass::ReviewExportDialog</name>
    <message>
        <source>Export for Review</source>
        <translation>Zur Durchsicht exportieren</translation>
    </message>
    <message>
        <source>One file holds the session and the code it ran, found by build id, so that it opens with every function named on another machine: in Perfglass (File ▸ Open), or in perf after &lt;tt&gt;perfglass-cli archive --unpack&lt;/tt&gt;.</source>
        <translation>Eine Datei enthält die Sitzung und den Code, den sie ausführte, nach Build-ID gefunden, sodass sie sich auf einem anderen Rechner mit allen Funktionsnamen öffnen lässt: in Perfglass (Datei ▸ Öffnen) oder in perf nach &lt;tt&gt;perfglass-cli archive --unpack&lt;/tt&gt;.</translation>
    </message>
    <message>
        <source>Symbols only:</source>
        <translation>Nur Symbole:</translation>
    </message>
    <message>
        <source>%1 — names, source lines, unwinding and disassembly of the sampled functions</source>
        <translation>%1 — Namen, Quelltextzeilen, Abwicklung und Disassemblierung der gemessenen Funktionen</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>Full binaries:</source>
        <translation>Vollständige Binärdateien:</translation>
    </message>
    <message>
        <source>%1 — every byte of each file</source>
        <translation>%1 — jedes Byte jeder Datei</translation>
    </message>
    <message>
        <source>Symbols only is %1% smaller.</source>
        <translation>Nur Symbole ist %1 % kleiner.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of code:</source>
        <translation>
            <numerusform>%n Datei mit Code:</numerusform>
            <numerusform>%n Dateien mit Code:</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not archived&lt;/b&gt; (frames in these files stay unnamed elsewhere):&lt;br&gt;%1</source>
        <translation>&lt;b&gt;Nicht archiviert&lt;/b&gt; (Frames in diesen Dateien bleiben anderswo unbenannt):&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>Save &amp;Symbols Only…</source>
        <translation>Nur &amp;Symbole speichern…</translation>
    </message>
    <message>
        <source>Save &amp;Full…</source>
        <translation>&amp;Vollständig speichern…</translation>
    </message>
</context>
<context>
    <name>perfglass::ReviewExporter</name>
    <message>
        <source>Export for Re&amp;view…</source>
        <translation>Zur D&amp;urchsicht exportieren…</translation>
    </message>
    <message>
        <source>One archive with the session and the code it ran, to review it on another machine with every function named</source>
        <translation>Ein Archiv mit der Sitzung und dem Code, den sie ausführte, um sie auf einem anderen Rechner mit allen Funktionsnamen durchzusehen</translation>
    </message>
    <message>
        <source>Export for review failed: %1</source>
        <translation>Export zur Durchsicht fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Export for review failed: no temporary directory</source>
        <translation>Export zur Durchsicht fehlgeschlagen: kein temporäres Verzeichnis</translation>
    </message>
    <message>
        <source>Gathering the code the session ran…</source>
        <translation>Sammle den Code, den die Sitzung ausführte…</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Schreibe %1…</translation>
    </message>
    <message>
        <source>Exported %1 (%2).</source>
        <translation>%1 exportiert (%2).</translation>
    </message>
    <message>
        <source>Export for Review</source>
        <translation>Zur Durchsicht exportieren</translation>
    </message>
    <message>
        <source>Archives (*.tar.bz2)</source>
        <translation>Archive (*.tar.bz2)</translation>
    </message>
    <message>
        <source>Export for review failed: %1 could not be written</source>
        <translation>Export zur Durchsicht fehlgeschlagen: %1 konnte nicht geschrieben werden</translation>
    </message>
</context>
<context>
    <name>perfglass::SandwichWidget</name>
    <message>
        <source>Sandwich flame graph: callees above the function, callers below</source>
        <translation>Sandwich-Flammendiagramm: Aufgerufene über der Funktion, Aufrufer darunter</translation>
    </message>
    <message>
        <source>Select a function to see its callers and callees.</source>
        <translation>Wählen Sie eine Funktion, um ihre Aufrufer und Aufgerufenen zu sehen.</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 of all samples (%2)</source>
        <translation>&lt;br&gt;%1 aller Stichproben (%2)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Calls the function (maybe through others) in %1 of its cost</source>
        <translation>&lt;br&gt;Ruft die Funktion (vielleicht über andere) in %1 ihrer Kosten auf</translation>
    </message>
    <message>
        <source>&lt;br&gt;Called by the function (maybe through others) in %1 of its cost</source>
        <translation>&lt;br&gt;Von der Funktion (vielleicht über andere) aufgerufen in %1 ihrer Kosten</translation>
    </message>
</context>
<context>
    <name>perfglass::SearchEverywhere</name>
    <message>
        <source>Search Everywhere</source>
        <translation>Überall suchen</translation>
    </message>
    <message>
        <source>Functions, modules, source files…</source>
        <translation>Funktionen, Module, Quelldateien…</translation>
    </message>
    <message>
        <source>Search everywhere</source>
        <translation>Überall suchen</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Treffer</translation>
    </message>
    <message>
        <source>Samples with it</source>
        <translation>Stichproben damit</translation>
    </message>
    <message>
        <source>%1  [%2]</source>
        <translation>%1  [%2]</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… und %n weiterer</numerusform>
            <numerusform>… und %n weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Type part of a function, module or source file name.</source>
        <translation>Geben Sie einen Teil eines Funktions-, Modul- oder Quelldateinamens ein.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>Funktionen</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Source files</source>
        <translation>Quelldateien</translation>
    </message>
    <message>
        <source>Nothing in this session matches.</source>
        <translation>Nichts in dieser Sitzung passt.</translation>
    </message>
    <message numerus="yes">
        <source>%1 of the samples (%2) have a match on their stack: %n function(s), %3 module(s), %4 source file(s). Enter shows the selected match in the view that had the focus.</source>
        <translation>
            <numerusform>%1 der Stichproben (%2) haben einen Treffer auf ihrem Stapel: %n Funktion, %3 Modul(e), %4 Quelldatei(en). Eingabe zeigt den gewählten Treffer in der Ansicht, die den Fokus hatte.</numerusform>
            <numerusform>%1 der Stichproben (%2) haben einen Treffer auf ihrem Stapel: %n Funktionen, %3 Modul(e), %4 Quelldatei(en). Eingabe zeigt den gewählten Treffer in der Ansicht, die den Fokus hatte.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search &amp;Everywhere…</source>
        <translation>&amp;Überall suchen…</translation>
    </message>
    <message>
        <source>Find functions, modules and source files in every view, and how much of the profile they take (Ctrl+K)</source>
        <translation>Funktionen, Module und Quelldateien in jeder Ansicht finden, und welchen Anteil am Profil sie haben (Strg+K)</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionComparer</name>
    <message>
        <source>%1–%2 s</source>
        <translation>%1–%2 s</translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation>Prozesse %1</translation>
    </message>
    <message>
        <source>threads %1</source>
        <translation>Threads %1</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPUs %1</translation>
    </message>
    <message>
        <source>whole session</source>
        <translation>ganze Sitzung</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>&amp;Vergleichen mit…</translation>
    </message>
    <message>
        <source>Compare the open session with another one: what got slower, and where</source>
        <translation>Die offene Sitzung mit einer anderen vergleichen: was langsamer wurde, und wo</translation>
    </message>
    <message>
        <source>Use Selection as &amp;Baseline</source>
        <translation>A&amp;uswahl als Referenz verwenden</translation>
    </message>
    <message>
        <source>Keep what the views show now (a time range or threads picked in the timeline) to compare another selection with</source>
        <translation>Behalten, was die Ansichten jetzt zeigen (einen Zeitbereich oder in der Zeitleiste gewählte Threads), um eine andere Auswahl damit zu vergleichen</translation>
    </message>
    <message>
        <source>Compare Selection with Baseline</source>
        <translation>Auswahl mit Referenz vergleichen</translation>
    </message>
    <message>
        <source>Could not compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>Vergleichen mit</translation>
    </message>
    <message>
        <source>Sessions (*.data perf.data*);;All files (*)</source>
        <translation>Sitzungen (*.data perf.data*);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Compare what the views show with the baseline (%1)</source>
        <translation>Vergleichen, was die Ansichten zeigen, mit der Referenz (%1)</translation>
    </message>
    <message>
        <source>First use a selection as the baseline</source>
        <translation>Zuerst eine Auswahl als Referenz verwenden</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionDocument</name>
    <message>
        <source>the time range is outside the session read again</source>
        <translation>der Zeitbereich liegt außerhalb der neu gelesenen Sitzung</translation>
    </message>
    <message numerus="yes">
        <source>%n picked process(es) are no longer in it</source>
        <translation>
            <numerusform>%n ausgewählter Prozess ist nicht mehr darin</numerusform>
            <numerusform>%n ausgewählte Prozesse sind nicht mehr darin</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n picked thread(s) are no longer in it</source>
        <translation>
            <numerusform>%n ausgewählter Thread ist nicht mehr darin</numerusform>
            <numerusform>%n ausgewählte Threads sind nicht mehr darin</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) of the filter name functions it no longer has</source>
        <translation>
            <numerusform>%n Filterschritt nennt Funktionen, die sie nicht mehr hat</numerusform>
            <numerusform>%n Filterschritte nennen Funktionen, die sie nicht mehr hat</numerusform>
        </translation>
    </message>
    <message>
        <source>The filter was kept, but %1.</source>
        <translation>Der Filter wurde beibehalten, aber %1.</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionPage</name>
    <message>
        <source>Top-down call tree</source>
        <translation>Top-Down-Aufrufbaum</translation>
    </message>
    <message>
        <source>Bottom-up call tree</source>
        <translation>Bottom-Up-Aufrufbaum</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>Flammendiagramm</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Zähler</translation>
    </message>
    <message>
        <source>Top-Down</source>
        <translation>Top-Down</translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation>Bottom-Up</translation>
    </message>
    <message>
        <source>Caller/Callee</source>
        <translation>Aufrufer/Aufgerufene</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Source and Disassembly</source>
        <translation>Quelle und Disassemblierung</translation>
    </message>
    <message>
        <source>Source &amp;&amp; Disassembly of the Selected Function</source>
        <translation>Quelle &amp;&amp; Disassemblierung der gewählten Funktion</translation>
    </message>
    <message>
        <source>Show only thread %1</source>
        <translation>Nur Thread %1 zeigen</translation>
    </message>
    <message>
        <source>Show only process %1</source>
        <translation>Nur Prozess %1 zeigen</translation>
    </message>
    <message>
        <source>Hide thread %1</source>
        <translation>Thread %1 ausblenden</translation>
    </message>
    <message>
        <source>The last thread shown cannot be hidden.</source>
        <translation>Der letzte angezeigte Thread kann nicht ausgeblendet werden.</translation>
    </message>
    <message>
        <source>Show only CPU %1</source>
        <translation>Nur CPU %1 zeigen</translation>
    </message>
    <message>
        <source>Show thread %1</source>
        <translation>Thread %1 zeigen</translation>
    </message>
    <message>
        <source>Showing the whole session.</source>
        <translation>Die ganze Sitzung wird gezeigt.</translation>
    </message>
    <message numerus="yes">
        <source>Filter applied: %n sample(s) shown.</source>
        <translation>
            <numerusform>Filter angewendet: %n Stichprobe gezeigt.</numerusform>
            <numerusform>Filter angewendet: %n Stichproben gezeigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select Time Range</source>
        <translation>Zeitbereich auswählen</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>%1 zeigen</translation>
    </message>
    <message>
        <source>Clear Filter</source>
        <translation>Filter löschen</translation>
    </message>
    <message>
        <source>Hide kernel frames</source>
        <translation>Kernel-Frames ausblenden</translation>
    </message>
    <message>
        <source>Show kernel frames</source>
        <translation>Kernel-Frames zeigen</translation>
    </message>
    <message>
        <source>Show Off-CPU Time</source>
        <translation>Off-CPU-Zeit zeigen</translation>
    </message>
    <message>
        <source>Show On-CPU Samples</source>
        <translation>On-CPU-Stichproben zeigen</translation>
    </message>
    <message>
        <source>Heat Map</source>
        <translation>Heatmap</translation>
    </message>
    <message>
        <source>Select Heat Map Cells</source>
        <translation>Heatmap-Zellen auswählen</translation>
    </message>
    <message>
        <source>Show Latency</source>
        <translation>Latenz zeigen</translation>
    </message>
    <message>
        <source>Show CPU Time</source>
        <translation>CPU-Zeit zeigen</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionStatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>%p %</source>
        <translation>%p %</translation>
    </message>
    <message>
        <source>Stop loading this session</source>
        <translation>Laden dieser Sitzung abbrechen</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 wird geladen…</translation>
    </message>
    <message>
        <source>Live view: %1</source>
        <translation>Live-Ansicht: %1</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>%1 konnte nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Das Laden von %1 wurde abgebrochen.</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1; %n sample(s) were lost while recording.</source>
        <translation>
            <numerusform>%1 geöffnet; %n Stichprobe ging beim Aufzeichnen verloren.</numerusform>
            <numerusform>%1 geöffnet; %n Stichproben gingen beim Aufzeichnen verloren.</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 geöffnet.</translation>
    </message>
    <message>
        <source>Opened %1: %2</source>
        <translation>%1 geöffnet: %2</translation>
    </message>
    <message>
        <source>Applying the filter…</source>
        <translation>Filter wird angewendet…</translation>
    </message>
    <message>
        <source>Could not apply the filter: %1</source>
        <translation>Der Filter konnte nicht angewendet werden: %1</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Export läuft…</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exportiert.</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Export fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Counters only, no samples</source>
        <translation>Nur Zähler, keine Stichproben</translation>
    </message>
    <message numerus="yes">
        <source>%Ln sample(s) of %1</source>
        <translation>
            <numerusform>%Ln Stichprobe von %1</numerusform>
            <numerusform>%Ln Stichproben von %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloading the debug file of %1 from debuginfod: %2 of %3 kB</source>
        <translation>Debug-Datei von %1 wird von debuginfod geladen: %2 von %3 kB</translation>
    </message>
    <message>
        <source>Downloading the debug file of %1 from debuginfod…</source>
        <translation>Debug-Datei von %1 wird von debuginfod geladen…</translation>
    </message>
    <message>
        <source>%1 s behind</source>
        <translation>%1 s zurück</translation>
    </message>
    <message>
        <source>lag unknown</source>
        <translation>Verzögerung unbekannt</translation>
    </message>
    <message numerus="yes">
        <source>Live view: %1 s recorded, %Ln sample(s), %2</source>
        <translation>
            <numerusform>Live-Ansicht: %1 s aufgezeichnet, %Ln Sample, %2</numerusform>
            <numerusform>Live-Ansicht: %1 s aufgezeichnet, %Ln Samples, %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing the first %1 % of %2; reading the rest…</source>
        <translation>Die ersten %1 % von %2 werden gezeigt; der Rest wird gelesen…</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled: the views show the first %2 % of it.</source>
        <translation>Das Laden von %1 wurde abgebrochen: die Ansichten zeigen die ersten %2 % davon.</translation>
    </message>
    <message numerus="yes">
        <source>End of %1: %2 s recorded, %Ln sample(s).</source>
        <translation>
            <numerusform>Ende von %1: %2 s aufgezeichnet, %Ln Sample.</numerusform>
            <numerusform>Ende von %1: %2 s aufgezeichnet, %Ln Samples.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped following %1: %2 s recorded, %Ln sample(s) kept; the rest of the stream was not read.</source>
        <translation>
            <numerusform>%1 nicht mehr verfolgt: %2 s aufgezeichnet, %Ln Sample behalten; der Rest des Datenstroms wurde nicht gelesen.</numerusform>
            <numerusform>%1 nicht mehr verfolgt: %2 s aufgezeichnet, %Ln Samples behalten; der Rest des Datenstroms wurde nicht gelesen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::SessionTabs</name>
    <message>
        <source>No session</source>
        <translation>Keine Sitzung</translation>
    </message>
    <message>
        <source>Recorded on %1: %2</source>
        <translation>Aufgezeichnet auf %1: %2</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionToolBar</name>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>The event every view counts. Only events with samples are offered; events that were only counted (record --counters) are charted in the Counters dock.</source>
        <translation>Das Ereignis, das jede Ansicht zählt. Nur Ereignisse mit Stichproben stehen zur Wahl; nur gezählte Ereignisse (record --counters) zeigt das Dock „Zähler“ als Diagramm.</translation>
    </message>
    <message>
        <source> Event: </source>
        <translation> Ereignis: </translation>
    </message>
    <message>
        <source>Off-CPU Time</source>
        <translation>Off-CPU-Zeit</translation>
    </message>
    <message>
        <source>Count the time threads were blocked (off the CPU), at the stacks where they blocked, instead of the event&apos;s samples</source>
        <translation>Die Zeit zählen, in der Threads blockiert waren (nicht auf der CPU), an den Stapeln, an denen sie blockierten, statt der Stichproben des Ereignisses</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s)</source>
        <translation>
            <numerusform>%n Stichprobe</numerusform>
            <numerusform>%n Stichproben</numerusform>
        </translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latenz</translation>
    </message>
    <message>
        <source>Count wall-clock time: each sample&apos;s cost divided by the number of threads of its process running at that moment, so code that runs alone weighs more than code running in parallel (perf report --latency)</source>
        <translation>Echtzeit zählen: die Kosten jeder Stichprobe geteilt durch die Zahl der in diesem Moment laufenden Threads ihres Prozesses, sodass Code, der allein läuft, mehr wiegt als parallel laufender Code (perf report --latency)</translation>
    </message>
</context>
<context>
    <name>perfglass::SourceDisassemblyView</name>
    <message>
        <source>Choose Source &amp;Folder…</source>
        <translation>Quell&amp;ordner wählen…</translation>
    </message>
    <message>
        <source>Source lines of the function</source>
        <translation>Quellzeilen der Funktion</translation>
    </message>
    <message>
        <source>Instructions of the function</source>
        <translation>Instruktionen der Funktion</translation>
    </message>
    <message>
        <source>Look for the missing source files in a folder of your choice</source>
        <translation>Die fehlenden Quelldateien in einem Ordner Ihrer Wahl suchen</translation>
    </message>
    <message>
        <source>Back to the previous function</source>
        <translation>Zurück zur vorigen Funktion</translation>
    </message>
    <message>
        <source>Forward to the next function</source>
        <translation>Vor zur nächsten Funktion</translation>
    </message>
    <message>
        <source>&amp;Hottest Line</source>
        <translation>&amp;Heißeste Zeile</translation>
    </message>
    <message>
        <source>Select the line (and its instructions) with the highest self cost</source>
        <translation>Die Zeile (und ihre Instruktionen) mit den höchsten eigenen Kosten wählen</translation>
    </message>
    <message>
        <source>Search instructions and lines (Enter: next)</source>
        <translation>Instruktionen und Zeilen suchen (Eingabe: nächste)</translation>
    </message>
    <message>
        <source>AT&amp;&amp;T syntax</source>
        <translation>AT&amp;&amp;T-Syntax</translation>
    </message>
    <message>
        <source>Intel syntax</source>
        <translation>Intel-Syntax</translation>
    </message>
    <message>
        <source>Choose Show Source &amp;&amp; Disassembly in the context menu of a function (flame graph, call trees, caller/callee) to see where in it the time goes.</source>
        <translation>Wählen Sie „Quelle &amp;&amp; Disassemblierung zeigen“ im Kontextmenü einer Funktion (Flammendiagramm, Aufrufbäume, Aufrufer/Aufgerufene), um zu sehen, wo in ihr die Zeit bleibt.</translation>
    </message>
    <message>
        <source>Disassembling…</source>
        <translation>Disassemblierung läuft…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot annotate this function:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Diese Funktion kann nicht annotiert werden:&lt;/b&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n sample(s) in the function</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n Stichprobe in der Funktion</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n Stichproben in der Funktion</numerusform>
        </translation>
    </message>
    <message>
        <source>Source file not found: %1</source>
        <translation>Quelldatei nicht gefunden: %1</translation>
    </message>
    <message>
        <source>Folder with the Source Files</source>
        <translation>Ordner mit den Quelldateien</translation>
    </message>
</context>
<context>
    <name>perfglass::SummaryView</name>
    <message>
        <source>&lt;p&gt;No session is open. Use &lt;b&gt;File ▸ Open…&lt;/b&gt; to open a perf.data file.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Keine Sitzung geöffnet. Öffnen Sie eine perf.data-Datei mit &lt;b&gt;Datei ▸ Öffnen…&lt;/b&gt;.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Befehlszeile</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Stichproben</translation>
    </message>
    <message>
        <source>Event count</source>
        <translation>Ereignisanzahl</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Qualität</translation>
    </message>
    <message>
        <source>Lost samples</source>
        <translation>Verlorene Stichproben</translation>
    </message>
    <message numerus="yes">
        <source>%1 (in %n LOST record(s))</source>
        <translation>
            <numerusform>%1 (in %n LOST-Record)</numerusform>
            <numerusform>%1 (in %n LOST-Records)</numerusform>
        </translation>
    </message>
    <message>
        <source>Samples with unmapped frames</source>
        <translation>Stichproben mit nicht zugeordneten Frames</translation>
    </message>
    <message>
        <source>Broken stacks</source>
        <translation>Defekte Stapel</translation>
    </message>
    <message>
        <source>Malformed records</source>
        <translation>Fehlerhafte Records</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Hinweise</translation>
    </message>
    <message>
        <source>Top hotspots (self cost)</source>
        <translation>Top-Hotspots (eigene Kosten)</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Selbst</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inklusiv</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>Eigene Zeit</translation>
    </message>
    <message>
        <source>Self count</source>
        <translation>Eigene Anzahl</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Funktion</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Modul</translation>
    </message>
    <message>
        <source>&lt;p&gt;No samples.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Keine Stichproben.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>not recorded (the file has no %1 section)</source>
        <translation>nicht aufgezeichnet (die Datei hat keinen Abschnitt %1)</translation>
    </message>
    <message>
        <source>%1 (%2 in the current filter)</source>
        <translation>%1 (%2 im aktuellen Filter)</translation>
    </message>
    <message>
        <source>The session file and its size on disk</source>
        <translation>Die Sitzungsdatei und ihre Größe auf der Festplatte</translation>
    </message>
    <message>
        <source>perf %1</source>
        <translation>perf %1</translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation>Aufgezeichnet mit</translation>
    </message>
    <message>
        <source>The tool that wrote the file, and its version</source>
        <translation>Das Werkzeug, das die Datei geschrieben hat, und seine Version</translation>
    </message>
    <message>
        <source>The command that made the recording</source>
        <translation>Der Befehl, der die Aufzeichnung gemacht hat</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Ereignisse</translation>
    </message>
    <message>
        <source>The session&apos;s events. The views count the event chosen in the toolbar; events that were only counted have no samples and are charted in the Counters dock.</source>
        <translation>Die Ereignisse der Sitzung. Die Ansichten zählen das in der Werkzeugleiste gewählte Ereignis; nur gezählte Ereignisse haben keine Stichproben und werden im Dock „Zähler“ als Diagramm gezeigt.</translation>
    </message>
    <message>
        <source>Samples of %1 in the session; the views count those the filter keeps</source>
        <translation>Stichproben von %1 in der Sitzung; die Ansichten zählen die, die der Filter behält</translation>
    </message>
    <message>
        <source>Recording duration</source>
        <translation>Aufzeichnungsdauer</translation>
    </message>
    <message>
        <source>Time from the first to the last sample</source>
        <translation>Zeit von der ersten bis zur letzten Stichprobe</translation>
    </message>
    <message>
        <source>Sampled CPU time</source>
        <translation>Abgetastete CPU-Zeit</translation>
    </message>
    <message>
        <source>The CPU time the counted samples stand for: the sum of their periods (each sample of a clock event stands for the time since the previous one)</source>
        <translation>Die CPU-Zeit, für die die gezählten Stichproben stehen: die Summe ihrer Perioden (jede Stichprobe eines Uhr-Ereignisses steht für die Zeit seit der vorigen)</translation>
    </message>
    <message>
        <source>The number of events the counted samples stand for: the sum of their periods</source>
        <translation>Die Anzahl der Ereignisse, für die die gezählten Stichproben stehen: die Summe ihrer Perioden</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Prozesse</translation>
    </message>
    <message>
        <source>Processes the session names (from its COMM and FORK records)</source>
        <translation>Prozesse, die die Sitzung nennt (aus ihren COMM- und FORK-Records)</translation>
    </message>
    <message>
        <source>Threads the session names (from its COMM and FORK records)</source>
        <translation>Threads, die die Sitzung nennt (aus ihren COMM- und FORK-Records)</translation>
    </message>
    <message>
        <source>%1 (counted only: see the Counters dock)</source>
        <translation>%1 (nur gezählt: siehe Dock „Zähler“)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%Ln sample(s), shown)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%Ln Stichprobe, angezeigt)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%Ln Stichproben, angezeigt)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln sample(s))</source>
        <translation>
            <numerusform>%1 (%Ln Stichprobe)</numerusform>
            <numerusform>%1 (%Ln Stichproben)</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Maschine</translation>
    </message>
    <message>
        <source>The name of the machine that recorded the session</source>
        <translation>Der Name der Maschine, die die Sitzung aufgezeichnet hat</translation>
    </message>
    <message>
        <source>The Linux kernel release it ran</source>
        <translation>Die Version des Linux-Kernels, den sie ausführte</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>The machine&apos;s architecture</source>
        <translation>Die Architektur der Maschine</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>The processor model</source>
        <translation>Das Prozessormodell</translation>
    </message>
    <message>
        <source>CPU id</source>
        <translation>CPU-ID</translation>
    </message>
    <message>
        <source>The processor&apos;s identification as perf writes it (on x86: vendor, family, model, stepping), which selects its PMU event tables</source>
        <translation>Die Kennung des Prozessors, wie perf sie schreibt (auf x86: Hersteller, Familie, Modell, Stepping); sie wählt seine PMU-Ereignistabellen</translation>
    </message>
    <message>
        <source>%1 online of %2</source>
        <translation>%1 von %2 online</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPUs</translation>
    </message>
    <message>
        <source>CPUs that were online while recording, of those the kernel can use</source>
        <translation>CPUs, die während der Aufzeichnung online waren, von denen, die der Kernel nutzen kann</translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n Kern</numerusform>
            <numerusform>%n Kerne</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n socket(s)</source>
        <translation>
            <numerusform>%n Sockel</numerusform>
            <numerusform>%n Sockel</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n thread(s) per core</source>
        <translation>
            <numerusform>%n Thread pro Kern</numerusform>
            <numerusform>%n Threads pro Kern</numerusform>
        </translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>Kerne</translation>
    </message>
    <message>
        <source>Physical cores and sockets of the online CPUs, and the hardware threads each core runs</source>
        <translation>Physische Kerne und Sockel der Online-CPUs und die Hardware-Threads, die jeder Kern ausführt</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>The machine&apos;s memory (MemTotal)</source>
        <translation>Der Arbeitsspeicher der Maschine (MemTotal)</translation>
    </message>
    <message>
        <source>Samples the kernel dropped while recording because the ring buffer was full</source>
        <translation>Stichproben, die der Kernel beim Aufzeichnen verworfen hat, weil der Ringpuffer voll war</translation>
    </message>
    <message>
        <source>Samples with an address on their stack that lies in no file or memory the recording saw mapped; it shows as [unknown] in the module [unknown]</source>
        <translation>Stichproben mit einer Adresse auf dem Stapel, die in keiner Datei und keinem Speicher liegt, deren Mapping die Aufzeichnung gesehen hat; sie erscheint als [unknown] im Modul [unknown]</translation>
    </message>
    <message>
        <source>Addresses without a symbol</source>
        <translation>Adressen ohne Symbol</translation>
    </message>
    <message>
        <source>Distinct addresses in a known file that no symbol covers; they show as [unknown] in their module</source>
        <translation>Verschiedene Adressen in einer bekannten Datei, die kein Symbol abdeckt; sie erscheinen als [unknown] in ihrem Modul</translation>
    </message>
    <message>
        <source>DWARF-unwound stacks that end before the program&apos;s entry point; they hang under [broken stack] in the trees and the flame graph</source>
        <translation>Per DWARF abgewickelte Stapel, die vor dem Einstiegspunkt des Programms enden; sie hängen in den Bäumen und im Flammendiagramm unter [broken stack]</translation>
    </message>
    <message>
        <source>Records of the file that could not be decoded and were skipped</source>
        <translation>Records der Datei, die nicht dekodiert werden konnten und übersprungen wurden</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) were lost while recording:</source>
        <translation>
            <numerusform>%n Stichprobe ging beim Aufzeichnen verloren:</numerusform>
            <numerusform>%n Stichproben gingen beim Aufzeichnen verloren:</numerusform>
        </translation>
    </message>
    <message>
        <source>the views miss that part of the time. Record at a lower frequency (-F), with larger ring buffers (-m) or fewer events.</source>
        <translation>den Ansichten fehlt dieser Teil der Zeit. Zeichnen Sie mit niedrigerer Frequenz (-F), größeren Ringpuffern (-m) oder weniger Ereignissen auf.</translation>
    </message>
    <message>
        <source>%1 of the samples (%2) have frames outside every known mapping:</source>
        <translation>%1 der Stichproben (%2) haben Frames außerhalb jedes bekannten Mappings:</translation>
    </message>
    <message>
        <source>those frames read [unknown] in the module [unknown]. Most often a frame-pointer call chain (-g) ran through code built without frame pointers and ended in a stray address; else the code was mapped before the recording saw it, or is JIT-compiled code without a /tmp/perf-PID.map file. Self costs suffer only where such a frame is the leaf (&quot;As leaf&quot; below). For programs built without frame pointers, record with &lt;nobr&gt;--call-graph dwarf&lt;/nobr&gt;.</source>
        <translation>diese Frames heißen [unknown] im Modul [unknown]. Meist lief eine Frame-Pointer-Aufrufkette (-g) durch Code ohne Frame-Pointer und endete bei einer verirrten Adresse; sonst wurde der Code gemappt, bevor die Aufzeichnung ihn sah, oder es ist JIT-kompilierter Code ohne Datei /tmp/perf-PID.map. Die eigenen Kosten leiden nur, wo ein solcher Frame das Blatt ist („Als Blatt“ unten). Zeichnen Sie Programme ohne Frame-Pointer mit &lt;nobr&gt;--call-graph dwarf&lt;/nobr&gt; auf.</translation>
    </message>
    <message>
        <source>%1 of the samples (%2) have broken stacks:</source>
        <translation>%1 der Stichproben (%2) haben defekte Stapel:</translation>
    </message>
    <message>
        <source>their callers are missing, so inclusive costs of outer functions are too low. Record with a larger stack copy (&lt;nobr&gt;--call-graph dwarf,16384&lt;/nobr&gt;) or with frame pointers.</source>
        <translation>ihre Aufrufer fehlen, daher sind die inklusiven Kosten äußerer Funktionen zu niedrig. Zeichnen Sie mit einer größeren Stapelkopie (&lt;nobr&gt;--call-graph dwarf,16384&lt;/nobr&gt;) oder mit Frame-Pointern auf.</translation>
    </message>
    <message numerus="yes">
        <source>%n address(es) have no symbol:</source>
        <translation>
            <numerusform>%n Adresse hat kein Symbol:</numerusform>
            <numerusform>%n Adressen haben kein Symbol:</numerusform>
        </translation>
    </message>
    <message>
        <source>install the debug symbols of the modules listed below (Debian: the -dbgsym package), or set DEBUGINFOD_URLS, and open the session again.</source>
        <translation>installieren Sie die Debug-Symbole der unten aufgeführten Module (Debian: das Paket -dbgsym) oder setzen Sie DEBUGINFOD_URLS, und öffnen Sie die Sitzung erneut.</translation>
    </message>
    <message>
        <source>Not symbolized, by module</source>
        <translation>Nicht symbolisiert, nach Modul</translation>
    </message>
    <message>
        <source>%1 of all samples have at least one frame that could not be named.</source>
        <translation>%1 aller Stichproben haben mindestens einen Frame, der nicht benannt werden konnte.</translation>
    </message>
    <message>
        <source>The file the unnamed addresses lie in</source>
        <translation>Die Datei, in der die unbenannten Adressen liegen</translation>
    </message>
    <message>
        <source>Share of all samples with at least one unnamed frame in this module</source>
        <translation>Anteil aller Stichproben mit mindestens einem unbenannten Frame in diesem Modul</translation>
    </message>
    <message>
        <source>Share of all samples whose leaf frame is unnamed here: their self cost has no function</source>
        <translation>Anteil aller Stichproben, deren Blatt-Frame hier unbenannt ist: ihre eigenen Kosten haben keine Funktion</translation>
    </message>
    <message>
        <source>As leaf</source>
        <translation>Als Blatt</translation>
    </message>
    <message>
        <source>Distinct unnamed addresses in this module</source>
        <translation>Verschiedene unbenannte Adressen in diesem Modul</translation>
    </message>
    <message>
        <source>Addresses</source>
        <translation>Adressen</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>outside every mapping the recording saw</source>
        <translation>außerhalb jedes Mappings, das die Aufzeichnung sah</translation>
    </message>
    <message>
        <source>not in the file&apos;s symbol table (stripped); its debug symbols name them</source>
        <translation>nicht in der Symboltabelle der Datei (gestrippt); ihre Debug-Symbole benennen sie</translation>
    </message>
    <message>
        <source>Share of the counted samples taken in the function itself</source>
        <translation>Anteil der gezählten Stichproben, die in der Funktion selbst genommen wurden</translation>
    </message>
    <message>
        <source>Share of the counted samples with the function anywhere on the stack</source>
        <translation>Anteil der gezählten Stichproben mit der Funktion irgendwo auf dem Stapel</translation>
    </message>
    <message>
        <source>Symbol Settings…</source>
        <translation>Symboleinstellungen…</translation>
    </message>
    <message>
        <source>A sysroot, library or debug file paths, or a debuginfod server may name them:</source>
        <translation>Ein Sysroot, Bibliotheks- oder Debug-Dateipfade oder ein debuginfod-Server können sie benennen:</translation>
    </message>
    <message numerus="yes">
        <source>%n module(s) without symbols:</source>
        <translation>
            <numerusform>%n Modul ohne Symbole:</numerusform>
            <numerusform>%n Module ohne Symbole:</numerusform>
        </translation>
    </message>
    <message>
        <source>Tell Perfglass where their files or debug files are:</source>
        <translation>Sagen Sie Perfglass, wo ihre Dateien oder Debug-Dateien liegen:</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a sample count, then how much of the session it counts</comment>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>perfglass::SymbolSettingsDialog</name>
    <message>
        <source>/opt/app/lib</source>
        <translation>/opt/app/lib</translation>
    </message>
    <message>
        <source>/home/me/debug</source>
        <translation>/home/ich/debug</translation>
    </message>
    <message>
        <source>/home/me/src/app</source>
        <translation>/home/ich/src/app</translation>
    </message>
    <message>
        <source>Symbol Settings</source>
        <translation>Symboleinstellungen</translation>
    </message>
    <message>
        <source>none: binaries are read where they were recorded</source>
        <translation>keiner: Binärdateien werden dort gelesen, wo sie aufgezeichnet wurden</translation>
    </message>
    <message>
        <source>/proc/kallsyms when the session is from this kernel</source>
        <translation>/proc/kallsyms, wenn die Sitzung von diesem Kernel stammt</translation>
    </message>
    <message>
        <source>none: no server is asked</source>
        <translation>keine: kein Server wird gefragt</translation>
    </message>
    <message>
        <source>from DEBUGINFOD_URLS: %1</source>
        <translation>aus DEBUGINFOD_URLS: %1</translation>
    </message>
    <message>
        <source>Where Perfglass looks for what names the frames of a session, for sessions from another machine or binaries that moved. Lists take one directory per line. The session is opened again when you press OK.</source>
        <translation>Wo Perfglass sucht, was die Frames einer Sitzung benennt, für Sitzungen von einem anderen Rechner oder verschobene Binärdateien. Listen nehmen ein Verzeichnis pro Zeile. Die Sitzung wird erneut geöffnet, wenn Sie OK drücken.</translation>
    </message>
    <message>
        <source>&amp;Sysroot:</source>
        <translation>&amp;Sysroot:</translation>
    </message>
    <message>
        <source>&amp;Library paths:</source>
        <translation>&amp;Bibliothekspfade:</translation>
    </message>
    <message>
        <source>&amp;Debug file paths:</source>
        <translation>&amp;Debug-Dateipfade:</translation>
    </message>
    <message>
        <source>&amp;Kernel symbols (kallsyms):</source>
        <translation>&amp;Kernel-Symbole (kallsyms):</translation>
    </message>
    <message>
        <source>Debuginfod &amp;URLs:</source>
        <translation>Debuginfod-&amp;URLs:</translation>
    </message>
    <message>
        <source>S&amp;ource paths:</source>
        <translation>&amp;Quellpfade:</translation>
    </message>
    <message>
        <source>A binary recorded at /usr/lib/x.so is read as SYSROOT/usr/lib/x.so when that exists</source>
        <translation>Eine als /usr/lib/x.so aufgezeichnete Binärdatei wird als SYSROOT/usr/lib/x.so gelesen, wenn diese existiert</translation>
    </message>
    <message>
        <source>A binary not found where it was recorded is looked for by its file name here</source>
        <translation>Eine Binärdatei, die nicht am aufgezeichneten Ort liegt, wird hier nach ihrem Dateinamen gesucht</translation>
    </message>
    <message>
        <source>Separate debug files, by build id (.build-id/ab/cdef.debug) or by .gnu_debuglink, besides /usr/lib/debug</source>
        <translation>Getrennte Debug-Dateien, nach Build-ID (.build-id/ab/cdef.debug) oder nach .gnu_debuglink, neben /usr/lib/debug</translation>
    </message>
    <message>
        <source>Servers asked for the debug files of modules with samples, space-separated; downloads are kept in debuginfod&apos;s cache</source>
        <translation>Server, die nach den Debug-Dateien der Module mit Stichproben gefragt werden, durch Leerzeichen getrennt; Downloads bleiben im Cache von debuginfod</translation>
    </message>
    <message>
        <source>Source files are looked for here by their whole recorded path, then by shorter tails of it</source>
        <translation>Quelldateien werden hier nach ihrem ganzen aufgezeichneten Pfad gesucht, dann nach kürzeren Enden davon</translation>
    </message>
    <message>
        <source>&amp;Clear All</source>
        <translation>Alle &amp;leeren</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Sysroot</source>
        <translation>Sysroot</translation>
    </message>
    <message>
        <source>Kernel Symbols</source>
        <translation>Kernel-Symbole</translation>
    </message>
    <message>
        <source>&amp;Ignore the build-id cache</source>
        <translation>Build-ID-Cache &amp;ignorieren</translation>
    </message>
    <message>
        <source>none: neither PERF_BUILDID_DIR nor HOME is set</source>
        <translation>keiner: weder PERF_BUILDID_DIR noch HOME ist gesetzt</translation>
    </message>
    <message>
        <source>%1 (as perf record fills it)</source>
        <translation>%1 (wie perf record ihn füllt)</translation>
    </message>
    <message>
        <source>The files that ran are looked for here by build id first, in perf&apos;s layout (perf&apos;s --buildid-dir)</source>
        <translation>Die ausgeführten Dateien werden zuerst hier nach Build-ID gesucht, in der Anordnung von perf (--buildid-dir von perf)</translation>
    </message>
    <message>
        <source>Do not look in the build-id cache (perf&apos;s --ignore-buildid-cache); archives opened with the session are still used</source>
        <translation>Nicht im Build-ID-Cache suchen (--ignore-buildid-cache von perf); mit der Sitzung geöffnete Archive werden weiter verwendet</translation>
    </message>
    <message>
        <source>Build-id Cache</source>
        <translation>Build-ID-Cache</translation>
    </message>
    <message>
        <source>&amp;Build-id cache:</source>
        <translation>Build-ID-&amp;Cache:</translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineAxis</name>
    <message>
        <source>Time axis</source>
        <translation>Zeitachse</translation>
    </message>
    <message>
        <source>CPU, process, thread</source>
        <translation>CPU, Prozess, Thread</translation>
    </message>
    <message>
        <source>Process, thread</source>
        <translation>Prozess, Thread</translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineView</name>
    <message>
        <source>Drag across the timeline to show only that time range in every view.</source>
        <translation>Ziehen Sie über die Zeitleiste, um nur diesen Zeitbereich in jeder Ansicht zu zeigen.</translation>
    </message>
    <message>
        <source>Whole session. Drag across the timeline to show only that time range in every view.</source>
        <translation>Ganze Sitzung. Ziehen Sie über die Zeitleiste, um nur diesen Zeitbereich in jeder Ansicht zu zeigen.</translation>
    </message>
    <message>
        <source>Showing %1 s to %2 s (%3 s) of the session.</source>
        <translation>Gezeigt: %1 s bis %2 s (%3 s) der Sitzung.</translation>
    </message>
    <message>
        <source>Showing %1 of %2 s to %3 s of the session (heat map cells).</source>
        <translation>Gezeigt: %1 von %2 s bis %3 s der Sitzung (Heatmap-Zellen).</translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineWidget</name>
    <message>
        <source>Timeline</source>
        <translation>Zeitleiste</translation>
    </message>
    <message>
        <source>Show &amp;Only This Thread</source>
        <translation>&amp;Nur diesen Thread zeigen</translation>
    </message>
    <message>
        <source>Show Only This &amp;Process</source>
        <translation>Nur diesen &amp;Prozess zeigen</translation>
    </message>
    <message>
        <source>&amp;Hide This Thread</source>
        <translation>Diesen Thread &amp;ausblenden</translation>
    </message>
    <message>
        <source>&amp;Show This Thread</source>
        <translation>Diesen Thread &amp;zeigen</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>No samples to show over time.</source>
        <translation>Keine Stichproben über die Zeit darzustellen.</translation>
    </message>
    <message>
        <source>No session is open.</source>
        <translation>Keine Sitzung geöffnet.</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n sample(s), %4&lt;br&gt;Whole session: %5</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n Stichprobe, %4&lt;br&gt;Ganze Sitzung: %5</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n Stichproben, %4&lt;br&gt;Ganze Sitzung: %5</numerusform>
        </translation>
    </message>
    <message>
        <source>Show Only This &amp;CPU</source>
        <translation>Nur diese &amp;CPU zeigen</translation>
    </message>
    <message>
        <source>%1: samples of every thread but the idle task</source>
        <translation>%1: Stichproben aller Threads außer dem Leerlauf-Task</translation>
    </message>
    <message>
        <source>%1: all its threads</source>
        <translation>%1: alle seine Threads</translation>
    </message>
    <message>
        <source> (kernel thread)</source>
        <translation> (Kernel-Thread)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; bei %2</translation>
    </message>
    <message numerus="yes">
        <source>and %n more mark(s)</source>
        <translation>
            <numerusform>und %n weitere Markierung</numerusform>
            <numerusform>und %n weitere Markierungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;Parallelism: %n thread(s) of the process running</source>
        <translation>
            <numerusform>&lt;br&gt;Parallelität: %n Thread des Prozesses läuft</numerusform>
            <numerusform>&lt;br&gt;Parallelität: %n Threads des Prozesses laufen</numerusform>
        </translation>
    </message>
    <message>
        <source>Working out the timeline…</source>
        <translation>Die Zeitleiste wird berechnet…</translation>
    </message>
</context>
</TS>
