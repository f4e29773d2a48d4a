import Foundation
import _DuctusSupport

/// Transforms a stream of inputs on several threads and hands the results back in input
/// order, holding at most one window of inputs in memory (`-j/--jobs N`).
///
/// Inputs are read on the calling thread a window at a time, the window is transformed with
/// `DispatchQueue.concurrentPerform` (worker `w` of `jobs` takes the inputs `w`, `w + jobs`, …),
/// and the results are emitted in order before the next window is read. A failing input yields
/// a `.failure` in its place; the others carry on.
///
/// ```swift
/// try OrderedParallelMap(jobs: 4).run(next: { reader.next() }, transform: score) { index, result in
///   try write(result.get())
/// }
/// ```
package struct OrderedParallelMap: Sendable {
  /// How many threads transform at once.
  package var jobs: Int
  /// How many inputs are read before transforming them.
  package var windowSize: Int

  /// Creates a map with `jobs` threads and a window of `16 × jobs` inputs.
  package init(jobs: Int, windowSize: Int? = nil) {
    precondition(jobs > 0, "jobs must be positive")
    self.jobs = jobs
    self.windowSize = max(windowSize ?? jobs * 16, 1)
  }

  /// Reads inputs until `next` returns `nil`, transforms them and passes each result with its
  /// zero-based input index to `emit`, in input order.
  ///
  /// - Throws: whatever `emit` throws; transform errors go to `emit` as failures.
  package func run<Input: Sendable, Output: Sendable>(
    next: () -> Input?,
    transform: @escaping @Sendable (Input) throws -> Output,
    emit: (Int, Result<Output, any Error>) throws -> Void
  ) throws {
    var firstIndex = 0
    var exhausted = false
    while !exhausted {
      var window: [Input] = []
      window.reserveCapacity(windowSize)
      while window.count < windowSize {
        guard let input = next() else {
          exhausted = true
          break
        }
        window.append(input)
      }
      for (offset, result) in transformAll(window, transform).enumerated() {
        try emit(firstIndex + offset, result)
      }
      firstIndex += window.count
    }
  }

  private func transformAll<Input: Sendable, Output: Sendable>(
    _ window: [Input], _ transform: @escaping @Sendable (Input) throws -> Output
  ) -> [Result<Output, any Error>] {
    let workers = min(jobs, window.count)
    guard workers > 1 else { return window.map { input in Result { try transform(input) } } }
    let slots = ResultSlots<Output>(count: window.count)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for index in stride(from: worker, to: window.count, by: workers) {
        slots.store(Result { try transform(window[index]) }, at: index)
      }
    }
    return slots.results()
  }

  /// The results of one window, written by the workers into disjoint slots of one allocation.
  private final class ResultSlots<Output>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result<Output, any Error>?>
    private let count: Int

    init(count: Int) {
      self.count = count
      slots = .allocate(capacity: count)
      slots.initialize(repeating: nil, count: count)
    }

    deinit {
      slots.deinitialize(count: count)
      slots.deallocate()
    }

    /// Stores a result; each index is written by exactly one worker.
    func store(_ result: Result<Output, any Error>, at index: Int) { slots[index] = result }

    /// The results, once every worker is done.
    func results() -> [Result<Output, any Error>] { (0..<count).map { slots[$0]! } }
  }
}
