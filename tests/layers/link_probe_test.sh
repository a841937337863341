#!/usr/bin/env bash
# Each probe in tests/layers/ is a file that calls a layer its own layer may not link. Linked with its own
# layer alone (reslab_probe_<name>) it must fail with an undefined reference to what it called (its
# "undefined:" line); linked with the layer it calls too (reslab_probe_<name>_allowed) it must link, so
# the failure is the layer's boundary and not a broken probe. BUILD is the build folder, PROBES the names.
set -uo pipefail
: "${BUILD:?}" "${PROBES:?}"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
status=0
for name in $PROBES; do
  symbol=$(sed -n 's|^// undefined: ||p' "$here/$name.cpp")
  if output=$(cmake --build "$BUILD" --target "reslab_probe_$name" 2>&1); then
    echo "$name: linked with its own layer alone, so that layer links what the probe calls"
    status=1
  elif ! grep -qF "undefined reference to \`$symbol" <<<"$output"; then
    echo "$name: did not link, but not for want of $symbol:"
    tail -n 20 <<<"$output"
    status=1
  else
    echo "$name: its own layer alone leaves $symbol undefined"
  fi
  if ! output=$(cmake --build "$BUILD" --target "reslab_probe_${name}_allowed" 2>&1); then
    echo "$name: does not link with the layer it calls either:"
    tail -n 20 <<<"$output"
    status=1
  fi
done
exit $status
