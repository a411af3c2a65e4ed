#!/usr/bin/env bash
# Compiles and runs every code block of README.md as it stands there, through
# the real-time virtual sink (issue 10): the Swift program in a throwaway
# package that depends on this checkout by path, the C program against the
# plugin, Python against the plugin, and the shell and console blocks with
# the CLI on PATH. Blocks marked `<!-- snippet: skip (reason) -->` (they
# change the system, need hardware or run for minutes) are listed with their
# reason. scripts/readme-snippets.py says how each language is handled.
#
# ALSA's `default` device, which the snippets play on, is the sink for this
# run (an extra ALSA configuration file; the machine's stays as it is).
# Reuses the build: the debug CLI in .build/debug (built if missing), the
# plugin's release scratch directory, and the throwaway package's build in
# .build/readme-snippets.
#
# Prints "N passed, M failed" last; exits non-zero if any block failed.
#
# Environment: ALSA_CONFIG_PATH, JACK_DEFAULT_SERVER, JACK_NO_START_SERVER as
# scripts/test.sh sets them; when unset, they are taken from
# scripts/virtual-sink.sh, which is also started (and stopped again) if it is
# not running. INPUTCLICK_PLUGIN_PREFIX: a prefix where this run already
# installed the plugin (scripts/test.sh's), used instead of building it again.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$SECONDS
plugin_prefix=${INPUTCLICK_PLUGIN_PREFIX:-}

work=$(mktemp -d /tmp/inputclick-readme-test.XXXXXX)
started_sink=no
cleanup() {
  if [ "$started_sink" = yes ]; then scripts/virtual-sink.sh stop >/dev/null 2>&1 || true; fi
  # The throwaway package's link back to the checkout goes (its build stays):
  # no tool that walks .build should meet a loop.
  rm -f "$root/.build/readme-snippets/inputclick"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

missing=()
for tool in swift cc pkg-config python3 g++ rustc; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-readme-snippets: missing: ${missing[*]} (run scripts/install-deps.sh)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

# The user's settings must not decide whether the snippets click.
for variable in $(compgen -e | grep '^INPUTCLICK_' || true); do
  case $variable in INPUTCLICK_SINK_NAME | INPUTCLICK_SINK_RUN_DIR) ;; *) unset "$variable" ;; esac
done
export INPUTCLICK_CONFIG=$work/no-settings.conf
export INPUTCLICK_DESKTOP_SETTINGS=off
export PYTHONDONTWRITEBYTECODE=1

# The sink: the one scripts/test.sh started, or one for this run.
saved_alsa_config=${ALSA_CONFIG_PATH:-}
saved_jack_server=${JACK_DEFAULT_SERVER:-}
eval "$(scripts/virtual-sink.sh env)"
if [ -n "$saved_alsa_config" ]; then export ALSA_CONFIG_PATH=$saved_alsa_config; fi
if [ -n "$saved_jack_server" ]; then export JACK_DEFAULT_SERVER=$saved_jack_server; fi
if ! scripts/virtual-sink.sh status >/dev/null 2>&1; then
  scripts/virtual-sink.sh start --watch-pid $$ || { echo "test-readme-snippets: cannot start the virtual sink" >&2; echo "0 passed, 1 failed"; exit 1; }
  started_sink=yes
fi
# `default` plays into the sink, as it plays into a sound card on a desktop.
cat >"$work/default.conf" <<'EOF'
pcm.!default { type plug slave.pcm "inputclick_sink_jack" }
EOF
export ALSA_CONFIG_PATH=$ALSA_CONFIG_PATH:$work/default.conf

# The CLI the shell blocks call as `inputclick`.
if [ ! -x .build/debug/inputclick ]; then
  swift build --product inputclick >"$work/cli.log" 2>&1 || { tail -n 20 "$work/cli.log"; echo "0 passed, 1 failed"; exit 1; }
fi
export PATH=$root/.build/debug:$PATH

# The plugin, for the C and Python blocks and the compilers the shell blocks run.
prefix=$work/prefix
if [ -n "$plugin_prefix" ] && [ -f "$plugin_prefix/.inputclick-plugin-built" ]; then
  prefix=$plugin_prefix
else
  scripts/build-plugin.sh "$prefix" >"$work/plugin.log" 2>&1 ||
    { tail -n 20 "$work/plugin.log"; echo "0 passed, 1 failed"; exit 1; }
fi
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
export INPUTCLICK_LIBRARY=$prefix/lib/libinputclick.so
echo "test-readme-snippets: CLI $(command -v inputclick), plugin $INPUTCLICK_LIBRARY, default = the sink '$JACK_DEFAULT_SERVER'"

mkdir -p "$work/scratch"
python3 scripts/readme-snippets.py README.md "$root/.build/readme-snippets" "$work/scratch"
status=$?
echo "test-readme-snippets: $(( SECONDS - started )) s"
exit $status
