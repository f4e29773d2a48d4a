import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

/// Mutated drawings and random bytes (the mutations of `FuzzMutator`, the engine of
/// `Scripts/fuzz`) fed to `PKDrawing(data:)`: every input must decode and re-encode, or end in a
/// ``PencilKitBinaryError`` whose offset lies inside the input; a crash, a hang or an unbounded
/// allocation would end the test process. `DUCTUS_FUZZ_ITERATIONS` sets the number of inputs
/// (20 000 by default), `DUCTUS_FUZZ_SEED` the seed; `Scripts/fuzz pkdrawing` runs a million
/// through the command line's reader in release mode.
@Suite("PencilKit binary fuzzing")
struct PencilKitBinaryFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let iterations = environment["DUCTUS_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 20_000
  static let seed = environment["DUCTUS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1

  /// The seeds of the mutations: synthetic drawings of every ink type in every channel layout,
  /// and the PencilKit files that `Scripts/fuzz pkdrawing` mutates (real iPad blobs, the layout
  /// fixtures, Apple's fixtures when `../shared` is there).
  static func corpus() throws -> [[UInt8]] {
    var rng = SplitMix64(seed: 2024)
    let synthetic = (0..<6).map { index in
      [UInt8](
        RandomDrawings.drawing(strokes: index % 3 + 1, points: 0...12, using: &rng)
          .dataRepresentation(layout: PencilKitBinaryLayout.allCases[index / 2]))
    }
    return try synthetic + [[UInt8](PKDrawing().dataRepresentation())]
      + FuzzSeeds(for: .reader(.pencilKit)).files
  }

  @Test("mutated drawings and random bytes decode or end in a located error")
  func fuzz() throws {
    var mutator = try FuzzMutator(seeds: Self.corpus(), syntax: .pencilKitBinary)
    var decoded = 0
    var errors: [PencilKitBinaryError.Kind: Int] = [:]
    var inputBytes = 0
    let clock = ContinuousClock()
    let start = clock.now
    for index in 0..<Self.iterations {
      let input = mutator.input(index, seed: Self.seed)
      inputBytes += input.count
      do {
        let drawing = try PKDrawing(data: Data(input))
        decoded += 1
        let again = try PKDrawing(data: drawing.dataRepresentation())
        if again.strokes.count != drawing.strokes.count {
          Issue.record("a decoded input re-encodes to \(again.strokes.count) strokes: \(input)")
        }
      } catch {
        errors[error.kind, default: 0] += 1
        if !(0...input.count).contains(error.offset) {
          Issue.record("\(error) lies outside an input of \(input.count) bytes: \(input)")
        }
      }
    }
    let seconds = (clock.now - start) / .seconds(1)
    let kinds = PencilKitBinaryError.Kind.allCases.map {
      "\($0.rawValue) \(errors[$0, default: 0])"
    }
    print(
      "fuzz: \(Self.iterations) inputs (\(inputBytes) bytes, seed \(Self.seed)) in "
        + String(format: "%.1f s, %.0f inputs/s; ", seconds, Double(Self.iterations) / seconds)
        + "decoded \(decoded); errors: \(kinds.joined(separator: ", "))")
    #expect(decoded + errors.values.reduce(0, +) == Self.iterations)
    #expect(errors.count >= 3)
  }
}
