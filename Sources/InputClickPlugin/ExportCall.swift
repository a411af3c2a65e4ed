/// The frame of every exported function: run the body, turn a
/// ``PluginFailure`` into its code, and leave its message, prefixed with the
/// function's name, for `inputclick_last_error_message`.
enum ExportCall {
    /// Runs `body` and returns its result, or the failure's negative code.
    ///
    /// On success nothing is recorded and nothing is allocated here.
    @inline(__always)
    static func run(_ function: StaticString, _ body: () throws(PluginFailure) -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            ThreadErrorMessage.set("\(function): \(error.message)")
            return error.code.rawValue
        }
    }

    /// Runs `body` with the context behind `pointer`; see ``run(_:_:)`` and
    /// ``PluginHandle/with(_:_:as:_:)``.
    @inline(__always)
    static func withContext(_ function: StaticString, _ pointer: OpaquePointer?,
                            _ body: (PluginHandle, PluginContext) throws(PluginFailure) -> Int32) -> Int32 {
        run(function) { () throws(PluginFailure) -> Int32 in
            try PluginHandle.with(pointer, .context, as: PluginContext.self, body)
        }
    }

    /// Runs `body` with the options behind `pointer`; see ``run(_:_:)``.
    @inline(__always)
    static func withOptions(_ function: StaticString, _ pointer: OpaquePointer?,
                            _ body: (PluginOptions) throws(PluginFailure) -> Int32) -> Int32 {
        run(function) { () throws(PluginFailure) -> Int32 in
            try PluginHandle.with(pointer, .options, as: PluginOptions.self) { _, options throws(PluginFailure) -> Int32 in
                try body(options)
            }
        }
    }
}
