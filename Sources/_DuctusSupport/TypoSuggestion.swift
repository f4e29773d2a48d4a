/// The likely intended word for a misspelt option, value or command ("did you mean …?").
///
/// Uses the optimal-string-alignment distance: Levenshtein's insertions, deletions and
/// substitutions (Levenshtein, 1966) plus Damerau's transposition of neighbours (Damerau, 1964),
/// each costing 1, without editing a substring twice. Transpositions count once, so `--fromat`
/// is one edit from `--format`.
package enum TypoSuggestion {
  /// The candidate closest to `word`, when it is near enough to be a typo: at most two edits,
  /// and fewer than half the word's length (ties go to the earlier candidate).
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let limit = min(2, max(1, (word.count - 1) / 2))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(word, candidate)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance between two words, over Unicode characters.
  ///
  /// Complexity: O(*m*·*n*) time, O(*n*) memory in three rows.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var distance = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance = min(distance, beforePrevious[j - 2] + 1)
        }
        current[j] = distance
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
