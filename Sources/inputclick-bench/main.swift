import InputClick
import InputClickALSA
import InputClickReports
#if canImport(Glibc)
import Glibc
#endif

// inputclick-bench: plays 1,000 clicks at a typing rhythm with bursts through
// an ALSA device and prints the latency stats. Build it in release mode:
//
//   swift build -c release --product inputclick-bench
//   eval "$(scripts/virtual-sink.sh env)"; scripts/virtual-sink.sh start
//   .build/release/inputclick-bench            # the sink when configured, else default
//
// Options: --device NAME, --clicks N (default 1000), --period FRAMES (64),
// --periods N (2), --seed N (1), --json. With --mixer it measures instead
// what rendering one period costs, with no device (MixerCost.swift); with
// --wakeup, what waking the render thread costs a tap (WakeupCost.swift).

func fail(_ message: String, _ code: Int32 = 64) -> Never {
    let line = "inputclick-bench: \(message)\n"
    line.withCString { _ = write(2, $0, strlen($0)) }
    exit(code)
}

var options: [String: String] = [:]
var json = false
var mixerOnly = false
var wakeupOnly = false
var floodTaps: Int?
var unlimited = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--mixer": mixerOnly = true
    case "--wakeup": wakeupOnly = true
    case "--unlimited": unlimited = true
    case "--pipewire-tap":
        guard let value = arguments.popFirst(), let policy = ServerLatencyPolicy(name: value) else {
            fail("--pipewire-tap needs a latency policy: lowest, balanced or economy")
        }
        runPipeWireTap(policy: policy)
    case "--pulse-taps": runPulseTaps(json: json)
    case "--flood":
        guard let value = arguments.popFirst(), let taps = Int(value), (1...10_000_000).contains(taps) else {
            fail("--flood needs a number of taps from 1 to 10000000")
        }
        floodTaps = taps
    case "--device", "--clicks", "--period", "--periods", "--seed":
        guard let value = arguments.popFirst() else { fail("\(argument) needs a value") }
        options[argument] = value
    case "-h", "--help":
        print("USAGE: inputclick-bench [--device NAME] [--clicks N] [--period FRAMES] [--periods N] [--seed N] [--json]")
        print("       inputclick-bench --mixer [--period FRAMES] [--json]   (render cost per period, no device)")
        print("       inputclick-bench --wakeup [--json]                    (a tap's cost of waking the render thread)")
        print("       inputclick-bench --pipewire-tap POLICY                (tap's stdin contract, native PipeWire output)")
        print("       inputclick-bench --pulse-taps                         (native PulseAudio: a click per line read, for bench/pulse-instant.py)")
        print("       inputclick-bench --flood N [--unlimited] [--device NAME] [--json]  (N taps at once, counted by reason)")
        exit(0)
    default: fail("unknown argument '\(argument)'")
    }
}
func integer(_ name: String, _ fallback: Int, _ range: ClosedRange<Int>, in options: [String: String]) -> Int {
    guard let text = options[name] else { return fallback }
    guard let value = Int(text), range.contains(value) else {
        fail("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
    }
    return value
}
let clickCount = integer("--clicks", 1000, 1...100_000, in: options)
let period = integer("--period", 64, 16...8192, in: options)
let periods = integer("--periods", 2, 2...32, in: options)
let seed = UInt64(integer("--seed", 1, 0...Int(Int32.max), in: options))
if mixerOnly { runMixerCost(periods: 200_000, frames: period, json: json) }
if wakeupOnly { runWakeupCost(calls: 200_000, json: json) }

ALSAOutput.disableLibraryLocking()
ALSAOutput.silenceLibraryMessages()
let device = options["--device"] ?? ((try? ALSAOutput(device: "inputclick_sink")) != nil ? "inputclick_sink" : "default")
let output: ALSAOutput
do {
    output = try ALSAOutput(device: device)
} catch {
    fail("\(error)")
}

let configuration = ClickPlayerConfiguration(
    stream: OutputStreamRequest(latency: .explicit(periodFrames: period, periodCount: periods)),
    lingerNanoseconds: 0, latencyCapacity: max(4096, clickCount),
    warningHandler: { text in
        let line = "inputclick-bench: warning: \(text)\n"
        line.withCString { _ = write(2, $0, strlen($0)) }
    })
let session = ClickSession(output: output, configuration: configuration,
                           rateLimit: floodTaps != nil && !unlimited ? .default : .unlimited)
let player = session.player
let gate = session.gate
if session.open(timeout: .seconds(10)) != .reached { fail("ALSA device '\(device)' did not open within 10 seconds", 69) }
// Let the stream settle for a moment, as a keyboard shown before the first tap would.
player.clock.sleep(untilNanoseconds: player.clock.now() + 200_000_000)
if let floodTaps {
    let status = runFlood(gate: gate, player: player, taps: floodTaps, json: json)
    session.close()
    exit(status)
}

var rhythm = BenchRhythm(seed: seed)
var played = 0
var dropped = 0
// Each tap at its time after the one before it, on the player's clock.
var next = player.clock.now()
for tap in rhythm.taps(clickCount) {
    next += tap.pauseNanoseconds
    player.clock.sleep(untilNanoseconds: next)
    if gate.playInputClick(tap.kind) == .plays { played += 1 } else { dropped += 1 }
}
session.drain(timeout: .seconds(4))

let statistics = player.statistics
let report = player.latency.report()
session.close()

let formatText = statistics.format.map(\.description) ?? "closed"
if json {
    struct RunReport: Encodable {
        var device: String
        var clicks, played, dropped, sampleRate, periodFrames, bufferFrames: Int
        var underruns, suspends, faults: Int
        var realtime: Bool
        var scheduling: String
        var starts, rewinds, queuedBehind: Int
        var alsaLib: String
        var milliseconds: LatencyReportMilliseconds
    }
    let f = statistics.format
    print(jsonLine(RunReport(
        device: device, clicks: clickCount, played: played, dropped: dropped, sampleRate: f?.sampleRate ?? 0,
        periodFrames: f?.periodFrames ?? 0, bufferFrames: f?.bufferFrames ?? 0,
        underruns: statistics.underruns, suspends: statistics.suspends, faults: statistics.faults,
        realtime: statistics.isRealtime, scheduling: statistics.scheduling?.description ?? "closed",
        starts: statistics.starts, rewinds: statistics.rewinds, queuedBehind: statistics.queuedBehind,
        alsaLib: ALSAOutput.libraryVersion,
        milliseconds: LatencyReportMilliseconds(report))))
} else {
    print("""
        inputclick-bench: \(clickCount) clicks at a typing rhythm with bursts (seed \(seed))
        device:     \(device) (alsa-lib \(ALSAOutput.libraryVersion))
        stream:     \(formatText)
        thread:     \(statistics.isRealtime ? "SCHED_FIFO" : "normal (SCHED_FIFO refused)")
        scheduling: \(statistics.scheduling?.description ?? "closed"): \(statistics.starts) starts on demand, \(statistics.rewinds) rewinds, \(statistics.queuedBehind) clicks queued behind audio
        clicks:     \(played) played, \(dropped) dropped, \(report.toWrite.count) timed
        xruns:      \(statistics.underruns) underruns, \(statistics.suspends) suspends, \(statistics.faults) faults
        \(report.description)
        """)
}
exit(played == clickCount && report.toWrite.count == played ? 0 : 1)
