import Foundation

/// A thread that watches the input in flight and, when one has used more than `limit` seconds of
/// processor time (or ten times that of wall time, for an input that blocks), hands it to
/// `onHang` (which `Scripts/fuzz` uses to save it and end the process).
///
/// Processor time rather than wall time, so that a machine busy with other work does not make
/// a fast input look hung: the watchdog samples the process's user and system time
/// (`/proc/self/stat`, in ticks of 10 ms) every 50 ms and adds up what was used while the same
/// input stayed in flight. Where `/proc` is absent, wall time alone counts.
public final class FuzzWatchdog: @unchecked Sendable {
  private let lock = NSLock()
  private var generation = 0
  private var index = 0
  private var input: [UInt8] = []
  private var inFlight = false
  private var stopped = false

  /// Starts watching: `onHang` runs on the watchdog's thread with the index and bytes of an
  /// input that has run too long, once.
  public init(limit: Double, onHang: @escaping @Sendable (Int, [UInt8]) -> Void) {
    Thread.detachNewThread { [self] in
      var watched = -1
      var processor = 0.0
      var wall = 0.0
      var lastProcessor = Self.processorSeconds()
      while !lock.withLock({ stopped }) {
        Thread.sleep(forTimeInterval: 0.05)
        let now = Self.processorSeconds()
        let used = now.flatMap { now in lastProcessor.map { now - $0 } }
        lastProcessor = now
        let hung: (Int, [UInt8])? = lock.withLock {
          guard inFlight else { return nil }
          if generation != watched {
            (watched, processor, wall) = (generation, 0, 0)
            return nil
          }
          wall += 0.05
          processor += used ?? 0.05
          guard processor > limit || wall > 10 * limit else { return nil }
          inFlight = false
          return (index, input)
        }
        if let hung { onHang(hung.0, hung.1) }
      }
    }
  }

  /// The process's user and system time in seconds, when `/proc/self/stat` tells it.
  static func processorSeconds() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return nil }
    // After the command name: state, then fields 4 … 13, then utime and stime (fields 14, 15).
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return nil
    }
    return (user + system) / 100
  }

  /// Marks the start of input `index`.
  public func begin(_ index: Int, _ input: [UInt8]) {
    lock.withLock {
      self.index = index
      self.input = input
      generation += 1
      inFlight = true
    }
  }

  /// Marks its end.
  public func end() { lock.withLock { inFlight = false } }

  /// Ends the watching thread.
  public func stop() { lock.withLock { stopped = true } }
}
