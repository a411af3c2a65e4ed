#!/usr/bin/env bash
# The virtual sinks' scripts (scripts/virtual-sink.sh, scripts/pipewire-sink.sh,
# scripts/pulseaudio-sink.sh) run as root, and clients load the ALSA configuration they write. This checks
# that they trust no directory another user could have made or pointed
# elsewhere, take no name that leaves their directory, and keep nothing at a
# fixed name in /tmp. Prints "N passed, M failed"; exits non-zero on a failure.
#
# As root, the other user is `nobody` (setpriv); as anyone else, a directory
# root owns stands in for one another user made.
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
check() {
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $what"
  else failed=$((failed + 1)); echo "FAILED: $what"; fi
}

work=$(mktemp -d "${TMPDIR:-/tmp}/inputclick-sink-scripts.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
# A stand-in for /tmp: a sticky directory everyone may write.
shared=$work/shared
mkdir -m 1777 "$shared"
chmod 711 "$work"

# as_other COMMAND...: runs COMMAND as another user.
as_other() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

# run_script SCRIPT COMMAND [VAR=VALUE...]: runs the script with a clean
# sink environment plus the given variables; stdout to $out, stderr to $err.
out=$work/out; err=$work/err
run_script() {
  local script=$1 command=$2; shift 2
  env -u XDG_RUNTIME_DIR -u INPUTCLICK_SINK_RUN_DIR -u INPUTCLICK_SINK_NAME -u INPUTCLICK_SINK_SERVER \
      "$@" "scripts/$script" "$command" >"$out" 2>"$err" </dev/null
}
refused_with() { ! run_script "$@" && grep -q "$refusal" "$err" && ! grep -q . "$out"; }

for script in virtual-sink.sh pipewire-sink.sh pulseaudio-sink.sh; do
  case $script in
    pipewire-sink.sh) leaf=inputclick-pipewire ;;
    pulseaudio-sink.sh) leaf=inputclick-pulseaudio ;;
    *) leaf=inputclick-sink ;;
  esac

  # The attack of issue 16: another user made the run directory first (to
  # plant an alsa.conf, or a log symlink). The script must refuse it.
  refusal="belongs to uid"
  if [ "$(id -u)" -eq 0 ]; then
    planted=$shared/$script-planted
    as_other mkdir -m 777 "$planted"
    as_other sh -c "echo 'pcm_type.pipewire { lib \"/planted.so\" }' >'$planted/alsa.conf'"
  else
    planted=/usr/share  # root's: as foreign to us as nobody's is to root
  fi
  check "$script refuses a run directory another user made" refused_with "$script" status INPUTCLICK_SINK_RUN_DIR="$planted"
  # pipewire-sink.sh and pulseaudio-sink.sh env name the alsa.conf (and the
  # socket) in that directory for clients to load.
  if [ "$script" != virtual-sink.sh ]; then
    check "$script env prints nothing for a run directory another user made" refused_with "$script" env INPUTCLICK_SINK_RUN_DIR="$planted"
  fi
  check "$script refuses an XDG_RUNTIME_DIR another user owns" refused_with "$script" status XDG_RUNTIME_DIR="$planted"

  # A directory everyone may write (XDG_RUNTIME_DIR=/tmp, say).
  refusal="other users may write"
  check "$script refuses an XDG_RUNTIME_DIR everyone may write" refused_with "$script" status XDG_RUNTIME_DIR="$shared"

  # A symbolic link in place of the directory, to a directory of ours.
  mkdir -m 700 "$work/$script-target"
  ln -s "$work/$script-target" "$shared/$script-link"
  refusal="symbolic link"
  check "$script refuses a run directory that is a symbolic link" refused_with "$script" status INPUTCLICK_SINK_RUN_DIR="$shared/$script-link"

  # A name that would leave the directory.
  INPUTCLICK_SINK_NAME='../x' INPUTCLICK_SINK_RUN_DIR="$work/$script-named" scripts/"$script" status >/dev/null 2>"$err"
  status=$?
  check "$script exits 64 for the sink name '../x', naming it" test "$status" -eq 64 -a -n "$(grep -F "'../x'" "$err")"
  check "$script made nothing for the sink name '../x'" test ! -e "$work/x" -a ! -e "$work/x.pid" -a ! -e "$work/pw-x" -a ! -e "$work/pa-x"

  # A run directory that does not exist yet is made private: ours, mode 0700.
  fresh=$work/$script-fresh/run
  run_script "$script" status INPUTCLICK_SINK_RUN_DIR="$fresh"
  check "$script makes a missing run directory with mode 700" test "$(stat -c '%u %a' "$fresh" 2>/dev/null)" = "$(id -u) 700"

  # With neither XDG_RUNTIME_DIR nor a run directory given, nothing goes to /tmp.
  run_script "$script" status
  if [ "$(id -u)" -eq 0 ]; then
    check "$script as root without XDG_RUNTIME_DIR keeps its files in /run/$leaf, mode 700" \
      test "$(stat -c '%u %a' "/run/$leaf" 2>/dev/null)" = "0 700"
  fi
  check "$script never names a directory in /tmp" bash -c "! grep -nE '(^|[^A-Za-z_])/tmp' 'scripts/$script' scripts/sink-processes.sh | grep -v '^[^:]*:[0-9]*:#'"
done

# The clients' ALSA configurations name no file in a shared directory.
check "the test ALSA configurations name no file in /tmp" bash -c "! grep -n '/tmp' config/alsa/*.conf"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
