import Foundation
import InkDistances
import InkSampling

/// Compares handwriting with a multistroke glyph model whatever order and direction its strokes
/// were written in: which letter is this?
///
/// The method is the multistroke idea of the $N recognizer (Anthony and Wobbrock, *A
/// lightweight multistroke recognizer for user interface prototypes*, GI 2010) with dynamic
/// time warping in place of $N's point-by-point path distance:
///
/// 1. A glyph's *signature* (``signature(of:)``) joins its strokes, in order, by straight
///    pen-up jumps into one path, scales its bounding box so that the longer side is 1 (the
///    aspect ratio is kept: `l` is not `o`) around the box's centre, and resamples it to
///    ``sampleCount`` points equally spaced along the path. A third channel,
///    ``penUpChannel``, is ``penUpWeight`` on the jumps and 0 on the ink, so a lifted pen does
///    not look like a drawn line (`i` is not `l`); two more, ``directionXChannel`` and
///    ``directionYChannel``, are the path's unit tangent (central differences, one-sided at
///    the ends; zero where the path stands still) times ``directionWeight``, so that where the
///    pen was going counts besides where it was.
/// 2. A model's *prototypes* (``prototypes(of:)``) are the signatures of every way of
///    writing it: all orders of its strokes (up to ``maximumPermutedStrokes`` strokes; more keep
///    their order), each stroke in both directions, and each closed stroke (its ends nearer
///    than a tenth of the glyph's longer side) started at ``closedStrokeStarts`` places
///    around it.
/// 3. The distance from handwriting to the model (``distance(_:to:abandoningAbove:)``) is the
///    smallest DTW distance (`DynamicTimeWarping`, the square root of the summed squared local
///    costs, as dtaidistance reports it) between the handwriting's signature and a prototype.
///
/// ```swift
/// let matcher = MultistrokeMatcher()
/// let prototypes = matcher.prototypes(of: modelStrokes)      // once a model
/// let ink = try matcher.signature(of: attemptStrokes)
/// let d = matcher.distance(ink, to: prototypes)               // smaller is nearer
/// ```
public struct MultistrokeMatcher: Hashable, Sendable {
  /// The channel that marks pen-up jumps in a signature.
  public static let penUpChannel = SampleChannel("penUp")
  /// The channel of the tangent's `x` component in a signature.
  public static let directionXChannel = SampleChannel("directionX")
  /// The channel of the tangent's `y` component in a signature.
  public static let directionYChannel = SampleChannel("directionY")
  /// The channels a signature holds and the matcher compares.
  public static let signatureChannels: [SampleChannel] = [
    .x, .y, penUpChannel, directionXChannel, directionYChannel,
  ]

  /// Points a signature is resampled to.
  public var sampleCount: Int
  /// The value of ``penUpChannel`` on a jump, in units of the glyph's longer side.
  public var penUpWeight: Double
  /// The length of the tangent in ``directionXChannel`` and ``directionYChannel``.
  public var directionWeight: Double
  /// Starting places tried around a closed stroke (1 keeps the model's own start).
  public var closedStrokeStarts: Int
  /// Models with more strokes than this keep their stroke order (directions still vary).
  public var maximumPermutedStrokes: Int

  /// A matcher; the defaults are those measured on the UNIPEN `apa` characters.
  public init(
    sampleCount: Int = 48, penUpWeight: Double = 0.55, directionWeight: Double = 0.3,
    closedStrokeStarts: Int = 8, maximumPermutedStrokes: Int = 4
  ) {
    self.sampleCount = max(2, sampleCount)
    self.penUpWeight = penUpWeight
    self.directionWeight = directionWeight
    self.closedStrokeStarts = max(1, closedStrokeStarts)
    self.maximumPermutedStrokes = maximumPermutedStrokes
  }

  /// The glyph's signature: its strokes joined by pen-up jumps, scaled, centred and resampled
  /// (see the type's description).
  ///
  /// - Throws: `ResamplingError.empty` when no stroke has a point,
  ///   `ResamplingError.nonFiniteSample(channel:index:)` for NaN or infinite coordinates.
  public func signature(of strokes: [SampleBuffer]) throws(ResamplingError) -> SampleBuffer {
    let pieces = strokes.filter { !$0.isEmpty }
    guard !pieces.isEmpty else { throw .empty }
    var xs: [Double] = []
    var ys: [Double] = []
    var penUp: [Double] = []
    for piece in pieces {
      if let lastX = xs.last, let lastY = ys.last {
        // The jump: two points flagged in the air, so that interpolation keeps the flag whole.
        xs += [lastX, piece.xs[0]]
        ys += [lastY, piece.ys[0]]
        penUp += [penUpWeight, penUpWeight]
      }
      xs += piece.xs
      ys += piece.ys
      penUp += [Double](repeating: 0, count: piece.count)
    }
    guard xs.allSatisfy(\.isFinite) else {
      throw .nonFiniteSample(channel: .x, index: xs.firstIndex { !$0.isFinite }!)
    }
    guard ys.allSatisfy(\.isFinite) else {
      throw .nonFiniteSample(channel: .y, index: ys.firstIndex { !$0.isFinite }!)
    }
    let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
    let side = max(maxX - minX, maxY - minY)
    let scale = side > 0 ? 1 / side : 1
    let (centreX, centreY) = ((minX + maxX) / 2, (minY + maxY) / 2)
    var path = SampleBuffer(
      xs: xs.map { ($0 - centreX) * scale }, ys: ys.map { ($0 - centreY) * scale })
    try? path.setChannel(Self.penUpChannel, to: penUp)  // as long as xs by construction
    var signature = try path.resampled(count: sampleCount)
    let (dx, dy) = tangents(xs: signature.xs, ys: signature.ys)
    try? signature.setChannel(Self.directionXChannel, to: dx)  // one a sample, as above
    try? signature.setChannel(Self.directionYChannel, to: dy)
    return signature
  }

  /// The unit tangents of a path times ``directionWeight``: central differences inside,
  /// one-sided at the ends, zero where two neighbours coincide.
  private func tangents(xs: [Double], ys: [Double]) -> ([Double], [Double]) {
    let last = xs.count - 1
    var dx = [Double](repeating: 0, count: xs.count)
    var dy = dx
    guard last > 0 else { return (dx, dy) }
    for index in 0...last {
      let (before, after) = (max(index - 1, 0), min(index + 1, last))
      let (gx, gy) = (xs[after] - xs[before], ys[after] - ys[before])
      let length = hypot(gx, gy)
      if length > 0 {
        dx[index] = directionWeight * gx / length
        dy[index] = directionWeight * gy / length
      }
    }
    return (dx, dy)
  }

  /// The signatures of every way of writing a model made of `strokes` (see the type's
  /// description); empty strokes are left out, and a model without points has none.
  public func prototypes(of strokes: [SampleBuffer]) -> [SampleBuffer] {
    let pieces = strokes.filter { !$0.isEmpty }
    guard !pieces.isEmpty else { return [] }
    let xs = pieces.flatMap(\.xs)
    let ys = pieces.flatMap(\.ys)
    let side = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    let starts = pieces.map { startingPlaces(of: $0, closedWithin: side / 10) }
    let orders =
      pieces.count <= maximumPermutedStrokes
      ? Self.permutations(of: Array(pieces.indices)) : [Array(pieces.indices)]
    var prototypes: [SampleBuffer] = []
    for choice in Self.product(starts.map(\.count)) {
      let started = choice.enumerated().map { starts[$0.offset][$0.element] }
      for order in orders {
        for reversals in 0..<(1 << pieces.count) {
          let written = order.enumerated().map { place, index in
            reversals & (1 << place) == 0 ? started[index] : started[index].reversedSamples
          }
          if let signature = try? signature(of: written) { prototypes.append(signature) }
        }
      }
    }
    return prototypes
  }

  /// The smallest DTW distance between a signature and the prototypes (`+∞` with none).
  ///
  /// With a threshold, prototypes are abandoned as soon as they are known to be farther, and a
  /// smallest distance above the threshold is `+∞` (for the nearest of many models: pass the
  /// best distance so far).
  public func distance(
    _ signature: SampleBuffer, to prototypes: [SampleBuffer],
    abandoningAbove threshold: Double = .infinity
  ) -> Double {
    let dtw = DynamicTimeWarping(channels: Self.signatureChannels)
    var best = threshold
    var found = false
    for prototype in prototypes {
      let distance =
        (try? dtw.distance(signature, prototype, abandoningAbove: best.isFinite ? best : nil))
        ?? .infinity
      if distance <= best {
        best = distance
        found = true
      }
    }
    return found ? best : .infinity
  }

  /// A stroke as it is, or, when closed, started at ``closedStrokeStarts`` places equally far
  /// apart along it.
  private func startingPlaces(of stroke: SampleBuffer, closedWithin gap: Double) -> [SampleBuffer] {
    let last = stroke.count - 1
    let isClosed =
      closedStrokeStarts > 1 && stroke.count >= 4
      && hypot(stroke.xs[last] - stroke.xs[0], stroke.ys[last] - stroke.ys[0]) <= gap
    guard isClosed, let ring = try? stroke.resampled(count: 8 * closedStrokeStarts + 1) else {
      return [stroke]
    }
    let loop = ring.count - 1
    return (0..<closedStrokeStarts).map { place in
      let start = place * loop / closedStrokeStarts
      let indices = Array(start..<loop) + Array(0...start)
      return SampleBuffer(xs: indices.map { ring.xs[$0] }, ys: indices.map { ring.ys[$0] })
    }
  }

  /// Every order of `items`, the given order first.
  static func permutations(of items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { index in
      var rest = items
      let first = rest.remove(at: index)
      return permutations(of: rest).map { [first] + $0 }
    }
  }

  /// Every choice of one index below each count, the first index varying slowest.
  private static func product(_ counts: [Int]) -> [[Int]] {
    counts.reduce([[]]) { choices, count in
      choices.flatMap { choice in (0..<count).map { choice + [$0] } }
    }
  }
}

extension SampleBuffer {
  /// The `x` and `y` samples from last to first.
  fileprivate var reversedSamples: SampleBuffer {
    SampleBuffer(xs: xs.reversed(), ys: ys.reversed())
  }
}
