#!/usr/bin/env bash
# Runs the tap-to-sound latency benchmark end to end:
#   installs the Debian packages (scripts/install-deps.sh), builds the C
#   programs into .build/bench/ and inputclick in release mode, starts the
#   virtual sink unless it runs (and stops it at the end only if it started
#   it), then runs bench/run-latency.py with the arguments given here.
#
# Usage: bash bench/run.sh [--sink jack|pipewire] [run-latency.py options]
#   e.g. bash bench/run.sh --taps 200 --json out/latency.json --svg out/latency.svg
#        bash bench/run.sh --sink pipewire --rounds 2
#
# --sink jack (the default) measures through the JACK dummy server of
# scripts/virtual-sink.sh; --sink pipewire through the private headless
# PipeWire of scripts/pipewire-sink.sh (null sink, quantum 64), with the probe
# and the native client under pw-jack (package pipewire-jack).
#
# Environment:
#   INPUTCLICK_BIN    an inputclick executable to use instead of building one
#   BENCH_SINK_NAME   the sink to use: the JACK server's name, or the PipeWire
#                     sink's INPUTCLICK_SINK_NAME; default "inputclick-bench",
#                     a sink of its own, so the test suite (which starts and
#                     stops "default") cannot stop it in the middle of a run
#   CC                the C compiler; default cc
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# Which clients were asked for: inputclick needs Swift, the others only C.
clients="native,plain,inputclick"
sink=jack
prev=""
for arg in "$@"; do
    [ "$prev" = "--clients" ] && clients=$arg
    [ "$prev" = "--sink" ] && sink=$arg
    case $arg in --clients=*) clients=${arg#--clients=} ;; --sink=*) sink=${arg#--sink=} ;; esac
    prev=$arg
done
case $sink in
    jack|pipewire) ;;
    *) echo "bench: --sink must be jack or pipewire, not '$sink'" >&2; exit 64 ;;
esac
want_inputclick=0
case ",$clients," in *,inputclick,* | *,listen,*) want_inputclick=1 ;; esac

if ! bash scripts/install-deps.sh; then
    if [ "$want_inputclick" = 1 ] && [ -z "${INPUTCLICK_BIN:-}" ]; then
        echo "bench: scripts/install-deps.sh failed (see above)" >&2
        exit 1
    fi
    echo "bench: scripts/install-deps.sh failed (see above); going on without inputclick" >&2
fi

out=$root/.build/bench
bash bench/build.sh "$out"

# The fcitx5 client: the add-on and its in-process fcitx5 host, built with
# CMake against the plugin (scripts/build-plugin.sh), like make fcitx5-addon.
case ",$clients," in
    *,fcitx5,*)
        echo "bench: building the fcitx5 add-on and its benchmark client into $out/fcitx5"
        scripts/build-plugin.sh "$out/plugin" >/dev/null
        PKG_CONFIG_PATH="$out/plugin/lib/pkgconfig" cmake -S contrib/fcitx5 -B "$out/fcitx5" -DCMAKE_BUILD_TYPE=Release >/dev/null
        cmake --build "$out/fcitx5" >/dev/null
        ;;
esac

if [ "$want_inputclick" = 1 ] && [ -z "${INPUTCLICK_BIN:-}" ]; then
    echo "bench: swift build -c release --product inputclick"
    if ! swift build -c release --product inputclick; then
        echo "bench: the inputclick build failed. Run the other clients with --clients native,plain," >&2
        echo "bench: or point INPUTCLICK_BIN at an inputclick built earlier." >&2
        exit 1
    fi
fi

export INPUTCLICK_SINK_NAME=${BENCH_SINK_NAME:-inputclick-bench}
# virtual-sink.sh hands every command to pipewire-sink.sh on pipewire.
export INPUTCLICK_SINK_SERVER=$sink
eval "$(scripts/virtual-sink.sh env)"
if [ "$sink" = jack ]; then
    export ALSA_CONFIG_PATH="$ALSA_CONFIG_PATH:$root/bench/bench-alsa.conf"
else
    # The ALSA clients play to inputclick_sink, which the sink's env defines;
    # bench-alsa.conf's PCMs are JACK's and stay out.
    command -v pw-jack >/dev/null || { echo "bench: pw-jack is missing (apt-get install pipewire-jack)" >&2; exit 1; }
fi

started=0
stop_sink() {
    if [ "$started" = 1 ]; then scripts/virtual-sink.sh stop >/dev/null || true; fi
}
trap stop_sink EXIT
if ! scripts/virtual-sink.sh status >/dev/null 2>&1; then
    # --watch-pid: the server goes away with this script even if it is killed.
    scripts/virtual-sink.sh start --watch-pid $$
    started=1
fi

status=0
# --sink is passed on: run-latency.py takes it too.
python3 bench/run-latency.py --build-dir "$out" "$@" || status=$?
exit "$status"
