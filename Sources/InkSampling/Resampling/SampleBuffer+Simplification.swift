extension SampleBuffer {
  /// The samples at the given indices, every channel kept.
  public func selecting(_ indices: [Int]) -> SampleBuffer {
    var result = SampleBuffer(xs: indices.map { xs[$0] }, ys: indices.map { ys[$0] })
    for channel in channels.dropFirst(2) {
      let data = self[channel]!
      try? result.setChannel(channel, to: indices.map { data[$0] })
    }
    return result
  }

  /// The indices the Ramer–Douglas–Peucker algorithm keeps at tolerance `epsilon`.
  ///
  /// Ramer (1972), Douglas and Peucker (1973): keep the end points; find the sample farthest
  /// from the line through them; when it is farther than `epsilon`, keep it and recurse on both
  /// halves. Distances are to the infinite line through the ends (to the end point when both
  /// ends coincide), as the `rdp` Python package measures them. An explicit stack replaces
  /// recursion, so long strokes cannot overflow the call stack. Worst case O(n²), typically
  /// O(n log n).
  ///
  /// - Throws: ``ResamplingError/empty``, ``ResamplingError/nonFiniteSample(channel:index:)``,
  ///   ``ResamplingError/invalidParameter(_:)`` for a negative or NaN `epsilon`.
  public func ramerDouglasPeuckerIndices(epsilon: Double) throws(ResamplingError) -> [Int] {
    try checkedForResampling()
    guard epsilon >= 0 else {
      throw .invalidParameter("the tolerance must be zero or more, not \(epsilon)")
    }
    guard count > 2 else { return Array(0..<count) }
    var keep = [Bool](repeating: false, count: count)
    keep[0] = true
    keep[count - 1] = true
    var stack = [(0, count - 1)]
    while let (first, last) = stack.popLast() {
      let ax = xs[first]
      let ay = ys[first]
      let dx = xs[last] - ax
      let dy = ys[last] - ay
      let norm = (dx * dx + dy * dy).squareRoot()
      var farthest = first
      var largest = 0.0
      for i in (first + 1)..<last {
        let px = xs[i] - ax
        let py = ys[i] - ay
        let distance = norm > 0 ? abs(dx * py - dy * px) / norm : (px * px + py * py).squareRoot()
        if distance > largest {
          largest = distance
          farthest = i
        }
      }
      if largest > epsilon {
        keep[farthest] = true
        if farthest - first > 1 { stack.append((first, farthest)) }
        if last - farthest > 1 { stack.append((farthest, last)) }
      }
    }
    return keep.indices.filter { keep[$0] }
  }

  /// The series simplified by Ramer–Douglas–Peucker at tolerance `epsilon`.
  public func simplifiedRamerDouglasPeucker(epsilon: Double) throws(ResamplingError) -> SampleBuffer
  {
    selecting(try ramerDouglasPeuckerIndices(epsilon: epsilon))
  }

  /// The indices Visvalingam–Whyatt simplification keeps at area tolerance `epsilon`.
  ///
  /// Visvalingam and Whyatt (1993): repeatedly drop the interior sample whose triangle with its
  /// current neighbours has the smallest area, while that area is at most `epsilon`, updating
  /// the neighbours' triangles after each removal; the ends always stay. As the `geo` crate (and
  /// so the `simplification` Python package) computes it: areas are not forced to grow
  /// monotonically. O(n log n) with a binary heap.
  ///
  /// - Throws: ``ResamplingError/empty``, ``ResamplingError/nonFiniteSample(channel:index:)``,
  ///   ``ResamplingError/invalidParameter(_:)`` for a negative or NaN `epsilon`.
  public func visvalingamWhyattIndices(epsilon: Double) throws(ResamplingError) -> [Int] {
    try checkedForResampling()
    guard epsilon >= 0 else {
      throw .invalidParameter("the area tolerance must be zero or more, not \(epsilon)")
    }
    guard count > 2 else { return Array(0..<count) }
    // The shoelace sum in geo's order of terms, so that rounding (and so ties) agree.
    func area(_ a: Int, _ b: Int, _ c: Int) -> Double {
      let twice =
        (xs[a] * ys[b] - ys[a] * xs[b]) + (xs[b] * ys[c] - ys[b] * xs[c])
        + (xs[c] * ys[a] - ys[c] * xs[a])
      return abs(twice / 2)
    }
    var left = Array(-1..<(count - 1))
    var right = Array(1...count)
    var removed = [Bool](repeating: false, count: count)
    var heap = TriangleHeap(
      (1..<(count - 1)).map {
        .init(area: area($0 - 1, $0, $0 + 1), index: $0, left: $0 - 1, right: $0 + 1)
      })
    while let smallest = heap.pop() {
      if smallest.area > epsilon { break }
      let i = smallest.index
      guard !removed[i], left[i] == smallest.left, right[i] == smallest.right else { continue }
      removed[i] = true
      let l = left[i]
      let r = right[i]
      right[l] = r
      left[r] = l
      for j in [l, r] where j > 0 && j < count - 1 {
        heap.push(.init(area: area(left[j], j, right[j]), index: j, left: left[j], right: right[j]))
      }
    }
    return removed.indices.filter { !removed[$0] }
  }

  /// The series simplified by Visvalingam–Whyatt at area tolerance `epsilon`.
  public func simplifiedVisvalingamWhyatt(epsilon: Double) throws(ResamplingError) -> SampleBuffer {
    selecting(try visvalingamWhyattIndices(epsilon: epsilon))
  }
}
