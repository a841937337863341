#!/usr/bin/env bash
# End-to-end checks of the reslab command line: output, exit codes, stderr.
# Needs RESLAB (the binary), SCENARIOS and DATA (folders) in the environment.
set -u
failures=0
checks=0
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

run() { "$RESLAB" "$@" >"$out" 2>"$err"; echo $?; }
check() {  # check NAME CONDITION...
  local name=$1; shift
  checks=$((checks + 1))
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
has() { grep -qF -- "$1" "$2"; }

code=$(run trace h1 --model naive --preset article --format markdown --lang en)
check "naive h1 seed exits 0" test "$code" = 0
check "naive h1 row 1: A reads 1" has "| 1 | 0 s | Request A reads 1 | 1 | 1 | 0 | 0 | \`read\` |" "$out"
check "naive h1 row 2: B reads 1" has "| 2 | 0 s | Request B reads 1 | 1 | 1 | 0 | 0 | \`read\` |" "$out"
check "naive h1 row 3: A writes 0" has "| 3 | 0 s | Request A writes 0, accepts | 1 | 0 | 0 | 1 | \`accepted\` | ✓" "$out"
check "naive h1 row 4 breaks the invariant" has "| 4 | 0 s | Request B writes 0, also accepts | 1 | 0 | 0 | 2 | \`accepted\` | ✗ available + active holds + sold = capacity: 0 + 2 + 0 != 1 |" "$out"

check "the Markdown trace explains each step" has "#### Step 1 at 0 s: Request A reads inventory" "$out"
check "a step's explanation follows its heading" has "A reads available = 1 and remembers it." "$out"
check "the Markdown trace gives both models in one line each" has "- **atomic (conditional update)** (\`atomic\`): BEGIN IMMEDIATE" "$out"
check "the Markdown trace ends with the questions" has "2. The conditional UPDATE is safe for one row." "$out"

code=$(run trace h2 --at payment=8 --lang en)
check "a callback moved before the payment it reports exits 2" test "$code" = 2
check "and says which fact it breaks" has "payment reports what happened at 9 s (paid_at), so it cannot run before 9 s" "$err"

code=$(run trace h1 --model atomic --preset article --lang en)
check "atomic h1 accepts A and rejects B" has "| 3 | 0 s | Request A inserts hold #1, commits, accepts | 1 | 0 | 0 | 1 | \`accepted\`; Request B wakes: \`rejected\` |" "$out"
check "the Markdown trace says whom a step woke and why" has "*This woke Request B, who finished its event: rejected*" "$out"
code=$(run trace h2 --lang zh)
check "the Chinese Markdown trace explains each step" has "### 逐步说明：为什么" "$out"
check "the Chinese Markdown trace carries the events' notes" has "> 同一笔支付以新的事件 ID 再次通知。" "$out"
check "the Chinese Markdown trace has the questions" has "### 讨论" "$out"

code=$(run trace h1 --backend oracle)
check "an unknown backend exits 2" test "$code" = 2
check "the error names the backends" has "--backend must be sqlite, postgres or mariadb, not 'oracle'" "$err"
code=$(run trace h1 --model atomic --format json)
check "a SQLite trace says its backend" has '"backend": "sqlite"' "$out"
check "a SQLite trace has no server version" has '"server_version": null' "$out"
code=$(run trace h1 --backend postgres --pg "host=/nonexistent/reslab-no-server port=1 password=hunter2")
check "a DSN that does not connect exits 1" test "$code" = 1
check "its error hides the password" bash -c "! grep -q hunter2 '$err' && grep -q 'password=\*\*\*' '$err'"

code=$(run trace h1 --pg "host=/nonexistent/reslab-no-server port=1")
check "a DSN alone means PostgreSQL (it is tried, not ignored)" bash -c "test $code = 1 && grep -q 'cannot connect to PostgreSQL' '$err'"
code=$(run trace h1 --backend sqlite --pg "host=/nonexistent/reslab-no-server")
check "a DSN with --backend sqlite exits 2" test "$code" = 2
check "and says the DSN goes with PostgreSQL" has "--pg names a PostgreSQL server" "$err"
code=$(run trace h9)
check "an unknown bundled id exits 2" test "$code" = 2
check "and lists every bundled id" has "the bundled ones are h1, h2, h3, h3b, h4, h5_1, h5_2, h5_3, h5_4, h5_5, h5_6, h6, h7, h8, t2, t3, t4," "$err"

code=$(run trace h1 --model atomic --order A1,B1,B2,A2)
check "an order with a waiting actor's event exits 2" test "$code" = 2
check "the error names the step and the lock holder" has "step 3: B2 cannot run: B is waiting at B1 for the lock held by A (A1)" "$err"

code=$(run trace h2 --model atomic --preset article --format json --lang en)
check "json trace exits 0" test "$code" = 0
for key in scenario model lang order initial steps trace_hash; do
  check "json has top-level $key" has "\"$key\":" "$out"
done
for key in index time actor event outcome explanation wakes figures invariants tables open_transactions sql; do
  check "json steps have $key" has "\"$key\":" "$out"
done
hash_en=$(grep -o '"trace_hash": "[0-9a-f]*"' "$out")
code=$(run trace h2 --model atomic --preset article --format json --lang zh)
hash_zh=$(grep -o '"trace_hash": "[0-9a-f]*"' "$out")
check "the trace hash is the same in both languages" test -n "$hash_en" -a "$hash_en" = "$hash_zh"
check "--lang zh speaks Chinese" has "不再创建退款" "$out"

code=$(LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= "$RESLAB" trace h2 >"$out" 2>"$err"; echo $?)
check "the language defaults to the locale" has "预订状态" "$out"
code=$(LANG= LC_ALL= LC_MESSAGES= "$RESLAB" trace h2 >"$out" 2>"$err"; echo $?)
check "English when the locale says nothing" has "booking state" "$out"

code=$(run trace h2 --at payment=9 --lang en)
check "--at re-sorts the preset by time" has "| 1 | 9 s | Payment callbacks confirms hold #1 |" "$out"

code=$(run trace h1 --model sideways)
check "a bad model exits 2" test "$code" = 2
check "a bad model is explained" has "--model must be naive or atomic" "$err"
code=$(run trace h2 --preset nope)
check "an unknown preset exits 2" test "$code" = 2
check "an unknown preset lists the presets" has "unknown preset 'nope' (presets: article, refund-done" "$err"
code=$(run trace h1 --order A1,,B1)
check "an empty order item exits 2" test "$code" = 2
code=$(run trace h1 --at A1)
check "a malformed --at exits 2" test "$code" = 2
code=$(run trace nosuchcase)
check "an unknown scenario exits 2" test "$code" = 2
code=$(run trace h1 --no-such-flag)
check "an unknown flag exits 2" test "$code" = 2

code=$(run check "$SCENARIOS"/*.toml)
check "bundled scenarios pass check" test "$code" = 0
check "check reports ok" has "h1_last_room.toml: ok" "$out"
code=$(run check "$DATA/bad_unknown_actor.toml")
check "a bad scenario fails check with exit 2" test "$code" = 2
check "check gives file:line:col" has "bad_unknown_actor.toml:14:9: unknown actor 'C'" "$err"
code=$(run check)
check "check without files exits 2" test "$code" = 2
check "and prints its usage" bash -c "grep -q 'Usage:' '$err' && grep -q 'give one or more scenario files or bundled ids' '$err'"
code=$(run check h1 "$DATA/bad_unknown_actor.toml" t4)
check "check takes bundled ids" has "h1_last_room.toml: ok (h1, 2 actors, 4 events, 2 presets)" "$out"
check "a good file after a bad one still gets its ok line" has "t4_lease_lock.toml: ok" "$out"
check "check of a good, a bad and a good file exits 2" test "$code" = 2
code=$(run check "$DATA/one_of_each.toml")
check "one actor is an actor" has "one_of_each.toml: ok (one_of_each, 1 actor, 1 event, 1 preset, 1 warning)" "$out"
code=$(run check "$DATA/bad_initial_row.toml")
check "an initial row the schema rejects fails check" test "$code" = 2
check "the rejected row is named with its position" has "bad_initial_row.toml:15:1: initial row of room_inventory rejected: CHECK constraint failed: available >= 0 (SQLITE_CONSTRAINT_CHECK)" "$err"
code=$(run check "$DATA/waiting_preset.toml")
check "a preset that stops in one model passes check" test "$code" = 0
check "check warns where a preset stops" has "warning: preset 'b-skips-ahead' stops under atomic: step 3: B2 cannot run: B is waiting at B1" "$err"
code=$(run trace "$DATA/bad_unknown_actor.toml")
check "trace of a bad scenario exits 2" test "$code" = 2

# A bad scenario opens the window on H1 with the error shown, as the picker does; the terminal hears of it.
code=$(env -u DISPLAY -u WAYLAND_DISPLAY "$RESLAB" "$DATA/bad_unknown_actor.toml" >"$out" 2>"$err"; echo $?)
check "opening a bad scenario names its position and opens H1 instead" \
  bash -c "grep -q 'bad_unknown_actor.toml:' '$err' && grep -q 'opening H1 instead' '$err'"
check "without a display, opening a bad scenario still says how to get one" bash -c "test $code = 1 && grep -q 'xvfb-run' '$err'"
# The sanitizer twin skips the one run that draws a window: Mesa's software renderer, loaded and
# unloaded at run time, leaves allocations LeakSanitizer reports without a name (the first pass runs it).
if command -v xvfb-run >/dev/null && [[ ${WINDOW_RUNS:-1} == 1 ]]; then
  code=$(xvfb-run -a "$RESLAB" "$DATA/bad_unknown_actor.toml" --first-frame-only >"$out" 2>"$err"; echo $?)
  check "with a display, a bad scenario opens the window (on H1)" test "$code" = 0
fi
code=$(env -u DISPLAY -u WAYLAND_DISPLAY "$RESLAB" h1 >"$out" 2>"$err"; echo $?)
check "without a display the app says how to get one" bash -c "test $code = 1 && grep -q 'xvfb-run' '$err'"
code=$(run export h1 --out /tmp --size 10x10)
check "export rejects a bad size before opening a window" test "$code" = 2
code=$(run export h1 --out /tmp --model sideways)
check "export rejects a bad model" test "$code" = 2
handout_dir=$(mktemp -d)
code=$(run handout h1 --out "$handout_dir/pages" --lang fr)
check "handout rejects a bad language before opening a window" test "$code" = 2
check "handout names the languages it speaks" has "--lang must be zh or en, not 'fr'" "$err"
code=$(run handout nosuchcase --out "$handout_dir/pages")
check "handout of an unknown case exits 2" test "$code" = 2
code=$(run handout "$DATA/bad_unknown_actor.toml" --out "$handout_dir/pages")
check "handout of a broken file gives its position" bash -c "test $code = 2 && grep -q 'bad_unknown_actor.toml:14:9' '$err'"
code=$(run handout h1 --all --out "$handout_dir/pages")
check "handout refuses a case and --all together" test "$code" = 2
code=$(run handout --out "$handout_dir/pages")
check "handout without a case or --all says what to give" bash -c "test $code = 2 && grep -q -- '--all for every bundled case' '$err'"
check "bad handout input writes nothing" test ! -e "$handout_dir/pages"
printf 'my notes\n' >"$handout_dir/plain"
code=$(run handout h1 --out "$handout_dir/plain/pages")
check "handout into a folder that cannot be made exits 2" test "$code" = 2
check "handout leaves the file in the way untouched" test "$(cat "$handout_dir/plain")" = "my notes"
code=$(env -u DISPLAY -u WAYLAND_DISPLAY "$RESLAB" handout h1 --out "$handout_dir/pages" >"$out" 2>"$err"; echo $?)
check "handout without a display says how to get one" bash -c "test $code = 1 && grep -q 'reslab handout. need a display' '$err'"
check "handout without a display writes no page" test -z "$(ls -A "$handout_dir/pages" 2>/dev/null)"
rm -rf "$handout_dir"

# T1: the live seat race (real threads on a real SQLite file).
code=$(run race --threads 4 --rounds 20 --model atomic)
check "race atomic exits 0" test "$code" = 0
for line in "version     reslab " "inputs      seat=A1 threads=4 rounds=20 model=atomic" "input hash  " \
            "max winners                    1" "rounds with multiple winners   0" "busy retries" "seconds" \
            "verdict     atomic: exactly one winner in every round" "exit code   0"; do
  check "race text prints '$line'" has "$line" "$out"
done
code=$(run race --threads 4 --rounds 20 --model naive --format json)
check "race naive json exits 0" test "$code" = 0
for key in version inputs input_hash threads rounds model max_winners rounds_with_multiple_winners busy_retries seconds; do
  check "race json has $key" has "\"$key\":" "$out"
done
check "race naive json: 4 winners in a round" has '"max_winners": 4,' "$out"
check "race naive json: every round oversold" has '"rounds_with_multiple_winners": 20,' "$out"
hash_naive=$(grep -o '"input_hash": "[0-9a-f]*"' "$out")
code=$(run race --threads 4 --rounds 20 --model naive --format json)
check "the race input hash is the same on every run" test -n "$hash_naive" -a "$hash_naive" = "$(grep -o '"input_hash": "[0-9a-f]*"' "$out")"
for bad in "--threads 1" "--threads 65" "--rounds 0" "--rounds 100001" "--model sideways" "--format xml" "--threads many"; do
  code=$(run race $bad)
  check "race $bad exits 2" test "$code" = 2
done
code=$(run race --model sideways)
check "race explains a bad model" has "--model must be naive or atomic" "$err"
race_dir=$(mktemp -d)
printf 'my notes\n' >"$race_dir/notes.txt"
code=$(run race --rounds 2 --db "$race_dir/notes.txt")
check "race refuses an existing file that is not a race database" test "$code" = 2
check "race says the file is not a race database" has "is not a reslab race database" "$err"
check "race leaves that file untouched" test "$(cat "$race_dir/notes.txt")" = "my notes"
code=$(run race --rounds 2 --db "$race_dir/missing/race.db")
check "race with an unwritable --db exits 2" test "$code" = 2
code=$(run race --threads 2 --rounds 3 --db "$race_dir/race.db")
check "race with a new --db exits 0 and keeps the file" bash -c "test $code = 0 && test -s '$race_dir/race.db'"
code=$(run race --threads 2 --rounds 3 --model naive --db "$race_dir/race.db")
check "race runs again on its own --db" test "$code" = 0
rm -rf "$race_dir"

# L1: the flash-sale load lab on a reduced workload (real threads on a real SQLite file).
small="--seats 2000 --intents 3000 --threads 4"
code=$(run load $small --no-baseline)
check "load atomic exits 0" test "$code" = 0
for line in "version        reslab " "inputs         seats=2000 intents=3000 hot_share=0.8 hot_seats=0.1 seed=3" \
            "workload hash  " "hold latency after admission" "end to end from arrival" "busy retries" \
            "oversold seats                 0 " "database size" "verdict        atomic: 0 seats oversold" \
            "exit code      0"; do
  check "load text prints '$line'" has "$line" "$out"
done
code=$(run load $small --format json)
check "load json exits 0" test "$code" = 0
for key in version inputs workload_hash engine threads intents seconds intents_per_s latency_ms end_to_end_ms \
           accepted rejected busy_retries oversold db_bytes baseline_tx_per_s ratio_to_baseline; do
  check "load json has $key" has "\"$key\":" "$out"
done
for key in p50 p95 p99 max; do
  check "load json latency has $key" has "\"$key\":" "$out"
done
check "load json: the default engine is the queue" has '"engine": "queue",' "$out"
check "load json: atomic oversells nothing" has '"oversold": 0,' "$out"
hash_load=$(grep -o '"workload_hash": "[0-9a-f]*"' "$out")
code=$(run load $small --engine race --no-baseline --format json)
check "the same seed gives the same workload hash on another engine" \
  test -n "$hash_load" -a "$hash_load" = "$(grep -o '"workload_hash": "[0-9a-f]*"' "$out")"
code=$(run load $small --seed 4 --no-baseline --format json)
check "another seed gives another workload hash" test "$hash_load" != "$(grep -o '"workload_hash": "[0-9a-f]*"' "$out")"
code=$(run load $small --model naive --no-baseline --format json)
check "load naive exits 0" test "$code" = 0
check "load naive runs on the race engine" has '"engine": "race",' "$out"
code=$(run load $small --rate 20000 --no-baseline)
check "load open loop exits 0" test "$code" = 0
check "load open loop says so" has "open loop at 20,000 intents/s" "$out"
for bad in "--seats 0" "--intents 0" "--intents many" "--hot-share 2" "--hot-seats 0" "--threads 0" "--threads 65" \
           "--rate -5" "--batch 0" "--hold-seconds 0" "--model sideways" "--engine bus" "--format xml" \
           "--synchronous off" "--checkpoint never" "--model naive --engine queue"; do
  code=$(run load $bad)
  check "load $bad exits 2" test "$code" = 2
done
for bad in "--synchronous-commit maybe" "--backend postgres --pg-data /tmp/pg" "--backend postgres --db x.db" \
           "--synchronous-commit off" "--backend sqlite --pg host=/nonexistent"; do
  code=$(run load $bad)
  check "load $bad exits 2" test "$code" = 2
done
code=$(run load --backend postgres --pg-data /tmp/pg)
check "load says why the data folder cannot be under /tmp" has "not under /tmp" "$err"
code=$(run load $small --no-baseline --backend postgres --pg "host=/nonexistent/reslab-no-server port=1 password=hunter2")
check "load on a DSN that does not connect exits 1 and hides the password" \
  bash -c "test $code = 1 && ! grep -q hunter2 '$err' && grep -q 'cannot connect to PostgreSQL' '$err'"
code=$(run race --rounds 2 --backend postgres --db "x.db")
check "race --backend postgres with --db exits 2" test "$code" = 2
code=$(run load --model naive --engine queue)
check "load explains why naive needs the race engine" has "runs on --engine race" "$err"
code=$(run load --hot-share 2)
check "load names the option out of range" has "--hot-share must be between 0 and 1, not 2" "$err"
load_dir=$(mktemp -d)
printf 'my notes\n' >"$load_dir/notes.txt"
code=$(run load $small --db "$load_dir/notes.txt")
check "load refuses an existing file that is not a load database" test "$code" = 2
check "load says the file is not a load database" has "is not a reslab load database" "$err"
check "load leaves that file untouched" test "$(cat "$load_dir/notes.txt")" = "my notes"
code=$(run load $small --db "$load_dir/missing/load.db")
check "load with an unwritable --db exits 2" test "$code" = 2
code=$(run load $small --no-baseline --db "$load_dir/load.db")
check "load with a new --db exits 0 and keeps the file" bash -c "test $code = 0 && test -s '$load_dir/load.db'"
code=$(run load $small --no-baseline --engine race --db "$load_dir/load.db")
check "load runs again on its own --db" test "$code" = 0
check "load leaves nothing else beside its --db" test "$(ls "$load_dir" | sort | tr '\n' ' ')" = "load.db notes.txt "
rm -rf "$load_dir"

# explore: every order's result, as a separate `reslab trace --order` gives it (exit 0 and the same
# trace hash when it can run, exit 2 when an actor would act while waiting), for every order of these
# cases' first presets in both models.
explore_agrees() {  # explore_agrees CASE
  local json runs line order model runnable hash code
  json=$(mktemp)
  "$RESLAB" explore "$1" --format json >"$json" || return 1
  # One line per run, "ORDER MODEL RUNNABLE HASH", read off the indented JSON (no JSON tool needed).
  runs=$(sed -n '/"runs": \[/,$p' "$json" | awk '
    /"order": \[/ { in_order = 1; order = ""; next }
    in_order && /\]/ { in_order = 0; next }
    in_order { gsub(/[ ",]/, ""); order = order (order == "" ? "" : ",") $0; next }
    /"model":/ { gsub(/[ ",]/, "", $2); model = $2 }
    /"runnable":/ { runnable = ($2 ~ /true/) ? 1 : 0 }
    /"trace_hash":/ { gsub(/[ ",]/, "", $2); print order, model, runnable, $2 }')
  rm -f "$json"
  [[ -n $runs ]] || return 1
  while read -r order model runnable hash; do
    code=$(run trace "$1" --model "$model" --order "$order" --format json)
    if [[ $runnable == 1 ]]; then
      [[ $code == 0 ]] && grep -qF "\"trace_hash\": \"$hash\"" "$out" || { echo "  $1 $model $order: $code" >&2; return 1; }
    else
      [[ $code == 2 ]] || { echo "  $1 $model $order should not run: $code" >&2; return 1; }
    fi
  done <<<"$runs"
}
for case_id in h1 h2 h4 h7 h8 t3 t4; do
  check "explore's orders of $case_id run as reslab trace --order runs them" explore_agrees "$case_id"
done
code=$(run explore h1 --lang en)
check "explore h1 exits 0" test "$code" = 0
check "explore h1 counts the naive orders that oversell" has "| naive read-write | 6 | 6 | 0 | 4 |" "$out"
check "explore h1 counts the atomic orders that cannot happen" has "| atomic (conditional update) | 6 | 4 | 2 | 0 | none |" "$out"
check "explore says who would act while waiting for whom" has "Request B would have to act while it waits for Request A" "$out"
check "explore gives the command that steps a harmful order" has "\`reslab trace h1 --model naive --order A1,B1,A2,B2\`" "$out"
code=$(run explore h1 --lang zh)
check "explore speaks Chinese" has "| 朴素读写 | 6 | 6 | 0 | 4 |" "$out"
code=$(run explore t2 --limit 10 --seed 3 --format json)
check "explore above --limit runs a sample and says so" bash -c "grep -q '\"sampled\": true' '$out' && grep -q '\"explored\": 10' '$out'"
code=$(run explore h1 --limit 0)
check "explore --limit 0 exits 2" test "$code" = 2
code=$(run explore h1 --events some)
check "explore --events takes only all" bash -c "test $code = 2 && grep -qF -- \"--events takes 'all'\" '$err'"
code=$(run explore h1 --preset nope)
check "explore with an unknown preset exits 2" test "$code" = 2

# SQL scenarios and the isolation lab (SQLite: no server needed).
iso="$SCENARIOS/isolation"
code=$(run isolation --backend sqlite --lang en)
check "isolation on SQLite exits 0" test "$code" = 0
check "isolation prints one row per test" has "| g2-three | prevented (wait, SQLITE_BUSY) | prevented (wait) | prevented (SQLITE_BUSY_SNAPSHOT) | prevented (wait) |" "$out"
check "isolation explains each SQLite variant" has "- **p4, deferred, WAL**: T2 reads from its snapshot" "$out"
code=$(run isolation --backend sqlite --format json)
check "isolation JSON names test, variant, anomaly, how" bash -c "grep -q '\"test\": \"g-single-write\"' '$out' && grep -q '\"variant\": \"immediate, WAL\"' '$out' && grep -q '\"anomaly\": false' '$out'"
code=$(run isolation --backend sqlite --lang zh)
check "isolation speaks Chinese" has "| g0 | 已阻止（等待） |" "$out"
code=$(run trace "$iso/p4_lost_update.toml" --variant sqlite-deferred --lang en)
check "an SQL trace shows a statement SQLite fails rather than waits for" has "SQLITE_BUSY: database is locked (this transaction holds a read lock" "$out"
check "an SQL trace shows the wake-up in the step that released the lock" has "| 6 | T2 | t2_commit (done) | \`COMMIT\` → SQLITE_DONE<br>T1: \`COMMIT\` → SQLITE_DONE | T1 goes on and finishes t1_commit" "$out"
code=$(run trace "$iso/g1a_aborted_reads.toml" --variant sqlite-deferred --format json)
check "an SQL trace in JSON gives each step's rows" has '"rows": [' "$out"
code=$(run trace p4 --variant sqlite-immediate --order t1_read,t2_read,t1_write,t1_commit --lang en)
check "an SQL trace runs an order given by hand, the test named by its Hermitage name" bash -c "test $code = 0 && grep -qF 'Steps in this order: \`t1_read, t2_read, t1_write, t1_commit\`' '$out'"
code=$(run trace p4 --order t1_write,t1_read)
check "an order that breaks a session's own order exits 2 and says which step comes first" bash -c "test $code = 2 && grep -qF 't1_read comes before t1_write' '$err'"
code=$(run trace p4 --variant sqlite-deferred --format json)
check "an SQL trace in JSON carries its trace hash" has '"trace_hash": "' "$out"
code=$(run export p4 --model sqlite-deferred,pg-nope --out "$out.dir")
check "export of an SQL scenario takes variant ids and refuses an unknown one before any window" bash -c "test $code = 2 && grep -qF \"no variant 'pg-nope'\" '$err' && test ! -e '$out.dir'"
code=$(run export h1 --variant sqlite-deferred --out "$out.dir")
check "--variant is for SQL scenarios" bash -c "test $code = 2 && grep -qF -- '--variant is for SQL scenarios' '$err'"
code=$(run trace "$iso/g1a_aborted_reads.toml" --variant pg-nope)
check "an unknown variant exits 2" test "$code" = 2
code=$(run trace "$iso/g1a_aborted_reads.toml" --permutation 2)
check "a file's own permutations are the only ones" bash -c "test $code = 2 && grep -qF -- '--permutation must be 1 to 1' '$err'"
code=$(run check "$iso/g0_write_cycles.toml" "$iso/g2_three_transactions.toml")
check "check runs an SQL file's SQLite variants against its expectations" has "g2_three_transactions.toml: ok (g2-three, sql, 3 sessions, 7 steps, 4 of 10 variants run on sqlite)" "$out"
sed 's/how = "SQLITE_BUSY_SNAPSHOT"/how = "wait"/' "$iso/g2_three_transactions.toml" >"$out.toml"
code=$(run check "$out.toml")
check "an expectation the run does not meet is an error at the expectation" bash -c "test $code = 2 && grep -q 'variant sqlite-wal-deferred: expected how = \"wait\", the run gives \"SQLITE_BUSY_SNAPSHOT\"' '$err'"
printf 'kind = "sql"\nid = "x"\ntitle = { en = "X", zh = "X" }\n[[sessions]]\nid = "A"\nsteps = [{ name = "a1", sql = "SELECT 1; ATTACH \x27/tmp/x\x27 AS x" }]\n[[variants]]\nid = "v"\nbackend = "sqlite"\nlevel = "l"\nbegin = "BEGIN"\n' >"$out.toml"
code=$(run trace "$out.toml")
check "a hostile step is an error at its file:line:col" bash -c "test $code = 2 && grep -q '$out.toml:6:42: step a1 (session A): the lab refused' '$err'"
rm -f "$out.toml"
code=$(run check "$DATA/sql_last_room.toml")
check "the worked example of SCENARIOS.md section 16 meets its expectations" test "$code" = 0
code=$(run explore "$DATA/sql_last_room.toml" --lang en)
check "explore runs every interleaving of an SQL scenario under each variant" has "| immediate, rollback journal | 18 / 20 | prevented (wait) |" "$out"
# isolationtester's spec files (docs/SCENARIOS.md section 17); what needs PostgreSQL is in the
# postgres_isolationtester test.
code=$(run trace "$DATA/spec/row_lock_wait.spec" --backend sqlite --lang en)
check "a .spec whose SQL SQLite runs traces on SQLite" bash -c "test $code = 0 && grep -qF '| 2 | s2 | s2u (waits) |' '$out'"
code=$(run trace "$DATA/spec/repeated_step.spec" --backend sqlite --lang en)
check "a .spec permutation that lists a step twice traces both runs, each with its rows" bash -c "test $code = 0 && grep -qF '| 1 | s1 | s1read (done) | \`SELECT free FROM rooms WHERE id = 1\` → SQLITE_DONE, 1 row: (1) |' '$out' && grep -qF '| 3 | s1 | s1read (done) | \`SELECT free FROM rooms WHERE id = 1\` → SQLITE_DONE, 1 row: (1) |' '$out'"
code=$(run trace "$DATA/spec/repeated_step.spec" --backend sqlite --permutation 3 --format json)
check "...and a (*) marker in JSON: reported waiting at its step, completed at the next" bash -c "test $code = 0 && grep -qF '\"markers\": \"(*)\"' '$out' && grep -qF '\"entries\": [' '$out'"
code=$(run check "$DATA/spec/repeated_step.spec" --backend sqlite)
check "reslab check runs a .spec permutation that repeats a step" bash -c "test $code = 0 && grep -qF 'repeated_step.spec: ok' '$out'"
code=$(run trace "$DATA/spec/deadlock.spec" --backend sqlite)
check "a .spec SQLite cannot run says which statement" bash -c "test $code = 2 && grep -qF 'deadlock.spec:16:17: SQLite cannot run session s1'\''s setup' '$err'"
code=$(run trace "$DATA/sql_last_room.toml" --format isolationtester)
check "--format isolationtester refuses a file without isolationtester's rules" bash -c "test $code = 2 && grep -qF 'is neither' '$err'"
code=$(run convert "$DATA/spec/blockers.spec" -o "$out.toml")
check "convert writes a .spec as TOML" bash -c "test $code = 0 && grep -qF 'steps = [\"s1lock\", \"s2read(*)\"' '$out.toml'"
code=$(run check "$out.toml" --backend sqlite)
check "...which checks as an SQL scenario" test "$code" = 0
code=$(run convert "$out.toml" -o "$out.spec")
check "...and converts back to the same permutations" bash -c "test $code = 0 && grep -qF 'permutation s1lock s2read(*) s2write s1commit s3read' '$out.spec'"
code=$(run convert "$DATA/sql_last_room.toml" --to spec --variant sqlite-deferred)
check "convert refuses a variant of another backend than PostgreSQL, naming PostgreSQL's" bash -c "test $code = 2 && grep -qF \"variant 'sqlite-deferred' runs on sqlite, and a .spec runs on PostgreSQL: choose one of pg-rc, pg-rr\" '$err'"
code=$(run convert "$DATA/sql_autocommit_lost_update.toml" --to spec)
check "...and a file with no PostgreSQL variant" bash -c "test $code = 2 && grep -qF 'has no PostgreSQL variant, and a .spec runs on PostgreSQL' '$err'"
rm -f "$out.toml" "$out.spec"
printf 'session s1\nstep a { SELECT 1; }\npermutation a b\n' >"$out.spec"
code=$(run convert "$out.spec")
check "a bad .spec is an error at its file:line:col" bash -c "test $code = 2 && grep -qF '$out.spec:3:15: the permutation names no step \"b\"' '$err'"
rm -f "$out.spec"

for lab in race load; do
  code=$(run "$lab" --backend mariadb)
  check "reslab $lab --backend mariadb is refused (exit 2)" test "$code" = 2
  check "...saying where it runs" has "runs on SQLite and PostgreSQL; MariaDB is not one of its backends yet" "$err"
done

echo "$((checks - failures)) passed, $failures failed"
test "$failures" = 0
