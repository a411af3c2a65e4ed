#!/usr/bin/env bash
# A third virtual sound sink for machines with no sound card: a private real
# PulseAudio 16 (Debian's `pulseaudio` package) whose only sink is a
# timer-driven null sink, 32-bit float at 48 kHz, stereo. Clients play into it
# through ALSA's own `pulse` PCM (libasound2-plugins), the path of every ALSA
# program on a desktop that runs PulseAudio.
#
# Nothing of the machine's changes. The daemon is never installed: installing
# the `pulseaudio` package adds /etc/alsa/conf.d/99-pulse.conf (which makes
# `pulse` every program's ALSA default whenever a PulseAudio answers), turns on
# client autospawn (/etc/pulse/client.conf.d/01-enable-autospawn.conf and an
# init script), enables systemd user units for every user (pulseaudio.service
# and .socket) and adds udev rules. So this script runs the daemon from the
# package unpacked into a private cache (apt-get download, dpkg -x; the
# version of the installed libpulse0), with the libraries it needs beside it;
# install-deps.sh installs only the client tools (pulseaudio-utils) and the
# two libraries the daemon links that nothing else brings (liborc, libwrap).
# If the package is installed anyway, its daemon is used instead.
#
# The daemon runs as this user (--system=no), with no configuration of the
# machine's: its own runtime, state and home directories under the sink's
# directory, no default.pa (-n), only module-null-sink and
# module-native-protocol-unix with its socket in the sink's directory, no
# idle exit, no exit on request, no PID file of its own, and no D-Bus. Beside
# it runs a pacer, a recording of the sink's monitor asking for 10 ms (see
# start: without one, the null sink renders 2 s ahead and a new stream waits).
# Clients get client.conf with autospawn off, so none of them ever starts a
# server, and memfd off (see write_config: PulseAudio 16 aborted with it).
#
# Usage: scripts/pulseaudio-sink.sh start [--watch-pid PID] | stop | restart | status | env
#
#   start    starts the sink unless it runs, and waits until it answers (the
#            null sink exists and the pacer records). --watch-pid PID also
#            stops it once process PID exits.
#   stop     stops the daemon and the pacer this script started (by their
#            PID files) and removes the sink's directory (socket,
#            configuration, logs).
#   restart  stop, then start.
#   status   exits 0 and prints the PID if the sink runs and answers, else exits 3.
#   env      prints the shell exports a client needs (eval "$(… env)").
#
# Environment:
#   INPUTCLICK_SINK_NAME     names this sink; default "default". Each name has
#                            its own directory and daemon, so concurrent runs
#                            with their own names never meet.
#   INPUTCLICK_SINK_RATE     the null sink's sample rate; default 48000.
#   INPUTCLICK_SINK_RUN_DIR  where each sink's directory goes; default
#                            $XDG_RUNTIME_DIR/inputclick-pulseaudio, else (root)
#                            /run/inputclick-pulseaudio, else
#                            ${XDG_CACHE_HOME:-~/.cache}/inputclick/inputclick-pulseaudio.
#                            The sink's own directory is <run dir>/pa-<name>.
#                            Both must be directories of our own that no one
#                            else may write (made with mode 0700 if missing);
#                            any other is refused (see sink_run_dir in
#                            scripts/sink-processes.sh). Never /tmp: the socket
#                            admits every client that reaches it
#                            (auth-anonymous), so only its directory guards it.
#
# Clients need PULSE_SERVER=unix:<sink dir>/native, PULSE_CLIENTCONFIG=<sink dir>/client.conf
# and ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:<repo>/config/alsa/inputclick-pulse.conf:<sink dir>/alsa.conf
# (the last file is written by `start`: the server's socket), and then play to
# the ALSA PCM "inputclick_sink" (or "inputclick_capture:FILE=…"). What the
# server plays can be recorded from the source "inputclick-null.monitor"
# (parec -d inputclick-null.monitor …).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
me=pulseaudio-sink
. "$root/scripts/sink-processes.sh"

# name, rate, run_dir, and dir (<run_dir>/pa-<name>, where the server's
# socket, native, lives).
sink_settings inputclick-pulseaudio pa
server=unix:$dir/native
sink_name=inputclick-null
pidfile=$dir/pulseaudio.pid
logfile=$dir/pulseaudio.log
pacerfile=$dir/pacer.pid

# Everything this script runs talks to this server only, and never starts one.
PULSE_SERVER=$server
PULSE_CLIENTCONFIG=$dir/client.conf
export PULSE_SERVER PULSE_CLIENTCONFIG

die() { echo "pulseaudio-sink: $*" >&2; exit 1; }

# Our daemon's PID, if it runs.
running_pid() { pid_from_file "$pidfile" pulseaudio; }
# Our pacer's PID, if it runs (see start).
pacer_pid() { pid_from_file "$pacerfile" parec; }

# The server answers and has our null sink.
answers() { pactl list short sinks 2>/dev/null | cut -f2 | grep -qx "$sink_name"; }
# The pacer's recording stream is connected.
paced() { [ -n "$(pactl list short source-outputs 2>/dev/null)" ]; }

# Prints the directory the daemon's files sit under: / if the pulseaudio
# package is installed, else the package unpacked privately.
daemon_root() {
    if dpkg-query -W -f='${Status}' pulseaudio 2>/dev/null | grep -q "install ok installed"; then
        echo /
        return 0
    fi
    # The daemon must match the installed client library: take its version.
    version=$(dpkg-query -W -f='${Version}' libpulse0 2>/dev/null) || die "libpulse0 is not installed (apt-get install pulseaudio-utils)"
    cache=$(unpacked_package pulseaudio "$version") || exit 1
    echo "$cache/root"
}

write_config() {
    mkdir -p "$dir/home" "$dir/config" "$dir/state" "$dir/runtime"
    # The daemon's settings (PULSE_CONFIG): the sink's format as the default,
    # so a stream in it is mixed without conversion.
    cat >"$dir/daemon.conf" <<EOF
# Written by scripts/pulseaudio-sink.sh for the sink '$name'.
default-sample-format = float32le
default-sample-rate = $rate
default-sample-channels = 2
EOF
    # The clients' (PULSE_CLIENTCONFIG): never start a server; keep the
    # cookie here (libpulse would make ~/.config/pulse/cookie otherwise; the
    # socket takes anyone who can reach it, so the cookie goes unchecked);
    # and no memfd. With memfd, a client whose ALSA pulse PCM made a new
    # server stream per click (the PCM is prepared again at every start and
    # after every underrun) made this PulseAudio 16 log "Cannot send block
    # reference with non-registered memfd ID" and then abort in
    # memblock_replace_import, after 17 to some hundred such streams while
    # the monitor was recorded (memfd on in the player, the recorder or
    # both); with memfd off everywhere, 500 and more did not. Audio then goes
    # through POSIX shared memory; what the server plays, and when, is the same.
    cat >"$dir/client.conf" <<EOF
# Written by scripts/pulseaudio-sink.sh for the sink '$name'.
autospawn = no
cookie-file = $dir/cookie
enable-memfd = no
EOF
    # The clients' part of the ALSA configuration that depends on this sink.
    cat >"$dir/alsa.conf.tmp" <<EOF
# Written by scripts/pulseaudio-sink.sh for the sink '$name'; loaded after
# config/alsa/inputclick-pulse.conf. Removed by 'stop'.
defaults.inputclick.pulse.server "$server"
defaults.inputclick.pulse.sink "$sink_name"
EOF
    mv -f "$dir/alsa.conf.tmp" "$dir/alsa.conf"
}

start() {
    watch_pid=
    if [ "${1:-}" = "--watch-pid" ]; then
        [ -n "${2:-}" ] || die "--watch-pid needs a process ID"
        watch_pid=$2
    fi
    command -v pactl >/dev/null || die "pactl is not installed (apt-get install pulseaudio-utils)"
    if running_pid >/dev/null && pacer_pid >/dev/null && answers; then
        echo "pulseaudio-sink: '$name' already runs (pid $(running_pid))"
        return 0
    fi
    # Leftovers of a sink that died halfway: clear them.
    stop_daemon
    pacer=
    pa_root=$(daemon_root)
    daemon=$pa_root/usr/bin/pulseaudio
    [ -x "$daemon" ] || die "no PulseAudio daemon at '$daemon'"
    modules=$(find "$pa_root/usr/lib" -maxdepth 3 -name module-null-sink.so -path '*/pulse-*/modules/*' | head -n 1 | xargs -r dirname)
    [ -n "$modules" ] || die "no PulseAudio modules under '$pa_root/usr/lib'"
    core=$(find "$pa_root/usr/lib" -maxdepth 3 -name 'libpulsecore-*.so' | head -n 1 | xargs -r dirname)
    [ -n "$core" ] || die "no libpulsecore under '$pa_root/usr/lib'"
    private_dir "$dir" || exit 1
    write_config
    (
        close_inherited_fds
        # The unpacked daemon's libraries are not where its RUNPATH says:
        # LD_LIBRARY_PATH names them (for the daemon only). D-Bus points at
        # a bus that does not exist, so the daemon registers on no one's.
        exec env -u DISPLAY -u WAYLAND_DISPLAY -u XDG_SESSION_ID \
            HOME="$dir/home" XDG_CONFIG_HOME="$dir/config" XDG_RUNTIME_DIR="$dir" \
            PULSE_RUNTIME_PATH="$dir/runtime" PULSE_STATE_PATH="$dir/state" \
            PULSE_CONFIG="$dir/daemon.conf" PULSE_CLIENTCONFIG="$dir/client.conf" \
            DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/no-bus" DBUS_SYSTEM_BUS_ADDRESS="unix:path=$dir/no-bus" \
            LD_LIBRARY_PATH="$core:$modules" \
            "$daemon" -n --daemonize=no --system=no --use-pid-file=no --fail=yes \
            --exit-idle-time=-1 --disallow-exit=yes --disallow-module-loading=yes \
            --dl-search-path="$modules" --log-target=stderr \
            -L "module-null-sink sink_name=$sink_name format=float32le rate=$rate channels=2 channel_map=front-left,front-right" \
            -L "module-native-protocol-unix socket=$dir/native auth-anonymous=1" \
            </dev/null >"$logfile" 2>&1
    ) &
    pid=$!
    echo "$pid" >"$pidfile"
    wait_for "the null sink" answers
    # The pacer: a recording of the sink's monitor, asking for 10 ms, thrown
    # away. PulseAudio 16's null sink renders as far ahead as the lowest
    # latency any stream asks for, 2 s when none does; a stream that then
    # connects has its audio mixed in only when that block runs out (the
    # sink's rewind is cut to the new stream's short latency before it
    # runs): paplay took 2.0 s for 0.1 s of audio, and the ALSA pulse PCM's
    # first writes went unplayed for more than 130 ms. With the pacer the
    # sink renders 10 ms ahead at most, as a sound card's timer-driven sink
    # does once a new stream's rewind has run; streams asking for less get less.
    (
        close_inherited_fds
        exec parec -d "$sink_name.monitor" --latency-msec=10 --raw --format=float32le --rate="$rate" --channels=2 \
            </dev/null >/dev/null 2>"$dir/pacer.log"
    ) &
    pacer=$!
    echo "$pacer" >"$pacerfile"
    wait_for "the pacer" paced
    if [ -n "$watch_pid" ]; then
        # Stop the daemon once the watched process is gone, whatever happens
        # to it. It touches only its own daemon: a later sink of the same name
        # (after a restart) has another PID and its own watcher.
        (
            close_inherited_fds
            while alive "$watch_pid" && alive "$pid"; do sleep 1; done
            if [ "$(cat "/proc/$pacer/comm" 2>/dev/null)" = parec ]; then kill "$pacer" 2>/dev/null || true; fi
            if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = pulseaudio ]; then stop_process "$pid"; fi
            if [ "$(cat "$pidfile" 2>/dev/null)" = "$pid" ]; then rm -rf "$dir"; fi
        ) </dev/null >/dev/null 2>&1 &
    fi
    echo "pulseaudio-sink: '$name' runs (pulseaudio pid $pid, pacer pid $pacer, sink '$sink_name' at $rate Hz, socket $dir/native)"
}

# wait_for WHAT CHECK: polls CHECK every 0.1 s for up to 10 s while the
# daemon (and the pacer, once started) stay alive; else abandons the start.
wait_for() {
    tries=0
    until "$2"; do
        for p in $pid ${pacer:-}; do
            alive "$p" || abandon_start "a process exited during start-up, waiting for $1 (the logs are above)"
        done
        tries=$((tries + 1))
        [ "$tries" -lt 100 ] || abandon_start "it did not answer within 10 s (waiting for $1)"
        sleep 0.1
    done
}

# abandon_start WHY: shows the logs, stops what this start spawned (by the
# PIDs it recorded: its own children, perhaps not yet exec'd into the
# daemon or the pacer, so not found by name), removes the sink's directory
# and exits.
abandon_start() {
    tail -n 20 "$logfile" "$dir/pacer.log" >&2 2>/dev/null || true
    for p in ${pacer:-} $pid; do
        if alive "$p"; then stop_process "$p"; fi
    done
    rm -rf "$dir"
    die "'$name' did not start: $1"
}

# Stops the pacer and the daemon if they run, and removes the sink's directory.
stop_daemon() {
    if pid=$(pacer_pid); then stop_process "$pid"; fi
    if pid=$(running_pid); then stop_process "$pid"; fi
    rm -rf "$dir"
}

stop() {
    if ! running_pid >/dev/null && ! pacer_pid >/dev/null; then
        rm -rf "$dir"
        echo "pulseaudio-sink: '$name' is not running"
        return 0
    fi
    stop_daemon
    echo "pulseaudio-sink: '$name' stopped"
}

case ${1:-} in
    start) shift; start "$@" ;;
    stop) stop ;;
    restart) shift; stop; start "$@" ;;
    status)
        if pid=$(running_pid) && pacer=$(pacer_pid) && answers; then
            echo "pulseaudio-sink: '$name' runs (pulseaudio pid $pid, pacer pid $pacer)"
            exit 0
        fi
        echo "pulseaudio-sink: '$name' is not running"; exit 3 ;;
    env)
        echo "export PULSE_SERVER='$server' PULSE_CLIENTCONFIG='$dir/client.conf'"
        echo "export ALSA_CONFIG_PATH='/usr/share/alsa/alsa.conf:$root/config/alsa/inputclick-pulse.conf:$dir/alsa.conf'" ;;
    *) echo "usage: $0 start [--watch-pid PID] | stop | restart | status | env" >&2; exit 64 ;;
esac
