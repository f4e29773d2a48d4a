import Foundation
import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

/// A sampled path (the x and y of a ``SampleBuffer``) with its segments precomputed for the
/// nearest-point queries tracing asks thousands of times an attempt: each segment's direction
/// and the inverse of its squared length (0 for a zero-length segment), so that a distance query
/// does no division. The samples stay a `SampleBuffer`; this adds the index, not a second kind of
/// point buffer. A class, so that the many copies scoring passes around share one index (it is
/// immutable).
final class PathSegments: Sendable {
  /// One segment as a query reads it: its start, its direction and the inverse of its squared
  /// length (0 for a zero-length segment).
  private struct Segment {
    var x, y, dx, dy, inverseSquaredLength: Double
  }

  /// The bounding box of a run of segments.
  private struct RunBox {
    var minX, maxX, minY, maxY: Double

    /// The squared distance from a point to the box.
    func squaredDistance(toX px: Double, y py: Double) -> Double {
      let gx = max(minX - px, 0, px - maxX)
      let gy = max(minY - py, 0, py - maxY)
      return gx * gx + gy * gy
    }
  }

  /// The path's samples.
  let samples: SampleBuffer
  private let segments: [Segment]
  /// The bounding box of each run of ``runLength`` segments, so that a query skips the runs
  /// that cannot hold its nearest point.
  private let runBoxes: [RunBox]

  /// Segments a run of ``runBoxes`` holds.
  static let runLength = 8

  /// The samples' x coordinates.
  var xs: [Double] { samples.xs }
  /// The samples' y coordinates.
  var ys: [Double] { samples.ys }
  var count: Int { xs.count }
  var isEmpty: Bool { xs.isEmpty }

  convenience init(xs: [Double], ys: [Double]) {
    self.init(SampleBuffer(xs: xs, ys: ys))
  }

  init(_ buffer: SampleBuffer) {
    samples = buffer
    let xs = buffer.xs
    let ys = buffer.ys
    let n = max(xs.count - 1, 0)
    segments = (0..<n).map { i in
      let (dx, dy) = (xs[i + 1] - xs[i], ys[i + 1] - ys[i])
      let squared = dx * dx + dy * dy
      return Segment(
        x: xs[i], y: ys[i], dx: dx, dy: dy, inverseSquaredLength: squared > 0 ? 1 / squared : 0)
    }
    runBoxes = stride(from: 0, to: n, by: Self.runLength).map { first in
      let points = first...min(first + Self.runLength, n)
      return RunBox(
        minX: xs[points].min()!, maxX: xs[points].max()!, minY: ys[points].min()!,
        maxY: ys[points].max()!)
    }
  }

  convenience init(_ points: [CGPoint]) {
    self.init(xs: points.map { Double($0.x) }, ys: points.map { Double($0.y) })
  }

  var length: Double {
    var total = 0.0
    for i in xs.indices.dropFirst() { total += hypot(xs[i] - xs[i - 1], ys[i] - ys[i - 1]) }
    return total
  }

  var reversed: PathSegments { PathSegments(xs: xs.reversed(), ys: ys.reversed()) }

  /// The distance from a point to the nearest point of the polyline (its segments).
  ///
  /// The segments are searched a run at a time, the run whose box is nearest first; a run whose
  /// box lies farther than the nearest point found so far is skipped (with a margin of a
  /// millionth, so that rounding never skips the run that holds the nearest point).
  func distance(toX px: Double, y py: Double) -> Double {
    guard count > 1 else { return count == 1 ? hypot(px - xs[0], py - ys[0]) : .infinity }
    var nearest = 0
    var nearestBound = Double.infinity
    for (run, box) in runBoxes.enumerated() {
      let b = box.squaredDistance(toX: px, y: py)
      if b < nearestBound { (nearest, nearestBound) = (run, b) }
    }
    return segments.withUnsafeBufferPointer { segments in
      runBoxes.withUnsafeBufferPointer { boxes in
        Self.squaredDistance(toX: px, y: py, segments: segments, boxes: boxes, hint: &nearest)
          .squareRoot()
      }
    }
  }

  /// The distance from each sample of `path` to this polyline, in order, each the same as
  /// ``distance(toX:y:)``'s: a walk along the samples that searches first the run holding the
  /// previous sample's nearest point, which usually holds the next one's too, so that most runs
  /// are skipped by their box alone; the segments are opened once for the whole walk.
  func distances(of path: PathSegments) -> [Double] {
    let (qx, qy) = (path.xs, path.ys)
    guard count > 1 else { return qx.indices.map { distance(toX: qx[$0], y: qy[$0]) } }
    return segments.withUnsafeBufferPointer { segments in
      runBoxes.withUnsafeBufferPointer { boxes in
        var hint = 0
        return qx.indices.map { k in
          Self.squaredDistance(toX: qx[k], y: qy[k], segments: segments, boxes: boxes, hint: &hint)
            .squareRoot()
        }
      }
    }
  }

  /// The squared distance from a point to the nearest of `segments` (at least two samples),
  /// searching the run `hint` first and setting it to the run that holds the nearest point; runs
  /// whose box lies farther than the nearest point found so far are skipped (with a margin of a
  /// millionth, so that rounding never skips the run that holds the nearest point).
  @inline(__always)
  private static func squaredDistance(
    toX px: Double, y py: Double, segments: UnsafeBufferPointer<Segment>,
    boxes: UnsafeBufferPointer<RunBox>, hint: inout Int
  ) -> Double {
    var best = Double.infinity
    // Whether a run holds a point nearer than `best`, which it then lowers.
    func search(_ run: Int) -> Bool {
      let first = run * runLength
      var found = false
      for segment in segments[first..<min(first + runLength, segments.count)] {
        let rx = px - segment.x
        let ry = py - segment.y
        let projection = (rx * segment.dx + ry * segment.dy) * segment.inverseSquaredLength
        let t = min(max(projection, 0), 1)
        let ex = rx - t * segment.dx
        let ey = ry - t * segment.dy
        let squared = ex * ex + ey * ey
        if squared < best { (best, found) = (squared, true) }
      }
      return found
    }
    let start = min(max(hint, 0), boxes.count - 1)
    _ = search(start)
    hint = start
    for run in boxes.indices
    where run != start && boxes[run].squaredDistance(toX: px, y: py) <= best * (1 + 1e-6) {
      if search(run) { hint = run }
    }
    return best
  }

  /// How far along the polyline (0 at its start, 1 at its end, by length) its point nearest to
  /// `(px, py)` lies; 0 for a polyline without length.
  func fractionAlong(nearestToX px: Double, y py: Double) -> Double {
    let total = length
    guard count > 1, total > 0 else { return 0 }
    var best = Double.infinity
    var bestAlong = 0.0
    var along = 0.0
    for i in 0..<(count - 1) {
      let (dx, dy) = (xs[i + 1] - xs[i], ys[i + 1] - ys[i])
      let squared = dx * dx + dy * dy
      let t = squared > 0 ? min(max(((px - xs[i]) * dx + (py - ys[i]) * dy) / squared, 0), 1) : 0
      let (ex, ey) = (px - xs[i] - t * dx, py - ys[i] - t * dy)
      let distance = ex * ex + ey * ey
      if distance < best {
        best = distance
        bestAlong = along + t * squared.squareRoot()
      }
      along += squared.squareRoot()
    }
    return bestAlong / total
  }

  /// Samples every `spacing` along the polyline (ends kept).
  func resampled(spacing: Double) -> PathSegments {
    guard count > 1, let buffer = try? samples.resampled(spacing: spacing) else { return self }
    return PathSegments(buffer)
  }

  /// `n` samples equally spaced along the polyline.
  func resampled(count n: Int) -> PathSegments {
    guard !isEmpty, let buffer = try? samples.resampled(count: n) else { return self }
    return PathSegments(buffer)
  }

  /// Twice the signed area enclosed when the polyline is closed (positive: counter-clockwise
  /// in y-up coordinates, so clockwise on screen).
  var twiceSignedArea: Double {
    var sum = 0.0
    for i in xs.indices {
      let j = (i + 1) % count
      sum += xs[i] * ys[j] - xs[j] * ys[i]
    }
    return sum
  }
}

extension Array where Element == PathSegments {
  /// The distance from a point to the nearest of the polylines.
  func distance(toX x: Double, y: Double) -> Double {
    reduce(Double.infinity) { Swift.min($0, $1.distance(toX: x, y: y)) }
  }

  /// The polylines joined end to end, in order (the one polyline itself when there is one).
  var joined: PathSegments {
    count == 1 ? self[0] : PathSegments(xs: flatMap(\.xs), ys: flatMap(\.ys))
  }
}
