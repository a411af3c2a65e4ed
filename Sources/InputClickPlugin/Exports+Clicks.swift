import InputClick

// Taps: play and ask. See inputclick.h for each function's contract.

/// The click kind for a C `kind`, or a failure naming the value.
@inline(__always)
func clickKind(_ kind: Int32) throws(PluginFailure) -> ClickKind {
    guard let clickKind = HeaderConstants.kind(kind) else {
        let known = ClickKind.allCases.map { "\(HeaderConstants.code(for: $0)) (\($0.name))" }.joined(separator: ", ")
        throw PluginFailure(.invalidKind, "click kind \(kind) is not one of \(known)")
    }
    return clickKind
}

/// # Real-time context
/// On success two atomic additions guard the handle, and the gate and the mixer's
/// command ring are lock-free; only failures build a message.
@c(inputclick_play)
public func inputclickPlay(_ context: OpaquePointer?, _ kind: Int32) -> Int32 {
    ExportCall.withContext("inputclick_play", context) { _, context throws(PluginFailure) -> Int32 in
        HeaderConstants.code(for: context.engine.playInputClick(try clickKind(kind)))
    }
}

/// # Real-time context
/// As ``inputclickPlay(_:_:)``.
@c(inputclick_decision)
public func inputclickDecision(_ context: OpaquePointer?, _ kind: Int32) -> Int32 {
    ExportCall.withContext("inputclick_decision", context) { _, context throws(PluginFailure) -> Int32 in
        HeaderConstants.code(for: context.engine.decision(for: try clickKind(kind)))
    }
}
