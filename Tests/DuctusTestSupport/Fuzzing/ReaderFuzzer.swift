import Foundation
import InkFormats
import OpenPencilKit

/// Feeds mutated files to one reader through exactly the code the command line uses:
/// `InkFileFormat.openCorpus(at:as:)` over a file in a scratch folder, every record drained with
/// `next()`, or `NpyArray(data:)` over the file's bytes for `.npy`. Each input ends decoded,
/// refused with an `InkFormatError` naming the file, or as a finding
/// (``FuzzOutcome/unclassified(_:)``).
/// Crashes end the process; the scratch file is then the reproducer.
///
/// ```swift
/// let fuzzer = try ReaderFuzzer(target: .reader(.inkML), scratch: folder)
/// let report = fuzzer.run(seed: 1, inputs: 0..<1_000)
/// ```
public struct ReaderFuzzer: Sendable {
  /// The reader.
  public let target: FuzzTarget
  /// The files mutated.
  public let seeds: FuzzSeeds
  /// The file each input is written to before it is read.
  public let inputFile: URL
  /// The largest input made (256 KiB by default).
  public let maximumInputLength: Int

  /// A fuzzer of `target` writing its inputs into `scratch` (created when missing; `/dev/shm`
  /// keeps them off the disk), making inputs of at most `maximumInputLength` bytes.
  public init(target: FuzzTarget, scratch: URL, maximumInputLength: Int = 1 << 18) throws {
    self.target = target
    self.maximumInputLength = maximumInputLength
    seeds = try FuzzSeeds(for: target)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    inputFile = scratch.appendingPathComponent("input.\(target.fileExtension)")
  }

  /// Input `index` of the run with `seed` (the same bytes every time).
  public func input(_ index: Int, seed: UInt64) -> [UInt8] {
    var mutator = FuzzMutator(
      seeds: seeds.files, syntax: target.syntax, maximumLength: maximumInputLength)
    return mutator.input(index, seed: seed)
  }

  /// Writes `input` to the scratch file and reads it.
  public func read(_ input: [UInt8]) -> (outcome: FuzzOutcome, nonFinite: Bool) {
    do {
      try Data(input).write(to: inputFile)
    } catch {
      return (.unclassified("the scratch file cannot be written: \(error)"), false)
    }
    guard case .reader(let format) = target else {
      do {
        _ = try NpyArray(data: Data(contentsOf: inputFile))
        return (.decoded(records: 1), false)
      } catch let error as InkFormatError {
        return (.refused(error.kind), false)
      } catch {
        return (.unclassified("\(type(of: error)): \(error)"), false)
      }
    }
    var records = 0
    var nonFinite = false
    do {
      var corpus = try InkFileFormat.openCorpus(at: inputFile, as: format)
      while let record = try corpus.next() {
        records += 1
        nonFinite = nonFinite || !Self.isFinite(record.drawing)
      }
      return (.decoded(records: records), nonFinite)
    } catch let error as InkFormatError where error.file != nil {
      return (.refused(error.kind), nonFinite)
    } catch let error as InkFormatError {
      return (
        .unclassified("an error naming no file after \(records) records: \(error)"), nonFinite
      )
    } catch {
      return (.unclassified("\(type(of: error)) after \(records) records: \(error)"), nonFinite)
    }
  }

  /// Whether every point's location, time, size and force is finite.
  static func isFinite(_ drawing: PKDrawing) -> Bool {
    drawing.strokes.allSatisfy { stroke in
      stroke.path.controlPoints.allSatisfy { point in
        point.location.x.isFinite && point.location.y.isFinite && point.timeOffset.isFinite
          && point.size.width.isFinite && point.size.height.isFinite && point.force.isFinite
      }
    }
  }

  /// Runs the inputs `indices` of the run with `seed`. Findings are saved to `findings` (as
  /// `<format>-unclassified-<seed>-<index>.<ext>`) when it is given; `watchdog`, when given,
  /// is told of each input.
  public func run(
    seed: UInt64, inputs indices: Range<Int>, findings: URL? = nil, watchdog: FuzzWatchdog? = nil
  ) -> FuzzReport {
    var report = FuzzReport(target: target.description, seed: seed, seedSource: seeds.source)
    var mutator = FuzzMutator(
      seeds: seeds.files, syntax: target.syntax, maximumLength: maximumInputLength)
    let start = DispatchTime.now().uptimeNanoseconds
    for index in indices {
      let input = mutator.input(index, seed: seed)
      watchdog?.begin(index, input)
      let before = DispatchTime.now().uptimeNanoseconds
      let (outcome, nonFinite) = read(input)
      let seconds = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9
      watchdog?.end()
      report.inputs += 1
      report.bytes += input.count
      report.outcomes[outcome.label, default: 0] += 1
      if nonFinite { report.nonFiniteRecords += 1 }
      if seconds > report.slowest.seconds { report.slowest = (index, seconds) }
      switch outcome {
      case .decoded(let records): report.records += records
      case .refused: break
      case .unclassified:
        report.findingCount += 1
        if report.findings.count < 100 {
          let saved = findings.flatMap {
            save(input, as: "unclassified", seed: seed, index: index, in: $0)
          }
          report.findings.append(.init(index: index, outcome: outcome, savedAt: saved))
        }
      }
    }
    report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return report
  }

  /// Saves `input` as `<folder>/<format>-<what>-<seed>-<index>.<ext>` and returns the path.
  public func save(_ input: [UInt8], as what: String, seed: UInt64, index: Int, in folder: URL)
    -> String?
  {
    let url = folder.appendingPathComponent(
      "\(target)-\(what)-\(seed)-\(index).\(target.fileExtension)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (try? Data(input).write(to: url)).map { url.path }
  }
}
