#!/usr/bin/env bash
# `cmake --install` into a fresh prefix: the binary, scenarios, string tables,
# desktop entry and icon land there, and the installed binary works from any folder.
set -uo pipefail
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
failures=0
check() {
  local name=$1
  shift
  if "$@" >/dev/null 2>&1; then echo "ok: $name"; else echo "FAILED: $name"; failures=$((failures + 1)); fi
}

cmake --install "$BUILD" --prefix "$prefix" >/dev/null
check "the binary is installed" test -x "$prefix/bin/reslab"
check "the bundled scenarios are installed" test -f "$prefix/share/reslab/scenarios/h1_last_room.toml"
check "the string tables are installed" test -f "$prefix/share/reslab/assets/strings/zh.toml"
check "the desktop entry is installed" test -f "$prefix/share/applications/reslab.desktop"
check "the icon is installed" test -f "$prefix/share/icons/hicolor/scalable/apps/reslab.svg"
cd "$prefix"
check "the installed binary finds its scenarios" env -u RESLAB_SCENARIO_DIR "$prefix/bin/reslab" trace h2 --lang en
check "the installed scenarios pass check" "$prefix/bin/reslab" check "$prefix"/share/reslab/scenarios/*.toml
check "the installed binary exports with its own string tables" \
  xvfb-run -a -s "-screen 0 1280x800x24" "$prefix/bin/reslab" export h1 --out "$prefix/png" --model naive \
  --size 1024x640 --quiet
check "one PNG per step was exported" test "$(ls "$prefix/png" | wc -l)" = 4
test "$failures" = 0
