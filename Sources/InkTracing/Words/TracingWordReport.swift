/// The report of a word: one ``TracingReport`` a letter, and the word's score, stars and verdict.
public struct TracingWordReport: Hashable, Sendable, Codable {
  /// The report format's version.
  public var version: Int = 1
  /// The word (or name) as given.
  public var word: String
  /// The mean of the letters' scores, capped as an attempt's is (``TracingVerdict``): at most a
  /// tenth below the top star when a letter has a faulted stroke.
  public var score: Double
  /// 0–3.
  public var stars: Int
  /// The stars in words.
  public var verdict: TracingVerdict
  /// The level's name.
  public var level: String
  /// The language of the messages.
  public var language: String
  /// The letters' reports, left to right; each letter's strokes are the attempt strokes that
  /// lie over it.
  public var letters: [TracingReport]
  /// The attempt strokes of each letter, by index in the attempt.
  public var attemptStrokes: [[Int]]
}
