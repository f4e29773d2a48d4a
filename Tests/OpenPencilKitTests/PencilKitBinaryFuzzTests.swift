import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

/// Mutated drawings and random bytes fed to `PKDrawing(data:)`: every input must decode or end
/// in a ``PencilKitBinaryError`` whose offset lies inside the input; a crash, a hang or an
/// unbounded allocation would end the test process. `DUCTUS_FUZZ_ITERATIONS` sets the number of
/// inputs (20 000 by default), `DUCTUS_FUZZ_SEED` the seed; `Scripts/fuzz` runs a million in
/// release mode.
@Suite("PencilKit binary fuzzing")
struct PencilKitBinaryFuzzTests {
  static let environment = ProcessInfo.processInfo.environment
  static let iterations = environment["DUCTUS_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 20_000
  static let seed = environment["DUCTUS_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1

  /// The seeds of the mutations: synthetic drawings of every ink type in every channel layout,
  /// the layout fixtures (with channels above bit 10 among them) and Apple's fixtures when
  /// `../shared` is there.
  static func corpus() -> [[UInt8]] {
    var rng = SplitMix64(seed: 2024)
    var corpus = (0..<6).map { index in
      [UInt8](
        RandomDrawings.drawing(strokes: index % 3 + 1, points: 0...12, using: &rng)
          .dataRepresentation(layout: PencilKitBinaryLayout.allCases[index / 2]))
    }
    corpus.append([UInt8](PKDrawing().dataRepresentation()))
    for name in [
      "layout-nineChannel", "layout-tenChannel", "future-bit11-per-point",
      "future-bit12-per-point-bit11-constant",
    ] {
      if let data = try? Fixture.data("pkdrawing-layouts/\(name).pkdrawing") {
        corpus.append([UInt8](data))
      }
    }
    let folder = SharedData.url("fixtures/pkdrawing")
    for name in ["case00-empty", "case01-dot", "case04-pressure-ramp", "case06-inks"] {
      if let data = try? Data(contentsOf: folder.appendingPathComponent("\(name).pkdrawing")) {
        corpus.append([UInt8](data))
      }
    }
    return corpus
  }

  /// One to three stacked mutations of a corpus entry, or random bytes.
  static func input<G: RandomNumberGenerator>(from corpus: [[UInt8]], using rng: inout G)
    -> [UInt8]
  {
    if Int.random(in: 0..<20, using: &rng) == 0 {
      let random = (0..<Int.random(in: 0...300, using: &rng)).map { _ in
        UInt8.random(in: 0...255, using: &rng)
      }
      return Bool.random(using: &rng) ? [0x77, 0x72, 0x64, 0xF0, 1, 0] + random : random
    }
    var bytes = corpus.randomElement(using: &rng) ?? []
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      mutate(&bytes, corpus: corpus, using: &rng)
    }
    return bytes
  }

  static func mutate<G: RandomNumberGenerator>(
    _ bytes: inout [UInt8], corpus: [[UInt8]], using rng: inout G
  ) {
    guard !bytes.isEmpty else { return }
    let at = Int.random(in: 0..<bytes.count, using: &rng)
    switch Int.random(in: 0..<8, using: &rng) {
    case 0:  // bit flips
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^=
          1 << UInt8.random(in: 0...7, using: &rng)
      }
    case 1:  // an interesting byte: a varint boundary or a tag of this format
      let interesting: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0x08, 0x0A, 0x12, 0x22, 0x2A, 0x3A]
      bytes[at] = interesting.randomElement(using: &rng) ?? 0
    case 2:  // truncation
      bytes.removeSubrange(at...)
    case 3:  // splice with another corpus entry
      let other = corpus.randomElement(using: &rng) ?? []
      bytes = Array(bytes[..<at]) + other[Int.random(in: 0...other.count, using: &rng)...]
    case 4:  // a huge declared count or length after a count or length-delimited tag
      let tags: Set<UInt8> = [0x18, 0x22, 0x2A, 0x32, 0x3A]
      let start = bytes[at...].firstIndex(where: tags.contains).map { $0 + 1 } ?? at
      var huge =
        UInt64.random(in: 0...UInt64.max, using: &rng) >> UInt64.random(in: 0...40, using: &rng)
      var varint: [UInt8] = []
      while huge >= 0x80 {
        varint.append(UInt8(truncatingIfNeeded: huge) | 0x80)
        huge >>= 7
      }
      varint.append(UInt8(huge))
      bytes.replaceSubrange(start..<min(start + 1, bytes.count), with: varint)
    case 5:  // inserted random bytes
      let chunk = (0..<Int.random(in: 1...16, using: &rng)).map { _ in
        UInt8.random(in: 0...255, using: &rng)
      }
      bytes.insert(contentsOf: chunk, at: at)
    case 6:  // a deleted chunk
      bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...32, using: &rng)))
    default:  // a duplicated chunk
      let chunk = bytes[at..<min(bytes.count, at + Int.random(in: 1...64, using: &rng))]
      bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &rng))
    }
  }

  @Test("mutated drawings and random bytes decode or end in a located error")
  func fuzz() {
    let corpus = Self.corpus()
    var rng = SplitMix64(seed: Self.seed)
    var decoded = 0
    var errors: [PencilKitBinaryError.Kind: Int] = [:]
    var inputBytes = 0
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<Self.iterations {
      let input = Self.input(from: corpus, using: &rng)
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
