import Synchronization

/// Where keyboard notifications are posted and observed.
///
/// Observers register and unregister from any thread. A post calls the
/// observers registered at the moment it starts, in the order they
/// registered, on the posting thread (the host's thread), outside the
/// registry's lock: an observer may unregister itself or others, or register
/// new ones, from inside its block.
///
/// ```swift
/// let token = host.notificationCenter.addObserver(for: [.willShow]) { note in
///     print("keyboard ends at", note.frameEnd)
/// }
/// host.notificationCenter.removeObserver(token)
/// ```
public final class KeyboardNotificationCenter: Sendable {
    /// Identifies one registration, for ``removeObserver(_:)``.
    public struct Token: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private struct Registration: Sendable {
        let token: Token
        let names: Set<KeyboardNotification.Name>
        let block: @Sendable (KeyboardNotification) -> Void
    }

    private struct Registry: Sendable {
        var nextID: UInt64 = 1
        var registrations: [Registration] = []
    }

    private let registry = Mutex(Registry())

    /// Creates an empty center.
    public init() {}

    /// Registers `block` for the notifications named in `names` (all four by default).
    ///
    /// - Returns: The token to pass to ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(for names: Set<KeyboardNotification.Name> = Set(KeyboardNotification.Name.allCases),
                            _ block: @escaping @Sendable (KeyboardNotification) -> Void) -> Token {
        registry.withLock { registry in
            let token = Token(id: registry.nextID)
            registry.nextID += 1
            registry.registrations.append(Registration(token: token, names: names, block: block))
            return token
        }
    }

    /// Unregisters an observer. Removing an unknown or already removed token does nothing.
    /// A post already in progress on another thread may still call it once.
    public func removeObserver(_ token: Token) {
        registry.withLock { $0.registrations.removeAll { $0.token == token } }
    }

    /// How many observers are registered now.
    public var observerCount: Int { registry.withLock { $0.registrations.count } }

    /// Calls every observer registered for the notification's name.
    ///
    /// The host posts on its own thread.
    public func post(_ notification: KeyboardNotification) {
        let interested = registry.withLock { registry in
            registry.registrations.filter { $0.names.contains(notification.name) }
        }
        for registration in interested { registration.block(notification) }
    }
}
