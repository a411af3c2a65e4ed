/// Opens and closes a ``ClickPlayer``'s streams in bounded time, on the control queue (completions run
/// there). When ``AudioOutput/callsMayBlock``, an open runs on its own thread and fails after
/// ``ClickPlayerConfiguration/openTimeoutNanoseconds`` (or the output's own limit and half a second), its
/// late stream closed at once; a close waits at most ``ClickPlayerConfiguration/closeTimeoutNanoseconds``.
/// See ``BoundedDeviceCalls``. Other outputs open and close in place.
final class StreamOpener: @unchecked Sendable {
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
    private var pending: (attempt: Int, call: BoundedDeviceCalls.Call<OpenedStream>, completion: Completion)?
    private var attempts = 0

    init(output: any AudioOutput, scheduler: any ControlScheduler, configuration: ClickPlayerConfiguration) {
        self.output = output
        self.scheduler = scheduler
        openTimeoutNanoseconds = max(configuration.openTimeoutNanoseconds,
                                     output.openTimeLimitNanoseconds.map { $0 &+ 500_000_000 } ?? 0)
        closeTimeoutNanoseconds = configuration.closeTimeoutNanoseconds
    }

    var abandonedCalls: Int { calls.abandonedTotal }

    /// Hands `completion` the stream or why not: at once, or later on the control queue.
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

    /// Whichever comes first, the open's return or its time limit, takes the result or abandons the call.
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

    /// Returns whether it closed in time; an abandoned close runs `afterAbandonedClose` once it returns (the
    /// render side has then stopped).
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

private struct OpenedStream: @unchecked Sendable {
    let result: Result<any AudioOutputStream, any Error>
}
