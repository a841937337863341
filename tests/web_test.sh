#!/usr/bin/env bash
# The page in a browser: builds the site (scripts/web --browser), serves a copy of it on 127.0.0.1 and
# opens it in headless Chromium. ?selftest must hash every preset of every bundled case in both models
# as the native `reslab trace` did, and so must a scenario file served beside the page (?file=); the
# link ?case=h1&model=naive&step=4 must show the case as the native export of that step lays it out
# (tests/web_layout_check.py), and the address must follow as the user steps (tests/web_follow.mjs).
# RESLAB_SKIP_WEB=1 skips it (exit 77: ctest shows it skipped).
set -uo pipefail
if [[ ${RESLAB_SKIP_WEB:-0} == 1 ]]; then
  echo "skipped: RESLAB_SKIP_WEB=1"
  exit 77
fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=$(mktemp -d)
server_pid=
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
failures=0
check() {  # check NAME COMMAND...: one line per check
  local name=$1
  shift
  if "$@"; then echo "ok: $name"; else echo "FAILED: $name"; failures=$((failures + 1)); fi
}

site=$(RESLAB_BUILD_DIR=${BUILD:-$root/build} "$root/scripts/web" --browser 2>"$scratch/build.log" | tail -n 1)
if [[ ! -f $site/index.html ]]; then
  tail -n 40 "$scratch/build.log"
  echo "FAILED: scripts/web built the site"
  exit 1
fi
echo "ok: scripts/web built the site in $site"

# A copy, with a course's own scenario file beside the page.
cp -r "$site" "$scratch/site"
cp "$root/scenarios/h1_last_room.toml" "$scratch/site/course-h1.toml"
cp "$root/tests/data/sql_autocommit_lost_update.toml" "$scratch/site/course-lost.toml"
# ...and one with a string left open on line 3: the loader's error is thrown and caught in the page.
printf 'id = "broken"\nkind = "hotel"\ntitle = "Left open\n' >"$scratch/site/course-broken.toml"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$scratch/site" >"$scratch/http.log" 2>&1 &
server_pid=$!
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/index.html')" 2>/dev/null && break
  sleep 0.1
done
page=http://127.0.0.1:$port/index.html

browser() {  # browser ARGS...: headless Chromium with a profile of its own and software WebGL
  timeout 180 chromium --headless --no-sandbox --user-data-dir="$scratch/profile" --enable-unsafe-swiftshader \
    --use-gl=angle --use-angle=swiftshader --window-size=1600,900 --hide-scrollbars "$@" 2>>"$scratch/chromium.log"
}

# [1] The self-test: the page writes its lines into <pre id="selftest"> and its verdict into the title.
browser --virtual-time-budget=120000 --dump-dom "$page?selftest" >"$scratch/selftest.html"
title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$scratch/selftest.html" | head -n 1)
echo "page title: $title"
self_test_passed() {
  [[ $title =~ ^selftest:\ ([0-9]+)\ passed,\ 0\ failed$ ]] &&
    ((BASH_REMATCH[1] == $(wc -l <"$site/selftest-expected.txt")))
}
self_test_passed || grep -E "FAILED|error" "$scratch/selftest.html" | head -n 20
check "every preset of every bundled case hashes in the page as natively" self_test_passed

# [2] ?file=: a scenario file served beside the page, stepped by the same engine.
browser --virtual-time-budget=60000 --dump-dom "$page?file=course-h1.toml&selftest" >"$scratch/file.html"
file_title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$scratch/file.html" | head -n 1)
echo "page title with ?file=course-h1.toml: $file_title"
h1_runs=$(grep -c '^h1 ' "$site/selftest-expected.txt")
check "a served file's presets hash as the bundled copy's" test "$file_title" = "selftest: $h1_runs passed, 0 failed"

browser --virtual-time-budget=30000 --dump-dom "$page?file=course-broken.toml&selftest" >"$scratch/broken.html"
broken_title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$scratch/broken.html" | head -n 1)
echo "page title with ?file=course-broken.toml: $broken_title"
check "a broken served file is reported with its place, and the page lives on" \
  grep -q 'course-broken.toml:3:' "$scratch/broken.html"
check "...as one failed run" test "$broken_title" = "selftest: 0 passed, 1 failed"

browser --virtual-time-budget=60000 --dump-dom "$page?file=course-lost.toml&selftest" >"$scratch/sql.html"
sql_title=$(sed -n 's:.*<title>\(.*\)</title>.*:\1:p' "$scratch/sql.html" | head -n 1)
echo "page title with ?file=course-lost.toml: $sql_title"
check "a served SQL scenario runs in the page under its SQLite variant" test "$sql_title" = "selftest: 1 passed, 0 failed"
check "...and its self-test line names the test, its permutation and its variant" \
  grep -q '^autocommit_lost_update both_read_first autocommit [0-9a-f]\{16\}$' <(sed -n '/<pre id="selftest">/,/<\/pre>/p' "$scratch/sql.html" | sed 's/<[^>]*>//g')

# [3] A link to a step: the page at H1, naive, step 4 shows what the desktop's export of it shows.
browser --virtual-time-budget=30000 --screenshot="$scratch/page.png" "$page?case=h1&model=naive&step=4" >/dev/null
xvfb-run -a -s "-screen 0 1600x900x24" "${BUILD:-$root/build}/reslab" export h1 --model naive --size 1600x900 \
  --lang en --out "$scratch/native" --quiet >/dev/null 2>&1
check "the link ?case=h1&model=naive&step=4 shows the case laid out as on the desktop" \
  python3 "$root/tests/web_layout_check.py" "$scratch/page.png" "$scratch/native/h1-naive-step04.png"
# An SQL scenario's step: its verdict stands where the desktop draws it.
browser --virtual-time-budget=30000 --screenshot="$scratch/sql.png" "$page?file=course-lost.toml&variant=autocommit&step=4" >/dev/null
xvfb-run -a -s "-screen 0 1600x900x24" "${BUILD:-$root/build}/reslab" export "$root/tests/data/sql_autocommit_lost_update.toml" \
  --variant autocommit --size 1600x900 --lang en --out "$scratch/native" --quiet >/dev/null 2>&1
check "the link ?file=...&variant=autocommit&step=4 shows the SQL scenario and its verdict as on the desktop" \
  python3 "$root/tests/web_layout_check.py" "$scratch/sql.png" "$scratch/native/autocommit_lost_update-autocommit-step04.png"

# The page's own buttons speak the app's language, in the words of its string tables.
label_of() { sed -n '/^\[page\]/,/^\[/s/^'"$2"' = "\(.*\)"$/\1/p' "$root/assets/strings/$1.toml"; }
browser --virtual-time-budget=30000 --dump-dom "$page?case=h1&lang=zh" >"$scratch/zh.html"
check "in Chinese the page's buttons read as zh.toml's [page] labels" \
  grep -qF ">$(label_of zh copy_link)</button>" "$scratch/zh.html"
check "...both of them, and the page's language is Chinese" \
  bash -c 'grep -qF ">$1</button>" "$2" && grep -q "<html lang=\"zh-CN\"" "$2"' _ "$(label_of zh open_file)" "$scratch/zh.html"
browser --virtual-time-budget=30000 --dump-dom "$page?case=h1&lang=en" >"$scratch/en.html"
check "in English they read as en.toml's" grep -qF ">$(label_of en copy_link)</button>" "$scratch/en.html"
# Until the app has loaded, the page's loading line is in the language the app will choose: the link's,
# else the browser's. The page alone (no reslab.js beside it) stays at that line.
mkdir -p "$scratch/site/page-only"
cp "$scratch/site/index.html" "$scratch/site/page-only/"
browser --virtual-time-budget=3000 --dump-dom "http://127.0.0.1:$port/page-only/index.html?lang=zh" >"$scratch/loading-zh.html"
check "while loading, ?lang=zh shows zh.toml's loading line" \
  grep -qF ">$(label_of zh loading)</div>" "$scratch/loading-zh.html"
browser --virtual-time-budget=3000 --dump-dom "http://127.0.0.1:$port/page-only/index.html?lang=en" >"$scratch/loading-en.html"
check "...and ?lang=en en.toml's" grep -qF ">$(label_of en loading)</div>" "$scratch/loading-en.html"
# (A profile of its own: the other's local storage holds the settings the app saved there.)
timeout 180 chromium --headless --no-sandbox --user-data-dir="$scratch/profile-zh" --lang=zh-CN --accept-lang=zh-CN \
  --virtual-time-budget=3000 --dump-dom "http://127.0.0.1:$port/page-only/index.html" \
  >"$scratch/loading-browser.html" 2>>"$scratch/chromium.log"
check "...and a browser in Chinese, with no lang in the link, the Chinese one" \
  grep -qF ">$(label_of zh loading)</div>" "$scratch/loading-browser.html"

# [4] The address follows the user as they step; the keys do not scroll the page.
node_flags=()  # Node 20 has its WebSocket client behind a flag; Debian 12's Node 18 uses node-ws
node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' ||
  ! node --experimental-websocket -e '' 2>/dev/null || node_flags=(--experimental-websocket)
if ! node "${node_flags[@]}" "$root/tests/web_follow.mjs" "$page" "$scratch/follow-profile" 2>/dev/null; then
  failures=$((failures + 1))
fi
[[ -n ${RESLAB_WEB_SCREENSHOT:-} ]] && cp "$scratch/page.png" "$RESLAB_WEB_SCREENSHOT"

((failures == 0))
