<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en_US">
<context>
    <name>CoreMessages</name>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Impossible d&apos;ouvrir %1 : %2</translation>
    </message>
    <message>
        <source>%1 is a directory, not a perf.data file.</source>
        <translation>%1 est un répertoire, pas un fichier perf.data.</translation>
    </message>
    <message>
        <source>%1 is empty, not a perf.data file.</source>
        <translation>%1 est vide, ce n&apos;est pas un fichier perf.data.</translation>
    </message>
    <message>
        <source>%1 is not a perf.data file (it does not start with PERFILE2).</source>
        <translation>%1 n&apos;est pas un fichier perf.data (il ne commence pas par PERFILE2).</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2: %3</source>
        <translation>%1 est endommagé à l&apos;octet %2 : %3</translation>
    </message>
    <message>
        <source>%1: the data size in the header is 0 (the recorder did not finish); read up to the last complete record.</source>
        <translation>%1 : la taille des données dans l&apos;en-tête vaut 0 (l&apos;enregistrement ne s&apos;est pas terminé) ; lu jusqu&apos;au dernier enregistrement complet.</translation>
    </message>
    <message>
        <source>%1: the feature section index at byte %2 is cut short; header information (host, command line, event names) is missing.</source>
        <translation>%1 : l&apos;index des sections de fonctionnalités à l&apos;octet %2 est tronqué ; des informations d&apos;en-tête (hôte, ligne de commande, noms d&apos;événements) manquent.</translation>
    </message>
    <message>
        <source>%1: feature section %3 (byte %2, at offset %4, size %5) lies outside the file and was ignored.</source>
        <translation>%1 : la section de fonctionnalité %3 (octet %2, à la position %4, taille %5) est hors du fichier et a été ignorée.</translation>
    </message>
    <message>
        <source>%1: the %3 feature section at byte %2 is malformed and was ignored.</source>
        <translation>%1 : la section de fonctionnalité %3 à l&apos;octet %2 est malformée et a été ignorée.</translation>
    </message>
    <message>
        <source>%1: %2; the incomplete record was ignored.</source>
        <translation>%1 : %2 ; l&apos;enregistrement incomplet a été ignoré.</translation>
    </message>
    <message>
        <source>Cannot open the kernel symbols %1.</source>
        <translation>Impossible d&apos;ouvrir les symboles du noyau %1.</translation>
    </message>
    <message numerus="yes">
        <source>No symbols for %1 (%n address(es) unnamed): %3</source>
        <translation>
            <numerusform>Aucun symbole pour %1 (%n adresse sans nom) : %3</numerusform>
            <numerusform>Aucun symbole pour %1 (%n adresses sans nom) : %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No kernel symbols (%n kernel address(es) unnamed): /proc/kallsyms is unreadable or from another kernel.</source>
        <translation>
            <numerusform>Aucun symbole du noyau (%n adresse du noyau sans nom) : /proc/kallsyms est illisible ou vient d&apos;un autre noyau.</numerusform>
            <numerusform>Aucun symbole du noyau (%n adresses du noyau sans nom) : /proc/kallsyms est illisible ou vient d&apos;un autre noyau.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2 DWARF-unwound stacks end early (%3); they are shown under &quot;%4&quot;.</source>
        <translation>%1 des %2 piles déroulées par DWARF s&apos;arrêtent trop tôt (%3) ; elles sont affichées sous « %4 ».</translation>
    </message>
    <message>
        <source>Nothing to record: choose a program, processes or the whole system.</source>
        <translation>Rien à enregistrer : choisissez un programme, des processus ou tout le système.</translation>
    </message>
    <message>
        <source>Choose only one target: a program, processes or the whole system.</source>
        <translation>Choisissez une seule cible : un programme, des processus ou tout le système.</translation>
    </message>
    <message>
        <source>Counters are read at most every millisecond: give an interval of 1 ms or more.</source>
        <translation>Les compteurs sont lus au plus toutes les millisecondes : indiquez un intervalle de 1 ms ou plus.</translation>
    </message>
    <message>
        <source>CPU %1 is not online (online CPUs: %2).</source>
        <translation>Le CPU %1 n&apos;est pas en ligne (CPU en ligne : %2).</translation>
    </message>
    <message>
        <source>Cannot attach to process %1: there is no such process.</source>
        <translation>Impossible de s&apos;attacher au processus %1 : ce processus n&apos;existe pas.</translation>
    </message>
    <message>
        <source>Cannot attach to thread %1: there is no such thread.</source>
        <translation>Impossible de s&apos;attacher au thread %1 : ce thread n&apos;existe pas.</translation>
    </message>
    <message>
        <source>Cannot attach to process %1 (%2): it has exited and waits for its parent to collect its exit status (a zombie); there is nothing left to record.</source>
        <translation>Impossible de s&apos;attacher au processus %1 (%2) : il s&apos;est terminé et attend que son parent récupère son code de sortie (un zombie) ; il n&apos;y a plus rien à enregistrer.</translation>
    </message>
    <message>
        <source>Cannot attach to thread %1 (%2): it has exited and waits for its parent to collect its exit status (a zombie); there is nothing left to record.</source>
        <translation>Impossible de s&apos;attacher au thread %1 (%2) : il s&apos;est terminé et attend que son parent récupère son code de sortie (un zombie) ; il n&apos;y a plus rien à enregistrer.</translation>
    </message>
    <message>
        <source>There is no program to run.</source>
        <translation>Il n&apos;y a pas de programme à lancer.</translation>
    </message>
    <message>
        <source>Program not found: %1</source>
        <translation>Programme introuvable : %1</translation>
    </message>
    <message>
        <source>Cannot run %1: there is no such executable file.</source>
        <translation>Impossible de lancer %1 : ce fichier exécutable n&apos;existe pas.</translation>
    </message>
    <message>
        <source>The working directory %1 does not exist.</source>
        <translation>Le répertoire de travail %1 n&apos;existe pas.</translation>
    </message>
    <message>
        <source>The program exited before it could start.</source>
        <translation>Le programme s&apos;est terminé avant de pouvoir démarrer.</translation>
    </message>
    <message>
        <source>Cannot run %1: %2</source>
        <translation>Impossible de lancer %1 : %2</translation>
    </message>
    <message>
        <source>Off-CPU: %1 is not available (%2); context switches are recorded without it.</source>
        <translation>Hors CPU : %1 n&apos;est pas disponible (%2) ; les changements de contexte sont enregistrés sans lui.</translation>
    </message>
    <message>
        <source>Off-CPU: %1 cannot be opened (%2); context switches are recorded without it.</source>
        <translation>Hors CPU : %1 ne peut pas être ouvert (%2) ; les changements de contexte sont enregistrés sans lui.</translation>
    </message>
    <message>
        <source>The frequency was lowered from %1 Hz to the kernel&apos;s maximum of %2 Hz (kernel.perf_event_max_sample_rate).</source>
        <translation>La fréquence a été abaissée de %1 Hz au maximum du noyau, %2 Hz (kernel.perf_event_max_sample_rate).</translation>
    </message>
    <message>
        <source>%1: the frequency %2 Hz was lowered to the kernel&apos;s maximum of %3 Hz.</source>
        <translation>%1 : la fréquence %2 Hz a été abaissée au maximum du noyau, %3 Hz.</translation>
    </message>
    <message>
        <source>Kernel samples need more privilege than this user has (kernel.perf_event_paranoid = %1): only user space is recorded.</source>
        <translation>Les échantillons du noyau demandent plus de privilèges que cet utilisateur n&apos;en a (kernel.perf_event_paranoid = %1) : seul l&apos;espace utilisateur est enregistré.</translation>
    </message>
    <message>
        <source>%1: this kernel cannot read counters on samples of threads created later (:S); only the threads that exist now are recorded with it.</source>
        <translation>%1 : ce noyau ne peut pas lire les compteurs sur les échantillons des threads créés plus tard (:S) ; seuls les threads existants sont enregistrés avec lui.</translation>
    </message>
    <message>
        <source>%1 (%2) is a kernel thread: it has no user space, so it gives kernel samples only, and none while it sleeps. Record the whole system to see the kernel&apos;s work.</source>
        <translation>%1 (%2) est un thread du noyau : il n&apos;a pas d&apos;espace utilisateur, il ne donne donc que des échantillons du noyau, et aucun quand il dort. Enregistrez tout le système pour voir le travail du noyau.</translation>
    </message>
    <message>
        <source>%1 (%2) is a kernel thread: it has no user space, and this user may record user space only (kernel.perf_event_paranoid = %3), so nothing of it is recorded. Kernel samples need root or CAP_PERFMON, or a system-wide recording through the privileged helper.</source>
        <translation>%1 (%2) est un thread du noyau : il n&apos;a pas d&apos;espace utilisateur, et cet utilisateur ne peut enregistrer que l&apos;espace utilisateur (kernel.perf_event_paranoid = %3), rien de lui n&apos;est donc enregistré. Les échantillons du noyau demandent root ou CAP_PERFMON, ou un enregistrement de tout le système par l&apos;assistant privilégié.</translation>
    </message>
    <message>
        <source>Counters: &apos;%1&apos; is not counted: %2</source>
        <translation>Compteurs : « %1 » n&apos;est pas compté : %2</translation>
    </message>
    <message>
        <source>%1; perf will not read the tracepoint samples.</source>
        <translation>%1 ; perf ne lira pas les échantillons des points de traçage.</translation>
    </message>
    <message>
        <source>not supported by this kernel</source>
        <translation>non pris en charge par ce noyau</translation>
    </message>
    <message>
        <source>not supported by this kernel (no such tracepoint)</source>
        <translation>non pris en charge par ce noyau (point de traçage inexistant)</translation>
    </message>
    <message>
        <source>not supported by the hardware</source>
        <translation>non pris en charge par le matériel</translation>
    </message>
    <message>
        <source>not supported by the hardware (no PMU for it on this CPU)</source>
        <translation>non pris en charge par le matériel (pas de PMU pour lui sur ce CPU)</translation>
    </message>
    <message>
        <source>needs privileges (perf_event_paranoid=%1)</source>
        <translation>demande des privilèges (perf_event_paranoid=%1)</translation>
    </message>
    <message>
        <source>rejected by the PMU (invalid attributes for it)</source>
        <translation>refusé par la PMU (attributs invalides pour elle)</translation>
    </message>
    <message>
        <source>the PMU is busy (used exclusively by another event)</source>
        <translation>la PMU est occupée (utilisée en exclusivité par un autre événement)</translation>
    </message>
    <message>
        <source>too many open files</source>
        <translation>trop de fichiers ouverts</translation>
    </message>
    <message>
        <source>cannot be opened: %1</source>
        <translation>ne peut pas être ouvert : %1</translation>
    </message>
    <message>
        <source>no id in tracefs (an event of ftrace itself, which perf_event_open cannot open)</source>
        <translation>pas d&apos;identifiant dans tracefs (un événement de ftrace lui-même, que perf_event_open ne peut pas ouvrir)</translation>
    </message>
    <message>
        <source>Kernel symbols could not be kept for reports run as this user (%1); they will need --kallsyms.</source>
        <translation>Les symboles du noyau n&apos;ont pas pu être conservés pour les rapports lancés par cet utilisateur (%1) ; il faudra --kallsyms.</translation>
    </message>
    <message>
        <source>The build-id cache %1 was not filled (%3 files not kept: %2). The recording is complete, but reports after the recorded files change cannot name their functions.</source>
        <translation>Le cache des build-id %1 n&apos;a pas été rempli (%3 fichiers non conservés : %2). L&apos;enregistrement est complet, mais les rapports ne pourront plus nommer les fonctions une fois les fichiers enregistrés modifiés.</translation>
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
        <translation>%1–%2 ms de chaque %3 s</translation>
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
        <translation>thread %1</translation>
    </message>
    <message>
        <source>all</source>
        <translation>tous</translation>
    </message>
    <message>
        <source>%1%2/s</source>
        <translation>%1%2/s</translation>
    </message>
    <message>
        <source>thread %1 (%2)</source>
        <translation>thread %1 (%2)</translation>
    </message>
    <message>
        <source>process %1, all threads</source>
        <translation>processus %1, tous les threads</translation>
    </message>
    <message>
        <source>process %1 (%2), all threads</source>
        <translation>processus %1 (%2), tous les threads</translation>
    </message>
    <message>
        <source>%1: time counted on each CPU / wall time (a CPU&apos;s clock also counts idle time: not busy time)</source>
        <translation>%1&#xa0;: temps compté sur chaque CPU / temps réel (l&apos;horloge d&apos;un CPU compte aussi le temps d&apos;inactivité&#xa0;: pas le temps occupé)</translation>
    </message>
    <message>
        <source>%1: busy share of one CPU (CPU time / wall time of each interval)</source>
        <translation>%1&#xa0;: part occupée d&apos;un CPU (temps CPU / temps réel de chaque intervalle)</translation>
    </message>
    <message>
        <source>%1: CPUs utilized (CPU time / wall time of each interval)</source>
        <translation>%1&#xa0;: CPU utilisés (temps CPU / temps réel de chaque intervalle)</translation>
    </message>
    <message>
        <source>%1: events per second of wall time</source>
        <translation>%1&#xa0;: événements par seconde de temps réel</translation>
    </message>
    <message>
        <source> · multiplexed: counted as little as %1 of the time, counts scaled up</source>
        <translation> · multiplexé&#xa0;: parfois compté seulement %1 du temps, valeurs extrapolées</translation>
    </message>
    <message>
        <source>%1 CPUs</source>
        <translation>%1 CPU</translation>
    </message>
    <message>
        <source>%1 of CPU time</source>
        <translation>%1 de temps CPU</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 événements</translation>
    </message>
</context>
<context>
    <name>GrowthMark</name>
    <message>
        <source>Partial: %1 % read</source>
        <translation>Partiel : %1 % lu</translation>
    </message>
    <message>
        <source>The file is still being read: the views grow as it is</source>
        <translation>Le fichier est encore en cours de lecture : les vues grandissent avec lui</translation>
    </message>
    <message>
        <source>so far (%1 % of the file read)</source>
        <translation>jusqu’ici (%1 % du fichier lu)</translation>
    </message>
    <message>
        <source>Live: %1 s recorded</source>
        <translation>En direct : %1 s enregistrées</translation>
    </message>
    <message>
        <source>The session is still arriving: the views grow as it does</source>
        <translation>La session arrive encore : les vues grandissent avec elle</translation>
    </message>
    <message>
        <source>so far (still arriving)</source>
        <translation>jusqu’ici (arrive encore)</translation>
    </message>
    <message>
        <source>Stopped: %1 s read</source>
        <translation>Arrêté : %1 s lues</translation>
    </message>
    <message>
        <source>Following the stream was stopped: the views show what was read until then, and the rest of the stream was not read</source>
        <translation>Le suivi du flux a été arrêté : les vues montrent ce qui avait été lu jusque-là, et le reste du flux n’a pas été lu</translation>
    </message>
    <message>
        <source>(the rest of the stream was not read)</source>
        <translation>(le reste du flux n’a pas été lu)</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>standard input</source>
        <translation>entrée standard</translation>
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
        <translation>swapper (inactif)</translation>
    </message>
    <message>
        <source>[unknown]</source>
        <translation>[inconnu]</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2 in %3)</source>
        <translation>%1 (%2 dans %3)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Perfglass, a Linux profiler: shows perf.data sessions as flame graphs and call trees.</source>
        <translation>Perfglass, un profileur pour Linux : affiche les sessions perf.data en graphes de flammes et arbres d&apos;appels.</translation>
    </message>
    <message>
        <source>--screenshot needs a FILE.</source>
        <translation>--screenshot demande un FICHIER.</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>impossible d&apos;écrire %1</translation>
    </message>
    <message>
        <source>Look for binaries under DIR first (DIR/usr/lib/x.so).</source>
        <translation>Chercher d&apos;abord les binaires sous DIR (DIR/usr/lib/x.so).</translation>
    </message>
    <message>
        <source>Look for binaries not found where they were recorded in DIR (repeatable).</source>
        <translation>Chercher dans DIR les binaires absents de l&apos;endroit où ils ont été enregistrés (répétable).</translation>
    </message>
    <message>
        <source>Also look for separate debug files in DIR (repeatable).</source>
        <translation>Chercher aussi les fichiers de débogage séparés dans DIR (répétable).</translation>
    </message>
    <message>
        <source>Kernel symbols file.</source>
        <translation>Fichier des symboles du noyau.</translation>
    </message>
    <message>
        <source>Ask these debuginfod servers (space-separated URLs).</source>
        <translation>Interroger ces serveurs debuginfod (URL séparées par des espaces).</translation>
    </message>
    <message>
        <source>Look for source files in DIR (repeatable).</source>
        <translation>Chercher les fichiers source dans DIR (répétable).</translation>
    </message>
    <message>
        <source>Compare FILE (the baseline) with COMPARISON once FILE is open.</source>
        <translation>Comparer FILE (la référence) avec COMPARISON une fois FILE ouvert.</translation>
    </message>
    <message>
        <source>--compare needs a FILE.</source>
        <translation>--compare demande un fichier FILE.</translation>
    </message>
    <message>
        <source>Open FILE, save a picture of the window to PNG once it is shown (with --compare, of the comparison window), and quit.</source>
        <translation>Ouvrir FILE, enregistrer une image de la fenêtre en PNG dès qu&apos;elle est affichée (avec --compare, de la fenêtre de comparaison), et quitter.</translation>
    </message>
    <message>
        <source>Sessions to open, one tab each (perf.data format or an archive; default: ./perf.data if it exists).</source>
        <translation>Sessions à ouvrir, chacune dans un onglet (format perf.data ou une archive ; par défaut : ./perf.data s&apos;il existe).</translation>
    </message>
    <message>
        <source>The build-id cache to look for the files that ran in, by build id, before their recorded paths (default: $PERF_BUILDID_DIR, else ~/.debug), as perf&apos;s --buildid-dir.</source>
        <translation>Le cache des build-id où chercher les fichiers exécutés, par build id, avant leurs chemins enregistrés (par défaut : $PERF_BUILDID_DIR, sinon ~/.debug), comme --buildid-dir de perf.</translation>
    </message>
    <message>
        <source>Do not look in the user&apos;s build-id cache (--buildid-dir, $PERF_BUILDID_DIR or ~/.debug).</source>
        <translation>Ne pas chercher dans le cache des build-id de l&apos;utilisateur (--buildid-dir, $PERF_BUILDID_DIR ou ~/.debug).</translation>
    </message>
    <message>
        <source>Read a stream (FILE -) and the live view of a recording again every SECONDS (1 to 60; default: the Recording dock&apos;s setting, 1).</source>
        <translation>Relire un flux (FILE -) et la vue en direct d&apos;un enregistrement toutes les SECONDS secondes (1 à 60 ; par défaut : le réglage à côté de « Vue en direct » pendant un enregistrement, 1).</translation>
    </message>
    <message>
        <source>--refresh %1: a whole number of seconds from %2 to %3 was expected.</source>
        <translation>--refresh %1 : un nombre entier de secondes de %2 à %3 était attendu.</translation>
    </message>
</context>
<context>
    <name>perfglass::AnnotationModel</name>
    <message>
        <source>Inlined here (outermost first):&lt;br&gt;%1</source>
        <translation>Intégrées ici (la plus externe d&apos;abord) :&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>(source file not found)</source>
        <translation>(fichier source introuvable)</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Propre</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inclusif</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Ligne</translation>
    </message>
    <message>
        <source>Instruction</source>
        <translation>Instruction</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Inlined</source>
        <translation>Intégrées</translation>
    </message>
</context>
<context>
    <name>perfglass::BuiltEventList</name>
    <message>
        <source>Built events</source>
        <translation>Événements construits</translation>
    </message>
    <message>
        <source>Drag an event onto another to count them as a group; between rows to reorder</source>
        <translation>Faites glisser un événement sur un autre pour les compter en groupe ; entre deux lignes pour les réordonner</translation>
    </message>
</context>
<context>
    <name>perfglass::CallTreeModel</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Inclusive: %3 (%4)&lt;br&gt;Self: %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module : %2&lt;br&gt;Inclusif : %3 (%4)&lt;br&gt;Propre : %5 (%6)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Intégrée (inline) dans %1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation>&lt;br&gt;Source : %1 (la ligne la plus chaude de la fonction)</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Fonction</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inclusif</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Propre</translation>
    </message>
    <message>
        <source>Inclusive time</source>
        <translation>Temps inclusif</translation>
    </message>
    <message>
        <source>Inclusive count</source>
        <translation>Nombre inclusif</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>Temps propre</translation>
    </message>
    <message>
        <source>Self count</source>
        <translation>Nombre propre</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <source>Source file and line of the function where most of its samples are (from DWARF debug information)</source>
        <translation>Fichier source et ligne de la fonction où se trouvent la plupart de ses échantillons (informations de débogage DWARF)</translation>
    </message>
    <message>
        <source>Top level: share of all samples taken in this function; below: the part of it reached through this chain of callers</source>
        <translation>Premier niveau : part de tous les échantillons pris dans cette fonction ; en dessous : la part atteinte par cette chaîne d&apos;appelants</translation>
    </message>
    <message>
        <source>Share of all samples whose call stack passes through this call path</source>
        <translation>Part de tous les échantillons dont la pile d&apos;appels passe par ce chemin d&apos;appel</translation>
    </message>
    <message>
        <source>Share of all samples taken in this function itself, on this call path</source>
        <translation>Part de tous les échantillons pris dans cette fonction elle-même, sur ce chemin d&apos;appel</translation>
    </message>
    <message>
        <source>Top level: share of all samples taken in this function itself (its self cost, as in the flat profile); callers below it have none of their own here</source>
        <translation>Premier niveau&#xa0;: part de tous les échantillons pris dans cette fonction elle-même (son coût propre, comme dans le profil à plat) ; ses appelants en dessous n&apos;en ont pas ici</translation>
    </message>
</context>
<context>
    <name>perfglass::CallTreeView</name>
    <message>
        <source>Filter by function or module (Ctrl+F)</source>
        <translation>Filtrer par fonction ou module (Ctrl+F)</translation>
    </message>
    <message>
        <source>Filter the call tree</source>
        <translation>Filtrer l&apos;arbre d&apos;appels</translation>
    </message>
</context>
<context>
    <name>perfglass::CallerCalleeModel</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; calls &lt;b&gt;%2&lt;/b&gt;&lt;br&gt;%3 of all samples (%4)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; appelle &lt;b&gt;%2&lt;/b&gt;&lt;br&gt;%3 de tous les échantillons (%4)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;%1 is inline code here, inlined into its own caller&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;%1 est ici du code inline, intégré dans son propre appelant&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Intégrée (inline) dans %1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation>&lt;br&gt;Source : %1 (la ligne la plus chaude de la fonction)</translation>
    </message>
    <message>
        <source>Caller</source>
        <translation>Appelant</translation>
    </message>
    <message>
        <source>Callee</source>
        <translation>Appelée</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Temps</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <source>Share of all samples in which the selected function was called from this caller</source>
        <translation>Part de tous les échantillons où la fonction choisie a été appelée par cet appelant</translation>
    </message>
    <message>
        <source>Share of all samples spent in this callee (inclusive) when the selected function called it</source>
        <translation>Part de tous les échantillons passés dans cette fonction appelée (inclusif) quand la fonction choisie l&apos;a appelée</translation>
    </message>
</context>
<context>
    <name>perfglass::CallerCalleeView</name>
    <message>
        <source>Callers of the selected function</source>
        <translation>Appelants de la fonction choisie</translation>
    </message>
    <message>
        <source>Callees of the selected function</source>
        <translation>Fonctions appelées par la fonction choisie</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Calcul…</translation>
    </message>
    <message>
        <source>This function has no samples here.</source>
        <translation>Cette fonction n&apos;a pas d&apos;échantillons ici.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — inclusive %2 (%3), self %4 (%5)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — inclusif %2 (%3), propre %4 (%5)</translation>
    </message>
    <message>
        <source>, own code inlined into callers %1</source>
        <translation>, code propre intégré dans les appelants %1</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Back to the function shown before (Alt+Left)</source>
        <translation>Retour à la fonction affichée avant (Alt+Gauche)</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Avancer</translation>
    </message>
    <message>
        <source>Forward again (Alt+Right)</source>
        <translation>Avancer de nouveau (Alt+Droite)</translation>
    </message>
    <message>
        <source>Search functions and modules…</source>
        <translation>Chercher des fonctions et des modules…</translation>
    </message>
    <message>
        <source>Search functions</source>
        <translation>Chercher des fonctions</translation>
    </message>
    <message>
        <source>All functions</source>
        <translation>Toutes les fonctions</translation>
    </message>
    <message>
        <source>Select a function in the list, the flame graph or a call tree to see its callers and callees.</source>
        <translation>Choisissez une fonction dans la liste, le graphe de flammes ou un arbre d&apos;appels pour voir ses appelants et ses appelées.</translation>
    </message>
</context>
<context>
    <name>perfglass::CompareWindow</name>
    <message>
        <source>Comparison</source>
        <translation>Comparaison</translation>
    </message>
    <message>
        <source>Baseline Shape</source>
        <translation>Forme de la référence</translation>
    </message>
    <message>
        <source>Draw the baseline&apos;s call stacks, with the frames that vanished in the comparison, instead of the comparison&apos;s</source>
        <translation>Dessiner les piles d&apos;appels de la référence, avec les cadres disparus dans la comparaison, au lieu de celles de la comparaison</translation>
    </message>
    <message>
        <source>The colour of a frame is the change of its share of all samples, relative to the largest change of any frame: red where it grew, blue where it shrank. Frames new in the comparison are full red, frames that vanished (Baseline Shape) full blue.</source>
        <translation>La couleur d&apos;un cadre est la variation de sa part de tous les échantillons, rapportée à la plus grande variation d&apos;un cadre : rouge là où elle a augmenté, bleu là où elle a diminué. Les cadres nouveaux dans la comparaison sont entièrement rouges, ceux qui ont disparu (Forme de la référence) entièrement bleus.</translation>
    </message>
    <message>
        <source>Differential Flame Graph</source>
        <translation>Graphe de flammes différentiel</translation>
    </message>
    <message>
        <source>Top-Down</source>
        <translation>Descendant</translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation>Ascendant</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>Résumés</translation>
    </message>
    <message>
        <source>Compare: %1 → %2</source>
        <translation>Comparaison : %1 → %2</translation>
    </message>
    <message>
        <source>Baseline: &lt;b&gt;%1&lt;/b&gt; (%2 samples) → Comparison: &lt;b&gt;%3&lt;/b&gt; (%4 samples)</source>
        <translation>Référence : &lt;b&gt;%1&lt;/b&gt; (%2 échantillons) → Comparaison : &lt;b&gt;%3&lt;/b&gt; (%4 échantillons)</translation>
    </message>
    <message>
        <source>Grew</source>
        <translation>Augmenté</translation>
    </message>
    <message>
        <source>A little</source>
        <translation>Un peu</translation>
    </message>
    <message>
        <source>Unchanged</source>
        <translation>Inchangé</translation>
    </message>
    <message>
        <source>Shrank</source>
        <translation>Diminué</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Secondes</translation>
    </message>
    <message>
        <source>Click a frame to zoom in, right-click it to show it in the diff tree or copy its name; Escape goes back.</source>
        <translation>Cliquez sur un cadre pour zoomer, clic droit pour l&apos;afficher dans l&apos;arbre des écarts ou copier son nom ; Échap revient en arrière.</translation>
    </message>
    <message>
        <source>Two selections of one session, each with its own filter.</source>
        <translation>Deux sélections d&apos;une même session, chacune avec son propre filtre.</translation>
    </message>
    <message>
        <source>Costs and changes in seconds of %1 instead of shares of each side&apos;s total</source>
        <translation>Coûts et variations en secondes de %1 au lieu de parts du total de chaque côté</translation>
    </message>
    <message>
        <source>Seconds need a time event (such as cpu-clock) counted by its period on both sides</source>
        <translation>Les secondes demandent, des deux côtés, un événement de temps (comme cpu-clock) compté selon sa période</translation>
    </message>
    <message>
        <source>the event</source>
        <translation>l&apos;événement</translation>
    </message>
    <message>
        <source>processes by name</source>
        <translation>les processus par nom</translation>
    </message>
    <message>
        <source>processes whose names it lacks</source>
        <translation>les processus dont il n&apos;a pas les noms</translation>
    </message>
    <message>
        <source>threads by name</source>
        <translation>les threads par nom</translation>
    </message>
    <message>
        <source>threads whose names it lacks</source>
        <translation>les threads dont il n&apos;a pas les noms</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>les CPU</translation>
    </message>
    <message>
        <source>transforms</source>
        <translation>les transformations</translation>
    </message>
    <message>
        <source>transforms about code it lacks</source>
        <translation>les transformations portant sur du code qu&apos;il n&apos;a pas</translation>
    </message>
    <message>
        <source>the time range (it belongs to the baseline&apos;s timeline)</source>
        <translation>l&apos;intervalle de temps (il appartient à la chronologie de la référence)</translation>
    </message>
    <message>
        <source>Filter carried over to the comparison: %1.</source>
        <translation>Filtre repris dans la comparaison : %1.</translation>
    </message>
    <message>
        <source>Not carried over: %1.</source>
        <translation>Non repris : %1.</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>Zoomer</translation>
    </message>
    <message>
        <source>Show in Bottom-Up</source>
        <translation>Afficher dans Ascendant</translation>
    </message>
    <message>
        <source>Show in Top-Down</source>
        <translation>Afficher dans Descendant</translation>
    </message>
    <message>
        <source>Copy Name</source>
        <translation>Copier le nom</translation>
    </message>
    <message>
        <source>Reset Zoom</source>
        <translation>Réinitialiser le zoom</translation>
    </message>
    <message>
        <source>Top-down diff tree</source>
        <translation>Arbre de comparaison descendant</translation>
    </message>
    <message>
        <source>Bottom-up diff tree</source>
        <translation>Arbre de comparaison ascendant</translation>
    </message>
</context>
<context>
    <name>perfglass::CounterChartWidget</name>
    <message>
        <source>Counter charts</source>
        <translation>Graphiques des compteurs</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2 s</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; à %2 s</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; %2: &lt;b&gt;%3&lt;/b&gt; (%4 in %5 ms)</source>
        <translation>&lt;br&gt;&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; %2&#xa0;: &lt;b&gt;%3&lt;/b&gt; (%4 en %5 ms)</translation>
    </message>
    <message>
        <source>, counted %1 % of the time (multiplexed, scaled)</source>
        <translation>, compté %1 % du temps (multiplexé, extrapolé)</translation>
    </message>
</context>
<context>
    <name>perfglass::CountersView</name>
    <message>
        <source>&lt;p&gt;This session has no counter series.&lt;/p&gt;&lt;p&gt;Counter series are counts read every interval, per CPU or per thread. Record a session with them using&lt;br&gt;&lt;tt&gt;perfglass-cli stat -o FILE -a -I 100 -e task-clock,context-switches -- COMMAND&lt;/tt&gt;&lt;br&gt;and open FILE here.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Cette session n&apos;a pas de séries de compteurs.&lt;/p&gt;&lt;p&gt;Les séries de compteurs sont des comptages lus à chaque intervalle, par CPU ou par thread. Enregistrez une session qui en contient avec&lt;br&gt;&lt;tt&gt;perfglass-cli stat -o FICHIER -a -I 100 -e task-clock,context-switches -- COMMANDE&lt;/tt&gt;&lt;br&gt;puis ouvrez FICHIER ici.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>perfglass::DiffFlameGraphModel</name>
    <message>
        <source>&lt;br&gt;&lt;b&gt;New in the comparison&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Nouveau dans la comparaison&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;b&gt;Vanished in the comparison&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;Disparu dans la comparaison&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Baseline: %1 · Comparison: %2 · </source>
        <translation>Référence : %1 · Comparaison : %2 · </translation>
    </message>
    <message>
        <source>Change: %1 s</source>
        <translation>Variation : %1 s</translation>
    </message>
    <message>
        <source>Change: %1 points</source>
        <translation>Variation : %1 points</translation>
    </message>
</context>
<context>
    <name>perfglass::DiffTreeModel</name>
    <message>
        <source>%1 (inlined)</source>
        <translation>%1 (intégrée)</translation>
    </message>
    <message>
        <source>%1
Module: %2</source>
        <translation>%1
Module : %2</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Fonction</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>Référence</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>Comparaison</translation>
    </message>
    <message>
        <source>Delta</source>
        <translation>Écart</translation>
    </message>
    <message>
        <source>Self Delta</source>
        <translation>Écart propre</translation>
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
        <translation>&amp;Ajouter</translation>
    </message>
    <message>
        <source>Build an event</source>
        <translation>Construire un événement</translation>
    </message>
    <message>
        <source>PMU</source>
        <translation>PMU</translation>
    </message>
    <message>
        <source>The PMUs of /sys/bus/event_source/devices that have format fields</source>
        <translation>Les PMU de /sys/bus/event_source/devices qui ont des champs de format</translation>
    </message>
    <message>
        <source>&amp;PMU:</source>
        <translation>&amp;PMU :</translation>
    </message>
    <message>
        <source>Named event</source>
        <translation>Événement nommé</translation>
    </message>
    <message>
        <source>A named event of the PMU (its events/ directory) fills in the fields</source>
        <translation>Un événement nommé de la PMU (son répertoire events/) remplit les champs</translation>
    </message>
    <message>
        <source>&amp;Named event:</source>
        <translation>É&amp;vénement nommé :</translation>
    </message>
    <message>
        <source>Fields:</source>
        <translation>Champs :</translation>
    </message>
    <message>
        <source>&amp;user</source>
        <translation>&amp;utilisateur</translation>
    </message>
    <message>
        <source>&amp;kernel</source>
        <translation>&amp;noyau</translation>
    </message>
    <message>
        <source>&amp;hypervisor</source>
        <translation>&amp;hyperviseur</translation>
    </message>
    <message>
        <source>e&amp;xclusive</source>
        <translation>e&amp;xclusif</translation>
    </message>
    <message>
        <source>pinne&amp;d</source>
        <translation>épin&amp;glé</translation>
    </message>
    <message>
        <source>not precise</source>
        <translation>non précis</translation>
    </message>
    <message>
        <source>p: constant skid</source>
        <translation>p : décalage (skid) constant</translation>
    </message>
    <message>
        <source>pp: asks for 0 skid</source>
        <translation>pp : demande un décalage nul</translation>
    </message>
    <message>
        <source>ppp: must have 0 skid</source>
        <translation>ppp : décalage nul obligatoire</translation>
    </message>
    <message>
        <source>Precise level</source>
        <translation>Niveau de précision</translation>
    </message>
    <message>
        <source>Modifiers:</source>
        <translation>Modificateurs :</translation>
    </message>
    <message>
        <source>recording&apos;s default</source>
        <translation>par défaut de l&apos;enregistrement</translation>
    </message>
    <message>
        <source>every N events (period)</source>
        <translation>tous les N événements (période)</translation>
    </message>
    <message>
        <source>N per second (frequency)</source>
        <translation>N par seconde (fréquence)</translation>
    </message>
    <message>
        <source>Period or frequency</source>
        <translation>Période ou fréquence</translation>
    </message>
    <message>
        <source>Sampling:</source>
        <translation>Échantillonnage :</translation>
    </message>
    <message>
        <source>optional, shown in reports</source>
        <translation>facultatif, affiché dans les rapports</translation>
    </message>
    <message>
        <source>Na&amp;me:</source>
        <translation>No&amp;m :</translation>
    </message>
    <message>
        <source>Event in perf&apos;s syntax</source>
        <translation>Événement dans la syntaxe de perf</translation>
    </message>
    <message>
        <source>Result:</source>
        <translation>Résultat :</translation>
    </message>
    <message>
        <source>Built events</source>
        <translation>Événements construits</translation>
    </message>
    <message>
        <source>Un&amp;group</source>
        <translation>&amp;Dégrouper</translation>
    </message>
    <message>
        <source>Split the selected group into its events</source>
        <translation>Séparer le groupe choisi en ses événements</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Retirer</translation>
    </message>
    <message>
        <source>(none: set the fields)</source>
        <translation>(aucun : remplissez les champs)</translation>
    </message>
    <message>
        <source>0 to 0x%1</source>
        <translation>0 à 0x%1</translation>
    </message>
    <message>
        <source>Bits %1; at most 0x%2</source>
        <translation>Bits %1 ; au plus 0x%2</translation>
    </message>
    <message>
        <source>Give the period or frequency a number above 0.</source>
        <translation>Donnez à la période ou à la fréquence un nombre supérieur à 0.</translation>
    </message>
    <message>
        <source>No PMU with format fields here.</source>
        <translation>Aucune PMU avec des champs de format ici.</translation>
    </message>
    <message>
        <source>Valid: type %1, config 0x%2, config1 0x%3, config2 0x%4</source>
        <translation>Valide : type %1, config 0x%2, config1 0x%3, config2 0x%4</translation>
    </message>
    <message>
        <source>Not valid: %1</source>
        <translation>Non valide : %1</translation>
    </message>
</context>
<context>
    <name>perfglass::EventListModel</name>
    <message>
        <source>Hardware events</source>
        <translation>Événements matériels</translation>
    </message>
    <message>
        <source>Software events</source>
        <translation>Événements logiciels</translation>
    </message>
    <message>
        <source>Hardware cache events</source>
        <translation>Événements du cache matériel</translation>
    </message>
    <message>
        <source>PMUs</source>
        <translation>PMU</translation>
    </message>
    <message>
        <source>Tracepoints</source>
        <translation>Points de traçage</translation>
    </message>
    <message>
        <source>Raw events and breakpoints</source>
        <translation>Événements bruts et points d&apos;arrêt</translation>
    </message>
    <message>
        <source>Tracepoints cannot be listed: %1</source>
        <translation>Les points de traçage ne peuvent pas être listés : %1</translation>
    </message>
    <message>
        <source>no named events</source>
        <translation>aucun événement nommé</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucun</translation>
    </message>
    <message>
        <source>%1 of %2 open now</source>
        <translation>%1 sur %2 utilisables maintenant</translation>
    </message>
    <message>
        <source>yes, system-wide only</source>
        <translation>oui, seulement sur tout le système</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>yes, user mode only</source>
        <translation>oui, mode utilisateur seulement</translation>
    </message>
    <message>
        <source>no: %1</source>
        <translation>non : %1</translation>
    </message>
    <message>
        <source>also written %1</source>
        <translation>s&apos;écrit aussi %1</translation>
    </message>
    <message>
        <source>scale %1 %2</source>
        <translation>échelle %1 %2</translation>
    </message>
    <message>
        <source>type %1</source>
        <translation>type %1</translation>
    </message>
    <message>
        <source>, system-wide only</source>
        <translation>, seulement sur tout le système</translation>
    </message>
    <message>
        <source>; format fields: %1</source>
        <translation> ; champs de format : %1</translation>
    </message>
    <message>
        <source>PMU %1</source>
        <translation>PMU %1</translation>
    </message>
    <message>
        <source>(type %1)</source>
        <translation>(type %1)</translation>
    </message>
    <message>
        <source>on CPUs %1</source>
        <translation>sur les CPU %1</translation>
    </message>
    <message>
        <source>(system-wide only: record with -a or -C)</source>
        <translation>(tout le système seulement : enregistrer avec -a ou -C)</translation>
    </message>
    <message>
        <source>No format fields.</source>
        <translation>Aucun champ de format.</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Champ</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>Bits</translation>
    </message>
    <message>
        <source>Largest value</source>
        <translation>Plus grande valeur</translation>
    </message>
    <message>
        <source>Write raw terms as %1, e.g. %2.</source>
        <translation>Écrivez les termes bruts sous la forme %1, p. ex. %2.</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Opens now</source>
        <translation>Utilisable</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>Attribut</translation>
    </message>
    <message>
        <source>type %1, config %2</source>
        <translation>type %1, config %2</translation>
    </message>
    <message>
        <source>config1 %1, config2 %2</source>
        <translation>config1 %1, config2 %2</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>Format not readable: %1</source>
        <translation>Format illisible : %1</translation>
    </message>
    <message>
        <source>Terms: period=N, freq=N, name=TEXT, e.g. %1.</source>
        <translation>Termes : period=N, freq=N, name=TEXTE, p. ex. %1.</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
</context>
<context>
    <name>perfglass::EventsView</name>
    <message>
        <source>Only events that open now</source>
        <translation>Seulement les événements utilisables</translation>
    </message>
    <message>
        <source>Search events (name, PMU, description)</source>
        <translation>Chercher des événements (nom, PMU, description)</translation>
    </message>
    <message>
        <source>Search events</source>
        <translation>Chercher des événements</translation>
    </message>
    <message>
        <source>Hide the events this machine or this user cannot open now</source>
        <translation>Masquer les événements que cette machine ou cet utilisateur ne peut pas ouvrir maintenant</translation>
    </message>
    <message>
        <source>List and probe the events again</source>
        <translation>Lister et sonder à nouveau les événements</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Événements</translation>
    </message>
    <message>
        <source>Event details</source>
        <translation>Détails de l&apos;événement</translation>
    </message>
    <message>
        <source>Select an event to see its attribute, description and terms.</source>
        <translation>Choisissez un événement pour voir son attribut, sa description et ses termes.</translation>
    </message>
    <message>
        <source>Chosen events</source>
        <translation>Événements choisis</translation>
    </message>
    <message>
        <source>Chosen:</source>
        <translation>Choisis&#xa0;:</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Uncheck every event</source>
        <translation>Décocher tous les événements</translation>
    </message>
    <message>
        <source>Listing and probing events…</source>
        <translation>Liste et sondage des événements…</translation>
    </message>
    <message>
        <source>%1 of %2 events open now for this user (kernel.perf_event_paranoid = %3)</source>
        <translation>%1 événements sur %2 sont utilisables maintenant par cet utilisateur (kernel.perf_event_paranoid = %3)</translation>
    </message>
    <message>
        <source>Check events above, or build them, to record them</source>
        <translation>Cochez des événements ci-dessus, ou construisez-les, pour les enregistrer</translation>
    </message>
    <message>
        <source>The checked events in perf&apos;s syntax, in the order they were checked, then the built ones</source>
        <translation>Les événements cochés dans la syntaxe de perf, dans l&apos;ordre où ils ont été cochés, puis les événements construits</translation>
    </message>
    <message>
        <source>&amp;List</source>
        <translation>&amp;Liste</translation>
    </message>
    <message>
        <source>&amp;Builder</source>
        <translation>&amp;Constructeur</translation>
    </message>
    <message>
        <source>Build a PMU event from its format fields, and groups of events</source>
        <translation>Construire un événement de PMU à partir de ses champs de format, et des groupes d&apos;événements</translation>
    </message>
</context>
<context>
    <name>perfglass::ExportJob</name>
    <message>
        <source>SVG flame graph (*.svg)</source>
        <translation>Graphe de flammes SVG (*.svg)</translation>
    </message>
    <message>
        <source>speedscope JSON (*.speedscope.json *.json)</source>
        <translation>JSON speedscope (*.speedscope.json *.json)</translation>
    </message>
    <message>
        <source>Collapsed stacks (*.collapsed *.txt)</source>
        <translation>Piles repliées (*.collapsed *.txt)</translation>
    </message>
    <message>
        <source>pprof profile (*.pb.gz)</source>
        <translation>Profil pprof (*.pb.gz)</translation>
    </message>
    <message>
        <source>Firefox Profiler (*.json)</source>
        <translation>Firefox Profiler (*.json)</translation>
    </message>
    <message>
        <source>Heat map page (*.html)</source>
        <translation>Page de carte de chaleur (*.html)</translation>
    </message>
</context>
<context>
    <name>perfglass::ExportMenu</name>
    <message>
        <source>&amp;Export</source>
        <translation>E&amp;xporter</translation>
    </message>
    <message>
        <source>Flame Graph as &amp;SVG…</source>
        <translation>Graphe de flammes en &amp;SVG…</translation>
    </message>
    <message>
        <source>speedscope &amp;JSON…</source>
        <translation>&amp;JSON speedscope…</translation>
    </message>
    <message>
        <source>&amp;Collapsed Stacks…</source>
        <translation>Piles &amp;repliées…</translation>
    </message>
    <message>
        <source>&amp;pprof Profile…</source>
        <translation>Profil &amp;pprof…</translation>
    </message>
    <message>
        <source>&amp;Firefox Profiler…</source>
        <translation>&amp;Firefox Profiler…</translation>
    </message>
    <message>
        <source>Export what the views show, with the current filter</source>
        <translation>Exporter ce que montrent les vues, avec le filtre actuel</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exporter</translation>
    </message>
    <message>
        <source>&amp;Heat Map Page (HTML)…</source>
        <translation>Page de carte de &amp;chaleur (HTML)…</translation>
    </message>
</context>
<context>
    <name>perfglass::FilterBar</name>
    <message>
        <source>Filter</source>
        <translation>Filtre</translation>
    </message>
    <message>
        <source>Count only the samples taken on the CPUs checked here</source>
        <translation>Ne compter que les échantillons pris sur les CPU cochés ici</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Filter:</source>
        <translation>Filtre&#xa0;:</translation>
    </message>
    <message>
        <source>none: the views show the whole session. Drag in the timeline, or right-click a function, to filter.</source>
        <translation>aucun : les vues montrent toute la session. Faites glisser dans la chronologie, ou un clic droit sur une fonction, pour filtrer.</translation>
    </message>
    <message>
        <source>CPUs: all</source>
        <translation>CPU&#xa0;: tous</translation>
    </message>
    <message>
        <source>CPUs: %1</source>
        <translation>CPU&#xa0;: %1</translation>
    </message>
    <message>
        <source>Merged: %1</source>
        <translation>Fusionnée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Dropped: %1</source>
        <translation>Écartée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Focus: %1</source>
        <translation>Focus&#xa0;: %1</translation>
    </message>
    <message>
        <source>Focus on function: %1</source>
        <translation>Focus sur la fonction&#xa0;: %1</translation>
    </message>
    <message>
        <source>Collapsed: %1</source>
        <translation>Repliée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Collapsed recursion</source>
        <translation>Récursion repliée</translation>
    </message>
    <message>
        <source>Collapsed recursion: %1</source>
        <translation>Récursion repliée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Collapsed direct recursion</source>
        <translation>Récursion directe repliée</translation>
    </message>
    <message>
        <source>Collapsed direct recursion: %1</source>
        <translation>Récursion directe repliée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Kernel frames hidden</source>
        <translation>Cadres du noyau masqués</translation>
    </message>
    <message>
        <source>[collapsed library]</source>
        <translation>[bibliothèque repliée]</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Hidden thread: %1</source>
        <translation>Thread masqué&#xa0;: %1</translation>
    </message>
    <message>
        <source>Hidden threads: %1</source>
        <translation>Threads masqués&#xa0;: %1</translation>
    </message>
    <message>
        <source>Thread: %1</source>
        <translation>Thread&#xa0;: %1</translation>
    </message>
    <message>
        <source>Threads: %1</source>
        <translation>Threads&#xa0;: %1</translation>
    </message>
    <message>
        <source>Threads: %1 of %2</source>
        <translation>Threads&#xa0;: %1 sur %2</translation>
    </message>
    <message>
        <source>Time: %1 s – %2 s</source>
        <translation>Temps&#xa0;: %1 s – %2 s</translation>
    </message>
    <message>
        <source>Only the samples taken in this time range</source>
        <translation>Seulement les échantillons pris dans cet intervalle de temps</translation>
    </message>
    <message>
        <source>Process: %1</source>
        <translation>Processus&#xa0;: %1</translation>
    </message>
    <message>
        <source>Processes: %1</source>
        <translation>Processus&#xa0;: %1</translation>
    </message>
    <message>
        <source>Only the samples of these processes</source>
        <translation>Seulement les échantillons de ces processus</translation>
    </message>
    <message>
        <source>Only the samples of these threads</source>
        <translation>Seulement les échantillons de ces threads</translation>
    </message>
    <message>
        <source>CPU: %1</source>
        <translation>CPU&#xa0;: %1</translation>
    </message>
    <message>
        <source>Only the samples taken on these CPUs</source>
        <translation>Seulement les échantillons pris sur ces CPU</translation>
    </message>
    <message>
        <source>Remove this filter</source>
        <translation>Retirer ce filtre</translation>
    </message>
    <message>
        <source>Remove filter: %1</source>
        <translation>Retirer le filtre&#xa0;: %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Retirer %1</translation>
    </message>
    <message>
        <source>&amp;All CPUs</source>
        <translation>&amp;Tous les CPU</translation>
    </message>
    <message>
        <source>Show all CPUs</source>
        <translation>Afficher tous les CPU</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>Show CPUs %1</source>
        <translation>Afficher les CPU %1</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Only the samples taken in these heat map cells: the same part of each column in this time range</source>
        <translation>Seulement les échantillons pris dans ces cellules de la carte de chaleur : la même partie de chaque colonne dans cet intervalle</translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphModel</name>
    <message>
        <source>all samples</source>
        <translation>tous les échantillons</translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphView</name>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Back to the previous zoom (Escape, or a right click off the frames)</source>
        <translation>Revenir au zoom précédent (Échap, ou clic droit hors des cadres)</translation>
    </message>
    <message>
        <source>Show All</source>
        <translation>Tout afficher</translation>
    </message>
    <message>
        <source>Show all samples (Home)</source>
        <translation>Afficher tous les échantillons (Début)</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>Réinitialiser le zoom</translation>
    </message>
    <message>
        <source>The zoomed call path; click a caller to zoom out to it</source>
        <translation>Le chemin d&apos;appel zoomé ; cliquez sur un appelant pour revenir à lui</translation>
    </message>
    <message>
        <source>Search functions (Ctrl+F)</source>
        <translation>Chercher des fonctions (Ctrl+F)</translation>
    </message>
    <message>
        <source>Search functions</source>
        <translation>Chercher des fonctions</translation>
    </message>
    <message>
        <source>No match</source>
        <translation>Aucune correspondance</translation>
    </message>
    <message>
        <source>%1 of samples match</source>
        <translation>%1 des échantillons correspondent</translation>
    </message>
    <message>
        <source>Click a frame to zoom in, right-click it to focus, merge or hide it; Escape goes back.</source>
        <translation>Clic : zoomer ; clic droit : focaliser, fusionner, masquer ; Échap : revenir.</translation>
    </message>
    <message>
        <source>All samples: %1</source>
        <translation>Tous les échantillons&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 (%4)</source>
        <translation>%1 — %2 — %3 (%4)</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>Application</translation>
    </message>
    <message>
        <source>System library</source>
        <translation>Bibliothèque système</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Noyau</translation>
    </message>
    <message>
        <source>JIT</source>
        <translation>JIT</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
    <message>
        <source>Broken stack</source>
        <translation>Pile cassée</translation>
    </message>
    <message>
        <source>Inlined (paler, dashed outline)</source>
        <translation>Inline (plus pâle, contour pointillé)</translation>
    </message>
    <message>
        <source>Icicle</source>
        <translation>Stalactites</translation>
    </message>
    <message>
        <source>Draw the root on top and callees below it (an icicle graph)</source>
        <translation>Dessiner la racine en haut et les fonctions appelées en dessous (un graphe en stalactites, «&#xa0;icicle&#xa0;»)</translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation>Ascendant</translation>
    </message>
    <message>
        <source>A bottom-up flame graph: the functions samples end in next to the root, their callers beyond them</source>
        <translation>Un graphe de flammes ascendant&#xa0;: les fonctions où finissent les échantillons près de la racine, leurs appelants au-delà</translation>
    </message>
    <message>
        <source>Merge &lt; </source>
        <translation>Fusionner &lt; </translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Merge threshold</source>
        <translation>Seuil de fusion</translation>
    </message>
    <message>
        <source>Frames cheaper than this share of the shown frame are drawn as one hatched &quot;small frames&quot; block, whose tooltip names them. At 0 only frames narrower than a pixel merge.</source>
        <translation>Les cadres qui coûtent moins que cette part du cadre affiché sont dessinés comme un seul bloc hachuré «&#xa0;petits cadres&#xa0;», dont l&apos;infobulle les nomme. À 0, seuls les cadres plus étroits qu&apos;un pixel sont fusionnés.</translation>
    </message>
    <message>
        <source>Bottom-up: the functions samples end in, their callers beyond them.</source>
        <translation>Ascendant&#xa0;: les fonctions où finissent les échantillons, leurs appelants au-delà.</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Processus</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Inactivité</translation>
    </message>
</context>
<context>
    <name>perfglass::FlameGraphWidget</name>
    <message>
        <source>Flame graph</source>
        <translation>Graphe de flammes</translation>
    </message>
    <message>
        <source>This session has no samples for its event.</source>
        <translation>Cette session n&apos;a pas d&apos;échantillons pour son événement.</translation>
    </message>
    <message>
        <source>Open a session with File ▸ Open… or drop a perf.data file here.</source>
        <translation>Ouvrez une session avec Fichier ▸ Ouvrir… ou déposez un fichier perf.data ici.</translation>
    </message>
    <message numerus="yes">
        <source>%n small frame(s)</source>
        <translation>
            <numerusform>%n petit cadre</numerusform>
            <numerusform>%n petits cadres</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;All samples&lt;/b&gt;&lt;br&gt;%1</source>
        <translation>&lt;b&gt;Tous les échantillons&lt;/b&gt;&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module: %2&lt;br&gt;Inclusive: %3 of all samples (%4)&lt;br&gt;Self: %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module : %2&lt;br&gt;Inclusif : %3 de tous les échantillons (%4)&lt;br&gt;Propre : %5 (%6)</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;i&gt;Inlined into %1&lt;/i&gt;</source>
        <translation>&lt;br&gt;&lt;i&gt;Intégrée (inline) dans %1&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;Source: %1 (the function&apos;s hottest line)</source>
        <translation>&lt;br&gt;Source : %1 (la ligne la plus chaude de la fonction)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Of the zoomed frame: %1</source>
        <translation>&lt;br&gt;Du cadre zoomé : %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n small frame(s)&lt;/b&gt;, each below %1 of the shown cost&lt;br&gt;together %2 of all samples (%3)</source>
        <translation>
            <numerusform>&lt;b&gt;%n petit cadre&lt;/b&gt;, sous %1 du coût affiché&lt;br&gt;au total %2 de tous les échantillons (%3)</numerusform>
            <numerusform>&lt;b&gt;%n petits cadres&lt;/b&gt;, chacun sous %1 du coût affiché&lt;br&gt;au total %2 de tous les échantillons (%3)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>… et %n autre</numerusform>
            <numerusform>… et %n autres</numerusform>
        </translation>
    </message>
    <message>
        <source>Lower the merge threshold, or click their parent frame to zoom in, to see them.</source>
        <translation>Abaissez le seuil de fusion, ou cliquez sur leur cadre parent pour zoomer, afin de les voir.</translation>
    </message>
    <message>
        <source>Making the bottom-up flame graph…</source>
        <translation>Création du graphe de flammes ascendant…</translation>
    </message>
</context>
<context>
    <name>perfglass::FrameActions</name>
    <message>
        <source>Hide &amp;Kernel Frames</source>
        <translation>Masquer les cadres du &amp;noyau</translation>
    </message>
    <message>
        <source>Remove kernel frames from every stack; their cost goes to the user-space function that entered the kernel</source>
        <translation>Retirer les cadres du noyau de chaque pile ; leur coût revient à la fonction de l&apos;espace utilisateur qui est entrée dans le noyau</translation>
    </message>
    <message>
        <source>&amp;Focus on Function</source>
        <translation>&amp;Focaliser sur la fonction</translation>
    </message>
    <message>
        <source>Focus on %1</source>
        <translation>Focaliser sur %1</translation>
    </message>
    <message>
        <source>Focus on This &amp;Call Path</source>
        <translation>Focaliser sur ce &amp;chemin d&apos;appel</translation>
    </message>
    <message>
        <source>Focus on call path %1</source>
        <translation>Focaliser sur le chemin d&apos;appel %1</translation>
    </message>
    <message>
        <source>&amp;Merge Function</source>
        <translation>Fu&amp;sionner la fonction</translation>
    </message>
    <message>
        <source>Merge %1</source>
        <translation>Fusionner %1</translation>
    </message>
    <message>
        <source>&amp;Drop Samples with Function</source>
        <translation>&amp;Ignorer les échantillons avec la fonction</translation>
    </message>
    <message>
        <source>Drop samples with %1</source>
        <translation>Ignorer les échantillons avec %1</translation>
    </message>
    <message>
        <source>Collapse &amp;Library %1</source>
        <translation>Replier la &amp;bibliothèque %1</translation>
    </message>
    <message>
        <source>Collapse library %1</source>
        <translation>Replier la bibliothèque %1</translation>
    </message>
    <message>
        <source>Collapse &amp;Recursion</source>
        <translation>Replier la &amp;récursion</translation>
    </message>
    <message>
        <source>Collapse recursion of %1</source>
        <translation>Replier la récursion de %1</translation>
    </message>
    <message>
        <source>Collapse Direct Recursion &amp;Only</source>
        <translation>Replier seulement la récursion &amp;directe</translation>
    </message>
    <message>
        <source>Collapse direct recursion of %1</source>
        <translation>Replier la récursion directe de %1</translation>
    </message>
    <message>
        <source>Cop&amp;y Name</source>
        <translation>C&amp;opier le nom</translation>
    </message>
    <message>
        <source>Sho&amp;w Source &amp;&amp; Disassembly</source>
        <translation>&amp;Afficher la source &amp;&amp; le désassemblage</translation>
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
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module : %2&lt;br&gt;Propre : %3 (%4)&lt;br&gt;Inclusif : %5 (%6)&lt;br&gt;Sur la pile de %n échantillon</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Module : %2&lt;br&gt;Propre : %3 (%4)&lt;br&gt;Inclusif : %5 (%6)&lt;br&gt;Sur la pile de %n échantillons</numerusform>
        </translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Fonction</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Propre</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inclusif</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Échantillons</translation>
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
        <translation>Le temps que couvre chaque cellule : une colonne vaut une seconde (une fraction de seconde dans les sessions courtes, plusieurs secondes dans les sessions de plus d’une heure)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Échantillons</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Coût</translation>
    </message>
    <message>
        <source>Colour the cells by their samples, or by the cost every view counts (CPU time, events or off-CPU time)</source>
        <translation>Colorer les cellules selon leurs échantillons, ou selon le coût que comptent toutes les vues (temps CPU, événements ou temps hors CPU)</translation>
    </message>
    <message>
        <source>&amp;Bucket:</source>
        <translation>Ta&amp;ille des cellules :</translation>
    </message>
    <message>
        <source>C&amp;olour by:</source>
        <translation>&amp;Couleur selon :</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) in a cell</source>
        <translation>
            <numerusform>%n échantillon dans une cellule</numerusform>
            <numerusform>%n échantillons dans une cellule</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::HeatmapWidget</name>
    <message>
        <source>No samples to show.</source>
        <translation>Aucun échantillon à afficher.</translation>
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
            <numerusform>De %1 s à %2 s : %n échantillon, %3</numerusform>
            <numerusform>De %1 s à %2 s : %n échantillons, %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them in the selected function</source>
        <translation>
            <numerusform>dont %n dans la fonction sélectionnée</numerusform>
            <numerusform>dont %n dans la fonction sélectionnée</numerusform>
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
        <translation>Événements</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>&amp;Ouvrir…</translation>
    </message>
    <message>
        <source>Open Rece&amp;nt</source>
        <translation>Ouvrir un fichier ré&amp;cent</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Édition</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Annuler</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rétablir</translation>
    </message>
    <message>
        <source>&amp;Clear Filter</source>
        <translation>E&amp;ffacer le filtre</translation>
    </message>
    <message>
        <source>Show the whole session in every view again</source>
        <translation>Afficher de nouveau toute la session dans chaque vue</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Réinitialiser la disposition</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ai&amp;de</translation>
    </message>
    <message>
        <source>&amp;About Perfglass</source>
        <translation>À &amp;propos de Perfglass</translation>
    </message>
    <message>
        <source>About Perfglass</source>
        <translation>À propos de Perfglass</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Perfglass %1&lt;/h3&gt;&lt;p&gt;A Linux profiler: records with perf_event_open, stores sessions as perf.data, shows them as flame graphs and call trees.&lt;/p&gt;&lt;p&gt;License: GPL-2.0-or-later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Perfglass %1&lt;/h3&gt;&lt;p&gt;Un profileur pour Linux : enregistre avec perf_event_open, conserve les sessions en perf.data, les affiche en graphes de flammes et arbres d&apos;appels.&lt;/p&gt;&lt;p&gt;Licence : GPL-2.0-or-later.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Ouvrir une session</translation>
    </message>
    <message>
        <source>%1 — Perfglass</source>
        <translation>%1 — Perfglass</translation>
    </message>
    <message>
        <source>Could not open the session</source>
        <translation>Impossible d&apos;ouvrir la session</translation>
    </message>
    <message>
        <source>Perfglass could not open %1.</source>
        <translation>Perfglass n&apos;a pas pu ouvrir %1.</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>&amp;Recharger</translation>
    </message>
    <message>
        <source>Read the session&apos;s file again</source>
        <translation>Relire le fichier de la session</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Fermer</translation>
    </message>
    <message>
        <source>Session closed.</source>
        <translation>Session fermée.</translation>
    </message>
    <message>
        <source>Symbol &amp;Settings…</source>
        <translation>Réglages des &amp;symboles…</translation>
    </message>
    <message>
        <source>Where binaries, debug files, kernel symbols and sources are looked for</source>
        <translation>Où chercher les binaires, les fichiers de débogage, les symboles du noyau et les sources</translation>
    </message>
    <message>
        <source>Readable Na&amp;mes</source>
        <translation>Noms &amp;lisibles</translation>
    </message>
    <message>
        <source>Shorten C++ names: no default template arguments, template arguments as &lt;…&gt;, parameter lists only for overloads. Tooltips, copies and exports keep the full names.</source>
        <translation>Raccourcir les noms C++ : pas d&apos;arguments de template par défaut, arguments de template en &lt;…&gt;, listes de paramètres seulement pour les surcharges. Les infobulles, les copies et les exportations gardent les noms complets.</translation>
    </message>
    <message>
        <source>Source Folder</source>
        <translation>Dossier source</translation>
    </message>
    <message>
        <source>Add %1 to the source paths of the Symbol Settings, for later sessions too?</source>
        <translation>Ajouter %1 aux chemins source des paramètres des symboles, aussi pour les sessions suivantes ?</translation>
    </message>
    <message>
        <source>perf.data sessions and their archives (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst *.tar);;All files (*)</source>
        <translation>Sessions perf.data et leurs archives (*.data *.perf *.tar.bz2 *.tar.gz *.tar.xz *.tar.zst *.tar);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Compare with Open Sess&amp;ion</source>
        <translation>Comparer avec une session ou&amp;verte</translation>
    </message>
    <message>
        <source>No other session is open</source>
        <translation>Aucune autre session n&apos;est ouverte</translation>
    </message>
    <message>
        <source>&amp;Docks</source>
        <translation>&amp;Panneaux</translation>
    </message>
    <message>
        <source>Open &amp;Stream…</source>
        <translation>Ouvrir un fl&amp;ux…</translation>
    </message>
    <message>
        <source>Open Stream</source>
        <translation>Ouvrir un flux</translation>
    </message>
    <message>
        <source>Show a session as it arrives: a named pipe that perf record -o - writes into, or a file still being written</source>
        <translation>Afficher une session à mesure qu’elle arrive : un tube nommé dans lequel écrit perf record -o -, ou un fichier encore en cours d’écriture</translation>
    </message>
    <message>
        <source>S&amp;top Following the Stream</source>
        <translation>Arrêter de &amp;suivre le flux</translation>
    </message>
    <message>
        <source>Read no more of the stream shown: the views keep what was read, marked as stopped</source>
        <translation>Ne plus lire le flux affiché : les vues gardent ce qui a été lu, marqué comme arrêté</translation>
    </message>
</context>
<context>
    <name>perfglass::ProcessGroupingActions</name>
    <message>
        <source>&amp;Not by Process</source>
        <translation>&amp;Aucun regroupement</translation>
    </message>
    <message>
        <source>By &amp;Process</source>
        <translation>Par &amp;processus</translation>
    </message>
    <message>
        <source>By Process and &amp;Thread</source>
        <translation>Par processus et &amp;thread</translation>
    </message>
    <message>
        <source>Hide &amp;Idle</source>
        <translation>Masquer l&apos;&amp;inactivité</translation>
    </message>
    <message>
        <source>One root box per process in the flame graph and the trees</source>
        <translation>Une boîte racine par processus dans le graphe de flammes et les arbres</translation>
    </message>
    <message>
        <source>One root box per process, and one per thread below it</source>
        <translation>Une boîte racine par processus, et une par thread en dessous</translation>
    </message>
    <message>
        <source>Leave out the idle task (PID 0, swapper): the time the CPUs had nothing to run</source>
        <translation>Omettre la tâche inactive (PID 0, swapper) : le temps où les CPU n&apos;avaient rien à exécuter</translation>
    </message>
    <message>
        <source>&amp;Group Stacks</source>
        <translation>&amp;Grouper les piles</translation>
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
        <translation>Utilisateur</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
</context>
<context>
    <name>perfglass::RecentFilesMenu</name>
    <message>
        <source>&amp;Clear List</source>
        <translation>&amp;Effacer la liste</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordDialog</name>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Record</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>&amp;Launch</source>
        <translation>&amp;Lancer</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>&amp;Attacher</translation>
    </message>
    <message>
        <source>S&amp;ystem-wide</source>
        <translation>Tout le s&amp;ystème</translation>
    </message>
    <message>
        <source>Start a program and record it, its threads and children</source>
        <translation>Lancer un programme et l&apos;enregistrer, avec ses threads et ses enfants</translation>
    </message>
    <message>
        <source>Record running processes, their threads and children</source>
        <translation>Enregistrer des processus en cours, avec leurs threads et leurs enfants</translation>
    </message>
    <message>
        <source>Record every process on the chosen CPUs</source>
        <translation>Enregistrer tous les processus sur les CPU choisis</translation>
    </message>
    <message>
        <source>&amp;Start Recording</source>
        <translation>&amp;Démarrer l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Path or name of the program</source>
        <translation>Chemin ou nom du programme</translation>
    </message>
    <message>
        <source>&amp;Program:</source>
        <translation>&amp;Programme&#xa0;:</translation>
    </message>
    <message>
        <source>Choose the program to launch</source>
        <translation>Choisir le programme à lancer</translation>
    </message>
    <message>
        <source>Program to Record</source>
        <translation>Programme à enregistrer</translation>
    </message>
    <message>
        <source>Arguments, quoted as in a shell</source>
        <translation>Arguments, entre guillemets comme dans un shell</translation>
    </message>
    <message>
        <source>Ar&amp;guments:</source>
        <translation>A&amp;rguments&#xa0;:</translation>
    </message>
    <message>
        <source>Default: Perfglass&apos;s own working directory</source>
        <translation>Par défaut : le répertoire de travail de Perfglass</translation>
    </message>
    <message>
        <source>&amp;Working directory:</source>
        <translation>Répertoire de &amp;travail&#xa0;:</translation>
    </message>
    <message>
        <source>Choose the program&apos;s working directory</source>
        <translation>Choisir le répertoire de travail du programme</translation>
    </message>
    <message>
        <source>Working Directory</source>
        <translation>Répertoire de travail</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valeur</translation>
    </message>
    <message>
        <source>Variables added to the program&apos;s environment</source>
        <translation>Variables ajoutées à l&apos;environnement du programme</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>&amp;Environment:</source>
        <translation>&amp;Environnement&#xa0;:</translation>
    </message>
    <message>
        <source>Filter by PID, user or command line</source>
        <translation>Filtrer par PID, utilisateur ou ligne de commande</translation>
    </message>
    <message>
        <source>Process filter</source>
        <translation>Filtre des processus</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;ctualiser</translation>
    </message>
    <message>
        <source>Record every process on these CPUs:</source>
        <translation>Enregistrer tous les processus sur ces CPU&#xa0;:</translation>
    </message>
    <message>
        <source>CPU %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Tous</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message>
        <source>Recording the whole system needs privileges; Perfglass asks for them through its helper when the kernel refuses (perf_event_paranoid).</source>
        <translation>Enregistrer tout le système demande des privilèges ; Perfglass les demande par son assistant quand le noyau refuse (perf_event_paranoid).</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>Default: cycles where supported, else cpu-clock</source>
        <translation>Par défaut : cycles si pris en charge, sinon cpu-clock</translation>
    </message>
    <message>
        <source>Events in perf&apos;s syntax, e.g. cpu-clock,page-faults or sched:sched_switch</source>
        <translation>Événements dans la syntaxe de perf, p. ex. cpu-clock,page-faults ou sched:sched_switch</translation>
    </message>
    <message>
        <source>E&amp;vents:</source>
        <translation>É&amp;vénements&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Frequency</source>
        <translation>&amp;Fréquence</translation>
    </message>
    <message>
        <source> Hz</source>
        <translation> Hz</translation>
    </message>
    <message>
        <source>Every &amp;N events</source>
        <translation>Tous les &amp;N événements</translation>
    </message>
    <message>
        <source>Sampling:</source>
        <translation>Échantillonnage&#xa0;:</translation>
    </message>
    <message>
        <source>Frame pointers</source>
        <translation>Pointeurs de cadre</translation>
    </message>
    <message>
        <source>DWARF (copies the user stack)</source>
        <translation>DWARF (copie la pile utilisateur)</translation>
    </message>
    <message>
        <source> bytes of stack</source>
        <translation> octets de pile</translation>
    </message>
    <message>
        <source>How much of each sampled stack to copy; a multiple of 8</source>
        <translation>Quantité de chaque pile échantillonnée à copier ; un multiple de 8</translation>
    </message>
    <message>
        <source>&amp;Call graph:</source>
        <translation>&amp;Graphe d&apos;appels&#xa0;:</translation>
    </message>
    <message>
        <source>Stop after</source>
        <translation>Arrêter après</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>&amp;Duration:</source>
        <translation>D&amp;urée&#xa0;:</translation>
    </message>
    <message>
        <source>&amp;Output file:</source>
        <translation>Fichier de &amp;sortie&#xa0;:</translation>
    </message>
    <message>
        <source>Choose where to save the session</source>
        <translation>Choisir où enregistrer la session</translation>
    </message>
    <message>
        <source>Save Session As</source>
        <translation>Enregistrer la session sous</translation>
    </message>
    <message>
        <source>perf.data sessions (*.data)</source>
        <translation>Sessions perf.data (*.data)</translation>
    </message>
    <message>
        <source>Choose the program to launch.</source>
        <translation>Choisissez le programme à lancer.</translation>
    </message>
    <message>
        <source>Program not found: %1</source>
        <translation>Programme introuvable : %1</translation>
    </message>
    <message>
        <source>Not an executable program: %1</source>
        <translation>Pas un programme exécutable : %1</translation>
    </message>
    <message>
        <source>The arguments could not be split (an unclosed quote?).</source>
        <translation>Les arguments n&apos;ont pas pu être découpés (un guillemet non fermé ?).</translation>
    </message>
    <message>
        <source>No such working directory: %1</source>
        <translation>Répertoire de travail inexistant : %1</translation>
    </message>
    <message>
        <source>Environment row %1: the name &apos;%2&apos; may not contain &apos;=&apos; or spaces.</source>
        <translation>Environnement, ligne %1 : le nom « %2 » ne doit contenir ni « = » ni espaces.</translation>
    </message>
    <message>
        <source>Environment row %1: give the variable a name.</source>
        <translation>Environnement, ligne %1 : donnez un nom à la variable.</translation>
    </message>
    <message>
        <source>Select the processes to attach to.</source>
        <translation>Choisissez les processus auxquels s&apos;attacher.</translation>
    </message>
    <message>
        <source>Choose at least one CPU.</source>
        <translation>Choisissez au moins un CPU.</translation>
    </message>
    <message>
        <source>The DWARF stack size must be a multiple of 8 bytes.</source>
        <translation>La taille de pile DWARF doit être un multiple de 8 octets.</translation>
    </message>
    <message>
        <source>Choose the output file.</source>
        <translation>Choisissez le fichier de sortie.</translation>
    </message>
    <message>
        <source>The output file is a directory: %1</source>
        <translation>Le fichier de sortie est un répertoire : %1</translation>
    </message>
    <message>
        <source>Selected: %1</source>
        <translation>Sélection&#xa0;: %1</translation>
    </message>
    <message>
        <source>The events are not valid.</source>
        <translation>Les événements ne sont pas valides.</translation>
    </message>
    <message>
        <source>Cannot create the directory %1.</source>
        <translation>Impossible de créer le répertoire %1.</translation>
    </message>
    <message>
        <source>Check events in the Events dock to use them here</source>
        <translation>Cochez des événements dans le panneau Événements pour les utiliser ici</translation>
    </message>
    <message>
        <source>Use the events checked in the Events dock: %1</source>
        <translation>Utiliser les événements cochés dans le panneau Événements&#xa0;: %1</translation>
    </message>
    <message>
        <source>From Events Dock</source>
        <translation>Du panneau Événements</translation>
    </message>
    <message>
        <source>The command line that records the same way:
%1</source>
        <translation>La ligne de commande qui enregistre de la même façon&#xa0;:
%1</translation>
    </message>
    <message>
        <source>As perf record --latency: lets the views weigh each sample by 1 / the number of threads of its process then running</source>
        <translation>Comme perf record --latency : permet aux vues de pondérer chaque échantillon par 1 / le nombre de threads de son processus alors en cours d’exécution</translation>
    </message>
    <message>
        <source>Off-CPU time (with sched_switch)</source>
        <translation>Temps hors CPU (avec sched_switch)</translation>
    </message>
    <message>
        <source>As perf record --off-cpu: the time threads waited, and where they waited</source>
        <translation>Comme perf record --off-cpu : le temps d’attente des threads, et où ils attendaient</translation>
    </message>
    <message>
        <source>Latency (of every thread)</source>
        <translation>Latence (de chaque thread)</translation>
    </message>
    <message>
        <source>Context switches:</source>
        <translation>Changements de contexte :</translation>
    </message>
    <message>
        <source>This co&amp;mputer</source>
        <translation>Cet &amp;ordinateur</translation>
    </message>
    <message>
        <source>Remote &amp;host:</source>
        <translation>&amp;Hôte distant :</translation>
    </message>
    <message>
        <source>Record on another machine over ssh (perfglass-cli record --host); the session is saved here and the host&apos;s symbols are fetched</source>
        <translation>Enregistrer sur une autre machine par ssh (perfglass-cli record --host) ; la session est enregistrée ici et les symboles de l&apos;hôte sont rapatriés</translation>
    </message>
    <message>
        <source>Record on:</source>
        <translation>Enregistrer sur :</translation>
    </message>
    <message>
        <source>The program runs here, as you, and the session is saved here.</source>
        <translation>Le programme s&apos;exécute ici, sous votre nom, et la session est enregistrée ici.</translation>
    </message>
    <message>
        <source>~/.ssh/config</source>
        <translation>~/.ssh/config</translation>
    </message>
    <message>
        <source>The ssh client configuration to use (ssh -F); empty: ssh&apos;s own</source>
        <translation>La configuration du client ssh à utiliser (ssh -F) ; vide : celle de ssh</translation>
    </message>
    <message>
        <source>perfglass-cli in its PATH</source>
        <translation>perfglass-cli dans son PATH</translation>
    </message>
    <message>
        <source>The perfglass-cli on the host that records there</source>
        <translation>Le perfglass-cli de l&apos;hôte qui y enregistre</translation>
    </message>
    <message>
        <source>Deploy &amp;this build</source>
        <translation>Déployer ce &amp;binaire</translation>
    </message>
    <message>
        <source>Copy this build&apos;s perfglass-cli to the host&apos;s cache once and record with it</source>
        <translation>Copier une fois le perfglass-cli de cette version dans le cache de l&apos;hôte et enregistrer avec lui</translation>
    </message>
    <message>
        <source>SSH conf&amp;ig:</source>
        <translation>Conf&amp;iguration SSH :</translation>
    </message>
    <message>
        <source>Recorder:</source>
        <translation>Enregistreur :</translation>
    </message>
    <message>
        <source>Path or name of the program on the host</source>
        <translation>Chemin ou nom du programme sur l&apos;hôte</translation>
    </message>
    <message>
        <source>Default: the host user&apos;s home directory</source>
        <translation>Par défaut : le dossier personnel de l&apos;utilisateur sur l&apos;hôte</translation>
    </message>
    <message>
        <source>Read the list of processes again (a remote host&apos;s through ssh)</source>
        <translation>Relire la liste des processus (celle d&apos;un hôte distant par ssh)</translation>
    </message>
    <message>
        <source>All CPUs of the host; or a list such as 0-3,6</source>
        <translation>Tous les CPU de l&apos;hôte ; ou une liste comme 0-3,6</translation>
    </message>
    <message>
        <source>CP&amp;Us on the host:</source>
        <translation>CPU de la &amp;machine distante :</translation>
    </message>
    <message>
        <source>The host&apos;s recorder records with its user&apos;s rights: its kernel.perf_event_paranoid must allow system-wide recording (-1), or the user must be root.</source>
        <translation>L&apos;enregistreur de l&apos;hôte enregistre avec les droits de son utilisateur : son kernel.perf_event_paranoid doit permettre l&apos;enregistrement de tout le système (-1), ou l&apos;utilisateur doit être root.</translation>
    </message>
    <message>
        <source>Reading the processes of %1…</source>
        <translation>Lecture des processus de %1…</translation>
    </message>
    <message>
        <source>Enter the host to record on.</source>
        <translation>Saisissez l&apos;hôte où enregistrer.</translation>
    </message>
    <message>
        <source>No such ssh configuration file: %1</source>
        <translation>Fichier de configuration ssh introuvable : %1</translation>
    </message>
    <message>
        <source>CPUs on the host: %1</source>
        <translation>CPU de l&apos;hôte : %1</translation>
    </message>
    <message>
        <source>[user@]host[:port] as for ssh; several separated by commas</source>
        <translation>[utilisateur@]hôte[:port] comme pour ssh ; plusieurs séparés par des virgules</translation>
    </message>
    <message>
        <source>The hosts to record on, all at once (one session each); each completed from the Host entries of the ssh configuration</source>
        <translation>Les hôtes sur lesquels enregistrer, tous à la fois (une session chacun) ; chacun est complété à partir des entrées Host de la configuration ssh</translation>
    </message>
    <message>
        <source> (the processes of %1; the same process IDs are attached on every host)</source>
        <translation> (les processus de %1 ; les mêmes identifiants de processus sont suivis sur chaque hôte)</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingDock</name>
    <message>
        <source>Recording</source>
        <translation>Enregistrement en cours</translation>
    </message>
    <message>
        <source>&amp;Record…</source>
        <translation>&amp;Enregistrer…</translation>
    </message>
    <message>
        <source>Record a program, running processes or the whole system</source>
        <translation>Enregistrer un programme, des processus en cours ou tout le système</translation>
    </message>
    <message>
        <source>Recording…</source>
        <translation>Enregistrement…</translation>
    </message>
    <message>
        <source>Recorded %1.</source>
        <translation>%1 enregistré.</translation>
    </message>
    <message>
        <source>Recording failed: %1</source>
        <translation>L&apos;enregistrement a échoué : %1</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingJob</name>
    <message>
        <source>process %1</source>
        <translation>processus %1</translation>
    </message>
    <message>
        <source>processes %1</source>
        <translation>processus %1</translation>
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
        <translation>tout le système, tous les CPU</translation>
    </message>
    <message numerus="yes">
        <source>the whole system, CPU(s) %1</source>
        <translation>
            <numerusform>tout le système, CPU %1</numerusform>
            <numerusform>tout le système, CPU %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
</context>
<context>
    <name>perfglass::RecordingView</name>
    <message>
        <source>&amp;Live view</source>
        <translation>&amp;Vue en direct</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Arrêter</translation>
    </message>
    <message>
        <source>End the recording (a launched program is asked to exit) and open the session</source>
        <translation>Terminer l&apos;enregistrement (un programme lancé est prié de se terminer) et ouvrir la session</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>Cible&#xa0;:</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>Écoulé&#xa0;:</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>Sortie&#xa0;:</translation>
    </message>
    <message>
        <source>File size:</source>
        <translation>Taille&#xa0;:</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Not recording</source>
        <translation>Pas d&apos;enregistrement</translation>
    </message>
    <message>
        <source>Start a recording with File ▸ Record…</source>
        <translation>Lancez un enregistrement avec Fichier ▸ Enregistrer…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>Enregistrement en cours</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Recording failed</source>
        <translation>Échec de l&apos;enregistrement</translation>
    </message>
    <message>
        <source>— (no session was written)</source>
        <translation>— (aucune session écrite)</translation>
    </message>
    <message>
        <source>Duration:</source>
        <translation>Durée&#xa0;:</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Samples:</source>
        <translation>Échantillons&#xa0;:</translation>
    </message>
    <message numerus="yes">
        <source>, throttled %n time(s)</source>
        <translation>
            <numerusform>, limité %n fois</numerusform>
            <numerusform>, limité %n fois</numerusform>
        </translation>
    </message>
    <message>
        <source>Lost samples:</source>
        <translation>Échantillons perdus&#xa0;:</translation>
    </message>
    <message>
        <source>Written:</source>
        <translation>Écrit&#xa0;:</translation>
    </message>
    <message>
        <source>Events:</source>
        <translation>Événements&#xa0;:</translation>
    </message>
    <message>
        <source>Exit code:</source>
        <translation>Code de sortie&#xa0;:</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>Remarques&#xa0;:</translation>
    </message>
    <message>
        <source>The kernel dropped samples because a ring buffer was full: record at a lower frequency.</source>
        <translation>Le noyau a perdu des échantillons car un tampon circulaire était plein : enregistrez à une fréquence plus basse.</translation>
    </message>
    <message numerus="yes">
        <source> (in %n LOST record(s))</source>
        <translation>
            <numerusform> (dans %n enregistrement LOST)</numerusform>
            <numerusform> (dans %n enregistrements LOST)</numerusform>
        </translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Connexion à %1…</translation>
    </message>
    <message>
        <source>Recording on %1</source>
        <translation>Enregistrement sur %1</translation>
    </message>
    <message>
        <source>Ending the recording on %1…</source>
        <translation>Fin de l’enregistrement sur %1…</translation>
    </message>
    <message>
        <source>Fetching symbols from %1…</source>
        <translation>Récupération des symboles depuis %1…</translation>
    </message>
    <message>
        <source>Stopping: %1 had not started recording</source>
        <translation>Arrêt : %1 n’avait pas commencé l’enregistrement</translation>
    </message>
    <message>
        <source>Failed on %1</source>
        <translation>Échec sur %1</translation>
    </message>
    <message>
        <source>ending it forcibly…</source>
        <translation>arrêt forcé…</translation>
    </message>
    <message>
        <source>Stop again to end it now</source>
        <translation>Arrêter à nouveau pour terminer maintenant</translation>
    </message>
    <message>
        <source>Stopped before %1 started recording</source>
        <translation>Arrêté avant que %1 ne commence l’enregistrement</translation>
    </message>
    <message>
        <source>Stop &amp;Now</source>
        <translation>Arrêter &amp;maintenant</translation>
    </message>
    <message>
        <source>End the recording at once: ssh is ended, and the hosts&apos; records that had not arrived are lost</source>
        <translation>Terminer l’enregistrement tout de suite : ssh est arrêté et les enregistrements des hôtes qui n’étaient pas encore arrivés sont perdus</translation>
    </message>
    <message>
        <source>Not recorded:</source>
        <translation>Non enregistré :</translation>
    </message>
    <message>
        <source>stopped before the host started recording; it did not answer, so the recording was ended forcibly</source>
        <translation>arrêté avant que l’hôte ne commence l’enregistrement ; il ne répondait pas, l’enregistrement a donc été arrêté de force</translation>
    </message>
    <message>
        <source>stopped before the host started recording</source>
        <translation>arrêté avant que l’hôte ne commence l’enregistrement</translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>Échec :</translation>
    </message>
    <message>
        <source>nothing was recorded</source>
        <translation>rien n’a été enregistré</translation>
    </message>
    <message>
        <source>not reported</source>
        <translation>non indiqué</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Fichier :</translation>
    </message>
    <message>
        <source>While recording, show what was recorded so far in the other views</source>
        <translation>Pendant l&apos;enregistrement, montrer dans les autres vues ce qui a été enregistré jusque-là</translation>
    </message>
    <message>
        <source>every </source>
        <extracomment>the live interval&apos;s spin box, before its number of seconds</extracomment>
        <translation>toutes les </translation>
    </message>
    <message>
        <source> s</source>
        <extracomment>the live interval&apos;s spin box, after its number of seconds</extracomment>
        <translation> s</translation>
    </message>
    <message>
        <source>How often the live view and an open stream are read again; each refresh reads only what was added since the one before</source>
        <translation>À quelle fréquence la vue en direct et un flux ouvert sont relus ; chaque rafraîchissement ne lit que ce qui a été ajouté depuis le précédent</translation>
    </message>
    <message>
        <source>Live view interval in seconds</source>
        <translation>Intervalle de la vue en direct en secondes</translation>
    </message>
    <message>
        <source>every second</source>
        <translation>chaque seconde</translation>
    </message>
</context>
<context>
    <name>perfglass::RemoteProcessList</name>
    <message>
        <source>Cannot run ssh: %1</source>
        <translation>Impossible de lancer ssh : %1</translation>
    </message>
    <message>
        <source>%1: the host&apos;s key is not known here, and an unknown host key is never accepted: connect once with ssh %1 in a terminal, or add the key to ~/.ssh/known_hosts with ssh-keyscan.</source>
        <translation>%1 : la clé de l&apos;hôte est inconnue ici, et une clé d&apos;hôte inconnue n&apos;est jamais acceptée : connectez-vous une fois avec ssh %1 dans un terminal, ou ajoutez la clé à ~/.ssh/known_hosts avec ssh-keyscan.</translation>
    </message>
    <message>
        <source>%1: the host has no ps to list its processes (%2).</source>
        <translation>%1 : l&apos;hôte n&apos;a pas de ps pour lister ses processus (%2).</translation>
    </message>
    <message>
        <source>%1: ssh could not connect.</source>
        <translation>%1 : ssh n&apos;a pas pu se connecter.</translation>
    </message>
    <message>
        <source>%1: ssh could not connect: %2</source>
        <translation>%1 : ssh n&apos;a pas pu se connecter : %2</translation>
    </message>
    <message>
        <source>%1: listing the processes failed (status %2): %3</source>
        <translation>%1 : la liste des processus a échoué (état %2) : %3</translation>
    </message>
</context>
<context>
    <name>perfglass::ReviewExportDialog</name>
    <message>
        <source>Export for Review</source>
        <translation>Exporter pour relecture</translation>
    </message>
    <message>
        <source>One file holds the session and the code it ran, found by build id, so that it opens with every function named on another machine: in Perfglass (File ▸ Open), or in perf after &lt;tt&gt;perfglass-cli archive --unpack&lt;/tt&gt;.</source>
        <translation>Un seul fichier contient la session et le code qu’elle a exécuté, retrouvé par build id, pour qu’elle s’ouvre sur une autre machine avec toutes les fonctions nommées : dans Perfglass (Fichier ▸ Ouvrir), ou dans perf après &lt;tt&gt;perfglass-cli archive --unpack&lt;/tt&gt;.</translation>
    </message>
    <message>
        <source>Symbols only:</source>
        <translation>Symboles seuls :</translation>
    </message>
    <message>
        <source>%1 — names, source lines, unwinding and disassembly of the sampled functions</source>
        <translation>%1 — noms, lignes de source, déroulement et désassemblage des fonctions échantillonnées</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>inconnue</translation>
    </message>
    <message>
        <source>Full binaries:</source>
        <translation>Binaires complets :</translation>
    </message>
    <message>
        <source>%1 — every byte of each file</source>
        <translation>%1 — chaque octet de chaque fichier</translation>
    </message>
    <message>
        <source>Symbols only is %1% smaller.</source>
        <translation>Les symboles seuls sont %1 % plus petits.</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) of code:</source>
        <translation>
            <numerusform>%n fichier de code :</numerusform>
            <numerusform>%n fichiers de code :</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not archived&lt;/b&gt; (frames in these files stay unnamed elsewhere):&lt;br&gt;%1</source>
        <translation>&lt;b&gt;Non archivés&lt;/b&gt; (les cadres dans ces fichiers restent sans nom ailleurs) :&lt;br&gt;%1</translation>
    </message>
    <message>
        <source>Save &amp;Symbols Only…</source>
        <translation>Enregistrer les &amp;symboles seuls…</translation>
    </message>
    <message>
        <source>Save &amp;Full…</source>
        <translation>Enregistrer en &amp;entier…</translation>
    </message>
</context>
<context>
    <name>perfglass::ReviewExporter</name>
    <message>
        <source>Export for Re&amp;view…</source>
        <translation>Exporter pour re&amp;lecture…</translation>
    </message>
    <message>
        <source>One archive with the session and the code it ran, to review it on another machine with every function named</source>
        <translation>Une archive avec la session et le code qu’elle a exécuté, pour la relire sur une autre machine avec toutes les fonctions nommées</translation>
    </message>
    <message>
        <source>Export for review failed: %1</source>
        <translation>Échec de l’export pour relecture : %1</translation>
    </message>
    <message>
        <source>Export for review failed: no temporary directory</source>
        <translation>Échec de l’export pour relecture : pas de répertoire temporaire</translation>
    </message>
    <message>
        <source>Gathering the code the session ran…</source>
        <translation>Collecte du code exécuté par la session…</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>Écriture de %1…</translation>
    </message>
    <message>
        <source>Exported %1 (%2).</source>
        <translation>%1 exporté (%2).</translation>
    </message>
    <message>
        <source>Export for Review</source>
        <translation>Exporter pour relecture</translation>
    </message>
    <message>
        <source>Archives (*.tar.bz2)</source>
        <translation>Archives (*.tar.bz2)</translation>
    </message>
    <message>
        <source>Export for review failed: %1 could not be written</source>
        <translation>Échec de l’export pour relecture : impossible d’écrire %1</translation>
    </message>
</context>
<context>
    <name>perfglass::SandwichWidget</name>
    <message>
        <source>Sandwich flame graph: callees above the function, callers below</source>
        <translation>Graphe de flammes en sandwich : les appelées au-dessus de la fonction, les appelants en dessous</translation>
    </message>
    <message>
        <source>Select a function to see its callers and callees.</source>
        <translation>Choisissez une fonction pour voir ses appelants et ses appelées.</translation>
    </message>
    <message>
        <source>&lt;br&gt;%1 of all samples (%2)</source>
        <translation>&lt;br&gt;%1 de tous les échantillons (%2)</translation>
    </message>
    <message>
        <source>&lt;br&gt;Calls the function (maybe through others) in %1 of its cost</source>
        <translation>&lt;br&gt;Appelle la fonction (peut-être via d&apos;autres) dans %1 de son coût</translation>
    </message>
    <message>
        <source>&lt;br&gt;Called by the function (maybe through others) in %1 of its cost</source>
        <translation>&lt;br&gt;Appelée par la fonction (peut-être via d&apos;autres) dans %1 de son coût</translation>
    </message>
</context>
<context>
    <name>perfglass::SearchEverywhere</name>
    <message>
        <source>Search Everywhere</source>
        <translation>Rechercher partout</translation>
    </message>
    <message>
        <source>Functions, modules, source files…</source>
        <translation>Fonctions, modules, fichiers source…</translation>
    </message>
    <message>
        <source>Search everywhere</source>
        <translation>Rechercher partout</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Correspondance</translation>
    </message>
    <message>
        <source>Samples with it</source>
        <translation>Échantillons concernés</translation>
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
            <numerusform>… et %n autre</numerusform>
            <numerusform>… et %n autres</numerusform>
        </translation>
    </message>
    <message>
        <source>Type part of a function, module or source file name.</source>
        <translation>Tapez une partie d&apos;un nom de fonction, de module ou de fichier source.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message>
        <source>Functions</source>
        <translation>Fonctions</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Modules</translation>
    </message>
    <message>
        <source>Source files</source>
        <translation>Fichiers source</translation>
    </message>
    <message>
        <source>Nothing in this session matches.</source>
        <translation>Rien dans cette session ne correspond.</translation>
    </message>
    <message numerus="yes">
        <source>%1 of the samples (%2) have a match on their stack: %n function(s), %3 module(s), %4 source file(s). Enter shows the selected match in the view that had the focus.</source>
        <translation>
            <numerusform>%1 des échantillons (%2) ont une correspondance sur leur pile : %n fonction, %3 module(s), %4 fichier(s) source. Entrée affiche la correspondance choisie dans la vue qui avait le focus.</numerusform>
            <numerusform>%1 des échantillons (%2) ont une correspondance sur leur pile : %n fonctions, %3 module(s), %4 fichier(s) source. Entrée affiche la correspondance choisie dans la vue qui avait le focus.</numerusform>
        </translation>
    </message>
    <message>
        <source>Search &amp;Everywhere…</source>
        <translation>Rechercher &amp;partout…</translation>
    </message>
    <message>
        <source>Find functions, modules and source files in every view, and how much of the profile they take (Ctrl+K)</source>
        <translation>Trouver les fonctions, modules et fichiers source dans chaque vue, et quelle part du profil ils prennent (Ctrl+K)</translation>
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
        <translation>processus %1</translation>
    </message>
    <message>
        <source>threads %1</source>
        <translation>threads %1</translation>
    </message>
    <message>
        <source>CPUs %1</source>
        <translation>CPU %1</translation>
    </message>
    <message>
        <source>whole session</source>
        <translation>toute la session</translation>
    </message>
    <message>
        <source>Compare &amp;With…</source>
        <translation>Comparer &amp;avec…</translation>
    </message>
    <message>
        <source>Compare the open session with another one: what got slower, and where</source>
        <translation>Comparer la session ouverte avec une autre : ce qui a ralenti, et où</translation>
    </message>
    <message>
        <source>Use Selection as &amp;Baseline</source>
        <translation>&amp;Utiliser la sélection comme référence</translation>
    </message>
    <message>
        <source>Keep what the views show now (a time range or threads picked in the timeline) to compare another selection with</source>
        <translation>Garder ce que montrent les vues maintenant (un intervalle de temps ou des threads choisis dans la chronologie) pour y comparer une autre sélection</translation>
    </message>
    <message>
        <source>Compare Selection with Baseline</source>
        <translation>Comparer la sélection avec la référence</translation>
    </message>
    <message>
        <source>Could not compare: %1</source>
        <translation>Comparaison impossible : %1</translation>
    </message>
    <message>
        <source>Compare With</source>
        <translation>Comparer avec</translation>
    </message>
    <message>
        <source>Sessions (*.data perf.data*);;All files (*)</source>
        <translation>Sessions (*.data perf.data*);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Compare what the views show with the baseline (%1)</source>
        <translation>Comparer ce que montrent les vues avec la référence (%1)</translation>
    </message>
    <message>
        <source>First use a selection as the baseline</source>
        <translation>Utilisez d&apos;abord une sélection comme référence</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionDocument</name>
    <message>
        <source>the time range is outside the session read again</source>
        <translation>la plage de temps est hors de la session relue</translation>
    </message>
    <message numerus="yes">
        <source>%n picked process(es) are no longer in it</source>
        <translation>
            <numerusform>%n processus choisi n&apos;y est plus</numerusform>
            <numerusform>%n processus choisis n&apos;y sont plus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n picked thread(s) are no longer in it</source>
        <translation>
            <numerusform>%n thread choisi n&apos;y est plus</numerusform>
            <numerusform>%n threads choisis n&apos;y sont plus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) of the filter name functions it no longer has</source>
        <translation>
            <numerusform>%n étape du filtre nomme des fonctions qu&apos;elle n&apos;a plus</numerusform>
            <numerusform>%n étapes du filtre nomment des fonctions qu&apos;elle n&apos;a plus</numerusform>
        </translation>
    </message>
    <message>
        <source>The filter was kept, but %1.</source>
        <translation>Le filtre a été conservé, mais %1.</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionPage</name>
    <message>
        <source>Top-down call tree</source>
        <translation>Arbre d&apos;appels descendant</translation>
    </message>
    <message>
        <source>Bottom-up call tree</source>
        <translation>Arbre d&apos;appels ascendant</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Chronologie</translation>
    </message>
    <message>
        <source>Flame Graph</source>
        <translation>Graphe de flammes</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Compteurs</translation>
    </message>
    <message>
        <source>Top-Down</source>
        <translation>Descendant</translation>
    </message>
    <message>
        <source>Bottom-Up</source>
        <translation>Ascendant</translation>
    </message>
    <message>
        <source>Caller/Callee</source>
        <translation>Appelants/appelées</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <source>Source and Disassembly</source>
        <translation>Source et désassemblage</translation>
    </message>
    <message>
        <source>Source &amp;&amp; Disassembly of the Selected Function</source>
        <translation>Source &amp;&amp; désassemblage de la fonction choisie</translation>
    </message>
    <message>
        <source>Show only thread %1</source>
        <translation>Afficher seulement le thread %1</translation>
    </message>
    <message>
        <source>Show only process %1</source>
        <translation>Afficher seulement le processus %1</translation>
    </message>
    <message>
        <source>Hide thread %1</source>
        <translation>Masquer le thread %1</translation>
    </message>
    <message>
        <source>The last thread shown cannot be hidden.</source>
        <translation>Le dernier thread affiché ne peut pas être masqué.</translation>
    </message>
    <message>
        <source>Show only CPU %1</source>
        <translation>Afficher seulement le CPU %1</translation>
    </message>
    <message>
        <source>Show thread %1</source>
        <translation>Afficher le thread %1</translation>
    </message>
    <message>
        <source>Showing the whole session.</source>
        <translation>Affichage de toute la session.</translation>
    </message>
    <message numerus="yes">
        <source>Filter applied: %n sample(s) shown.</source>
        <translation>
            <numerusform>Filtre appliqué&#xa0;: %n échantillon affiché.</numerusform>
            <numerusform>Filtre appliqué&#xa0;: %n échantillons affichés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Select Time Range</source>
        <translation>Choisir un intervalle de temps</translation>
    </message>
    <message>
        <source>Show %1</source>
        <translation>Afficher %1</translation>
    </message>
    <message>
        <source>Clear Filter</source>
        <translation>Effacer le filtre</translation>
    </message>
    <message>
        <source>Hide kernel frames</source>
        <translation>Masquer les cadres du noyau</translation>
    </message>
    <message>
        <source>Show kernel frames</source>
        <translation>Afficher les cadres du noyau</translation>
    </message>
    <message>
        <source>Show Off-CPU Time</source>
        <translation>Afficher le temps hors CPU</translation>
    </message>
    <message>
        <source>Show On-CPU Samples</source>
        <translation>Afficher les échantillons sur CPU</translation>
    </message>
    <message>
        <source>Heat Map</source>
        <translation>Carte de chaleur</translation>
    </message>
    <message>
        <source>Select Heat Map Cells</source>
        <translation>Sélectionner des cellules de la carte de chaleur</translation>
    </message>
    <message>
        <source>Show Latency</source>
        <translation>Afficher la latence</translation>
    </message>
    <message>
        <source>Show CPU Time</source>
        <translation>Afficher le temps CPU</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionStatusBar</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>%p %</source>
        <translation>%p %</translation>
    </message>
    <message>
        <source>Stop loading this session</source>
        <translation>Arrêter le chargement de cette session</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Chargement de %1…</translation>
    </message>
    <message>
        <source>Live view: %1</source>
        <translation>Vue en direct : %1</translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>Impossible d&apos;ouvrir %1</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Le chargement de %1 a été annulé.</translation>
    </message>
    <message numerus="yes">
        <source>Opened %1; %n sample(s) were lost while recording.</source>
        <translation>
            <numerusform>%1 ouvert ; %n échantillon a été perdu pendant l&apos;enregistrement.</numerusform>
            <numerusform>%1 ouvert ; %n échantillons ont été perdus pendant l&apos;enregistrement.</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>%1 ouvert.</translation>
    </message>
    <message>
        <source>Opened %1: %2</source>
        <translation>%1 ouvert : %2</translation>
    </message>
    <message>
        <source>Applying the filter…</source>
        <translation>Application du filtre…</translation>
    </message>
    <message>
        <source>Could not apply the filter: %1</source>
        <translation>Impossible d&apos;appliquer le filtre : %1</translation>
    </message>
    <message>
        <source>Exporting…</source>
        <translation>Exportation…</translation>
    </message>
    <message>
        <source>Exported %1.</source>
        <translation>%1 exporté.</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>L&apos;exportation a échoué&#xa0;: %1</translation>
    </message>
    <message>
        <source>Counters only, no samples</source>
        <translation>Compteurs seulement, aucun échantillon</translation>
    </message>
    <message numerus="yes">
        <source>%Ln sample(s) of %1</source>
        <translation>
            <numerusform>%Ln échantillon de %1</numerusform>
            <numerusform>%Ln échantillons de %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Downloading the debug file of %1 from debuginfod: %2 of %3 kB</source>
        <translation>Téléchargement du fichier de débogage de %1 depuis debuginfod : %2 sur %3 ko</translation>
    </message>
    <message>
        <source>Downloading the debug file of %1 from debuginfod…</source>
        <translation>Téléchargement du fichier de débogage de %1 depuis debuginfod…</translation>
    </message>
    <message>
        <source>%1 s behind</source>
        <translation>%1 s de retard</translation>
    </message>
    <message>
        <source>lag unknown</source>
        <translation>retard inconnu</translation>
    </message>
    <message numerus="yes">
        <source>Live view: %1 s recorded, %Ln sample(s), %2</source>
        <translation>
            <numerusform>Vue en direct : %1 s enregistrées, %Ln échantillon, %2</numerusform>
            <numerusform>Vue en direct : %1 s enregistrées, %Ln échantillons, %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Showing the first %1 % of %2; reading the rest…</source>
        <translation>Affichage des premiers %1 % de %2 ; lecture du reste…</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled: the views show the first %2 % of it.</source>
        <translation>Le chargement de %1 a été annulé : les vues en montrent les premiers %2 %.</translation>
    </message>
    <message numerus="yes">
        <source>End of %1: %2 s recorded, %Ln sample(s).</source>
        <translation>
            <numerusform>Fin de %1 : %2 s enregistrées, %Ln échantillon.</numerusform>
            <numerusform>Fin de %1 : %2 s enregistrées, %Ln échantillons.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped following %1: %2 s recorded, %Ln sample(s) kept; the rest of the stream was not read.</source>
        <translation>
            <numerusform>Suivi de %1 arrêté : %2 s enregistrées, %Ln échantillon gardé ; le reste du flux n’a pas été lu.</numerusform>
            <numerusform>Suivi de %1 arrêté : %2 s enregistrées, %Ln échantillons gardés ; le reste du flux n’a pas été lu.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>perfglass::SessionTabs</name>
    <message>
        <source>No session</source>
        <translation>Aucune session</translation>
    </message>
    <message>
        <source>Recorded on %1: %2</source>
        <translation>Enregistré sur %1 : %2</translation>
    </message>
</context>
<context>
    <name>perfglass::SessionToolBar</name>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Rétablir</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>The event every view counts. Only events with samples are offered; events that were only counted (record --counters) are charted in the Counters dock.</source>
        <translation>L&apos;événement que compte chaque vue. Seuls les événements ayant des échantillons sont proposés ; ceux qui ont seulement été comptés (record --counters) sont tracés dans le panneau Compteurs.</translation>
    </message>
    <message>
        <source> Event: </source>
        <translation> Événement&#xa0;: </translation>
    </message>
    <message>
        <source>Off-CPU Time</source>
        <translation>Temps hors CPU</translation>
    </message>
    <message>
        <source>Count the time threads were blocked (off the CPU), at the stacks where they blocked, instead of the event&apos;s samples</source>
        <translation>Compter le temps où les threads étaient bloqués (hors du CPU), aux piles où ils se sont bloqués, au lieu des échantillons de l&apos;événement</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s)</source>
        <translation>
            <numerusform>%n échantillon</numerusform>
            <numerusform>%n échantillons</numerusform>
        </translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Latence</translation>
    </message>
    <message>
        <source>Count wall-clock time: each sample&apos;s cost divided by the number of threads of its process running at that moment, so code that runs alone weighs more than code running in parallel (perf report --latency)</source>
        <translation>Compter le temps réel : le coût de chaque échantillon divisé par le nombre de threads de son processus en cours d’exécution à ce moment, de sorte que le code qui s’exécute seul pèse plus que le code exécuté en parallèle (perf report --latency)</translation>
    </message>
</context>
<context>
    <name>perfglass::SourceDisassemblyView</name>
    <message>
        <source>Choose Source &amp;Folder…</source>
        <translation>Choisir le &amp;dossier des sources…</translation>
    </message>
    <message>
        <source>Source lines of the function</source>
        <translation>Lignes source de la fonction</translation>
    </message>
    <message>
        <source>Instructions of the function</source>
        <translation>Instructions de la fonction</translation>
    </message>
    <message>
        <source>Look for the missing source files in a folder of your choice</source>
        <translation>Chercher les fichiers source manquants dans un dossier de votre choix</translation>
    </message>
    <message>
        <source>Back to the previous function</source>
        <translation>Retour à la fonction précédente</translation>
    </message>
    <message>
        <source>Forward to the next function</source>
        <translation>Avancer à la fonction suivante</translation>
    </message>
    <message>
        <source>&amp;Hottest Line</source>
        <translation>Ligne la plus &amp;chaude</translation>
    </message>
    <message>
        <source>Select the line (and its instructions) with the highest self cost</source>
        <translation>Choisir la ligne (et ses instructions) au coût propre le plus élevé</translation>
    </message>
    <message>
        <source>Search instructions and lines (Enter: next)</source>
        <translation>Chercher des instructions et des lignes (Entrée : suivante)</translation>
    </message>
    <message>
        <source>AT&amp;&amp;T syntax</source>
        <translation>Syntaxe AT&amp;&amp;T</translation>
    </message>
    <message>
        <source>Intel syntax</source>
        <translation>Syntaxe Intel</translation>
    </message>
    <message>
        <source>Choose Show Source &amp;&amp; Disassembly in the context menu of a function (flame graph, call trees, caller/callee) to see where in it the time goes.</source>
        <translation>Choisissez « Afficher la source &amp;&amp; le désassemblage » dans le menu contextuel d&apos;une fonction (graphe de flammes, arbres d&apos;appels, appelants/appelées) pour voir où le temps y passe.</translation>
    </message>
    <message>
        <source>Disassembling…</source>
        <translation>Désassemblage…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot annotate this function:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Impossible d&apos;annoter cette fonction :&lt;/b&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; in %2 — %3, %n sample(s) in the function</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; dans %2 — %3, %n échantillon dans la fonction</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; dans %2 — %3, %n échantillons dans la fonction</numerusform>
        </translation>
    </message>
    <message>
        <source>Source file not found: %1</source>
        <translation>Fichier source introuvable : %1</translation>
    </message>
    <message>
        <source>Folder with the Source Files</source>
        <translation>Dossier des fichiers source</translation>
    </message>
</context>
<context>
    <name>perfglass::SummaryView</name>
    <message>
        <source>&lt;p&gt;No session is open. Use &lt;b&gt;File ▸ Open…&lt;/b&gt; to open a perf.data file.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aucune session n&apos;est ouverte. Utilisez &lt;b&gt;Fichier ▸ Ouvrir…&lt;/b&gt; pour ouvrir un fichier perf.data.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Hôte</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Noyau</translation>
    </message>
    <message>
        <source>Command line</source>
        <translation>Ligne de commande</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Échantillons</translation>
    </message>
    <message>
        <source>Event count</source>
        <translation>Nombre d&apos;événements</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>Qualité</translation>
    </message>
    <message>
        <source>Lost samples</source>
        <translation>Échantillons perdus</translation>
    </message>
    <message numerus="yes">
        <source>%1 (in %n LOST record(s))</source>
        <translation>
            <numerusform>%1 (dans %n enregistrement LOST)</numerusform>
            <numerusform>%1 (dans %n enregistrements LOST)</numerusform>
        </translation>
    </message>
    <message>
        <source>Samples with unmapped frames</source>
        <translation>Échantillons avec des cadres non mappés</translation>
    </message>
    <message>
        <source>Broken stacks</source>
        <translation>Piles cassées</translation>
    </message>
    <message>
        <source>Malformed records</source>
        <translation>Enregistrements malformés</translation>
    </message>
    <message>
        <source>Notices</source>
        <translation>Remarques</translation>
    </message>
    <message>
        <source>Top hotspots (self cost)</source>
        <translation>Points chauds principaux (coût propre)</translation>
    </message>
    <message>
        <source>Self</source>
        <translation>Propre</translation>
    </message>
    <message>
        <source>Inclusive</source>
        <translation>Inclusif</translation>
    </message>
    <message>
        <source>Self time</source>
        <translation>Temps propre</translation>
    </message>
    <message>
        <source>Self count</source>
        <translation>Nombre propre</translation>
    </message>
    <message>
        <source>Function</source>
        <translation>Fonction</translation>
    </message>
    <message>
        <source>Module</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>&lt;p&gt;No samples.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Aucun échantillon.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>not recorded (the file has no %1 section)</source>
        <translation>non enregistré (le fichier n&apos;a pas de section %1)</translation>
    </message>
    <message>
        <source>%1 (%2 in the current filter)</source>
        <translation>%1 (%2 dans le filtre actuel)</translation>
    </message>
    <message>
        <source>The session file and its size on disk</source>
        <translation>Le fichier de la session et sa taille sur le disque</translation>
    </message>
    <message>
        <source>perf %1</source>
        <translation>perf %1</translation>
    </message>
    <message>
        <source>Recorded by</source>
        <translation>Enregistré par</translation>
    </message>
    <message>
        <source>The tool that wrote the file, and its version</source>
        <translation>L&apos;outil qui a écrit le fichier, et sa version</translation>
    </message>
    <message>
        <source>The command that made the recording</source>
        <translation>La commande qui a fait l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Événements</translation>
    </message>
    <message>
        <source>The session&apos;s events. The views count the event chosen in the toolbar; events that were only counted have no samples and are charted in the Counters dock.</source>
        <translation>Les événements de la session. Les vues comptent l&apos;événement choisi dans la barre d&apos;outils ; les événements seulement comptés n&apos;ont pas d&apos;échantillons et sont tracés dans le panneau Compteurs.</translation>
    </message>
    <message>
        <source>Samples of %1 in the session; the views count those the filter keeps</source>
        <translation>Échantillons de %1 dans la session ; les vues comptent ceux que le filtre garde</translation>
    </message>
    <message>
        <source>Recording duration</source>
        <translation>Durée d&apos;enregistrement</translation>
    </message>
    <message>
        <source>Time from the first to the last sample</source>
        <translation>Temps du premier au dernier échantillon</translation>
    </message>
    <message>
        <source>Sampled CPU time</source>
        <translation>Temps CPU échantillonné</translation>
    </message>
    <message>
        <source>The CPU time the counted samples stand for: the sum of their periods (each sample of a clock event stands for the time since the previous one)</source>
        <translation>Le temps CPU que représentent les échantillons comptés&#xa0;: la somme de leurs périodes (chaque échantillon d&apos;un événement d&apos;horloge représente le temps écoulé depuis le précédent)</translation>
    </message>
    <message>
        <source>The number of events the counted samples stand for: the sum of their periods</source>
        <translation>Le nombre d&apos;événements que représentent les échantillons comptés&#xa0;: la somme de leurs périodes</translation>
    </message>
    <message>
        <source>Processes</source>
        <translation>Processus</translation>
    </message>
    <message>
        <source>Processes the session names (from its COMM and FORK records)</source>
        <translation>Processus que nomme la session (d&apos;après ses enregistrements COMM et FORK)</translation>
    </message>
    <message>
        <source>Threads the session names (from its COMM and FORK records)</source>
        <translation>Threads que nomme la session (d&apos;après ses enregistrements COMM et FORK)</translation>
    </message>
    <message>
        <source>%1 (counted only: see the Counters dock)</source>
        <translation>%1 (seulement compté&#xa0;: voir le panneau Compteurs)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (%Ln sample(s), shown)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%Ln échantillon, affiché)</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (%Ln échantillons, affiché)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln sample(s))</source>
        <translation>
            <numerusform>%1 (%Ln échantillon)</numerusform>
            <numerusform>%1 (%Ln échantillons)</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>Machine</translation>
    </message>
    <message>
        <source>The name of the machine that recorded the session</source>
        <translation>Le nom de la machine qui a enregistré la session</translation>
    </message>
    <message>
        <source>The Linux kernel release it ran</source>
        <translation>La version du noyau Linux qu&apos;elle exécutait</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architecture</translation>
    </message>
    <message>
        <source>The machine&apos;s architecture</source>
        <translation>L&apos;architecture de la machine</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>The processor model</source>
        <translation>Le modèle du processeur</translation>
    </message>
    <message>
        <source>CPU id</source>
        <translation>ID du CPU</translation>
    </message>
    <message>
        <source>The processor&apos;s identification as perf writes it (on x86: vendor, family, model, stepping), which selects its PMU event tables</source>
        <translation>L&apos;identification du processeur telle que perf l&apos;écrit (sur x86&#xa0;: fabricant, famille, modèle, stepping), qui choisit ses tables d&apos;événements PMU</translation>
    </message>
    <message>
        <source>%1 online of %2</source>
        <translation>%1 en ligne sur %2</translation>
    </message>
    <message>
        <source>CPUs</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPUs that were online while recording, of those the kernel can use</source>
        <translation>CPU en ligne pendant l&apos;enregistrement, parmi ceux que le noyau peut utiliser</translation>
    </message>
    <message numerus="yes">
        <source>%n core(s)</source>
        <translation>
            <numerusform>%n cœur</numerusform>
            <numerusform>%n cœurs</numerusform>
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
            <numerusform>%n thread par cœur</numerusform>
            <numerusform>%n threads par cœur</numerusform>
        </translation>
    </message>
    <message>
        <source>Cores</source>
        <translation>Cœurs</translation>
    </message>
    <message>
        <source>Physical cores and sockets of the online CPUs, and the hardware threads each core runs</source>
        <translation>Cœurs physiques et sockets des CPU en ligne, et les threads matériels que chaque cœur exécute</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Mémoire</translation>
    </message>
    <message>
        <source>The machine&apos;s memory (MemTotal)</source>
        <translation>La mémoire de la machine (MemTotal)</translation>
    </message>
    <message>
        <source>Samples the kernel dropped while recording because the ring buffer was full</source>
        <translation>Échantillons que le noyau a abandonnés pendant l&apos;enregistrement parce que le tampon circulaire était plein</translation>
    </message>
    <message>
        <source>Samples with an address on their stack that lies in no file or memory the recording saw mapped; it shows as [unknown] in the module [unknown]</source>
        <translation>Échantillons dont la pile contient une adresse située dans aucun fichier ni aucune mémoire dont l&apos;enregistrement a vu le mappage ; elle apparaît comme [unknown] dans le module [unknown]</translation>
    </message>
    <message>
        <source>Addresses without a symbol</source>
        <translation>Adresses sans symbole</translation>
    </message>
    <message>
        <source>Distinct addresses in a known file that no symbol covers; they show as [unknown] in their module</source>
        <translation>Adresses distinctes dans un fichier connu qu&apos;aucun symbole ne couvre ; elles apparaissent comme [unknown] dans leur module</translation>
    </message>
    <message>
        <source>DWARF-unwound stacks that end before the program&apos;s entry point; they hang under [broken stack] in the trees and the flame graph</source>
        <translation>Piles déroulées par DWARF qui s&apos;arrêtent avant le point d&apos;entrée du programme ; elles pendent sous [broken stack] dans les arbres et le graphe de flammes</translation>
    </message>
    <message>
        <source>Records of the file that could not be decoded and were skipped</source>
        <translation>Enregistrements du fichier qui n&apos;ont pas pu être décodés et ont été ignorés</translation>
    </message>
    <message numerus="yes">
        <source>%n sample(s) were lost while recording:</source>
        <translation>
            <numerusform>%n échantillon a été perdu pendant l&apos;enregistrement&#xa0;:</numerusform>
            <numerusform>%n échantillons ont été perdus pendant l&apos;enregistrement&#xa0;:</numerusform>
        </translation>
    </message>
    <message>
        <source>the views miss that part of the time. Record at a lower frequency (-F), with larger ring buffers (-m) or fewer events.</source>
        <translation>les vues manquent cette partie du temps. Enregistrez à une fréquence plus basse (-F), avec des tampons circulaires plus grands (-m) ou moins d&apos;événements.</translation>
    </message>
    <message>
        <source>%1 of the samples (%2) have frames outside every known mapping:</source>
        <translation>%1 des échantillons (%2) ont des cadres hors de tout mappage connu&#xa0;:</translation>
    </message>
    <message>
        <source>those frames read [unknown] in the module [unknown]. Most often a frame-pointer call chain (-g) ran through code built without frame pointers and ended in a stray address; else the code was mapped before the recording saw it, or is JIT-compiled code without a /tmp/perf-PID.map file. Self costs suffer only where such a frame is the leaf (&quot;As leaf&quot; below). For programs built without frame pointers, record with &lt;nobr&gt;--call-graph dwarf&lt;/nobr&gt;.</source>
        <translation>ces cadres s&apos;affichent [unknown] dans le module [unknown]. Le plus souvent, une chaîne d&apos;appels par pointeurs de cadre (-g) a traversé du code compilé sans pointeurs de cadre et a fini sur une adresse erronée ; sinon le code a été mappé avant que l&apos;enregistrement ne le voie, ou c&apos;est du code compilé à la volée (JIT) sans fichier /tmp/perf-PID.map. Les coûts propres n&apos;en souffrent que là où un tel cadre est la feuille («&#xa0;En feuille&#xa0;» ci-dessous). Pour les programmes compilés sans pointeurs de cadre, enregistrez avec &lt;nobr&gt;--call-graph dwarf&lt;/nobr&gt;.</translation>
    </message>
    <message>
        <source>%1 of the samples (%2) have broken stacks:</source>
        <translation>%1 des échantillons (%2) ont des piles cassées&#xa0;:</translation>
    </message>
    <message>
        <source>their callers are missing, so inclusive costs of outer functions are too low. Record with a larger stack copy (&lt;nobr&gt;--call-graph dwarf,16384&lt;/nobr&gt;) or with frame pointers.</source>
        <translation>leurs appelants manquent, les coûts inclusifs des fonctions extérieures sont donc trop bas. Enregistrez avec une copie de pile plus grande (&lt;nobr&gt;--call-graph dwarf,16384&lt;/nobr&gt;) ou avec des pointeurs de cadre.</translation>
    </message>
    <message numerus="yes">
        <source>%n address(es) have no symbol:</source>
        <translation>
            <numerusform>%n adresse n&apos;a pas de symbole&#xa0;:</numerusform>
            <numerusform>%n adresses n&apos;ont pas de symbole&#xa0;:</numerusform>
        </translation>
    </message>
    <message>
        <source>install the debug symbols of the modules listed below (Debian: the -dbgsym package), or set DEBUGINFOD_URLS, and open the session again.</source>
        <translation>installez les symboles de débogage des modules listés ci-dessous (Debian&#xa0;: le paquet -dbgsym), ou définissez DEBUGINFOD_URLS, puis rouvrez la session.</translation>
    </message>
    <message>
        <source>Not symbolized, by module</source>
        <translation>Non symbolisé, par module</translation>
    </message>
    <message>
        <source>%1 of all samples have at least one frame that could not be named.</source>
        <translation>%1 de tous les échantillons ont au moins un cadre qui n&apos;a pas pu être nommé.</translation>
    </message>
    <message>
        <source>The file the unnamed addresses lie in</source>
        <translation>Le fichier où se trouvent les adresses sans nom</translation>
    </message>
    <message>
        <source>Share of all samples with at least one unnamed frame in this module</source>
        <translation>Part de tous les échantillons ayant au moins un cadre sans nom dans ce module</translation>
    </message>
    <message>
        <source>Share of all samples whose leaf frame is unnamed here: their self cost has no function</source>
        <translation>Part de tous les échantillons dont le cadre feuille est sans nom ici&#xa0;: leur coût propre n&apos;a pas de fonction</translation>
    </message>
    <message>
        <source>As leaf</source>
        <translation>En feuille</translation>
    </message>
    <message>
        <source>Distinct unnamed addresses in this module</source>
        <translation>Adresses distinctes sans nom dans ce module</translation>
    </message>
    <message>
        <source>Addresses</source>
        <translation>Adresses</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Raison</translation>
    </message>
    <message>
        <source>outside every mapping the recording saw</source>
        <translation>hors de tout mappage vu par l&apos;enregistrement</translation>
    </message>
    <message>
        <source>not in the file&apos;s symbol table (stripped); its debug symbols name them</source>
        <translation>absentes de la table des symboles du fichier (strippé) ; ses symboles de débogage les nomment</translation>
    </message>
    <message>
        <source>Share of the counted samples taken in the function itself</source>
        <translation>Part des échantillons comptés pris dans la fonction elle-même</translation>
    </message>
    <message>
        <source>Share of the counted samples with the function anywhere on the stack</source>
        <translation>Part des échantillons comptés ayant la fonction n&apos;importe où sur la pile</translation>
    </message>
    <message>
        <source>Symbol Settings…</source>
        <translation>Réglages des symboles…</translation>
    </message>
    <message>
        <source>A sysroot, library or debug file paths, or a debuginfod server may name them:</source>
        <translation>Un sysroot, des chemins de bibliothèques ou de fichiers de débogage, ou un serveur debuginfod peuvent les nommer :</translation>
    </message>
    <message numerus="yes">
        <source>%n module(s) without symbols:</source>
        <translation>
            <numerusform>%n module sans symboles :</numerusform>
            <numerusform>%n modules sans symboles :</numerusform>
        </translation>
    </message>
    <message>
        <source>Tell Perfglass where their files or debug files are:</source>
        <translation>Indiquez à Perfglass où sont leurs fichiers ou leurs fichiers de débogage :</translation>
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
        <translation>/home/moi/debug</translation>
    </message>
    <message>
        <source>/home/me/src/app</source>
        <translation>/home/moi/src/app</translation>
    </message>
    <message>
        <source>Symbol Settings</source>
        <translation>Réglages des symboles</translation>
    </message>
    <message>
        <source>none: binaries are read where they were recorded</source>
        <translation>aucun : les binaires sont lus là où ils ont été enregistrés</translation>
    </message>
    <message>
        <source>/proc/kallsyms when the session is from this kernel</source>
        <translation>/proc/kallsyms quand la session vient de ce noyau</translation>
    </message>
    <message>
        <source>none: no server is asked</source>
        <translation>aucune : aucun serveur n&apos;est interrogé</translation>
    </message>
    <message>
        <source>from DEBUGINFOD_URLS: %1</source>
        <translation>d&apos;après DEBUGINFOD_URLS : %1</translation>
    </message>
    <message>
        <source>Where Perfglass looks for what names the frames of a session, for sessions from another machine or binaries that moved. Lists take one directory per line. The session is opened again when you press OK.</source>
        <translation>Où Perfglass cherche ce qui nomme les cadres d&apos;une session, pour les sessions venant d&apos;une autre machine ou les binaires déplacés. Les listes prennent un répertoire par ligne. La session est rouverte quand vous appuyez sur OK.</translation>
    </message>
    <message>
        <source>&amp;Sysroot:</source>
        <translation>&amp;Sysroot :</translation>
    </message>
    <message>
        <source>&amp;Library paths:</source>
        <translation>Chemins des &amp;bibliothèques :</translation>
    </message>
    <message>
        <source>&amp;Debug file paths:</source>
        <translation>Chemins des fichiers de &amp;débogage :</translation>
    </message>
    <message>
        <source>&amp;Kernel symbols (kallsyms):</source>
        <translation>Symboles du &amp;noyau (kallsyms) :</translation>
    </message>
    <message>
        <source>Debuginfod &amp;URLs:</source>
        <translation>&amp;URL debuginfod :</translation>
    </message>
    <message>
        <source>S&amp;ource paths:</source>
        <translation>Chemins des s&amp;ources :</translation>
    </message>
    <message>
        <source>A binary recorded at /usr/lib/x.so is read as SYSROOT/usr/lib/x.so when that exists</source>
        <translation>Un binaire enregistré en /usr/lib/x.so est lu en SYSROOT/usr/lib/x.so quand celui-ci existe</translation>
    </message>
    <message>
        <source>A binary not found where it was recorded is looked for by its file name here</source>
        <translation>Un binaire absent de l&apos;endroit où il a été enregistré est cherché ici par son nom de fichier</translation>
    </message>
    <message>
        <source>Separate debug files, by build id (.build-id/ab/cdef.debug) or by .gnu_debuglink, besides /usr/lib/debug</source>
        <translation>Fichiers de débogage séparés, par build id (.build-id/ab/cdef.debug) ou par .gnu_debuglink, en plus de /usr/lib/debug</translation>
    </message>
    <message>
        <source>Servers asked for the debug files of modules with samples, space-separated; downloads are kept in debuginfod&apos;s cache</source>
        <translation>Serveurs interrogés pour les fichiers de débogage des modules ayant des échantillons, séparés par des espaces ; les téléchargements restent dans le cache de debuginfod</translation>
    </message>
    <message>
        <source>Source files are looked for here by their whole recorded path, then by shorter tails of it</source>
        <translation>Les fichiers source sont cherchés ici par leur chemin enregistré complet, puis par des fins de plus en plus courtes de celui-ci</translation>
    </message>
    <message>
        <source>&amp;Clear All</source>
        <translation>&amp;Tout effacer</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Sysroot</source>
        <translation>Sysroot</translation>
    </message>
    <message>
        <source>Kernel Symbols</source>
        <translation>Symboles du noyau</translation>
    </message>
    <message>
        <source>&amp;Ignore the build-id cache</source>
        <translation>&amp;Ignorer le cache des build-id</translation>
    </message>
    <message>
        <source>none: neither PERF_BUILDID_DIR nor HOME is set</source>
        <translation>aucun : ni PERF_BUILDID_DIR ni HOME n&apos;est défini</translation>
    </message>
    <message>
        <source>%1 (as perf record fills it)</source>
        <translation>%1 (tel que perf record le remplit)</translation>
    </message>
    <message>
        <source>The files that ran are looked for here by build id first, in perf&apos;s layout (perf&apos;s --buildid-dir)</source>
        <translation>Les fichiers exécutés sont d&apos;abord cherchés ici par build-id, dans la disposition de perf (--buildid-dir de perf)</translation>
    </message>
    <message>
        <source>Do not look in the build-id cache (perf&apos;s --ignore-buildid-cache); archives opened with the session are still used</source>
        <translation>Ne pas chercher dans le cache des build-id (--ignore-buildid-cache de perf) ; les archives ouvertes avec la session restent utilisées</translation>
    </message>
    <message>
        <source>Build-id Cache</source>
        <translation>Cache des build-id</translation>
    </message>
    <message>
        <source>&amp;Build-id cache:</source>
        <translation>&amp;Cache des build-id :</translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineAxis</name>
    <message>
        <source>Time axis</source>
        <translation>Axe du temps</translation>
    </message>
    <message>
        <source>CPU, process, thread</source>
        <translation>CPU, processus, thread</translation>
    </message>
    <message>
        <source>Process, thread</source>
        <translation>Processus, thread</translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineView</name>
    <message>
        <source>Drag across the timeline to show only that time range in every view.</source>
        <translation>Faites glisser sur la chronologie pour n&apos;afficher que cet intervalle de temps dans chaque vue.</translation>
    </message>
    <message>
        <source>Whole session. Drag across the timeline to show only that time range in every view.</source>
        <translation>Toute la session. Faites glisser sur la chronologie pour n&apos;afficher que cet intervalle de temps dans chaque vue.</translation>
    </message>
    <message>
        <source>Showing %1 s to %2 s (%3 s) of the session.</source>
        <translation>Affichage de %1 s à %2 s (%3 s) de la session.</translation>
    </message>
    <message>
        <source>Showing %1 of %2 s to %3 s of the session (heat map cells).</source>
        <translation>Affichage de %1 de %2 s à %3 s de la session (cellules de la carte de chaleur).</translation>
    </message>
</context>
<context>
    <name>perfglass::TimelineWidget</name>
    <message>
        <source>Timeline</source>
        <translation>Chronologie</translation>
    </message>
    <message>
        <source>Show &amp;Only This Thread</source>
        <translation>Afficher &amp;uniquement ce thread</translation>
    </message>
    <message>
        <source>Show Only This &amp;Process</source>
        <translation>Afficher uniquement ce &amp;processus</translation>
    </message>
    <message>
        <source>&amp;Hide This Thread</source>
        <translation>&amp;Masquer ce thread</translation>
    </message>
    <message>
        <source>&amp;Show This Thread</source>
        <translation>&amp;Afficher ce thread</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>No samples to show over time.</source>
        <translation>Aucun échantillon à afficher dans le temps.</translation>
    </message>
    <message>
        <source>No session is open.</source>
        <translation>Aucune session n&apos;est ouverte.</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3: %n sample(s), %4&lt;br&gt;Whole session: %5</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3 : %n échantillon, %4&lt;br&gt;Toute la session : %5</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 – %3 : %n échantillons, %4&lt;br&gt;Toute la session : %5</numerusform>
        </translation>
    </message>
    <message>
        <source>Show Only This &amp;CPU</source>
        <translation>Afficher uniquement ce &amp;CPU</translation>
    </message>
    <message>
        <source>%1: samples of every thread but the idle task</source>
        <translation>%1&#xa0;: échantillons de tous les threads sauf la tâche inactive</translation>
    </message>
    <message>
        <source>%1: all its threads</source>
        <translation>%1&#xa0;: tous ses threads</translation>
    </message>
    <message>
        <source> (kernel thread)</source>
        <translation> (thread du noyau)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; at %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; à %2</translation>
    </message>
    <message numerus="yes">
        <source>and %n more mark(s)</source>
        <translation>
            <numerusform>et %n autre marque</numerusform>
            <numerusform>et %n autres marques</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;br&gt;Parallelism: %n thread(s) of the process running</source>
        <translation>
            <numerusform>&lt;br&gt;Parallélisme : %n thread du processus en cours d’exécution</numerusform>
            <numerusform>&lt;br&gt;Parallélisme : %n threads du processus en cours d’exécution</numerusform>
        </translation>
    </message>
    <message>
        <source>Working out the timeline…</source>
        <translation>Calcul de la chronologie…</translation>
    </message>
</context>
</TS>
