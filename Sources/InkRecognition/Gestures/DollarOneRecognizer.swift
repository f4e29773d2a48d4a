import Foundation
import InkSampling

/// The $1 unistroke recognizer (Wobbrock, Wilson and Li, *Gestures without libraries, toolkits
/// or training: a $1 recognizer for user interface prototypes*, UIST 2007), as its appendix's
/// pseudocode and the authors' JavaScript give it.
///
/// A gesture (its strokes joined in drawing order into one path) is resampled to
/// ``sampleCount`` (64) points, rotated about its centroid so that its indicative angle (first
/// point to centroid) is 0, scaled non-uniformly to a square of ``squareSize`` (250), and
/// translated so that its centroid is the origin. Its distance to a template is the mean
/// distance between corresponding points at the best rotation within ±``angleRange`` (45°),
/// found by golden-section search down to ``anglePrecision`` (2°); the score is
/// `1 − d / (½√(2·250²))`, 1 for a perfect match.
///
/// Where the paper divides by zero, this does not: a side of the bounding box of length 0 (a
/// straight horizontal or vertical line) is not scaled, and a gesture of length 0 resamples to
/// copies of its point.
///
/// ```swift
/// let recognizer = try DollarOneRecognizer(templates: templates)
/// let answer = try recognizer.recognize(strokes)   // answer.score in 0…1
/// ```
public struct DollarOneRecognizer: GestureRecognizer {
  /// The side of the square gestures are scaled to.
  public static let squareSize = 250.0
  /// Half the square's diagonal, the distance that scores 0.
  public static let halfDiagonal = 0.5 * (2 * squareSize * squareSize).squareRoot()
  /// The rotations searched, ± this many radians (45°).
  public static let angleRange = 45.0 * Double.pi / 180
  /// The search stops when its interval is this narrow (2°).
  public static let anglePrecision = 2.0 * Double.pi / 180
  /// The default ``minimumScore``, from the $1 logs (see the Gestures article).
  public static let defaultMinimumScore = 0.75

  /// Points a gesture is resampled to.
  public let sampleCount: Int
  /// The score below which a gesture is rejected.
  public var minimumScore: Double
  /// The templates' labels, in order.
  public let templateLabels: [String]
  /// The templates' preprocessed points.
  let templatePoints: [[GesturePoint]]

  /// A recognizer of the given templates.
  ///
  /// - Throws: ``GestureError/noTemplates``, ``GestureError/reservedLabel``, or the template's
  ///   ``GestureError/empty(template:)`` or ``GestureError/nonFinite(template:)``.
  public init(
    templates: [GestureTemplate], sampleCount: Int = 64,
    minimumScore: Double = Self.defaultMinimumScore
  ) throws(GestureError) {
    try GestureTemplate.checkSet(templates)
    self.sampleCount = max(2, sampleCount)
    self.minimumScore = minimumScore
    templateLabels = templates.map(\.label)
    var prepared: [[GesturePoint]] = []
    for template in templates {
      prepared.append(Self.normalized(try template.points(), count: max(2, sampleCount)))
    }
    templatePoints = prepared
  }

  /// The gesture's answer (see the type's description).
  public func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition {
    let candidate = Self.normalized(
      try GestureTemplate.points(of: strokes, template: nil), count: sampleCount)
    let scores = templatePoints.map { template -> Double? in
      let d = GestureGeometry.distanceAtBestAngle(
        candidate, template, range: Self.angleRange, precision: Self.anglePrecision)
      return 1 - d / Self.halfDiagonal
    }
    return GestureRecognition(labels: templateLabels, scores: scores, minimumScore: minimumScore)
  }

  /// Steps 1–3 of the paper: resample, rotate the indicative angle to 0, scale to the square,
  /// translate the centroid to the origin. The strokes are joined into one path.
  static func normalized(_ strokes: [[GesturePoint]], count: Int) -> [GesturePoint] {
    let path = strokes.joined().map { GesturePoint(x: $0.x, y: $0.y, stroke: 0) }
    let resampled = GestureGeometry.resample(path, count: count)
    let rotated = GestureGeometry.rotate(
      resampled, by: -GestureGeometry.indicativeAngle(resampled))
    return GestureGeometry.translateToOrigin(scaledToSquare(rotated))
  }

  /// $1's `ScaleTo`: each axis scaled so that the bounding box is ``squareSize`` on a side (an
  /// axis of extent 0 is left as it is).
  static func scaledToSquare(_ points: [GesturePoint]) -> [GesturePoint] {
    let box = GestureGeometry.boundingBox(points)
    let (width, height) = (box.maxX - box.minX, box.maxY - box.minY)
    let sx = width > 0 ? squareSize / width : 1
    let sy = height > 0 ? squareSize / height : 1
    return points.map { GesturePoint(x: $0.x * sx, y: $0.y * sy, stroke: $0.stroke) }
  }
}
