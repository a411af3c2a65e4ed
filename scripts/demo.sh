#!/usr/bin/env bash
# The main job: installs what is missing, builds InputClick in release mode,
# checks the setup with `inputclick doctor`, and types a sentence through the
# demo keyboard with a click on every tap, in real time.
#
# With a sound card, the clicks play on ALSA's `default` device. Without one
# (a server, CI), they play into the real-time virtual sink, and what the
# device received is saved to out/demo.wav so you can listen to it elsewhere.
#
# Usage: scripts/demo.sh ["text to type"] [--device NAME]
#
# The virtual sink is the one named by INPUTCLICK_SINK_NAME (default
# "default"). If it already runs, the demo plays into it and leaves it
# running; otherwise it starts it and stops it again on exit.
set -euo pipefail
cd "$(dirname "$0")/.."

text="Hello, World!"
device=""
while [ $# -gt 0 ]; do
  case $1 in
    --device) device=${2:?--device needs a name}; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) text=$1; shift ;;
  esac
done

scripts/install-deps.sh
echo "demo: building (release)…"
swift build -c release --product inputclick 2>&1 | tail -n 1
bin=.build/release/inputclick
mkdir -p out

if [ -z "$device" ]; then
  if ls /dev/snd/pcmC*p >/dev/null 2>&1 || [ -n "${PULSE_SERVER:-}${PIPEWIRE_RUNTIME_DIR:-}" ]; then
    device=default
  else
    echo "demo: no sound card here; playing into the real-time virtual sink instead (saved to out/demo.wav)"
    eval "$(scripts/virtual-sink.sh env)"
    # Stop the sink on exit only if this run started it: a sink of the same
    # name (INPUTCLICK_SINK_NAME, default "default") that was already running
    # belongs to someone else and is left running.
    if scripts/virtual-sink.sh status >/dev/null 2>&1; then
      echo "demo: using the virtual sink '${INPUTCLICK_SINK_NAME:-default}' that is already running; it stays running"
    else
      scripts/virtual-sink.sh start --watch-pid $$ >/dev/null
      trap 'scripts/virtual-sink.sh stop >/dev/null 2>&1' EXIT
    fi
    device="inputclick_capture:FILE=$PWD/out/demo.wav"
    doctor_device=inputclick_sink
  fi
fi

echo
"$bin" doctor --device "${doctor_device:-$device}" || true
echo
echo "demo: typing \"$text\" through the demo keyboard on $device:"
typed=$("$bin" type "$text" --device "$device")
echo "demo: the text field now holds: $typed"
"$bin" type "$text" --output out/demo-offline.wav >/dev/null
echo "demo: the same taps rendered offline: out/demo-offline.wav"
if [ -n "${doctor_device:-}" ]; then
  echo "demo: the clicks the device received: out/demo.wav"
  echo "demo: to try the interactive keyboard on the virtual sink:"
  echo "  eval \"\$(scripts/virtual-sink.sh env)\"; scripts/virtual-sink.sh start; $bin keyboard --device inputclick_sink"
else
  echo "demo: try the interactive keyboard next: $bin keyboard"
fi
