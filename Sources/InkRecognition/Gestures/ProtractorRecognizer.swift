import Foundation
import InkSampling

/// Protractor (Yang Li, *Protractor: a fast and accurate gesture recognizer*, CHI 2010), as the
/// paper's pseudocode gives it.
///
/// A gesture (its strokes joined in drawing order) is resampled to ``sampleCount`` (16) points
/// and translated so that its centroid is the origin; it is not scaled. It is then turned so
/// that its indicative angle (of the first point about the centroid) is 0, or, when
/// ``orientationSensitive``, onto the nearest of eight base orientations (multiples of 45°), so
/// that an arrow right is not an arrow up; and laid out as one vector of unit length. The
/// distance to a template is the angle between the two vectors at the best rotation, found in
/// closed form (`atan(b / a)`), and the score is `1 / d`: above 1 for any near match, larger is
/// nearer, with no upper end. A distance below 10⁻⁹ (identical vectors, up to rounding) scores
/// 10⁹.
public struct ProtractorRecognizer: GestureRecognizer {
  /// The score of a distance of 0 and of any distance below its inverse.
  public static let largestScore = 1e9
  /// The default ``minimumScore``, from the $1 logs (see the Gestures article).
  public static let defaultMinimumScore = 2.0

  /// Points a gesture is resampled to.
  public let sampleCount: Int
  /// Whether orientation matters (eight base orientations) or is removed.
  public let orientationSensitive: Bool
  /// The score below which a gesture is rejected.
  public var minimumScore: Double
  /// The templates' labels, in order.
  public let templateLabels: [String]
  /// The templates' unit vectors.
  let templateVectors: [[Double]]

  /// A recognizer of the given templates.
  ///
  /// - Throws: as ``DollarOneRecognizer/init(templates:sampleCount:minimumScore:)``.
  public init(
    templates: [GestureTemplate], sampleCount: Int = 16, orientationSensitive: Bool = false,
    minimumScore: Double = Self.defaultMinimumScore
  ) throws(GestureError) {
    try GestureTemplate.checkSet(templates)
    self.sampleCount = max(2, sampleCount)
    self.orientationSensitive = orientationSensitive
    self.minimumScore = minimumScore
    templateLabels = templates.map(\.label)
    var vectors: [[Double]] = []
    for template in templates {
      vectors.append(
        Self.vector(
          try template.points(), count: max(2, sampleCount),
          orientationSensitive: orientationSensitive))
    }
    templateVectors = vectors
  }

  /// The gesture's answer (see the type's description).
  public func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition {
    let candidate = Self.vector(
      try GestureTemplate.points(of: strokes, template: nil), count: sampleCount,
      orientationSensitive: orientationSensitive)
    let scores = templateVectors.map { template -> Double? in
      Self.score(distance: GestureGeometry.optimalCosineDistance(candidate, template))
    }
    return GestureRecognition(labels: templateLabels, scores: scores, minimumScore: minimumScore)
  }

  /// `1 / d`, ``largestScore`` for a distance below its inverse.
  static func score(distance: Double) -> Double {
    distance > 1 / largestScore ? 1 / distance : largestScore
  }

  /// Resampled, centred and vectorised as the paper's `Vectorize`.
  static func vector(_ strokes: [[GesturePoint]], count: Int, orientationSensitive: Bool)
    -> [Double]
  {
    let path = strokes.joined().map { GesturePoint(x: $0.x, y: $0.y, stroke: 0) }
    let centred = GestureGeometry.translateToOrigin(GestureGeometry.resample(path, count: count))
    return GestureGeometry.vectorize(
      centred,
      turn: GestureGeometry.protractorTurn(centred, orientationSensitive: orientationSensitive))
  }
}
