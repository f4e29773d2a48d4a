/// Disjoint sets of points (union–find with path halving and union by size), for joining the
/// core points of ``DBSCAN`` that lie within `eps` of each other.
struct CoreComponents {
  private var parent: [Int]
  private var size: [Int]

  /// `count` points, each in a set of its own.
  init(count: Int) {
    parent = Array(0..<count)
    size = [Int](repeating: 1, count: count)
  }

  /// The representative of the set holding `point`.
  mutating func root(of point: Int) -> Int {
    var x = point
    while parent[x] != x {
      parent[x] = parent[parent[x]]
      x = parent[x]
    }
    return x
  }

  /// Merges the sets holding `a` and `b`.
  mutating func join(_ a: Int, _ b: Int) {
    var (x, y) = (root(of: a), root(of: b))
    guard x != y else { return }
    if size[x] < size[y] { swap(&x, &y) }
    parent[y] = x
    size[x] += size[y]
  }
}
