extension Linkage {
  /// The flat clusters of at most `maxClusters` clusters cut from the dendrogram, as SciPy's
  /// `fcluster(Z, maxClusters, criterion="maxclust")`, but numbered from 0 (SciPy's numbers
  /// less one).
  ///
  /// The cut is at the lowest merge height that leaves at most `maxClusters` clusters (SciPy's
  /// bisection over the merges, in their order); `maxClusters ≥ n` puts each point alone, in
  /// point order. Clusters are numbered in SciPy's depth-first order from the root: a subtree
  /// under the cut is one cluster, the merged children of a node are visited before its single
  /// points, the left before the right.
  /// - Complexity: O(n log n).
  public func flatClusters(maxClusters: Int) throws -> [Int] {
    let n = observationCount
    guard maxClusters >= 1 else {
      throw ClusteringError.invalidArgument(
        operation: "flat clusters", detail: "at least 1 cluster is needed, not \(maxClusters)")
    }
    guard maxClusters < n else { return Array(0..<n) }
    // The highest merge height in each subtree (SciPy's monotone criterion `MC`).
    var highest = [Double](repeating: 0, count: n - 1)
    for (i, merge) in merges.enumerated() {
      highest[i] = merge.distance
      for child in [merge.left, merge.right] where child >= n {
        highest[i] = max(highest[i], highest[child - n])
      }
    }
    // Cutting at t leaves n − #{merges with MC ≤ t} clusters, as MC grows towards the root.
    let sortedHeights = highest.sorted()
    func clusters(cutAt threshold: Double) -> Int {
      var (low, high) = (0, sortedHeights.count)
      while low < high {
        let middle = (low + high) / 2
        if sortedHeights[middle] <= threshold { low = middle + 1 } else { high = middle }
      }
      return n - low
    }
    var (lower, upper) = (-1, n - 1)
    while upper - lower > 1 {
      let middle = (lower + upper) >> 1
      if clusters(cutAt: highest[middle]) > maxClusters { lower = middle } else { upper = middle }
    }
    let threshold = highest[upper]
    var labels = [Int](repeating: 0, count: n)
    var next = 0
    func label(subtree node: Int, as cluster: Int) {
      var stack = [node]
      while let top = stack.popLast() {
        if top < n {
          labels[top] = cluster
        } else {
          stack.append(merges[top - n].left)
          stack.append(merges[top - n].right)
        }
      }
    }
    // Depth-first from the root, as SciPy's cluster_monocrit.
    var stack = [2 * n - 2]
    var visitedChildren = Set<Int>()
    while let node = stack.last {
      let merge = merges[node - n]
      if highest[node - n] <= threshold {
        label(subtree: node, as: next)
        next += 1
        stack.removeLast()
        continue
      }
      if merge.left >= n, visitedChildren.insert(merge.left).inserted {
        stack.append(merge.left)
        continue
      }
      if merge.right >= n, visitedChildren.insert(merge.right).inserted {
        stack.append(merge.right)
        continue
      }
      for child in [merge.left, merge.right] where child < n {
        labels[child] = next
        next += 1
      }
      stack.removeLast()
    }
    return labels
  }
}
