#!/usr/bin/env python3
"""Side-by-side tap-to-sound latency benchmark (issue 7).

For each client it starts the onset probe (bench/probe.c), starts the client,
waits for its READY, sends taps (one line each on the client's standard input)
in a seeded typing rhythm with bursts, stamps each tap on CLOCK_MONOTONIC right
before the write, then measures the client's CPU while it stays open and
silent. It matches every tap to the probe's first onset after it and reports
the tap-to-sound latency distribution per client.

Clients:
  native       bench/native-client.c: a JACK client itself (the sink's floor)
  plain        bench/plain-alsa-client.c: alsa-lib, 64 x 2 buffer kept full
  plain-wait   the same with --wait-first (waits for room, then renders)
  inputclick   `inputclick tap --device DEVICE`
  listen       `inputclick listen --replay - --device DEVICE`: each tap is the
               recording's evemu press line, written to its standard input,
               so the figure is event to sound as `listen` sees a key press
  per-key      bench/per-key-client.c: opens, plays and closes a stream for
               every press, as naive tools do (aplay per key)
  fcitx5       the fcitx5 add-on (contrib/fcitx5) in an in-process fcitx5 with
               its test front end: each tap is one key press through fcitx5's
               key handling (contrib/fcitx5/test/benchclient.cpp); built by
               bench/run.sh into BUILD_DIR/fcitx5

With --recording FILE (an evemu-record recording; bench/run-listen.sh passes
the test fixture), the taps are the recording's key presses at their
recorded times, for every client, instead of the seeded rhythm.

Sinks (--sink):
  jack         the JACK dummy server of scripts/virtual-sink.sh (the default);
               the ALSA clients play to bench-alsa.conf's `bench` PCM, which
               feeds the probe and system:playback_*
  pipewire     the private PipeWire of scripts/pipewire-sink.sh (null sink,
               quantum 64); the probe and the native client run under pw-jack,
               the ALSA clients play to `inputclick_sink` (the pipewire PCM),
               and once a client prints READY its stream node's output ports
               are linked to the probe with pw-link, next to WirePlumber's
               links to the null sink

Needs the virtual sink running (scripts/virtual-sink.sh or
scripts/pipewire-sink.sh) with its client environment; bench/run.sh sets all
that up, builds everything and calls this. Python 3 standard library only.
"""
import argparse
import bisect
import glob
import json
import math
import os
import random
import shlex
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ALL_CLIENTS = ("native", "plain", "plain-wait", "inputclick", "inputclick-pw", "listen", "per-key", "fcitx5")
CLK_TCK = os.sysconf("SC_CLK_TCK")



def terminate(proc, grace=3):
    """Asks a child to end (TERM), and kills it if it has not within `grace` seconds."""
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()

def mono_ns():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


def log(msg):
    print(f"run-latency: {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- schedule

def make_schedule(args):
    """Tap offsets in ns from the first tap, and the phase of each tap.

    `taps` typing taps with gaps drawn uniformly from [gap_min, gap_max],
    cut into bursts + 1 stretches; between stretches, `burst_taps` taps
    `burst_gap` apart. Seeded, so every client gets the same taps."""
    rng = random.Random(args.seed)
    stretches = args.bursts + 1
    sizes = [args.taps // stretches + (1 if i < args.taps % stretches else 0) for i in range(stretches)]
    offsets, phases = [], []
    t = 0.0
    first = True

    def gap():
        return rng.uniform(args.gap_min_ms, args.gap_max_ms) / 1000.0

    for s, size in enumerate(sizes):
        for _ in range(size):
            if not first:
                t += gap()
            first = False
            offsets.append(t)
            phases.append("typing")
        if s < args.bursts:
            for k in range(args.burst_taps):
                if not first:
                    t += gap() if k == 0 else args.burst_gap_ms / 1000.0
                first = False
                offsets.append(t)
                phases.append("burst")
    return [int(round(o * 1e9)) for o in offsets], phases


# ---------------------------------------------------------------- processes

class Child:
    """A child process whose stdout and stderr are read by threads."""

    def __init__(self, label, argv, env, preamble=b"", payloads=None):
        self.label = label
        self.argv = argv
        self.payloads = payloads
        self.sent = 0
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env, bufsize=0)
        if preamble:
            os.write(self.proc.stdin.fileno(), preamble)
        self.stdout_lines = []
        self.stderr_lines = []
        self.ready = threading.Event()
        self._threads = [threading.Thread(target=self._read_out, daemon=True),
                         threading.Thread(target=self._read_err, daemon=True)]
        for th in self._threads:
            th.start()

    def _read_out(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            if not self.ready.is_set() and line.strip() == "READY":
                self.ready.set()
                continue
            self.stdout_lines.append(line)

    def _read_err(self):
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def wait_ready(self, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.ready.wait(0.05):
                return True
            if self.proc.poll() is not None:
                return self.ready.is_set()
        return False

    def tap(self):
        """Stamps the time, then writes one line (an unbuffered pipe write):
        an empty one, or the client's next payload line."""
        line = self.payloads[self.sent] if self.payloads else b"\n"
        self.sent += 1
        t = mono_ns()
        os.write(self.proc.stdin.fileno(), line)
        return t

    def finish(self, timeout):
        """Closes stdin and waits; terminates, then kills, if it does not exit."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            log(f"{self.label} did not exit {timeout:.0f} s after end of input; terminating it")
            terminate(self.proc)
        for th in self._threads:
            th.join(2)
        return self.proc.returncode

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


# ---------------------------------------------------------------- CPU

def cpu_sample(pid):
    """CPU time of a process so far: (ns from the live threads' schedstat,
    clock ticks utime+stime of the whole process, ticks summed over the live
    threads, thread count)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    proc_ticks = int(fields[11]) + int(fields[12])
    sched_ns = task_ticks = threads = 0
    for task in glob.glob(f"/proc/{pid}/task/*"):
        try:
            with open(f"{task}/schedstat") as f:
                sched_ns += int(f.read().split()[0])
            with open(f"{task}/stat") as f:
                tf = f.read().rsplit(")", 1)[1].split()
            task_ticks += int(tf[11]) + int(tf[12])
            threads += 1
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended between the listing and the read
    return sched_ns, proc_ticks, task_ticks, threads


def machine_sample():
    """Whole-machine CPU counters from /proc/stat: (busy, idle, steal) ticks."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (v + [0] * 8)[:8]
    return user + nice + system + irq + softirq, idle + iowait, steal


def machine_over(before, after):
    busy, idle, steal = (a - b for a, b in zip(after, before))
    total = busy + idle + steal
    return {"busy_percent": 100.0 * busy / total if total else None,
            "steal_percent": 100.0 * steal / total if total else None,
            "cpus": os.cpu_count()}


def cpu_over(pid, seconds):
    """The process's CPU use over the next `seconds`, in percent of one core."""
    w0, c0 = mono_ns(), cpu_sample(pid)
    time.sleep(seconds)
    w1, c1 = mono_ns(), cpu_sample(pid)
    wall = (w1 - w0) / 1e9
    return {
        "seconds": wall,
        "percent": 100.0 * (c1[0] - c0[0]) / 1e9 / wall,          # threads' schedstat, ns resolution
        "percent_ticks_process": 100.0 * (c1[1] - c0[1]) / CLK_TCK / wall,  # /proc/PID/stat
        "percent_ticks_threads": 100.0 * (c1[2] - c0[2]) / CLK_TCK / wall,  # /proc/PID/task/*/stat
        "threads": c1[3],
    }


# ---------------------------------------------------------------- matching

def match(taps, onsets, window_ns, early_ns=0):
    """Order-preserving matching of taps to onsets that maximizes the number
    of matched taps and, among those, minimizes the total distance between
    tap and onset. A tap can match an onset at or after it, within the
    window, or up to `early_ns` before it (where the clock that placed the
    onsets is known to run up to that much early); the distance, not the
    signed latency, is what is minimized, so a stray early onset does not win
    over the click's own just after the tap. Returns, per tap, the index of
    its onset or None."""
    n, m = len(taps), len(onsets)
    # best[i][j]: (matches, -total distance) using taps[i:] and onsets[j:].
    best = [[(0, 0)] * (m + 1) for _ in range(n + 1)]
    move = [bytearray(m + 1) for _ in range(n + 1)]  # 0 skip tap, 1 skip onset, 2 match
    for i in range(n - 1, -1, -1):
        row, below = best[i], best[i + 1]
        for j in range(m, -1, -1):
            choice, value = 0, below[j]
            if j < m:
                if row[j + 1] > value:
                    choice, value = 1, row[j + 1]
                d = onsets[j] - taps[i]
                if -early_ns <= d <= window_ns:
                    b = below[j + 1]
                    cand = (b[0] + 1, b[1] - abs(d))
                    if cand > value:
                        choice, value = 2, cand
            row[j] = value
            move[i][j] = choice
    result = [None] * n
    i = j = 0
    while i < n:
        c = move[i][j]
        if c == 2:
            result[i] = j
            i += 1
            j += 1
        elif c == 1:
            j += 1
        else:
            i += 1
    return result


def percentile(sorted_values, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    if not sorted_values:
        return None
    pos = (len(sorted_values) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarize(latencies_ms, n):
    v = sorted(latencies_ms)
    return {
        "n": n,
        "matched": len(v),
        "missed": n - len(v),
        "min": v[0] if v else None,
        "mean": sum(v) / len(v) if v else None,
        "p50": percentile(v, 50),
        "p90": percentile(v, 90),
        "p99": percentile(v, 99),
        "max": v[-1] if v else None,
    }


# ---------------------------------------------------------------- PipeWire

PW_SINK_NODE = "inputclick-null"  # the null sink of scripts/pipewire-sink.sh
PW_CHANNEL_ORDER = {"FL": 0, "FR": 1, "MONO": 0}


def pw_graph(env):
    """PipeWire's nodes, ports and links, from pw-dump."""
    out = subprocess.run(["pw-dump"], env=env, capture_output=True, text=True, timeout=10)
    if out.returncode != 0:
        raise RuntimeError("pw-dump failed: " + out.stderr.strip()[-300:])
    objs = json.loads(out.stdout or "[]")
    clients, nodes, ports, links = {}, {}, {}, []
    for o in objs:
        kind = o.get("type", "").rsplit(":", 1)[-1]
        info = o.get("info") or {}
        props = info.get("props") or {}
        if kind == "Client":
            clients[o["id"]] = props
        elif kind == "Node":
            nodes[o["id"]] = dict(props, _state=info.get("state"))
        elif kind == "Port":
            ports[o["id"]] = dict(props, _direction=info.get("direction"))
        elif kind == "Link":
            links.append((info.get("output-node-id"), info.get("output-port-id"),
                          info.get("input-node-id"), info.get("input-port-id"), info.get("state")))
    for props in nodes.values():
        c = clients.get(props.get("client.id"), {})
        props["_pid"] = c.get("application.process.id")
    return nodes, ports, links


def pw_node_ports(ports, node_id, direction):
    """A node's ports in one direction, in channel order (FL, FR), then by name."""
    mine = [(pid, p) for pid, p in ports.items() if p.get("node.id") == node_id and p.get("_direction") == direction]
    return sorted(mine, key=lambda kv: (PW_CHANNEL_ORDER.get(str(kv[1].get("audio.channel", "")).upper(), 9),
                                        str(kv[1].get("port.name", ""))))


def pw_link_client(name, pid, args, env, link_probe):
    """Waits until the client's playback node (its pid's output node) exists
    and WirePlumber (or the client) linked it to the null sink; links its
    output ports to the probe's inputs if `link_probe`; checks every link.
    Returns what was found, for the JSON."""
    deadline = time.monotonic() + args.ready_timeout
    made = []
    while True:
        nodes, ports, links = pw_graph(env)
        sink = [i for i, n in nodes.items() if n.get("node.name") == PW_SINK_NODE]
        probe = [i for i, n in nodes.items() if n.get("node.name") == args.probe_name]
        mine = [i for i, n in nodes.items() if str(n.get("_pid")) == str(pid)
                and pw_node_ports(ports, i, "output")]
        why = None
        if not sink:
            why = f"no PipeWire node {PW_SINK_NODE}"
        elif not probe:
            why = f"no PipeWire node {args.probe_name}"
        elif len(mine) != 1:
            why = f"{len(mine)} output nodes of pid {pid}"
        else:
            node = mine[0]
            outs = pw_node_ports(ports, node, "output")
            ins = pw_node_ports(ports, probe[0], "input")
            to_sink = [l for l in links if l[0] == node and l[2] == sink[0]]
            to_probe = [l for l in links if l[0] == node and l[2] == probe[0]]
            if len(outs) < 2 or len(ins) < 2:
                why = f"{name}'s node {node} has {len(outs)} output ports, the probe {len(ins)} inputs"
            elif len(to_sink) < 2:
                why = f"{name}'s node {node} has {len(to_sink)} links to {PW_SINK_NODE}"
            elif len(to_probe) < 2 and link_probe:
                have = {(l[1], l[3]) for l in to_probe}
                for (o, _), (i, _) in zip(outs, ins):
                    if (o, i) not in have and (o, i) not in made:
                        r = subprocess.run(["pw-link", str(o), str(i)], env=env, capture_output=True, text=True,
                                           timeout=10)
                        if r.returncode != 0 and "File exists" not in r.stderr:
                            raise RuntimeError(f"pw-link {o} {i} ({name} to the probe) failed: {r.stderr.strip()}")
                        made.append((o, i))
                why = "waiting for the links to the probe"
            elif len(to_probe) < 2:
                why = f"{name}'s node {node} has {len(to_probe)} links to the probe"
            else:
                n = nodes[node]
                return {"node_id": node, "node_name": n.get("node.name"), "node_latency": n.get("node.latency"),
                        "links_to_sink": len(to_sink), "links_to_probe": len(to_probe),
                        "linked_by_driver": len(made)}
        if time.monotonic() > deadline:
            raise RuntimeError(f"PipeWire links of {name} not in place within {args.ready_timeout:.0f} s: {why}")
        time.sleep(0.05)


class PwRelinker:
    """Links an ALSA client's new playback node to the probe while it runs.

    A client that reopens its device (inputclick does when the device stops
    consuming audio, see its device-lost handling) gets a new stream node,
    which WirePlumber links to the null sink but nobody to the probe. This
    watches for new output ports with `pw-link -m` (idle while nothing
    changes) and links the client's node again."""

    def __init__(self, name, pid, args, env):
        self.name, self.pid, self.args, self.env = name, pid, args, env
        self.relinks, self.errors = [], []
        self.proc = subprocess.Popen(["pw-link", "-m", "-o", "-I"], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self):
        ignore = (PW_SINK_NODE + ":", self.args.probe_name + ":")
        for line in self.proc.stdout:
            parts = line.split(None, 2)
            if len(parts) < 3 or parts[0] != "+" or parts[2].startswith(ignore):
                continue
            try:
                self.relinks.append(dict(pw_link_client(self.name, self.pid, self.args, self.env, True),
                                         t_ns=mono_ns()))
            except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as e:
                self.errors.append(str(e))

    def stop(self):
        terminate(self.proc)
        self.thread.join(3)
        # Each new node has two ports, each a "+" line: count the nodes.
        nodes = {r["node_id"] for r in self.relinks}
        return {"new_nodes_linked": len(nodes), "nodes": sorted(nodes), "errors": self.errors}


def pw_link_monitor(args, env):
    """Links the null sink's monitor ports to the probe's mon_1 and mon_2 and
    waits until both links exist."""
    pairs = [(f"{PW_SINK_NODE}:monitor_FL", f"{args.probe_name}:mon_1"),
             (f"{PW_SINK_NODE}:monitor_FR", f"{args.probe_name}:mon_2")]
    for out, inp in pairs:
        r = subprocess.run(["pw-link", out, inp], env=env, capture_output=True, text=True, timeout=10)
        if r.returncode != 0 and "File exists" not in r.stderr:
            raise RuntimeError(f"pw-link {out} {inp} failed: {r.stderr.strip()}")
    deadline = time.monotonic() + 5
    while True:
        nodes, ports, links = pw_graph(env)
        sink = [i for i, n in nodes.items() if n.get("node.name") == PW_SINK_NODE]
        probe = [i for i, n in nodes.items() if n.get("node.name") == args.probe_name]
        if sink and probe and len([l for l in links if l[0] == sink[0] and l[2] == probe[0]]) >= 2:
            return
        if time.monotonic() > deadline:
            raise RuntimeError("the links from the null sink's monitor to the probe did not appear")
        time.sleep(0.05)


def sink_check(onsets, monitor, quantum_ms, taps, window_ns):
    """How the sink's monitor (mon_1/mon_2, stamped by the probe with the
    cycle in which the sink took the audio) agrees with the probe's own
    onsets: each probe onset pairs with the nearest unused monitor onset
    within 2 quanta. 0 means the sink took the click in the very cycle and
    frame the probe heard it. Also the tap-to-sink latencies measured on the
    monitor alone (per tap, or None)."""
    if monitor is None:
        return None, None
    used = set()
    offsets = []
    for t in onsets:
        k = bisect.bisect_left(monitor, t)
        best = None
        for j in (k - 1, k, k + 1):
            if 0 <= j < len(monitor) and j not in used and abs(monitor[j] - t) <= 2 * quantum_ms * 1e6:
                if best is None or abs(monitor[j] - t) < abs(monitor[best] - t):
                    best = j
        if best is not None:
            used.add(best)
            offsets.append((monitor[best] - t) / 1e6)
    assignment = match(taps, monitor, window_ns)
    sink_lat = [None if a is None else (monitor[a] - t) / 1e6 for t, a in zip(taps, assignment)]
    return summarize_sink_check(len(onsets), len(monitor), offsets, quantum_ms,
                                [x for x in sink_lat if x is not None], len(taps)), sink_lat


def summarize_sink_check(probe_onsets, monitor_onsets, offsets, quantum_ms, sink_latencies, n):
    offsets = sorted(round(x, 4) for x in offsets)
    same = sum(1 for x in offsets if abs(x) < 0.002)
    return {"probe_onsets": probe_onsets, "monitor_onsets": monitor_onsets, "paired": len(offsets),
            "same_cycle_and_frame": same,
            "sink_earlier": sum(1 for x in offsets if x <= -0.002),
            "sink_later": sum(1 for x in offsets if x >= 0.002),
            "monitor_minus_probe_ms": {"min": offsets[0] if offsets else None,
                                       "max": offsets[-1] if offsets else None},
            "off_offsets_ms": [x for x in offsets if abs(x) >= 0.002],
            "quantum_ms": quantum_ms,
            "tap_to_sink": summarize(sink_latencies, n)}


def pw_sink_ports(env):
    """The JACK names of the null sink's playback ports, as pw-jack clients
    see them (physical input ports, e.g. "InputClick virtual sink:playback_FL")."""
    out = subprocess.run(["pw-jack", "jack_lsp", "-p"], env=env, capture_output=True, text=True, timeout=10)
    found, port = [], None
    for line in out.stdout.splitlines():
        if line.startswith("\t") or line.startswith(" "):
            flags = line.split(":", 1)[-1].replace(" ", "").split(",")
            if port is not None and "input" in flags and "physical" in flags:
                found.append(port)
        else:
            port = line.strip()
    return found


# ---------------------------------------------------------------- one run

def jack_wrap(argv, args):
    """JACK programs run as PipeWire clients under pw-jack on the pipewire sink."""
    return ["pw-jack"] + argv if args.sink == "pipewire" else argv


def client_argv(name, args):
    b = args.build_dir
    if name == "native":
        argv = [os.path.join(b, "native-client"), "--probe", args.probe_name]
        if args.sink == "pipewire":
            argv += ["--playback", ",".join(args.pw_sink_ports[:2])]
        return jack_wrap(argv, args)
    if name == "plain":
        return [os.path.join(b, "plain-alsa-client"), args.device_plain]
    if name == "plain-wait":
        return [os.path.join(b, "plain-alsa-client"), args.device_plain, "--wait-first"]
    if name == "inputclick":
        return [args.inputclick_bin, "tap", "--device", args.device_inputclick]
    if name == "inputclick-pw":
        return [args.bench_bin, "--pipewire-tap", args.pw_policy]
    if name == "listen":
        return [args.inputclick_bin, "listen", "--replay", "-", "--device", args.device_inputclick]
    if name == "per-key":
        return [os.path.join(b, "per-key-client"), args.device_plain]
    if name == "fcitx5":
        return [os.path.join(b, "fcitx5", "test", "inputclick-fcitx5-bench"), args.fcitx5_work, args.device_inputclick]
    raise ValueError(name)


def load_recording(path):
    """The presses of an evemu-record recording: their offsets in ns from the
    first, the recording's description lines (N:, I:, P:, B:, A:) and each
    press's own E: line, for the listen client. Repeats and releases are left
    out: a tap is a press."""
    header, offsets, lines, first = [], [], [], None
    with open(path, "rb") as f:
        for raw in f:
            line = raw.split(b"#", 1)[0].strip()
            if not line:
                continue
            if not line.startswith(b"E:"):
                header.append(line + b"\n")
                continue
            fields = line.split()
            sec, usec = fields[1].split(b".")
            t = int(sec) * 1_000_000_000 + int(usec.ljust(6, b"0")) * 1000
            if first is None:
                first = t
            if fields[2] == b"0001" and int(fields[4]) == 1:
                offsets.append(t - first)
                lines.append(line + b"\n")
    if not offsets:
        sys.exit(f"run-latency: {path} holds no key press")
    base = offsets[0]
    return [o - base for o in offsets], b"".join(header), lines


def send_taps(client, offsets, name):
    """Taps the client at its offsets (ns) from 1 ms from now; returns the
    start and the taps' times."""
    start = mono_ns() + 1_000_000
    taps = []
    for off in offsets:
        delay = (start + off - mono_ns()) / 1e9
        if delay > 0:
            time.sleep(delay)
        try:
            taps.append(client.tap())
        except OSError as e:
            raise RuntimeError(f"{name} stopped reading its input after {len(taps)} taps: {e}")
    return start, taps


def run_client(name, args, env, offsets, phases, argv=None, client_env=None, probe_env=None, observe=None):
    """One client's run. bench/run-servers.py passes the client's own argv
    and environment, the probe's environment, and observe(event, client),
    called with "ready" once the client settled (before the first tap) and
    "typed" right after the last tap."""
    argv = argv or client_argv(name, args)
    monitor = args.sink == "pipewire" and args.pw_monitor
    probe = Child("probe", jack_wrap([os.path.join(args.build_dir, "probe"), "--name", args.probe_name]
                                     + (["--monitor"] if monitor else []) + shlex.split(args.probe_args), args),
                  probe_env or env)
    client = None
    links = None
    relinker = None
    relinked = None
    try:
        if not probe.wait_ready(10):
            raise RuntimeError("the probe did not start: " + " | ".join(probe.stderr_lines[-5:]))
        if monitor:
            pw_link_monitor(args, env)
        if name == "listen":
            if args.recording_lines is None:
                raise RuntimeError("the listen client needs --recording")
            client = Child(name, client_argv(name, args), env, preamble=args.recording_header,
                           payloads=args.recording_lines)
        else:
            client = Child(name, argv, client_env or env)
        if not client.wait_ready(args.ready_timeout):
            raise RuntimeError(f"{name} did not print READY within {args.ready_timeout:.0f} s "
                               f"(exit {client.proc.poll()}): " + " | ".join(client.stderr_lines[-5:]))
        if args.sink == "pipewire" and getattr(args, "pw_link_clients", True):
            # The native client linked itself (jack_connect); an ALSA client's
            # stream node is linked to the probe here, after WirePlumber
            # linked it to the null sink. (run-servers.py's pipewire-pulse rows
            # hear their clients on the sink's monitor only: pw_link_clients=False.)
            links = pw_link_client(name, client.proc.pid, args, env, link_probe=(name != "native"))
            if name != "native":
                relinker = PwRelinker(name, client.proc.pid, args, env)
        time.sleep(args.settle)
        if observe:
            observe("ready", client)
        machine_before = machine_sample()
        start, taps = send_taps(client, offsets, name)
        late = [(t - (start + off)) / 1e6 for t, off in zip(taps, offsets)]
        machine = machine_over(machine_before, machine_sample())
        if observe:
            observe("typed", client)
        time.sleep(args.linger)
        if client.proc.poll() is not None:
            raise RuntimeError(f"{name} exited during the run (status {client.proc.returncode}): "
                               + " | ".join(client.stderr_lines[-5:]))
        cpu = cpu_over(client.proc.pid, args.idle)
        status = client.finish(args.exit_timeout)
        if relinker is not None:
            relinked, relinker = relinker.stop(), None
        time.sleep(0.05)
        probe.finish(5)
    finally:
        if relinker is not None:
            relinker.stop()
        if client is not None:
            client.kill()
        probe.kill()

    onsets, kinds, nominal = [], [], []
    monitor_onsets = [] if monitor else None
    monitor_kinds, monitor_nominal = [], []
    server = {}
    for line in probe.stdout_lines:
        parts = line.split()
        if parts and parts[0] == "stats":
            server = {k: float(v) for k, v in zip(parts[1::2], parts[2::2])}
            if server.get("elapsed_ns") and server.get("rate"):
                # Audio time the server processed per second of real time: 1.0 keeps pace.
                server["pace"] = (server["cycles"] - 1) * server["frames"] / server["rate"] / (server["elapsed_ns"] / 1e9)
        elif len(parts) >= 2 and parts[0] == "onset":
            onsets.append(int(parts[1]))
            kinds.append(parts[2] if len(parts) > 2 else "?")
            nominal.append(int(parts[3]) if len(parts) > 3 else None)
        elif len(parts) >= 2 and parts[0] == "monitor" and monitor_onsets is not None:
            monitor_onsets.append(int(parts[1]))
            monitor_kinds.append(parts[2] if len(parts) > 2 else "?")
            monitor_nominal.append(int(parts[3]) if len(parts) > 3 else None)
    probe_own_onsets = None
    if monitor_onsets is not None and not getattr(args, "pw_link_clients", True):
        # Nothing is linked to the probe's own inputs (run-servers.py's
        # pipewire-pulse rows): the clicks are heard on the sink's monitor, so
        # every figure below (latencies, missed, spurious) comes from it.
        # (What the probe's own inputs heard is kept as probe_own_onsets: 0 unless something was linked.)
        probe_own_onsets = len(onsets)
        onsets, kinds, nominal, monitor_onsets = monitor_onsets, monitor_kinds, monitor_nominal, None
    order = sorted(range(len(onsets)), key=lambda k: onsets[k])
    onsets = [onsets[k] for k in order]
    kinds = [kinds[k] for k in order]
    nominal = [nominal[k] for k in order]
    window = int(args.window_ms * 1e6)
    assignment = match(taps, onsets, window)
    latencies = [None if a is None else (onsets[a] - t) / 1e6 for t, a in zip(taps, assignment)]
    sink_monitor, sink_latencies = sink_check(
        onsets, sorted(monitor_onsets) if monitor_onsets is not None else None,
        1000.0 * server.get("frames", 64) / server.get("rate", 48000), taps, window)
    used = {a for a in assignment if a is not None}
    # How far the nearest onset at or after each missed tap was (a hint of why).
    missed_detail = []
    for t, a, ph in zip(taps, assignment, phases):
        if a is None:
            k = bisect.bisect_left(onsets, t)
            missed_detail.append({"phase": ph, "next_onset_ms": (onsets[k] - t) / 1e6 if k < len(onsets) else None})
    result = {
        "client": name,
        "argv": argv,
        "pipewire_links": links,
        "pipewire_relinked": relinked,
        "sink_monitor": sink_monitor,
        "probe_own_onsets": probe_own_onsets,
        "exit_status": status,
        "taps": len(taps),
        "all": summarize([x for x in latencies if x is not None], len(taps)),
        "phases": {ph: summarize([x for x, p in zip(latencies, phases) if p == ph and x is not None],
                                 sum(1 for p in phases if p == ph)) for ph in ("typing", "burst")},
        "onsets": len(onsets),
        "onset_kinds": {k: kinds.count(k) for k in sorted(set(kinds))},
        "matched_rise_onsets": sum(1 for a in assignment if a is not None and kinds[a] == "rise"),
        "spurious_onsets": len(onsets) - len(used),
        "idle_cpu": cpu,
        "server": server,
        "machine_during_taps": machine,
        "tap_send_lateness_ms": {"p50": percentile(sorted(late), 50), "max": max(late) if late else None},
        "per_tap": [dict({"t_ns": t, "phase": ph, "latency_ms": x,
                          "nominal_latency_ms": (None if a is None or nominal[a] is None else (nominal[a] - t) / 1e6)},
                         **({} if sink_latencies is None else {"sink_latency_ms": sink_latencies[k]}))
                    for k, (t, ph, x, a) in enumerate(zip(taps, phases, latencies, assignment))],
        "missed": missed_detail,
        "probe_summary": [l for l in probe.stderr_lines if l.startswith("probe:")],
        "client_stderr": client.stderr_lines[-20:],
        "client_stdout": client.stdout_lines[-40:],
    }
    return result


def stalled(r, args):
    """Why a run's figures say more about the machine than the client, or None.

    The tap sender itself running late means the whole machine stalled (a
    client cannot delay the sender); a server that fell behind real time means
    its cycles did not run on time."""
    why = []
    late = r["tap_send_lateness_ms"].get("max")
    if late is not None and late > args.stall_ms:
        why.append(f"the tap sender ran up to {late:.1f} ms late")
    pace = r["server"].get("pace")
    if pace is None or pace < 0.97:
        why.append(f"the {'PipeWire graph' if args.sink == 'pipewire' else 'JACK server'} fell behind "
                   f"real time (pace {fmt(pace, 3)}, "
                   f"longest cycle lag {r['server'].get('lag_max_ns', 0) / 1e6:.0f} ms)")
    return "; ".join(why) or None


def merge_sink_checks(checks, per_tap):
    merged = {k: sum(c[k] for c in checks) for k in ("probe_onsets", "monitor_onsets", "paired",
                                                     "same_cycle_and_frame", "sink_earlier", "sink_later")}
    mins = [c["monitor_minus_probe_ms"]["min"] for c in checks if c["monitor_minus_probe_ms"]["min"] is not None]
    maxs = [c["monitor_minus_probe_ms"]["max"] for c in checks if c["monitor_minus_probe_ms"]["max"] is not None]
    merged.update({"monitor_minus_probe_ms": {"min": min(mins) if mins else None, "max": max(maxs) if maxs else None},
                   "off_offsets_ms": [x for c in checks for x in c["off_offsets_ms"]],
                   "quantum_ms": checks[0]["quantum_ms"],
                   "tap_to_sink": summarize([p["sink_latency_ms"] for p in per_tap
                                             if p.get("sink_latency_ms") is not None], len(per_tap))})
    return merged


def merge_rounds(rounds):
    """Pools the per-tap results of several rounds of one client."""
    if len(rounds) == 1:
        return rounds[0]
    per_tap = [p for r in rounds for p in r["per_tap"]]
    lat = [p["latency_ms"] for p in per_tap]
    phases = [p["phase"] for p in per_tap]
    cpus = [r["idle_cpu"] for r in rounds]
    merged = dict(rounds[-1])
    merged.update({
        "taps": len(per_tap),
        "all": summarize([x for x in lat if x is not None], len(lat)),
        "phases": {ph: summarize([x for x, p in zip(lat, phases) if p == ph and x is not None],
                                 sum(1 for p in phases if p == ph)) for ph in ("typing", "burst")},
        "onsets": sum(r["onsets"] for r in rounds),
        "matched_rise_onsets": sum(r["matched_rise_onsets"] for r in rounds),
        "spurious_onsets": sum(r["spurious_onsets"] for r in rounds),
        "idle_cpu": {k: sum(c[k] for c in cpus) / len(cpus) for k in cpus[0]},
        "machine_during_taps": {"busy_percent": max(r["machine_during_taps"]["busy_percent"] or 0 for r in rounds),
                                "steal_percent": max(r["machine_during_taps"]["steal_percent"] or 0 for r in rounds),
                                "cpus": os.cpu_count()},
        "server": {"pace": min(r["server"].get("pace", 0.0) for r in rounds),
                   "lag_max_ns": max(r["server"].get("lag_max_ns", 0.0) for r in rounds)},
        "per_tap": per_tap,
        "sink_monitor": (None if any(r.get("sink_monitor") is None for r in rounds) else merge_sink_checks(
            [r["sink_monitor"] for r in rounds], per_tap)),
        "stall": "; ".join(f"round {i + 1}: {r['stall']}" for i, r in enumerate(rounds) if r.get("stall")) or None,
        "missed": [m for r in rounds for m in r["missed"]],
        "rounds": [{k: r[k] for k in ("all", "idle_cpu", "server", "machine_during_taps", "tap_send_lateness_ms",
                                      "spurious_onsets", "probe_summary", "client_stdout", "client_stderr",
                                      "pipewire_links", "pipewire_relinked", "sink_monitor") if k in r}
                   for r in rounds],
    })
    return merged


# ---------------------------------------------------------------- output

def fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def print_table(results, errors):
    print()
    print("Tap-to-sound latency (ms) and CPU while open and silent")
    head = (f"{'client':<11} {'n':>4} {'matched':>7} {'missed':>6} {'p50':>6} {'p90':>6} {'p99':>6} {'max':>7}"
            f"  {'burst p50':>9} {'burst miss':>10} {'spurious':>8} {'idle CPU %':>10}")
    print(head)
    print("-" * len(head))
    for r in results:
        a, b = r["all"], r["phases"]["burst"]
        print(f"{r['client']:<11} {a['n']:>4} {a['matched']:>7} {a['missed']:>6} {fmt(a['p50']):>6} "
              f"{fmt(a['p90']):>6} {fmt(a['p99']):>6} {fmt(a['max']):>7}  {fmt(b['p50']):>9} "
              f"{b['missed']:>10} {r['spurious_onsets']:>8} {fmt(r['idle_cpu']['percent']):>10}")
    for name, err in errors.items():
        print(f"{name:<11} FAILED: {err}")
    print()


def ratios(results):
    by = {r["client"]: r for r in results}

    def ratio(a, b):
        if a is None or b is None or b == 0:
            return None
        return a / b

    def get(client, *path):
        r = by.get(client)
        for p in path:
            if r is None:
                return None
            r = r.get(p)
        return r

    def p50_over_tap(client):
        """How much later than `inputclick tap` the client's median click sounds (ms)."""
        if get(client, "all", "p50") is None or get("inputclick", "all", "p50") is None:
            return None
        return get(client, "all", "p50") - get("inputclick", "all", "p50")

    return {
        "inputclick_p50_over_native_p50": ratio(get("inputclick", "all", "p50"), get("native", "all", "p50")),
        "inputclick_p99_over_plain_p99": ratio(get("inputclick", "all", "p99"), get("plain", "all", "p99")),
        "inputclick_idle_cpu_over_plain_idle_cpu": ratio(get("inputclick", "idle_cpu", "percent"),
                                                         get("plain", "idle_cpu", "percent")),
        "listen_p50_minus_inputclick_p50_ms": p50_over_tap("listen"),
        "fcitx5_p50_minus_inputclick_p50_ms": p50_over_tap("fcitx5"),
        "listen_p99_over_per_key_p99": ratio(get("listen", "all", "p99"), get("per-key", "all", "p99")),
    }


def nice_ceiling(x):
    if x <= 0:
        return 1.0
    exp = 10 ** math.floor(math.log10(x))
    for m in (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        if m * exp >= x:
            return m * exp
    return 10 * exp


def write_svg(path, results, title):
    rows = [r for r in results if r["all"]["matched"]]
    width, left, right, top, row_h = 900, 120, 30, 60, 80
    height = top + row_h * max(1, len(rows)) + 60
    all_lat = [p["latency_ms"] for r in rows for p in r["per_tap"] if p["latency_ms"] is not None]
    p99s = [r["all"]["p99"] for r in rows if r["all"]["p99"] is not None]
    top_val = max(all_lat) if all_lat else 1.0
    if p99s and top_val > 2 * max(p99s):
        top_val = 1.5 * max(p99s)  # clip far outliers; they are drawn at the edge
    xmax = nice_ceiling(top_val)
    plot_w = width - left - right

    def x(v):
        return left + plot_w * min(v, xmax) / xmax

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="24" font-size="15" font-weight="bold">{esc(title)}</text>',
           f'<text x="{left}" y="42" fill="#555">points: taps (blue typing, orange bursts); box p25-p75; '
           f'black bar p50; red bar p99; ▶ at the edge: beyond the axis</text>']
    # Grid and axis.
    step = nice_ceiling(xmax / 8)
    axis_y = top + row_h * max(1, len(rows))
    v = 0.0
    while v <= xmax + 1e-9:
        xx = x(v)
        out.append(f'<line x1="{xx:.1f}" y1="{top}" x2="{xx:.1f}" y2="{axis_y}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{xx:.1f}" y="{axis_y + 16}" text-anchor="middle">{v:g}</text>')
        v += step
    out.append(f'<line x1="{left}" y1="{axis_y}" x2="{width - right}" y2="{axis_y}" stroke="black"/>')
    out.append(f'<text x="{left + plot_w / 2:.0f}" y="{axis_y + 36}" text-anchor="middle">'
               f'tap-to-sound latency (ms)</text>')
    rng = random.Random(1)
    for i, r in enumerate(rows):
        y0 = top + i * row_h
        mid = y0 + row_h / 2
        a = r["all"]
        lat = sorted(p["latency_ms"] for p in r["per_tap"] if p["latency_ms"] is not None)
        p25, p75 = percentile(lat, 25), percentile(lat, 75)
        out.append(f'<text x="{left - 10}" y="{mid - 4:.0f}" text-anchor="end" font-weight="bold">'
                   f'{esc(r["client"])}</text>')
        out.append(f'<text x="{left - 10}" y="{mid + 12:.0f}" text-anchor="end" fill="#555" font-size="10">'
                   f'missed {a["missed"]}/{a["n"]}</text>')
        out.append(f'<text x="{left - 10}" y="{mid + 25:.0f}" text-anchor="end" fill="#555" font-size="10">'
                   f'idle CPU {fmt(r["idle_cpu"]["percent"], 1)} %</text>')
        if r.get("stall"):
            out.append(f'<text x="{left - 10}" y="{mid + 38:.0f}" text-anchor="end" fill="#c53030" font-size="10">'
                       f'machine stalled</text>')
        out.append(f'<rect x="{x(p25):.1f}" y="{y0 + 12}" width="{max(1.0, x(p75) - x(p25)):.1f}" '
                   f'height="{row_h - 24}" fill="#eef2f7" stroke="#9aa8b8"/>')
        for p in r["per_tap"]:
            lv = p["latency_ms"]
            if lv is None:
                continue
            color = "#2b6cb0" if p["phase"] == "typing" else "#dd6b20"
            yy = mid + rng.uniform(-1, 1) * (row_h / 2 - 16)
            if lv > xmax:
                out.append(f'<text x="{x(xmax) - 4:.1f}" y="{yy + 4:.1f}" fill="{color}" font-size="9">▶</text>')
            else:
                out.append(f'<circle cx="{x(lv):.1f}" cy="{yy:.1f}" r="2" fill="{color}" fill-opacity="0.55"/>')
        for q, color, label in ((a["p50"], "black", "p50"), (a["p99"], "#c53030", "p99")):
            if q is None:
                continue
            out.append(f'<line x1="{x(q):.1f}" y1="{y0 + 8}" x2="{x(q):.1f}" y2="{y0 + row_h - 8}" '
                       f'stroke="{color}" stroke-width="2.5"/>')
            ty = y0 + 8 if label == "p50" else y0 + row_h - 1
            out.append(f'<text x="{x(q) + 3:.1f}" y="{ty}" fill="{color}" font-size="10">'
                       f'{label} {q:.2f}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def svg_title(sink_label, taps, rounds, seed):
    per = f"{taps} taps per client" + (f" x {rounds} rounds" if rounds > 1 else "")
    return f"Tap-to-sound latency, {sink_label}, {per} (seed {seed})"


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---------------------------------------------------------------- main

def child_env(sink):
    env = dict(os.environ)
    env["JACK_NO_START_SERVER"] = "1"
    if sink == "pipewire":
        # scripts/pipewire-sink.sh env set PIPEWIRE_RUNTIME_DIR, PIPEWIRE_LOG
        # and the ALSA_CONFIG_PATH that defines inputclick_sink; keep them.
        if env.get("INPUTCLICK_PIPEWIRE_CLOCK") == "stock":
            # The stock clock: each client asks what it asks, and no JACK
            # client (the probe) locks the quantum (pipewire-jack's default).
            env.setdefault("PIPEWIRE_PROPS", "{ node.lock-quantum = false }")
            return env
        # Every client asks for the sink's quantum (it is also forced).
        env.setdefault("PIPEWIRE_LATENCY", f"64/{env.get('INPUTCLICK_SINK_RATE') or 48000}")
        return env
    conf = [os.path.join(ROOT, "config", "alsa", "inputclick-test.conf"), os.path.join(HERE, "bench-alsa.conf")]
    path = env.get("ALSA_CONFIG_PATH") or "/usr/share/alsa/alsa.conf"
    parts = path.split(":")
    for c in conf:
        if c not in parts and os.path.abspath(c) not in [os.path.abspath(p) for p in parts]:
            parts.append(c)
    env["ALSA_CONFIG_PATH"] = ":".join(parts)
    return env


def main():
    ap = argparse.ArgumentParser(description="Side-by-side tap-to-sound latency benchmark.",
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--clients", default="native,plain,inputclick",
                    help="comma-separated, from: " + ", ".join(ALL_CLIENTS))
    ap.add_argument("--taps", type=int, default=200, help="typing taps per client (bursts come on top)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the tap rhythm")
    ap.add_argument("--recording", default=None,
                    help="an evemu-record recording: its key presses, at their recorded times, are the taps "
                         "(the listen client needs it)")
    ap.add_argument("--bursts", type=int, default=2, help="bursts, spread between the typing taps")
    ap.add_argument("--burst-taps", type=int, default=20, help="taps per burst")
    ap.add_argument("--burst-gap-ms", type=float, default=30.0, help="gap between burst taps")
    ap.add_argument("--gap-min-ms", type=float, default=80.0, help="shortest typing gap")
    ap.add_argument("--gap-max-ms", type=float, default=220.0, help="longest typing gap")
    ap.add_argument("--rounds", type=int, default=1,
                    help="run the client list this many times, interleaved, and pool the taps")
    ap.add_argument("--window-ms", type=float, default=100.0, help="longest tap-to-onset time that matches")
    ap.add_argument("--retries", type=int, default=1,
                    help="run a client again (at most this often) when the machine stalled during its run; "
                         "the stalled run is reported and left out")
    ap.add_argument("--stall-ms", type=float, default=20.0,
                    help="a tap sent later than this behind schedule means the machine stalled")
    ap.add_argument("--settle", type=float, default=0.5, help="seconds between READY and the first tap")
    ap.add_argument("--linger", type=float, default=0.5, help="seconds after the last tap before the idle window")
    ap.add_argument("--idle", type=float, default=3.0, help="seconds of the idle CPU window")
    ap.add_argument("--ready-timeout", type=float, default=15.0)
    ap.add_argument("--exit-timeout", type=float, default=15.0)
    ap.add_argument("--sink", choices=("jack", "pipewire"), default="jack",
                    help="the sink: the JACK dummy server (scripts/virtual-sink.sh) or the private PipeWire "
                         "(scripts/pipewire-sink.sh)")
    ap.add_argument("--pw-monitor", action=argparse.BooleanOptionalAction, default=True,
                    help="on pipewire, link the null sink's monitor to the probe's mon_1/mon_2: it checks that the "
                         "sink got each click (one quantum later) and keeps the sink driving the probe, so the sink "
                         "runs all the time as JACK's dummy does; --no-pw-monitor lets the sink go idle while no "
                         "client plays")
    ap.add_argument("--device-inputclick", default=None,
                    help="ALSA PCM for inputclick tap (default: bench on jack, inputclick_sink on pipewire)")
    ap.add_argument("--device-plain", default=None,
                    help="ALSA PCM for the plain client (default: bench on jack, inputclick_sink on pipewire)")
    ap.add_argument("--inputclick-bin",
                    default=os.environ.get("INPUTCLICK_BIN") or os.path.join(ROOT, ".build", "release", "inputclick"),
                    help="the inputclick executable (env INPUTCLICK_BIN)")
    ap.add_argument("--bench-bin",
                    default=os.environ.get("INPUTCLICK_BENCH_BIN") or os.path.join(ROOT, ".build", "release", "inputclick-bench"),
                    help="the inputclick-bench executable, for the inputclick-pw client (env INPUTCLICK_BENCH_BIN)")
    ap.add_argument("--pw-policy", default="balanced", choices=["lowest", "balanced", "economy"],
                    help="the inputclick-pw client's latency policy (node.latency it asks of the graph)")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, ".build", "bench"),
                    help="where probe, native-client and plain-alsa-client are")
    ap.add_argument("--probe-name", default="inputclick_probe",
                    help="the probe's JACK name (bench-alsa.conf names inputclick_probe)")
    ap.add_argument("--probe-args", default="", help="extra probe options, e.g. '--ratio 3'")
    ap.add_argument("--json", metavar="FILE", help="write all results, per tap, as JSON")
    ap.add_argument("--svg", metavar="FILE", help="draw the distributions side by side as SVG")
    args = ap.parse_args()

    clients = [c.strip() for c in args.clients.split(",") if c.strip()]
    bad = [c for c in clients if c not in ALL_CLIENTS]
    if bad or not clients:
        ap.error(f"unknown client(s) {', '.join(bad)}; choose from {', '.join(ALL_CLIENTS)}")
    if args.taps < 1 or args.bursts < 0 or args.burst_taps < 0 or args.rounds < 1:
        ap.error("--taps and --rounds must be at least 1, --bursts and --burst-taps at least 0")
    needed = ["probe"] + (["native-client"] if "native" in clients else []) + \
             (["plain-alsa-client"] if any(c.startswith("plain") for c in clients) else []) + \
             ([os.path.join("fcitx5", "test", "inputclick-fcitx5-bench")] if "fcitx5" in clients else [])
    for exe in needed:
        if not os.access(os.path.join(args.build_dir, exe), os.X_OK):
            sys.exit(f"run-latency: {args.build_dir}/{exe} is missing; build with bash bench/run.sh")
    if ("inputclick" in clients or "listen" in clients) and not os.access(args.inputclick_bin, os.X_OK):
        sys.exit(f"run-latency: {args.inputclick_bin} is missing; build it with "
                 "swift build -c release --product inputclick, or set INPUTCLICK_BIN")
    if "inputclick-pw" in clients and (args.sink != "pipewire" or not os.access(args.bench_bin, os.X_OK)):
        sys.exit(f"run-latency: the inputclick-pw client needs --sink pipewire and {args.bench_bin}; build it with "
                 "swift build -c release --product inputclick-bench, or set INPUTCLICK_BENCH_BIN")
    default_device = "inputclick_sink" if args.sink == "pipewire" else "bench"
    args.device_inputclick = args.device_inputclick or default_device
    args.device_plain = args.device_plain or default_device
    env = child_env(args.sink)
    if "fcitx5" in clients:
        # fcitx5's configuration and the add-on's go to a directory of the run's own.
        fcitx5_dir = tempfile.TemporaryDirectory(prefix="inputclick-bench-fcitx5.")  # removed when main returns
        args.fcitx5_work = fcitx5_dir.name
    if args.sink == "pipewire":
        if not env.get("PIPEWIRE_RUNTIME_DIR") or "inputclick-pipewire.conf" not in env.get("ALSA_CONFIG_PATH", ""):
            sys.exit("run-latency: --sink pipewire needs the sink's environment: "
                     'eval "$(scripts/pipewire-sink.sh env)", or use bash bench/run.sh --sink pipewire')
        for tool in ("pw-jack", "pw-dump", "pw-link"):
            if subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True).returncode != 0:
                sys.exit(f"run-latency: {tool} is missing (apt-get install pipewire-jack pipewire-bin)")
        server = "pipewire:" + env["PIPEWIRE_RUNTIME_DIR"]
    else:
        server = env.get("JACK_DEFAULT_SERVER", "default")
    lsp = subprocess.run(jack_wrap(["jack_lsp"], args), env=env, capture_output=True, text=True)
    if lsp.returncode != 0:
        sys.exit(f"run-latency: no {'PipeWire' if args.sink == 'pipewire' else 'JACK server'} answers "
                 f"({server}); start the virtual sink, or use bash bench/run.sh")
    if any(p.startswith(args.probe_name + ":") for p in lsp.stdout.splitlines()):
        sys.exit(f"run-latency: a JACK client named {args.probe_name} already runs on this server")
    args.pw_sink_ports = pw_sink_ports(env) if args.sink == "pipewire" else []
    if args.sink == "pipewire" and len(args.pw_sink_ports) < 2:
        sys.exit(f"run-latency: the PipeWire null sink's playback ports are not visible to pw-jack "
                 f"({args.pw_sink_ports})")

    args.recording_header, args.recording_lines = b"", None
    if args.recording:
        offsets, args.recording_header, args.recording_lines = load_recording(args.recording)
        phases = ["typing"] * len(offsets)
    else:
        offsets, phases = make_schedule(args)
    log(f"{len(offsets)} taps per client ({phases.count('typing')} typing, {phases.count('burst')} in "
        f"{args.bursts} bursts), {offsets[-1] / 1e9:.1f} s; sink {args.sink}, server "
        f"{server}; clients {', '.join(clients)}")
    per_client = {c: [] for c in clients}
    errors = {}
    discarded = []
    for rnd in range(args.rounds):
        for c in clients:
            if c in errors:
                continue
            for attempt in range(args.retries + 1):
                log(f"{c}{f' (round {rnd + 1}/{args.rounds})' if args.rounds > 1 else ''}: running"
                    + (f" again (attempt {attempt + 1})" if attempt else ""))
                try:
                    r = run_client(c, args, env, offsets, phases)
                except RuntimeError as e:
                    errors[c] = str(e)
                    log(f"{c}: {e}")
                    r = None
                    break
                why = stalled(r, args)
                r["stall"] = why
                if why is None:
                    break
                a = r["all"]
                log(f"{c}: WARNING: the machine stalled during this run: {why}. "
                    f"(matched {a['matched']}/{a['n']}, p50 {fmt(a['p50'])} ms, p99 {fmt(a['p99'])} ms)")
                if attempt < args.retries:
                    log(f"{c}: discarding this run and running it again (--retries {args.retries})")
                    discarded.append({"client": c, "round": rnd + 1, "why": why, "all": r["all"],
                                      "server": r["server"], "machine_during_taps": r["machine_during_taps"],
                                      "tap_send_lateness_ms": r["tap_send_lateness_ms"]})
                else:
                    log(f"{c}: keeping it; its figures are not representative")
            if r is None:
                continue
            a = r["all"]
            log(f"{c}: matched {a['matched']}/{a['n']}, p50 {fmt(a['p50'])} ms, p99 {fmt(a['p99'])} ms, "
                f"idle CPU {fmt(r['idle_cpu']['percent'])} %")
            for line in r["probe_summary"]:
                log(f"  {line}")
            per_client[c].append(r)
    results = [merge_rounds(per_client[c]) for c in clients if per_client[c]]

    print_table(results, errors)
    kept_stalled = [f"{r['client']} round {i + 1}" for r in results
                    for i, rr in enumerate(per_client[r["client"]]) if rr.get("stall")]
    for d in discarded:
        a = d["all"]
        print(f"discarded and run again: {d['client']} round {d['round']}: {d['why']} "
              f"(it had matched {a['matched']}/{a['n']}, p50 {fmt(a['p50'])}, p99 {fmt(a['p99'])}, "
              f"max {fmt(a['max'])} ms)")
    if kept_stalled:
        print("WARNING: the machine stalled during " + ", ".join(kept_stalled)
              + "; those figures are in the table and not representative")
    if discarded or kept_stalled:
        print()
    rat = ratios(results)
    labels = {"inputclick_p50_over_native_p50": "inputclick p50 / native p50",
              "inputclick_p99_over_plain_p99": "inputclick p99 / plain p99",
              "inputclick_idle_cpu_over_plain_idle_cpu": "inputclick idle CPU / plain idle CPU",
              "listen_p50_minus_inputclick_p50_ms": "listen p50 - inputclick tap p50 (ms)",
              "fcitx5_p50_minus_inputclick_p50_ms": "fcitx5 p50 - inputclick tap p50 (ms)",
              "listen_p99_over_per_key_p99": "listen p99 / per-key p99"}
    for k, label in labels.items():
        print(f"{label:<38} {fmt(rat[k])}")
    print()
    for r in results:
        cpu = r["idle_cpu"]
        warn = [l for l in r["client_stderr"] if "warning" in l.lower()]
        srv = r["server"]
        print(f"{r['client']}: idle CPU {fmt(cpu['percent'])} % (schedstat, {cpu['threads']:g} threads), "
              f"{fmt(cpu['percent_ticks_process'])} % (process ticks); onsets {r['onsets']} "
              f"({r['matched_rise_onsets']} matched ones found as a rise over a ringing click); "
              f"server pace {fmt(srv.get('pace'), 3)}, longest cycle lag {fmt(srv.get('lag_max_ns', 0) / 1e6, 1)} ms; "
              f"machine busy {fmt(r['machine_during_taps']['busy_percent'], 0)} % during the taps"
              + (f"; client warnings: {len(warn)}" if warn else ""))
        sm = r.get("sink_monitor")
        if sm:
            ts = sm["tap_to_sink"]
            off = sorted(set(round(x, 2) for x in sm["off_offsets_ms"]))
            print(f"{'':<{len(r['client'])}}  sink monitor: the null sink took {sm['same_cycle_and_frame']} of the "
                  f"probe's {sm['probe_onsets']} onsets in the same cycle and frame as the probe heard them; "
                  f"{sm['sink_earlier']} earlier and {sm['sink_later']} later than the probe"
                  + (f" (sink minus probe: {', '.join(f'{x:+.2f}' for x in off[:6])}{' …' if len(off) > 6 else ''} ms)"
                     if off else "")
                  + f"; {sm['probe_onsets'] - sm['paired']} unpaired probe onsets, {sm['monitor_onsets'] - sm['paired']} "
                  f"unpaired monitor onsets. Tap to sink on the monitor: matched {ts['matched']}/{ts['n']}, "
                  f"p50 {fmt(ts['p50'])}, p99 {fmt(ts['p99'])}, max {fmt(ts['max'])} ms")
        relinks = [rr.get("pipewire_relinked") for rr in r.get("rounds", [r])]
        new_nodes = sum(x["new_nodes_linked"] for x in relinks if x)
        if new_nodes or any(x and x["errors"] for x in relinks):
            print(f"{'':<{len(r['client'])}}  it opened {new_nodes} new playback node(s) during its runs "
                  "(a device reopen), linked to the probe again"
                  + "".join(f"; relink error: {e}" for x in relinks if x for e in x["errors"]))

    for r in results:
        report = [l for l in r["client_stdout"] if l.strip()]
        if report:
            print(f"\n{r['client']}'s own report:")
            for line in report:
                print(f"  {line}")

    if args.json:
        doc = {
            "benchmark": "tap-to-sound latency, issue 7",
            "when_unix": time.time(),
            "host": {"cpus": os.cpu_count(), "uname": " ".join(os.uname()),
                     "load_average": os.getloadavg()},
            "sink": args.sink,
            "server": server,
            "settings": {k: v for k, v in vars(args).items() if k not in ("json", "svg", "pw_sink_ports", "recording_header", "recording_lines")},
            "pipewire_sink_ports": args.pw_sink_ports,
            "schedule": {"offsets_ms": [o / 1e6 for o in offsets], "phases": phases},
            "results": results,
            "discarded_runs": discarded,
            "errors": errors,
            "ratios": rat,
        }
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)
        log(f"wrote {args.json}")
    if args.svg:
        sink_label = "PipeWire null sink" if args.sink == "pipewire" else "JACK dummy sink"
        write_svg(args.svg, results, svg_title(sink_label, len(offsets), args.rounds, args.seed))
        log(f"wrote {args.svg}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
