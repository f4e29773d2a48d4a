/// A binary min-heap of Visvalingam–Whyatt triangles ordered by area, then by index so that
/// ties break the same way on every run.
struct TriangleHeap {
  /// One candidate removal: a sample and the neighbours its area was computed with.
  struct Triangle {
    var area: Double
    var index: Int
    var left: Int
    var right: Int

    func precedes(_ other: Triangle) -> Bool {
      area != other.area ? area < other.area : index < other.index
    }
  }

  private var items: [Triangle] = []

  mutating func push(_ triangle: Triangle) {
    items.append(triangle)
    var child = items.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard items[child].precedes(items[parent]) else { break }
      items.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop() -> Triangle? {
    guard !items.isEmpty else { return nil }
    items.swapAt(0, items.count - 1)
    let top = items.removeLast()
    var parent = 0
    while true {
      let l = 2 * parent + 1
      let r = l + 1
      var best = parent
      if l < items.count, items[l].precedes(items[best]) { best = l }
      if r < items.count, items[r].precedes(items[best]) { best = r }
      if best == parent { break }
      items.swapAt(parent, best)
      parent = best
    }
    return top
  }
}
