/// An error of ``AudioOutput/openStream(_:)`` that can say that trying again
/// soon will not help: the device is set up wrongly (for example its
/// definition names a plugin library that is not installed), and only the
/// user can put that right.
///
/// ``ClickPlayer`` retries a device whose open failed this way only every
/// ``RetryBackoff/persistentFailureNanoseconds``, not with its fast backoff,
/// and its warning says so. Errors that do not conform count as passing.
public protocol PersistentOutputError: Error {
    /// Whether the failure lasts until the user acts.
    var isPersistent: Bool { get }
}
