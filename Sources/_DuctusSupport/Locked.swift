import Foundation

/// A value shared between threads, reached only under a lock.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// Creates the box around a first value.
  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value while holding the lock.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
