#!/usr/bin/env bash
# Tests the C plugin the way its users meet it: builds and installs it into a
# temporary prefix (scripts/build-plugin.sh), then compiles each language's
# test and example keyboard against that install with pkg-config, and runs
# them through the real-time virtual sink:
#
#   C       gcc, examples/c/       C++   g++, examples/cpp/
#   Rust    rustc, examples/rust/  Python python3 + ctypes, examples/python/
#
# First it checks that the Python and Rust bindings spell every constant of
# inputclick.h with its value (scripts/check-constants.py).
#
# Exits non-zero if any step fails. Each test prints "N passed, M failed".
#
# Environment:
#   INPUTCLICK_TEST_DEVICE   the ALSA PCM to play on; default inputclick_sink
#                            (config/alsa/inputclick-test.conf).
#   INPUTCLICK_PLUGIN_STDLIB static (default) or rpath; see build-plugin.sh.
#   INPUTCLICK_PLUGIN_PREFIX where to build and install the plugin; default a
#                            temporary directory. scripts/test.sh names one of
#                            its own, whose install the later steps then use.
#   ALSA_CONFIG_PATH, JACK_DEFAULT_SERVER, JACK_NO_START_SERVER: as
#                            scripts/test.sh sets them; when unset, they are
#                            taken from scripts/virtual-sink.sh, which is
#                            also started (and stopped again) if it is not running.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
plugin_prefix=${INPUTCLICK_PLUGIN_PREFIX:-}

work=$(mktemp -d /tmp/inputclick-plugin-test.XXXXXX)
started_sink=no
cleanup() {
  if [ "$started_sink" = yes ]; then scripts/virtual-sink.sh stop >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM   # run cleanup (and stop a sink we started) on interruption too

failures=()
step() {
  local name=$1; shift
  echo
  echo "==> plugin: $name"
  if "$@"; then echo "==> plugin: $name: ok"; else echo "==> plugin: $name: FAILED"; failures+=("$name"); fi
}

# Tools: each language needs its compiler.
missing=()
for tool in gcc:gcc g++:g++ rustc:rustc python3:python3 pkg-config:pkg-config; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool%%:*} (Debian package ${tool#*:})")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-plugin: missing tools: ${missing[*]}" >&2
  exit 1
fi

# The user's settings must not leak into the tests: no settings file, no overrides.
for variable in $(compgen -e | grep '^INPUTCLICK_' || true); do
  case $variable in
    INPUTCLICK_TEST_DEVICE | INPUTCLICK_PLUGIN_STDLIB | INPUTCLICK_SINK_NAME | INPUTCLICK_SINK_RUN_DIR) ;;
    *) unset "$variable" ;;
  esac
done
export INPUTCLICK_CONFIG=$work/no-settings.conf
export INPUTCLICK_DESKTOP_SETTINGS=off  # the machine's GNOME/feedbackd settings must not change the outcome
export INPUTCLICK_TEST_DEVICE=${INPUTCLICK_TEST_DEVICE:-inputclick_sink}
export PYTHONDONTWRITEBYTECODE=1
unset INPUTCLICK_LIBRARY

# The sink: use the one scripts/test.sh started, or start one for this run.
if [ -x scripts/virtual-sink.sh ]; then
  # Take the sink's variables, but keep the ones the caller set.
  saved_alsa_config=${ALSA_CONFIG_PATH:-}
  saved_jack_server=${JACK_DEFAULT_SERVER:-}
  eval "$(scripts/virtual-sink.sh env)"
  if [ -n "$saved_alsa_config" ]; then export ALSA_CONFIG_PATH=$saved_alsa_config; fi
  if [ -n "$saved_jack_server" ]; then export JACK_DEFAULT_SERVER=$saved_jack_server; fi
  if ! scripts/virtual-sink.sh status >/dev/null 2>&1; then
    scripts/virtual-sink.sh start --watch-pid $$ || { echo "test-plugin: cannot start the virtual sink" >&2; exit 1; }
    started_sink=yes
  fi
else
  echo "test-plugin: scripts/virtual-sink.sh is not here; testing with whatever device '$INPUTCLICK_TEST_DEVICE' is"
fi

# Build and install into a temporary prefix.
prefix=${plugin_prefix:-$work/prefix}
rm -f "$prefix/.inputclick-plugin-built"
scripts/build-plugin.sh "$prefix" || { echo "test-plugin: building the plugin failed" >&2; exit 1; }
# The later steps reuse this prefix only if the build got to its end (a
# step stopped by its time limit may leave a half-installed one).
touch "$prefix/.inputclick-plugin-built"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
bin=$work/bin
mkdir -p "$bin"

check_pkg_config() {
  local version cflags libs
  version=$(pkg-config --modversion inputclick) || return 1
  cflags=$(pkg-config --cflags inputclick) || return 1
  libs=$(pkg-config --libs inputclick) || return 1
  cflags=${cflags% } libs=${libs% }   # pkg-config ends its output with a space
  echo "inputclick $version: cflags '$cflags', libs '$libs'"
  [ "$cflags" = "-I$prefix/include" ] || { echo "unexpected cflags" >&2; return 1; }
  [[ " $libs " == *" -L$prefix/lib "* && " $libs " == *" -linputclick "* ]] || { echo "unexpected libs" >&2; return 1; }
  [ -L "$prefix/lib/libinputclick.so" ] && [ -L "$prefix/lib/libinputclick.so.0" ] || { echo "symlinks missing" >&2; return 1; }
}

# Flags for rustc from pkg-config: -L becomes -L native=, linker flags pass through.
rustc_link_flags() {
  local flag
  for flag in $(pkg-config --libs inputclick); do
    case $flag in
      -L*) printf '%s\n' "-L" "native=${flag#-L}" ;;
      -l*) ;;  # #[link(name = "inputclick")] in the source names the library
      *) printf '%s\n' "-C" "link-arg=$flag" ;;
    esac
  done
}

compile_c() {
  # shellcheck disable=SC2046
  gcc -std=c11 -Wall -Wextra -Werror -o "$bin/test_c" examples/c/test_inputclick.c $(pkg-config --cflags --libs inputclick) -lpthread &&
    gcc -std=c11 -Wall -Wextra -Werror -o "$bin/keyboard_c" examples/c/keyboard.c $(pkg-config --cflags --libs inputclick) &&
    gcc -std=c11 -Wall -Wextra -Werror -o "$bin/test_realtime_c" examples/c/test_realtime_calls.c $(pkg-config --cflags --libs inputclick) &&
    gcc -std=c11 -Wall -Wextra -Werror -o "$bin/test_log_c" examples/c/test_log.c $(pkg-config --cflags --libs inputclick alsa) -lpthread
}
compile_cpp() {
  # shellcheck disable=SC2046
  g++ -std=c++17 -Wall -Wextra -Werror -o "$bin/test_cpp" examples/cpp/test_inputclick.cpp $(pkg-config --cflags --libs inputclick) -pthread &&
    g++ -std=c++17 -Wall -Wextra -Werror -o "$bin/keyboard_cpp" examples/cpp/keyboard.cpp $(pkg-config --cflags --libs inputclick)
}
compile_rust() {
  local flags
  mapfile -t flags < <(rustc_link_flags)
  rustc --edition 2021 -D warnings -o "$bin/test_rust" examples/rust/test_inputclick.rs "${flags[@]}" &&
    rustc --edition 2021 -D warnings -o "$bin/keyboard_rust" examples/rust/keyboard.rs "${flags[@]}"
}

# Runs a test program and checks its verdict line as well as its exit status.
run_test() {
  local log=$work/$1.log; shift
  timeout 180 env -u LD_LIBRARY_PATH "$@" >"$log" 2>&1
  local status=$?
  grep -v '^ok - ' "$log"
  local verdict
  verdict=$(tail -n 1 "$log")
  if ! [[ $verdict =~ ^[0-9]+\ passed,\ 0\ failed$ ]]; then
    echo "no clean verdict line (exit $status)" >&2
    return 1
  fi
  [ "$status" -eq 0 ]
}

# Runs an example keyboard on a short text; every tap must have played.
run_keyboard() {
  local output
  output=$(printf 'hi <\n' | timeout 60 env -u LD_LIBRARY_PATH "$@" "$INPUTCLICK_TEST_DEVICE" 2>&1) || { echo "$output"; return 1; }
  echo "$output"
  [ "$(grep -o ':plays' <<<"$output" | wc -l)" -eq 5 ] || { echo "expected 5 taps to play" >&2; return 1; }
}

step "the Python and Rust constants agree with inputclick.h" python3 scripts/check-constants.py
step "pkg-config finds the install" check_pkg_config
step "C compiles with gcc" compile_c
step "C++ compiles with g++" compile_cpp
step "Rust compiles with rustc" compile_rust
[ -x "$bin/test_c" ] && step "C test" run_test c "$bin/test_c"
[ -x "$bin/test_log_c" ] && step "one stderr line per fault episode, and the log callback (C)" run_test log "$bin/test_log_c"
[ -x "$bin/test_realtime_c" ] && step "real-time-safe calls make no allocation (C)" run_test realtime "$bin/test_realtime_c"
[ -x "$bin/test_cpp" ] && step "C++ test" run_test cpp "$bin/test_cpp"
[ -x "$bin/test_rust" ] && step "Rust test" run_test rust "$bin/test_rust"
step "Python test (ctypes)" run_test python python3 examples/python/test_inputclick.py
[ -x "$bin/keyboard_c" ] && step "C keyboard example" run_keyboard "$bin/keyboard_c"
[ -x "$bin/keyboard_cpp" ] && step "C++ keyboard example" run_keyboard "$bin/keyboard_cpp"
[ -x "$bin/keyboard_rust" ] && step "Rust keyboard example" run_keyboard "$bin/keyboard_rust"
step "Python keyboard example" run_keyboard python3 examples/python/keyboard.py

echo
if [ ${#failures[@]} -eq 0 ]; then
  echo "test-plugin: all steps passed"
else
  echo "test-plugin: failed steps: ${failures[*]}"
  exit 1
fi
