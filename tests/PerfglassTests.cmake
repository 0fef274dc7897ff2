# Every tests/<folder>/tst_NAME.cpp becomes the Qt Test executable tst_NAME, run by ctest with the folder's label.
# Tests find the tools and programs they drive through the compile definitions below.
set(PERFGLASS_SCREENSHOT_DIR ${CMAKE_BINARY_DIR}/screenshots)
file(MAKE_DIRECTORY ${PERFGLASS_SCREENSHOT_DIR})

function(perfglass_add_test_folder folder label)
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${folder}/tst_*.cpp)
  foreach(source ${sources})
    get_filename_component(name ${source} NAME_WE)
    add_executable(${name} ${source})
    target_include_directories(${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
    target_link_libraries(${name} PRIVATE perfglass-core Qt6::Test Qt6::Core nlohmann_json::nlohmann_json)
    # Every test links the models library when the GUI is built (model unit tests use it).
    if(TARGET perfglass-models)
      target_link_libraries(${name} PRIVATE perfglass-models)
    endif()
    if(label STREQUAL "gui")
      target_link_libraries(${name} PRIVATE perfglass-gui-lib perfglass-models Qt6::Widgets)
    endif()
    target_compile_definitions(${name} PRIVATE
      PERFGLASS_CLI="$<TARGET_FILE:perfglass-cli>"
      PERFGLASS_CLIENTS_DIR="$<TARGET_FILE_DIR:hotspots-fp>"
      PERFGLASS_FIXTURES_DIR="${CMAKE_CURRENT_SOURCE_DIR}/fixtures"
      PERFGLASS_SHARED_DIR="${PROJECT_SOURCE_DIR}/../shared"
      PERFGLASS_SCREENSHOT_DIR="${PERFGLASS_SCREENSHOT_DIR}")
    add_dependencies(${name} perfglass-cli hotspots-fp hotspots-nofp)
    add_test(NAME ${name} COMMAND ${name})
    set_tests_properties(${name} PROPERTIES LABELS ${label} TIMEOUT 300
      ENVIRONMENT "QT_QPA_PLATFORM=offscreen;ASAN_OPTIONS=detect_leaks=0")
  endforeach()
endfunction()

perfglass_add_test_folder(unit unit)
perfglass_add_test_folder(integration integration)
if(TARGET perfglass-gui-lib)
  perfglass_add_test_folder(gui gui)
endif()
