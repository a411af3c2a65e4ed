#!/usr/bin/env python3
"""The benchmark on the sound servers desktops run (issue 17, item 4).

One run, four servers, each a private rig of this repository's scripts,
started here and stopped at the end:
  jack      the JACK dummy server (scripts/virtual-sink.sh)
  pw-lab    PipeWire with the quantum forced to 64 (scripts/pipewire-sink.sh)
  pw-stock  PipeWire with Debian's clock, nothing forced
            (INPUTCLICK_PIPEWIRE_CLOCK=stock: it logs every "new quantum")
  pulse     a real PulseAudio 16 with a timer-driven null sink
            (scripts/pulseaudio-sink.sh)

On each, in the same run, the clients of ROWS: inputclick tap (auto backend,
the named backends, the ALSA path, the latency policies on PipeWire stock),
the native floor client (JACK API; pw-jack on PipeWire, asking the quantum it
compares with), the plain alsa-lib client (64 x 2) and, on PulseAudio,
libcanberra's cached sample. Each row is run twice:
  1. without music: taps to sound (p50, p99, taps with no onset), the
     client's and the daemons' CPU while the client is open and silent and
     while it types, and on PipeWire stock the quantum changes while it types;
  2. with a steady 300 Hz sine played through the server (pw-cat, pacat) and
     the sink's monitor recorded (pw-cat --record, parec): the music's
     dropouts while the client is open and silent, and while it types.
A row that cannot run (a backend this build lacks, a client that fails) says
why in the table; the run goes on.

Tap to sound: on JACK and PipeWire, the probe of bench/probe.c through
run-latency.py's run_client (exact to the cycle). On pipewire-pulse the same
probe joins the PipeWire graph natively and hears the null sink's monitor
(the sink's mix, stamped with the cycle the sink took it in), so a click is
found wherever pipewire-pulse put it, a sample-cache play's short-lived node
included; the clients speak PulseAudio's protocol. On PulseAudio, onsets in the
recording of the null sink's monitor, placed in time by when the recording's
audio arrived (pulse-heard.py's method). On PulseAudio the recorder asks a
1 ms fragment, so the null sink renders at most about 1 ms ahead of its clock: the clock
placed by arrival runs that much early (it is fixed by the audio that arrived
soonest after its rendering), and an onset up to MONITOR_EARLY_MS before its
tap counts as its click. At the 5 ms the recorder asked before, the sink
rendered up to 5 to 10 ms ahead, every click of a path as fast as the
server's sample cache was placed 3 to 4 ms before its tap, and the matching
(which then took no onset before its tap) counted 28 to 31 of 50 clicks
through the native backend missed that the monitor had recorded.
Python 3 standard library only.
"""
import argparse
import array
import importlib.util
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RATE = 48000
SINE_HZ = 300.0          # 160 frames a period at 48 kHz
SINE_AMPLITUDE = 0.5
MONITOR = "inputclick-null"

_spec = importlib.util.spec_from_file_location("run_latency", os.path.join(HERE, "run-latency.py"))
rl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rl)
log = rl.log
_spec = importlib.util.spec_from_file_location("pulse_instant", os.path.join(HERE, "pulse-instant.py"))
PULSE_INSTANT = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(PULSE_INSTANT)

SERVERS = {
    "jack": {"title": "JACK dummy", "script": "virtual-sink.sh", "env": {"INPUTCLICK_SINK_SERVER": "jack"}},
    "pw-lab": {"title": "PipeWire lab (quantum forced to 64)", "script": "pipewire-sink.sh",
               "env": {"INPUTCLICK_PIPEWIRE_CLOCK": "lab"}},
    "pw-stock": {"title": "PipeWire stock (Debian's clock)", "script": "pipewire-sink.sh",
                 "env": {"INPUTCLICK_PIPEWIRE_CLOCK": "stock"}},
    "pulse": {"title": "PulseAudio 16", "script": "pulseaudio-sink.sh", "env": {}},
    "pw-pulse": {"title": "pipewire-pulse (PipeWire stock)", "script": "pipewire-sink.sh",
                 "env": {"INPUTCLICK_PIPEWIRE_CLOCK": "stock"}},
}
# Servers whose clients speak PulseAudio's protocol (canberra, the sample cache, pacat's music).
PULSE_PROTOCOL = ("pulse", "pw-pulse")
# How early the monitor's arrival clock can place an onset (see the docstring).
MONITOR_EARLY_MS = 2.0


def rows_for(server):
    """(label, kind, argv after the executable, extra environment). kind is
    run-latency's client kind: native, plain or inputclick; canberra is ours."""
    tap = ["tap", "--json"]
    if server == "jack":
        return [("native (floor)", "native", [], {}),
                ("plain alsa-lib 64x2", "plain", ["bench"], {}),
                ("inputclick (alsa: bench)", "inputclick", tap + ["--device", "bench"], {})]
    if server == "pw-lab":
        return [("native (floor), pw-jack 64", "native", [], {"PIPEWIRE_LATENCY": "64/48000"}),
                ("plain alsa-lib 64x2", "plain", ["inputclick_sink"], {}),
                ("inputclick auto", "inputclick", tap, {}),
                ("inputclick --backend pipewire", "inputclick", tap + ["--backend", "pipewire"], {}),
                ("inputclick --backend alsa", "inputclick", tap + ["--backend", "alsa", "--device", "inputclick_sink"], {})]
    if server == "pw-stock":
        rows = [("native (floor), pw-jack 64", "native", [], {"PIPEWIRE_LATENCY": "64/48000"}),
                ("native (floor), pw-jack 256", "native", [], {"PIPEWIRE_LATENCY": "256/48000"}),
                ("plain alsa-lib 64x2", "plain", ["inputclick_sink"], {}),
                ("inputclick auto", "inputclick", tap, {})]
        for backend in ("pipewire", "alsa"):
            dev = ["--device", "inputclick_sink"] if backend == "alsa" else []
            for policy in ("lowest", "balanced", "economy"):
                rows.append((f"inputclick --backend {backend} --latency {policy}", "inputclick",
                             tap + ["--backend", backend] + dev + ["--latency", policy], {}))
        return rows
    if server in PULSE_PROTOCOL:
        return [("canberra cached sample", "canberra", [], {}),
                ("server sample cache (pa_context_play_sample)", "cache", [], {}),
                ("plain alsa-lib 64x2 (pulse PCM)", "plain", ["inputclick_sink"], {}),
                ("inputclick auto", "inputclick", tap, {}),
                ("inputclick --backend pulseaudio", "inputclick", tap + ["--backend", "pulseaudio"], {}),
                ("inputclick --backend alsa (pulse PCM)", "inputclick",
                 tap + ["--backend", "alsa", "--device", "inputclick_sink"], {})]
    raise ValueError(server)


# ---------------------------------------------------------------- rigs

class Rig:
    """A private server of scripts/<script>, started with --watch-pid (it goes
    away with this process even if this process is killed) and stopped by stop()."""

    def __init__(self, server, name):
        self.server, self.name = server, name
        spec = SERVERS[server]
        self.script = os.path.join(ROOT, "scripts", spec["script"])
        self.base = dict(os.environ, INPUTCLICK_SINK_NAME=name, **spec["env"])
        for k in ("PIPEWIRE_LATENCY", "PULSE_SERVER", "PIPEWIRE_RUNTIME_DIR", "JACK_DEFAULT_SERVER"):
            self.base.pop(k, None)
        self.started = False

    def _run(self, *argv, timeout=60):
        return subprocess.run([self.script, *argv], env=self.base, capture_output=True, text=True, timeout=timeout)

    def start(self):
        r = self._run("start", "--watch-pid", str(os.getpid()))
        self.started = True
        if r.returncode != 0:
            raise RuntimeError(f"{os.path.basename(self.script)} start failed: "
                               + (r.stderr.strip() or r.stdout.strip())[-400:])
        out = subprocess.run(["bash", "-c", f'eval "$("$0" env)" && env -0', self.script], env=self.base,
                             capture_output=True, timeout=30)
        self.env = dict(kv.split("=", 1) for kv in out.stdout.decode().split("\0") if "=" in kv)
        self.rig_alsa_conf = self.env.get("ALSA_CONFIG_PATH", "").split(":")
        status = self._run("status").stdout
        self.status = status.strip()
        self.pids = {}
        for who, pid in re.findall(r"(?:([\w-]+) )?pid (\d+)", status):
            self.pids[who or "jackd"] = int(pid)
        # The daemons whose CPU counts: the server (and its session manager);
        # the rig's D-Bus and PulseAudio pacer (a parec of the monitor) stay out.
        self.daemons = {k: v for k, v in self.pids.items() if k not in ("dbus-daemon", "pacer")}
        if self.server == "pw-pulse":
            self.start_pulse_protocol()

    def start_pulse_protocol(self):
        """pipewire-pulse without its package: a second pipewire process
        (pipewire -c) loading module-protocol-pulse, with its socket, its
        clients' configuration and their ALSA pulse PCM in a directory of its
        own. Debian's pipewire-pulse package is never installed (it would
        make PipeWire the desktop's PulseAudio)."""
        self.pulse_dir = tempfile.mkdtemp(prefix="inputclick-bench-pw-pulse.")
        d = self.pulse_dir
        socket = os.path.join(d, "native")
        with open(os.path.join(d, "pipewire-pulse.conf"), "w") as fh:
            fh.write(f"""context.properties = {{ log.level = 2 }}
context.spa-libs = {{
    audio.convert.* = audioconvert/libspa-audioconvert
    support.* = support/libspa-support
}}
context.modules = [
    {{ name = libpipewire-module-rt flags = [ ifexists nofail ] }}
    {{ name = libpipewire-module-protocol-native }}
    {{ name = libpipewire-module-client-node }}
    {{ name = libpipewire-module-adapter }}
    {{ name = libpipewire-module-metadata }}
    {{ name = libpipewire-module-protocol-pulse args = {{ server.address = [ "unix:{socket}" ] }} }}
]
pulse.properties = {{ server.address = [ "unix:{socket}" ] }}
""")
        with open(os.path.join(d, "client.conf"), "w") as fh:
            fh.write(f"autospawn = no\ncookie-file = {d}/cookie\nenable-memfd = no\n")
        with open(os.path.join(d, "alsa.conf"), "w") as fh:
            fh.write(f'defaults.inputclick.pulse.server "unix:{socket}"\ndefaults.inputclick.pulse.sink "{MONITOR}"\n')
        log_fh = open(os.path.join(d, "pipewire-pulse.log"), "w")
        self.pulse_proc = subprocess.Popen(["pipewire", "-c", os.path.join(d, "pipewire-pulse.conf")],
                                           env=dict(self.env, XDG_RUNTIME_DIR=d), stdin=subprocess.DEVNULL,
                                           stdout=log_fh, stderr=log_fh)
        log_fh.close()
        self.env.update(PULSE_SERVER=f"unix:{socket}", PULSE_CLIENTCONFIG=os.path.join(d, "client.conf"),
                        ALSA_CONFIG_PATH=":".join(["/usr/share/alsa/alsa.conf",
                                                   os.path.join(ROOT, "config", "alsa", "inputclick-pulse.conf"),
                                                   os.path.join(d, "alsa.conf")]))
        deadline = time.monotonic() + 10
        while subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode != 0:
            if self.pulse_proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("pipewire-pulse did not answer: " + open(os.path.join(d, "pipewire-pulse.log")).read()[-300:])
            time.sleep(0.2)
        self.daemons["pipewire-pulse"] = self.pulse_proc.pid

    def quantum_log(self):
        d = self.env.get("PIPEWIRE_RUNTIME_DIR")
        return os.path.join(d, "pipewire.log") if d else None

    def save_logs(self, to):
        if getattr(self, "pulse_dir", None):
            os.makedirs(to, exist_ok=True)
            shutil.copy(os.path.join(self.pulse_dir, "pipewire-pulse.log"), to)
        d = self.env.get("PIPEWIRE_RUNTIME_DIR") or (os.path.dirname(self.env["PULSE_SERVER"][5:])
                                                      if self.env.get("PULSE_SERVER", "").startswith("unix:") else None)
        if d and os.path.isdir(d):
            os.makedirs(to, exist_ok=True)
            for name in os.listdir(d):
                if name.endswith(".log"):
                    shutil.copy(os.path.join(d, name), to)

    def stop(self):
        if getattr(self, "pulse_proc", None) is not None:
            rl.terminate(self.pulse_proc)
            self.pulse_proc = None
        if getattr(self, "pulse_dir", None):
            shutil.rmtree(self.pulse_dir, ignore_errors=True)
            self.pulse_dir = None
        if self.started:
            self._run("stop")
            self.started = False
            # pipewire-sink.sh keeps its clients' ALSA file past a stop (a stopped
            # rig looks like a stopped server); this rig's name is never used again.
            for path in getattr(self, "rig_alsa_conf", []):
                if os.path.basename(path) == f"pw-{self.name}.alsa.conf" and os.path.exists(path):
                    os.remove(path)


def quantum_changes(path):
    if not path or not os.path.exists(path):
        return None
    with open(path, errors="replace") as f:
        return sum(1 for line in f if "new quantum" in line)


def daemons_cpu_ns(pids):
    total = 0
    for pid in pids.values():
        try:
            total += rl.cpu_sample(pid)[0]
        except (OSError, IndexError, ValueError):
            pass
    return total


def proc_cpu_ns(pid):
    try:
        return rl.cpu_sample(pid)[0]
    except (OSError, IndexError, ValueError):
        return None


# ---------------------------------------------------------------- music

def write_sine(path, seconds):
    period = [int(32767 * SINE_AMPLITUDE * math.sin(2 * math.pi * k / (RATE / SINE_HZ)))
              for k in range(int(RATE / SINE_HZ))]
    frames = array.array("h", [v for v in period for _ in range(2)])
    frames.byteswap() if sys.byteorder == "big" else None
    reps = int(seconds * SINE_HZ) + 1
    with open(path, "wb") as f:
        data = frames.tobytes() * reps
        f.write(b"RIFF" + (36 + len(data)).to_bytes(4, "little") + b"WAVEfmt " + (16).to_bytes(4, "little")
                + (1).to_bytes(2, "little") + (2).to_bytes(2, "little") + RATE.to_bytes(4, "little")
                + (RATE * 4).to_bytes(4, "little") + (4).to_bytes(2, "little") + (16).to_bytes(2, "little")
                + b"data" + len(data).to_bytes(4, "little") + data)


class Recorder:
    """Records the null sink's monitor as float32 stereo, noting when each
    piece arrived (to place the recording in time)."""

    def __init__(self, server, env):
        if server == "pulse":
            # 1 ms: the null sink then renders at most about that far ahead (see the docstring).
            argv = ["parec", "-d", MONITOR + ".monitor", "--raw", "--format=float32le", f"--rate={RATE}",
                    "--channels=2", "--latency-msec=1"]
        else:
            argv = ["pw-cat", "--record", "--target", MONITOR, "-P", "stream.capture.sink=true",
                    "--format", "f32", "--rate", str(RATE), "--channels", "2", "--latency", "1024", "-"]
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self.chunks, self.arrivals = [], []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        total = 0
        while chunk := self.proc.stdout.read1(65536):
            self.chunks.append(chunk)
            total += len(chunk)
            self.arrivals.append((rl.mono_ns(), total // 8))

    def stop(self):
        rl.terminate(self.proc)
        self.thread.join(3)
        raw = b"".join(self.chunks)
        self.raw = raw[: len(raw) // 8 * 8]
        # Frame 0's time: the earliest arrival minus the frames before it.
        self.start_ns = min((t - frames * 1_000_000_000 // RATE for t, frames in self.arrivals), default=None)
        return self

    def frame_at(self, t_ns):
        return int((t_ns - self.start_ns) * RATE / 1e9)


class Music:
    def __init__(self, server, env, sine_path):
        if server in PULSE_PROTOCOL:
            self.proc = subprocess.Popen(["pacat", "--playback", "--format=s16le", f"--rate={RATE}", "--channels=2",
                                          "--latency-msec=100", "--stream-name=music", sine_path],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        else:
            self.proc = subprocess.Popen(["pw-cat", "--playback", "--target", MONITOR, "--media-role", "Music",
                                          sine_path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)

    def stop(self):
        rl.terminate(self.proc)


def dropouts(raw, first, last):
    """Discontinuities of the 300 Hz sine in frames [first, last) of the
    recording (left channel): per 10 ms block (three periods), its amplitude
    and phase against the sine; a block whose amplitude is off by more than
    30 % of the median, or whose phase moved more than 0.25 rad from the
    block before, is bad; each run of bad blocks is one dropout. Zero runs
    (exact digital silence of 1 ms or more) are counted on their own as holes."""
    data = array.array("f")
    data.frombytes(raw)
    left = data[0::2]
    first, last = max(first, 0), min(last, len(left))
    block = 480
    w = 2 * math.pi * SINE_HZ / RATE
    cos_t = [math.cos(w * k) for k in range(block)]
    sin_t = [math.sin(w * k) for k in range(block)]
    amps, phases = [], []
    start = first - first % block  # block phase relative to frame 0: 480 is three whole periods
    for b in range(start + block if start < first else start, last - block + 1, block):
        seg = left[b:b + block]
        i = sum(x * c for x, c in zip(seg, cos_t))
        q = sum(x * s for x, s in zip(seg, sin_t))
        amps.append(2 * math.hypot(i, q) / block)
        phases.append(math.atan2(q, i))
    if not amps:
        return None
    ref = sorted(amps)[len(amps) // 2]
    events, bad_prev = 0, False
    for k in range(len(amps)):
        bad = ref <= 0 or abs(amps[k] - ref) > 0.3 * ref
        if k > 0 and not bad:
            d = (phases[k] - phases[k - 1] + math.pi) % (2 * math.pi) - math.pi
            bad = abs(d) > 0.25
        if bad and not bad_prev:
            events += 1
        bad_prev = bad
    hole_frames, run = 0, 0
    for x in left[first:last]:
        if x == 0.0:
            run += 1
        else:
            if run >= RATE // 1000:
                hole_frames += run
            run = 0
    if run >= RATE // 1000:
        hole_frames += run
    seconds = (last - first) / RATE
    return {"seconds": seconds, "dropouts": events, "per_minute": 60.0 * events / seconds if seconds else None,
            "holes_ms": 1000.0 * hole_frames / RATE, "sine_amplitude": ref}


# ---------------------------------------------------------------- PulseAudio's latency (monitor recording)

def run_monitor_client(server, kind, argv, env, offsets, phases, args, observe):
    """run_client's counterpart where no probe can join: taps to onsets in
    the recording of the null sink's monitor."""
    rec = Recorder(server, env)
    client = None
    try:
        time.sleep(0.3)
        client = rl.Child(kind, argv, env)
        if not client.wait_ready(args.ready_timeout):
            raise RuntimeError(f"did not print READY within {args.ready_timeout:.0f} s "
                               f"(exit {client.proc.poll()}): " + " | ".join(client.stderr_lines[-5:]))
        time.sleep(args.settle)
        observe("ready", client)
        _, taps = rl.send_taps(client, offsets, kind)
        observe("typed", client)
        time.sleep(args.linger)
        if client.proc.poll() is not None:
            raise RuntimeError(f"exited during the run (status {client.proc.returncode}): "
                               + " | ".join(client.stderr_lines[-5:]))
        cpu = rl.cpu_over(client.proc.pid, args.idle)
        status = client.finish(args.exit_timeout)
        time.sleep(0.3)
    finally:
        if client is not None:
            client.kill()
        rec.stop()
    scan = subprocess.run([os.path.join(args.build_dir, "onset-scan"), "--rate", str(RATE), "--channels", "2"],
                          input=rec.raw, capture_output=True, timeout=60)
    onsets = sorted(rec.start_ns + int(int(line.split()[1]) * 1e9 / RATE)
                    for line in scan.stdout.decode().splitlines() if line.startswith("onset"))
    assignment = rl.match(taps, onsets, int(args.window_ms * 1e6), early_ns=int(MONITOR_EARLY_MS * 1e6))
    lat = [(onsets[a] - t) / 1e6 for t, a in zip(taps, assignment) if a is not None]
    return {"client": kind, "argv": argv, "exit_status": status, "taps": len(taps),
            "all": rl.summarize(lat, len(taps)), "onsets": len(onsets),
            "onsets_before_tap": sum(1 for x in lat if x < 0),
            "spurious_onsets": len(onsets) - sum(1 for a in assignment if a is not None),
            "idle_cpu": cpu, "client_stderr": client.stderr_lines[-20:], "client_stdout": client.stdout_lines[-10:],
            "recording": rec}


# ---------------------------------------------------------------- one row

class Observer:
    """Measures what happens between the client settling and its last tap:
    the visible-and-silent window (a sleep of `silent` seconds at "ready"),
    then the typing window."""

    def __init__(self, rig, silent):
        self.rig, self.silent, self.marks = rig, silent, {}

    def mark(self, key, client):
        self.marks[key] = {"t": rl.mono_ns(), "client": proc_cpu_ns(client.proc.pid),
                           "daemons": daemons_cpu_ns(self.rig.daemons), "quantum": quantum_changes(self.rig.quantum_log())}

    def __call__(self, event, client):
        if event == "ready":
            self.mark("silent_from", client)
            time.sleep(self.silent)
            self.mark("typing_from", client)
        else:
            self.mark("typing_to", client)

    def window(self, a, b):
        if a not in self.marks or b not in self.marks:
            return None
        m0, m1 = self.marks[a], self.marks[b]
        wall = (m1["t"] - m0["t"]) / 1e9
        pct = lambda x0, x1: None if x0 is None or x1 is None else 100.0 * (x1 - x0) / 1e9 / wall
        q = None if m0["quantum"] is None else m1["quantum"] - m0["quantum"]
        return {"seconds": wall, "client_cpu": pct(m0["client"], m1["client"]),
                "daemons_cpu": pct(m0["daemons"], m1["daemons"]), "quantum_changes": q,
                "quantum_changes_per_s": None if q is None else q / wall}


def canberra_argv(build_dir):
    """The canberra client; on a machine without libcanberra-pulse (it pulls in
    the pulseaudio package, which would make PulseAudio every program's ALSA
    default), with the package's driver unpacked privately and bind-mounted
    over canberra's driver directory in a mount namespace of the client's own
    (bench/pulse-instant.py's way)."""
    client = [os.path.join(build_dir, "canberra-client"), "--file", os.path.join(ROOT, "Sounds", "key.wav")]
    if os.path.exists(os.path.join(PULSE_INSTANT.CANBERRA_DRIVERS, "libcanberra-pulse.so")):
        return client
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", 'mount --bind "$0" "$1" && shift && exec "$@"',
            PULSE_INSTANT.canberra_drivers(), PULSE_INSTANT.CANBERRA_DRIVERS] + client


def sample_cache_argv(build_dir, env):
    """bench/pulse-sample-client.c with the test click uploaded to the server's
    sample cache: what canberra's pulse driver does, without canberra."""
    client = os.path.join(build_dir, "pulse-sample-client")
    if not os.path.exists(client):
        raise RuntimeError("pulse-sample-client was not built (libpulse-dev missing?)")
    subprocess.run(["pactl", "upload-sample", os.path.join(ROOT, "Sounds", "key.wav"), "inputclick-bench-key"],
                   env=env, check=True, capture_output=True, timeout=30)
    return [client, "inputclick-bench-key"]


def doctor(inputclick, env):
    """What `inputclick doctor` says of the backend and the latency on this server."""
    try:
        r = subprocess.run([inputclick, "doctor"], env=env, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as e:
        return [f"doctor did not run: {e}"]
    return [l.strip() for l in (r.stdout + r.stderr).splitlines() if re.search(r"backend|latency", l, re.I)]


def run_row(rig, server, label, kind, extra, extra_env, args, la, offsets, phases, sine_path, music):
    if kind == "canberra":
        argv = canberra_argv(args.build_dir)
    elif kind == "cache":
        argv = sample_cache_argv(args.build_dir, rig.env)
    elif kind == "inputclick":
        argv = [args.inputclick_bin] + extra
    else:
        argv = None
    env = dict(rig.env)
    env["JACK_NO_START_SERVER"] = "1"
    probe_env = None
    if server == "jack":
        conf = [os.path.join(ROOT, "config", "alsa", "inputclick-test.conf"), os.path.join(HERE, "bench-alsa.conf")]
        env["ALSA_CONFIG_PATH"] = ":".join([env.get("ALSA_CONFIG_PATH", "/usr/share/alsa/alsa.conf")]
                                           + [c for c in conf if c not in env.get("ALSA_CONFIG_PATH", "")])
    elif server.startswith("pw"):
        # The probe asks the stock default (it must not set the quantum);
        # each client asks what its row says (the native floor) or its own.
        probe_env = dict(env, PIPEWIRE_LATENCY="64/48000" if server == "pw-lab" else "1024/48000")
        if server == "pw-pulse":
            # A JACK client locks the graph's quantum while it runs (pipewire-jack's
            # node.lock-quantum defaults to true): the probe, linked to the sink's
            # monitor before a client connects, would hold a stock graph at 1024.
            # (On pw-stock the probe joins after the client set the quantum, as
            # when the published figures were made.)
            probe_env["PIPEWIRE_PROPS"] = "{ node.lock-quantum = false }"
    env.update(extra_env)
    if argv is None and kind == "plain":
        argv = [os.path.join(args.build_dir, "plain-alsa-client")] + extra
    obs = Observer(rig, args.silent if music else args.silent_cpu)
    rec = player = None
    try:
        if music:
            player = Music(server, env, sine_path)
            if server != "pulse":
                rec = Recorder(server, env)
            time.sleep(1.0)
        if server == "pulse":
            r = run_monitor_client(server, kind, argv, env, offsets, phases, args, obs)
            rec = r.pop("recording") if music else None
            r.pop("recording", None)
        else:
            r = rl.run_client(kind, la, env, offsets, phases, argv=argv, client_env=env, probe_env=probe_env,
                              observe=obs)
    finally:
        if player:
            player.stop()
        if rec is not None and server != "pulse":
            rec.stop()
    out = {"all": r["all"], "idle_cpu_after": r["idle_cpu"], "exit_status": r["exit_status"],
           "silent": obs.window("silent_from", "typing_from"), "typing": obs.window("typing_from", "typing_to"),
           "client_stdout": r.get("client_stdout", [])[-3:], "client_stderr": r.get("client_stderr", [])[-5:],
           "node_latency": (r.get("pipewire_links") or {}).get("node_latency"),
           # What the probe heard that no tap claimed, and how far the next onset was from each missed tap.
           "onsets": r.get("onsets"), "spurious_onsets": r.get("spurious_onsets"), "missed": r.get("missed"),
           "probe_own_onsets": r.get("probe_own_onsets"),
           "per_tap": r.get("per_tap"),
           # run-latency's stall check (a late tap sender, a server behind real time): reported, not retried.
           "stall": rl.stalled(r, la) if "server" in r else None}
    if music and rec is not None and rec.start_ns is not None:
        m = obs.marks
        cut = RATE // 5  # 200 ms from each edge of a window
        out["music_silent"] = dropouts(rec.raw, rec.frame_at(m["silent_from"]["t"]) + cut,
                                       rec.frame_at(m["typing_from"]["t"]) - cut)
        out["music_typing"] = dropouts(rec.raw, rec.frame_at(m["typing_from"]["t"]) + cut,
                                       rec.frame_at(m["typing_to"]["t"]))
    return out


def music_alone(rig, server, sine_path, seconds):
    env = dict(rig.env)
    player = Music(server, env, sine_path)
    rec = Recorder(server, env)
    time.sleep(1.0 + seconds)
    player.stop()
    rec.stop()
    if rec.start_ns is None:
        return None
    end = len(rec.raw) // 8
    return dropouts(rec.raw, end - int((seconds + 0.5) * RATE), end - RATE // 2)


# ---------------------------------------------------------------- report

def f(x, d=2):
    return "—" if x is None else f"{x:.{d}f}"


def short_error(text):
    """A row's error for the table: the exit status and the client's last line."""
    status = re.search(r"\(exit (\d+)\)", text)
    last = text.split(" / ")[-1].split(": ", 1)[-1] if " / " in text or ": " in text else text
    return (f"exit {status.group(1)}, " if status else "") + last[:160]


def table(results):
    head = ("| server | client | p50 ms | p99 ms | missed | quantum changes /s typing | CPU % client silent / typing "
            "| CPU % daemons silent / typing | music dropouts /min silent / typing | p50 ms with music |")
    lines = [head, "|" + "---|" * 10]
    for srv in results["servers"]:
        title = SERVERS[srv["server"]]["title"]
        if srv.get("error"):
            lines.append(f"| {title} | *server did not start: {srv['error']}* |" + " |" * 8)
            continue
        ma = srv.get("music_alone")
        if ma:
            lines.append(f"| {title} | (music alone, no client) | | | | | | | {f(ma['per_minute'], 0)} | |")
        for row in srv["rows"]:
            a, b = row.get("plain"), row.get("music")
            if row.get("error") and not a:
                lines.append(f"| {title} | {row['label']} | *did not run: {short_error(row['error'])}* |" + " |" * 7)
                continue
            al, s, t = a["all"], a["silent"] or {}, a["typing"] or {}
            stock = srv["server"] in ("pw-stock", "pw-pulse")
            q = t.get("quantum_changes_per_s") if stock else None
            ms = (b or {}).get("music_silent") or {}
            mt = (b or {}).get("music_typing") or {}
            note = f" ({short_error(row['error'])})" if row.get("error") else ""
            note += " †" if a.get("stall") else ""
            lines.append(
                f"| {title} | {row['label']}{note} | {f(al['p50'])} | {f(al['p99'])} | {al['n'] - al['matched']}/{al['n']} "
                f"| {f(q) if stock else ('forced' if srv['server'] == 'pw-lab' else '—')} "
                f"| {f(s.get('client_cpu'), 1)} / {f(t.get('client_cpu'), 1)} "
                f"| {f(s.get('daemons_cpu'), 1)} / {f(t.get('daemons_cpu'), 1)} "
                f"| {f(ms.get('per_minute'), 0)} / {f(mt.get('per_minute'), 0)} "
                # On the PulseAudio protocol the clicks are heard on the monitor, which the music fills.
                f"| {f(((b or {}).get('all') or {}).get('p50')) if srv['server'] not in PULSE_PROTOCOL else '—'} |")
    return "\n".join(lines)


def find_row(results, server, label):
    for srv in results["servers"]:
        if srv["server"] == server:
            for row in srv.get("rows", []):
                if row["label"] == label and row.get("plain"):
                    return row
    return None


def p50(row):
    return row["plain"]["all"]["p50"] if row else None


def targets(results):
    """The issue's targets, each met, not met, or not measurable (with why)."""
    out = []

    def add(name, ok, detail):
        out.append({"target": name, "met": ok, "detail": detail})

    def subject(server, preferred):
        for label in preferred:
            r = find_row(results, server, label)
            if r:
                return label, r
        return None, None

    for server, floor in (("jack", "native (floor)"), ("pw-lab", "native (floor), pw-jack 64")):
        label, r = subject(server, ["inputclick auto", "inputclick --backend pipewire", "inputclick (alsa: bench)",
                                    "inputclick --backend alsa"])
        fl = find_row(results, server, floor)
        if r and fl and p50(r) is not None and p50(fl):
            add(f"{SERVERS[server]['title']}: p50 ≤ 1.3 × floor", p50(r) <= 1.3 * p50(fl),
                f"{label} {p50(r):.2f} ms vs 1.3 × {p50(fl):.2f} = {1.3 * p50(fl):.2f} ms")
        else:
            add(f"{SERVERS[server]['title']}: p50 ≤ 1.3 × floor", None, "a row did not run")
    label, r = subject("pulse", ["inputclick auto", "inputclick --backend pulseaudio", "inputclick --backend alsa (pulse PCM)"])
    cb = find_row(results, "pulse", "canberra cached sample")
    if r:
        al = r["plain"]["all"]
        add("PulseAudio: 0 clicks missed", al["matched"] == al["n"], f"{label}: {al['n'] - al['matched']} of {al['n']} missed")
    else:
        add("PulseAudio: 0 clicks missed", None, "no inputclick row ran")
    if r and cb and p50(r) is not None and p50(cb) is not None:
        add("PulseAudio: p50 ≤ canberra", p50(r) <= p50(cb), f"{label} {p50(r):.2f} ms vs canberra {p50(cb):.2f} ms")
    else:
        add("PulseAudio: p50 ≤ canberra", None, "a row did not run")
    label, r = subject("pw-stock", ["inputclick auto", "inputclick --backend pipewire --latency balanced",
                                    "inputclick --backend alsa --latency balanced"])
    fl = find_row(results, "pw-stock", "native (floor), pw-jack 256")
    pl = find_row(results, "pw-stock", "plain alsa-lib 64x2")
    if r and fl and p50(r) is not None and p50(fl):
        add("PipeWire stock: p50 ≤ 1.3 × floor at the same quantum (256, balanced)", p50(r) <= 1.3 * p50(fl),
            f"{label} {p50(r):.2f} ms vs 1.3 × {p50(fl):.2f} = {1.3 * p50(fl):.2f} ms")
    else:
        add("PipeWire stock: p50 ≤ 1.3 × floor at the same quantum (256, balanced)", None, "a row did not run")
    if r:
        q = (r["plain"]["typing"] or {}).get("quantum_changes")
        add("PipeWire stock: 0 quantum changes while typing", q == 0 if q is not None else None, f"{label}: {q}")
        ms, mt = (r.get("music") or {}).get("music_silent"), (r.get("music") or {}).get("music_typing")
        if ms and mt:
            add("PipeWire stock: music dropouts typing ≤ silent", mt["per_minute"] <= ms["per_minute"],
                f"{label}: {mt['dropouts']} in {mt['seconds']:.1f} s typing vs {ms['dropouts']} in {ms['seconds']:.1f} s silent")
        else:
            add("PipeWire stock: music dropouts typing ≤ silent", None, "no music run")
        if pl:
            cpu = lambda row: ((row["plain"]["silent"] or {}).get("client_cpu") or 0) + \
                ((row["plain"]["silent"] or {}).get("daemons_cpu") or 0)
            add("PipeWire stock: CPU (client + daemons) visible-silent ≤ plain", cpu(r) <= cpu(pl),
                f"{label} {cpu(r):.1f} % vs plain {cpu(pl):.1f} %")
    else:
        for t in ("0 quantum changes while typing", "music dropouts typing ≤ silent", "CPU visible-silent ≤ plain"):
            add(f"PipeWire stock: {t}", None, "no inputclick row ran")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--servers", default="jack,pw-lab,pw-stock,pulse,pw-pulse", help="from: " + ", ".join(SERVERS))
    ap.add_argument("--only", default="", help="run only the rows whose label contains one of these (comma-separated)")
    ap.add_argument("--taps", type=int, default=80, help="typing taps per row (a burst comes on top)")
    ap.add_argument("--burst-taps", type=int, default=10)
    ap.add_argument("--silent", type=float, default=10.0, help="seconds of the visible-and-silent window")
    ap.add_argument("--silent-cpu", type=float, default=5.0,
                    help="seconds of the visible-and-silent window of the run without music (CPU)")
    ap.add_argument("--music", action=argparse.BooleanOptionalAction, default=True, help="the music runs")
    ap.add_argument("--quick", action="store_true", help="40 taps, 5 s silent windows")
    ap.add_argument("--name-prefix", default=f"bsrv{os.getpid()}", help="the rigs' sink names are PREFIX-SERVER")
    ap.add_argument("--inputclick-bin", default=os.environ.get("INPUTCLICK_BIN")
                    or os.path.join(ROOT, ".build", "release", "inputclick"))
    ap.add_argument("--build-dir", default=os.path.join(ROOT, ".build", "bench"))
    ap.add_argument("--pw-monitor", action=argparse.BooleanOptionalAction, default=True,
                    help="on PipeWire lab, link the null sink's monitor to the probe (run-latency.py's --pw-monitor); "
                         "never on stock, where that link kept a pw-jack client's latency from changing the quantum")
    ap.add_argument("--logs", metavar="DIR", help="keep the daemons' logs of each rig in DIR/SERVER")
    ap.add_argument("--from-json", metavar="FILE", help="measure nothing: the table and targets of a run's JSON")
    ap.add_argument("--json", metavar="FILE")
    ap.add_argument("--markdown", metavar="FILE")
    args = ap.parse_args()
    if args.from_json:
        with open(args.from_json) as fh:
            report(json.load(fh), argparse.Namespace(json=None, markdown=args.markdown))
        return 0
    if args.quick:
        args.taps, args.silent, args.silent_cpu = 40, 5.0, 3.0
    args.settle, args.linger, args.idle = 0.5, 0.5, 2.0
    args.ready_timeout, args.exit_timeout, args.window_ms = 15.0, 15.0, 100.0
    servers = [s.strip() for s in args.servers.split(",") if s.strip()]
    bad = [s for s in servers if s not in SERVERS]
    if bad:
        ap.error(f"unknown server(s) {', '.join(bad)}")

    sched = argparse.Namespace(taps=args.taps, bursts=1, burst_taps=args.burst_taps, burst_gap_ms=30.0,
                               gap_min_ms=80.0, gap_max_ms=220.0, seed=1)
    offsets, phases = rl.make_schedule(sched)
    tmp = tempfile.TemporaryDirectory(prefix="inputclick-bench-servers.")
    sine_path = os.path.join(tmp.name, "sine.wav")
    write_sine(sine_path, 3 * (offsets[-1] / 1e9 + args.silent) + 30)
    results = {"benchmark": "servers, issue 17 item 4", "when_unix": time.time(), "argv": sys.argv,
               "host": {"cpus": os.cpu_count(), "uname": " ".join(os.uname()), "load_average_start": os.getloadavg()},
               "inputclick": args.inputclick_bin, "taps_per_row": len(offsets),
               "schedule_seconds": offsets[-1] / 1e9, "silent_seconds": args.silent, "servers": []}
    only = [o.strip() for o in args.only.split(",") if o.strip()]
    for server in servers:
        srv = {"server": server, "title": SERVERS[server]["title"], "rows": []}
        results["servers"].append(srv)
        rig = Rig(server, f"{args.name_prefix}-{server}")
        try:
            log(f"{server}: starting the rig")
            rig.start()
            srv["rig"] = rig.status
            la = argparse.Namespace(sink="jack" if server == "jack" else "pipewire",
                                    pw_monitor=(args.pw_monitor and server == "pw-lab") or server == "pw-pulse",
                                    pw_link_clients=server != "pw-pulse",
                                    build_dir=args.build_dir, probe_name="inputclick_probe", probe_args="",
                                    settle=args.settle, linger=args.linger, idle=args.idle,
                                    ready_timeout=args.ready_timeout, exit_timeout=args.exit_timeout,
                                    window_ms=args.window_ms, recording_lines=None, recording_header=b"",
                                    device_plain=None, device_inputclick=None, inputclick_bin=args.inputclick_bin,
                                    stall_ms=20.0)
            srv["doctor"] = doctor(args.inputclick_bin, rig.env)
            log(f"{server}: doctor: {srv['doctor']}")
            la.pw_sink_ports = rl.pw_sink_ports(rig.env) if server.startswith("pw") else []
            if args.music and server != "jack":
                srv["music_alone"] = music_alone(rig, server, sine_path, args.silent)
                log(f"{server}: music alone: {srv['music_alone']}")
            for label, kind, extra, extra_env in rows_for(server):
                if only and not any(o in label for o in only):
                    continue
                row = {"label": label, "kind": kind}
                srv["rows"].append(row)
                for phase in ("plain", "music") if args.music and server != "jack" else ("plain",):
                    log(f"{server}: {label}: {'with music' if phase == 'music' else 'running'}")
                    try:
                        row[phase] = run_row(rig, server, label, kind, extra, extra_env, args, la, offsets, phases,
                                             sine_path, phase == "music")
                        a = row[phase]["all"]
                        log(f"{server}: {label}: matched {a['matched']}/{a['n']}, p50 {f(a['p50'])} ms, "
                            f"p99 {f(a['p99'])} ms; {row[phase].get('typing')}"
                            + (f"; music {row[phase].get('music_silent')} / {row[phase].get('music_typing')}"
                               if phase == "music" else ""))
                    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
                        msg = str(e).replace("|", "/")
                        row["error"] = (row.get("error", "") + ("; " if row.get("error") else "")
                                        + (f"with music: {msg}" if phase == "music" else msg))[:300]
                        log(f"{server}: {label}: {msg}")
                        if phase == "plain":
                            break
        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
            srv["error"] = str(e)[:300]
            log(f"{server}: {e}")
        finally:
            if args.logs and rig.started:
                rig.save_logs(os.path.join(args.logs, server))
            rig.stop()
            log(f"{server}: rig stopped")
    results["host"]["load_average_end"] = os.getloadavg()
    report(results, args)
    return 0


def report(results, args):
    """Prints the table and the targets, and writes --json and --markdown."""
    results["targets"] = targets(results)
    md = table(results)
    la0, la1 = results["host"]["load_average_start"], results["host"]["load_average_end"]
    md += (f"\n\nLoad average {la0[0]:.2f} {la0[1]:.2f} {la0[2]:.2f} at the start, {la1[0]:.2f} {la1[1]:.2f} "
           f"{la1[2]:.2f} at the end ({results['host']['cpus']} CPUs); {results['taps_per_row']} taps per row over "
           f"{results['schedule_seconds']:.1f} s, silent windows {results['silent_seconds']:g} s.\n\n")
    if any(row.get("plain", {}).get("stall") for srv in results["servers"] for row in srv.get("rows", [])):
        md += "† the machine stalled during the row's taps (the sender late or the server behind real time; see the JSON).\n\n"
    md += "| target | met | measured |\n|---|---|---|\n" + "\n".join(
        f"| {t['target']} | {'yes' if t['met'] else ('no' if t['met'] is False else 'not measured')} | {t['detail']} |"
        for t in results["targets"]) + "\n"
    print(md)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=1)
        log(f"wrote {args.json}")
    if args.markdown:
        with open(args.markdown, "w") as fh:
            fh.write(md)
        log(f"wrote {args.markdown}")


if __name__ == "__main__":
    sys.exit(main())
