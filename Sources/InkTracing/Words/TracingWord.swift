import Foundation
import OpenPencilKit

/// A word or a name to trace or copy: the library's letter and digit templates set side by side
/// on one line, each letter keeping its own box, so that an attempt is judged letter by letter.
///
/// Letters are spaced by their ink: each letter's box is moved so that its strokes start
/// ``spacing`` box heights after the previous letter's strokes end (a space is a gap of
/// ``wordSpace``), as a child leaves a finger's width between letters.
///
/// ```swift
/// let word = try TracingWord(text: "cat", library: .bundled)
/// let report = try TracingScorer().report(drawing, against: word)
/// report.letters.map(\.score)
/// ```
public struct TracingWord: Hashable, Sendable {
  /// One letter of the word: its template (in its own box) and where that box stands on the
  /// word's line.
  public struct Letter: Hashable, Sendable {
    /// The character.
    public var character: Character
    /// The letter's template, in its own box.
    public var template: TracingTemplate
    /// How far (box units) the letter's box is moved right on the word's line.
    public var offset: Double
  }

  /// The text.
  public var text: String
  /// The letters, left to right (spaces leave no letter).
  public var letters: [Letter]
  /// Box heights between one letter's ink and the next's.
  public static let spacing = 0.12
  /// Box heights a space leaves.
  public static let wordSpace = 0.45

  /// The word of a text from a library: `a`–`z` are `latin/a`…, `A`–`Z` `latin/A`…, `0`–`9`
  /// `digits/0`…; spaces separate words.
  ///
  /// - Throws: ``TemplateLibraryError``: `missing` for a character the library has no template
  ///   for, `malformed` for a text without a letter.
  public init(text: String, library: TemplateLibrary) throws(TemplateLibraryError) {
    var letters: [Letter] = []
    var right = 0.0
    var gap = 0.0
    for character in text {
      if character == " " {
        gap += Self.wordSpace
        continue
      }
      guard let name = Self.templateName(of: character) else {
        throw TemplateLibraryError(
          .missing, "no template for '\(character)': a word is made of letters a–z, A–Z and digits")
      }
      let template = try library.template(named: name)
      let unit = template.box.height > 0 ? Double(template.box.height) : 100
      let xs = template.strokes.flatMap(\.points).map { Double($0.x) }
      let (left, width) = (xs.min() ?? 0, (xs.max() ?? 0) - (xs.min() ?? 0))
      let offset = letters.isEmpty ? 0 : right + (gap + Self.spacing) * unit - left
      letters.append(Letter(character: character, template: template, offset: offset))
      right = offset + left + width
      gap = 0
    }
    guard !letters.isEmpty else {
      throw TemplateLibraryError(.malformed, "the word has no letter")
    }
    self.text = text
    self.letters = letters
  }

  /// The library name of a character's template, or `nil`.
  static func templateName(of character: Character) -> String? {
    guard character.isASCII, let scalar = character.unicodeScalars.first else { return nil }
    switch scalar.value {
    case 0x61...0x7A, 0x41...0x5A: return "latin/\(character)"
    case 0x30...0x39: return "digits/\(character)"
    default: return nil
    }
  }

  /// The whole word as one template on its line: every letter's strokes moved by its offset, in
  /// a box as high as a letter's and as wide as the word.
  public var template: TracingTemplate {
    let first = letters[0].template
    let strokes = letters.flatMap { letter in
      letter.template.strokes.map { stroke in
        var moved = stroke
        moved.points = stroke.points.map { CGPoint(x: $0.x + letter.offset, y: $0.y) }
        moved.checkpoints = stroke.checkpoints.map {
          var checkpoint = $0
          checkpoint.x += letter.offset
          return checkpoint
        }
        return moved
      }
    }
    let last = letters[letters.count - 1]
    let box = CGRect(
      x: first.box.minX, y: first.box.minY,
      width: last.template.box.maxX + last.offset - first.box.minX, height: first.box.height)
    return TracingTemplate(
      name: "word/\(text)", description: "the word \(text)", orderSource: first.orderSource,
      box: box, guides: first.guides, strokes: strokes)
  }
}
