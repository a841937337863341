#!/usr/bin/env bash
# The Debian package as scripts/package makes it (CPack from the build folder): its name carries the
# version, it holds the binary, every bundled scenario, both string tables, the desktop entry and the
# icon under /usr, it depends on the libraries the binary links (dpkg-shlibdeps) and on the CJK font,
# and the binary unpacked from it runs a trace and checks its own scenarios.
# Environment: BUILD (the build folder), SCENARIOS (the source scenarios folder).
set -uo pipefail
: "${BUILD:?set BUILD to the build folder}" "${SCENARIOS:?set SCENARIOS to the scenarios folder}"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
check() {
  local name=$1
  shift
  if "$@" >/dev/null 2>&1; then echo "ok: $name"; else echo "FAILED: $name"; failures=$((failures + 1)); fi
}
has_line() { grep -qxF -- "$1" "$2"; }

version=$("$BUILD/reslab" --version | awk '{print $2}')
deb=$scratch/reslab_${version}_$(dpkg --print-architecture).deb
(cd "$BUILD" && cpack -B "$scratch" >"$scratch/cpack.log" 2>&1)
check "cpack writes reslab_<version>_<arch>.deb" test -f "$deb"
[[ -f $deb ]] || { cat "$scratch/cpack.log"; exit 1; }

dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$scratch/files"
for file in /usr/bin/reslab /usr/share/reslab/assets/strings/en.toml /usr/share/reslab/assets/strings/zh.toml \
  /usr/share/applications/reslab.desktop /usr/share/icons/hicolor/scalable/apps/reslab.svg; do
  check "the package holds $file" has_line "$file" "$scratch/files"
done
for scenario in "$SCENARIOS"/*.toml; do
  check "the package holds the scenario $(basename "$scenario")" \
    has_line "/usr/share/reslab/scenarios/$(basename "$scenario")" "$scratch/files"
done
check "nothing lands outside /usr" bash -c "! grep -v '^/usr' '$scratch/files' | grep -qv '^/$'"

dpkg-deb -f "$deb" Package Version Architecture Depends >"$scratch/control"
check "the package is named reslab" grep -qx "Package: reslab" "$scratch/control"
check "its version is the binary's ($version)" grep -qx "Version: $version" "$scratch/control"
for dependency in libsqlite3-0 libglfw3 libepoxy0 libpq5 libpng16-16 libfontconfig1 libstdc++6 fonts-noto-cjk; do
  check "it depends on $dependency" grep -q "[ ,]$dependency\b" "$scratch/control"
done

dpkg-deb -x "$deb" "$scratch/root"
binary=$scratch/root/usr/bin/reslab
check "the unpacked binary runs" "$binary" --version
check "the unpacked binary finds its libraries" bash -c "! ldd '$binary' | grep -q 'not found'"
check "the unpacked binary traces h2" env -u RESLAB_SCENARIO_DIR "$binary" trace h2 --lang en
check "the unpacked scenarios pass check" "$binary" check "$scratch"/root/usr/share/reslab/scenarios/*.toml
test "$failures" = 0
