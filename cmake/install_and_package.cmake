# SPDX-License-Identifier: MIT
# `cmake --install` lays Quantscope out as a desktop application (FHS and freedesktop.org paths under the prefix) and
# `cpack -G DEB` packs that tree into a .deb whose Depends are the runtime libraries dpkg-shlibdeps finds.
include(GNUInstallDirs)
# Install what was built (README: build, then install or package) instead of building every test and bench first:
# cpack's preinstall step would otherwise rebuild the whole tree, also when the packaging test runs it under ctest.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# Bump with the project version: the AppStream release entry.
set(QS_RELEASE_DATE 2026-11-26)
set(qs_linux ${CMAKE_SOURCE_DIR}/resources/linux)
configure_file(${qs_linux}/quantscope.desktop.in ${CMAKE_BINARY_DIR}/linux/${QS_APP_ID}.desktop @ONLY)
configure_file(${qs_linux}/quantscope.metainfo.xml.in ${CMAKE_BINARY_DIR}/linux/${QS_APP_ID}.metainfo.xml @ONLY)

install(TARGETS quantscope-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/demo/ DESTINATION ${CMAKE_INSTALL_DATADIR}/quantscope/demo
        FILES_MATCHING PATTERN "*.onnx" PATTERN "README.md")
# The deployment-target tables `quantscope-cli targets` reads (<exe>/../share/quantscope/targets).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/resources/targets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/quantscope/targets
        FILES_MATCHING PATTERN "*.json" PATTERN "README.md")
if(TARGET quantscope)
  install(TARGETS quantscope RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  # The Graphviz layout process the GUI starts (found as <exe>/../libexec/quantscope/quantscope-layout).
  install(TARGETS quantscope-layout RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/quantscope)
  install(FILES ${CMAKE_BINARY_DIR}/linux/${QS_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${CMAKE_BINARY_DIR}/linux/${QS_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${CMAKE_SOURCE_DIR}/resources/icons/quantscope.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${QS_APP_ID}.svg)
  install(FILES ${qs_linux}/quantscope-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
          RENAME ${QS_APP_ID}.xml)
endif()

set(CPACK_PACKAGE_NAME quantscope)
set(CPACK_PACKAGE_VENDOR "The Quantscope authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY quantscope)
set(CPACK_RESOURCE_FILE_LICENSE ${CMAKE_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # quantscope_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "The Quantscope authors")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "ONNX FP32/INT8 benchmark and diagnosis: desktop application and CLI
 Quantscope answers whether the INT8 version of an ONNX model runs faster than
 the FP32 version on this machine, and if not, why. The package holds the Qt
 desktop application (quantscope), the headless CLI (quantscope-cli) and the
 demo models in /usr/share/quantscope/demo.")
# dpkg-shlibdeps turns the ELF files' NEEDED libraries into runtime packages (libqt6gui6, libdnnl3, ...: never -dev).
# Fonts are not a linked library: without one the GUI and its PDF export would have no readable text.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
# Registering the MIME types and the .desktop file happens through these packages' dpkg triggers.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, hicolor-icon-theme")
set(CPACK_GENERATOR DEB)
include(CPack)
