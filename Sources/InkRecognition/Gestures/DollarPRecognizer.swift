import Foundation
import InkDistances
import InkSampling

/// The $P point-cloud recognizer (Vatavu, Anthony and Wobbrock, *Gestures as point clouds: a $P
/// recognizer for user interface prototypes*, ICMI 2012), as the paper's pseudocode gives it.
///
/// A gesture is a cloud of ``sampleCount`` (32) points: resampled within its strokes (pen-up
/// jumps are not ink), scaled uniformly so that the longer side of its bounding box is 1, and
/// its centroid moved to the origin; stroke order, direction and count do not matter. The distance between two clouds is `GreedyCloudMatch`: from every
/// `⌊n^(1−ε)⌋`-th point (ε = 0.5), each point of one cloud is matched in turn with the nearest
/// unmatched point of the other, the i-th match weighted `1 − i/n`, in both directions; the
/// least weighted sum is the distance. The score is `max((2 − d) / 2, 0)`, the 2012 reference
/// code's and the `dollarpy` package's: 1 for a perfect match.
public struct DollarPRecognizer: GestureRecognizer {
  /// The default ``minimumScore``, from the $1 logs (see the Gestures article).
  public static let defaultMinimumScore = 0.2
  /// The ε of `GreedyCloudMatch`: how many starting points are tried (`n^(1−ε)` of them).
  public static let epsilon = 0.5

  /// Points a gesture is resampled to.
  public let sampleCount: Int
  /// The score below which a gesture is rejected.
  public var minimumScore: Double
  /// The templates' labels, in order.
  public let templateLabels: [String]
  /// The templates' clouds, as `x` and `y` samples.
  let clouds: [SampleBuffer]

  /// A recognizer of the given templates.
  ///
  /// - Throws: as ``DollarOneRecognizer/init(templates:sampleCount:minimumScore:)``.
  public init(
    templates: [GestureTemplate], sampleCount: Int = 32,
    minimumScore: Double = Self.defaultMinimumScore
  ) throws(GestureError) {
    try GestureTemplate.checkSet(templates)
    self.sampleCount = max(2, sampleCount)
    self.minimumScore = minimumScore
    templateLabels = templates.map(\.label)
    var prepared: [SampleBuffer] = []
    for template in templates {
      prepared.append(Self.samples(PointCloud(try template.points(), count: max(2, sampleCount))))
    }
    clouds = prepared
  }

  /// The gesture's answer (see the type's description).
  public func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition {
    let candidate = Self.samples(
      PointCloud(try GestureTemplate.points(of: strokes, template: nil), count: sampleCount))
    // `GreedyCloudMatch` is InkDistances' $P distance; the clouds are finite and of one size.
    let scores = clouds.map { cloud -> Double? in
      let distance =
        (try? CurveSimilarity.pointCloudDistance(candidate, cloud, epsilon: Self.epsilon))
        ?? .infinity
      return max((2 - distance) / 2, 0)
    }
    return GestureRecognition(labels: templateLabels, scores: scores, minimumScore: minimumScore)
  }

  /// A cloud's points as `x` and `y` samples.
  private static func samples(_ cloud: PointCloud) -> SampleBuffer {
    SampleBuffer(xs: cloud.points.map(\.x), ys: cloud.points.map(\.y))
  }
}
