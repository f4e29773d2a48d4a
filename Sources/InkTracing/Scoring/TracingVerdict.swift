/// The word a tracing report gives a stroke or a whole attempt, on one scale with the stars.
///
/// A score falls in a band of its level's star thresholds `[t1, t2, t3]`: three stars are
/// ``excellent``, two ``good``, one ``keepPractising`` and none ``tryAgain``. The codes cap the
/// score before the band is read, so that the words, the stars and the codes cannot disagree:
///
/// | What the stroke (or attempt) has | Its score is at most | So its word is at best |
/// | --- | --- | --- |
/// | only `ok` | 100 | excellent |
/// | a minor code (`bad_start`, `wobbly` …) | `t3 − 0.1` | good |
/// | a major code (`shape`, `off_path`, `too_short` …) | `t2 − 0.1` | keep practising |
///
/// An attempt with a major code or `wrong_order` on any of its strokes, an extra stroke or a
/// missing one is capped at `t3 − 0.1`: three stars say that every stroke is right.
/// ``missing`` and ``extra`` name strokes that have no partner and are never an attempt's word.
public enum TracingVerdict: String, Hashable, Sendable, Codable, CaseIterable {
  /// Three stars: nothing to correct.
  case excellent
  /// Two stars: right, with a hint to do better.
  case good
  /// One star: a mistake to work on.
  case keepPractising = "keep_practising"
  /// No star: start this one again.
  case tryAgain = "try_again"
  /// A stroke of the template that was not drawn.
  case missing
  /// A stroke that is not part of the template.
  case extra

  /// The verdict of a score at a level: the band of its stars.
  public init(score: Double, level: TracingLevel) {
    switch level.stars(for: score) {
    case 3...: self = .excellent
    case 2: self = .good
    case 1: self = .keepPractising
    default: self = .tryAgain
    }
  }

  /// The words a report prints, in English (`keep practising`); the catalogs have them in
  /// other languages.
  public var words: String { TracingMessageCatalog.english.words(self) }
}
