import InkSampling

extension TurningFunction {
  /// The smallest `min_θ ∫₀¹ (Θ_self(s + t) − Θ_other(s) − θ)² ds` over all shifts `t` of this
  /// closed curve's start, by a sweep over the critical shifts in increasing order.
  ///
  /// With `S(t) = ∫(Θ_self(s + t) − Θ_other(s))² ds` and `L(t) = ∫(Θ_self(s + t) − Θ_other(s)) ds
  /// = L(0) + T·t` (T the period turning), the quantity is `S(t) − L(t)²`. As `t` grows, each
  /// jump `J` of `Θ_self` slides left across the window and turns a sliver of value `g⁻` into
  /// `g⁺`, so `S′(t) = Σ J·(g⁺ + g⁻ − 2·Θ_other(s))` over the jumps, constant until a jump
  /// crosses a breakpoint of `Θ_other` (a critical shift). `S` is therefore piecewise linear and
  /// `S − L²` concave between critical shifts (Arkin et al. 1991), so the minimum is at one of
  /// them. Each jump's crossings come in order, so a min-heap of each jump's next crossing
  /// visits all `n·m` critical shifts in O(*n m* log *n*) time and O(*n* + *m*) memory, updating
  /// one term of the slope at each.
  func smallestVarianceOverShifts(against other: TurningFunction) -> Double {
    let period = periodTurning ?? 0
    let n = starts.count
    let m = other.starts.count
    let (linearAtZero, squaredAtZero) = differenceIntegrals(to: other, shift: 0)
    // Each jump k sits at s = position[k] − t in the window; its lap counts the periods added.
    let positions = starts.map { $0 > 0 ? $0 : 1 }
    var laps = starts.map { $0 > 0 ? 0.0 : 1.0 }
    var otherPieces = positions.map { position in
      var piece = 0
      while piece + 1 < m, other.starts[piece + 1] < position { piece += 1 }
      return piece
    }
    var crossings = [Int](repeating: 0, count: n)
    var wraps = [Int](repeating: 0, count: n)
    func slopeTerm(_ k: Int) -> Double {
      let after = angles[k] + laps[k] * period
      let before = k > 0 ? angles[k - 1] + laps[k] * period : angles[n - 1] + (laps[k] - 1) * period
      return (after - before) * (after + before - 2 * other.angles[otherPieces[k]])
    }
    /// The shift at which jump k meets the next breakpoint of `other` (the left end of its
    /// current piece, shifted by the periods it has wrapped), or nil once a period is done.
    func nextCrossing(_ k: Int) -> Double? {
      guard crossings[k] < m else { return nil }
      let shift = positions[k] - other.starts[otherPieces[k]] + Double(wraps[k])
      return shift < 1 ? shift : nil
    }
    var terms = (0..<n).map(slopeTerm)
    var slope = terms.reduce(0, +)
    var heap: [(shift: Double, jump: Int)] = []
    heap.reserveCapacity(n)
    func push(_ entry: (shift: Double, jump: Int)) {
      heap.append(entry)
      var child = heap.count - 1
      while child > 0, heap[(child - 1) / 2].shift > heap[child].shift {
        heap.swapAt(child, (child - 1) / 2)
        child = (child - 1) / 2
      }
    }
    func popMinimum() -> (shift: Double, jump: Int) {
      let top = heap[0]
      heap[0] = heap[heap.count - 1]
      heap.removeLast()
      var parent = 0
      while true {
        let left = 2 * parent + 1
        let right = left + 1
        var smallest = parent
        if left < heap.count, heap[left].shift < heap[smallest].shift { smallest = left }
        if right < heap.count, heap[right].shift < heap[smallest].shift { smallest = right }
        if smallest == parent { return top }
        heap.swapAt(parent, smallest)
        parent = smallest
      }
    }
    for k in 0..<n {
      if let shift = nextCrossing(k) { push((shift, k)) }
    }
    var best = squaredAtZero - linearAtZero * linearAtZero
    var squared = squaredAtZero
    var time = 0.0
    while !heap.isEmpty {
      let (shift, k) = popMinimum()
      squared += slope * (shift - time)
      time = shift
      let linear = linearAtZero + period * shift
      best = min(best, squared - linear * linear)
      if otherPieces[k] == 0 {
        // The jump leaves the window at s = 0 and comes back at s = 1, one period higher.
        otherPieces[k] = m - 1
        laps[k] += 1
        wraps[k] += 1
      } else {
        otherPieces[k] -= 1
      }
      crossings[k] += 1
      let term = slopeTerm(k)
      slope += term - terms[k]
      terms[k] = term
      if let next = nextCrossing(k) { push((next, k)) }
    }
    return best
  }
}
