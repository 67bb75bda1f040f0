# macOS (not built or tested here): checkfu-tray as "Checkfu Runner.app", a menu-bar app
# (LSUIElement) registered for checkfu:// links, with checkfu-runner beside it in Contents/MacOS
# (the Runner finds checkfu-run-reaper next to its binary there, if the host-process tier is
# built for macOS), in a DragNDrop disk image. Qt's frameworks are bundled by macdeployqt
# (CPACK_PRE_BUILD_SCRIPTS would run it), which this configuration does not do yet.
# Included by installers/Packaging.cmake.
set(CHECKFU_BUNDLE_ICON ${PROJECT_BINARY_DIR}/installers/checkfu-runner.icns)
set_target_properties(checkfu-tray PROPERTIES
  MACOSX_BUNDLE ON
  OUTPUT_NAME "Checkfu Runner"
  MACOSX_BUNDLE_INFO_PLIST ${CMAKE_CURRENT_LIST_DIR}/Info.plist.in
  MACOSX_BUNDLE_GUI_IDENTIFIER "${CHECKFU_APPSTREAM_ID}"
  MACOSX_BUNDLE_BUNDLE_NAME "Checkfu Runner"
  MACOSX_BUNDLE_SHORT_VERSION_STRING "${PROJECT_VERSION}"
  MACOSX_BUNDLE_BUNDLE_VERSION "${PROJECT_VERSION}"
  MACOSX_BUNDLE_COPYRIGHT "© 2026 Checkfu"
  MACOSX_BUNDLE_ICON_FILE checkfu-runner.icns)

# The bundle's icon from resources/icons/checkfu-runner.svg: PNGs (rsvg-convert) into an
# .iconset, then iconutil.
find_program(CHECKFU_RSVG_CONVERT rsvg-convert REQUIRED)
set(iconset ${PROJECT_BINARY_DIR}/installers/checkfu-runner.iconset)
set(draw)
foreach(size 16 32 128 256 512)
  math(EXPR double "${size} * 2")
  list(APPEND draw
    COMMAND ${CHECKFU_RSVG_CONVERT} -w ${size} -h ${size} -o ${iconset}/icon_${size}x${size}.png
      ${PROJECT_SOURCE_DIR}/resources/icons/checkfu-runner.svg
    COMMAND ${CHECKFU_RSVG_CONVERT} -w ${double} -h ${double} -o ${iconset}/icon_${size}x${size}@2x.png
      ${PROJECT_SOURCE_DIR}/resources/icons/checkfu-runner.svg)
endforeach()
add_custom_command(OUTPUT ${CHECKFU_BUNDLE_ICON}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${iconset}
  ${draw}
  COMMAND iconutil -c icns -o ${CHECKFU_BUNDLE_ICON} ${iconset}
  DEPENDS ${PROJECT_SOURCE_DIR}/resources/icons/checkfu-runner.svg VERBATIM)
target_sources(checkfu-tray PRIVATE ${CHECKFU_BUNDLE_ICON})
set_source_files_properties(${CHECKFU_BUNDLE_ICON} PROPERTIES MACOSX_PACKAGE_LOCATION Resources)

install(TARGETS checkfu-tray BUNDLE DESTINATION .)
install(TARGETS checkfu-runner RUNTIME DESTINATION "Checkfu Runner.app/Contents/MacOS")

set(CPACK_GENERATOR DragNDrop)
set(CPACK_DMG_VOLUME_NAME "Checkfu Runner")
set(CPACK_DMG_FORMAT UDZO)
