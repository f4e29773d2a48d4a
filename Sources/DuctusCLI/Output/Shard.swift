import _DuctusSupport

/// One share of a batch job, `--shard I/N`: the records whose zero-based index `i` has
/// `i % N == I`.
///
/// Dealing records round-robin needs no record count, so a stream can be sharded as it is read,
/// and every record lands in exactly one of the `N` shards. `--shard 0/4` … `--shard 3/4` match a
/// Slurm array `--array=0-3` (`--shard $SLURM_ARRAY_TASK_ID/4`) or GNU parallel's
/// `--shard {#}/4` minus one.
package struct Shard: Hashable, Sendable, ArgumentValue {
  /// This shard's number, `0..<count`.
  package var index: Int
  /// How many shards the job is split into.
  package var count: Int

  /// The whole job as one shard.
  package static let all = Shard(index: 0, count: 1)!

  /// Creates a shard; `nil` unless `0 <= index < count`.
  package init?(index: Int, count: Int) {
    guard count > 0, index >= 0, index < count else { return nil }
    self.index = index
    self.count = count
  }

  /// Reads `I/N`.
  package init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
      return nil
    }
    self.init(index: index, count: count)
  }

  /// `I/N with 0 <= I < N, such as 0/4`.
  package static var expectation: String { "I/N with 0 <= I < N, such as 0/4" }

  /// Whether the record at a zero-based position belongs to this shard.
  package func contains(_ recordIndex: Int) -> Bool { recordIndex % count == index }
}
