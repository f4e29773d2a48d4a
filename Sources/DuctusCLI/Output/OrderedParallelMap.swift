import Foundation
import Synchronization
import _DuctusSupport

/// Transforms a stream of inputs on several threads and hands the results back in input
/// order, holding at most two windows of inputs in memory (`-j/--jobs N`).
///
/// Inputs are read on the calling thread a window at a time and each window is transformed by
/// `jobs` workers (`DispatchQueue.concurrentPerform`, each worker taking the next input not yet
/// taken, so that a slow input does not hold up the inputs after it on the same worker); while
/// the workers transform one window, the calling thread reads the next one and emits the results
/// of the one before, in order. With one job everything happens on the calling thread, an input
/// at a time. A failing input yields a `.failure` in its place; the others carry on.
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
  /// zero-based input index to `emit`, in input order. `next` and `emit` are called on the
  /// calling thread only.
  ///
  /// - Throws: whatever `emit` throws; transform errors go to `emit` as failures.
  package func run<Input: Sendable, Output: Sendable>(
    next: () -> Input?,
    transform: @escaping @Sendable (Input) throws -> Output,
    emit: (Int, Result<Output, any Error>) throws -> Void
  ) throws {
    guard jobs > 1 else {
      var index = 0
      while let input = next() {
        try emit(index, Result { try transform(input) })
        index += 1
      }
      return
    }
    var firstIndex = 0
    var window = read(next)
    guard !window.isEmpty else { return }
    var running = Transformation(window, transform: transform, workers: min(jobs, window.count))
    defer { running.wait() }
    while true {
      let following = window.count < windowSize ? [] : read(next)
      let results = running.results()
      if !following.isEmpty {
        running = Transformation(
          following, transform: transform, workers: min(jobs, following.count))
      }
      for (offset, result) in results.enumerated() {
        try emit(firstIndex + offset, result)
      }
      firstIndex += window.count
      guard !following.isEmpty else { return }
      window = following
    }
  }

  /// Up to one window of inputs.
  private func read<Input>(_ next: () -> Input?) -> [Input] {
    var window: [Input] = []
    window.reserveCapacity(windowSize)
    while window.count < windowSize, let input = next() { window.append(input) }
    return window
  }

  /// One window being transformed in the background by `workers` workers.
  private final class Transformation<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let slots: ResultSlots<Output>
    private let done = DispatchGroup()
    private var collected = false

    init(
      _ window: [Input], transform: @escaping @Sendable (Input) throws -> Output, workers: Int
    ) {
      let slots = ResultSlots<Output>(count: window.count)
      self.slots = slots
      DispatchQueue.global().async(group: done) {
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
          while let index = slots.claim() {
            slots.store(Result { try transform(window[index]) }, at: index)
          }
        }
      }
    }

    /// Waits until every input is transformed.
    func wait() {
      if !collected { done.wait() }
    }

    /// The results in input order, once every input is transformed.
    func results() -> [Result<Output, any Error>] {
      wait()
      collected = true
      return slots.results()
    }
  }

  /// The results of one window, written by the workers into disjoint slots of one allocation,
  /// each slot claimed by exactly one worker.
  private final class ResultSlots<Output>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result<Output, any Error>?>
    private let count: Int
    private let claimed = Atomic<Int>(0)

    init(count: Int) {
      self.count = count
      slots = .allocate(capacity: count)
      slots.initialize(repeating: nil, count: count)
    }

    deinit {
      slots.deinitialize(count: count)
      slots.deallocate()
    }

    /// The index of a slot no worker has claimed yet, or `nil` when all are claimed.
    func claim() -> Int? {
      let index = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
      return index < count ? index : nil
    }

    /// Stores a result in a slot this worker claimed.
    func store(_ result: Result<Output, any Error>, at index: Int) { slots[index] = result }

    /// The results, once every worker is done.
    func results() -> [Result<Output, any Error>] { (0..<count).map { slots[$0]! } }
  }
}
