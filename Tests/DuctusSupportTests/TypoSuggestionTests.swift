import DuctusTestSupport
import Testing

import _DuctusSupport

@Suite struct TypoSuggestionTests {
  @Test func knownDistances() {
    #expect(TypoSuggestion.editDistance("kitten", "sitting") == 3)
    #expect(TypoSuggestion.editDistance("fromat", "format") == 1)
    #expect(TypoSuggestion.editDistance("ca", "abc") == 3)  // OSA, not Damerau's unrestricted 2
    #expect(TypoSuggestion.editDistance("", "abc") == 3)
    #expect(TypoSuggestion.editDistance("abc", "") == 3)
    #expect(TypoSuggestion.editDistance("", "") == 0)
    #expect(TypoSuggestion.editDistance("é", "e") == 1)
  }

  @Test func distanceIsSymmetricAndZeroOnlyForEqualWords() {
    var generator = SplitMix64(seed: 42)
    let alphabet = Array("abcd-")
    for _ in 0..<300 {
      let a = String(
        (0..<Int(generator.next() % 7)).map { _ in alphabet[Int(generator.next() % 5)] })
      let b = String(
        (0..<Int(generator.next() % 7)).map { _ in alphabet[Int(generator.next() % 5)] })
      let distance = TypoSuggestion.editDistance(a, b)
      #expect(distance == TypoSuggestion.editDistance(b, a))
      #expect((distance == 0) == (a == b))
      #expect(distance <= max(a.count, b.count))
      #expect(distance >= abs(a.count - b.count))
    }
  }

  @Test func suggestsOnlyNearCandidates() {
    let names = ["--format", "--from", "--jobs"]
    #expect(TypoSuggestion.closest(to: "--fromat", among: names) == "--format")
    #expect(TypoSuggestion.closest(to: "--frm", among: names) == "--from")
    #expect(TypoSuggestion.closest(to: "--xyzzy", among: names) == nil)
    #expect(TypoSuggestion.closest(to: "ab", among: ["cd"]) == nil)
    #expect(TypoSuggestion.closest(to: "x", among: []) == nil)
  }
}
