#!/usr/bin/env bash
# A second real-time virtual sound sink for machines with no sound card:
# a private, headless PipeWire (with WirePlumber and a private D-Bus session
# bus) whose only sink is a null audio sink that drives the graph by a timer,
# 64-frame quanta at 48 kHz. Nothing of the machine's changes: the ALSA
# `pipewire` PCM plugin comes from the pipewire-alsa package unpacked into a
# cache directory (never installed, because installing it makes PipeWire
# every program's ALSA default), and clients load it through their own
# ALSA_CONFIG_PATH.
#
# Usage: scripts/pipewire-sink.sh start [--watch-pid PID] | stop | restart | status | env
#
#   start    starts the sink unless it runs, and waits until it answers (the
#            null sink exists, WirePlumber made it the default sink, and the
#            quantum is forced to 64). --watch-pid PID also stops it once
#            process PID exits.
#   stop     stops the processes this script started (by their PID files)
#            and removes the sink's directory (sockets, configuration, logs).
#   restart  stop, then start.
#   status   exits 0 and prints the PIDs if the sink runs and answers, else exits 3.
#   env      prints the shell exports a client needs (eval "$(… env)").
#
# Environment:
#   INPUTCLICK_SINK_NAME     names this sink; default "default". Each name
#                            has its own directory, bus and PipeWire, so
#                            concurrent runs with their own names never meet.
#   INPUTCLICK_SINK_RATE     the sample rate the graph runs at; default 48000.
#                            The ALSA pipewire PCM offers clients only this rate.
#   INPUTCLICK_PIPEWIRE_CLOCK
#                            lab (the default): the quantum forced to 64, the
#                            lab sink of the latency figures; or stock: the
#                            clock as Debian ships it (quantum 1024, min 16,
#                            max 2048, nothing forced), where the graph runs at
#                            the smallest latency an active stream asks, as on
#                            a desktop. In stock mode the daemon logs each
#                            change of the quantum ("new quantum:A->B") to
#                            <sink dir>/pipewire.log, for counting.
#   INPUTCLICK_SINK_RUN_DIR  where each sink's directory goes; default
#                            $XDG_RUNTIME_DIR/inputclick-pipewire, else (root)
#                            /run/inputclick-pipewire, else
#                            ${XDG_CACHE_HOME:-~/.cache}/inputclick/inputclick-pipewire.
#                            The sink's own directory is <run dir>/pw-<name>.
#                            Both must be directories of our own that no one
#                            else may write (made with mode 0700 if missing);
#                            any other is refused (see sink_run_dir in
#                            scripts/sink-processes.sh). Never /tmp: clients
#                            load the ALSA configuration written there, and it
#                            names a library that alsa-lib loads.
#   INPUTCLICK_PIPEWIRE_ALSA_PLUGIN
#                            the ALSA PCM plugin to use
#                            (libasound_module_pcm_pipewire.so); default: the
#                            installed one if pipewire-alsa is installed, else
#                            one unpacked from `apt-get download pipewire-alsa`
#                            (the version of the installed libpipewire) into
#                            ${XDG_CACHE_HOME:-$HOME/.cache}/inputclick.
#
# Clients need ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:<repo>/config/alsa/inputclick-pipewire.conf:<run dir>/pw-<name>.alsa.conf
# (the last file is written by `start`: the plugin's path, the socket, the rate),
# and then play to the ALSA PCM "inputclick_sink" (or "inputclick_capture:FILE=…").
# `env` also prints PIPEWIRE_RUNTIME_DIR, for pw-dump, pw-cli and pw-metadata,
# and PIPEWIRE_LOG, a file for the clients' PipeWire log. Without it, the
# PipeWire library that the ALSA plugin loads into a client logs to stderr
# (its logger also calls setlinebuf), and under `swift test` (6.3.1) the test
# process then wrote Swift Testing's lines as a lone first byte of "✔" and the
# rest, and whole result lines went missing from the output; with PIPEWIRE_LOG
# set to a file, none did.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
me=pipewire-sink
. "$root/scripts/sink-processes.sh"

# name, rate, run_dir, and dir (<run_dir>/pw-<name>, where the sockets
# pipewire-0 and bus live).
sink_settings inputclick-pipewire pw
# The clients' ALSA configuration for this sink (the plugin's path, the
# socket, the rate): beside the sink's directory, not in it, and kept by
# 'stop', as an installed plugin outlives a stopped server: a client then
# finds the server down (and retries soon), not its plugin missing (which
# the player takes for a fault only the user can mend, retried every 30 s).
alsa_conf=$run_dir/pw-$name.alsa.conf
# Where the clients' own PipeWire library logs (see `env`).
client_log=$run_dir/pw-$name.clients.log
node_name=inputclick-null
clock=${INPUTCLICK_PIPEWIRE_CLOCK:-lab}
case $clock in lab|stock) ;; *) echo "pipewire-sink: INPUTCLICK_PIPEWIRE_CLOCK must be lab or stock, not '$clock'" >&2; exit 64 ;; esac

# Everything this script runs talks to this sink only.
PIPEWIRE_RUNTIME_DIR=$dir
export PIPEWIRE_RUNTIME_DIR
unset PIPEWIRE_REMOTE

die() { echo "pipewire-sink: $*" >&2; exit 1; }

# running_pid NAME: the PID in $dir/NAME.pid if that process is alive and is
# still NAME (not a recycled number).
running_pid() { pid_from_file "$dir/$1.pid" "$1"; }

# The daemons, in start order; stop goes the other way.
daemons="dbus-daemon pipewire wireplumber"

any_running() {
    for d in $daemons; do running_pid "$d" >/dev/null && return 0; done
    return 1
}

all_running() {
    for d in $daemons; do running_pid "$d" >/dev/null || return 1; done
}

# pw-metadata prints lines like: update: id:0 key:'clock.force-quantum' value:'64' type:''
metadata_value() {
    pw-metadata -n "$1" 0 "$2" 2>/dev/null | sed -n "s/.*key:'$2' value:'\([^']*\)'.*/\1/p" | head -n 1
}

# The sink answers: our null sink exists, WirePlumber chose it as the default
# sink (so it links new streams to it), and in the lab clock the quantum is 64.
answers() {
    default=$(metadata_value default default.audio.sink) || return 1
    case $default in *"\"$node_name\""*) ;; *) return 1 ;; esac
    [ "$clock" = stock ] || [ "$(metadata_value settings clock.force-quantum)" = 64 ]
}

multiarch_lib_dir() {
    # Where libpipewire is, e.g. /usr/lib/x86_64-linux-gnu.
    dpkg -L libpipewire-0.3-0 2>/dev/null | grep '/libpipewire-0\.3\.so\.0$' | head -n 1 | xargs -r dirname
}

# The path of libasound_module_pcm_pipewire.so, fetched and unpacked if needed.
plugin_path() {
    if [ -n "${INPUTCLICK_PIPEWIRE_ALSA_PLUGIN:-}" ]; then
        [ -f "$INPUTCLICK_PIPEWIRE_ALSA_PLUGIN" ] || die "INPUTCLICK_PIPEWIRE_ALSA_PLUGIN: no file '$INPUTCLICK_PIPEWIRE_ALSA_PLUGIN'"
        echo "$INPUTCLICK_PIPEWIRE_ALSA_PLUGIN"
        return 0
    fi
    libdir=$(multiarch_lib_dir)
    [ -n "$libdir" ] || die "libpipewire-0.3-0 is not installed (apt-get install pipewire)"
    if [ -f "$libdir/alsa-lib/libasound_module_pcm_pipewire.so" ]; then
        echo "$libdir/alsa-lib/libasound_module_pcm_pipewire.so"
        return 0
    fi
    # The plugin must match the installed libpipewire: take that version.
    # alsa-lib loads the plugin into every client, root's included:
    # unpacked_package keeps it where only we can write, and installs nothing
    # (so /etc/alsa/conf.d stays as it was).
    cache=$(unpacked_package pipewire-alsa "$(dpkg-query -W -f='${Version}' libpipewire-0.3-0)") || exit 1
    found=$(find "$cache" -name libasound_module_pcm_pipewire.so | head -n 1)
    [ -n "$found" ] || die "pipewire-alsa has no libasound_module_pcm_pipewire.so"
    echo "$found"
}

write_config() {
    plugin=$1
    mkdir -p "$dir/config/pipewire/pipewire.conf.d" "$dir/state"
    # PipeWire's drop-in: the graph's clock (the lab's; stock keeps Debian's
    # but the rate), and the null sink that drives it.
    if [ "$clock" = lab ]; then
        clock_properties="    default.clock.quantum       = 64
    default.clock.min-quantum   = 64"
    else
        clock_properties="    # stock: quantum, min-quantum and max-quantum as /usr/share/pipewire/pipewire.conf ships them"
    fi
    cat >"$dir/config/pipewire/pipewire.conf.d/inputclick-null.conf" <<EOF
# Written by scripts/pipewire-sink.sh for the sink '$name' ($clock clock).
context.properties = {
    default.clock.rate          = $rate
    default.clock.allowed-rates = [ $rate ]
$clock_properties
}
context.objects = [
    { factory = adapter
      args = {
          factory.name     = support.null-audio-sink
          node.name        = "$node_name"
          node.description = "InputClick virtual sink"
          media.class      = "Audio/Sink"
          audio.position   = [ FL FR ]
          audio.rate       = $rate
          node.driver      = true
          priority.driver  = 9000
          priority.session = 9000
      }
    }
]
EOF
    # The clients' part of the ALSA configuration that depends on this sink.
    cat >"$alsa_conf.tmp" <<EOF
# Written by scripts/pipewire-sink.sh for the sink '$name'; loaded after
# config/alsa/inputclick-pipewire.conf. Kept by 'stop'.
pcm_type.pipewire {
    lib "$plugin"
}
defaults.inputclick.pipewire.server "$dir/pipewire-0"
defaults.inputclick.pipewire.node "$node_name"
defaults.inputclick.pipewire.rate $rate
EOF
    mv -f "$alsa_conf.tmp" "$alsa_conf"
}

# spawn NAME COMMAND...: starts a daemon in the background with the sink's
# environment, and records its PID.
spawn() {
    d=$1; shift
    (
        close_inherited_fds
        exec env -u PIPEWIRE_LOG XDG_CONFIG_HOME="$dir/config" XDG_STATE_HOME="$dir/state" XDG_RUNTIME_DIR="$dir" \
            PIPEWIRE_RUNTIME_DIR="$dir" DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" \
            "$@" </dev/null >"$dir/$d.log" 2>&1
    ) &
    echo $! >"$dir/$d.pid"
}

# abandon_start: stops the daemons this start spawned (by the PIDs it
# recorded: they are its own children, some perhaps not yet exec'd into the
# daemon), then removes the sink's directory.
abandon_start() {
    for d in $started; do
        pid=$(cat "$dir/$d.pid" 2>/dev/null) || continue
        alive "$pid" && kill "$pid" 2>/dev/null || true
    done
    sleep 0.2
    for d in $started; do
        pid=$(cat "$dir/$d.pid" 2>/dev/null) || continue
        alive "$pid" && kill -9 "$pid" 2>/dev/null || true
    done
    rm -rf "$dir"
}

# wait_for WHAT CHECK...: polls CHECK every 0.1 s for up to 10 s while every
# daemon started so far stays alive.
wait_for() {
    what=$1; shift
    tries=0
    until "$@"; do
        for d in $started; do
            # alive, not running_pid: a daemon just spawned may still be the
            # shell or env that execs it, under another name.
            if ! alive "$(cat "$dir/$d.pid")"; then
                tail -n 20 "$dir/$d.log" >&2 || true
                abandon_start
                die "$d exited during start-up of '$name' (its log is above)"
            fi
        done
        tries=$((tries + 1))
        if [ "$tries" -ge 100 ]; then
            for d in $started; do echo "--- $d.log" >&2; tail -n 10 "$dir/$d.log" >&2 || true; done
            abandon_start
            die "'$name' did not answer within 10 s ($what)"
        fi
        sleep 0.1
    done
}

bus_answers() { [ -S "$dir/bus" ]; }
sink_exists() { pw-cli ls Node 2>/dev/null | grep -q "node.name = \"$node_name\""; }
quantum_forced() {
    [ "$(metadata_value settings clock.force-quantum)" = 64 ] && return 0
    pw-metadata -n settings 0 clock.force-quantum 64 >/dev/null 2>&1 || true
    return 1
}
default_sink_chosen() {
    case $(metadata_value default default.audio.sink) in *"\"$node_name\""*) return 0 ;; esac
    return 1
}

start() {
    watch_pid=
    if [ "${1:-}" = "--watch-pid" ]; then
        [ -n "${2:-}" ] || die "--watch-pid needs a process ID"
        watch_pid=$2
    fi
    for tool in dbus-daemon pipewire wireplumber pw-cli pw-metadata; do
        command -v "$tool" >/dev/null || die "$tool is not installed (apt-get install pipewire wireplumber pipewire-bin dbus-daemon)"
    done
    if all_running && answers; then
        echo "pipewire-sink: '$name' already runs (pipewire pid $(running_pid pipewire))"
        return 0
    fi
    # Leftovers of a sink that died halfway: clear them.
    stop_daemons
    plugin=$(plugin_path)
    private_dir "$dir" || exit 1
    write_config "$plugin"
    started=
    spawn dbus-daemon dbus-daemon --session --nofork --nopidfile --address="unix:path=$dir/bus"
    started="dbus-daemon"
    wait_for "the D-Bus session bus" bus_answers
    if [ "$clock" = stock ]; then
        # Each change of the quantum, logged for counting (pw.context at level 3).
        spawn pipewire env PIPEWIRE_DEBUG="pw.context:3" pipewire
    else
        spawn pipewire pipewire
    fi
    started="$started pipewire"
    wait_for "PipeWire's null sink" sink_exists
    spawn wireplumber wireplumber
    started="$started wireplumber"
    wait_for "WirePlumber's default sink" default_sink_chosen
    [ "$clock" = stock ] || wait_for "the forced quantum" quantum_forced
    if [ -n "$watch_pid" ]; then
        # Stop this sink's daemons once the watched process is gone, whatever
        # happens to it. It touches only the PIDs it was started with: a later
        # sink of the same name has other PIDs and its own watcher. It removes
        # the directory only once the watched process is gone: while that
        # lives, a sink stopped under it may be started again at once in the
        # same directory (the no-device test does), and a removal a second
        # later took the new sink's sockets and PID files mid-start.
        pids=
        for d in $daemons; do pids="$pids $d:$(cat "$dir/$d.pid")"; done
        (
            close_inherited_fds
            pw_pid=$(cat "$dir/pipewire.pid")
            while alive "$watch_pid" && alive "$pw_pid"; do sleep 1; done
            mine=yes
            for entry in $pids; do
                d=${entry%%:*}; p=${entry#*:}
                if [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$d" ]; then kill "$p" 2>/dev/null || true; fi
                [ "$(cat "$dir/$d.pid" 2>/dev/null)" = "$p" ] || mine=no
            done
            if [ "$mine" = yes ] && ! alive "$watch_pid"; then sleep 1; rm -rf "$dir"; fi
        ) </dev/null >/dev/null 2>&1 &
    fi
    quantum="quantum 64"
    [ "$clock" = lab ] || quantum="the stock clock (quantum 1024, min 16, max 2048)"
    echo "pipewire-sink: '$name' runs (pipewire pid $(cat "$dir/pipewire.pid"), sink '$node_name' at $rate Hz, $quantum)"
}

# Stops whatever of this sink's daemons runs, newest first, and removes the
# sink's directory.
stop_daemons() {
    for d in wireplumber pipewire dbus-daemon; do
        pid=$(running_pid "$d") || continue
        stop_process "$pid"
    done
    rm -rf "$dir" "$client_log"
}

stop() {
    if ! any_running; then
        rm -rf "$dir" "$client_log"
        echo "pipewire-sink: '$name' is not running"
        return 0
    fi
    stop_daemons
    echo "pipewire-sink: '$name' stopped"
}

case ${1:-} in
    start) shift; start "$@" ;;
    stop) stop ;;
    restart) shift; stop; start "$@" ;;
    status)
        if all_running && answers; then
            echo "pipewire-sink: '$name' runs (dbus-daemon pid $(running_pid dbus-daemon), pipewire pid $(running_pid pipewire), wireplumber pid $(running_pid wireplumber))"
            exit 0
        fi
        echo "pipewire-sink: '$name' is not running"; exit 3 ;;
    env)
        echo "export PIPEWIRE_RUNTIME_DIR='$dir' PIPEWIRE_LOG='$client_log'"
        echo "export ALSA_CONFIG_PATH='/usr/share/alsa/alsa.conf:$root/config/alsa/inputclick-pipewire.conf:$alsa_conf'" ;;
    *) echo "usage: $0 start [--watch-pid PID] | stop | restart | status | env" >&2; exit 64 ;;
esac
