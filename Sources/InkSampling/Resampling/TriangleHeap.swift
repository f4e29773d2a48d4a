/// A min-heap of Visvalingam–Whyatt triangles by area whose order among equal areas is that of
/// Rust's `std::collections::BinaryHeap`, on which the `geo` crate (and so the `simplification`
/// Python package) keeps its candidates.
///
/// Equal areas are common on integer tablet coordinates, and which of two equal triangles goes
/// first changes the result; building, pushing and popping with the same sift rules as Rust's
/// heap makes the choice the same. "Higher priority" below means a smaller area.
struct TriangleHeap {
  /// One candidate removal: a sample and the neighbours its area was computed with.
  struct Triangle {
    var area: Double
    var index: Int
    var left: Int
    var right: Int
  }

  private var items: [Triangle]

  /// A heap of the triangles, arranged as Rust's `BinaryHeap::from(vec)` arranges them.
  init(_ triangles: [Triangle]) {
    items = triangles
    var n = items.count / 2
    while n > 0 {
      n -= 1
      siftDown(n, end: items.count)
    }
  }

  // Rust's `a <= b` on the reversed order is `a.area >= b.area`, and so on.
  private func atMost(_ a: Triangle, _ b: Triangle) -> Bool { a.area >= b.area }
  private func below(_ a: Triangle, _ b: Triangle) -> Bool { a.area > b.area }

  private mutating func siftUp(from start: Int, _ position: Int) {
    let element = items[position]
    var hole = position
    while hole > start {
      let parent = (hole - 1) / 2
      if atMost(element, items[parent]) { break }
      items[hole] = items[parent]
      hole = parent
    }
    items[hole] = element
  }

  private mutating func siftDown(_ position: Int, end: Int) {
    let element = items[position]
    var hole = position
    var child = 2 * hole + 1
    while child + 1 < end {
      if atMost(items[child], items[child + 1]) { child += 1 }
      if !below(element, items[child]) {
        items[hole] = element
        return
      }
      items[hole] = items[child]
      hole = child
      child = 2 * hole + 1
    }
    if child == end - 1, below(element, items[child]) {
      items[hole] = items[child]
      hole = child
    }
    items[hole] = element
  }

  mutating func push(_ triangle: Triangle) {
    items.append(triangle)
    siftUp(from: 0, items.count - 1)
  }

  mutating func pop() -> Triangle? {
    guard var top = items.popLast() else { return nil }
    guard !items.isEmpty else { return top }
    swap(&top, &items[0])
    // Rust's sift_down_to_bottom: walk the hole to a leaf, then sift the element up.
    let end = items.count
    let element = items[0]
    var hole = 0
    var child = 1
    while child + 1 < end {
      if atMost(items[child], items[child + 1]) { child += 1 }
      items[hole] = items[child]
      hole = child
      child = 2 * hole + 1
    }
    if child == end - 1 {
      items[hole] = items[child]
      hole = child
    }
    items[hole] = element
    siftUp(from: 0, hole)
    return top
  }
}
