# The Qt Test suites, listed by folder: unit/, integration/, gui/. Each tests/<folder>/tst_NAME.cpp becomes the
# executable tst_NAME, run by ctest with the folder's label. Core tests need only Qt Core and Qt Test, so they
# build without the GUI (-DPERFGLASS_BUILD_GUI=OFF); model and GUI tests need the GUI build.
# Tests find the tools and programs they drive through the compile definitions below.
set(PERFGLASS_SCREENSHOT_DIR ${CMAKE_BINARY_DIR}/screenshots)
file(MAKE_DIRECTORY ${PERFGLASS_SCREENSHOT_DIR})

set(PERFGLASS_CORE_UNIT_TESTS tst_addr2linenames tst_aggregation tst_annotate tst_blockfilewriter tst_buildidcache tst_chunkedtable tst_counterlines tst_eventbuilder tst_eventparser tst_exports tst_golden tst_handoffmutex tst_helperprotocol tst_jitdump tst_mappedprefetcher tst_modulefinder tst_mappedranges tst_offcpu tst_packedcolumn tst_parallelunwinder tst_perfrecords tst_pmudiscovery tst_processgroups tst_radixsort tst_readablenames tst_reader tst_recordcompressor tst_recordorderruns tst_regionpagepool tst_ringbuffer tst_sampledfiles tst_sessionroundtrip tst_stackcache tst_stat_records tst_stat_sampler tst_symbols tst_tracepointfields)
set(PERFGLASS_MODEL_UNIT_TESTS tst_eventlistmodel tst_processlistmodel tst_profilederivedcache tst_timelinerows)
# Each model on Profiles in hand (hand-made ones and the golden recordings), with QAbstractItemModelTester.
list(APPEND PERFGLASS_MODEL_UNIT_TESTS tst_annotationmodel tst_callercalleemodel tst_calltreemodel
  tst_diffflamegraphmodel tst_difftreemodel tst_flamegraphmodel tst_functionlistmodel)
set(PERFGLASS_INTEGRATION_TESTS tst_heatmapreport tst_annotateagreement tst_buildidrecord tst_counterreport tst_exportconsumers tst_helper tst_helperrecord tst_list tst_perfagreement tst_perfcompat tst_perfhabits tst_piperecord tst_readerperf tst_record tst_recordcounters tst_report tst_script tst_commands tst_stat tst_symbolsettings tst_unwind tst_walkingskeleton)
set(PERFGLASS_GUI_TESTS tst_heatmapview tst_latencyview tst_callercallee tst_countersview tst_eventbuilderview tst_eventsdock tst_filters tst_flamegraph tst_mainwindow tst_offcpuview tst_recorddialog tst_sourceview tst_startuptiming tst_summary tst_symbolsettingsdialog tst_systemwide tst_timeline tst_timelinemarks tst_translations)
# Comparing sessions: the core (unit) and perfglass-cli diff with its agreement with perf diff (integration).
list(APPEND PERFGLASS_CORE_UNIT_TESTS tst_diff)
# The heat map of when the work happened (issue 34): core (unit), perfglass-cli report --view heatmap and its
# HTML export (integration), the Heat Map dock and Latency in the window (gui).
list(APPEND PERFGLASS_CORE_UNIT_TESTS tst_heatmap tst_latency)
list(APPEND PERFGLASS_INTEGRATION_TESTS tst_sessiondiff)
list(APPEND PERFGLASS_GUI_TESTS tst_compare)
# Several sessions open at once, filters kept across reloads (session documents)
list(APPEND PERFGLASS_GUI_TESTS tst_sessions)
# Export for Review and opening archives (issue 29)
list(APPEND PERFGLASS_GUI_TESTS tst_reviewexport)
# Sessions that travel: archives, hostile ones made with libarchive in the test (unit), and archives of real
# recordings read by perf and by perfglass-cli (integration).
list(APPEND PERFGLASS_CORE_UNIT_TESTS tst_archivereader)
list(APPEND PERFGLASS_INTEGRATION_TESTS tst_archive)
# Code identity when reading sessions: build-id caches, /proc/PID/root, build id checks (runs perf record).
list(APPEND PERFGLASS_INTEGRATION_TESTS tst_codeidentity)
# Build ids read from a process's memory when its file cannot be opened (unit).
list(APPEND PERFGLASS_CORE_UNIT_TESTS tst_processmemorybuildid)
# JIT code named from jitdumps and kept perf maps (node; skipped where it is missing).
list(APPEND PERFGLASS_INTEGRATION_TESTS tst_jitnames)
# Names as the runtimes Debian ships write them (issue 30): Java's perf map and Rust's legacy mangling on
# programs built and recorded at test time (tests/RuntimeRecordings.h), against perf report and perf script;
# each case skips where its runtime or perf is missing.
list(APPEND PERFGLASS_INTEGRATION_TESTS tst_runtimenames)
# Their flame graphs in the window, with a Node jitdump session, and screenshots of each (gui).
list(APPEND PERFGLASS_GUI_TESTS tst_runtimeflamegraphs)
# record --host: the parts that read users' and hosts' input (the CLI's own sources, built into the test).
list(APPEND PERFGLASS_CORE_UNIT_TESTS tst_remoteparts)
# record --host over a real ssh: a throwaway sshd on loopback in a private network namespace (skipped without
# sshd, ip or the right to make the namespace).
list(APPEND PERFGLASS_INTEGRATION_TESTS tst_remoterecord)
# The Record dialog's Remote target (host completion, several hosts, the command, the host's process list) and
# recordings from the desktop application through the same throwaway sshd (skipped where it cannot run): one
# host and two at once, the dock's phases, Stop right after Record and while a login hangs.
list(APPEND PERFGLASS_GUI_TESTS tst_remoterecorddialog)
# Profiles that grow: snapshots of a file being written and of a pipe, cut and cancelled loads, and their
# aggregations extended snapshot by snapshot (issue 32)
list(APPEND PERFGLASS_CORE_UNIT_TESTS tst_growingprofile tst_growingaggregation)
# ... and seen in the window: a file opened in steps marked partial, File > Open Stream on a named pipe (gui)
list(APPEND PERFGLASS_GUI_TESTS tst_growingwindow)

function(perfglass_add_test folder label name)
  add_executable(${name} ${folder}/${name}.cpp)
  target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${name} PRIVATE perfglass-core Qt6::Test Qt6::Core nlohmann_json::nlohmann_json)
  # A test's own code is checks, not the work it measures: at -O1 with line tables only (-g1) it compiles in
  # about two thirds of the time of -O2 -g (tst_exports: 19 s against 28 s, and 0.8 GB of memory against 1.1),
  # minutes of every `make test`. The libraries under test keep the build type's flags (tst_remoteparts'
  # two CLI sources, built into it, do not), and a failure's backtrace still has file and line. Not in a
  # Debug build (ASan), and not for tst_symbols, which reads its own scopes from its full debug information.
  # tst_symbols also reads its own PLT as the default linker lays it out (.plt.got with __cxa_finalize).
  if(NOT name STREQUAL "tst_symbols")
    target_compile_options(${name} PRIVATE "$<$<NOT:$<CONFIG:Debug>>:-O1;-g1>")
    target_link_options(${name} PRIVATE ${PERFGLASS_TEST_LINK_OPTIONS})
  endif()
  target_compile_definitions(${name} PRIVATE
    PERFGLASS_CLI="$<TARGET_FILE:perfglass-cli>"
    PERFGLASS_CLIENTS_DIR="$<TARGET_FILE_DIR:hotspots-fp>"
    PERFGLASS_WORKLOADS_DIR="$<TARGET_FILE_DIR:workload-fp>"
    PERFGLASS_FIXTURES_DIR="${CMAKE_CURRENT_SOURCE_DIR}/fixtures"
    PERFGLASS_SCREENSHOT_DIR="${PERFGLASS_SCREENSHOT_DIR}"
    PERFGLASS_NPM_DIR="${CMAKE_BINARY_DIR}/npm")
  add_dependencies(${name} perfglass-cli hotspots-fp hotspots-nofp blocker stalls workload-fp workload-nofp)
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS ${label} TIMEOUT 300
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;ASAN_OPTIONS=detect_leaks=0")
endfunction()

foreach(name ${PERFGLASS_CORE_UNIT_TESTS})
  perfglass_add_test(unit unit ${name})
endforeach()
foreach(name ${PERFGLASS_INTEGRATION_TESTS})
  perfglass_add_test(integration integration ${name})
endforeach()
target_link_libraries(tst_archivereader PRIVATE PkgConfig::LIBARCHIVE)
# gzip read back (pprof exports): zlib, a shared library the core links privately, is not passed on by a
# shared core (the sanitizer build), unlike the static libiberty inside it.
target_link_libraries(tst_exports PRIVATE ZLIB::ZLIB)
target_sources(tst_remoteparts PRIVATE ${PROJECT_SOURCE_DIR}/cli/StdinArguments.cpp ${PROJECT_SOURCE_DIR}/cli/SymbolsRequest.cpp)
target_include_directories(tst_remoteparts PRIVATE ${PROJECT_SOURCE_DIR})
# tst_remoterecord copies this build's perfglass-cli (about 100 MB with debug information) through ssh twice.
set_tests_properties(tst_remoterecord PROPERTIES TIMEOUT 900)
# tst_archive's checks that frames are named from archives need the loader to search LoadOptions::buildIdCaches
# (core/load, core/symbols: another branch); until the sources use it, they skip and say why.
file(GLOB archive_lookup_sources ${PROJECT_SOURCE_DIR}/core/load/*.cpp ${PROJECT_SOURCE_DIR}/core/load/*.h
  ${PROJECT_SOURCE_DIR}/core/symbols/*.cpp ${PROJECT_SOURCE_DIR}/core/symbols/*.h)
list(REMOVE_ITEM archive_lookup_sources ${PROJECT_SOURCE_DIR}/core/load/LoadProfile.h) # declares it only
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${archive_lookup_sources})
foreach(source ${archive_lookup_sources})
  file(STRINGS ${source} uses_caches REGEX "buildIdCaches")
  if(uses_caches)
    target_compile_definitions(tst_archive PRIVATE PERFGLASS_LOADER_SEARCHES_BUILD_ID_CACHES)
    break()
  endif()
endforeach()
if(TARGET perfglass-gui-lib)
  foreach(name ${PERFGLASS_MODEL_UNIT_TESTS})
    perfglass_add_test(unit unit ${name})
    target_link_libraries(${name} PRIVATE perfglass-models)
  endforeach()
  foreach(name ${PERFGLASS_GUI_TESTS})
    perfglass_add_test(gui gui ${name})
    target_link_libraries(${name} PRIVATE perfglass-gui-lib perfglass-models Qt6::Widgets)
  endforeach()
  target_link_libraries(tst_flamegraph PRIVATE ZLIB::ZLIB) # its pprof export read back, as tst_exports
  # tst_translations also starts the application itself, to see the language the environment chooses.
  target_compile_definitions(tst_translations PRIVATE PERFGLASS_GUI="$<TARGET_FILE:perfglass>")
  add_dependencies(tst_translations perfglass)
  # tst_perfhabits starts the application without a FILE, to see it open ./perf.data.
  target_compile_definitions(tst_perfhabits PRIVATE PERFGLASS_GUI="$<TARGET_FILE:perfglass>")
  add_dependencies(tst_perfhabits perfglass)
  # tst_startuptiming starts the application with PERFGLASS_TIMING=1.
  target_compile_definitions(tst_startuptiming PRIVATE PERFGLASS_GUI="$<TARGET_FILE:perfglass>")
  add_dependencies(tst_startuptiming perfglass)
  # tst_compare starts it with --compare.
  target_compile_definitions(tst_compare PRIVATE PERFGLASS_GUI="$<TARGET_FILE:perfglass>")
  add_dependencies(tst_compare perfglass)
  # Where recording is refused (tools/refuse-perf-events: perf_event_open fails with EACCES, whoever runs the
  # tests): the tool does refuse, the recorder blames the refusal and not kernel.perf_event_paranoid where the
  # setting allows the event (as root it always does), and two suites of views on recordings in hand run every
  # test, none skipped. tools/run-refused.sh runs the whole gui label that way.
  add_test(NAME refuse-perf-events COMMAND refuse-perf-events $<TARGET_FILE:perfglass-cli> record -o
    ${CMAKE_CURRENT_BINARY_DIR}/refused.data -- true)
  set_tests_properties(refuse-perf-events PROPERTIES LABELS gui
    PASS_REGULAR_EXPRESSION "refuses perf_event_open here")
  foreach(name tst_callercallee tst_filters)
    add_test(NAME ${name}-recording-refused COMMAND refuse-perf-events $<TARGET_FILE:${name}>)
    set_tests_properties(${name}-recording-refused PROPERTIES LABELS gui TIMEOUT 300
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen;ASAN_OPTIONS=detect_leaks=0" FAIL_REGULAR_EXPRESSION "SKIP   :")
  endforeach()
  # tst_symbolsettingsdialog reads the application's --help for the symbol options.
  target_compile_definitions(tst_symbolsettingsdialog PRIVATE PERFGLASS_GUI="$<TARGET_FILE:perfglass>")
  add_dependencies(tst_symbolsettingsdialog perfglass)
endif()

# A perfglass recording asks the kernel for build ids in its MMAP2 records (attr.build_id). The kernel (seen with
# 6.18) sets PERF_RECORD_MISC_MMAP_BUILD_ID in the record it shares among all events that see an mmap and does not
# clear it again: another session's events without build_id, which see the same mmap, get records with the flag
# but device and inode in place of the build id. perf record 6.1 reads its own file, takes the device's major
# number (254) for a build-id size ("assertion failed at util/build-id.c:1010") and smashes its stack. Only
# system-wide recordings see other programs' mmaps: the suites that make them and the suites that run perf record
# never run at the same time.
set_tests_properties(tst_buildidrecord tst_record tst_recordcounters tst_helperrecord tst_walkingskeleton tst_readerperf tst_perfagreement
  tst_piperecord tst_perfcompat tst_annotateagreement tst_sessiondiff tst_exportconsumers tst_perfhabits tst_script
  tst_archive tst_codeidentity tst_commands tst_jitnames PROPERTIES RESOURCE_LOCK system-wide-mmap-build-ids)
if(TARGET perfglass-gui-lib)
  # Both record with perf or system-wide to make their sessions.
  set_tests_properties(tst_flamegraph tst_timeline tst_sourceview tst_reviewexport PROPERTIES RESOURCE_LOCK system-wide-mmap-build-ids)
endif()
# tst_runtimenames and tst_runtimeflamegraphs compile with javac and rustc and record three runtimes: minutes on
# a machine whose cores other builds share.
set_tests_properties(tst_runtimenames PROPERTIES TIMEOUT 900)
if(TARGET perfglass-gui-lib)
  set_tests_properties(tst_runtimeflamegraphs PROPERTIES TIMEOUT 900)
endif()
