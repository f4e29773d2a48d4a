import Foundation
import InkSampling

/// The first error raised by any of several parallel workers (by the pair's order), so a
/// parallel loop can report one failure deterministically.
final class FirstFailure: @unchecked Sendable {
  private let lock = NSLock()
  private var first: (pair: (Int, Int), error: any Error)?

  func record(_ error: any Error, pair: (Int, Int)) {
    lock.lock()
    defer { lock.unlock() }
    if let current = first?.pair, current <= pair { return }
    first = (pair, error)
  }

  /// The failure of the lowest pair, as a ``CorpusAnalysisError``.
  var error: CorpusAnalysisError? {
    lock.lock()
    defer { lock.unlock() }
    return first.map {
      .pairFailed(first: $0.pair.0, second: $0.pair.1, reason: String(describing: $0.error))
    }
  }
}
