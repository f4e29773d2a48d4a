/// Hamerly's two bounds a point: ``upper`` on the distance to its own centre, ``lower`` on the
/// distance to every other centre.
struct HamerlyBounds {
  /// An upper bound on each point's distance to its centre.
  var upper: [Double]
  /// A lower bound on each point's distance to any centre but its own.
  var lower: [Double]

  /// Keeps the bounds valid after the centres moved by `moves`: the upper bound grows by the
  /// move of the point's centre, the lower one shrinks by the largest move of any other.
  mutating func move(by moves: [Double], labels: [Int]) {
    var (largest, largestIndex, second) = (0.0, 0, 0.0)
    for (j, move) in moves.enumerated() {
      if move > largest {
        (second, largest, largestIndex) = (largest, move, j)
      } else if move > second {
        second = move
      }
    }
    for i in labels.indices {
      upper[i] += moves[labels[i]]
      lower[i] -= labels[i] == largestIndex ? second : largest
    }
  }
}
