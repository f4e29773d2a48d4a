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
/// Every window ends in a barrier (the workers wait for its slowest input, the calling thread
/// for the workers), whose cost — waking threads, which in a virtual machine takes up to a
/// millisecond — is paid once a window. So the window starts at `16 × jobs` inputs and doubles,
/// up to `256 × jobs`, while a window's round takes less than ``targetWindowDuration``, and
/// halves again (down to `16 × jobs`) when one takes more than four times that: cheap inputs (a
/// Quick, Draw! doodle's shapes, in some 0.3 ms) go in large windows, expensive ones (a
/// page-sized drawing) in small ones. Measured with `ductus shapes detect -j 2` on 30,000 Quick,
/// Draw! drawings, two cores, three alternating runs: fixed windows of 32 kept the cores 71%
/// busy (3.2–3.5 s), growing ones 93% (2.3–2.4 s); on 100,000, 9.5–9.8 s against 7.5 s.
///
/// ```swift
/// try OrderedParallelMap(jobs: 4).run(next: { reader.next() }, transform: score) { index, result in
///   try write(result.get())
/// }
/// ```
package struct OrderedParallelMap: Sendable {
  /// How many threads transform at once.
  package let jobs: Int
  /// How many inputs the first window holds.
  package let windowSize: Int
  /// How many inputs a window may grow to (at least ``windowSize``).
  package let maximumWindowSize: Int

  /// A window whose round (from handing it to the workers until they are done with it and the
  /// calling thread has read the next window and emitted the previous one's results) took less
  /// than this is followed by one twice as large (up to ``maximumWindowSize``), one that took
  /// more than four times as long by one half as large (down to ``windowSize``); the size read
  /// next is decided before the window in flight is done, so a change shows a window later.
  package static let targetWindowDuration: Duration = .milliseconds(50)

  /// Creates a map with `jobs` threads and windows that start at `16 × jobs` inputs and grow up
  /// to `256 × jobs`, or that hold `windowSize` inputs each when it is given.
  package init(jobs: Int, windowSize: Int? = nil) {
    precondition(jobs > 0, "jobs must be positive")
    self.jobs = jobs
    self.windowSize = max(windowSize ?? jobs * 16, 1)
    self.maximumWindowSize = max(windowSize ?? jobs * 256, 1)
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
    var size = windowSize
    var window = read(next, count: size)
    guard !window.isEmpty else { return }
    // `window` ends the input when it came back shorter than the count asked for.
    var asked = size
    let clock = ContinuousClock()
    var started = clock.now
    var running = Transformation(window, transform: transform, workers: min(jobs, window.count))
    defer { running.wait() }
    while true {
      let following = window.count < asked ? [] : read(next, count: size)
      asked = size
      let results = running.results()
      let took = clock.now - started
      if took < Self.targetWindowDuration {
        size = min(size * 2, maximumWindowSize)
      } else if took > Self.targetWindowDuration * 4 {
        size = max(size / 2, windowSize)
      }
      if !following.isEmpty {
        started = clock.now
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

  /// Up to `count` inputs.
  private func read<Input>(_ next: () -> Input?, count: Int) -> [Input] {
    var window: [Input] = []
    window.reserveCapacity(count)
    while window.count < count, let input = next() { window.append(input) }
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
