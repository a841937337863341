#!/usr/bin/env bash
# The real window, driven through the X server as a class drives it: every key of the keys list sent
# by xdotool to the app under Xvfb, once as a tap and once held for 200 ms, each checked by what it did
# (the app's command log, RESLAB_COMMAND_LOG: one line per command with the step and the modes after
# it). A key that is lost, or acts twice, fails. The window opens on a 1024x768 screen with a
# 1600x900 window remembered from a larger one: it must fit the screen.
# Environment: RESLAB (the binary). Needs xvfb-run and xdotool (scripts/setup installs them).
set -euo pipefail

if [[ -z ${RESLAB_KEYS_INNER:-} ]]; then
  exec xvfb-run -a -s "-screen 0 1024x768x24" env RESLAB_KEYS_INNER=1 bash "$0" "$@"
fi

: "${RESLAB:?set RESLAB to the reslab binary}"
scratch=$(mktemp -d)
app_pid=""
cleanup() {
  [[ -n $app_pid ]] && kill "$app_pid" 2>/dev/null && wait "$app_pid" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT

export HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config
mkdir -p "$XDG_CONFIG_HOME/reslab" "$scratch/shots"
cat >"$XDG_CONFIG_HOME/reslab/settings.toml" <<EOF
window_width = 1600
window_height = 900
lang = "en"
screenshot_dir = "$scratch/shots"
EOF

log=$scratch/commands.log
touch "$log"
RESLAB_COMMAND_LOG=$log "$RESLAB" h1 --lang en >"$scratch/app.out" 2>&1 &
app_pid=$!

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Caps a hang, never a duration: a window that never appears fails after a minute.
window=$(timeout 60 xdotool search --sync --onlyvisible --name '^reslab$' | head -1) ||
  { echo "FAIL: the window never appeared" >&2; cat "$scratch/app.out" >&2; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$window")"
if ((WIDTH > 1024 || HEIGHT > 768)); then
  fail "the window is ${WIDTH}x${HEIGHT} on a 1024x768 screen"
else
  echo "ok: the remembered 1600x900 window opens at ${WIDTH}x${HEIGHT} on a 1024x768 screen"
fi
xdotool windowfocus --sync "$window" 2>/dev/null || true
xdotool mousemove --window "$window" 5 5

lines=0
# expect WHAT PATTERN: the next line of the log (waited for, up to a minute) matches PATTERN.
expect() {
  local what=$1 pattern=$2 line=""
  lines=$((lines + 1))
  for ((i = 0; i < 600; i++)); do
    (($(wc -l <"$log") >= lines)) && break
    sleep 0.1
  done
  line=$(sed -n "${lines}p" "$log")
  if [[ -z $line ]]; then
    fail "$what did nothing"
    lines=$(wc -l <"$log")
  elif [[ $line =~ $pattern ]]; then
    echo "ok: $what -> $line"
  else
    fail "$what: expected /$pattern/, the app did: $line"
  fi
}
tap() { xdotool key --window "$window" --clearmodifiers "$1"; }
hold() {
  xdotool keydown --window "$window" "$1"
  sleep 0.2
  xdotool keyup --window "$window" "$1"
}
# both KEY NAME PATTERN_TAP PATTERN_HOLD: the key tapped, then held.
both() {
  tap "$1"
  expect "$2 tapped" "$3"
  hold "$1"
  expect "$2 held" "$4"
}

both Right "Right" '^StepForward -> step 1/4' '^StepForward -> step 2/4'
both Left "Left" '^StepBack -> step 1/4' '^StepBack -> step 0/4'
both space "Space" '^StepForward -> step 1/4' '^StepForward -> step 2/4'
both Prior "Page Up" '^StepBack -> step 1/4' '^StepBack -> step 0/4'
both Next "Page Down" '^StepForward -> step 1/4' '^StepForward -> step 2/4'
tap Home
expect "Home tapped" '^ResetSteps -> step 0/4'
tap Right
expect "Right tapped" '^StepForward -> step 1/4'
hold Home
expect "Home held" '^ResetSteps -> step 0/4'
both 1 "1" '^RunActor -> step 1/4' '^RunActor -> step 2/'
tap Home
expect "Home tapped" '^ResetSteps -> step 0/4'
both 2 "2" '^RunActor' '^RunActor'
tap Home
expect "Home tapped" '^ResetSteps -> step 0/4'
# A click in the timeline (on its axis, or an event: it may jump there) does not take the keys away.
xdotool mousemove --window "$window" 700 100 click 1
sleep 0.5
while (($(wc -l <"$log") > lines)); do
  lines=$((lines + 1))
  echo "ok: the click on the timeline -> $(sed -n "${lines}p" "$log")"
done
xdotool mousemove --window "$window" 5 5
both m "M" '^SetModel -> .* model naive ' '^SetModel -> .* model atomic '
both p "P" '^TogglePredict -> .* predict 1 ' '^TogglePredict -> .* predict 0 '
both c "C" '^ToggleCompare -> .* compare 1 ' '^ToggleCompare -> .* compare 0 '
both Return "Enter" '^TogglePlay -> .* playing 1 ' '^TogglePlay -> .* playing 0 '
both F5 "F5" '^SetPresenting -> .* presenting 1 ' '^SetPresenting -> .* presenting 0 '
tap F5
expect "F5 tapped" '^SetPresenting -> .* presenting 1 '
tap Escape
expect "Esc tapped" '^SetPresenting -> .* presenting 0 '
tap F5
expect "F5 tapped" '^SetPresenting -> .* presenting 1 '
hold Escape
expect "Esc held" '^SetPresenting -> .* presenting 0 '
both b "B" '^ToggleBlank -> .* blank 1 ' '^ToggleBlank -> .* blank 0 '
both period "." '^ToggleBlank -> .* blank 1 ' '^ToggleBlank -> .* blank 0 '
tap b
expect "B tapped" '^ToggleBlank -> .* blank 1 '
tap Right
expect "Right on a blank screen" '^ToggleBlank -> step 0/4 .* blank 0 '
tap question
expect "? tapped" '^ShowHelp -> .* help 1'
tap Escape
expect "Esc tapped" '^CloseHelp -> .* help 0'
hold question
expect "? held" '^ShowHelp -> .* help 1'
hold question
expect "? held again" '^CloseHelp -> .* help 0'
both ctrl+s "Ctrl+S" '^TakeScreenshot' '^TakeScreenshot'
both ctrl+equal "Ctrl+=" '^ZoomBy -> .* zoom 1.10 ' '^ZoomBy -> .* zoom 1.21 '
both ctrl+minus "Ctrl+-" '^ZoomBy -> .* zoom 1.10 ' '^ZoomBy -> .* zoom 1.00 '
tap ctrl+equal
expect "Ctrl+= tapped" '^ZoomBy -> .* zoom 1.10 '
tap ctrl+0
expect "Ctrl+0 tapped" '^ZoomBy -> .* zoom 1.00 '
both F11 "F11" '^ToggleFullScreen' '^ToggleFullScreen'

# Nothing more came than was sent (a key that acted twice would show here).
sleep 0.5
if (($(wc -l <"$log") != lines)); then
  fail "$(($(wc -l <"$log") - lines)) more command(s) than keys sent: $(tail -n +$((lines + 1)) "$log" | tr '\n' ';')"
fi
shots=$(find "$scratch/shots" -name '*.png' | wc -l)
if ((shots == 2)); then
  echo "ok: Ctrl+S tapped and held wrote two screenshots"
else
  fail "Ctrl+S twice wrote $shots screenshot(s), not 2: $(ls "$scratch/shots" | tr '\n' ' ')"
fi

kill -TERM "$app_pid"
status=0
wait "$app_pid" || status=$?
app_pid=""
((status == 0)) || fail "the app exited with $status after SIGTERM"
if ((failures)); then
  echo "$failures failure(s); the app said:" >&2
  cat "$scratch/app.out" >&2
  exit 1
fi
echo "every key did what the keys list says, tapped and held"
