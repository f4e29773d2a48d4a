import DuctusTestSupport
import Foundation
import OpenPencilKit
import Testing

/// The harness of `Scripts/bench/pkdrawing-throughput`: writes a large synthetic drawing to the
/// file `DUCTUS_BENCH_PKDRAWING` names and prints how fast it encodes and decodes. It measures
/// and asserts nothing about speed, and runs only when the script sets that variable.
@Suite("PencilKit binary throughput")
struct PencilKitBinaryThroughputTests {
  static let output = ProcessInfo.processInfo.environment["DUCTUS_BENCH_PKDRAWING"]

  /// The best of `runs` timings, in seconds.
  static func bestTime(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<runs {
      let start = clock.now
      try body()
      best = min(best, (clock.now - start) / .seconds(1))
    }
    return best
  }

  @Test(
    "a drawing of 10 000 strokes of 200 points",
    .enabled(if: output != nil, "set DUCTUS_BENCH_PKDRAWING (Scripts/bench/pkdrawing-throughput)"))
  func throughput() throws {
    var rng = SplitMix64(seed: 7)
    let drawing = RandomDrawings.drawing(strokes: 10_000, points: 200...200, using: &rng)
    var data = Data()
    let encodeSeconds = Self.bestTime(runs: 3) { data = drawing.dataRepresentation() }
    try data.write(to: URL(fileURLWithPath: try #require(Self.output)))
    var decoded = PKDrawing()
    let decodeSeconds = try Self.bestTime(runs: 5) { decoded = try PKDrawing(data: data) }
    let points = decoded.strokes.reduce(0) { $0 + $1.path.count }
    let checksum = decoded.strokes.reduce(0.0) { sum, stroke in
      stroke.path.reduce(sum) { $0 + Double($1.location.x) + Double($1.force) }
    }
    let megabytes = Double(data.count) / 1e6
    print(
      String(
        format: "ductus: %d strokes, %d points, %.1f MB; decode %.3f s = %.0f MB/s, "
          + "encode %.3f s = %.0f MB/s (1 thread); checksum %.6f",
        decoded.strokes.count, points, megabytes, decodeSeconds, megabytes / decodeSeconds,
        encodeSeconds, megabytes / encodeSeconds, checksum))
    #expect(decoded == drawing.quantized())
  }
}
