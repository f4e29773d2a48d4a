import Foundation
import InkFormats
import InkShapes

/// The protocol by which the shape recognizer is judged on the real data of `../shared`: which
/// records are targets, the kinds each is right as, and which half (tuning or held out) each
/// record belongs to. `DuctusBench evaluate-shapes` and the tests of `InkShapesTests` share it.
public enum ShapeDataProtocol {
  /// The kinds each $1 gesture is right as (by ``ShapeLabel``); the gestures not listed (v, x,
  /// the brackets and braces, pigtail, question mark) are no target.
  public static let dollarKinds = kinds(
    of: ["circle", "rectangle", "triangle", "star", "arrow", "check", "caret", "delete_mark"])
  /// The kinds each Quick, Draw! shape category is right as (by ``ShapeLabel``; `squiggle` and
  /// the objects are no target).
  public static let quickDrawKinds = kinds(
    of: ["circle", "square", "triangle", "line", "hexagon", "octagon", "star", "diamond", "zigzag"])

  /// The kinds ``ShapeLabel`` gives each of some labels.
  static func kinds(of labels: [String]) -> [String: Set<ShapeKind>] {
    Dictionary(uniqueKeysWithValues: labels.map { ($0, ShapeLabel.kinds(for: $0) ?? []) })
  }
  /// The small letters that are a shape when drawn alone, left out of the letters' figure: c
  /// (an arc), i and l (a line), o (a circle), v (a check or caret), w and z (zigzags).
  public static let shapeLetters: Set<String> = ["c", "i", "l", "o", "v", "w", "z"]

  /// Whether a $1 record tunes: subjects 1–5 (the pilot, s01, included) tune, 6–11 are held out.
  public static func dollarTunes(_ record: CorpusRecord) -> Bool {
    (Int(record.metadata["subject"] ?? "") ?? 0) <= 5
  }

  /// Whether a Quick, Draw! record tunes. Every `key_id` of `quickdraw-dev` is an odd multiple
  /// of 2²¹, so its parity splits nothing; the lowest bit that varies, `key_id >> 22`, splits
  /// instead: even tunes, odd is held out.
  public static func quickDrawTunes(_ record: CorpusRecord) -> Bool {
    ((UInt64(record.key) ?? 0) >> 22) & 1 == 0
  }

  /// Whether a record of the Drawn Shapes Dataset tunes: the drawings of its first day,
  /// 2019-09-06 (1,781 of 3,045), tune; those of 8–10 September are held out. The dataset
  /// names no writer; its days are the nearest thing to sessions.
  public static func drawnShapesTunes(_ record: CorpusRecord) -> Bool {
    record.metadata["day"] == "2019-09-06"
  }

  /// The UNIPEN writers that tune: the first five of the writers sorted by name (the rest are
  /// held out).
  public static func tuningWriters(in folder: URL) throws -> Set<String> {
    var reader = try InkFileFormat.openCorpus(at: folder)
    var writers: Set<String> = []
    while let record = try reader.next() { writers.insert(record.metadata["writer"] ?? "") }
    return Set(writers.sorted().prefix(5))
  }
}

extension ShapeDataProtocol {
  /// Whether a record's answers are right: a letter when no answer is a shape; a shape when the
  /// strokes make one group answered as one of the kinds `expected`.
  public static func isRight(
    _ shapes: [DetectedShape], expected: Set<ShapeKind>, isLetter: Bool
  ) -> Bool {
    ShapeEvaluationTally.isRight(shapes, expected: isLetter ? [.none] : expected)
  }
}
