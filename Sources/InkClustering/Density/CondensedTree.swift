/// The condensed cluster tree of ``HDBSCAN`` (Campello, Moulavi and Sander 2013), and the flat
/// clusters chosen from it, as scikit-learn's `_condense_tree`, `_compute_stability` and
/// `_get_clusters` (`sklearn/cluster/_hdbscan/_tree.pyx`) build and choose them.
///
/// The single-linkage tree of the mutual reachability spanning tree is walked from the root,
/// breadth first; at each merge, read as a split at `λ = 1 / distance`, a side with fewer than
/// `minClusterSize` points falls out of its cluster point by point, and when both sides are
/// that large the cluster ends and two new ones begin. Clusters are numbered `n, n + 1, …` in
/// the order they begin, `n` being the root.
struct CondensedTree {
  /// One row: a point (`child < n`) or a cluster leaving `parent` at `lambda`, and its size.
  struct Row {
    var parent: Int
    var child: Int
    var lambda: Double
    var size: Int
  }

  /// The rows in the order scikit-learn writes them.
  let rows: [Row]
  /// The number of points.
  let points: Int

  /// The condensed tree of the spanning tree `edges` of `n` points.
  init(points n: Int, edges: [MutualReachabilityTree.Edge], minClusterSize: Int) {
    points = n
    // The single-linkage tree: the edges by distance (stable), merged with union–find; merge
    // `i` makes node `n + i` (scikit-learn's make_single_linkage).
    let sorted = edges.indices.sorted {
      (edges[$0].distance, $0) < (edges[$1].distance, $1)
    }.map { edges[$0] }
    var parent = [Int](repeating: -1, count: 2 * n - 1)
    var size = [Int](repeating: 1, count: n) + [Int](repeating: 0, count: n - 1)
    var left = [Int](repeating: 0, count: n - 1)
    var right = [Int](repeating: 0, count: n - 1)
    var height = [Double](repeating: 0, count: n - 1)
    func find(_ point: Int) -> Int {
      var root = point
      while parent[root] != -1 { root = parent[root] }
      var p = point
      while p != root {
        let next = parent[p]
        parent[p] = root
        p = next
      }
      return root
    }
    for (i, edge) in sorted.enumerated() {
      let (a, b) = (find(edge.from), find(edge.to))
      (left[i], right[i], height[i]) = (a, b, edge.distance)
      parent[a] = n + i
      parent[b] = n + i
      size[n + i] = size[a] + size[b]
    }
    /// The nodes under `top` (itself included), breadth first, left before right.
    func breadthFirst(from top: Int) -> [Int] {
      var result = [top]
      var next = 0
      while next < result.count {
        let node = result[next]
        next += 1
        if node >= n { result += [left[node - n], right[node - n]] }
      }
      return result
    }
    var rows: [Row] = []
    var relabel = [Int](repeating: 0, count: 2 * n - 1)
    var ignore = [Bool](repeating: false, count: 2 * n - 1)
    relabel[2 * n - 2] = n
    var nextLabel = n + 1
    for node in breadthFirst(from: 2 * n - 2) where node >= n && !ignore[node] {
      let merge = node - n
      let (l, r) = (left[merge], right[merge])
      let lambda = height[merge] > 0 ? 1 / height[merge] : Double.infinity
      let cluster = relabel[node]
      func fallOut(_ side: Int) {
        for sub in breadthFirst(from: side) {
          if sub < n { rows.append(Row(parent: cluster, child: sub, lambda: lambda, size: 1)) }
          ignore[sub] = true
        }
      }
      switch (size[l] >= minClusterSize, size[r] >= minClusterSize) {
      case (true, true):
        for side in [l, r] {
          relabel[side] = nextLabel
          nextLabel += 1
          rows.append(Row(parent: cluster, child: relabel[side], lambda: lambda, size: size[side]))
        }
      case (false, false):
        fallOut(l)
        fallOut(r)
      case (false, true):
        relabel[r] = cluster
        fallOut(l)
      case (true, false):
        relabel[l] = cluster
        fallOut(r)
      }
    }
    self.rows = rows
  }

  /// The flat clusters: each point's label (−1 for noise, clusters numbered in the order they
  /// begin) and the strength of its membership, as scikit-learn's `labels_` and
  /// `probabilities_`.
  func flatClusters(selection: HDBSCAN.ClusterSelection, allowSingleCluster: Bool)
    -> (labels: [Int], probabilities: [Double])
  {
    let n = points
    let clusterEnd = (rows.map(\.parent).max() ?? n) + 1
    // Stability: Σ (λ_leave − λ_birth) · size over each cluster's rows.
    var birth = [Double](repeating: 0, count: max(clusterEnd, (rows.map(\.child).max() ?? 0) + 1))
    for row in rows { birth[row.child] = row.lambda }
    birth[n] = 0
    var stability = [Double](repeating: 0, count: clusterEnd)
    for row in rows { stability[row.parent] += (row.lambda - birth[row.parent]) * Double(row.size) }
    let clusterRows = rows.filter { $0.size > 1 }
    var children = [[Int]](repeating: [], count: clusterEnd)
    for row in clusterRows { children[row.parent].append(row.child) }
    func descendants(of cluster: Int) -> [Int] {
      var result = [cluster]
      var next = 0
      while next < result.count {
        result += children[result[next]]
        next += 1
      }
      return result.dropFirst().map { $0 }
    }
    let candidates = Array((allowSingleCluster ? n : n + 1)..<clusterEnd)
    var selected = [Bool](repeating: false, count: clusterEnd)
    switch selection {
    case .excessOfMass:
      for cluster in candidates { selected[cluster] = true }
      for cluster in candidates.reversed() {
        let subtree = children[cluster].reduce(0) { $0 + stability[$1] }
        if subtree > stability[cluster] {
          selected[cluster] = false
          stability[cluster] = subtree
        } else {
          for sub in descendants(of: cluster) { selected[sub] = false }
        }
      }
    case .leaf:
      for cluster in candidates where children[cluster].isEmpty && !clusterRows.isEmpty {
        selected[cluster] = true
      }
    }
    // Labels: the selected cluster above each point; the root's points are noise unless the
    // root itself is the one cluster and the point leaves it at its last λ.
    var number = [Int](repeating: -1, count: clusterEnd)
    var clusterCount = 0
    for cluster in n..<clusterEnd where selected[cluster] {
      number[cluster] = clusterCount
      clusterCount += 1
    }
    var up = [Int](repeating: -1, count: clusterEnd)
    for row in clusterRows { up[row.child] = row.parent }
    func owner(_ cluster: Int) -> Int {
      var c = cluster
      while !selected[c], up[c] >= 0 { c = up[c] }
      return c
    }
    let rootLast = rows.filter { $0.parent == n }.map(\.lambda).max() ?? 0
    var labels = [Int](repeating: -1, count: n)
    var leaving = [Int](repeating: 0, count: n)
    for (index, row) in rows.enumerated() where row.child < n {
      leaving[row.child] = index
      let cluster = owner(row.parent)
      if cluster != n {
        labels[row.child] = number[cluster]
      } else if selected[n], clusterCount == 1, row.lambda >= rootLast {
        labels[row.child] = number[n]
      }
    }
    // Probabilities: λ at which the point leaves over the cluster's last λ (scikit-learn's
    // max_lambdas takes the last of a cluster's runs of consecutive rows).
    var death = [Double](repeating: 0, count: clusterEnd)
    var start = 0
    while start < rows.count {
      var end = start
      var last = rows[start].lambda
      while end + 1 < rows.count, rows[end + 1].parent == rows[start].parent {
        end += 1
        last = max(last, rows[end].lambda)
      }
      death[rows[start].parent] = last
      start = end + 1
    }
    var clusterOfNumber = [Int](repeating: 0, count: clusterCount)
    for cluster in n..<clusterEnd where number[cluster] >= 0 {
      clusterOfNumber[number[cluster]] = cluster
    }
    let probabilities = (0..<n).map { point -> Double in
      guard labels[point] >= 0 else { return 0 }
      let lambda = rows[leaving[point]].lambda
      let last = death[clusterOfNumber[labels[point]]]
      if last == 0 || lambda.isInfinite { return 1 }
      return min(lambda, last) / last
    }
    return (labels, probabilities)
  }
}
