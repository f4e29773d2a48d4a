import DuctusTestSupport
import Foundation
import InkTracing
import OpenPencilKit
import Testing

/// Words: letters set side by side by their ink, and attempts judged letter by letter.
@Suite("Tracing words")
struct TracingWordTests {
  /// Synthetic attempts of each letter, moved onto the word's line (and then by `transform`).
  static func attempt(
    of word: TracingWord, seed: UInt64, defects: [Int: [TraceDefect]] = [:],
    transform: CGAffineTransform = .identity
  ) -> PKDrawing {
    var synthesizer = TraceSynthesizer(seed: seed)
    var strokes: [PKStroke] = []
    for (k, letter) in word.letters.enumerated() {
      let drawing = synthesizer.attempt(of: letter.template, defects: defects[k] ?? []).drawing
      for var stroke in drawing.strokes {
        stroke.transform = stroke.transform.concatenating(
          CGAffineTransform(translationX: letter.offset, y: 0)
        ).concatenating(transform)
        strokes.append(stroke)
      }
    }
    return PKDrawing(strokes: strokes)
  }

  @Test func lettersStandSideBySideByTheirInk() throws {
    let word = try TracingWord(text: "cat", library: .bundled)
    #expect(word.letters.map(\.template.name) == ["latin/c", "latin/a", "latin/t"])
    #expect(word.letters[0].offset == 0)
    for (previous, next) in zip(word.letters, word.letters.dropFirst()) {
      let right = previous.template.strokes.flatMap(\.points).map(\.x).max()! + previous.offset
      let left = next.template.strokes.flatMap(\.points).map(\.x).min()! + next.offset
      #expect(abs((left - right) - TracingWord.spacing * 100) < 1e-9)
    }
    let line = word.template
    #expect(line.strokes.count == word.letters.reduce(0) { $0 + $1.template.strokes.count })
    #expect(line.box.height == 100)
    let spaced = try TracingWord(text: "a a", library: .bundled)
    let tight = try TracingWord(text: "aa", library: .bundled)
    #expect(
      abs(spaced.letters[1].offset - tight.letters[1].offset - TracingWord.wordSpace * 100) < 1e-9)
    #expect(throws: TemplateLibraryError.self) { try TracingWord(text: "ça", library: .bundled) }
    #expect(throws: TemplateLibraryError.self) { try TracingWord(text: " ", library: .bundled) }
  }

  @Test func aCleanWordScoresWellLetterByLetter() throws {
    let word = try TracingWord(text: "cat", library: .bundled)
    let drawing = Self.attempt(of: word, seed: 4)
    let boxed = try TracingScorer(placement: .box).report(drawing, against: word)
    #expect(boxed.letters.count == 3)
    #expect(boxed.attemptStrokes.map(\.count) == [1, 1, 2])
    for letter in boxed.letters {
      #expect(letter.codes == [.ok], "\(letter.template): \(letter.codes)")
      #expect(letter.score >= 90)
    }
    #expect(boxed.verdict == .excellent && boxed.stars == 3)
    // Drawn bigger elsewhere on the canvas: fit finds the same letters.
    let moved = Self.attempt(
      of: word, seed: 4, transform: CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 200, ty: 50))
    let fitted = try TracingScorer(placement: .fit).report(moved, against: word)
    #expect(fitted.attemptStrokes == boxed.attemptStrokes)
    #expect(fitted.letters.allSatisfy { $0.codes == [.ok] }, "\(fitted.letters.map(\.codes))")
  }

  @Test func aDefectInOneLetterStaysInThatLetter() throws {
    let word = try TracingWord(text: "cat", library: .bundled)
    let drawing = Self.attempt(of: word, seed: 6, defects: [2: [.reversed(stroke: 2)]])
    let report = try TracingScorer(placement: .box).report(drawing, against: word)
    #expect(report.letters[0].codes == [.ok] && report.letters[1].codes == [.ok])
    #expect(report.letters[2].strokes[1].codes.contains(.reversed))
    #expect(report.stars < 3)
    #expect(report.score < (report.letters[0].score + report.letters[1].score) / 2)
  }
}
