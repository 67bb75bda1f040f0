# Windows (not built or tested here): an NSIS installer with checkfu-tray and checkfu-runner, a
# Start menu entry, and checkfu:// registered to checkfu-tray.exe so a pairing link from a browser
# opens the wizard. Pairing recovery is not supported on Windows (protocol §2.3); the wizard says
# so. Qt's DLLs are deployed by windeployqt (CPACK_PRE_BUILD_SCRIPTS would run it), which this
# configuration does not do yet. Included by installers/Packaging.cmake.
set_target_properties(checkfu-tray PROPERTIES WIN32_EXECUTABLE ON)
install(TARGETS checkfu-runner checkfu-tray RUNTIME DESTINATION bin)

set(CPACK_GENERATOR NSIS)
set(CPACK_NSIS_DISPLAY_NAME "Checkfu Runner")
set(CPACK_NSIS_PACKAGE_NAME "Checkfu Runner")
set(CPACK_NSIS_URL_INFO_ABOUT "${CHECKFU_PROJECT_URL}")
set(CPACK_NSIS_CONTACT "${CHECKFU_MAINTAINER}")
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\checkfu-tray.exe")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH OFF)
# The URL protocol, per user (no elevation needed): HKCU\Software\Classes\checkfu.
set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS "
  WriteRegStr HKCU 'Software\\\\Classes\\\\checkfu' '' 'URL:Checkfu Runner pairing link'
  WriteRegStr HKCU 'Software\\\\Classes\\\\checkfu' 'URL Protocol' ''
  WriteRegStr HKCU 'Software\\\\Classes\\\\checkfu\\\\DefaultIcon' '' '$INSTDIR\\\\bin\\\\checkfu-tray.exe,0'
  WriteRegStr HKCU 'Software\\\\Classes\\\\checkfu\\\\shell\\\\open\\\\command' '' '\\\"$INSTDIR\\\\bin\\\\checkfu-tray.exe\\\" \\\"%1\\\"'
")
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS "
  DeleteRegKey HKCU 'Software\\\\Classes\\\\checkfu'
")
