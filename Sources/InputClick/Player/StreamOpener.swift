/// Opens and closes a ``ClickPlayer``'s streams within bounded time.
///
/// An output whose calls may wait on a sound server
/// (``AudioOutput/callsMayBlock``) opens on a thread of its own while the
/// control queue goes on: an open that has not returned within
/// ``ClickPlayerConfiguration/openTimeoutNanoseconds`` (or the output's own
/// ``AudioOutput/openTimeLimitNanoseconds`` and half a second, if longer) fails and is
/// abandoned (a stream it opens after all is closed at once), and while an
/// abandoned call has not returned no new open starts. A close waits at
/// most ``ClickPlayerConfiguration/closeTimeoutNanoseconds`` and is then
/// abandoned to its own thread. Other outputs open and close in place.
///
/// Thread context: the player's control queue only; completions run there.
final class StreamOpener: @unchecked Sendable {
    /// Why an open failed, naming the device.
    struct Failure: Error {
        let message: String
        /// Whether retrying soon cannot help (``PersistentOutputError``).
        var isPersistent = false
    }

    typealias Completion = (Result<any AudioOutputStream, Failure>) -> Void

    private let output: any AudioOutput
    private let scheduler: any ControlScheduler
    private let openTimeoutNanoseconds: UInt64
    private let closeTimeoutNanoseconds: UInt64
    private let calls = BoundedDeviceCalls()
    /// The open under way on its own thread, if any.
    private var pending: (attempt: Int, call: BoundedDeviceCalls.Call<OpenedStream>, completion: Completion)?
    private var attempts = 0

    /// An opener for `output` whose waits run on `scheduler`.
    init(output: any AudioOutput, scheduler: any ControlScheduler, configuration: ClickPlayerConfiguration) {
        self.output = output
        self.scheduler = scheduler
        openTimeoutNanoseconds = max(configuration.openTimeoutNanoseconds,
                                     output.openTimeLimitNanoseconds.map { $0 &+ 500_000_000 } ?? 0)
        closeTimeoutNanoseconds = configuration.closeTimeoutNanoseconds
    }

    /// Opens and closes given up on so far (``ClickPlayerStatistics/abandonedDeviceCalls``).
    var abandonedCalls: Int { calls.abandonedTotal }

    /// Opens a stream with `request` and hands `completion` the stream or
    /// why not: at once, or later on the control queue.
    func open(_ request: OutputStreamRequest, completion: @escaping Completion) {
        let target = output
        guard output.callsMayBlock else {
            completion(Self.outcome(of: Result { try target.openStream(request) }, name: target.name))
            return
        }
        guard calls.abandonedInFlight == 0 else {
            completion(.failure(Failure(message: "cannot open audio device '\(output.name)': it does not answer (an earlier call to it has not returned)")))
            return
        }
        attempts &+= 1
        let attempt = attempts, scheduler = self.scheduler
        let call = calls.start({ OpenedStream(result: Result { try target.openStream(request) }) },
                               whenReturned: { [weak self] in
                                   scheduler.execute { [weak self] in self?.openReturned(attempt) }
                               },
                               whenAbandoned: { if case .success(let late) = $0.result { late.close() } })
        pending = (attempt, call, completion)
        scheduler.execute(afterNanoseconds: openTimeoutNanoseconds) { [weak self] in self?.openReturned(attempt) }
    }

    /// The open on its own thread returned, or its time is up: whichever
    /// comes first takes the result, or abandons the call.
    private func openReturned(_ attempt: Int) {
        guard let open = pending, open.attempt == attempt else { return }
        pending = nil
        guard let opened = open.call.result(waitingAtMost: 0) else {
            let milliseconds = openTimeoutNanoseconds / 1_000_000
            open.completion(.failure(Failure(message: "cannot open audio device '\(output.name)': it did not answer within \(milliseconds) ms")))
            return
        }
        open.completion(Self.outcome(of: opened.result, name: output.name))
    }

    private static func outcome(of result: Result<any AudioOutputStream, any Error>,
                                name: String) -> Result<any AudioOutputStream, Failure> {
        result.mapError { error in
            Failure(message: "cannot open audio device '\(name)': \(error)",
                    isPersistent: (error as? any PersistentOutputError)?.isPersistent ?? false)
        }
    }

    /// Closes `stream`, waiting at most the close timeout when the output's
    /// calls may block; returns whether it closed. A close not waited for
    /// goes on on a thread of its own, which runs `afterAbandonedClose` once
    /// it returns (the stream's render thread has then stopped).
    @discardableResult
    func close(_ stream: any AudioOutputStream, afterAbandonedClose: @escaping @Sendable () -> Void = {}) -> Bool {
        guard output.callsMayBlock else {
            stream.close()
            return true
        }
        let call = calls.start({ stream.close() }, whenAbandoned: { afterAbandonedClose() })
        return call.result(waitingAtMost: closeTimeoutNanoseconds) != nil
    }
}

/// What an open on its own thread returned.
private struct OpenedStream: @unchecked Sendable {
    /// The stream, or why it did not open.
    let result: Result<any AudioOutputStream, any Error>
}
