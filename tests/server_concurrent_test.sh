#!/usr/bin/env bash
# Several reslab processes at once, each starting its own private server of $BACKEND (postgres or
# mariadb), as on a lab machine where the window, `reslab trace` and `reslab handout` run side by side:
# $ROUNDS rounds (default 2) of three reslab_trace_hashes processes started together, each stepping every
# bundled case, preset and model and the three-requests file; then three `reslab trace` of that file at
# once. Every process must start its server, every run must go to its end, and each combination must give
# one trace hash, the same in every process. Times are printed, never asserted.
# Needs TRACE_HASHES, RESLAB, DATA and BACKEND; exits 77 (skipped) when the backend's server is not
# installed, unless RESLAB_REQUIRE_POSTGRES=1 / RESLAB_REQUIRE_MARIADB=1.
set -uo pipefail
: "${TRACE_HASHES:?}" "${RESLAB:?}" "${DATA:?}" "${BACKEND:?}"
rounds=${ROUNDS:-2}
case $BACKEND in
  postgres)
    installed() { compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || command -v pg_config >/dev/null; }
    required=${RESLAB_REQUIRE_POSTGRES:-0} package=postgresql-15 ;;
  mariadb)
    installed() { test -x /usr/sbin/mariadbd; }
    required=${RESLAB_REQUIRE_MARIADB:-0} package=mariadb-server ;;
  *) echo "BACKEND must be postgres or mariadb" >&2; exit 2 ;;
esac
if ! installed; then
  [[ $required == 1 ]] && { echo "FAIL: $BACKEND's server is not installed"; exit 1; }
  echo "$BACKEND's server is not installed: skipped (install $package to run this test)"
  exit 77
fi
file=$DATA/three_requests_two_rooms.toml
out=$(mktemp -d "/tmp/reslab-concurrent-test-$BACKEND.XXXXXX")
trap 'rm -rf "$out"' EXIT
failed=0
started=$SECONDS

for round in $(seq 1 "$rounds"); do
  round_started=$SECONDS
  pids=()
  for slot in 1 2 3; do
    "$TRACE_HASHES" --backend "$BACKEND" "$file" >"$out/hashes.$round.$slot" 2>"$out/errors.$round.$slot" &
    pids+=($!)
  done
  for slot in 1 2 3; do
    wait "${pids[$((slot - 1))]}"
    status=$?
    if [[ $status != 0 ]]; then
      echo "FAIL: round $round, process $slot exited $status: $(cat "$out/errors.$round.$slot")"
      failed=1
    fi
  done
  echo "round $round: three processes in $((SECONDS - round_started)) s"
done

# "<scenario> <preset> <model> <hash or 'stopped ...'>" per line: one outcome per combination.
cat "$out"/hashes.* >"$out/all"
runs=$(wc -l <"$out/all")
combinations=$(cut -d' ' -f1-3 "$out/all" | sort -u | wc -l)
if [[ $combinations -lt 50 || $runs != $((combinations * rounds * 3)) ]]; then
  echo "FAIL: $runs runs of $combinations combinations, expected $((rounds * 3)) of each"
  failed=1
fi
if grep -q ' stopped ' "$out/all"; then
  echo "FAIL: runs that stopped before their end:"
  grep ' stopped ' "$out/all" | sort | uniq -c
  failed=1
fi
varying=$(sort -u "$out/all" | cut -d' ' -f1-3 | uniq -d)
if [[ -n $varying ]]; then
  echo "FAIL: combinations with more than one outcome:"
  while read -r scenario preset model; do
    grep "^$scenario $preset $model " "$out/all" | sort | uniq -c
  done <<<"$varying"
  failed=1
fi

# The command line itself, three at once, gives the hash the stepping processes gave.
expected=$(grep -m1 '^three_requests_two_rooms all-ask-first atomic ' "$out/all" | cut -d' ' -f4)
pids=()
for slot in 1 2 3; do
  "$RESLAB" trace "$file" --backend "$BACKEND" --model atomic --order P1,Q1,R1,P2,Q2,R2 --lang en \
    >"$out/trace.$slot" 2>&1 &
  pids+=($!)
done
for slot in 1 2 3; do
  wait "${pids[$((slot - 1))]}"
  got=$(grep -o 'trace hash: `[0-9a-f]*`' "$out/trace.$slot" | grep -o '[0-9a-f]\{16\}')
  if [[ $got != "$expected" ]]; then
    echo "FAIL: reslab trace $slot gave '${got:-no hash}', expected $expected: $(tail -3 "$out/trace.$slot")"
    failed=1
  fi
done

echo "$combinations combinations, $((rounds * 3)) runs each, three processes at a time," \
  "in $((SECONDS - started)) s"
[[ $failed == 0 ]] && echo "one trace hash for each"
exit "$failed"
