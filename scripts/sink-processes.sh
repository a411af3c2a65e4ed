# Process checks and private directories shared by the virtual sinks'
# scripts (virtual-sink.sh for JACK, pipewire-sink.sh for PipeWire,
# pulseaudio-sink.sh for PulseAudio). POSIX sh, but for close_inherited_fds
# (bash); source it, do not run it. Messages start with $me, the sourcing
# script's name.

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

# The sinks' private directories. These scripts often run as root, so
# nothing they keep (PID files, logs, sockets, the ALSA configuration that
# names a plugin library for alsa-lib to load) may sit where another user
# could have put it first: no fixed name in a world-writable directory, and
# no directory trusted unless it is ours.

# valid_sink_name NAME: fails, with a message, unless NAME is a plain file
# name (letters, digits, '.', '_', '-'; not starting with '.' or '-'; at most
# 64 bytes). The name becomes part of paths, so '../x' must never get there.
valid_sink_name() {
    case $1 in
        ''|.*|-*|*[!A-Za-z0-9._-]*)
            echo "$me: INPUTCLICK_SINK_NAME must be letters, digits, '.', '_' and '-' (not first '.' or '-'), not '$1'" >&2
            return 1 ;;
    esac
    if [ ${#1} -gt 64 ]; then
        echo "$me: INPUTCLICK_SINK_NAME must be at most 64 bytes, not '$1'" >&2
        return 1
    fi
}

# private_dir DIR: makes DIR with mode 0700 if it is missing (its parents
# as mkdir -p makes them), then fails, with a message, unless DIR is a real
# directory (not a symbolic link), owned by this user, that no other user
# may write. A directory someone else made first, or one that points
# elsewhere, is refused rather than used.
private_dir() {
    if [ ! -e "$1" ] && [ ! -L "$1" ]; then
        mkdir -p -- "$(dirname -- "$1")" 2>/dev/null || true
        # Another process may make it between the test and mkdir: whoever
        # made it, the checks below decide.
        (umask 077 && mkdir -- "$1") 2>/dev/null || true
    fi
    if [ -L "$1" ]; then
        echo "$me: refusing '$1': it is a symbolic link, not a directory of our own" >&2
        return 1
    fi
    if [ ! -d "$1" ]; then
        echo "$me: refusing '$1': it is not a directory (or could not be made)" >&2
        return 1
    fi
    owner=$(stat -c %u -- "$1") || return 1
    if [ "$owner" != "$(id -u)" ]; then
        echo "$me: refusing '$1': it belongs to uid $owner, not to us (uid $(id -u)); another user may have made it to plant files; remove it or choose another directory" >&2
        return 1
    fi
    mode=$(stat -c %a -- "$1") || return 1
    case $mode in
        *[2367]? | *[2367])
            echo "$me: refusing '$1': other users may write to it (mode $mode); files in it cannot be trusted" >&2
            return 1 ;;
    esac
}

# sink_run_dir LEAF: prints the directory a sink keeps its files in, made
# private (see private_dir), or fails with a message:
#   $INPUTCLICK_SINK_RUN_DIR, if set;
#   else $XDG_RUNTIME_DIR/LEAF, where XDG_RUNTIME_DIR (private by the XDG
#        specification) must itself pass private_dir;
#   else, for root, /run/LEAF (/run is root's alone);
#   else ${XDG_CACHE_HOME:-$HOME/.cache}/inputclick/LEAF.
# Never /tmp: a fixed name there is one another user can take first.
sink_run_dir() {
    if [ -n "${INPUTCLICK_SINK_RUN_DIR:-}" ]; then
        run=$INPUTCLICK_SINK_RUN_DIR
    elif [ -n "${XDG_RUNTIME_DIR:-}" ]; then
        private_dir "$XDG_RUNTIME_DIR" || return 1
        run=$XDG_RUNTIME_DIR/$1
    elif [ "$(id -u)" -eq 0 ]; then
        run=/run/$1
    else
        [ -n "${HOME:-}" ] || { echo "$me: neither XDG_RUNTIME_DIR nor HOME is set: set INPUTCLICK_SINK_RUN_DIR to a directory of your own" >&2; return 1; }
        run=${XDG_CACHE_HOME:-$HOME/.cache}/inputclick/$1
    fi
    private_dir "$run" || return 1
    echo "$run"
}

# sink_settings LEAF PREFIX: reads INPUTCLICK_SINK_NAME (default "default")
# into name and INPUTCLICK_SINK_RATE (default 48000) into rate, exiting 64 on
# a bad value; sets run_dir (see sink_run_dir) and dir, the sink's own
# directory <run_dir>/PREFIX-<name>, which must be private if it exists
# already (start makes it so; stop, status and env trust nothing else) and
# short enough for the Unix sockets in it (at most 107 bytes a path).
sink_settings() {
    name=${INPUTCLICK_SINK_NAME:-default}
    valid_sink_name "$name" || exit 64
    rate=${INPUTCLICK_SINK_RATE:-48000}
    case $rate in ''|*[!0-9]*) echo "$me: INPUTCLICK_SINK_RATE must be a number of Hz, not '$rate'" >&2; exit 64 ;; esac
    run_dir=$(sink_run_dir "$1") || exit 1
    dir=$run_dir/$2-$name
    if [ -e "$dir" ] || [ -L "$dir" ]; then private_dir "$dir" || exit 1; fi
    if [ ${#dir} -gt 90 ]; then
        echo "$me: the sink directory '$dir' is too long for its sockets; use a shorter INPUTCLICK_SINK_NAME or INPUTCLICK_SINK_RUN_DIR" >&2
        exit 64
    fi
}

# unpacked_package PACKAGE VERSION: prints a directory whose root/ holds the
# Debian package PACKAGE at VERSION unpacked (dpkg -x), fetched with
# `apt-get download` into ${XDG_CACHE_HOME:-$HOME/.cache}/inputclick the
# first time. The package is never installed: none of its files land in the
# machine's directories and none of its maintainer scripts run. The cache
# holds code that runs as root, so it must be private (see private_dir).
unpacked_package() {
    arch=$(dpkg --print-architecture) || return 1
    cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/inputclick
    private_dir "$cache_root" || return 1
    cache=$cache_root/${1}_${2}_$arch
    if [ ! -d "$cache/root" ]; then
        command -v apt-get >/dev/null || { echo "$me: no apt-get to fetch $1 with" >&2; return 1; }
        tmp=$(mktemp -d "$cache.XXXXXX") || return 1
        # A machine whose package lists are missing or stale: refresh them
        # once (as root) and try again.
        if ! (cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$1=$2" >"$tmp/download.log" 2>&1) \
            && ! { [ "$(id -u)" -eq 0 ] && apt-get update -qq >/dev/null 2>&1 \
                   && (cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$1=$2" >"$tmp/download.log" 2>&1); }; then
            cat "$tmp/download.log" >&2
            rm -rf "$tmp"
            echo "$me: could not fetch $1 $2 (run 'apt-get update' first?)" >&2
            return 1
        fi
        if ! dpkg -x "$tmp/$1"_*.deb "$tmp/root"; then
            rm -rf "$tmp"
            echo "$me: could not unpack $1 $2" >&2
            return 1
        fi
        rm -f "$tmp/$1"_*.deb "$tmp/download.log"
        # Another start may have unpacked it meanwhile: keep the first.
        mv -T "$tmp" "$cache" 2>/dev/null || rm -rf "$tmp"
    fi
    private_dir "$cache" || return 1
    echo "$cache"
}

# close_inherited_fds (bash only): closes every file descriptor above 2 that
# this (sub)shell inherited. A daemon or watcher must not keep its starter's
# pipes open: `swift test` hands the test process such a pipe (fd 251 here),
# and a daemon holding it loses or delays the test run's output.
close_inherited_fds() {
    for fd in /proc/$BASHPID/fd/*; do
        fd=${fd##*/}
        case $fd in ''|*[!0-9]*) continue ;; esac
        [ "$fd" -gt 2 ] && eval "exec $fd>&-"
    done
    return 0
}
