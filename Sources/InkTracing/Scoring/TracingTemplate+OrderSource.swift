import InkDistances
import InkRecognition
import InkSampling
import OpenPencilKit

extension TracingTemplate {
  /// Where a template's stroke order and direction come from, so that a report can say how far
  /// to trust an order or direction error.
  public enum OrderSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// The order and direction children are taught (the project's authored library).
    case taught
    /// KanjiVG's stroke order (Ulrich Apel), the standard order for kana and kanji.
    case kanjiVG
    /// The order and direction a font or a drawing happens to use, not a taught one (Hershey
    /// glyphs, drawings made on an iPad): order and direction errors are reported as warnings.
    case asDrawn
  }
}
