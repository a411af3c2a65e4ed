#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The calling thread's `pthread_t` as a number (never 0), for the debug
/// checks of thread rules: ``RenderSide`` and KeyboardCore's host thread.
package enum CurrentThread {
    package static var id: UInt {
        #if canImport(Musl)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
