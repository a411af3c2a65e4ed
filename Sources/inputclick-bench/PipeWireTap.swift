import InputClick
import InputClickPipeWire
#if canImport(Glibc)
import Glibc
#endif

/// `--pipewire-tap POLICY`: `inputclick tap`'s contract for the latency
/// benchmark (bench/run-latency.py, client `inputclick-pw`), through the
/// native PipeWire output instead of ALSA: opens a stream as a visible
/// keyboard would, says READY, plays a key click per line of standard
/// input, and at its end lets the clicks sound out and prints one line of
/// counts. The server is libpipewire's choice (`PIPEWIRE_RUNTIME_DIR`, …).
func runPipeWireTap(policy: ServerLatencyPolicy) -> Never {
    let configuration = ClickPlayerConfiguration(stream: OutputStreamRequest(serverLatency: policy), lingerNanoseconds: 0,
                                                 warningHandler: { text in
                                                     "inputclick-bench: warning: \(text)\n".withCString { _ = write(2, $0, strlen($0)) }
                                                 })
    let session = ClickSession(output: PipeWireOutput(), configuration: configuration)
    let player = session.player
    guard session.open(timeout: .seconds(10)) == .reached else { fail("the PipeWire stream did not open within 10 s", 69) }
    print("READY")
    fflush(nil)
    var taps = 0, played = 0
    while readLine() != nil {
        taps += 1
        if session.play(.key) == .plays { played += 1 }
    }
    // Asked while the stream is open: the data loop's scheduling now.
    let realtime = player.statistics.isRealtime
    session.drain(timeout: .seconds(4))
    let statistics = player.statistics
    print("inputclick-bench --pipewire-tap \(policy): \(taps) taps, \(played) played, \(player.latency.count) written, "
        + "\(statistics.clicksLostWithDevice) lost with the device, \(statistics.underruns) underruns, \(statistics.faults) faults, "
        + "data loop real-time \(realtime)")
    session.close()
    exit(0)
}
