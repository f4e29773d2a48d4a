/// A mutable buffer that parallel loop bodies may share because each writes only its own,
/// disjoint range of indices.
///
/// It is `@unchecked Sendable`: the compiler cannot see the disjointness, so the caller promises
/// it (as with ``ParallelLoop/forEachChunk(of:chunksPerCore:minimumChunkSize:_:)``, whose chunks
/// never overlap) and keeps the underlying storage alive for the loop's duration.
public struct DisjointWriteBuffer<Element>: @unchecked Sendable {
  /// The first element.
  public let baseAddress: UnsafeMutablePointer<Element>
  /// The number of elements.
  public let count: Int

  /// Wraps `buffer`, which must outlive every use of the box. An empty buffer gets a dangling
  /// but never dereferenced address.
  public init(_ buffer: UnsafeMutableBufferPointer<Element>) {
    baseAddress =
      buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
    count = buffer.count
  }

  /// The element at `index` (unchecked beyond a debug-build assertion).
  public subscript(index: Int) -> Element {
    get { baseAddress[index] }
    nonmutating set { baseAddress[index] = newValue }
  }
}
