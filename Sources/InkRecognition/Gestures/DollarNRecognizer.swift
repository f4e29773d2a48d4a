import Foundation
import InkSampling

/// The $N multistroke recognizer (Anthony and Wobbrock, *A lightweight multistroke recognizer
/// for user interface prototypes*, GI 2010; *$N-Protractor*, GI 2012), as the papers'
/// pseudocode and the authors' JavaScript give it.
///
/// Each template is turned into unistrokes: every order of its strokes (Heap's permutations) and
/// every direction of each, joined into one path. Each unistroke, like the candidate (its strokes
/// joined in drawing order), is resampled to ``sampleCount`` (96) points, rotated so that its
/// indicative angle is 0, scaled to a square of ``DollarOneRecognizer/squareSize`` (250) — both
/// axes alike when the narrower side is at most ``oneDimensionalThreshold`` (0.25) of the wider,
/// so that a line stays a line — turned back to its own angle when
/// ``boundedRotationInvariance`` is on (so that rotations of more than ±45° are told apart), and
/// translated to the origin. A unistroke is compared only when the angle between its start
/// vector (first point to point ``sampleCount``/8) and the candidate's is at most
/// ``startAngleThreshold`` (30°); with ``requiresSameStrokeCount``, only templates of as many
/// strokes as the candidate. The distance is $1's (golden-section search within ±45°, score
/// `1 − d / (½√(2·250²))`) or, with ``usesProtractor``, Protractor's closed-form angle (score
/// `1 / d`).
///
/// Templates with more than ``maximumPermutedStrokes`` (5) strokes keep their drawn order and
/// directions (5 strokes already make 3,840 unistrokes); a start vector of length 0 passes the
/// start-angle check (the reference divides by zero there).
public struct DollarNRecognizer: GestureRecognizer {
  /// The largest angle between start vectors that is compared (30°).
  public static let startAngleThreshold = 30.0 * Double.pi / 180
  /// The default ``minimumScore`` with $1's distance, from the $1 logs (see the Gestures article).
  public static let defaultMinimumScore = 0.75

  /// Points a unistroke is resampled to.
  public let sampleCount: Int
  /// The ratio of the bounding box's sides at or below which a gesture is one-dimensional.
  public let oneDimensionalThreshold: Double
  /// Whether the rotation is only searched within ±45° of the drawn one.
  public let boundedRotationInvariance: Bool
  /// Whether a candidate is compared only with templates of as many strokes.
  public let requiresSameStrokeCount: Bool
  /// Whether the distance is Protractor's rather than $1's.
  public let usesProtractor: Bool
  /// Templates with more strokes keep their order and directions.
  public let maximumPermutedStrokes: Int
  /// The score below which a gesture is rejected.
  public var minimumScore: Double
  /// The templates' labels, in order.
  public let templateLabels: [String]
  /// Each template's stroke count and unistrokes.
  private(set) var multistrokes: [(strokeCount: Int, unistrokes: [Unistroke])] = []

  /// A preprocessed unistroke: points, start vector and Protractor vector.
  struct Unistroke: Sendable {
    var points: [GesturePoint]
    var startVector: (x: Double, y: Double)
    var vector: [Double]
  }

  /// A recognizer of the given templates.
  ///
  /// - Throws: as ``DollarOneRecognizer/init(templates:sampleCount:minimumScore:)``.
  public init(
    templates: [GestureTemplate], sampleCount: Int = 96, oneDimensionalThreshold: Double = 0.25,
    boundedRotationInvariance: Bool = true, requiresSameStrokeCount: Bool = false,
    usesProtractor: Bool = false, maximumPermutedStrokes: Int = 5,
    minimumScore: Double = Self.defaultMinimumScore
  ) throws(GestureError) {
    try GestureTemplate.checkSet(templates)
    self.sampleCount = max(16, sampleCount)
    self.oneDimensionalThreshold = oneDimensionalThreshold
    self.boundedRotationInvariance = boundedRotationInvariance
    self.requiresSameStrokeCount = requiresSameStrokeCount
    self.usesProtractor = usesProtractor
    self.maximumPermutedStrokes = maximumPermutedStrokes
    self.minimumScore = minimumScore
    templateLabels = templates.map(\.label)
    for template in templates {
      let strokes = try template.points()
      let paths =
        strokes.count <= maximumPermutedStrokes
        ? Self.unistrokePaths(strokes) : [Array(strokes.joined())]
      multistrokes.append((strokes.count, paths.map { unistroke($0) }))
    }
  }

  /// The gesture's answer (see the type's description).
  public func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition {
    let points = try GestureTemplate.points(of: strokes, template: nil)
    let candidate = unistroke(Array(points.joined()))
    let scores = multistrokes.map { multistroke -> Double? in
      guard !requiresSameStrokeCount || multistroke.strokeCount == points.count else { return nil }
      var best: Double?
      for template in multistroke.unistrokes
      where Self.angleBetween(candidate.startVector, template.startVector)
        <= Self.startAngleThreshold
      {
        let d =
          usesProtractor
          ? GestureGeometry.optimalCosineDistance(candidate.vector, template.vector)
          : GestureGeometry.distanceAtBestAngle(
            candidate.points, template.points, range: DollarOneRecognizer.angleRange,
            precision: DollarOneRecognizer.anglePrecision)
        best = min(best ?? d, d)
      }
      return best.map {
        usesProtractor
          ? ProtractorRecognizer.score(distance: $0) : 1 - $0 / DollarOneRecognizer.halfDiagonal
      }
    }
    return GestureRecognition(labels: templateLabels, scores: scores, minimumScore: minimumScore)
  }

  /// Every order (Heap's algorithm, as the reference's `HeapPermute`) and every direction of the
  /// strokes, each joined into one path.
  static func unistrokePaths(_ strokes: [[GesturePoint]]) -> [[GesturePoint]] {
    var orders: [[Int]] = []
    var order = Array(strokes.indices)
    func permute(_ n: Int) {
      if n == 1 {
        orders.append(order)
        return
      }
      for i in 0..<n {
        permute(n - 1)
        order.swapAt(n % 2 == 1 ? 0 : i, n - 1)
      }
    }
    permute(strokes.count)
    var paths: [[GesturePoint]] = []
    for order in orders {
      for directions in 0..<(1 << strokes.count) {
        var path: [GesturePoint] = []
        for (position, stroke) in order.enumerated() {
          path += directions & (1 << position) != 0 ? strokes[stroke].reversed() : strokes[stroke]
        }
        paths.append(path)
      }
    }
    return paths
  }

  /// The reference's `Unistroke`: resampled, rotated, scaled (1D or 2D), turned back under
  /// bounded rotation invariance, translated; its start vector and Protractor vector.
  func unistroke(_ path: [GesturePoint]) -> Unistroke {
    let line = path.map { GesturePoint(x: $0.x, y: $0.y, stroke: 0) }
    let resampled = GestureGeometry.resample(line, count: sampleCount)
    let angle = GestureGeometry.indicativeAngle(resampled)
    var points = scaled(GestureGeometry.rotate(resampled, by: -angle))
    if boundedRotationInvariance { points = GestureGeometry.rotate(points, by: angle) }
    points = GestureGeometry.translateToOrigin(points)
    let start = points[sampleCount / 8]
    let (vx, vy) = (start.x - points[0].x, start.y - points[0].y)
    let length = (vx * vx + vy * vy).squareRoot()
    let turn =
      boundedRotationInvariance
      ? GestureGeometry.protractorTurn(points, orientationSensitive: true) : 0
    return Unistroke(
      points: points, startVector: length > 0 ? (vx / length, vy / length) : (0, 0),
      vector: GestureGeometry.vectorize(points, turn: turn))
  }

  /// $N's `Scale`: uniformly by the longer side when the gesture is one-dimensional, else each
  /// axis to the square.
  func scaled(_ points: [GesturePoint]) -> [GesturePoint] {
    let box = GestureGeometry.boundingBox(points)
    let (width, height) = (box.maxX - box.minX, box.maxY - box.minY)
    let longer = max(width, height)
    guard longer > 0 else { return points }
    let size = DollarOneRecognizer.squareSize
    let uniformly = min(width / height, height / width) <= oneDimensionalThreshold
    let sx = uniformly ? size / longer : size / width
    let sy = uniformly ? size / longer : size / height
    return points.map { GesturePoint(x: $0.x * sx, y: $0.y * sy, stroke: $0.stroke) }
  }

  /// The angle between two unit vectors; 0 when either has length 0.
  static func angleBetween(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
    guard a != (0, 0), b != (0, 0) else { return 0 }
    return acos(max(-1, min(1, a.x * b.x + a.y * b.y)))
  }
}
