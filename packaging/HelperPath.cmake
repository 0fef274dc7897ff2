# The privileged helper's paths, all derived from PERFGLASS_HELPER_DIR (relative to the installation prefix):
#  - installed: <prefix>/${PERFGLASS_HELPER_DIR}/perfglass-helper (helper/CMakeLists.txt);
#  - the polkit policy's exec.path: the same, written when installing, for the prefix of that installation
#    (cmake --install --prefix, CPack's /usr), so pkexec runs the helper under com.perfglass.helper;
#  - started by the recorder: PERFGLASS_HELPER_FROM_BINDIR, the way from the programs' directory to the helper's,
#    taken from the recorder's own executable (/proc/self/exe), so a tree installed under any prefix works;
#  - in the build tree: where the same relative path leads from the build's programs and tests, which all sit one
#    folder below the build directory (cli/, gui/, tests/, bench/). Installed binaries hold no build-tree path.
if(IS_ABSOLUTE "${PERFGLASS_HELPER_DIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_BINDIR}")
  message(FATAL_ERROR "PERFGLASS_HELPER_DIR (${PERFGLASS_HELPER_DIR}) and CMAKE_INSTALL_BINDIR "
    "(${CMAKE_INSTALL_BINDIR}) must be relative to the prefix, so that any prefix works")
endif()
file(RELATIVE_PATH PERFGLASS_HELPER_FROM_BINDIR /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${PERFGLASS_HELPER_DIR})
if(PERFGLASS_HELPER_FROM_BINDIR STREQUAL "")
  set(PERFGLASS_HELPER_FROM_BINDIR .)
endif()
get_filename_component(PERFGLASS_HELPER_BUILD_DIR ${CMAKE_BINARY_DIR}/cli/${PERFGLASS_HELPER_FROM_BINDIR} ABSOLUTE)
string(FIND "${PERFGLASS_HELPER_BUILD_DIR}/" "${CMAKE_BINARY_DIR}/" inside)
if(NOT inside EQUAL 0 OR PERFGLASS_HELPER_BUILD_DIR STREQUAL "${CMAKE_BINARY_DIR}/cli")
  message(WARNING "From the build tree's programs, ${PERFGLASS_HELPER_FROM_BINDIR} does not lead to one place "
    "inside the build directory: tests that start the helper will not find it")
endif()
