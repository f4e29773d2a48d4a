import Foundation
import InkTracing
import Testing

@Suite("Template ranking")
struct TemplateRankingTests {
  static let small = try! TemplateLibrary.bundled.forms(of: TemplateClass.small.templateNames)

  /// An offset is added to the elastic distance before sorting, and reported beside it.
  @Test func anOffsetMovesATemplateDownTheRanking() throws {
    let o = try TemplateLibrary.bundled.template(named: "latin/o")
    var synthesizer = TraceSynthesizer(seed: 3)
    let attempt = synthesizer.attempt(of: o).drawing
    let plain = try TemplateRanking(
      candidates: Self.small, scorer: TracingScorer(placement: .fit), criterion: .elastic
    ).rank(attempt)
    #expect(plain[0].template == "latin/o")
    #expect(plain.allSatisfy { $0.elasticOffset == 0 })
    let gap = plain[1].elastic - plain[0].elastic
    let pushed = try TemplateRanking(
      candidates: Self.small, scorer: TracingScorer(placement: .fit), criterion: .elastic,
      elasticOffsets: ["latin/o": gap + 0.01]
    ).rank(attempt)
    #expect(pushed[0].template == plain[1].template)
    #expect(pushed[1].template == "latin/o")
    #expect(pushed[1].elasticOffset == gap + 0.01)
    #expect(pushed[1].elastic == plain[0].elastic)
  }

  /// The shipped offsets: small letters only, on the learning grid (steps of 0.05 up to ±0.3),
  /// each naming a template of the class.
  @Test func theShippedOffsetsAreOnTheirGrid() {
    #expect(TemplateClass.digits.elasticOffsets.isEmpty)
    #expect(TemplateClass.capitals.elasticOffsets.isEmpty)
    let offsets = TemplateClass.small.elasticOffsets
    #expect(offsets.count == 21)
    for (name, offset) in offsets {
      #expect(TemplateClass.small.templateNames.contains(name))
      #expect(abs(offset) <= 0.3 && offset != 0)
      #expect(abs(offset * 20 - (offset * 20).rounded()) < 1e-9, "\(name) \(offset)")
    }
  }
}
