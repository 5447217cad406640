# install.cmake - everything `cmake --install` puts in place besides the
# binaries themselves: the pkg-config file, the CMake package (find_package),
# the man pages and the bash completion. Included from the top CMakeLists.txt
# after the library and tool targets exist.
#
# Invariant: the installed tree is relocatable by `cmake --install --prefix P`.
# The CMake package finds itself relative to its own folder, and nonet.pc is
# written at install time so its prefix is the one actually installed to.

include(CMakePackageConfigHelpers)

set(NONET_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/nonet" CACHE STRING
    "Where nonetConfig.cmake is installed (relative to the prefix)")

# Exported targets: nonet::nonet (shared) and nonet::nonet_static.
set_target_properties(nonet_shared PROPERTIES EXPORT_NAME nonet)
set_target_properties(nonet_static PROPERTIES EXPORT_NAME nonet_static)
add_library(nonet::nonet ALIAS nonet_shared)
add_library(nonet::nonet_static ALIAS nonet_static)
install(EXPORT nonetTargets NAMESPACE nonet:: DESTINATION ${NONET_CMAKEDIR})

configure_package_config_file(cmake/nonetConfig.cmake.in
  "${CMAKE_CURRENT_BINARY_DIR}/nonetConfig.cmake"
  INSTALL_DESTINATION ${NONET_CMAKEDIR})
write_basic_package_version_file("${CMAKE_CURRENT_BINARY_DIR}/nonetConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/nonetConfig.cmake"
              "${CMAKE_CURRENT_BINARY_DIR}/nonetConfigVersion.cmake"
        DESTINATION ${NONET_CMAKEDIR})

# pkg-config: libnonet needs only libc, so Libs.private stays empty; a
# dependency added to the library later belongs there (e.g. -lpthread).
set(NONET_PC_LIBS_PRIVATE "" CACHE STRING "Libs.private of nonet.pc")
foreach(kind LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${kind}}")
    set(NONET_PC_${kind} "${CMAKE_INSTALL_${kind}}")
  elseif(kind STREQUAL "LIBDIR")
    set(NONET_PC_${kind} "\${exec_prefix}/${CMAKE_INSTALL_${kind}}")
  else()
    set(NONET_PC_${kind} "\${prefix}/${CMAKE_INSTALL_${kind}}")
  endif()
endforeach()
# Stage 1 (now) fills in everything but the prefix; stage 2 (at install
# time) fills in the prefix actually installed to. @ONLY keeps ${...} as is.
set(NONET_PC_PREFIX "@NONET_PC_PREFIX@")
configure_file(cmake/nonet.pc.in "${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/nonet.pc.in" @ONLY)
set(NONET_PC_OUT "${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/nonet.pc")
install(CODE "
  set(NONET_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  configure_file(\"${NONET_PC_OUT}.in\" \"${NONET_PC_OUT}\" @ONLY)
")
install(FILES "${NONET_PC_OUT}" DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# Documentation and shell integration.
install(FILES man/nonet.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES man/nonet.3 DESTINATION ${CMAKE_INSTALL_MANDIR}/man3)
set(NONET_BASH_COMPLETION_DIR "${CMAKE_INSTALL_DATAROOTDIR}/bash-completion/completions"
    CACHE STRING "Where the bash completion script is installed")
install(FILES completion/nonet.bash DESTINATION ${NONET_BASH_COMPLETION_DIR} RENAME nonet)
