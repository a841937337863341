#!/usr/bin/env bash
# PostgreSQL's own isolationtester and `reslab trace --format isolationtester` run every spec fixture
# (tests/data/spec/*.spec) against the same private server; their outputs must be identical byte for
# byte from the first "starting permutation:" line on (isolationtester's first two lines say how many
# sessions it parsed), and so must what they write on stderr and their exit codes. Each spec converted to
# an SQL scenario (reslab convert) must print the same again, and convert back to the same spec.
# Needs RESLAB, HOLDER (reslab_postgres_server_holder) and SPECS; exits 77 (skipped) without
# isolationtester or the server binaries, unless RESLAB_REQUIRE_POSTGRES=1.
set -uo pipefail
skip() {
  echo "isolationtester comparison skipped: $1"
  [[ ${RESLAB_REQUIRE_POSTGRES:-0} == 1 ]] && exit 1
  exit 77
}
command -v pg_config >/dev/null || skip "pg_config is not installed (postgresql-server-dev or libpq-dev)"
tester=$(pg_config --pkglibdir)/pgxs/src/test/isolation/isolationtester
[[ -x $tester ]] || skip "$tester is not installed (postgresql-server-dev-15)"

work=$(mktemp -d)
trap 'kill "$holder_pid" 2>/dev/null; wait "$holder_pid" 2>/dev/null; rm -rf "$work"' EXIT
"$HOLDER" >"$work/holder" 2>&1 &
holder_pid=$!
for _ in $(seq 600); do
  grep -q '^ready' "$work/holder" && break
  kill -0 "$holder_pid" 2>/dev/null || break
  sleep 0.1
done
grep -q '^ready' "$work/holder" || skip "no private PostgreSQL server: $(cat "$work/holder")"
dsn="host=$(awk '/^dir /{print $2}' "$work/holder") port=5432 user=postgres dbname=postgres"

# The spec converted to an SQL scenario prints the same on stdout and stderr, with the same exit code.
same_from_toml() {  # SPEC NAME EXIT_CODE
  "$RESLAB" convert "$1" -o "$work/$2.toml" || return 1
  "$RESLAB" trace "$work/$2.toml" --format isolationtester --pg "$dsn" >"$work/$2.from_toml" 2>"$work/$2.from_toml.err"
  [[ $? == "$3" ]] && cmp -s "$work/$2.expected" "$work/$2.from_toml" &&
    cmp -s "$work/$2.expected.err" "$work/$2.from_toml.err"
}

failed=0
count=0
for spec in "$SPECS"/*.spec; do
  name=$(basename "$spec" .spec)
  count=$((count + 1))
  PGOPTIONS="-c lc_messages=C" "$tester" "$dsn" <"$spec" >"$work/$name.expected.full" 2>"$work/$name.expected.err"
  expected_rc=$?
  tail -n +3 "$work/$name.expected.full" >"$work/$name.expected"
  "$RESLAB" trace "$spec" --format isolationtester --pg "$dsn" >"$work/$name.actual" 2>"$work/$name.actual.err"
  actual_rc=$?
  # isolationtester exits 1 where it stops the run; reslab says the same with its bad-input code.
  [[ $expected_rc == 1 ]] && expected_rc=2
  if ! cmp -s "$work/$name.expected" "$work/$name.actual"; then
    echo "FAIL $name: stdout differs (- isolationtester, + reslab)"
    diff -u "$work/$name.expected" "$work/$name.actual" | head -60
    failed=1
  elif ! cmp -s "$work/$name.expected.err" "$work/$name.actual.err"; then
    echo "FAIL $name: stderr differs (- isolationtester, + reslab)"
    diff -u "$work/$name.expected.err" "$work/$name.actual.err" | head -30
    failed=1
  elif [[ $expected_rc != "$actual_rc" ]]; then
    echo "FAIL $name: isolationtester exited $expected_rc (as reslab says it), reslab $actual_rc"
    failed=1
  elif ! same_from_toml "$spec" "$name" "$actual_rc"; then
    echo "FAIL $name: converted to TOML, it prints otherwise (- isolationtester, + reslab on the TOML)"
    diff -u "$work/$name.expected" "$work/$name.from_toml" | head -30
    diff -u "$work/$name.expected.err" "$work/$name.from_toml.err" | head -10
    failed=1
  elif ! "$RESLAB" convert "$spec" --to spec -o "$work/$name.direct.spec" ||
    ! "$RESLAB" convert "$work/$name.toml" --to spec -o "$work/$name.back.spec" ||
    ! cmp -s "$work/$name.direct.spec" "$work/$name.back.spec"; then
    echo "FAIL $name: the spec written from its TOML differs from the one written from the spec"
    diff -u "$work/$name.direct.spec" "$work/$name.back.spec" | head -30
    failed=1
  else
    echo "ok   $name ($(grep -c '^starting permutation:' "$work/$name.actual") permutations, $(wc -l <"$work/$name.actual") lines)"
  fi
done
[[ $count -gt 0 ]] || { echo "no spec fixtures in $SPECS"; exit 1; }
exit $failed
