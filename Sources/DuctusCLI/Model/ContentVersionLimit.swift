import OpenPencilKit
import _DuctusSupport

/// Makes a drawing showable on devices that know PencilKit content up to a version, as iPad
/// apps do before sending a drawing to an older device (`--max-content-version N`).
///
/// Each stroke whose ink is too new gets the ink's `olderSubstitute`, repeatedly (reed becomes
/// fountain pen, then pen), keeping colour and geometry. What a substitute cannot fix (barrel-roll
/// data, which needs version 3, or an ink type with no older stand-in) is refused, naming the
/// first stroke concerned.
package struct ContentVersionLimit: Hashable, Sendable {
  /// The newest content version the result may need.
  package var maximum: PKContentVersion

  /// Creates a limit.
  package init(_ maximum: PKContentVersion) { self.maximum = maximum }

  /// The drawing with inks substituted until every stroke fits the limit.
  ///
  /// - Throws: `CommandFailure` (exit 65) naming the first stroke that still needs more.
  package func apply(to drawing: PKDrawing) throws(CommandFailure) -> PKDrawing {
    var result = drawing
    for index in result.strokes.indices {
      var ink = result.strokes[index].ink
      while ink.inkType.requiredContentVersion > maximum,
        let older = ink.inkType.olderSubstitute
      {
        ink.inkType = older
      }
      result.strokes[index].ink = ink
      let needed = result.strokes[index].requiredContentVersion
      guard needed <= maximum else {
        let reason =
          ink.requiredContentVersion > maximum
          ? "ink '\(ink.inkType.name)' has no older substitute"
          : "it carries barrel-roll data"
        throw CommandFailure(
          .malformedInput,
          "stroke \(index + 1) needs content version \(needed.rawValue) (\(reason)), "
            + "above --max-content-version \(maximum.rawValue)")
      }
    }
    return result
  }
}
