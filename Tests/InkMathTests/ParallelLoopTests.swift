import InkMath
import Testing

@Suite("Parallel loops and BLAS threads")
struct ParallelLoopTests {
  @Test(arguments: [0, 1, 5, 97, 10_000])
  func chunksCoverEveryIndexExactlyOnce(count: Int) {
    var visits = [Int](repeating: 0, count: count + 3)
    visits.withUnsafeMutableBufferPointer { storage in
      let buffer = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: 3..<(count + 3), minimumChunkSize: 2) { range in
        for i in range { buffer[i] += 1 }
      }
    }
    #expect(visits.prefix(3).allSatisfy { $0 == 0 })
    #expect(visits.dropFirst(3).allSatisfy { $0 == 1 })
  }

  @Test func blasThreadCountCanBeSetAndRestored() {
    let original = BLASThreading.threadCount
    BLASThreading.setThreadCount(0)
    #expect(BLASThreading.threadCount == 1)
    BLASThreading.setThreadCount(original)
    #expect(BLASThreading.threadCount == original)
    #expect(BLASThreading.configuration.contains("OpenBLAS"))
  }
}
