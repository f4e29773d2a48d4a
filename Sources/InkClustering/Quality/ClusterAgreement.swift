import Foundation

/// How well a clustering agrees with known labels, as scikit-learn's `sklearn.metrics` computes
/// it; labels on either side are any integers.
///
/// - Adjusted Rand index (L. Hubert and P. Arabie, *Comparing partitions*, J. Classification 2,
///   1985): the Rand index (the share of pairs of points on which both partitions agree) less
///   its expectation under chance, over its largest value less that. 1 for the same partition,
///   about 0 for a random one; from the pair counts `2(tp·tn − fn·fp) / ((tp + fn)(fn + tn) +
///   (tp + fp)(fp + tn))`, as `adjusted_rand_score`.
/// - Normalised mutual information (A. Strehl and J. Ghosh, *Cluster ensembles*, JMLR 3, 2002):
///   `I(U; V) / ((H(U) + H(V)) / 2)`, natural logarithms, `normalized_mutual_info_score` with
///   its default arithmetic mean. 1 when both put every point alone or all together.
public enum ClusterAgreement {
  /// The adjusted Rand index of `predicted` against `truth`.
  public static func adjustedRandIndex(truth: [Int], predicted: [Int]) throws -> Double {
    let table = try ContingencyTable(truth: truth, predicted: predicted)
    let n = Double(truth.count)
    let sumSquares = table.cells.values.reduce(0.0) { $0 + Double($1) * Double($1) }
    let truePositive = sumSquares - n
    var rowDot = 0.0
    var columnDot = 0.0
    for (cell, count) in table.cells {
      rowDot += Double(count) * Double(table.predictedSizes[cell.predicted])
      columnDot += Double(count) * Double(table.truthSizes[cell.truth])
    }
    let falsePositive = rowDot - sumSquares
    let falseNegative = columnDot - sumSquares
    let trueNegative = n * n - falsePositive - falseNegative - sumSquares
    if falseNegative == 0 && falsePositive == 0 { return 1 }
    return 2 * (truePositive * trueNegative - falseNegative * falsePositive)
      / ((truePositive + falseNegative) * (falseNegative + trueNegative)
        + (truePositive + falsePositive) * (falsePositive + trueNegative))
  }

  /// The normalised mutual information of `predicted` and `truth` (arithmetic mean of the
  /// entropies).
  public static func normalizedMutualInformation(truth: [Int], predicted: [Int]) throws -> Double {
    let table = try ContingencyTable(truth: truth, predicted: predicted)
    let (classes, clusters) = (table.truthSizes.count, table.predictedSizes.count)
    if (classes == 1 && clusters == 1) || (classes == 0 && clusters == 0) { return 1 }
    let n = Double(truth.count)
    var information = 0.0
    if classes > 1 && clusters > 1 {
      for (cell, count) in table.cells {
        let share = Double(count) / n
        let outer =
          Double(table.truthSizes[cell.truth]) * Double(table.predictedSizes[cell.predicted])
        let term = share * (log(Double(count)) - log(n)) + share * (-log(outer) + 2 * log(n))
        information += abs(term) < Double.ulpOfOne ? 0 : term
      }
      information = max(information, 0)
    }
    if information == 0 { return 0 }
    func entropy(_ sizes: [Int]) -> Double {
      -sizes.reduce(0.0) { $0 + Double($1) / n * (log(Double($1)) - log(n)) }
    }
    return information / ((entropy(table.truthSizes) + entropy(table.predictedSizes)) / 2)
  }
}
