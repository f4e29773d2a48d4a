import Foundation
import _DuctusSupport

/// The resampled centre lines of the templates scored lately, so that a session or a batch
/// scoring many attempts of the same letters resamples each template once, not once an attempt.
///
/// Keyed by the strokes' centre lines and the spacing (a template edited in place is a new key);
/// at most ``capacity`` entries, emptied when full, so that a stream of distinct templates costs
/// no more memory than a few hundred.
final class TemplateLineCache: Sendable {
  /// The cache every scorer shares.
  static let shared = TemplateLineCache()
  /// The most entries kept.
  static let capacity = 256

  private struct Key: Hashable {
    let lines: [[CGPoint]]
    let spacing: Double
  }

  private let entries = Locked([Key: [PathSegments]]())

  /// The centre lines of `strokes` resampled every `spacing`.
  func lines(of strokes: [TemplateStroke], spacing: Double) -> [PathSegments] {
    let key = Key(lines: strokes.map(\.points), spacing: spacing)
    if let cached = entries.withLock({ $0[key] }) { return cached }
    let lines = strokes.map { PathSegments($0.points).resampled(spacing: spacing) }
    entries.withLock {
      if $0.count >= Self.capacity { $0.removeAll(keepingCapacity: true) }
      $0[key] = lines
    }
    return lines
  }
}
