# What a person installs, and CPack's packages of it (installers/README.md):
#   Linux: a .deb (cpack -G DEB), built and tested here by scripts/package;
#   macOS: an app bundle in a DragNDrop image (installers/macos), Windows: NSIS (installers/windows),
#   configured only when building on those systems and not built or tested here.
# Packaging: `cmake --build build --target checkfu-package-files`, then `cpack -G DEB` in build/.
include(GNUInstallDirs)

set(CHECKFU_PROJECT_URL "https://checkfu.example.com/runner" CACHE STRING
  "The project's home page: the package's Homepage, the AppStream URLs and screenshots")
# CHECKFU_APPSTREAM_ID (the top-level CMakeLists.txt, as the tray needs it): the metainfo, desktop and D-Bus
# service files' names.
set(CHECKFU_MAINTAINER "Checkfu Runner maintainers <runner@checkfu.example.com>" CACHE STRING
  "The packages' maintainer")
set(CHECKFU_PACKAGE_PREFIX "/usr" CACHE PATH
  "Where the packages install (the systemd unit's ExecStart names checkfu-runner there)")
# The release of PROJECT_VERSION: the metainfo's release notes and the Debian changelog's entry.
set(CHECKFU_RELEASE_DATE "2026-12-02")
set(CHECKFU_RELEASE_DATE_RFC2822 "Wed, 02 Dec 2026 00:00:00 +0000")

# `cmake --install` and cpack install what was built; they do not first build every target (the
# test suite). checkfu-package-files is everything a package holds.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
add_custom_target(checkfu-package-files)
add_dependencies(checkfu-package-files checkfu-runner checkfu-tray checkfu-run-reaper checkfu-mcp-bridge)

set(CPACK_PACKAGE_NAME "checkfu-runner")
set(CPACK_PACKAGE_VENDOR "Checkfu")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Run Checkfu coding-agent Sessions on this machine")
# Wrapped at 80 columns, as Debian's extended descriptions are.
set(CPACK_PACKAGE_DESCRIPTION "Checkfu Runner pairs this machine with Checkfu, claims runs and executes
them in a local sandbox (a guarded host process, bubblewrap or Docker),
streams what they do and settles them; an agent's permission requests become
approvals its owner decides in the dashboard. It only dials out: it never
listens on a port.
.
This package holds checkfu-tray, the tray application with its pairing wizard
(it also opens checkfu:// pairing links), and checkfu-runner, the same Runner
headless, with a systemd user unit.")
set(CPACK_PACKAGE_HOMEPAGE_URL "${CHECKFU_PROJECT_URL}")
set(CPACK_PACKAGE_CONTACT "${CHECKFU_MAINTAINER}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Checkfu Runner")
set(CPACK_PACKAGE_EXECUTABLES "checkfu-tray" "Checkfu Runner")
set(CPACK_STRIP_FILES ON)
# Directories the install creates are 0755 whatever the umask (lintian: non-standard-dir-perm).
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
  OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${PROJECT_VERSION}-${CMAKE_SYSTEM_NAME}")

if(APPLE)
  include(${CMAKE_CURRENT_LIST_DIR}/macos/Bundle.cmake)
elseif(WIN32)
  include(${CMAKE_CURRENT_LIST_DIR}/windows/Nsis.cmake)
else()
  include(${CMAKE_CURRENT_LIST_DIR}/linux/Deb.cmake)
endif()

include(CPack)
