# Per-generator CPack settings (CPACK_PROJECT_CONFIG_FILE): the tarball holds stripped binaries; the Debian
# package strips them while it splits their debug information into perfglass-dbgsym.
if(CPACK_GENERATOR STREQUAL "TGZ")
  set(CPACK_STRIP_FILES ON)
endif()
