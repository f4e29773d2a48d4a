import Foundation
import InkSampling

/// The $Q super-quick recognizer (Vatavu, Anthony and Wobbrock, *$Q: a super-quick,
/// articulation-invariant stroke-gesture recognizer for low-resource devices*, MobileHCI 2018),
/// as the paper's pseudocode and the authors' JavaScript give it.
///
/// Clouds are $P's (32 points, see ``DollarPRecognizer``); each point also gets integer
/// coordinates in `0…1023`, and each cloud a 64×64 look-up table of its nearest point to every cell. The cloud
/// distance sums squared distances weighted `n, n − 1, …, 1`; before each start is tried, a
/// lower bound from the look-up tables (computed for all starts at once with a summed-area
/// table) is compared with the best distance so far, and a sum that reaches it is abandoned.
/// The score is the reference's `1 / d` for `d > 1`, else 1.
///
/// With ``abandonsAcrossLabels`` (the paper's way, and the fastest), the best distance so far is
/// that of every template compared before, so only the best label's score is exact and the
/// ranking holds that label alone; without it, the bound is reset for each label and the ranking
/// holds every label with its exact best score. A look-up cell index is kept inside the table
/// (the reference would read past its end for a coordinate that rounds to 64).
public struct DollarQRecognizer: GestureRecognizer {
  /// The side of the look-up table.
  public static let lookUpTableSize = 64
  /// The integer coordinates' range, `0..<maximumIntegerCoordinate`.
  public static let maximumIntegerCoordinate = 1024
  /// The default ``minimumScore``, from the $1 logs (see the Gestures article).
  public static let defaultMinimumScore = 0.1

  /// A cloud with its integer coordinates' look-up cells and its table.
  struct Cloud: Sendable {
    var points: [GesturePoint]
    /// Each point's cell, `(row, column)`, in the look-up table.
    var cells: [(Int, Int)]
    /// The index of the nearest point of each cell, row by row.
    var lookUpTable: [Int]

    init(_ cloud: PointCloud) {
      points = cloud.points
      let top = Double(DollarQRecognizer.maximumIntegerCoordinate - 1)
      let scale = Double(
        DollarQRecognizer.maximumIntegerCoordinate / DollarQRecognizer.lookUpTableSize)
      let last = DollarQRecognizer.lookUpTableSize - 1
      cells = points.map { point in
        let intX = ((point.x + 1) / 2 * top).rounded()
        let intY = ((point.y + 1) / 2 * top).rounded()
        return (
          min(last, max(0, Int((intX / scale).rounded()))),
          min(last, max(0, Int((intY / scale).rounded())))
        )
      }
      let size = DollarQRecognizer.lookUpTableSize
      var table = [Int](repeating: 0, count: size * size)
      for x in 0..<size {
        for y in 0..<size {
          var nearest = -1
          var best = Int.max
          for (index, cell) in cells.enumerated() {
            let d = (cell.0 - x) * (cell.0 - x) + (cell.1 - y) * (cell.1 - y)
            if d < best {
              best = d
              nearest = index
            }
          }
          table[x * size + y] = nearest
        }
      }
      lookUpTable = table
    }
  }

  /// Points a gesture is resampled to.
  public let sampleCount: Int
  /// Whether early abandoning uses the best distance over all templates (only the best label's
  /// score is then known) or over each label's own.
  public let abandonsAcrossLabels: Bool
  /// The score below which a gesture is rejected.
  public var minimumScore: Double
  /// The templates' labels, in order.
  public let templateLabels: [String]
  /// The templates' clouds.
  let clouds: [Cloud]

  /// A recognizer of the given templates.
  ///
  /// - Throws: as ``DollarOneRecognizer/init(templates:sampleCount:minimumScore:)``.
  public init(
    templates: [GestureTemplate], sampleCount: Int = 32, abandonsAcrossLabels: Bool = false,
    minimumScore: Double = Self.defaultMinimumScore
  ) throws(GestureError) {
    try GestureTemplate.checkSet(templates)
    self.sampleCount = max(4, sampleCount)
    self.abandonsAcrossLabels = abandonsAcrossLabels
    self.minimumScore = minimumScore
    templateLabels = templates.map(\.label)
    var prepared: [Cloud] = []
    for template in templates {
      prepared.append(Cloud(PointCloud(try template.points(), count: max(4, sampleCount))))
    }
    clouds = prepared
  }

  /// The gesture's answer (see the type's description).
  public func recognize(_ strokes: [SampleBuffer]) throws(GestureError) -> GestureRecognition {
    let candidate = Cloud(
      PointCloud(try GestureTemplate.points(of: strokes, template: nil), count: sampleCount))
    var bestOfLabel: [String: Double] = [:]
    var bestOverall = Double.infinity
    var scores: [Double?] = []
    scores.reserveCapacity(clouds.count)
    for (label, cloud) in zip(templateLabels, clouds) {
      let bound = abandonsAcrossLabels ? bestOverall : bestOfLabel[label] ?? .infinity
      let d = Self.cloudMatch(candidate, cloud, bestSoFar: bound)
      guard d < bound else {
        scores.append(nil)  // no nearer than the bound: not this label's best
        continue
      }
      if !abandonsAcrossLabels { bestOfLabel[label] = d }
      bestOverall = min(bestOverall, d)
      scores.append(d > 1 ? 1 / d : 1)
    }
    return GestureRecognition(labels: templateLabels, scores: scores, minimumScore: minimumScore)
  }

  /// $Q's `CloudMatch`: the least cloud distance over the starting points and both directions,
  /// trying a start only when its lower bound is below the best so far.
  static func cloudMatch(_ candidate: Cloud, _ template: Cloud, bestSoFar: Double) -> Double {
    let n = candidate.points.count
    let step = Int(Double(n).squareRoot().rounded(.down))
    let count = n / step + 1
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count) { bounds in
      let bounds1 = UnsafeMutableBufferPointer(rebasing: bounds[0..<count])
      let bounds2 = UnsafeMutableBufferPointer(rebasing: bounds[count...])
      lowerBounds(candidate, template, step: step, into: bounds1)
      lowerBounds(template, candidate, step: step, into: bounds2)
      var best = bestSoFar
      var j = 0
      for start in stride(from: 0, to: n, by: step) {
        if bounds1[j] < best {
          best = min(best, cloudDistance(candidate.points, template.points, start, best))
        }
        if bounds2[j] < best {
          best = min(best, cloudDistance(template.points, candidate.points, start, best))
        }
        j += 1
      }
      return best
    }
  }

  /// $Q's `CloudDistance`: squared distances to the nearest unmatched point, weighted `n` down
  /// to 1, abandoned as soon as the sum reaches `bestSoFar`. The unmatched points are flags
  /// walked in index order, the order the reference's shrinking list keeps, so ties go the same
  /// way.
  static func cloudDistance(
    _ a: [GesturePoint], _ b: [GesturePoint], _ start: Int, _ bestSoFar: Double
  ) -> Double {
    let n = a.count
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: n) { matched in
      matched.initialize(repeating: false)
      var i = start
      var weight = Double(n)
      var sum = 0.0
      repeat {
        var u = -1
        var nearest = Double.infinity
        let point = a[i]
        for j in 0..<n where !matched[j] {
          let d = point.squaredDistance(to: b[j])
          if d < nearest {
            nearest = d
            u = j
          }
        }
        matched[u] = true
        sum += weight * nearest
        if sum >= bestSoFar { return sum }
        weight -= 1
        i = (i + 1) % n
      } while i != start
      return sum
    }
  }

  /// $Q's `ComputeLowerBound`: for each start `0, step, 2·step, …`, a lower bound of the cloud
  /// distance from `a` to `b`, from each point of `a` and its look-up-table neighbour in `b`,
  /// written into `bounds` (`n / step + 1` of them).
  static func lowerBounds(
    _ a: Cloud, _ b: Cloud, step: Int, into bounds: UnsafeMutableBufferPointer<Double>
  ) {
    let n = a.points.count
    let size = lookUpTableSize
    withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { summed in
      var first = 0.0
      var running = 0.0
      for i in 0..<n {
        let (x, y) = a.cells[i]
        let d = a.points[i].squaredDistance(to: b.points[b.lookUpTable[x * size + y]])
        running += d
        summed[i] = running
        first += Double(n - i) * d
      }
      bounds[0] = first
      var j = 1
      for i in stride(from: step, to: n, by: step) {
        bounds[j] = first + Double(i) * summed[n - 1] - Double(n) * summed[i - 1]
        j += 1
      }
    }
  }
}
