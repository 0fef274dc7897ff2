# Run by CPack after it built the packages (CPACK_POST_BUILD_SCRIPTS). CPack 3.25 writes the -dbgsym package's
# md5sums with the staging directory's absolute paths, makes its debug files executable and gives it no
# documentation directory. This rebuilds it the way debhelper's dbgsym packages are: md5sums relative to the
# root, debug files 0644, /usr/share/doc/perfglass-dbgsym a link to the main package's (which it depends on).
foreach(package IN LISTS CPACK_PACKAGE_FILES)
  if(NOT package MATCHES "-dbgsym_.*\\.ddeb$")
    continue()
  endif()
  set(tree ${package}.tree)
  file(REMOVE_RECURSE ${tree})
  execute_process(COMMAND dpkg-deb --raw-extract ${package} ${tree} COMMAND_ERROR_IS_FATAL ANY)
  file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE ${tree} ${tree}/usr/*)
  list(SORT files)
  set(sums "")
  foreach(file IN LISTS files)
    file(CHMOD ${tree}/${file} FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    file(MD5 ${tree}/${file} sum)
    string(APPEND sums "${sum}  ${file}\n")
  endforeach()
  file(WRITE ${tree}/DEBIAN/md5sums "${sums}")
  file(CHMOD ${tree}/DEBIAN/md5sums FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
  string(REGEX REPLACE "^.*/([^/_]+)_[^/]*$" "\\1" name ${package})
  string(REGEX REPLACE "-dbgsym$" "" main ${name})
  file(MAKE_DIRECTORY ${tree}/usr/share/doc)
  file(CREATE_LINK ${main} ${tree}/usr/share/doc/${name} SYMBOLIC)
  execute_process(COMMAND dpkg-deb --root-owner-group --build ${tree} ${package}
    OUTPUT_QUIET COMMAND_ERROR_IS_FATAL ANY)
  file(REMOVE_RECURSE ${tree})
endforeach()
