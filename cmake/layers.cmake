# The layers' sources, each taken from its folders (README, Layout): a new file joins its folder's layer
# with no change here. The desktop build (CMakeLists.txt) and the browser's (app/platform/web/
# CMakeLists.txt) both take their sources from here; what each layer may link is checked by
# scripts/check-layers (the ctest `layers: link graph`).
#
#   sim            core/sim/                  the engine: no GUI, no SQL library
#   formats        core/formats/              traces and explorations as JSON and Markdown
#   cases          core/cases/                the case families
#   sqlite         core/backends/sqlite/      one folder per backend, each with its client library
#   postgres       core/backends/postgres/
#   mariadb        core/backends/mariadb/
#   server_process core/backends/server_process/  what the server backends share (child processes, folders)
#   backends       core/backends/*.cpp        the desktop's registry and the live labs' server service
#   web_backends   core/backends/web_registry.cpp  the browser's registry: SQLite only
#   labs           core/labs/                 the live labs (desktop)
#   core           core/*.cpp                 the engine as the desktop's programs run it: every core layer
#   ui             app/ but platform/*/ and cli/: the one UI and the platform interfaces
#   desktop        app/platform/desktop/      the desktop's window, fonts, files, live labs (not main.cpp)
#   cli            app/cli/                   the command line (desktop)
#   web            app/platform/web/          the page (its own build)

# reslab_layer_sources(VAR LAYER ROOT): the .cpp files of LAYER in the source tree at ROOT, sorted.
function(reslab_layer_sources out layer root)
  set(recurse GLOB)
  if(layer STREQUAL "sim")
    set(patterns core/sim/*.cpp)
  elseif(layer STREQUAL "formats")
    set(patterns core/formats/*.cpp)
  elseif(layer STREQUAL "cases")
    set(recurse GLOB_RECURSE)
    set(patterns core/cases/*.cpp)
  elseif(layer MATCHES "^(sqlite|postgres|mariadb|server_process)$")
    set(recurse GLOB_RECURSE)
    set(patterns core/backends/${layer}/*.cpp)
  elseif(layer STREQUAL "backends")
    set(patterns core/backends/*.cpp)
    set(exclude "/core/backends/web_registry\\.cpp$")
  elseif(layer STREQUAL "web_backends")
    set(patterns core/backends/web_registry.cpp)
  elseif(layer STREQUAL "labs")
    set(recurse GLOB_RECURSE)
    set(patterns core/labs/*.cpp)
  elseif(layer STREQUAL "core")
    set(patterns core/*.cpp)
  elseif(layer STREQUAL "ui")
    set(patterns app/*.cpp app/panels/*.cpp app/session/*.cpp app/text/*.cpp app/export/*.cpp app/handout/*.cpp
                 app/platform/*.cpp)
  elseif(layer STREQUAL "desktop")
    set(patterns app/platform/desktop/*.cpp)
    set(exclude "/app/platform/desktop/main\\.cpp$")
  elseif(layer STREQUAL "cli")
    set(patterns app/cli/*.cpp)
  elseif(layer STREQUAL "web")
    set(patterns app/platform/web/*.cpp)
  else()
    message(FATAL_ERROR "reslab_layer_sources: no layer named ${layer}")
  endif()
  list(TRANSFORM patterns PREPEND "${root}/")
  file(${recurse} sources CONFIGURE_DEPENDS ${patterns})
  if(exclude)
    list(FILTER sources EXCLUDE REGEX "${exclude}")
  endif()
  if(NOT sources)
    message(FATAL_ERROR "reslab_layer_sources: no source of ${layer} under ${root}")
  endif()
  list(SORT sources)
  set(${out} ${sources} PARENT_SCOPE)
endfunction()
