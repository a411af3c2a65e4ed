# Process checks shared by the virtual sinks' scripts (virtual-sink.sh for
# JACK, pipewire-sink.sh for PipeWire). POSIX sh; source it, do not run it.

# Whether process $1 is alive: it exists and is not a zombie. (An orphaned
# server that died stays a zombie where PID 1 does not reap, as in some
# containers, and kill -0 still succeeds on it.)
alive() {
    state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f1) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# pid_from_file FILE COMM: prints the PID in FILE if that process is alive
# and is still COMM (not a recycled number); else fails.
pid_from_file() {
    [ -f "$1" ] || return 1
    pid=$(cat "$1" 2>/dev/null) || return 1
    [ -n "$pid" ] && alive "$pid" || return 1
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || return 1
    echo "$pid"
}

# stop_process PID: sends TERM, waits up to 5 s for the process to end, then
# sends KILL.
stop_process() {
    kill "$1" 2>/dev/null || true
    tries=0
    while alive "$1"; do
        tries=$((tries + 1))
        if [ "$tries" -ge 50 ]; then
            kill -9 "$1" 2>/dev/null || true
            break
        fi
        sleep 0.1
    done
}
