import Synchronization

/// Where keyboard notifications are posted and observed. Observers register from any
/// thread; a post calls those registered when it starts, in order, on the posting thread,
/// outside the lock, so an observer may register or unregister from its block.
///
/// ```swift
/// let token = host.notificationCenter.addObserver(for: [.willShow]) { note in
///     print("keyboard ends at", note.frameEnd)
/// }
/// host.notificationCenter.removeObserver(token)
/// ```
public final class KeyboardNotificationCenter: Sendable {
    /// For ``removeObserver(_:)``.
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

    public init() {}

    /// For the notifications named in `names` (all four by default).
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

    /// An unknown token does nothing. A post under way on another thread may still call it once.
    public func removeObserver(_ token: Token) {
        registry.withLock { $0.registrations.removeAll { $0.token == token } }
    }

    public var observerCount: Int { registry.withLock { $0.registrations.count } }

    /// Calls every observer registered for the notification's name.
    public func post(_ notification: KeyboardNotification) {
        let interested = registry.withLock { registry in
            registry.registrations.filter { $0.names.contains(notification.name) }
        }
        for registration in interested { registration.block(notification) }
    }
}
