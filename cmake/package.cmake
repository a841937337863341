# A Debian package for students' own machines (scripts/package): the binary, the scenarios, the string
# tables, the desktop entry and the icon under /usr, with the shared libraries it links found by
# dpkg-shlibdeps. Fonts and fontconfig are named by hand: the app looks Noto Sans CJK up at run time.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME reslab)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "reslab")
set(CPACK_PACKAGE_CONTACT "reslab <reslab@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Reservation race lab: why booking systems oversell, stepped on real databases")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Step through why reservation systems oversell and how transactions, conditional
updates and idempotency prevent it: every step runs real SQL on SQLite or PostgreSQL,
one connection per actor. A desktop app for class (naive and atomic models side by
side, predict mode, presentation mode), slides as PNG, handouts as HTML.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # reslab_<version>_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-noto-cjk, fontconfig")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "postgresql-15, xvfb")
set(CPACK_STRIP_FILES ON)
include(CPack)
