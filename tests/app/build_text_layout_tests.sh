#!/bin/sh
# Builds and runs the text layout tests with g++ alone, one compiler at a time (the machine is shared):
#   text_layout_tests   app/text_layout.cpp on its own, no ImGui
#   wrapped_text_tests  the ImGui widgets in a headless context with Noto Sans CJK SC
# Options: --bench also builds and runs bench/text_layout_bench.cpp (Google Benchmark);
#          --sanitize builds with AddressSanitizer and UndefinedBehaviorSanitizer.
# Output goes to build-text-layout/ at the repository root (ignored by git); BUILD_DIR overrides it.
# Extra arguments after -- go to both test programs (doctest options, e.g. -- -s).
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
out=${BUILD_DIR:-$root/build-text-layout}
bench=0
sanitize=0
while [ $# -gt 0 ]; do
  case $1 in
    --bench) bench=1 ;;
    --sanitize) sanitize=1 ;;
    --) shift; break ;;
    *) echo "usage: $0 [--bench] [--sanitize] [-- doctest options]" >&2; exit 2 ;;
  esac
  shift
done

flags="-std=c++20 -O2 -Wall -Wextra -Wpedantic -Werror -I$root"
if [ "$sanitize" = 1 ]; then
  flags="$flags -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  out=$out-sanitize
fi
imgui_cflags=$(pkg-config --cflags imgui)
imgui_libs=$(pkg-config --libs imgui)
mkdir -p "$out"

# compile SOURCE [extra flags]: one object per source, compiled again only when its source or a header of
# the repository is newer (headers change rarely here; this keeps the rule simple).
compile() {
  source=$1
  shift
  object=$out/$(echo "$source" | tr / _ | sed 's/\.cpp$/.o/')
  if [ ! -f "$object" ] ||
    [ -n "$(find "$root/$source" -newer "$object")" ] ||
    [ -n "$(find "$root/app" "$root/tests/app" -name '*.hpp' -newer "$object" | head -n 1)" ]; then
    echo "g++ $source" >&2
    # shellcheck disable=SC2086 # the flag lists are meant to split
    g++ $flags "$@" -c "$root/$source" -o "$object"
  fi
  echo "$object"
}

test_main=$(compile tests/test_main.cpp)
text_layout=$(compile app/text_layout.cpp)

layout_test=$(compile tests/app/text_layout_test.cpp)
# shellcheck disable=SC2086
g++ $flags "$test_main" "$layout_test" "$text_layout" -o "$out/text_layout_tests"

# shellcheck disable=SC2086
wrapped_text=$(compile app/wrapped_text.cpp $imgui_cflags)
# shellcheck disable=SC2086
widgets=$(compile app/widgets.cpp $imgui_cflags)
# shellcheck disable=SC2086
wrapped_test=$(compile tests/app/wrapped_text_test.cpp $imgui_cflags)
# shellcheck disable=SC2086
g++ $flags "$test_main" "$wrapped_test" "$wrapped_text" "$widgets" "$text_layout" $imgui_libs \
  -o "$out/wrapped_text_tests"

"$out/text_layout_tests" "$@"
"$out/wrapped_text_tests" "$@"

if [ "$bench" = 1 ]; then
  # shellcheck disable=SC2086
  bench_object=$(compile bench/text_layout_bench.cpp $imgui_cflags)
  # shellcheck disable=SC2086
  g++ $flags "$bench_object" "$wrapped_text" "$widgets" "$text_layout" $imgui_libs -lbenchmark -lpthread \
    -o "$out/text_layout_bench"
  "$out/text_layout_bench"
fi
