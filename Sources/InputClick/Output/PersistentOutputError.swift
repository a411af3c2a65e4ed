/// An open error that retrying soon will not mend: the device is set up wrongly (say, its definition names a
/// plugin that is not installed). ``ClickPlayer`` then retries only every
/// ``RetryBackoff/persistentFailureNanoseconds`` and says so. Errors that do not conform count as passing.
public protocol PersistentOutputError: Error {
    var isPersistent: Bool { get }
}
