import _DuctusSupport
import Foundation

/// A one-line progress display on standard error (`inspect: 1200/5000 24% 830/s`), redrawn at
/// most ten times a second.
///
/// It shows only when standard error is a terminal and `--quiet` was not given; otherwise every
/// call does nothing, so commands call it unconditionally. Safe to advance from several threads.
package final class ProgressReporter: Sendable {
  private struct State {
    var done = 0
    var lastDraw: ContinuousClock.Instant?
    var isDrawn = false
  }

  private let label: String
  private let total: Int?
  private let isEnabled: Bool
  private let start = ContinuousClock.now
  private let state = Locked(State())

  /// Creates a reporter; `total` is the number of units when known.
  package init(label: String, total: Int?, context: CommandContext, quiet: Bool) {
    self.label = label
    self.total = total
    self.isEnabled = context.errorIsTerminal && !quiet
  }

  /// Counts finished units and redraws when a tenth of a second has passed.
  package func advance(by count: Int = 1) {
    guard isEnabled else { return }
    let now = ContinuousClock.now
    let line: String? = state.withLock { state in
      state.done += count
      if let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
      state.lastDraw = now
      state.isDrawn = true
      return describe(done: state.done, at: now)
    }
    if let line { Platform.writeToStandardError("\r\u{1B}[K" + line) }
  }

  /// Clears the line.
  package func finish() {
    guard isEnabled else { return }
    let wasDrawn = state.withLock { state in
      defer { state.isDrawn = false }
      return state.isDrawn
    }
    if wasDrawn { Platform.writeToStandardError("\r\u{1B}[K") }
  }

  private func describe(done: Int, at now: ContinuousClock.Instant) -> String {
    let elapsed = now - start
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Self.line(label: label, done: done, total: total, seconds: seconds)
  }

  /// The progress line: `label: done/total percent% rate/s`, or `label: done rate/s` without a
  /// total.
  static func line(label: String, done: Int, total: Int?, seconds: Double) -> String {
    let rate = seconds > 0 ? Int((Double(done) / seconds).rounded()) : 0
    guard let total, total > 0 else { return "\(label): \(done) \(rate)/s" }
    return "\(label): \(done)/\(total) \(done * 100 / total)% \(rate)/s"
  }
}
