import InputClick

// What the host reports: visible views and secure text entry. See
// inputclick.h for each function's contract.

/// UIKit shows at most an input view and an accessory view, so more is a caller's bug (a
/// garbage count, most likely), refused before reading any entry.
let maximumVisibleViews = 64

@c(inputclick_set_visible_views)
public func inputclickSetVisibleViews(_ context: OpaquePointer?, _ flags: UnsafePointer<Int32>?, _ count: Int) -> Int32 {
    ExportCall.withContext("inputclick_set_visible_views", context) { _, context throws(PluginFailure) -> Int32 in
        guard count >= 0, count <= maximumVisibleViews else {
            throw PluginFailure(.invalidArgument, "\(UInt(bitPattern: count)) visible views is more than the \(maximumVisibleViews) accepted")
        }
        guard count == 0 || flags != nil else {
            throw PluginFailure(.invalidArgument, "the views array is NULL but the count is \(count)")
        }
        var views: [AnyObject] = []
        if let flags {
            views.reserveCapacity(count)
            for index in 0..<count {
                views.append(flags[index] != 0 ? InputViewProxy.optedIn : InputViewProxy.notOptedIn)
            }
        }
        context.engine.setVisibleInputViews(views)
        return PluginResult.ok.rawValue
    }
}

@c(inputclick_set_secure_text_entry)
public func inputclickSetSecureTextEntry(_ context: OpaquePointer?, _ secure: Int32) -> Int32 {
    ExportCall.withContext("inputclick_set_secure_text_entry", context) { _, context throws(PluginFailure) -> Int32 in
        context.engine.setSecureTextEntry(secure != 0)
        return PluginResult.ok.rawValue
    }
}
