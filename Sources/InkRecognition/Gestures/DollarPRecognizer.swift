import Foundation
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
  /// The templates' clouds.
  let clouds: [PointCloud]

  /// A recognizer of the given templates.
  ///
  /// - Throws: as ``DollarOneRecognizer/init(templates:sampleCount:minimumScore:)``.
  public init(
    templates: [GestureTemplate], sampleCount: Int = 32,
    minimumScore: Double = Self.defaultMinimumScore
  ) throws(GestureError) {
    guard !templates.isEmpty else { throw .noTemplates }
    guard !templates.contains(where: { $0.label == GestureRecognition.rejectionLabel }) else {
      throw .reservedLabel
    }
    self.sampleCount = max(2, sampleCount)
    self.minimumScore = minimumScore
    templateLabels = templates.map(\.label)
    var prepared: [PointCloud] = []
    for template in templates {
      prepared.append(PointCloud(try template.points(), count: max(2, sampleCount)))
    }
    clouds = prepared
  }

  /// The gesture's answer (see the type's description).
  public func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition {
    let candidate = PointCloud(
      try GestureTemplate.points(of: strokes, template: nil), count: sampleCount)
    let scores = clouds.map { cloud -> Double? in
      max((2 - Self.greedyCloudMatch(candidate.points, cloud.points)) / 2, 0)
    }
    return GestureRecognition(labels: templateLabels, scores: scores, minimumScore: minimumScore)
  }

  /// $P's `GreedyCloudMatch`: the least `CloudDistance` over the starting points and both
  /// directions.
  static func greedyCloudMatch(_ points: [GesturePoint], _ template: [GesturePoint]) -> Double {
    let n = points.count
    let step = max(1, Int(pow(Double(n), 1 - epsilon).rounded(.down)))
    var best = Double.infinity
    for start in stride(from: 0, to: n, by: step) {
      best = min(
        best, cloudDistance(points, template, start: start),
        cloudDistance(template, points, start: start))
    }
    return best
  }

  /// $P's `CloudDistance`: from `start`, each point of `a` matched with the nearest unmatched
  /// point of `b`, the i-th match weighted `1 − i/n`.
  static func cloudDistance(_ a: [GesturePoint], _ b: [GesturePoint], start: Int) -> Double {
    let n = a.count
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { matched in
      matched.initialize(repeating: false)
      var sum = 0.0
      var i = start
      repeat {
        var index = -1
        var nearest = Double.infinity
        let point = a[i]
        for j in 0..<n where !matched[j] {
          let d = point.distance(to: b[j])
          if d < nearest {
            nearest = d
            index = j
          }
        }
        matched[index] = true
        let weight = 1 - Double((i - start + n) % n) / Double(n)
        sum += weight * nearest
        i = (i + 1) % n
      } while i != start
      return sum
    }
  }
}
