# Linux: the binaries, the desktop integration (desktop file with the checkfu:// handler, hicolor
# icons, AppStream metainfo), the systemd user unit, man pages and the Debian package's docs; the
# .deb's control fields. Included by installers/Packaging.cmake.
set(CHECKFU_LINUX_DIR ${CMAKE_CURRENT_LIST_DIR})
set(CHECKFU_GENERATED ${PROJECT_BINARY_DIR}/installers)
set(CHECKFU_DOC_DIR ${CMAKE_INSTALL_DATAROOTDIR}/doc/checkfu-runner)

# cpack does not build (CMAKE_SKIP_INSTALL_ALL_DEPENDENCY): say what to build, not "file not found".
# First among the install rules, before any generated file is installed.
install(CODE "
  foreach(generated man/checkfu-runner.1.gz man/checkfu-tray.1.gz changelog.Debian.gz
      icons/hicolor/256x256/apps/checkfu-runner.png)
    if(NOT EXISTS \"${CHECKFU_GENERATED}/\${generated}\")
      message(FATAL_ERROR \"${CHECKFU_GENERATED}/\${generated} is missing: build the target \"
        \"checkfu-package-files first (cmake --build ${PROJECT_BINARY_DIR} --target checkfu-package-files; \"
        \"scripts/package does)\")
    endif()
  endforeach()")

install(TARGETS checkfu-runner checkfu-tray RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# (checkfu-run-reaper installs itself, to libexec/checkfu-runner: runnercore/sandbox/reaper.)

# The desktop file: menus, and the handler of checkfu:// links (x-scheme-handler/checkfu). The
# desktop-file-utils trigger adds it to /usr/share/applications/mimeinfo.cache on install, which is
# what xdg-mime and GLib read when no mimeapps.list names another handler. DBusActivatable: its
# name is the tray's bus name (<id>.desktop), and its D-Bus service file starts the tray, which
# takes clicked links through org.freedesktop.Application.Open instead of argv (Exec= stays for
# desktops that do not activate over D-Bus).
install(FILES ${CHECKFU_LINUX_DIR}/checkfu-runner.desktop DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/applications
  RENAME ${CHECKFU_APPSTREAM_ID}.desktop)

set(CHECKFU_INSTALL_BINDIR ${CHECKFU_PACKAGE_PREFIX}/${CMAKE_INSTALL_BINDIR})
configure_file(${CHECKFU_LINUX_DIR}/dbus-service.in ${CHECKFU_GENERATED}/${CHECKFU_APPSTREAM_ID}.service @ONLY)
install(FILES ${CHECKFU_GENERATED}/${CHECKFU_APPSTREAM_ID}.service
  DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/dbus-1/services)
configure_file(${CHECKFU_LINUX_DIR}/checkfu-runner.metainfo.xml.in
  ${CHECKFU_GENERATED}/${CHECKFU_APPSTREAM_ID}.metainfo.xml @ONLY)
install(FILES ${CHECKFU_GENERATED}/${CHECKFU_APPSTREAM_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/metainfo)
configure_file(${CHECKFU_LINUX_DIR}/checkfu-runner.service.in ${CHECKFU_GENERATED}/checkfu-runner.service @ONLY)
# /usr/lib/systemd/user whatever the libdir (lib/x86_64-linux-gnu on Debian).
install(FILES ${CHECKFU_GENERATED}/checkfu-runner.service DESTINATION lib/systemd/user)

# Icons: the scalable source and PNGs drawn from it (rsvg-convert, else ImageMagick).
set(CHECKFU_APP_ICON ${PROJECT_SOURCE_DIR}/resources/icons/checkfu-runner.svg)
install(FILES ${CHECKFU_APP_ICON} DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/scalable/apps)
find_program(CHECKFU_RSVG_CONVERT rsvg-convert)
find_program(CHECKFU_MAGICK NAMES magick convert)
set(CHECKFU_ICON_PNGS)
foreach(size 16 22 24 32 48 64 128 256)
  set(png ${CHECKFU_GENERATED}/icons/hicolor/${size}x${size}/apps/checkfu-runner.png)
  if(CHECKFU_RSVG_CONVERT)
    set(draw ${CHECKFU_RSVG_CONVERT} --width ${size} --height ${size} --output ${png} ${CHECKFU_APP_ICON})
  elseif(CHECKFU_MAGICK)
    set(draw ${CHECKFU_MAGICK} -background none -density 384 ${CHECKFU_APP_ICON} -resize ${size}x${size} ${png})
  else()
    set(draw ${CMAKE_COMMAND} -E echo "packaging needs rsvg-convert (librsvg2-bin) or ImageMagick to draw the icons"
      COMMAND ${CMAKE_COMMAND} -E false)
  endif()
  add_custom_command(OUTPUT ${png}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CHECKFU_GENERATED}/icons/hicolor/${size}x${size}/apps
    COMMAND ${draw}
    DEPENDS ${CHECKFU_APP_ICON} VERBATIM)
  list(APPEND CHECKFU_ICON_PNGS ${png})
  install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/icons/hicolor/${size}x${size}/apps)
endforeach()

# Man pages from each binary's --help and --version (neither needs a display or a keyring).
# help2man is needed only to package: without it the packaging target stops and says so.
find_program(CHECKFU_HELP2MAN help2man)
find_program(CHECKFU_GZIP gzip REQUIRED)
if(NOT CHECKFU_HELP2MAN)
  message(STATUS "help2man not found: checkfu-package-files (and so cpack) will fail; install help2man to package")
endif()
set(CHECKFU_MAN_PAGES)
foreach(binary checkfu-runner checkfu-tray)
  if(binary STREQUAL "checkfu-runner")
    set(what "run Checkfu coding-agent Sessions on this machine, headless")
  else()
    set(what "Checkfu Runner in the system tray")
  endif()
  set(page ${CHECKFU_GENERATED}/man/${binary}.1)
  if(CHECKFU_HELP2MAN)
    # The C locale (English pages whatever the builder's language); no window system for the tray.
    set(write ${CMAKE_COMMAND} -E env LC_ALL=C.UTF-8 LANGUAGE= QT_QPA_PLATFORM=offscreen
      ${CHECKFU_HELP2MAN} --no-info --no-discard-stderr --name=${what} --section=1 --output=${page}
      $<TARGET_FILE:${binary}>)
  else()
    set(write ${CMAKE_COMMAND} -E echo "packaging needs help2man for the man pages: apt-get install help2man"
      COMMAND ${CMAKE_COMMAND} -E false)
  endif()
  add_custom_command(OUTPUT ${page}.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CHECKFU_GENERATED}/man
    COMMAND ${write}
    COMMAND ${CHECKFU_GZIP} -9nf ${page}
    DEPENDS ${binary} VERBATIM)
  list(APPEND CHECKFU_MAN_PAGES ${page}.gz)
endforeach()
install(FILES ${CHECKFU_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# /usr/share/doc/checkfu-runner: copyright, and the Debian changelog (gzip -9n, as Policy 12.7 asks).
configure_file(${CHECKFU_LINUX_DIR}/changelog.Debian.in ${CHECKFU_GENERATED}/changelog.Debian @ONLY)
add_custom_command(OUTPUT ${CHECKFU_GENERATED}/changelog.Debian.gz
  COMMAND ${CHECKFU_GZIP} -9nkf ${CHECKFU_GENERATED}/changelog.Debian
  DEPENDS ${CHECKFU_GENERATED}/changelog.Debian VERBATIM)
install(FILES ${CHECKFU_LINUX_DIR}/copyright ${CHECKFU_GENERATED}/changelog.Debian.gz DESTINATION ${CHECKFU_DOC_DIR})
install(FILES ${CHECKFU_LINUX_DIR}/lintian-overrides DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/lintian/overrides
  RENAME checkfu-runner)

add_custom_target(checkfu-linux-package-files
  DEPENDS ${CHECKFU_ICON_PNGS} ${CHECKFU_MAN_PAGES} ${CHECKFU_GENERATED}/changelog.Debian.gz)
add_dependencies(checkfu-package-files checkfu-linux-package-files)
# The .deb: dependencies from the binaries (dpkg-shlibdeps) and from what is used at run time.
set(CPACK_PACKAGING_INSTALL_PREFIX ${CHECKFU_PACKAGE_PREFIX})
set(CPACK_DEBIAN_PACKAGE_NAME "checkfu-runner")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # checkfu-runner_<version>-<release>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CHECKFU_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${CHECKFU_PROJECT_URL}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Not linked, loaded: the SVG icon engine plugin (for icon themes drawn in SVG, where the dialogs'
# standard icons come from; the tray's own icons are PNGs); libcrypto (libssl3), which the snapshot
# store opens on its first hash (runnercore/workspace/ContentHash).
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6svg6, libssl3")
# A Secret Service (or KWallet) keeps the pairing credential (a file store is the opt-in
# alternative); bubblewrap is the guarded tier; desktop-file-utils registers the checkfu:// handler.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gnome-keyring | libkf5wallet-bin | keepassxc, bubblewrap, git, git-lfs, desktop-file-utils, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "docker.io")
