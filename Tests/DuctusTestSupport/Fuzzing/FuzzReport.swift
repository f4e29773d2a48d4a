import Foundation

/// The figures of a fuzz run: inputs, time, outcomes by kind and the findings.
public struct FuzzReport: Sendable {
  /// A finding: an input that failed in a way the command line cannot report.
  public struct Finding: Sendable {
    /// The input's index in the run.
    public var index: Int
    /// What happened.
    public var outcome: FuzzOutcome
    /// Where its bytes were saved, when a findings folder was given.
    public var savedAt: String?
  }

  /// The format's name.
  public var target: String
  /// The run's seed.
  public var seed: UInt64
  /// Where the seeds came from.
  public var seedSource: String
  /// How many inputs ran.
  public var inputs = 0
  /// Their total size.
  public var bytes = 0
  /// The wall time of the run.
  public var seconds = 0.0
  /// The inputs by outcome label (``FuzzOutcome/label``).
  public var outcomes: [String: Int] = [:]
  /// The records decoded in all.
  public var records = 0
  /// Decoded records holding a coordinate, time, size or force that is not finite (the
  /// readers' range checks are another piece of work; counted here, not a finding).
  public var nonFiniteRecords = 0
  /// The slowest input: its index and seconds.
  public var slowest = (index: 0, seconds: 0.0)
  /// The findings (the first 100 are kept).
  public var findings: [Finding] = []
  /// How many findings there were in all.
  public var findingCount = 0

  /// An empty report of a run of `target` with `seed` on seeds from `seedSource`.
  public init(target: String, seed: UInt64, seedSource: String) {
    self.target = target
    self.seed = seed
    self.seedSource = seedSource
  }

  /// One line: `fuzz: FORMAT: N inputs (B bytes, seed S) in T s, R inputs/s; decoded D
  /// (records), truncated …; slowest …; findings F`.
  public var summary: String {
    let kinds = outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
    return "fuzz: \(target): \(inputs) inputs (\(bytes) bytes, seed \(seed)) in "
      + String(format: "%.1f s, %.0f inputs/s; ", seconds, Double(inputs) / max(seconds, 1e-9))
      + kinds.joined(separator: ", ")
      + "; \(records) records, \(nonFiniteRecords) with non-finite numbers; slowest input "
      + String(format: "#%d %.3f s; ", slowest.index, slowest.seconds)
      + "findings \(findingCount); seeds: \(seedSource)"
  }

  /// Adds the figures of a later part of the same run.
  public mutating func merge(_ other: FuzzReport) {
    inputs += other.inputs
    bytes += other.bytes
    seconds += other.seconds
    outcomes.merge(other.outcomes, uniquingKeysWith: +)
    records += other.records
    nonFiniteRecords += other.nonFiniteRecords
    if other.slowest.seconds > slowest.seconds { slowest = other.slowest }
    findings += other.findings.prefix(max(0, 100 - findings.count))
    findingCount += other.findingCount
  }
}
