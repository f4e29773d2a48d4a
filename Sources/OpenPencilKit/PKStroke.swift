import Foundation

/// One stroke of a drawing: a path drawn with an ink, placed by a transform and optionally cut
/// by a mask, as PencilKit's `PKStroke`.
///
/// ```swift
/// let stroke = PKStroke(ink: PKInk(.pen, color: .black), path: path)
/// for point in stroke.path.interpolatedPoints(by: .distance(5)) {
///   let onCanvas = point.location.applying(stroke.transform)
/// }
/// ```
public struct PKStroke: Sendable {
  /// How the stroke looks.
  public var ink: PKInk
  /// The stroke's shape, in its own coordinates.
  public var path: PKStrokePath {
    didSet { storedRenderBounds = nil }
  }
  /// Maps the path's coordinates to the drawing's.
  public var transform: CGAffineTransform {
    didSet { storedRenderBounds = nil }
  }
  /// The region of the path that is kept, in the path's coordinates (`nil`: all of it).
  public var mask: UIBezierPath? {
    didSet { storedRenderBounds = nil }
  }
  /// The seed of the ink's texture randomness.
  public var randomSeed: UInt32

  /// The bounds a reader found in a file (PencilKit's own figure); dropped when the geometry
  /// changes.
  var storedRenderBounds: CGRect?

  /// Creates a stroke.
  public init(
    ink: PKInk, path: PKStrokePath, transform: CGAffineTransform = .identity,
    mask: UIBezierPath? = nil, randomSeed: UInt32 = 0
  ) {
    self.ink = ink
    self.path = path
    self.transform = transform
    self.mask = mask
    self.randomSeed = randomSeed
    self.storedRenderBounds = nil
  }

  /// Creates a stroke whose render bounds are known, as read from PencilKit's data.
  public init(
    ink: PKInk, path: PKStrokePath, transform: CGAffineTransform, mask: UIBezierPath?,
    randomSeed: UInt32, renderBounds: CGRect?
  ) {
    self.init(ink: ink, path: path, transform: transform, mask: mask, randomSeed: randomSeed)
    self.storedRenderBounds = renderBounds
  }

  /// The bounding box of everything the stroke paints, in drawing coordinates: the path's
  /// control-point hull widened by half the largest ink size, then transformed. A stroke read
  /// from PencilKit's data reports PencilKit's own figure until its geometry changes.
  public var renderBounds: CGRect {
    if let storedRenderBounds { return storedRenderBounds }
    guard !path.isEmpty else { return .null }
    var minX = CGFloat.infinity
    var minY = CGFloat.infinity
    var maxX = -CGFloat.infinity
    var maxY = -CGFloat.infinity
    var halfWidth: CGFloat = 0
    for point in path {
      minX = min(minX, point.location.x)
      maxX = max(maxX, point.location.x)
      minY = min(minY, point.location.y)
      maxY = max(maxY, point.location.y)
      let scale = max(point.secondaryScale, 1)
      halfWidth = max(halfWidth, max(point.size.width, point.size.height) * scale / 2)
    }
    var bounds = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    if let mask, !mask.isEmpty { bounds = bounds.intersection(mask.bounds) }
    if bounds.isNull { return .null }
    return bounds.insetBy(dx: -halfWidth, dy: -halfWidth).applying(transform)
  }

  /// The parametric ranges of the path that lie inside the mask (the whole path without one).
  ///
  /// Found by sampling each segment sixteen times and refining every crossing by bisection to
  /// 1/1024 of a segment.
  public var maskedPathRanges: [ClosedRange<CGFloat>] {
    guard !path.isEmpty else { return [] }
    guard let mask else { return [path.parametricRange] }
    let upper = path.parametricRange.upperBound
    let inside = { (u: CGFloat) in mask.contains(path.interpolatedLocation(at: u)) }
    if upper == 0 { return inside(0) ? [0...0] : [] }
    func crossing(_ a: CGFloat, _ b: CGFloat, startsInside: Bool) -> CGFloat {
      var lo = a
      var hi = b
      for _ in 0..<6 {
        let mid = (lo + hi) / 2
        if inside(mid) == startsInside { lo = mid } else { hi = mid }
      }
      return startsInside ? lo : hi
    }
    let step: CGFloat = 1 / 16
    var ranges: [ClosedRange<CGFloat>] = []
    var previousU: CGFloat = 0
    var previousInside = inside(0)
    var rangeStart: CGFloat? = previousInside ? 0 : nil
    var u: CGFloat = step
    while previousU < upper {
      u = min(u, upper)
      let now = inside(u)
      if now != previousInside {
        let edge = crossing(previousU, u, startsInside: previousInside)
        if now {
          rangeStart = edge
        } else if let start = rangeStart {
          ranges.append(start...edge)
          rangeStart = nil
        }
      }
      previousInside = now
      previousU = u
      u += step
    }
    if let start = rangeStart { ranges.append(start...upper) }
    return ranges
  }

  /// The content version a device needs for this stroke: the ink's, or 3 when a point carries
  /// barrel-roll data (a non-zero threshold).
  public var requiredContentVersion: PKContentVersion {
    let barrelRoll = path.contains { $0.threshold != 0 }
    return max(ink.requiredContentVersion, barrelRoll ? .version3 : .version1)
  }
}

extension PKStroke: Equatable {
  /// Strokes are equal when ink, path, transform, mask and seed are; cached render bounds are
  /// not compared.
  public static func == (lhs: PKStroke, rhs: PKStroke) -> Bool {
    lhs.ink == rhs.ink && lhs.path == rhs.path && lhs.transform == rhs.transform
      && lhs.mask == rhs.mask && lhs.randomSeed == rhs.randomSeed
  }
}

extension PKStroke: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ink)
    hasher.combine(path)
    hasher.combine(transform)
    hasher.combine(mask)
    hasher.combine(randomSeed)
  }
}
