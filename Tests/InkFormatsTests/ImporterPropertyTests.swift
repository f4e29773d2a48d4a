import DuctusTestSupport
import Foundation
import Testing

@testable import InkFormats

/// Properties of the importers' shared pieces on seeded random data.
@Suite("Importer properties")
struct ImporterPropertyTests {
  static func randomPoint(_ rng: inout SplitMix64, scale: Double = 50) -> CGPoint {
    CGPoint(
      x: .random(in: -scale...scale, using: &rng), y: .random(in: -scale...scale, using: &rng))
  }

  static func format(_ value: Double) -> String { String(format: "%.6f", value) }

  /// A random path written twice: with absolute and with relative commands.
  static func randomPath(_ rng: inout SplitMix64) -> (absolute: String, relative: String) {
    var current = randomPoint(&rng)
    var absolute = "M\(format(current.x)),\(format(current.y))"
    var relative = "m\(format(current.x)),\(format(current.y))"
    for _ in 0..<Int.random(in: 1...6, using: &rng) {
      let points = (0..<3).map { _ in randomPoint(&rng) }
      let deltas = points.map { "\(format($0.x - current.x)),\(format($0.y - current.y))" }
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        absolute += "L\(format(points[0].x)),\(format(points[0].y))"
        relative += "l\(deltas[0])"
        current = points[0]
      case 1:
        absolute +=
          "Q\(points[0...1].map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " "))"
        relative += "q\(deltas[0...1].joined(separator: " "))"
        current = points[1]
      case 2:
        let (rx, ry) = (
          Double.random(in: 1...40, using: &rng), Double.random(in: 1...40, using: &rng)
        )
        let flags = "\(Int.random(in: 0...1, using: &rng)) \(Int.random(in: 0...1, using: &rng))"
        absolute +=
          "A\(format(rx)) \(format(ry)) 30 \(flags) \(format(points[0].x)),\(format(points[0].y))"
        relative += "a\(format(rx)) \(format(ry)) 30 \(flags) \(deltas[0])"
        current = points[0]
      default:
        absolute += "C\(points.map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " "))"
        relative += "c\(deltas.joined(separator: " "))"
        current = points[2]
      }
    }
    return (absolute, relative)
  }

  /// Every point a path's segments name, in order.
  static func points(_ path: SVGPathData) -> [CGPoint] {
    path.subpaths.flatMap { subpath in
      [subpath.start]
        + subpath.segments.flatMap { segment -> [CGPoint] in
          switch segment {
          case .line(let end): [end]
          case .cubic(let c1, let c2, let end): [c1, c2, end]
          }
        }
    }
  }

  @Test func relativeAndAbsoluteCommandsDrawTheSameCurve() throws {
    var rng = SplitMix64(seed: 11)
    for _ in 0..<200 {
      let (absolute, relative) = Self.randomPath(&rng)
      let a = Self.points(try SVGPathData(absolute))
      let r = Self.points(try SVGPathData(relative))
      #expect(a.count == r.count)
      // The texts round to 6 decimals, so relative coordinates drift by a few 1e-6.
      let worst = zip(a, r).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? 0
      #expect(worst < 1e-4, "\(absolute) vs \(relative)")
    }
  }

  @Test func movingTheStartOfARelativePathTranslatesIt() throws {
    var rng = SplitMix64(seed: 12)
    for _ in 0..<200 {
      let (_, relative) = Self.randomPath(&rng)
      let raw = Self.randomPoint(&rng)
      // On the 6-decimal grid the path text uses, so the shift is exactly what is written.
      let shift = CGPoint(x: (raw.x * 1e6).rounded() / 1e6, y: (raw.y * 1e6).rounded() / 1e6)
      let moved = "M\(Self.format(shift.x)),\(Self.format(shift.y))m" + relative.dropFirst()
      let original = try SVGPathData(relative).subpaths[0].polyline()
      let translated = try SVGPathData(moved).subpaths.last!.polyline()
      #expect(original.count == translated.count)
      let worst =
        zip(original, translated).map {
          hypot($1.x - $0.x - shift.x, $1.y - $0.y - shift.y)
        }.max() ?? 0
      // The arc centre's square root loses digits to cancellation: a few 1e-7 on coordinates
      // of about 100.
      #expect(worst < 1e-6)
    }
  }

  @Test func resamplingKeepsTheEndsAndEqualSteps() {
    var rng = SplitMix64(seed: 13)
    for _ in 0..<200 {
      let vertices = (0..<Int.random(in: 2...40, using: &rng)).map { _ in Self.randomPoint(&rng) }
      let spacing = Double.random(in: 0.25...3, using: &rng)
      let samples = PolylineSampler.resampled(vertices, spacing: spacing)
      #expect(samples.first?.location == vertices.first)
      #expect(samples.last?.location == vertices.last)
      let steps = zip(samples, samples.dropFirst()).map { $1.distance - $0.distance }
      #expect(steps.allSatisfy { abs($0 - steps[0]) < 1e-9 && $0 <= 1.5 * spacing })
      // Every sample lies on the polyline: a chord is never longer than the arc between.
      for (a, b) in zip(samples, samples.dropFirst()) {
        #expect(
          hypot(b.location.x - a.location.x, b.location.y - a.location.y) <= b.distance - a.distance
            + 1e-9)
      }
    }
  }

  @Test func subdividingKeepsEveryVertex() {
    var rng = SplitMix64(seed: 14)
    for _ in 0..<200 {
      let vertices = (0..<Int.random(in: 1...20, using: &rng)).map { _ in Self.randomPoint(&rng) }
      let samples = PolylineSampler.subdivided(vertices, spacing: 1)
      let locations = Set(samples.map { "\($0.location.x),\($0.location.y)" })
      #expect(vertices.allSatisfy { locations.contains("\($0.x),\($0.y)") })
      #expect(
        zip(samples, samples.dropFirst()).allSatisfy { $1.distance - $0.distance <= 1 + 1e-12 })
    }
  }

  @Test func theClockAlwaysMovesForwardAndLeavesIncreasingTimesAlone() {
    var rng = SplitMix64(seed: 15)
    for _ in 0..<200 {
      let count = Int.random(in: 1...100, using: &rng)
      var raw = [Double.random(in: 0...1e6, using: &rng)]
      for _ in 1..<count { raw.append(raw.last! + Double(Int.random(in: -12...40, using: &rng))) }
      let clock = MonotoneClock(timestamps: raw, unitsPerSecond: 1000)
      #expect(clock.seconds.count == count)
      #expect(zip(clock.seconds, clock.seconds.dropFirst()).allSatisfy { $0 < $1 })
      let backward = zip(raw, raw.dropFirst()).filter { $1 <= $0 }.count
      #expect(clock.corrections == backward)
      if backward == 0 {
        #expect(zip(clock.seconds, raw).allSatisfy { abs($0 - ($1 - raw[0]) / 1000) < 1e-9 })
      }
    }
  }

  @Test func edgeCases() {
    #expect(PolylineSampler.resampled([], spacing: 1).isEmpty)
    #expect(PolylineSampler.resampled([CGPoint(x: 1, y: 2)], spacing: 1).count == 1)
    // Duplicate points: a zero-length polyline is one point.
    #expect(
      PolylineSampler.resampled(Array(repeating: CGPoint(x: 1, y: 2), count: 4), spacing: 1).count
        == 1)
    #expect(PolylineSampler.subdivided([], spacing: 1).isEmpty)
    #expect(MonotoneClock(timestamps: [], unitsPerSecond: 1000).seconds.isEmpty)
    #expect(MonotoneClock(timestamps: [5, 5, 5], unitsPerSecond: 1).seconds == [0, 1, 2])
  }
}
