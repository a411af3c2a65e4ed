#!/bin/sh
# A real-time virtual sound sink for machines with no sound card: JACK2's
# dummy backend, consuming 64-frame periods at 48 kHz in real time.
#
# Usage: scripts/virtual-sink.sh start [--watch-pid PID] | stop | restart | status | env
#
#   start    starts the server unless it runs, and waits until it answers.
#            --watch-pid PID also stops it once process PID exits.
#            A server of the same name that was just killed can block the name
#            for a second or two (JACK refuses while its PID exists, even as a
#            zombie), so start waits up to 10 s for it to go, and removes the
#            files it left in /dev/shm.
#   stop     stops the server this script started (by its PID file).
#   restart  stop, then start.
#   status   exits 0 and prints the PID if the server runs, else exits 3.
#   env      prints the shell exports a client needs (eval "$(… env)").
#
# Environment:
#   INPUTCLICK_SINK_SERVER   jack (the default) or pipewire: with pipewire,
#                            every command goes to scripts/pipewire-sink.sh,
#                            a private headless PipeWire with a null sink.
#   INPUTCLICK_SINK_NAME     the JACK server name; default "default", the name
#                            JACK clients use when JACK_DEFAULT_SERVER is unset.
#                            Give concurrent runs on one machine their own names.
#   INPUTCLICK_SINK_RATE     the sample rate the server runs at; default 48000.
#                            The ALSA jack PCM offers clients only this rate.
#   INPUTCLICK_SINK_RUN_DIR  where the PID file and log go; default
#                            $XDG_RUNTIME_DIR/inputclick-sink, else (root)
#                            /run/inputclick-sink, else
#                            ${XDG_CACHE_HOME:-~/.cache}/inputclick/inputclick-sink.
#                            It must be a directory of our own that no one
#                            else may write (made with mode 0700 if missing);
#                            any other is refused (see sink_run_dir in
#                            scripts/sink-processes.sh). Never /tmp.
#
# Clients must run with JACK_NO_START_SERVER=1 and
# ALSA_CONFIG_PATH=/usr/share/alsa/alsa.conf:<repo>/config/alsa/inputclick-test.conf
# (plus JACK_DEFAULT_SERVER=<name> for a name other than "default"), then play
# to the ALSA PCM "inputclick_sink" (or "inputclick_capture:FILE=…").
set -eu

case ${INPUTCLICK_SINK_SERVER:-jack} in
    jack) ;;
    pipewire) exec bash "$(dirname "$0")/pipewire-sink.sh" "$@" ;;
    *) echo "virtual-sink: INPUTCLICK_SINK_SERVER must be jack or pipewire, not '$INPUTCLICK_SINK_SERVER'" >&2; exit 64 ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
me=virtual-sink
. "$root/scripts/sink-processes.sh"

name=${INPUTCLICK_SINK_NAME:-default}
valid_sink_name "$name" || exit 64
rate=${INPUTCLICK_SINK_RATE:-48000}
case $rate in ''|*[!0-9]*) echo "virtual-sink: INPUTCLICK_SINK_RATE must be a number of Hz, not '$rate'" >&2; exit 64 ;; esac
JACK_DEFAULT_SERVER=$name
JACK_NO_START_SERVER=1
export JACK_DEFAULT_SERVER JACK_NO_START_SERVER

die() { echo "virtual-sink: $*" >&2; exit 1; }

# use_run_dir: sets run_dir, pidfile and logfile, the run directory made or
# checked private first; exits if it cannot be trusted.
use_run_dir() {
    run_dir=$(sink_run_dir inputclick-sink) || exit 1
    pidfile=$run_dir/$name.pid
    logfile=$run_dir/$name.log
}

# Our jackd's PID, if it runs.
running_pid() { pid_from_file "$pidfile" jackd; }

# The PIDs of live jackd servers named $1 (from their command lines; our
# servers are always started with -n NAME, and a server without -n is "default").
live_servers_named() {
    for dir in /proc/[0-9]*; do
        [ "$(cat "$dir/comm" 2>/dev/null)" = jackd ] || continue
        p=${dir#/proc/}
        alive "$p" || continue
        [ "$(server_name_of "$p")" = "$1" ] && echo "$p"
    done
    return 0
}

# The server name jackd process $1 was started with.
server_name_of() {
    tr '\0' '\n' <"/proc/$1/cmdline" 2>/dev/null | awk '
        want { print; found = 1; exit }
        $0 == "-n" || $0 == "--name" { want = 1; next }
        /^--name=/ { sub(/^--name=/, ""); print; found = 1; exit }
        /^-n./ { print substr($0, 3); found = 1; exit }
        END { if (!found && NR > 0) print "default" }'
}

# Removes what a dead server named $name left in /dev/shm: its request socket
# (jack_NAME_UID_*) and its semaphores (jack_sem.UID_NAME_*). Only called when
# no live jackd has that name; a file that also fits the pattern of a live
# server with a longer name (NAME_x) is left alone.
remove_stale_files() {
    uid=$(id -u)
    live_names=
    for dir in /proc/[0-9]*; do
        [ "$(cat "$dir/comm" 2>/dev/null)" = jackd ] || continue
        alive "${dir#/proc/}" || continue
        live_names="$live_names
$(server_name_of "${dir#/proc/}")"
    done
    for file in /dev/shm/jack_"$name"_"$uid"_* /dev/shm/jack_sem."$uid"_"$name"_*; do
        [ -e "$file" ] || continue
        base=${file#/dev/shm/}
        keep=
        for other in $live_names; do
            case $base in jack_"$other"_"$uid"_*|jack_sem."$uid"_"$other"_*) keep=1 ;; esac
        done
        [ -n "$keep" ] || rm -f "$file"
    done
}

answers() {
    ports=$(jack_lsp 2>/dev/null) || return 1
    echo "$ports" | grep -q '^system:playback_2$'
}

start() {
    watch_pid=
    if [ "${1:-}" = "--watch-pid" ]; then
        [ -n "${2:-}" ] || die "--watch-pid needs a process ID"
        watch_pid=$2
    fi
    command -v jackd >/dev/null || die "jackd is not installed (apt-get install jackd2)"
    command -v jack_lsp >/dev/null || die "jack_lsp is not installed (apt-get install jackd2)"
    use_run_dir
    if pid=$(running_pid); then
        echo "virtual-sink: '$name' already runs (pid $pid)"
        return 0
    fi
    other=$(live_servers_named "$name" | head -n 1)
    [ -z "$other" ] || die "a jackd named '$name' already runs (pid $other), not started by this script; stop it or choose another INPUTCLICK_SINK_NAME"
    remove_stale_files
    # JACK refuses a name while the PID it registered under exists, and a
    # killed server stays a zombie until PID 1 reaps it, which can take a
    # second or two. Retry for up to 10 s while that is the only reason.
    waited=0
    while :; do
        # -S: synchronous mode; without it the first period of a new stream was sometimes lost.
        jackd -n "$name" --no-realtime -S -d dummy -r "$rate" -p 64 -C 0 -P 2 \
            </dev/null >"$logfile" 2>&1 &
        pid=$!
        echo "$pid" >"$pidfile"
        tries=0
        until answers; do
            if ! alive "$pid"; then break; fi
            tries=$((tries + 1))
            if [ "$tries" -ge 100 ]; then
                kill "$pid" 2>/dev/null || true
                rm -f "$pidfile"
                die "jackd '$name' did not answer within 10 s (log: $logfile)"
            fi
            sleep 0.1
        done
        if alive "$pid"; then break; fi
        rm -f "$pidfile"
        if grep -q 'server already active' "$logfile" 2>/dev/null && [ "$waited" -lt 50 ] \
            && [ -z "$(live_servers_named "$name")" ]; then
            waited=$((waited + 1))
            sleep 0.2
            continue
        fi
        tail -n 20 "$logfile" >&2 || true
        if grep -q 'server already active' "$logfile" 2>/dev/null; then
            die "jackd '$name' was still refused as already active after 10 s: an earlier server's process has not gone (log: $logfile)"
        fi
        die "jackd '$name' exited during start-up (log: $logfile)"
    done
    if [ -n "$watch_pid" ]; then
        # Stop the server once the watched process is gone, whatever happens to it.
        # It touches only its own server: a later server of the same name
        # (after a restart) has another PID and its own watcher.
        (
            while alive "$watch_pid" && alive "$pid"; do sleep 1; done
            if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = jackd ]; then kill "$pid" 2>/dev/null || true; fi
            if [ "$(cat "$pidfile" 2>/dev/null)" = "$pid" ]; then rm -f "$pidfile"; fi
        ) </dev/null >/dev/null 2>&1 &
    fi
    echo "virtual-sink: '$name' runs (pid $pid)"
}

stop() {
    use_run_dir
    if ! pid=$(running_pid); then
        rm -f "$pidfile"
        echo "virtual-sink: '$name' is not running"
        return 0
    fi
    stop_process "$pid"
    rm -f "$pidfile" "$logfile"
    [ -n "$(live_servers_named "$name")" ] || remove_stale_files
    echo "virtual-sink: '$name' stopped"
}

case ${1:-} in
    start) shift; start "$@" ;;
    stop) stop ;;
    restart) shift; stop; start "$@" ;;
    status)
        use_run_dir
        if pid=$(running_pid) && answers; then echo "virtual-sink: '$name' runs (pid $pid)"; exit 0; fi
        echo "virtual-sink: '$name' is not running"; exit 3 ;;
    env)
        echo "export JACK_DEFAULT_SERVER='$name' JACK_NO_START_SERVER=1"
        echo "export ALSA_CONFIG_PATH='/usr/share/alsa/alsa.conf:$root/config/alsa/inputclick-test.conf'" ;;
    *) echo "usage: $0 start [--watch-pid PID] | stop | restart | status | env" >&2; exit 64 ;;
esac
