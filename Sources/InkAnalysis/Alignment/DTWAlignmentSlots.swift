import Foundation

/// Alignments written from parallel iterations, each at its own index.
final class DTWAlignmentSlots: @unchecked Sendable {
  private var slots: [DTWAlignment?]
  private let lock = NSLock()

  init(count: Int) {
    slots = [DTWAlignment?](repeating: nil, count: count)
  }

  func store(_ alignment: DTWAlignment?, at index: Int) {
    lock.withLock { slots[index] = alignment }
  }

  /// The stored alignments, in index order.
  func values() -> [DTWAlignment] {
    lock.withLock { slots.compactMap { $0 } }
  }
}
