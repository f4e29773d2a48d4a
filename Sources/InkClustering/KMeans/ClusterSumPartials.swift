import Dispatch
import InkMath

/// The partial ``ClusterSums`` of a fixed number of chunks of the points, each chunk summed into
/// its own buffers (by one thread at a time), then added in chunk order so that the total does
/// not depend on the threads' timing.
final class ClusterSumPartials: @unchecked Sendable {
  /// The number of chunks.
  let chunks: Int
  /// `k`.
  let clusterCount: Int
  /// `d`.
  let dimension: Int
  /// `chunks × k × d` sums.
  private let sums: UnsafeMutablePointer<Double>
  /// `chunks × k` counts.
  private let counts: UnsafeMutablePointer<Int>

  /// Zeroed partials of `chunks` chunks.
  init(chunks: Int, clusterCount: Int, dimension: Int) {
    (self.chunks, self.clusterCount, self.dimension) = (chunks, clusterCount, dimension)
    sums = .allocate(capacity: max(1, chunks * clusterCount * dimension))
    sums.initialize(repeating: 0, count: max(1, chunks * clusterCount * dimension))
    counts = .allocate(capacity: max(1, chunks * clusterCount))
    counts.initialize(repeating: 0, count: max(1, chunks * clusterCount))
  }

  deinit {
    sums.deallocate()
    counts.deallocate()
  }

  /// The buffers of one chunk.
  struct Chunk: @unchecked Sendable {
    fileprivate let sums: UnsafeMutablePointer<Double>
    fileprivate let counts: UnsafeMutablePointer<Int>
    fileprivate let dimension: Int

    /// Adds the points `rows`, in order, to the sums of their clusters `labels[i]`.
    func add(_ points: Matrix, rows: Range<Int>, labels: UnsafePointer<Int>) {
      let d = dimension
      points.elements.withUnsafeBufferPointer { x in
        for i in rows {
          let (row, target) = (x.baseAddress! + i * d, sums + labels[i] * d)
          counts[labels[i]] += 1
          for c in 0..<d { target[c] += row[c] }
        }
      }
    }
  }

  /// Calls `body` with each chunk's number and buffers: on all cores, or one after the other.
  func forEachChunk(serially: Bool, _ body: @Sendable (Int, Chunk) -> Void) {
    if serially {
      for index in 0..<chunks { body(index, chunk(index)) }
    } else {
      DispatchQueue.concurrentPerform(iterations: chunks) { body($0, chunk($0)) }
    }
  }

  /// The buffers of chunk `index`.
  private func chunk(_ index: Int) -> Chunk {
    let (k, d) = (clusterCount, dimension)
    return Chunk(sums: sums + index * k * d, counts: counts + index * k, dimension: d)
  }

  /// The chunks' sums and counts added in chunk order.
  func total() -> ClusterSums {
    let (k, d) = (clusterCount, dimension)
    var total = ClusterSums(
      sums: Array(UnsafeBufferPointer(start: sums, count: k * d)),
      counts: Array(UnsafeBufferPointer(start: counts, count: k)))
    for chunk in 1..<max(chunks, 1) {
      for j in 0..<(k * d) { total.sums[j] += sums[chunk * k * d + j] }
      for j in 0..<k { total.counts[j] += counts[chunk * k + j] }
    }
    return total
  }
}
