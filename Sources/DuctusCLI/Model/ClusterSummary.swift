import Foundation
import InkClustering

/// What `ductus cluster` prints on standard output: the method and its figures, the quality
/// scores and each cluster's size, medoid and majority label.
struct ClusterSummary: Codable {
  /// One cluster.
  struct Cluster: Codable {
    /// Its number, as in the labels file.
    var cluster: Int
    /// How many points it holds.
    var size: Int
    /// The key of the point that stands for it: the medoid for k-medoids and for a precomputed
    /// distance matrix (the point of least total distance to the others of the cluster), else
    /// the point nearest the cluster's mean.
    var representative: String
    /// The commonest corpus label among its points (the first in input order of equally
    /// common ones), for a labelled corpus.
    var majorityLabel: String?
    /// How many of its points have the majority label.
    var majorityCount: Int?
  }

  /// The quality scores (see the InkClustering catalog's "Quality scores" article).
  struct Scores: Codable {
    var silhouette: Double?
    var daviesBouldin: Double?
    var calinskiHarabasz: Double?
    var adjustedRand: Double?
    var normalizedMutualInformation: Double?
  }

  var method: String
  var linkage: String?
  /// How HDBSCAN chose its clusters (`eom` or `leaf`).
  var clusterSelection: String?
  var algorithm: String?
  /// k-medoids' distance when it is not the Euclidean one (`dtw`), and its Sakoe–Chiba radius.
  var metric: String?
  var window: Int?
  var k: Int
  var points: Int
  var features: Int?
  var iterations: Int?
  /// The batch size and the number of batches taken, for mini-batch k-means.
  var batchSize: Int?
  var steps: Int?
  /// How many points DBSCAN or HDBSCAN left as noise (cluster −1).
  var noise: Int?
  var converged: Bool?
  var inertia: Double?
  var loss: Double?
  /// How k-medoids by DTW settled the pairs it looked at.
  var pruning: KMedoidsPruning?
  var scores: Scores
  var clusters: [Cluster]

  /// The numbers that must be finite before anything is written, with their names.
  var numbers: [(String, Double?)] {
    [
      ("inertia", inertia), ("loss", loss), ("silhouette", scores.silhouette),
      ("daviesBouldin", scores.daviesBouldin), ("calinskiHarabasz", scores.calinskiHarabasz),
      ("adjustedRand", scores.adjustedRand),
      ("normalizedMutualInformation", scores.normalizedMutualInformation),
    ]
  }

  /// The text form: a line for the method, one for the scores, a line a cluster.
  var text: String {
    var lines: [String] = []
    let setting = linkage ?? clusterSelection
    var head = "\(method)\(setting.map { " (\($0))" } ?? ""): \(k) clusters of \(points) points"
    if let iterations {
      head += ", \(iterations) iteration\(iterations == 1 ? "" : "s")"
      if converged == false { head += " (not converged)" }
    }
    if let steps, let batchSize { head += " (\(steps) batches of \(batchSize))" }
    if let noise { head += ", \(noise) noise point\(noise == 1 ? "" : "s")" }
    if let inertia { head += ", inertia \(Self.format(inertia))" }
    if let loss { head += ", loss \(Self.format(loss))" }
    lines.append(head)
    if let pruning {
      lines.append(
        "  \(pruning.pairs) pairs looked at: \(pruning.prunedByKim) pruned by LB_Kim, "
          + "\(pruning.prunedByKeogh) by LB_Keogh, \(pruning.abandoned) abandoned, "
          + "\(pruning.computed) computed (\(Self.format(100 * pruning.prunedFraction))% pruned)")
    }
    let named: [(String, Double?)] = [
      ("silhouette", scores.silhouette), ("Davies–Bouldin", scores.daviesBouldin),
      ("Calinski–Harabasz", scores.calinskiHarabasz), ("adjusted Rand", scores.adjustedRand),
      ("NMI", scores.normalizedMutualInformation),
    ]
    let present = named.compactMap { name, value in value.map { "\(name) \(Self.format($0))" } }
    if !present.isEmpty { lines.append("  " + present.joined(separator: ", ")) }
    for cluster in clusters {
      var line =
        "  cluster \(cluster.cluster): \(cluster.size) point\(cluster.size == 1 ? "" : "s"), "
        + "e.g. \(cluster.representative)"
      if let label = cluster.majorityLabel, let count = cluster.majorityCount {
        line += ", mostly \(label) (\(count))"
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func format(_ value: Double) -> String { String(format: "%.4g", value) }

  /// Each non-empty cluster's size (noise, −1, aside), representative (a point index a cluster) and majority
  /// label.
  static func clusters(
    labels: [Int], keys: [String], corpusLabels: [String?], representatives: [Int]
  ) -> [Cluster] {
    var members = [[Int]](repeating: [], count: representatives.count)
    for (point, cluster) in labels.enumerated() where cluster >= 0 {
      members[cluster].append(point)
    }
    return members.enumerated().compactMap { cluster, points in
      guard !points.isEmpty else { return nil }
      var counts: [String: Int] = [:]
      var majority: String?
      for point in points {
        guard let label = corpusLabels[point] else { continue }
        counts[label, default: 0] += 1
      }
      for point in points {
        guard let label = corpusLabels[point] else { continue }
        if majority == nil || counts[label]! > counts[majority!]! { majority = label }
      }
      return Cluster(
        cluster: cluster, size: points.count, representative: keys[representatives[cluster]],
        majorityLabel: majority, majorityCount: majority.map { counts[$0]! })
    }
  }
}
