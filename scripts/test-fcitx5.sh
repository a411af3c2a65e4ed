#!/usr/bin/env bash
# Tests the fcitx5 add-on (contrib/fcitx5) headless: builds the C plugin into
# a temporary prefix (scripts/build-plugin.sh), builds the add-on and its test
# against it with CMake (Fcitx5Core's package config, pkg-config for
# inputclick), then runs the test: an in-process fcitx5 Instance with the test
# front end, playing through the real library into the virtual sink's file
# capture. It prints one line per check and "N passed, M failed".
#
# Needs fcitx5's development files and test add-ons (libfcitx5core-dev,
# fcitx5-modules-dev, fcitx5-modules), cmake and g++; scripts/install-deps.sh
# installs them.
#
# Environment: ALSA_CONFIG_PATH, JACK_DEFAULT_SERVER, JACK_NO_START_SERVER as
# scripts/test.sh sets them; when unset, they are taken from
# scripts/virtual-sink.sh, which is also started (and stopped again) if it is
# not running. INPUTCLICK_PLUGIN_STDLIB as for build-plugin.sh.
# INPUTCLICK_PLUGIN_PREFIX: a prefix where this run already installed the
# plugin (scripts/test.sh's, filled by scripts/test-plugin.sh, which marks it once built), used instead of
# building it again.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
plugin_prefix=${INPUTCLICK_PLUGIN_PREFIX:-}

fail() { echo "test-fcitx5: $*" >&2; exit 1; }
for tool in cmake g++ pkg-config; do
  command -v "$tool" >/dev/null || fail "'$tool' is missing; run scripts/install-deps.sh"
done
pkg-config --exists Fcitx5Core || fail "fcitx5's development files are missing (libfcitx5core-dev); run scripts/install-deps.sh"
[ -f /usr/share/fcitx5/testing/addon/testfrontend.conf ] ||
  fail "fcitx5's test add-ons are missing (fcitx5-modules); run scripts/install-deps.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/inputclick-fcitx5-test.XXXXXX") || fail "cannot create a work directory"
sink_started=no
cleanup() {
  if [ "$sink_started" = yes ]; then scripts/virtual-sink.sh stop >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The user's settings must not change the outcome: no settings file, no
# overrides, no desktop settings.
for variable in $(compgen -e | grep '^INPUTCLICK_' || true); do
  case $variable in
    INPUTCLICK_PLUGIN_STDLIB | INPUTCLICK_SINK_NAME | INPUTCLICK_SINK_RUN_DIR) ;;
    *) unset "$variable" ;;
  esac
done
export INPUTCLICK_CONFIG=$work/no-settings.conf
export INPUTCLICK_DESKTOP_SETTINGS=off

if [ -z "${ALSA_CONFIG_PATH:-}" ] || [ -z "${JACK_DEFAULT_SERVER:-}" ]; then
  eval "$(scripts/virtual-sink.sh env)"
fi
if ! scripts/virtual-sink.sh status >/dev/null 2>&1; then
  scripts/virtual-sink.sh start --watch-pid $$ >/dev/null || fail "the virtual sink did not start"
  sink_started=yes
fi

if [ -n "$plugin_prefix" ] && [ -f "$plugin_prefix/.inputclick-plugin-built" ]; then
  prefix=$plugin_prefix
  echo "test-fcitx5: the plugin installed in $prefix"
else
  prefix=$work/prefix
  scripts/build-plugin.sh "$prefix" >"$work/plugin.log" 2>&1 || { cat "$work/plugin.log"; fail "building the plugin failed"; }
  echo "test-fcitx5: built the plugin into a temporary prefix"
fi
if ! PKG_CONFIG_PATH=$prefix/lib/pkgconfig cmake -S contrib/fcitx5 -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
       -DINPUTCLICK_SOUNDS_DIR="$root/Sounds" >"$work/cmake.log" 2>&1 ||
   ! cmake --build "$work/build" >>"$work/cmake.log" 2>&1; then
  cat "$work/cmake.log"
  fail "building the add-on failed"
fi
echo "test-fcitx5: built the add-on and its test with CMake (Fcitx5Core $(pkg-config --modversion Fcitx5Core))"

mkdir "$work/run"
timeout 120 env -u LD_LIBRARY_PATH "$work/build/test/testinputclick" "$work/run" "$root/Sounds"
