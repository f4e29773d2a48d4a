import Foundation
import _DuctusSupport

/// A one-line progress display on standard error, redrawn at most ten times a second, and a
/// one-line summary when the work is done:
///
/// ```text
/// inspect: 1200/5000 24% 830/s 5 s left
/// inspect: 5000 records, 2 failed, 6.1 s
/// ```
///
/// It shows only when standard error is a terminal and `--quiet` was not given; otherwise every
/// call does nothing, so commands call it unconditionally. Safe to advance from several threads.
package final class ProgressReporter: Sendable {
  private struct State {
    var done = 0
    var lastDraw: ContinuousClock.Instant?
    var isDrawn = false
    var isFinished = false
  }

  private let label: String
  private let total: Int?
  private let isEnabled: Bool
  private let start = ContinuousClock.now
  private let state = Locked(State())

  /// Creates a reporter; `total` is the number of records when known.
  package init(label: String, total: Int?, context: CommandContext, quiet: Bool) {
    self.label = label
    self.total = total
    self.isEnabled = Self.isShown(errorIsTerminal: context.errorIsTerminal, quiet: quiet)
  }

  /// Whether progress shows: on a terminal, without `--quiet`.
  static func isShown(errorIsTerminal: Bool, quiet: Bool) -> Bool { errorIsTerminal && !quiet }

  /// Counts finished records (failed ones included) and redraws when a tenth of a second has
  /// passed.
  package func advance(by count: Int = 1) {
    guard isEnabled else { return }
    let now = ContinuousClock.now
    let line: String? = state.withLock { state in
      guard !state.isFinished else { return nil }
      state.done += count
      if let last = state.lastDraw, now - last < .milliseconds(100) { return nil }
      state.lastDraw = now
      state.isDrawn = true
      return Self.line(
        label: label, done: state.done, total: total, seconds: Self.seconds(now - start))
    }
    if let line { Platform.writeToStandardError("\r\u{1B}[K" + line) }
  }

  /// Ends the display. With `failures` (the work is done), the line becomes the summary:
  /// records, failures and time; without (the command failed), it is cleared. Later calls do
  /// nothing, so a `defer { progress.finish() }` can back up the summary.
  package func finish(failures: Int? = nil) {
    guard isEnabled else { return }
    let now = ContinuousClock.now
    let (wasDrawn, done, isFirst): (Bool, Int, Bool) = state.withLock { state in
      defer {
        state.isDrawn = false
        state.isFinished = true
      }
      return (state.isDrawn, state.done, !state.isFinished)
    }
    guard isFirst else { return }
    var text = wasDrawn ? "\r\u{1B}[K" : ""
    if let failures {
      text +=
        Self.summary(
          label: label, done: done, failures: failures, seconds: Self.seconds(now - start))
        + "\n"
    }
    if !text.isEmpty { Platform.writeToStandardError(text) }
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  /// The progress line: `label: done/total percent% rate/s T left`, or `label: done rate/s`
  /// without a total.
  static func line(label: String, done: Int, total: Int?, seconds: Double) -> String {
    let rate = seconds > 0 ? Double(done) / seconds : 0
    let speed =
      rate >= 10 || rate == 0 ? "\(Int(rate.rounded()))/s" : String(format: "%.1f/s", rate)
    guard let total, total > 0 else { return "\(label): \(done) \(speed)" }
    var line = "\(label): \(done)/\(total) \(min(done, total) * 100 / total)% \(speed)"
    if rate > 0, done < total {
      line += " " + duration(Double(total - done) / rate) + " left"
    }
    return line
  }

  /// The summary line: `label: 5000 records, 2 failed, 6.1 s`.
  static func summary(label: String, done: Int, failures: Int, seconds: Double) -> String {
    "\(label): \(done) record\(done == 1 ? "" : "s"), \(failures) failed, \(duration(seconds))"
  }

  /// A duration for people: `0.4 s`, `12 s`, `3 min 20 s`, `2 h 5 min`.
  static func duration(_ seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "?" }
    if seconds < 10 { return String(format: "%.1f s", seconds) }
    let whole = Int(seconds.rounded())
    if whole < 60 { return "\(whole) s" }
    if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
    return "\(whole / 3600) h \(whole % 3600 / 60) min"
  }
}
